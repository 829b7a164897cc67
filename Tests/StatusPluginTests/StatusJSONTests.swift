import Foundation
import Testing

@testable import SpecSiteKit
@testable import StatusPlugin

/// `status.json` is written by hand (``JSONValue``); it must stay what
/// `JSONEncoder` writes for the same ``StatusFile``, byte for byte.
@Suite("status.json as JSONEncoder writes it")
struct StatusJSONTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The report of a content folder, as a build makes it.
    static func report(of content: String) throws -> StatusReport {
        let builder = Builder(
            options: BuildOptions(content: content, output: content + "-unused-site", plugins: [StatusPlugin()]),
            diagnostics: DiagnosticLog())
        return StatusPlugin.report(for: try builder.load().site)
    }

    static func expectSameAsEncoder(_ report: StatusReport, _ what: String) {
        let written = StatusExport.json(report)
        let encoded = StatusExport.encode(StatusExport.file(report), snakeCase: true)
        #expect(report.entries.count > 0, "\(what) has no items")
        // Built in the order it is written, so no object is sorted on the way out.
        let inKeyOrder = StatusExport.file(report).json.isInKeyOrder
        #expect(inKeyOrder, "\(what): status.json is not built in key order")
        guard written != encoded else { return }
        let lines = Array(zip(written.split(separator: "\n"), encoded.split(separator: "\n")))
        let first = lines.firstIndex { $0.0 != $0.1 }
        let place = first.map { "line \($0 + 1): \(lines[$0].0) vs \(lines[$0].1)" } ?? "lengths differ"
        Issue.record("\(what): status.json differs from JSONEncoder's at \(place)")
    }

    @Test func theDefaultContent() throws {
        Self.expectSameAsEncoder(try Self.report(of: Self.repository + "/content"), "content/")
    }

    @Test(.enabled(if: hasCorpus, "no corpus at ../shared/corpus"))
    func theSharedCorpus() throws {
        Self.expectSameAsEncoder(try Self.report(of: corpusSeeds), "the shared corpus")
    }

    /// Each format's units, with their checklists, next tasks and archived
    /// ones, and a backlog's tasks: the objects only such folders write.
    @Test(arguments: ["spec-kit", "kiro", "openspec", "backlog-md"])
    func theFormatFixtures(_ format: String) throws {
        let folder = Self.repository + "/Tests/fixtures/plans/" + format
        let report = try Self.report(of: folder)
        #expect(!report.workUnits.isEmpty, "\(format) has no units")
        Self.expectSameAsEncoder(report, format)
    }

    /// Every optional field, escapes, a cycle, hints and missing dependencies.
    @Test func everyOptionalFieldAndEscape() throws {
        let built = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: First "quoted" \\ back\tslash ✅ COMPLETED
            **Estimate:** 2-3 hours · **Risk:** High · **Priority:** P0
            **Dependencies:** CHUNK-002, CHUNK-009
            **Completed:** 2026-01-02 · **Commits:** abc123

            ## CHUNK-002: Second 🚫 BLOCKED
            **Dependencies:** CHUNK-001
            Blocked: waiting on the API/keys

            - [x] one
            - [ ] two
            - [~] three

            """
        ])
        Self.expectSameAsEncoder(try Self.report(of: built.content), "a plan with every field")
    }
}
