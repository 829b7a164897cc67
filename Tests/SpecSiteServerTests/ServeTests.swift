import Foundation
import SpecSiteKit
import Testing

@testable import SpecSiteServer

/// Lines a server printed.
final class Printed: @unchecked Sendable {
    // @unchecked: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// A `DevServer` on a free loopback port over a workspace.
struct Serving {
    let space: Workspace
    let server: DevServer
    let printed = Printed()
    var port: UInt16 { server.port }

    init(_ space: Workspace, polling: Bool = false, quiet: Double = 0.075) async throws {
        self.space = space
        let printed = self.printed
        server = DevServer(
            options: DevServer.Options(
                build: BuildOptions(content: space.content, output: space.output), host: "127.0.0.1", port: 0,
                polling: polling, quiet: quiet),
            log: { printed.add($0) })
        try await server.start()
    }

    /// Whether the page at `path` comes to contain `text`.
    func page(_ path: String, contains text: String) async -> Bool {
        let port = self.port
        return await eventually { get(path, port: port)?.text.contains(text) == true }
    }
}

@Suite("specsite serve, end to end", .serialized)
struct ServeTests {
    @Test func anEditReloadsThePageAndTheNewPageIsServed() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n\nSee [the PRD](PRD.md).\n")
        space.write("PRD.md", "# PRD\n\nThe first version.\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }

        let first = try #require(await fetch("/PRD.html", port: serving.port))
        #expect(first.status == 200)
        #expect(first.text.contains("The first version."))
        #expect(first.text.contains(ReloadScript.tag))
        let onDisk = try String(contentsOfFile: space.output + "/PRD.html", encoding: .utf8)
        #expect(!onDisk.contains(ReloadScript.path), "the built site has no reload script")

        let client = try #require(await ReloadClient.connect(port: serving.port))
        #expect(await client.message()?.type == "hello")
        space.write("PRD.md", "# PRD\n\nThe second version.\n")
        #expect(await client.message(ofType: "reload") != nil)
        let second = try #require(await fetch("/PRD.html", port: serving.port))
        #expect(second.text.contains("The second version."), "the reload comes after the new site is in place")
        #expect(
            serving.printed.all.contains { $0.hasPrefix("Rebuilt after 1 change (PRD.md) in ") },
            "\(serving.printed.all)")
    }

    @Test func aBrokenTemplateShowsTheOverlayAndItsFixReloads() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n\nThe good page.\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }
        let client = try #require(await ReloadClient.connect(port: serving.port))

        space.write("templates/page.mustache", "line one\n{{#open}}\nnever closed\n")
        let error = try #require(await client.message(ofType: "error"))
        let lines = error.lines
        #expect(lines.contains { $0.contains("templates/page.mustache:") && $0.contains("template syntax error") })
        // The last good site is still served.
        #expect(await fetch("/", port: serving.port)?.text.contains("The good page.") == true)
        #expect(
            serving.printed.all.contains {
                $0.hasPrefix("Build failed after ") && $0.contains("templates/page.mustache")
                    && $0.contains(": 1 error (shown in the browser)")
            },
            "\(serving.printed.all)")

        // A page opened now gets the error at once.
        let late = try #require(await ReloadClient.connect(port: serving.port))
        #expect(await late.message()?.type == "hello")
        #expect(await late.message()?.type == "error")

        space.write("templates/page.mustache", "{{<layout}}\n{{/layout}}\n")
        #expect(await client.message(ofType: "reload") != nil)
        #expect(await fetch("/", port: serving.port)?.text.contains("The good page.") == true)
    }

    @Test func traversalAndSymlinksOutAre404OverTheWire() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n")
        space.write(space.root + "/secret.txt", "root:x:0:0")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }
        // A link the builder never writes, put there by someone else.
        try FileManager.default.createSymbolicLink(
            atPath: space.output + "/out.txt", withDestinationPath: space.root + "/secret.txt")
        for target in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e%2fsecret.txt", "/out.txt",
            "/..%2fsecret.txt", "/.specsite-build",
        ] {
            let response = try #require(await fetch(target, port: serving.port), "\(target)")
            #expect(response.status == 404, "\(target)")
            #expect(!response.text.contains("root:"), "\(target)")
        }
    }

    @Test func aBurstOfChangesIsOneRebuild() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n")
        // A quiet time longer than the default: a loaded machine may pause a
        // writer for more than 75 ms, which would rightly end the burst.
        let serving = try await Serving(space, quiet: 0.4)
        defer { Task { await serving.server.stop() } }
        let client = try #require(await ReloadClient.connect(port: serving.port))
        _ = await client.message()
        let builds = serving.server.buildCount
        // An agent rewriting 30 files, as fast as it can.
        await offPool { for index in 0..<30 { space.write("page-\(index).md", "# Page \(index)\n") } }
        #expect(await client.message(ofType: "reload") != nil)
        let port = serving.port
        #expect(await eventually { get("/page-29.html", port: port)?.status == 200 })
        // The cap (1 s) may split a burst that took longer; never one build per file.
        #expect(serving.server.buildCount - builds <= 2)
        let rebuilt = serving.printed.all.filter { $0.hasPrefix("Rebuilt after ") }
        let counted = rebuilt.compactMap { Int($0.dropFirst("Rebuilt after ".count).prefix { $0.isNumber }) }
        #expect(counted.reduce(0, +) == 30, "\(rebuilt)")
    }

    @Test func aDeletedContentFolderKeepsTheLastSiteServed() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n\nStill here.\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }
        let client = try #require(await ReloadClient.connect(port: serving.port))
        try FileManager.default.removeItem(atPath: space.content)
        #expect(await client.message(ofType: "error") != nil)
        #expect(await fetch("/", port: serving.port)?.text.contains("Still here.") == true)
        space.write("index.md", "# Home\n\nBack again.\n")
        #expect(await serving.page("/", contains: "Back again."))
    }

    @Test func aSecondServerOnTheSameOutputIsRefused() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n")
        let serving = try await Serving(space)
        let second = DevServer(
            options: DevServer.Options(
                build: BuildOptions(content: space.content, output: space.output), port: 0),
            log: { _ in })
        await #expect(throws: ServeError.self) { try await second.start() }
        do {
            try await second.start()
        } catch let error as ServeError {
            #expect(error.description.contains("pid \(getpid())"))
            #expect(error.description.contains(".site.specsite-serve.lock"))
        }
        await serving.server.stop()
        // Once the first has stopped, the lock is free again.
        let third = DevServer(
            options: DevServer.Options(build: BuildOptions(content: space.content, output: space.output), port: 0),
            log: { _ in })
        try await third.start()
        await third.stop()
    }

    @Test func aPortInUseSaysWhichAndSuggestsAnother() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }
        let other = Workspace()
        defer { other.remove() }
        other.write("index.md", "# Other\n")
        let second = DevServer(
            options: DevServer.Options(
                build: BuildOptions(content: other.content, output: other.output), port: serving.port),
            log: { _ in })
        do {
            try await second.start()
            Issue.record("a second server started on a port in use")
        } catch let error as ServeError {
            guard case .portInUse(let host, let port, let suggestion) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(port == serving.port)
            #expect(suggestion != nil && suggestion != serving.port)
            #expect(
                error.description.hasPrefix(
                    "port \(serving.port) on 127.0.0.1 is in use (another server?); try --port "))
        }
        // The failed start left no lock behind.
        #expect(!FileManager.default.fileExists(atPath: other.root + "/.site.specsite-serve.lock"))
    }
}

