import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Symbols as the page means them: a cross says "not done" and only words
/// say blocked; a warning sign among crosses and ticks is partly there; a
/// bullet's own status words beat its symbol; a key to the symbols is no work
/// and says what a lone symbol means; a document's own status; Kiro's
/// `[-]`; archive folders; optional lists' boxes.
@Suite("Symbol reading")
struct SymbolReadingTests {
    @Test func aCrossIsNotDoneAndOnlyWordsSayBlocked() {
        #expect(StatusText.read("❌").status == .notStarted)
        #expect(StatusText.read("❌ Timeout after 45 seconds").status == .notStarted)
        #expect(StatusText.read("❌ Blocked — waiting on API keys").status == .blocked)
        #expect(StatusText.read("❌ Blocked — waiting on API keys").note == "waiting on API keys")
        #expect(StatusText.read("❌ **FAILED - BLOCKING**").status == .inProgress)
        #expect(StatusText.read("⛔").status == .blocked)
        // A cross beside done words contradicts them: the words win, with a hint.
        let done = StatusText.read("❌ Done")
        #expect(done.status == .done && done.conflict != nil)
        #expect(StatusText.read("⚠️ CONDITIONAL PASS").status == .inProgress)
    }

    @Test func emojiBulletsReadTheirWordsAndTheWarningSign() throws {
        let plan = """
            # Readiness

            ## Phase 2: Integration (90% ✅)

            - ✅ Core flows
            - ⚠️ External system integration (partial)
            - ⚠️ E2E tests (manual only)
            - ❌ API endpoints (not implemented)
            - ❌ Blocked: the staging keys
            - ✅ Fix the blocked login
            - ✅ New onboarding screen
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fact.entries.map(\.status) == [.done, .inProgress, .inProgress, .notStarted, .blocked, .done, .done])
        #expect(fact.entries[1].text == "External system integration (partial)")
        #expect(fact.items[0].checklist == ChecklistCount(done: 3, inProgress: 2, open: 1, blocked: 1))
        // Outside any work item, a ✅/❌/⚠️ list is advice, not work.
        let advice = "# Guide\n\n## Tips\n\n- ✅ Do this\n- ⚠️ Careful with that\n- ❌ Not that\n"
        #expect(read(try page(advice)).fact.entries.isEmpty)
    }

    @Test func aKeyToTheSymbolsIsNoWorkAndSaysWhatALoneSymbolMeans() throws {
        let plan = """
            # Tracker

            ## Status Key

            - 🔲 Not started
            - 🔨 In progress
            - ✅ Done & confirmed

            ## Phase 1: Setup

            - [x] Repo
            - [ ] CI

            ## Milestones

            | Milestone | Target | Status |
            | --- | --- | --- |
            | Setup complete | May | ⏳ |
            | Beta | June | ✅ |

            ## Summary

            - ⏳ Not Started: 1 (Phase 2)
            - ✅ Completed: 1 (Phase 1)

            **Status legend:**

            - ⏳ Not Started
            - 🚧 In Progress
            - ✅ Completed
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        // The key, the tally and the legend are no checklists.
        #expect(fact.items.filter { $0.kind == .checklist }.map(\.title) == ["Phase 1: Setup"])
        #expect(fact.entries.count == 2)
        // This page's key says ⏳ is not started, so its lone ⏳ is.
        let rows = fact.items.filter { $0.kind == .row }
        #expect(rows.map(\.status) == [.notStarted, .done])
    }

