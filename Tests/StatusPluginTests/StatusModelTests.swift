import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// The status model, one fixture per class of mistake real plans showed:
/// waiting is not blocked, words beat decoration, dependencies in every form
/// and inside their project, counts in each plan's unit, disagreement shown.
@Suite("The status model")
struct StatusModelTests {
    // MARK: 1. Waiting is not blocked

    static let waiting = """
        # Plan

        ## CHUNK-001: Tokens ✅ COMPLETED

        ## CHUNK-002: Models 🚧 In progress

        **Dependencies**: CHUNK-001

        - [x] Schema
        - [x] Store
        - [ ] Migrations
        - [ ] Tests

        ## CHUNK-003: Screens

        **Status**: 🚧 In progress
        **Dependencies**: CHUNK-002

        - [x] Home
        - [ ] Settings

        ## CHUNK-004: Widget

        **Dependencies**: CHUNK-003

        ## CHUNK-005: Payments

        **Status**: ❌ Blocked — waiting on API keys
        """

    @Test func anItemThatWaitsKeepsItsOwnStatus() throws {
        let status = report([try page(Self.waiting)])
        let statuses = status.entries.map(\.item.status)
        #expect(statuses == [.done, .inProgress, .inProgress, .notStarted, .blocked])
        // CHUNK-003 is in progress with 1 of 2 boxes ticked, and waits for CHUNK-002.
        let screens = try #require(status.find("CHUNK-003").first)
        #expect(screens.item.status == .inProgress)
        #expect(screens.readiness == .waiting && screens.waitingFor == ["PLAN.md#CHUNK-002"])
        #expect(!screens.isBlocked)
        let widget = try #require(status.find("CHUNK-004").first)
        #expect(widget.item.status == .notStarted && widget.readiness == .waiting && !widget.isReady)
        // Blocked only where the author says so, with the reason they wrote.
        let payments = try #require(status.find("CHUNK-005").first)
        #expect(payments.isBlocked && payments.item.note == "waiting on API keys")
        #expect(payments.readiness == .ready)
        #expect(status.entries.filter(\.isBlocked).count == 1)
        #expect(status.tracked.filter { $0.readiness == .waiting }.count == 2)
        #expect(status.readyNext.isEmpty)
    }

