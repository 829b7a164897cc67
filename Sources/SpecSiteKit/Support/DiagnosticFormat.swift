import Foundation

/// How `specsite check` prints what it found.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `path:line: severity: message [rule]`, one per line, as compilers print
    /// (editors and CI log viewers link them to the file).
    case gcc
    /// GitHub Actions workflow commands, which annotate a pull request's diff.
    case github
    /// One JSON object: the diagnostics and their counts.
    case json
    /// SARIF 2.1.0, for code-scanning services (GitHub's `upload-sarif`).
    case sarif

    /// The text to print for `diagnostics`, in the order given.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .gcc: diagnostics.map { Self.gccLine($0) + "\n" }.joined()
        case .github: diagnostics.map(Self.annotation).joined()
        case .json: Self.json(diagnostics)
        case .sarif: Self.sarif(diagnostics)
        }
    }

    /// `path:line: warning: message [rule]`, with control characters shown as
    /// escapes, as ``Diagnostic/description`` shows them.
    public static func gccLine(_ diagnostic: Diagnostic) -> String {
        guard let rule = diagnostic.rule else { return diagnostic.description }
        return diagnostic.description + TerminalText.escaped(" [\(rule.rawValue)]")
    }

    private static func annotation(_ diagnostic: Diagnostic) -> String {
        let level: GitHubAnnotation.Level =
            switch diagnostic.severity {
            case .error: .error
            case .warning: .warning
            case .note: .notice
            }
        return GitHubAnnotation.line(
            level, file: diagnostic.file, line: diagnostic.line, title: diagnostic.rule?.rawValue,
            message: diagnostic.message)
    }

    /// Keys sorted and no escaped slashes, so the same diagnostics give the same bytes.
    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct JSONReport: Encodable {
        struct Entry: Encodable {
            var file: String?
            var line: Int?
            var severity: String
            var rule: String?
            var message: String
        }
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
        var notes: Int
    }

    private static func json(_ diagnostics: [Diagnostic]) -> String {
        func count(_ severity: Diagnostic.Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }
        return encoded(
            JSONReport(
                diagnostics: diagnostics.map {
                    .init(
                        file: $0.file, line: $0.line, severity: $0.severity.rawValue, rule: $0.rule?.rawValue,
                        message: $0.message)
                },
                errors: count(.error), warnings: count(.warning), notes: count(.note)))
    }

    // SARIF 2.1.0 (OASIS): the parts code-scanning services read.
    private struct SARIFLog: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }

        struct Run: Encodable {
            var tool: Tool
            var results: [Result]
        }
        struct Tool: Encodable { var driver: Driver }
        struct Driver: Encodable {
            var name = "specsite"
            var version = specsiteVersion
            var rules: [Rule]
        }
        struct Rule: Encodable {
            var id: String
            var shortDescription: Text
        }
        struct Text: Encodable { var text: String }
        struct Result: Encodable {
            var ruleId: String?
            var ruleIndex: Int?
            var level: String
            var message: Text
            var locations: [Location]
        }
        struct Location: Encodable { var physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region?
        }
        struct ArtifactLocation: Encodable { var uri: String }
        struct Region: Encodable { var startLine: Int }
    }

    private static func sarif(_ diagnostics: [Diagnostic]) -> String {
        // Every rule of the catalog, so a service shows each one's description.
        let rules = DiagnosticRule.catalog.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let results = diagnostics.map { diagnostic in
            SARIFLog.Result(
                ruleId: diagnostic.rule?.rawValue, ruleIndex: diagnostic.rule.flatMap { index[$0] },
                level: diagnostic.severity.rawValue, message: .init(text: diagnostic.message),
                locations: diagnostic.file.map { file in
                    [
                        .init(
                            physicalLocation: .init(
                                artifactLocation: .init(uri: uri(file)),
                                region: diagnostic.line.map { .init(startLine: $0) }))
                    ]
                } ?? [])
        }
        let driver = SARIFLog.Driver(
            rules: rules.map { .init(id: $0.rawValue, shortDescription: .init(text: DiagnosticRule.catalog[$0]!)) })
        return encoded(SARIFLog(runs: [.init(tool: .init(driver: driver), results: results)]))
    }

    /// A path as a URI reference: relative paths stay relative (a service
    /// resolves them against the checkout), characters a URI cannot hold are
    /// percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
