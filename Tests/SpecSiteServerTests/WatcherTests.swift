import Foundation
import Testing

@testable import SpecSiteServer

/// Changes a watcher reported, from its thread.
final class Reported: @unchecked Sendable {
    // @unchecked: `changes` is only touched under `lock`.
    private let lock = NSLock()
    private var changes: [String?] = []
    func add(_ new: [String?]) { lock.withLock { changes += new } }
    var paths: Set<String> { lock.withLock { Set(changes.compactMap { $0 }) } }
    var everything: Bool { lock.withLock { changes.contains { $0 == nil } } }
    func clear() { lock.withLock { changes = [] } }
}

@Suite("Watching the content folder", .serialized)
struct WatcherTests {
    static let mechanisms: [Bool] = [false, true]

    @Test(arguments: mechanisms)
    func createModifyRenameDeleteAndNewFolders(polling: Bool) throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        space.write("docs/b.md", "# B\n")
        let reported = Reported()
        let targets = WatchTargets(content: space.content, output: space.output)
        let (watcher, fallback) = Watchers.start(targets, polling: polling) { reported.add($0) }
        defer { watcher.stop() }
        #expect(fallback == nil)
        #expect(watcher.mechanism == (polling ? "polling" : "inotify"))

        space.write("c.md", "# C\n")
        #expect(eventually { reported.paths.contains("c.md") }, "created")
        space.write("docs/b.md", "# B, changed\n")
        #expect(eventually { reported.paths.contains("docs/b.md") }, "modified")
        try FileManager.default.moveItem(atPath: space.content + "/a.md", toPath: space.content + "/a2.md")
        #expect(eventually { reported.paths.isSuperset(of: ["a.md", "a2.md"]) }, "renamed")
        try FileManager.default.removeItem(atPath: space.content + "/c.md")
        reported.clear()
        space.write("new/deeper/d.md", "# D\n")
        #expect(eventually { reported.paths.contains("new/deeper/d.md") }, "a file in a new folder")
        space.write("new/deeper/e.md", "# E\n")
        #expect(eventually { reported.paths.contains("new/deeper/e.md") }, "the new folder is watched")
    }

    @Test(arguments: mechanisms)
    func noiseIsIgnored(polling: Bool) throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        let reported = Reported()
        let targets = WatchTargets(content: space.content, output: space.output)
        let (watcher, _) = Watchers.start(targets, polling: polling) { reported.add($0) }
        defer { watcher.stop() }
        space.write(".a.md.swp", "swap")
        space.write("a.md~", "backup")
        space.write("4913", "")
        space.write(".git/index", "git")
        space.write("z.md", "# Z\n")
        #expect(eventually { reported.paths.contains("z.md") })
        usleep(400_000)
        #expect(reported.paths.allSatisfy { !$0.contains("swp") && !$0.hasSuffix("~") && $0 != "4913" })
        #expect(!reported.paths.contains { $0.hasPrefix(".git") })
    }

    @Test func ignoreRules() {
        for path in [
            ".git/HEAD", "docs/.PRD.md.swp", "PRD.md~", "4913", ".#PRD.md", "#PRD.md#", "x.md___jb_tmp___",
            ".dat.nosync1A8E.I9UGck",
        ] {
            #expect(WatchTargets.ignores(path), "\(path)")
        }
        for path in ["PRD.md", "templates/page.mustache", "specsite.yml", ".planning/ROADMAP.md"] {
            #expect(!WatchTargets.ignores(path), "\(path)")
        }
    }

    @Test func theContentFolderDeletedAndBackIsEverything() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        let reported = Reported()
        let targets = WatchTargets(content: space.content, output: space.output)
        let (watcher, _) = Watchers.start(targets) { reported.add($0) }
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: space.content)
        #expect(eventually { reported.everything }, "the folder went")
        reported.clear()
        space.write("b.md", "# B\n")
        #expect(eventually { reported.everything }, "the folder is back")
        reported.clear()
        space.write("c.md", "# C\n")
        #expect(eventually { reported.paths.contains("c.md") }, "and watched again")
    }

    @Test func aSettingsFileOutsideTheContentIsWatched() {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        let config = space.root + "/settings.yml"
        space.write(config, "title: One\n")
        let reported = Reported()
        let targets = WatchTargets(content: space.content, files: [config], output: space.output)
        let (watcher, _) = Watchers.start(targets) { reported.add($0) }
        defer { watcher.stop() }
        space.write(space.root + "/other.txt", "not watched")
        space.write(config, "title: Two\n")
        #expect(eventually { reported.paths.contains(config) })
        #expect(!reported.paths.contains { $0.hasSuffix("other.txt") })
    }

    @Test func nothingIsReportedAfterStop() {
        let space = Workspace()
        defer { space.remove() }
        let reported = Reported()
        let (watcher, _) = Watchers.start(WatchTargets(content: space.content, output: space.output)) {
            reported.add($0)
        }
        watcher.stop()
        space.write("late.md", "# Late\n")
        usleep(300_000)
        #expect(reported.paths.isEmpty)
    }
}
