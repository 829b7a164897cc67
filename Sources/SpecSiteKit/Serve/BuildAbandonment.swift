/// What `specsite serve` does to a build still running when it is told to
/// stop: the same clean-up ``Interruption`` does before it exits, without
/// exiting, so the server and the watcher can be stopped first and the
/// process can end with its own status.
public enum BuildAbandonment {
    /// Kills the process group of every external plugin still running and
    /// deletes the staging folder of a site being written (the previous site
    /// stays in place). Later builds of this process are refused their
    /// plugins and writes, so call it only on the way out.
    public static func abandonRunningBuilds() {
        ProcessGroups.killAll()
        SiteWriter.abortAll()
    }
}
