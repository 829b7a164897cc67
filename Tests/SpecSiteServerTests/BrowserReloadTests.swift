import Foundation
import Testing

@testable import SpecSiteServer

/// Debian's Chromium, if installed.
private let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// The browser driver the other browser tests use (`Tests/browser/cdp.py`).
private let driver: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return url.path + "/browser/cdp.py"
}()

@Suite("Reloading in a browser", .serialized, .enabled(if: chromium != nil))
struct BrowserReloadTests {
    /// A page scrolled down, then its source edited: the page reloads by
    /// itself, shows the edit, and is where it was.
    @Test func aReloadKeepsTheScrollPosition() async throws {
        let space = Workspace()
        defer { space.remove() }
        let paragraphs = (1...200).map { "Paragraph \($0) of a long spec, long enough to scroll well past the fold." }
        space.write("index.md", "# Long\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
        let serving = try await Serving(space)
        defer { Task { await serving.server.stop() } }

        let page = "http://127.0.0.1:\(serving.port)/"
        let wait = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
        // A second websocket is the page's signal that it has scrolled: the
        // test edits only then, so the reload cannot come first.
        let scroll = """
            (async () => { window.scrollTo(0, 1500); await \(wait);
              new WebSocket("ws://" + location.host + "\(ReloadScript.socketPath)"); return window.scrollY; })()
            """
        // Pending until the reload replaces the page (or at once, if it already has).
        let untilReload = """
            new Promise(done => { if (performance.getEntriesByType("navigation")[0].type === "reload") done("reloaded"); })
            """
        let after = """
            (async () => {
              const ready = () => document.readyState === "complete" && document.body.textContent.includes("EDITED");
              for (let i = 0; i < 400 && !ready(); i++) await new Promise(done => setTimeout(done, 50));
              await \(wait);
              return {y: window.scrollY, edited: ready(), navigation: performance.getEntriesByType("navigation")[0].type,
                saved: sessionStorage.getItem("specsite-scroll:" + location.pathname)};
            })()
            """
        let job: [String: Any] = [
            "command": "visit", "timeout": 150,
            "visits": [
                [
                    "url": page, "width": 1000, "height": 700,
                    "actions": [
                        ["evaluate": scroll], ["evaluate": untilReload], ["evaluate": after], ["evaluate": after],
                    ],
                ]
            ],
        ]
        let jobFile = space.root + "/job.json"
        let resultFile = space.root + "/result.json"
        try JSONSerialization.data(withJSONObject: job).write(to: URL(fileURLWithPath: jobFile))
        _ = FileManager.default.createFile(atPath: resultFile, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver, "--timeout", "150", "--chromium", chromium!]
        process.standardInput = FileHandle(forReadingAtPath: jobFile)
        process.standardOutput = FileHandle(forWritingAtPath: resultFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The page's own websocket, then the one that says it has scrolled.
        let channel = serving.server.channel
        #expect(await eventually(120) { channel.connectionCount >= 2 || !process.isRunning })
        space.write("index.md", "# Long\n\nEDITED\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
        #expect(await eventually(150) { !process.isRunning })

        let output = try Data(contentsOf: URL(fileURLWithPath: resultFile))
        let result = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let visit = try #require((result["visits"] as? [[String: Any]])?.first, "\(result)")
        let steps = visit["steps"] as? [[String: Any]] ?? []
        #expect(steps.first?["value"] as? Double == 1500, "scrolled before the edit: \(steps)")
        let values = steps.dropFirst(2).compactMap { $0["value"] as? [String: Any] }
        let last = try #require(values.last, "\(steps)")
        #expect(last["edited"] as? Bool == true, "the new page is shown: \(steps)")
        #expect(last["navigation"] as? String == "reload")
        #expect(last["y"] as? Double == 1500, "at the same place: \(steps)")
        #expect(last["saved"] is NSNull, "the saved position is used once")
        // A site without a favicon makes the browser's own request for one a 404.
        let messages = (visit["consoleMessages"] as? [[String: Any]] ?? []).filter {
            ($0["url"] as? String)?.hasSuffix("/favicon.ico") != true
        }
        #expect(messages.isEmpty, "\(messages)")
    }
}
