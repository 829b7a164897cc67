import Foundation
import Testing

/// Debian's Chromium, if installed.
let chromiumPath: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Opens built pages in headless Chromium (Debian's `chromium`, which
/// `make test` installs) from `file://`, as a reader would, and checks what the
/// browser made of them. Screenshots are kept in `.build/screenshots/` to look at.
@Suite("Pages in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct BrowserTests {

    static let screenshots = CommandLineTests.repository + "/.build/screenshots"

    struct BrowserRun {
        var output: String
        var log: String
    }

    /// Runs Chromium on `url` with `arguments`, stopping it after 60 s.
    func chromium(_ arguments: [String], url: String) throws -> BrowserRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromiumPath!)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0", "--allow-file-access-from-files",
            ] + arguments + [url]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = DispatchTime.now() + 60
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let log = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BrowserRun(output: String(decoding: output, as: UTF8.self), log: String(decoding: log, as: UTF8.self))
    }

    /// Lines where the page itself complained (script errors, failed loads).
    func consoleErrors(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter {
            $0.contains(":CONSOLE(") || $0.contains("Uncaught") || $0.contains("net::ERR_FILE_NOT_FOUND")
        }
    }

    func build(_ content: String, into folder: String) throws {
        let result = try CommandLineTests().run(["build", content, "--output", folder])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theDefaultSiteReadsWellInABrowser() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)

        let prdURL = "file://" + folder + "/site/PRD.html"
        let dom = try chromium(["--dump-dom"], url: prdURL)
        #expect(consoleErrors(dom.log).isEmpty, "\(consoleErrors(dom.log))")
        #expect(dom.output.contains("<title>Tidepool — Product Requirements · Tidepool Spec</title>"))
        #expect(dom.output.contains("<a aria-current=\"page\" href=\"PRD.html\">"), "the nav marks the current page")
        #expect(dom.output.contains("class=\"markdown-alert markdown-alert-warning\""), "alerts are callouts")
        #expect(dom.output.contains("<a href=\"ARCHITECTURE.html#data-model\">"), "links point at built pages")
        #expect(dom.output.contains("<section class=\"footnotes\" data-footnotes=\"\">"))

        for (name, width) in [("prd-1280", 1280), ("prd-390", 390)] {
            let path = Self.screenshots + "/\(name).png"
            try? FileManager.default.removeItem(atPath: path)
            let shot = try chromium(["--screenshot=\(path)", "--window-size=\(width),900"], url: prdURL)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 20_000, "a screenshot with content was written (\(size) bytes): \(shot.log.suffix(500))")
        }

        let home = try chromium(["--dump-dom"], url: "file://" + folder + "/site/index.html")
        #expect(consoleErrors(home.log).isEmpty)
        for document in ["PRD.html", "UX_SPEC.html", "planning/ROADMAP.html"] {
            #expect(home.output.contains("href=\"\(document)\""), "home lists \(document)")
        }
        let roadmap = try chromium(["--dump-dom"], url: "file://" + folder + "/site/planning/ROADMAP.html")
        #expect(roadmap.output.contains("href=\"../assets/specsite.css\""), "pages in folders reach the shared CSS")
        #expect(consoleErrors(roadmap.log).isEmpty, "\(consoleErrors(roadmap.log))")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: CommandLineTests.corpus)))
    func theCorpusRendersWithoutScriptOrConsoleErrors() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.corpus, into: folder + "/site")
        let url = "file://" + folder + "/site/ONBOARDING_IMPLEMENTATION_PLAN.html"
        let dom = try chromium(["--dump-dom"], url: url)
        #expect(consoleErrors(dom.log).isEmpty, "\(consoleErrors(dom.log))")
        #expect(dom.output.contains("<h2 id=\"chunk-001-create-color-constants-file\">"))
        #expect(dom.output.contains("<table>"))
        let path = Self.screenshots + "/corpus-onboarding-1280.png"
        try? FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        _ = try chromium(["--screenshot=\(path)", "--window-size=1280,900"], url: url)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