    @Test func statusJSONHasBothFacts() throws {
        let json = StatusExport.json(report([try page(Self.waiting)]))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(root["schema"] as? Int == 2)
        let items = try #require(root["items"] as? [[String: Any]])
        #expect(
            items.map { $0["status"] as? String } == ["done", "in-progress", "in-progress", "not-started", "blocked"])
        #expect(items.map { $0["readiness"] as? String } == ["settled", "ready", "waiting", "waiting", "ready"])
        #expect(items.map { $0["waiting_for"] as? [String] } == [[], [], ["CHUNK-002"], ["CHUNK-003"], []])
        #expect(items[4]["blocked_reason"] as? String == "waiting on API keys")
        let summary = try #require(root["summary"] as? [String: Any])
        let statuses = try #require(summary["statuses"] as? [String: Int])
        #expect(statuses["blocked"] == 1 && statuses["in-progress"] == 2 && statuses["not-started"] == 1)
        #expect(summary["waiting"] as? Int == 2)
    }

    // MARK: 2. Words beat decoration

    @Test(arguments: [
        ("🔴 Not Started", WorkStatus.notStarted, false),
        ("✅ Not started", .notStarted, true),
        ("Status: 60% Complete", .inProgress, false),
        ("60% complete", .inProgress, false),
        ("100% complete", .done, false),
        ("0% complete", .notStarted, false),
        ("🔄 IN PROGRESS", .inProgress, false),
        ("🔄 Scheduler merged; gap fixes in progress", .inProgress, false),
        ("⏳ Waiting for Beta App Review", .inReview, false),
        ("Awaiting operator smoke-check", .inReview, false),
        // Waiting is not blocked: blocked is a word the author writes.
        ("Waiting on API keys", .notStarted, false),
        ("Not yet implemented", .notStarted, false),
        ("✅ Done — coverage 85%", .done, false),
        ("✔️ Done", .done, false),
        ("Review complete", .done, false),
        ("In review — PR #44", .inReview, false),
        ("❌ Blocked — waiting on API keys", .blocked, false),
        ("Optional", .optional, false),
        ("Nice to have", .optional, false),
        ("🟢 Done", .done, false),
        ("Done / In progress", .done, true),
        ("✅ Terminé", .done, false),
    ])
    func wordsBeatDecoration(text: String, status: WorkStatus, contradicts: Bool) {
        let reading = StatusText.read(text)
        #expect(reading.recognised, "\(text)")
        #expect(reading.status == status, "\(text) → \(reading.status)")
        #expect((reading.conflict != nil) == contradicts, "\(text): \(reading.conflict ?? "no conflict")")
    }

    @Test func aStatusInAnotherLanguageIsAHintNotAGuess() throws {
        let (fact, warnings) = read(try page("# Plan\n\n## CHUNK-001: A\n\n**Status**: En cours\n"))
        #expect(fact.items.map(\.status) == [.unknown])
        #expect(warnings.map(\.line) == [5])
        #expect(warnings.first?.message.hasPrefix("unknown status 'En cours' for CHUNK-001;") == true)
    }

    @Test func contradictoryMarkersOnOneLineAreAHintAtTheirLine() throws {
        let status = report([try page("# Plan\n\n## CHUNK-001: A\n\n**Status**: ✅ Not started\n")])
        let item = try #require(status.entries.first?.item)
        #expect(item.status == .notStarted)
        #expect(item.hints.map(\.line) == [5])
        #expect(
            item.hints.first?.message
                == "'✅ Not started': ✅ says done but the words say not started; the words are used")
        #expect(status.checkThese.count == 1)
    }

    @Test func aHeadingWithAStatusIsASectionWhoseBadgeAndRowAgree() throws {
        let text = """
            # Roadmap

            ## Phase 0: Foundation ✅ COMPLETE

            ## Phase 1: Sync 🚧 IN PROGRESS

            ### Week 2 — Conflicts ✅ COMPLETE

            ## Phase 2: Sharing

            **Status**: 🔴 Not Started
            """
        let status = report([try page(text, path: "ROADMAP-NOTES.md")])
        // Phase 2 has no marker in its heading: its status line makes it an item of its own.
        #expect(
            status.entries.map(\.item.title) == [
                "Phase 0: Foundation", "Phase 1: Sync", "Week 2 — Conflicts", "Phase 2: Sharing",
            ])
        #expect(status.entries.map(\.item.status) == [.done, .inProgress, .done, .notStarted])
        #expect(status.entries.map(\.item.line) == [3, 5, 7, 9])
        // Phase 1 holds Week 2: the innermost sections are the work (Phase 0, Week 2,
        // Phase 2), and Phase 1 is counted apart, never twice.
        #expect(status.plans.first?.unit.text == "2 of 3 sections")
        #expect(status.plans.first?.others.map(\.text) == ["0 of 1 section group"])
        // A status line under a heading that names no work is not taken for one.
        let prose = report([try page("# PRD\n\n## Overview\n\n**Status**: Draft\n", path: "PRD.md")])
        #expect(prose.entries.isEmpty)
    }

    // MARK: 5. Dependencies in every form, inside their project

    @Test(arguments: [
        "**Deps:** CHUNK-001", "**Depends on**: CHUNK-001", "Depends on: CHUNK-001", "**Requires:** CHUNK-001",
        "**Blocked by:** CHUNK-001", "- **Depends on**: CHUNK-001", "Deps: CHUNK-001",
    ])
    func everyDependencyFormIsRead(line: String) throws {
        let status = report([try page("# Plan\n\n## CHUNK-001: A\n\n## CHUNK-002: B\n\n\(line)\n")])
        let second = try #require(status.find("CHUNK-002").first)
        #expect(second.dependencies == ["PLAN.md#CHUNK-001"], "\(line)")
        #expect(second.readiness == .waiting, "\(line)")
        #expect(second.item.dependencyLine == 7, "\(line)")
    }

    @Test func idsResolveInsideTheirProjectOnly() throws {
        // Two apps built into one site: app-b's CHUNK-002 names CHUNK-001, which only app-a defines.
        let a = try page("# A\n\n## CHUNK-001: A one ✅\n", path: "app-a/PLAN.md")
        let b = try page("# B\n\n## CHUNK-002: B two\n\n**Dependencies**: CHUNK-001\n", path: "app-b/PLAN.md")
        let status = report([a, b])
        let two = try #require(status.find("CHUNK-002").first)
        #expect(two.dependencies.isEmpty && two.missing == ["CHUNK-001"])
        #expect(
            status.warnings.map(\.message) == [
                "CHUNK-002 depends on CHUNK-001, but no chunk CHUNK-001 is defined in its project (only in another"
                    + " folder's plans)"
            ])
        // In one folder, a second document of the same project is found.
        let c = try page("# C\n\n## CHUNK-009: C nine\n\n**Dependencies**: CHUNK-001\n", path: "app-a/LATER.md")
        #expect(report([a, c]).find("CHUNK-009").first?.dependencies == ["app-a/PLAN.md#CHUNK-001"])
    }

    @Test func aCycleAcrossTwoDocumentsIsNamedWithBothPlaces() throws {
        let a = try page("# A\n\n## CHUNK-001: A\n\n**Dependencies**: CHUNK-002\n", path: "A.md")
        let b = try page("# B\n\n## CHUNK-002: B\n\n**Dependencies**: CHUNK-001\n", path: "B.md")
        let status = report([a, b])
        #expect(status.entries.allSatisfy { $0.inCycle })
        #expect(status.entries.allSatisfy { $0.readiness == .waiting && !$0.isBlocked })
        #expect(
            status.warnings.map(\.message) == [
                "dependency cycle: CHUNK-001 → CHUNK-002 → CHUNK-001 (CHUNK-001 at A.md:5, CHUNK-002 at B.md:5)"
            ])
        #expect(status.warnings.first?.line == 5 && status.warnings.first?.sourcePath == "A.md")
    }

    // MARK: 6. Counts by kind

    @Test func eachPlanCountsItsOwnUnit() throws {
        let text = """
            # Plan

            ## CHUNK-001: A ✅

            - [x] one
            - [ ] two

            ## CHUNK-002: B

            ## CHUNK-003: C

            ## Notes

            - [x] Ask design
            - [ ] Ask legal

            | Task | Status |
            |---|---|
            | Icons | Done |
            """
        let status = report([try page(text)])
        let plan = try #require(status.plans.first)
        #expect(plan.unit.text == "1 of 3 chunks")
        #expect(plan.others.map(\.text) == ["1 of 1 row", "0 of 1 checklist section"])
        #expect(status.countProgress == (1, 3))
        #expect(status.units.map(\.text) == ["1 of 3 chunks"])
        // Every box still counts as a box.
        #expect(status.checkboxes.done == 2 && status.checkboxes.total == 4)
    }

    @Test func oneOfOnePlanReadsRight() {
        #expect(UnitProgress.plural("plan", 1) == "plan")
        #expect(UnitProgress.plural("plan", 0) == "plans")
        #expect(UnitProgress.plural("box", 2) == "boxes")
        #expect(UnitProgress.plural("checklist section", 5) == "checklist sections")
    }

    // MARK: 8. Disagreement is shown, not hidden

    @Test func aChunkTickedDoneWithOpenBoxesKeepsItsStatusWithAHint() throws {
        let text = """
            # Plan

            ## CHUNK-001: A ✅ COMPLETED

            - [x] one
            - [ ] two
            - [ ] three

            ## CHUNK-002: B

            **Status**: Not started

            - [x] one
            """
        let status = report([try page(text)])
        #expect(status.entries.map(\.item.status) == [.done, .notStarted])
        #expect(
            status.entries[0].item.hints == [Hint(message: "marked done, but 2 of 3 boxes are not ticked", line: 6)])
        #expect(
            status.entries[1].item.hints == [Hint(message: "marked not started, but 1 of 1 box is ticked", line: 9)])
        #expect(status.checkThese.map(\.item.id) == ["CHUNK-001", "CHUNK-002"])
    }

    @Test func aHeadingAndAStatusLineThatDisagreeAreNamed() throws {
        let text = "# Plan\n\n## CHUNK-001: A ✅ COMPLETED\n\n**Status**: In progress\n"
        let item = try #require(report([try page(text)]).entries.first?.item)
        #expect(item.status == .inProgress)
        #expect(
            item.hints.map(\.message) == [
                "the heading says '✅ COMPLETED' (done) but the status line says 'In progress' (in progress); the"
                    + " status line is used"
            ])
    }

    // MARK: Bad input

    @Test func fiveThousandItemsCountTheSameEveryTime() throws {
        var text = "# Plan\n\n"
        for number in 1...5_000 {
            let status = number % 3 == 0 ? "✅ Done" : (number % 3 == 1 ? "🚧 In progress" : "Not started")
            text += "## CHUNK-\(number): Step \(number)\n\n**Status**: \(status)\n"
            if number > 1 { text += "**Dependencies**: CHUNK-\(number - 1)\n" }
            text += "\n"
        }
        let first = StatusExport.json(report([try page(text)]))
        let second = StatusExport.json(report([try page(text)]))
        #expect(first == second)
        let status = report([try page(text)])
        #expect(status.plans.first?.unit.text == "1666 of 5000 chunks")
        #expect(status.entries.filter(\.isBlocked).isEmpty)
    }

    // MARK: Found in review

    @Test func aPlanInAFolderFindsTheRootPlansChunks() throws {
        let root = try page("# Plan\n\n## CHUNK-001: Base ✅\n", path: "PLAN.md")
        let later = try page("# P2\n\n## CHUNK-009: Next\n\n**Dependencies**: CHUNK-001\n", path: "phases/p2.md")
        let status = report([root, later])
        #expect(status.find("CHUNK-009").first?.dependencies == ["PLAN.md#CHUNK-001"])
        #expect(status.warnings.isEmpty)
    }

    @Test func aRowsChunkIdComesFromItsNameNotItsDependencies() throws {
        let text = """
            # Plan

            | Task | Status | Depends on |
            |---|---|---|
            | Add login | ✅ Done | CHUNK-002 |
            | CHUNK-003: Profile | In progress | CHUNK-002 |

            | Chunk | Phase | Status |
            |---|---|---|
            | CHUNK-004 | Core | Done |
            """
        let status = report([try page(text)])
        #expect(status.entries.map(\.item.id) == ["add-login", "CHUNK-003", "CHUNK-004"])
        #expect(status.entries.map(\.item.status) == [.done, .inProgress, .done])
    }

    @Test func unplannedPhasesCountInTheGSDHeadline() throws {
        let roadmap = """
            # Roadmap

            - [x] Phase 1: Core (1/1 plans) — completed 2026-01-10
            - [ ] **Phase 2: Sync** - Fix failing sync tests
            - [ ] **Phase 3: Archive & export** - Plans: TBD

            ### Phase 3: Archive & export

            **Depends on**: Phase 2
            """
        let pages = [
            try page(roadmap, path: ".planning/ROADMAP.md"),
            try page("# Plan\n", path: ".planning/phases/01-core/01-01-PLAN.md"),
            try page("# Summary\n", path: ".planning/phases/01-core/01-01-SUMMARY.md"),
        ]
        let status = StatusReport.make(facts: pages.map { ($0, StatusPlugin.read($0).0) })
        // "1 of 1 plans" would call the project done; two phases have not begun.
        #expect(status.units.map(\.text) == ["1 of 3 phases"])
        let phases = status.entries.filter { $0.item.kind == .phase }
        // A description after a dash is no status ("failing" is not blocked), and
        // "Archive" in a phase's name does not make it history.
        #expect(phases.map(\.item.status) == [.done, .notStarted, .notStarted])
        #expect(phases.map(\.item.archived) == [false, false, false])
        #expect(phases.last?.dependencies == [".planning#phase-2"])
    }

    @Test func aLongRunOfSpacesInARoadmapLineIsReadAtOnce() throws {
        let line = "- [ ] Phase 1: a" + String(repeating: " ", count: 3_000) + "(1/2 plans)\n"
        let fact = StatusPlugin.read(try page("# Roadmap\n\n" + line, path: ".planning/ROADMAP.md")).0
        #expect(fact.items.map(\.id) == ["phase-1"])
        #expect(StatusText.readEstimate(String(repeating: "9", count: 5_000) + "x") == nil)
        #expect(StatusText.readEstimate(String(repeating: "9", count: 5_000) + " days") == .tooLarge)
    }

    @Test func aPlanWrittenAsChecklistsIsCountedInItsTasks() throws {
        let text = """
            # Sprint

            ## Priority 1

            - [x] Ring
            - [x] Undo
            - [ ] Haptics

            ## Priority 2

            - [~] Reschedule
            - [ ] Refresh
            - [-] Watch spike
            """
        let status = report([try page(text)])
        #expect(status.plans.first?.unit.text == "2 of 5 tasks")
        #expect(status.countProgress == (2, 5))
        #expect(status.units.map(\.text) == ["2 of 5 tasks"])
    }

    @Test func boxesBesideSectionsAreASectionOnlyUnderAHeadingOfWork() throws {
        let text = """
            # Plan

            ## Phase 1: Core ✅ COMPLETE

            ## Phase 2: Sync

            - [x] Merge
            - [ ] Conflicts

            ## Success Criteria

            - [ ] All tests pass
            """
        let plan = try #require(report([try page(text)]).plans.first)
        #expect(plan.unit.text == "1 of 2 sections")
        #expect(plan.others.map(\.text) == ["0 of 1 checklist section"])
    }

    @Test func aUnitWithNothingThatCountsIsNeverChosenOverWork() throws {
        // One optional section beside checklists: "0 of 0 sections" would hide the four tasks.
        let text = """
            # Release checklist

            ## Testing

            ### Unit tests
            - [ ] Models
            - [ ] Services

            ### Load tests
            - [x] Baseline run
            - [ ] Soak test

            ### Metrics (Optional)
            - [ ] Latency histogram
            - [ ] Error rate
            """
        let status = report([try page(text)])
        let plan = try #require(status.plans.first)
        #expect(plan.unit.text == "1 of 4 tasks")
        // The optional section counts nothing, so nothing is listed beside the unit.
        #expect(plan.others.map(\.text) == [])
        #expect(status.countProgress == (1, 4))
        #expect(status.entries.map(\.item.kind) == [.checklist, .checklist, .section])
        #expect(status.entries.map(\.item.status) == [.notStarted, .inProgress, .optional])
        #expect(status.units.map(\.text) == ["1 of 4 tasks"])
    }

    @Test func aHeadingOverNumberedTasksIsAGroupNotATask() throws {
        // A task list filed under one heading with a status: the numbered boxes
        // are the tasks ("5 of 5 tasks"), the heading a group of them.
        let text = """
            # Implementation Plan

            ## Core Implementation (Completed)

            - [x] 1. Set up the project
              - Create the folders
            - [x] 2. Build the cost engine
              - [x] 2.1 Write the types
              - [x] 2.2 Write the engine
            - [x] 3. Add the API

            ## Summary

            All done.
            """
        let status = report([try page(text)])
        let plan = try #require(status.plans.first)
        #expect(plan.unit.text == "5 of 5 tasks")
        #expect(plan.others.map(\.text) == ["1 of 1 section group"])
        #expect(status.countProgress == (5, 5))
        #expect(status.entries.map(\.item.numberedBoxes) == [5])
        // Headings that name their work stay sections, numbered steps or not,
        // and so does a plan where only some sections are groups.
        let tasks = """
            # Plan

            ## Task 3: Export ✅
            - [x] 1. Write it
            - [x] 2. Test it

            ## Task 4: Import
            - [ ] 1. Read it

            ## Later work (Not started)
            - [ ] 1. Sync
            - [ ] 2. Share
            """
        let sections = try #require(report([try page(tasks)]).plans.first)
        #expect(sections.unit.text == "1 of 3 sections")
        #expect(sections.others.map(\.text) == [])
        let topics = """
            # Plan

            ## Login ✅
            - [x] Form
            - [x] Validation

            ## Logout 🚧
            - [x] Button
            - [ ] Redirect
            """
        #expect(report([try page(topics)]).plans.first?.unit.text == "1 of 2 sections")
    }

}
