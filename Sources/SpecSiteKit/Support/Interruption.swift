import Dispatch
import Foundation

/// What specsite does when it is told to stop (Ctrl-C, a CI job cancelled):
/// external plugins run in process groups of their own, which a terminal's
/// SIGINT does not reach, and the site is written into a staging folder; both
/// would be left behind by the default action of the signal.
public enum Interruption {
    /// Catches SIGINT, SIGTERM and SIGHUP: kills the process group of every
    /// external plugin still running, deletes the staging folder of a site
    /// being written (the previous site stays as it was), says so on stderr and
    /// exits with 128 + the signal's number (130, 143, 129), as a shell
    /// reports a process the signal killed. Call once, early; later calls do nothing.
    public static func install() {
        _ = sources
    }

    /// Whether a signal is being handled: the process is about to exit.
    public static var isStopping: Bool { lock.withLock { stopping } }

    /// Blocks the calling thread for good while a signal is being handled,
    /// so that it neither prints the errors of a build whose plugins were just
    /// killed nor exits before the staging folder is gone; the handler ends
    /// the process. Returns at once otherwise.
    public static func holdIfStopping() {
        guard isStopping else { return }
        while true { sleep(60) }
    }

    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var stopping = false

    /// The signal sources, made once; kept so they stay alive.
    nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = {
        // Any thread that ends the process while a signal is handled (the
        // main thread returning from a build that failed because its plugins
        // were killed) waits for the handler instead.
        atexit { Interruption.holdIfStopping() }
        let queue = DispatchQueue(label: "specsite.interruption")
        return [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")].map { signalNumber, name in
            // The default action would end the process at once; a dispatch
            // source sees the signal only when it is ignored.
            _ = signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { stop(signalNumber, name: name) }
            source.resume()
            return source
        }
    }()

    private static func stop(_ signalNumber: Int32, name: String) {
        lock.withLock { stopping = true }
        ProcessGroups.killAll()
        SiteWriter.abortAll()
        let message = "error: interrupted by \(name); external plugins stopped, nothing half-written left behind\n"
        FileHandle.standardError.write(Data(message.utf8))
        // `_exit`, not `exit`: the build's threads are still running, and
        // exit's clean-up (atexit handlers, static destructors) must not race them.
        _exit(128 + signalNumber)
    }
}