    @Test func aDocumentThatSaysItIsImplementedIsDoneWithHints() throws {
        let plan = """
            # Feature 9: Import

            ## Status: ✅ Implemented

            Shipped in January.

            ## Tasks

            ### Task 1: Types

            - [ ] Define the types
            - [ ] Export them

            ### Task 2: Wire it

            - [ ] Call the importer
            """
        let status = report([try page(plan)])
        #expect(!status.entries.contains { $0.item.title.hasPrefix("Status") })
        let tasks = status.entries.map(\.item)
        #expect(tasks.map(\.status) == [.done, .done])
        #expect(
            tasks[0].hints.map(\.message) == [
                "the document's status says '✅ Implemented' (line 3), but 2 of 2 boxes are not ticked"
            ])
        #expect(tasks[0].hints.first?.line == 11)
        // Counted in its tasks (the lists), not in boxes nobody ticked.
        #expect(status.plans.map(\.unit.text) == ["2 of 2 checklist sections"])
        // A document status that is not done leaves the boxes to speak.
        let open = report([try page(plan.replacingOccurrences(of: "✅ Implemented", with: "🚧 In progress"))])
        #expect(open.entries.map(\.item.status) == [.notStarted, .notStarted])
        #expect(open.plans.map(\.unit.text) == ["0 of 3 tasks"])
    }

    @Test func kiroMarksTheTaskInProgressWithADash() throws {
        let tasks = "# Tasks\n\n- [x] 1. Model\n- [-] 2. Store\n- [ ] 3. Screens\n"
        let kiro = read(try page(tasks, path: ".kiro/specs/sync/tasks.md")).fact
        #expect(kiro.entries.map(\.status) == [.done, .inProgress, .notStarted])
        let elsewhere = read(try page(tasks, path: "docs/tasks.md")).fact
        #expect(elsewhere.entries.map(\.status) == [.done, .cancelled, .notStarted])
    }

    @Test func kiroStarsItsOptionalTasks() throws {
        let tasks = """
            # Implementation Plan

            - [x] 1. Model
            - [ ]* 1.1 Unit tests for the model
            - [x]* 1.2 Snapshot tests
            - [ ] 2. Screens
            - [ ] * 3. Not a star: a box with text that starts with one
            """
        let fact = read(try page(tasks, path: ".kiro/specs/sync/tasks.md")).fact
        #expect(fact.entries.map(\.status) == [.done, .optional, .done, .notStarted, .notStarted])
        #expect(fact.entries.map(\.text)[1...2] == ["1.1 Unit tests for the model", "1.2 Snapshot tests"])
        // The optional task is shown, never counted: 2 of 3 tasks, not 2 of 4;
        // the box without a task number beside four with is a check.
        let status = report([try page(tasks, path: ".kiro/specs/sync/tasks.md")])
        #expect(status.plans.map(\.unit.text) == ["2 of 3 tasks"])
        #expect(status.plans.first?.others.map(\.text) == ["0 of 1 check"])
        #expect(PlanReader.nonStandardBox("[ ]* Tests")?.status == .optional)
        #expect(PlanReader.nonStandardBox("[ ]* Tests")?.length == 4)
        // Unstarred plain boxes are cmark's to read.
        #expect(PlanReader.nonStandardBox("[x] Tests") == nil)
        #expect(PlanReader.nonStandardBox("[ ] Tests") == nil)
    }

    @Test func kiroDashAndStarAreDrawnAsCounted() throws {
        let site = try BuiltSite([
            ".kiro/specs/sync/tasks.md": "# Tasks\n\n- [-] 1. Store\n- [ ]* 2. Tests\n- [-] 3. Sync\n",
            "notes/tasks.md": "# Tasks\n\n- [-] 1. Dropped\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        let kiro = try site.text("kiro/specs/sync/tasks.html")
        #expect(kiro.components(separatedBy: "data-status=\"in-progress\"").count == 3)
        #expect(kiro.components(separatedBy: "data-status=\"optional\"").count == 2)
        #expect(!kiro.contains("[ ]*") && !kiro.contains("data-status=\"cancelled\""))
        let notes = try site.text("notes/tasks.html")
        #expect(notes.components(separatedBy: "data-status=\"cancelled\"").count == 2)
    }

    @Test func anArchiveFolderIsHistory() throws {
        let old = "# Old\n\n## Task 1: Export ✅\n\n## Task 2: Import 🚧\n"
        let current = "# Now\n\n## Task 1: Sync ✅\n\n## Task 2: Share\n\n- [ ] Link\n"
        let status = report([
            try page(old, path: ".kiro/specs/_archived/export/design.md"),
            try page(current, path: "plans/sync.md"),
        ])
        #expect(status.entries.filter(\.item.archived).count == 2)
        #expect(status.plans.map(\.scope) == ["plans/sync.md"])
        #expect(status.plans.map(\.unit.text) == ["1 of 2 sections"])
        #expect(status.archived.counts.map(\.text) == ["1 of 2 sections"])
    }

    @Test func anOptionalListsBoxesAreNotCounted() throws {
        let plan = """
            # Review

            ## Before release

            - [ ] Bump the version
            - [ ] Tag it

            ## Nice to Have

            - [ ] Rename the module
            - [ ] Split the file
            - [ ] Drop the old flag
            """
        let status = report([try page(plan)])
        #expect(status.plans.map(\.unit.text) == ["0 of 2 tasks"])
        #expect(status.plans.first?.unit.count(.optional) == 3)
    }

    /// A review or a failure-mode analysis grades what it names (`✅ WELL
    /// HANDLED`, `✅ PASS`, `Approach: VALIDATED ✅`): findings, not work. A
    /// status in capitals, a short name in capitals and a lone clipboard are
    /// read as before (`✅ COMPLETE` work, `API ✅` work, `📋` an icon).
    @Test func aHeadingThatGradesIsNoWork() throws {
        let plan = """
            # Edge cases

            ### 2.1 Two tabs open at once ✅ WELL HANDLED

            ### 4.4 Small screens ✅ MOSTLY GOOD

            ### Technical Approach: VALIDATED ✅

            ### Content Quality: ✅ PASS

            ### Medium Priority (Next Sprint) 📋

            ### Task 3: Build it ✅ COMPLETE

            ### Phase 2: API ✅

            ### Login ✅ MVP
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fact.items.map(\.title) == ["Task 3: Build it", "Phase 2: API", "Login"])
        #expect(fact.items.allSatisfy { $0.status == .done })
    }
}
