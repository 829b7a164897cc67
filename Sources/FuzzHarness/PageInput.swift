import AlertsPlugin
import FlowsPlugin
@_spi(Testing) import SpecSiteKit
import StatusPlugin
import TokensPlugin

/// Fuzz input for the page pipeline: a small content folder, built in memory
/// with the four built-in plugins as `specsite build` builds it (front matter,
/// preprocess, parse, analyse, generate, render into the templates).
///
/// The input holds up to ``maxFiles`` files separated by the byte 0x1E (record
/// separator), so one input is usually one page. A file whose first line is a
/// markdown path (`.planning/phases/01-a/01-01-PLAN.md`) is that document,
/// from its second line on; a first line `specsite.yml` makes the rest the
/// site's settings; otherwise the whole file is the document `PAGE.md` (or
/// `PAGE-2.md`, … for later files). Letting the input name its files is what
/// reaches GSD plans, roadmaps and token pages.
public enum PageInput {
    /// Files past this many are ignored (a site of a few pages is enough to
    /// reach cross-page links, roadmaps and the status dashboard).
    public static let maxFiles = 8

    /// The content folder's display name in diagnostics.
    public static let contentRoot = "content"

    /// The plugins `specsite build` runs.
    static let plugins: [any Plugin] = [AlertsPlugin(), TokensPlugin(), FlowsPlugin(), StatusPlugin()]

    /// The built-in templates, parsed once.
    static let templates: SiteTemplates = {
        do {
            return try SiteTemplates.load(overrides: nil, displayRoot: "templates")
        } catch {
            fatalError("the built-in templates do not load: \(error)")
        }
    }()

    /// What one input built.
    public struct Outcome {
        /// The documents and settings the input held, by content path.
        public var documents: [String: [UInt8]]
        /// The built site's files, by path.
        public var site: [String: [UInt8]]
        /// Every warning and error reported.
        public var diagnostics: [Diagnostic]
    }

    /// The files of `bytes`, by content path (settings under `specsite.yml`).
    public static func files(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let parts = bytes.split(separator: 0x1E, maxSplits: maxFiles - 1, omittingEmptySubsequences: false)
        for (number, part) in parts.prefix(maxFiles).enumerated() {
            let newline = part.firstIndex(of: UInt8(ascii: "\n")) ?? part.endIndex
            let firstLine = String(decoding: part[..<newline], as: UTF8.self)
            let rest = Array(part[(newline == part.endIndex ? newline : newline + 1)...])
            let lower = firstLine.lowercased()
            if firstLine == "specsite.yml" {
                files[firstLine] = rest
            } else if firstLine.utf8.count <= 200, lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
                files[firstLine] = rest
            } else {
                files[number == 0 ? "PAGE.md" : "PAGE-\(number + 1).md"] = Array(part)
            }
        }
        return files
    }

    /// Builds `bytes` in memory. Traps when the build breaks a rule no input
    /// may break (a diagnostic on a line its file does not have), so the fuzzer
    /// reports it like a crash.
    @discardableResult
    public static func build(_ bytes: [UInt8]) -> Outcome {
        var documents = files(bytes)
        let log = DiagnosticLog()
        var config = SiteConfig()
        if let settings = documents.removeValue(forKey: "specsite.yml"),
            let text = String(validating: settings, as: UTF8.self)
        {
            do {
                config = try SiteConfig.parse(text, file: contentRoot + "/specsite.yml", diagnostics: log)
            } catch {
                log.report(error)
            }
        }
        let builder = Builder(
            options: BuildOptions(content: contentRoot, output: "", plugins: plugins), diagnostics: log)
        var site: [String: [UInt8]] = [:]
        do {
            site = try builder.build(documents: documents, config: config, templates: templates)
        } catch {
            log.report(error as? Diagnostic ?? Diagnostic(.error, file: contentRoot, "\(error)"))
        }
        let outcome = Outcome(documents: documents, site: site, diagnostics: log.all)
        checkLines(outcome)
        return outcome
    }

    /// Every diagnostic about a document names a line the document has (or none).
    static func checkLines(_ outcome: Outcome) {
        for diagnostic in outcome.diagnostics {
            guard let file = diagnostic.file, file.hasPrefix(contentRoot + "/"), let line = diagnostic.line,
                let bytes = outcome.documents[String(file.dropFirst(contentRoot.count + 1))]
            else { continue }
            let lines = lineCount(bytes)
            if line < 0 || line > lines {
                fatalError("\(diagnostic) names line \(line) of a file of \(lines) lines")
            }
        }
    }

    /// Lines of `bytes` as a reader counts them: LF, CRLF and a lone CR each end one.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var count = 1
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                count += 1
            } else if bytes[index] == UInt8(ascii: "\r") {
                count += 1
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            }
            index += 1
        }
        return count
    }
}
