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

    /// How many errors, warnings and notes were reported: more than the
    /// diagnostics printed when a message repeated in one file is kept at its
    /// first lines only.
    public struct Counts: Sendable, Equatable {
        /// Errors reported.
        public var errors: Int
        /// Warnings reported.
        public var warnings: Int
        /// Notes printed.
        public var notes: Int

        /// Counts as given.
        public init(errors: Int, warnings: Int, notes: Int) {
            (self.errors, self.warnings, self.notes) = (errors, warnings, notes)
        }

        /// The diagnostics of a list, counted.
        public init(of diagnostics: [Diagnostic]) {
            self.init(
                errors: diagnostics.count { $0.severity == .error },
                warnings: diagnostics.count { $0.severity == .warning },
                notes: diagnostics.count { $0.severity == .note })
        }
    }

    /// The text to print for `diagnostics`, in the order given; the JSON
    /// format also gives `counts` (those of the list when nil). SARIF places a
    /// diagnostic about the whole build at `root` (the content folder): code
    /// scanning refuses a result with no location.
    public func render(_ diagnostics: [Diagnostic], counts: Counts? = nil, root: String? = nil) -> String {
        switch self {
        case .gcc: diagnostics.map { Self.gccLine($0) + "\n" }.joined()
        case .github: diagnostics.map(Self.annotation).joined()
        case .json: Self.json(diagnostics, counts: counts ?? Counts(of: diagnostics))
        case .sarif: Self.sarif(diagnostics, root: root)
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
        // Control characters from the content (an ESC in a link) shown as
        // escapes, as on the terminal: a log viewer would run them.
        return GitHubAnnotation.line(
            level, file: diagnostic.file.map(TerminalText.escaped), line: diagnostic.line,
            title: diagnostic.rule?.rawValue, message: TerminalText.escaped(diagnostic.message))
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

    private static func json(_ diagnostics: [Diagnostic], counts: Counts) -> String {
        encoded(
            JSONReport(
                diagnostics: diagnostics.map {
                    .init(
                        file: $0.file, line: $0.line, severity: $0.severity.rawValue, rule: $0.rule?.rawValue,
                        message: $0.message)
                },
                errors: counts.errors, warnings: counts.warnings, notes: counts.notes))
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

    private static func sarif(_ diagnostics: [Diagnostic], root: String?) -> String {
        // Every rule of the catalog, so a service shows each one's description.
        let rules = DiagnosticRule.catalog.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let results = diagnostics.map { diagnostic in
            SARIFLog.Result(
                ruleId: diagnostic.rule?.rawValue, ruleIndex: diagnostic.rule.flatMap { index[$0] },
                level: diagnostic.severity.rawValue, message: .init(text: diagnostic.message),
                locations: (diagnostic.file ?? root).map { file in
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
    /// percent-encoded, and so is `:`, which in a first segment would read as
    /// a scheme (`a:b.md`).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";:")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