@Suite("specsite serve under churn", .serialized)
struct ServeChurnTests {
    /// Files rewritten, deleted and renamed while builds run, and pages read
    /// all the while: every page served is whole, one version of it, and once
    /// the churn stops the last version is served.
    @Test func pagesServedDuringRebuildsAreWholeAndTheLastVersionWins() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n\nversion-0-end\n")
        space.write("other.md", "# Other\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }
        let port = serving.port
        let churn = Thread {
            for version in 1...40 {
                space.write(
                    "index.md", "# Home\n\n" + String(repeating: "filler ", count: 2000) + "version-\(version)-end\n")
                if version % 3 == 0 { try? FileManager.default.removeItem(atPath: space.content + "/other.md") }
                if version % 3 == 1 { space.write("other.md", "# Other \(version)\n") }
                if version % 5 == 0 {
                    try? FileManager.default.moveItem(
                        atPath: space.content + "/other.md", toPath: space.content + "/moved.md")
                }
                usleep(30_000)
            }
            space.write("index.md", "# Home\n\nversion-final-end\n")
        }
        churn.start()
        let problems = await offPool { () -> [String] in
            var problems: [String] = []
            let deadline = Date().addingTimeInterval(60)
            var reads = 0
            while Date() < deadline, reads < 400 {
                reads += 1
                guard let response = get("/", port: port) else {
                    problems.append("no response")
                    continue
                }
                // The page names its version twice (its description, its text): one version, both times.
                let versions = Set(
                    response.text.components(separatedBy: "version-").dropFirst().map { $0.prefix { $0 != "-" } })
                if response.status != 200 || !response.text.contains("</html>") || versions.count != 1 {
                    problems.append("status \(response.status), \(response.body.count) bytes, versions \(versions)")
                }
                if response.text.contains("version-final-end") { break }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(await serving.page("/", contains: "version-final-end"))
    }

    /// 10,000 change events at once (one file rewritten 10,000 times) come
    /// to a few rebuilds, not thousands, and the last write is what is served.
    @Test func tenThousandEventsAreAFewRebuilds() async throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("index.md", "# Home\n\nstart\n")
        // As in the burst test, a quiet time that a stalled writer on a loaded
        // machine does not reach between two writes.
        let serving = try await Serving(space, quiet: 0.5)
        defer { Task { await serving.server.stop() } }
        let before = serving.server.buildCount
        let path = space.content + "/index.md"
        let seconds = await offPool { () -> Double in
            let started = Date()
            for index in 1...10_000 {
                try? Data("# Home\n\nwrite \(index) done\n".utf8).write(to: URL(fileURLWithPath: path))
            }
            return Date().timeIntervalSince(started)
        }
        #expect(await serving.page("/", contains: "write 10000 done"))
        try await Task.sleep(nanoseconds: 500_000_000)
        let builds = serving.server.buildCount - before
        // A stream of events is cut into a batch a second (the cap) at most:
        // the bound follows from how long the writes took, however loaded the machine.
        #expect(builds >= 1 && Double(builds) <= seconds.rounded(.up) + 3, "\(builds) builds in \(seconds) s")
    }
}
