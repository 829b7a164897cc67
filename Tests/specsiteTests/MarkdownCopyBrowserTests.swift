import Foundation
import Testing

/// "Copy as Markdown" as a reader uses it, in headless Chromium: over HTTP it
/// puts the page's markdown copy on the clipboard; opened from disk, where a
/// page may not read another file, it opens the copy.
@Suite("Markdown copies in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct MarkdownCopyBrowserTests {
    let browser = BrowserTests()

    /// What the page shows of the button, and what the clipboard was given
    /// (the system clipboard is replaced by a recorder: a headless browser
    /// has none to read back).
    static let recordClipboard = """
        (() => {
          window.__copied = null;
          Object.defineProperty(navigator.clipboard, "writeText", {
            value: (text) => { window.__copied = text; return Promise.resolve(); }
          });
          const button = document.querySelector("button.copy-markdown");
          return { hidden: button.hidden, label: button.textContent };
        })()
        """

    @Test func overHTTPTheButtonCopiesThePagesMarkdown() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try browser.build(CommandLineTests.repository + "/content", into: folder + "/site")
        let copy = try String(contentsOfFile: folder + "/site/planning/ROADMAP.md", encoding: .utf8)
        let server = try StaticServer(root: folder + "/site")
        defer { server.stop() }
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: "http://127.0.0.1:\(server.port)/planning/ROADMAP.html",
                screenshot: browser.screenshot("markdown-copy-http"),
                actions: [
                    .evaluate(Self.recordClipboard), .click("button.copy-markdown"), .wait(300),
                    .evaluate(
                        "({ copied: window.__copied, label: document.querySelector('button.copy-markdown').textContent })"
                    ),
                ])
        ])
        var result = try #require(results.first)
        // A server asks for /favicon.ico, which a site need not have.
        result.consoleMessages.removeAll { $0.url.hasSuffix("/favicon.ico") }
        browser.expectClean(result, "ROADMAP over HTTP")
        let steps = result.steps.map(\.value)
        try #require(steps.count == 4, "\(steps)")
        #expect(steps[0]["hidden"].bool == false, "the script shows the button")
        #expect(steps[0]["label"].string == "Copy as Markdown")
        #expect(steps[3]["copied"].string == copy, "the clipboard gets the copy, whole")
        #expect(steps[3]["label"].string == "Copied")
    }

    @Test func fromDiskTheButtonOpensTheCopy() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try browser.build(CommandLineTests.repository + "/content", into: folder + "/site")
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/PRD.html"),
                actions: [
                    .click("button.copy-markdown"),
                    .evaluate("({ url: location.href, text: document.body.innerText.slice(0, 40) })"),
                ])
        ])
        let result = try #require(results.first)
        #expect(result.error == nil, "\(result.error ?? "")")
        let opened = try #require(result.steps.last?.value)
        #expect(opened["url"].string?.hasSuffix("/site/PRD.md") == true, "\(opened)")
        #expect(opened["text"].string?.hasPrefix("# Tidepool — Product Requirements") == true, "\(opened)")
    }
}

/// Python's `http.server` over a folder, on a free port of 127.0.0.1, for
/// pages that must be served (a page from `file://` may not fetch).
final class StaticServer {
    let port: Int
    private let process: Process

    init(root: String) throws {
        var found = 0
        // A port the kernel picks, released just before the server binds it.
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(probe, $0, length)
                _ = getsockname(probe, $0, &length)
            }
        }
        found = Int(UInt16(bigEndian: address.sin_port))
        close(probe)
        port = found
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", "\(found)", "--bind", "127.0.0.1", "--directory", root]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when it accepts a connection (a few seconds at most).
        for _ in 0..<100 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var target = address
            let connected = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(client)
            if connected == 0 { return }
            usleep(50_000)
        }
        stop()
        throw BrowserDriver.Failure(description: "http.server did not start on port \(found)")
    }

    /// SIGKILL: the test runner's threads block SIGTERM, and its children inherit the mask.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
