import Foundation
import Testing

@testable import SpecSiteKit

/// `rules:` in the settings, as the log applies them.
@Suite struct DiagnosticRuleTests {
    func rules(_ yaml: String) throws -> RuleSettings {
        guard case .mapping(let entries) = try YAMLValue.parse(yaml), let entry = entries.first else {
            Issue.record("not a mapping")
            return RuleSettings()
        }
        return try RuleSettings.parse(entry.value, file: "specsite.yml", line: entry.line)
    }

    @Test func aRuleRaisesLowersOrSilencesWhatTheLogWasToldBeforeAndAfter() throws {
        let log = DiagnosticLog()
        log.warning("a.md", line: 3, rule: .brokenAnchor, "broken anchor '#x'")
        log.warning("a.md", line: 4, rule: .brokenLink, "broken link 'b.md'")
        log.warning("a.md", line: 5, rule: .missingImage, "broken image 'c.png'")
        #expect(log.errorCount == 0 && log.warningCount == 3)
        log.apply(try rules("rules:\n  broken-anchor: error\n  missing-image: off\n  broken-link: note\n"))
        log.warning("a.md", line: 9, rule: .brokenAnchor, "broken anchor '#y'")
        #expect(log.errorCount == 2 && log.warningCount == 0)
        #expect(log.all.map(\.severity) == [.error, .error])
        #expect(log.shown.map(\.line) == [3, 9])
        // A rule made a note is a note: printed with --verbose only.
        #expect(log.notes.isEmpty)
    }

    @Test func notesARuleRaisesAreKeptWithoutVerboseAndCounted() throws {
        let log = DiagnosticLog(keepsNotes: false)
        log.apply(try rules("rules:\n  flows: warning\n"))
        log.note("a.md", line: 2, rule: .flows, "arrows not drawn as a flow")
        log.note("a.md", line: 3, rule: .buildCache, "cache note")
        #expect(log.warningCount == 1)
        #expect(log.all.map(\.message) == ["arrows not drawn as a flow"])
        #expect(log.notes.isEmpty)
        let verbose = DiagnosticLog(keepsNotes: true)
        verbose.apply(try rules("rules:\n  broken-link: note\n"))
        verbose.warning("a.md", line: 4, rule: .brokenLink, "broken link 'b.md'")
        #expect(verbose.warningCount == 0)
        #expect(verbose.notes.map(\.severity) == [.note])
    }

    @Test func errorsAndUnruledDiagnosticsStayAsTheyAre() throws {
        let settings = try rules("rules:\n  settings: off\n")
        let error = Diagnostic(.error, file: "specsite.yml", line: 1, rule: .settings, "invalid YAML")
        #expect(settings.apply(to: error) == error)
        let warning = Diagnostic(.warning, file: "specsite.yml", line: 2, rule: .settings, "unknown setting")
        #expect(settings.apply(to: warning) == nil)
        let plain = Diagnostic(.warning, file: "a.md", "no rule")
        #expect(settings.apply(to: plain) == plain)
    }

    @Test func everyRuleInTheCatalogIsDescribedAndNamedInTheDocs() throws {
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/check.md", encoding: .utf8)
        for (rule, description) in DiagnosticRule.catalog {
            #expect(!description.isEmpty)
            #expect(docs.contains("| `\(rule.rawValue)` |"), "docs/check.md does not list \(rule.rawValue)")
        }
    }
}

/// The formats `specsite check` prints, on diagnostics no folder gives easily.
@Suite struct DiagnosticFormatTests {
    @Test func sarifLocatesEveryResultAndEncodesWhatAURICannotHold() throws {
        #expect(DiagnosticFormat.uri("a:b.md") == "a%3Ab.md")
        #expect(DiagnosticFormat.uri("odd name#1.md") == "odd%20name%231.md")
        #expect(DiagnosticFormat.uri("/abs/x.md") == "file:///abs/x.md")
        let whole = Diagnostic(.error, file: nil, rule: .settings, "--base-url must be a URL")
        let text = DiagnosticFormat.sarif.render([whole], root: "content")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "content")
        #expect(location?["region"] == nil)
    }

    @Test func githubAnnotationsShowControlCharactersAsEscapes() {
        let hostile = Diagnostic(
            .warning, file: "a\u{1B}.md", line: 2, rule: .brokenLink, "broken link 'a\u{1B}[31mred.md'")
        let line = DiagnosticFormat.github.render([hostile])
        #expect(!line.contains("\u{1B}"))
        #expect(line == "::warning file=a\\x1B.md,line=2,title=broken-link::broken link 'a\\x1B[31mred.md'\n")
    }

    @Test func levelsAreReadInAnyCase() throws {
        guard case .mapping(let entries) = try YAMLValue.parse("rules:\n  broken-link: ERROR\n  flows: Off\n"),
            let entry = entries.first
        else {
            Issue.record("not a mapping")
            return
        }
        let rules = try RuleSettings.parse(entry.value, file: "specsite.yml", line: entry.line)
        #expect(rules.levels == [.brokenLink: .error, .flows: .off])
    }
}
