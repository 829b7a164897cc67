import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Broken plans: warnings at the right line, a report that still stands, never a crash.
struct BadInputTests {
    /// The byte test before the search for "status" lets through every line Foundation's
    /// case-insensitive search would find it in.
    @Test func theStatusWordIsFoundAsFoundationFindsIt() {
        let texts = [
            "", "status", "STATUS", "**Status**: done", "sTaTuS", "ſtatus", "statuß", "Statut", "stat us", "tatu",
            "tatatus", "État: ✅", "Ｓｔａｔｕｓ", "st\u{0301}atus", "Project Status ✅", "no word here",
        ]
        for text in texts {
            #expect(
                PlanReader.mentionsStatus(text) == (text.range(of: "status", options: .caseInsensitive) != nil),
                "\(text)")
        }
    }

    /// A document named like the plugin's own page (`status.md` beside the Status page) stops the
    /// build with an error at that document that says how to keep both; with the page turned off,
    /// the document is the site's `status.html`.
    @Test func aDocumentNamedLikeThePluginsPageIsAnErrorAtThatDocument() throws {
        let plan = "# Status\n\n- [x] Colours\n- [ ] Fonts\n"
        let site = try BuiltSite(["status.md": plan, "README.md": "# Home\n"])
        defer { site.remove() }
        let log = DiagnosticLog()
        let options = BuildOptions(content: site.content, output: site.output, plugins: [StatusPlugin()])
        #expect(throws: BuildFailure.self) { try Builder(options: options, diagnostics: log).build() }
        let errors = log.all.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.file == site.content + "/status.md")
        #expect(
            errors.first?.message
                == "builds to 'status.html', where plugin 'status' writes its Status page; rename the document, "
                + "or turn that page off (`page: false` in the `plugins: status:` settings of specsite.yml)")
        #expect(!site.exists("status.html"))

        try Data("plugins:\n  status:\n    page: false\n".utf8).write(
            to: URL(fileURLWithPath: site.content + "/specsite.yml"))
        _ = try site.build()
        #expect(try site.text("status.html").contains("Colours"))
    }

    @Test func unknownStatusWordsAreKeptAsUnknownWithAWarning() throws {
        let (fact, warnings) = read(
            try page(
                """
                # Plan

                ## CHUNK-001: Colours

                **Status**: Mostly vibes
                """))
        #expect(fact.items.map(\.status) == [.unknown])
        #expect(warnings.map(\.line) == [5])
        #expect(warnings.first?.message.contains("unknown status 'Mostly vibes' for CHUNK-001") == true)
    }

    @Test func missingDependenciesDuplicatesAndCyclesAreWarnedAboutWithTheirLines() throws {
        let plan = try page(
            """
            # Plan

            ## CHUNK-001: A
            **Dependencies**: CHUNK-003

            ## CHUNK-002: B
            **Dependencies**: CHUNK-001, CHUNK-099

            ## CHUNK-003: C
            **Dependencies**: CHUNK-002

            ## CHUNK-003: C again
            """)
        let (fact, readWarnings) = read(plan)
        #expect(fact.items.count == 4)
        #expect(readWarnings.map(\.line) == [12])
        #expect(readWarnings.first?.message.contains("two items have the id CHUNK-003") == true)
        let status = report([plan])
        let messages = status.warnings.map { "\($0.line): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("7: CHUNK-002 depends on CHUNK-099, but no chunk CHUNK-099") })
        #expect(messages.contains { $0.contains("dependency cycle: CHUNK-001 → CHUNK-003 → CHUNK-002 → CHUNK-001") })
        #expect(status.entries.filter(\.inCycle).count == 3)
        // Only the second CHUNK-003, which depends on nothing, can start.
        #expect(status.entries.filter(\.isReady).map(\.item.key) == ["PLAN.md#CHUNK-003@12"])
    }

    @Test func aPlanOf5000ChunksIsReadAndReported() throws {
        var text = "# Big plan\n"
        for number in 1...5000 {
            text += "\n## CHUNK-\(number): Step \(number)\(number % 3 == 0 ? " ✅ COMPLETED" : "")\n"
            text +=
                "**Dependencies**: \(number == 1 ? "None" : "CHUNK-\(number - 1)")\n**Estimated Time**: 30 minutes\n"
            text += "- [x] one\n- [ ] two\n"
        }
        let plan = try page(text)
        let status = report([plan])
        #expect(status.entries.count == 5000)
        #expect(status.countProgress.done == 1666)
        #expect(status.checkboxes.total == 10000)
        // Every third chunk is done, so the longest chain of remaining work is two chunks.
        #expect(status.criticalPath.count == 2)
        #expect(status.criticalMinutes == 60)
    }

    @Test func statusWordsAndSymbolsReadAsWritten() {
        #expect(StatusText.read("✅ Committed (88c8123..HEAD)").status == .done)
        #expect(StatusText.read("✅ Committed (88c8123..HEAD)").commits == "88c8123..HEAD")
        #expect(StatusText.read("🚧 In progress — ring done").status == .inProgress)
        #expect(StatusText.read("🚧 In progress — ring done").note == "ring done")
        #expect(StatusText.read("❌ Blocked — waiting for review").note == "waiting for review")
        #expect(StatusText.read("🔄 Merged; gaps in progress").status == .inProgress)
        #expect(StatusText.read("⏳").status == .inProgress)
        #expect(StatusText.read("not-started").status == .notStarted)
        #expect(StatusText.read("Not started").status == .notStarted)
        #expect(StatusText.read("COMPLETE").status == .done)
        #expect(StatusText.read("Cancelled").status == .cancelled)
        #expect(!StatusText.read("Behind pace").recognised)
    }

    @Test func estimatesAreRangesInMinutes() {
        #expect(StatusText.estimate("30 minutes")?.minutes == 30)
        #expect(StatusText.estimate("2 hours")?.minutes == 120)
        #expect(StatusText.estimate("1.5h")?.minutes == 90)
        #expect(StatusText.estimate("2h 05m")?.minutes == 125)
        let range = StatusText.estimate("8-10 days")
        #expect(range?.low == 8 * 8 * 60 && range?.high == 10 * 8 * 60)
        #expect(StatusText.estimate("soon") == nil)
    }

    @Test func nonStandardBoxesAndEmojiListsAreCounted() throws {
        let (fact, _) = read(
            try page(
                """
                ## CHUNK-001: A

                - [x] done
                - [X] done too
                - [ ] open
                  - [~] nested partial
                - [⏳] waiting
                - [-] dropped

                ### Acceptance Criteria
                1. ✅ Style, not completion
                2. ✅ Still style

                ## Sprint goals

                - ✅ shipped
                - ⏳ going
                - ⬜ not yet
                """))
        let chunk = fact.items[0]
        #expect(chunk.checklist == ChecklistCount(done: 2, inProgress: 2, open: 1, cancelled: 1))
        #expect(chunk.status == .inProgress)
        let goals = fact.items.first { $0.kind == .checklist }
        #expect(goals?.checklist == ChecklistCount(done: 1, inProgress: 1, open: 1))
    }
}
