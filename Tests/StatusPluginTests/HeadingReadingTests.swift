import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// How headings are read as work: status words after a dash or in parentheses,
/// a status symbol after the author's number, graded percentages, sub-headings
/// named after their phase, optional and deferred work, rows named by a number,
/// and a `**Status**:` line under a heading.
@Suite("Heading reading")
struct HeadingReadingTests {
    // MARK: - Status text

    /// Headings are normalised by their bytes when they are ASCII: the words must be the
    /// Character rule's for every ASCII byte, and non-ASCII headings take that rule.
    @Test func headingWordsByBytesAreTheCharacterRulesWords() {
        let texts =
            (0x00...0x7F).map { "Can" + String(UnicodeScalar(UInt8($0))) + "Wait 2" } + [
                "", "  ", "Nice to Have (Can Wait)", "### Future / Optional", "Stretch-goals!", "don't 3.1b",
                "'quoted'", "Écran d'accueil", "Deferred → later", "TASKS 1-3", "a\tb\r\nc",
            ]
        for text in texts {
            for apostrophes in [false, true] {
                #expect(
                    PlanReader.joinedWords(text, keepingApostrophes: apostrophes)
                        == PlanReader.joinedWordsByCharacter(text, keepingApostrophes: apostrophes), "\(text)")
            }
        }
        #expect(PlanReader.normalized("Tests First (TDD Red-Phase)") == "tests first tdd red phase")
        #expect(PlanReader.declaresOptional("### Nice to Have (Can Wait)"))
        #expect(PlanReader.declaresOptional("Stretch goals"))
        #expect(!PlanReader.declaresOptional("Stretching"))
        #expect(!PlanReader.declaresOptional("Optionality"))
    }

    /// Status words are found in ASCII text by their bytes: every word, from every place, where
    /// Foundation's search finds it.
    @Test func statusWordsByBytesAreFoundWhereFoundationFindsThem() {
        let texts = [
            "done", "not done\r\nin progress", "in-progress, then review completed.", "wip/wip done-ish",
            "Partially implemented (gaps found)", "", "x", "blocked\r\n\r\nblocked", "awaiting review: in qa",
        ]
        for text in texts.map({ $0.lowercased() }) {
            var start = text.startIndex
            while true {
                for (word, _) in StatusText.words {
                    #expect(
                        StatusText.asciiRange(of: word, in: text, from: start)
                            == text.range(of: word, range: start..<text.endIndex), "\(word) in \(text)")
                }
                guard start < text.endIndex else { break }
                start = text.index(after: start)
            }
        }
        #expect(StatusText.statusWords(in: "Not yet implemented").map(\.status) == [.notStarted])
    }

    @Test func aPercentageDecidesBesideALoneSymbolAndDeferredIsOptional() {
        #expect(StatusText.read("95% ✅").status == .inProgress)
        #expect(StatusText.read("100% ✅").status == .done)
        #expect(StatusText.read("15% ❌").status == .inProgress)
        #expect(StatusText.read("0% ❌").status == .notStarted)
        #expect(StatusText.read("❌ Blocked — 40% done").status == .blocked)
        #expect(StatusText.read("Deferred to a separate PR").status == .optional)
        #expect(StatusText.read("Postponed").status == .optional)
    }

    // MARK: - Status words at the end of a heading

    @Test func statusWordsAfterADashOrInParenthesesMakeAnItem() throws {
        let plan = """
            # Plan

            ## Phase 1: Setup — DONE

            ### Task 2.1: Add the export - COMPLETE

            ### Task 1.2: Wire the button – In Progress

            ### Task 1.3 (In Progress)

            ### Task 1.4: Pick a font (Blocked by licensing)

            ### Task 1.5: Per-User Data Isolation - Not started

            ### Task 1.6: Tidy up - COMPLETE ✅

            ### Task 1.7: Phases 1-4 COMPLETE ✅
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fact.items.count == 8)
        #expect(fact.items.allSatisfy { $0.kind == .section })
        #expect(
            fact.items.map(\.title) == [
                "Phase 1: Setup", "Task 2.1: Add the export", "Task 1.2: Wire the button", "Task 1.3",
                "Task 1.4: Pick a font", "Task 1.5: Per-User Data Isolation", "Task 1.6: Tidy up",
                "Task 1.7: Phases 1-4",
            ])
        #expect(
            fact.items.map(\.status) == [
                .done, .done, .inProgress, .inProgress, .blocked, .notStarted, .done, .done,
            ])
        #expect(
            fact.items.map(\.headingMarker) == [
                "DONE", "COMPLETE", "In Progress", "In Progress", "Blocked by licensing", "Not started",
                "COMPLETE ✅", "COMPLETE ✅",
            ])
        #expect(fact.items.allSatisfy { $0.hints.isEmpty && $0.note == nil })
        // The second task sits under the first heading.
        #expect(fact.items[1].parent == "PLAN.md#" + fact.items[0].id)
    }

    @Test func proseHeadingsWithStatusWordsAreNoItems() throws {
        let plan = """
            # Plan

            ## Done criteria

            ## What is complete

            ## Step 3 - Testing

            ## Phase 2 - Complete the migration

            ### Part E — deferred-items.md

            ## Coverage (80%)

            ## Users (~80% of them ✅)

            ## Notes (done right)

            ## 2026 Roadmap ✅ shipped in time for the spring release
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fact.items.isEmpty, "\(fact.items.map(\.title))")
    }

    // MARK: - A status symbol after the author's number

    @Test func aStatusSymbolAfterTheNumberMakesAnItem() throws {
        let plan = """
            # Tracker

            ## Build Queue

            ### 1. ✅ Per-Customer Editor

            ### 1b. ✅ Flow Fixes (Sidebar + Navigation)

            ### 11. ✅ Unified Demand Draft Format

            ### 15. ✅ User Management (`/settings/users`)

            ### 22. ✅ Skeleton Loaders

            ## Pending

            ### 22. 🔲 Leads DTO Audit

            - [ ] Audit the entity
            - [ ] Fix any gaps found

            ### 23. 🔲 Customer Portal

            **Scope:** TBD
            """
        let (fact, warnings) = read(try page(plan))
        #expect(
            warnings.map(\.message) == [
                "two items have the id 22 (lines 13 and 17): a dependency on 22 means line 13's; this one is tracked on"
                    + " its own (key PLAN.md#22@17)"
            ])
        #expect(warnings.map(\.line) == [17])
        #expect(fact.items.map(\.id) == ["1", "1b", "11", "15", "22", "22", "23"])
        #expect(fact.items[5].key == "PLAN.md#22@17")
        #expect(
            fact.items.map(\.title) == [
                "Per-Customer Editor", "Flow Fixes (Sidebar + Navigation)", "Unified Demand Draft Format",
                "User Management (`/settings/users`)", "Skeleton Loaders", "Leads DTO Audit", "Customer Portal",
            ])
        #expect(fact.items.map(\.status) == [.done, .done, .done, .done, .done, .notStarted, .notStarted])
        #expect(fact.items.allSatisfy { $0.kind == .section && $0.hints.isEmpty })
        #expect(fact.items[5].checklist.open == 2)
        let status = report([try page(plan)])
        #expect(status.countProgress == (5, 7))
    }

    // MARK: - Percentages

    @Test func aPercentageInParenthesesIsProgressAndTheTitleStaysWhole() throws {
        let plan = """
            # Assessment

            ### Phase 0: Concept (100% ✅)

            ### Phase 1: Development (95% ✅)

            #### 1.1 Core Implementation (100% ✅)

            #### 1.2 Integration (90% ✅)

            #### 1.3 Error Handling (45% ⚠️)

            ### Phase 2: Testing (15% ❌)

            #### 2.1 Unit Testing (0% ❌)

            ### 2. Running Code (Current: 90% ✅)

            ### Phase 3: Review (60% complete)
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 0: Concept", "Phase 1: Development", "Core Implementation", "Integration", "Error Handling",
                "Phase 2: Testing", "Unit Testing", "Running Code", "Phase 3: Review",
            ])
        #expect(fact.items.allSatisfy { !$0.title.contains("(") && !$0.title.contains(")") })
        #expect(
            fact.items.map(\.id)[2...] == [
                "1.1", "1.2", "1.3", "phase-2-testing-15-", "2.1", "2", "phase-3-review-60-complete",
            ])
        #expect(
            fact.items.map(\.status) == [
                .done, .inProgress, .done, .inProgress, .inProgress, .inProgress, .notStarted, .inProgress, .inProgress,
            ])
        #expect(fact.items.allSatisfy { $0.note == nil && $0.hints.isEmpty })
        #expect(fact.items[1].headingMarker == "95% ✅")
        #expect(fact.items[7].headingMarker == "Current: 90% ✅")
    }

    // MARK: - Generic sub-headings

    @Test func genericSubHeadingsCarryTheirPhasesName() throws {
        let plan = """
            # Tasks

            ## Phase 2: Sync

            ### Tests First (TDD Red Phase)

            - [x] T004 Write failing tests

            ### Implementation

            - [x] T006 Implement sync
            - [ ] T007 Wire the button

            ## Phase 3: Export

            ### Tests First (TDD Red Phase)

            - [ ] T009 Write failing tests

            ### Implementation ✅

            ### Wire the CSV writer

            - [ ] T011 Write rows

            ## Phase 4: Polish

            - [ ] T020 Tidy
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 2: Sync — Tests First (TDD Red Phase)", "Phase 2: Sync — Implementation",
                "Phase 3: Export — Tests First (TDD Red Phase)", "Phase 3: Export — Implementation",
                "Wire the CSV writer", "Phase 4: Polish",
            ])
        #expect(fact.items.map(\.kind) == [.checklist, .checklist, .checklist, .section, .checklist, .checklist])
        #expect(fact.items.map(\.status) == [.done, .inProgress, .notStarted, .done, .notStarted, .notStarted])
        // Ids stay the headings' anchors.
        #expect(
            fact.items.map(\.id)[0...2] == [
                "tests-first-tdd-red-phase", "implementation", "tests-first-tdd-red-phase-1",
            ])
    }

    // MARK: - Optional and deferred work

    @Test func optionalAndDeferredWorkIsOptional() throws {
        let plan = """
            # Plan

            ## Phase 3: Larger Refactors

            ### Task 3.1: Simplify storage

            - [ ] Replace the hook

            ### Task 3.3: Add onboarding

            - [ ] Welcome screen

            ## Phase 4: Docs

            ### Task 4.2: Performance testing

            - [ ] Profile

            ## Implementation Order

            ### Future / Optional
            - Task 3.3: Onboarding Flow
            - Task 4.2: Performance Testing

            ## What we need

            ### Nice to Have (Can Wait)

            #### 8. Advanced Features (Priority: LOW)

            - [ ] Plugins
            - [ ] Themes

            ## Status

            - [x] Task 2: Remove lastWorkoutId (2026-01-18)
            - [x] Task 1: Auto-apply (2026-01-18)
            - [ ] Task 5: Merge hooks (Deferred to separate PR - see notes below)

            ## Extras

            ### Task 6: Dark mode (optional)

            ### Task 7: Sync v2 (Deferred to a separate PR)

            ### Task 8: Fax export - cancelled
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Task 3.1: Simplify storage", "Task 3.3: Add onboarding", "Task 4.2: Performance testing",
                "8. Advanced Features (Priority: LOW)", "Status", "Task 6: Dark mode", "Task 7: Sync v2",
                "Task 8: Fax export",
            ])
        #expect(
            fact.items.map(\.status) == [
                .notStarted, .optional, .optional, .optional, .done, .optional, .optional, .cancelled,
            ])
        // The deferred box is optional: the other two are all the Status list counts.
        #expect(fact.items[4].checklist == ChecklistCount(done: 2, optional: 1))
        // The boxes of optional work still count as the author ticked them.
        #expect(fact.items[3].checklist == ChecklistCount(open: 2))
        let status = report([try page(plan)])
        #expect(status.entries.filter(\.isReady).map(\.item.id) == ["task-31-simplify-storage"])
    }

    // MARK: - Tables

    @Test func rowsNamedByANumberTakeTheirDescription() throws {
        let plan = """
            # Plan

            | Phase | Description | Status |
            |---|---|---|
            | Phase 1 | Backend wiring | ✅ Complete |
            | Phase 2 | Core UI | 🚧 In progress |

            | # | Task | Owner | Status |
            |---|---|---|---|
            | 1 | Auto-apply changes | Mira | Done |
            | 2 | Remove ProgramContext | Ilya | Not started |

            | Feature | Owner | Status |
            |---|---|---|
            | Export | Mira | Done |
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 1: Backend wiring", "Phase 2: Core UI", "Auto-apply changes", "Remove ProgramContext", "Export",
            ])
        #expect(fact.items.map(\.id) == ["phase-1", "phase-2", "1", "2", "export"])
        #expect(fact.items.map(\.status) == [.done, .inProgress, .done, .notStarted, .done])
    }

    @Test func aRowAndTheSectionOfItsPhaseAreOneItem() throws {
        let plan = """
            # Plan

            | Phase | Description | Status |
            |---|---|---|
            | Phase 1 | Wiring | ✅ Complete |
            | Phase 2 | Reports | ✅ Complete |
            | Phase 3 | Exports | In progress |

            ## Phase 1 - Backend Wiring

            ## Phase 2 - Reports

            **Status:** Not started

            ## Phase 3 - Exports

            **Status:** In progress

            ## Phase 10 - Later

            **Status:** Done
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 2 - Reports", "Phase 3 - Exports", "Phase 10 - Later", "Phase 1: Wiring",
            ])
        #expect(fact.items.map(\.kind) == [.section, .section, .section, .row])
        #expect(fact.items.map(\.status) == [.notStarted, .inProgress, .done, .done])
        #expect(
            fact.items[0].hints == [
                Hint(
                    message: "the table says '✅ Complete' (done) but the section says 'Not started' (not started);"
                        + " the section is used", line: 6)
            ])
        #expect(fact.items[1].hints.isEmpty && fact.items[2].hints.isEmpty)
    }

    // MARK: - Status lines

    @Test func aStatusLineInAListMakesItsHeadingAnItem() throws {
        let plan = """
            # Plan

            **Status:** Ready for Review

            ## Phases

            ### Phase 1: Create the button
            - **Status**: `complete`
            - **Tasks**:
              - [ ] Refactor
              - [ ] Add the menu

            ### Phase 2: Update the header
            - **Status:** in progress
            - **Estimate:** 2 hours

            ### Phase 3: Notes

            Status: the header shows a spinner.

            ### Phase 4: Clean up

            - [x] Remove the old button

            **Status**: complete

            ## CHUNK-001: Colours

            - **Status**: done
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 1: Create the button", "Phase 2: Update the header", "Phase 4: Clean up", "Colours",
            ])
        #expect(fact.items.map(\.kind) == [.section, .section, .section, .chunk])
        #expect(fact.items.map(\.status) == [.done, .inProgress, .done, .done])
        #expect(fact.items.map(\.statusStated) == [true, true, true, true])
        #expect(fact.items[1].estimate?.minutes == 120)
        #expect(fact.items[2].checklist == ChecklistCount(done: 1))
        // Marked complete with boxes never ticked: kept as written, with a hint.
        #expect(fact.items[0].hints == [Hint(message: "marked done, but 2 of 2 boxes are not ticked", line: 10)])
    }

    @Test func statusLinesUnderDeeperHeadingsAreTheirUnits() throws {
        let plan = """
            # Build

            | Phase | Description | Status |
            |---|---|---|
            | Phase 1 | Wiring | ✅ Complete |
            | Phase 3 | Reconciliation | ✅ Complete |

            ## Phase 1 - Backend Wiring

            #### 1.1 - Trial Balance API
            - **Status:** ✅ Done

            #### 1.2 - Ledger API
            - **Status:** ✅ Done

            ## Phase 3 - Bank Reconciliation

            #### 3.1 - Bank accounts page
            #### 3.2 - Reconciliation page
            - **Status:** Pending

            ## Phase 9 - Vouchers

            **Status:** ✅ Complete

            ## Phase 11 - Mixed

            #### 11.1 - Part one
            - **Status:** Done

            #### 11.2 - Part two
            - **Status:** Pending
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            fact.items.map(\.title) == [
                "Phase 1 - Backend Wiring", "Phase 3 - Bank Reconciliation", "Phase 9 - Vouchers", "Phase 11 - Mixed",
            ])
        #expect(fact.items.map(\.line) == [8, 16, 22, 26])
        #expect(fact.items.map(\.status) == [.done, .notStarted, .done, .notStarted])
        #expect(fact.items[0].hints.isEmpty && fact.items[2].hints.isEmpty)
        #expect(
            fact.items[1].hints == [
                Hint(
                    message: "the table says '✅ Complete' (done) but the section says 'Pending' (not started); the"
                        + " section is used", line: 6)
            ])
        #expect(
            fact.items[3].hints == [
                Hint(
                    message: "an earlier status line says 'Done' (done) but this one says 'Pending' (not started);"
                        + " the later one is used", line: 32)
            ])
    }

    // MARK: - Rendering

    @Test func theMarkerLeavesTheHeadingForItsBadge() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ### Task 2.1: Add the export - COMPLETE

            ### Phase 1: Development (95% ✅)

            ### 22. 🔲 Leads DTO Audit

            ### 15. ✅ User Management (`/settings/users`)

            ### Phase 4: Clean up

            **Status**: complete
            """
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text("PLAN.html")
        #expect(
            try visibleHeading("task-21-add-the-export---complete", in: html)
                == "Task 2.1: Add the export ✓ Done#")
        #expect(try visibleHeading("phase-1-development-95-", in: html) == "Phase 1: Development ◐ In progress#")
        #expect(try visibleHeading("22--leads-dto-audit", in: html) == "22. Leads DTO Audit ○ Not started#")
        #expect(
            try visibleHeading("15--user-management-settingsusers", in: html)
                == "15. User Management (/settings/users) ✓ Done#")
        #expect(try visibleHeading("phase-4-clean-up", in: html) == "Phase 4: Clean up ✓ Done#")
        let items = try site.items()
        #expect(items["PLAN.md#22"]?["title"] as? String == "Leads DTO Audit")
        #expect(items["PLAN.md#phase-1-development-95-"]?["status"] as? String == "in-progress")
    }

    // MARK: - Several lists in one document

    /// An assessment writes its graded phases, then its gates, then what to do
    /// next: the gates are a list of their own, counted apart, and a verdict is
    /// no work however its value is written.
    @Test func aDocumentsListsAreCountedApartAndAVerdictIsNoWork() throws {
        let plan = """
            # Readiness

            ## Phase Breakdown

            ### Phase 0: Concept (100% ✅)

            ### Phase 1: Development (95% ✅)

            #### 1.1 Core (100% ✅)

            #### 1.2 Integration (90% ✅)

            ## Readiness Gates

            ### Gate 1: Development Complete (95% ✅)

            **Status:** ✅ PASSED

            ### Gate 2: Testing Complete (15% ❌)

            **Status:** ⚠️ **CONDITIONAL PASS**

            ## What We Need

            ### Critical

            #### 1. Test Coverage (Priority: CRITICAL)

            - [ ] Unit tests
            - [ ] Integration tests

            ## Final Assessment

            ### Verdict: 🟡 CONDITIONAL PRODUCTION READY

            ### Overall Score: 67% ✅
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(!fact.items.contains { $0.title.contains("Verdict") || $0.title.contains("Score") })
        let gates = fact.items.filter { $0.title.hasPrefix("Gate") }
        #expect(gates.map(\.status) == [.done, .inProgress])
        #expect(gates.allSatisfy { $0.area == "Readiness Gates" })
        let plans = report([try page(plan)]).plans
        #expect(plans.count == 1)
        // Phase 0, 1.1, 1.2 and the task are one list (Phase 1 holds two of
        // them and is counted as a group); the gates are another.
        #expect(plans[0].unit.text == "2 of 4 sections")
        #expect(plans[0].others.map(\.text).contains("1 of 2 gates"))
    }

    /// Tasks filed under areas (`## Backend`, `## Frontend`) are one list.
    @Test func areasOfOneKindOfWorkAreOneList() throws {
        let plan = """
            # Plan

            ## Backend

            ### Task 1: Add the API ✅

            ### Task 2: Add the queue - Not started

            ## Frontend

            ### Task 3: Add the page 🚧

            ### Polish the page ✅
            """
        let plans = report([try page(plan)]).plans
        #expect(plans.map(\.unit.text) == ["2 of 4 sections"])
        #expect(plans[0].others.isEmpty)
    }
}

extension HeadingReadingTests {
    // MARK: - Records that look like work

    /// spec-kit's foundational phase states when it is due ("before ANY user
    /// story"): its tasks are work, not a checklist to repeat.
    @Test func aPurposeBeforeTheListIsNoTemplate() throws {
        let plan = """
            # Tasks: Components

            ## Phase 2: Foundational

            **Purpose**: Core infrastructure that MUST be complete before ANY user story can be implemented.

            - [x] T004 [P] Create the store slice
            - [ ] T005 Wire the store

            ## Review

            Before each story, check:
            - [ ] The build passes
            """
        let fact = read(try page(plan, path: "specs/003-components/tasks.md")).fact
        #expect(fact.entries.map(\.text) == ["T004 [P] Create the store slice", "T005 Wire the store"])
        #expect(fact.items.map(\.checklist.total) == [2])
    }

    /// A tracker's legend, the checklist to go through for every task, a
    /// matrix "(COMPLETE)" and a checklist template: none is a task.
    @Test func legendsTemplatesAndMatricesAreNoWork() throws {
        let plan = """
            # Migration plan

            ### Task Completion Checklist

            For every task, check:
            - [ ] The build passes
            - [ ] The tests pass

            ### Task Status Key

            - ⬜ **Not Started**
            - 🔄 **In Progress**
            - ✅ **Complete**

            ### Requirements Coverage Matrix (COMPLETE)

            | Area | Requirement | Status |
            |------|-------------|--------|
            | Export | REQ-1 | ✅ |

            ### Task 1: Export
            **Status:** ✅ Complete

            ### Task 2: Import
            **Status:** 🔄 In Progress
            - [x] Reader
            - [ ] Writer

            ### Review Checklist Template

            - [ ] Code reviewed
            - [ ] Docs updated
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fact.items.map(\.title) == ["Task 1: Export", "Task 2: Import"])
        #expect(fact.items.map(\.status) == [.done, .inProgress])
        // Only Task 2's boxes are work; the others are left as written.
        #expect(fact.entries.map(\.text) == ["Reader", "Writer"])
        let status = report([try page(plan)])
        #expect(status.plans.map(\.unit.text) == ["1 of 2 sections"])
        #expect(status.plans.first?.others.map(\.text) == [])
        #expect(status.checkboxes.total == 2)
    }

    /// Emoji bullets of work stay work: a legend names only statuses.
    @Test func aChecklistOfEmojiBulletsIsNoLegend() throws {
        let plan = """
            # Sprint

            ## Week 1

            - ✅ Done: the login form
            - ⏳ Logout
            - ⬜ Not started yet, but the reset page is next
            """
        let (fact, _) = read(try page(plan))
        #expect(fact.entries.count == 3)
        #expect(fact.items.map(\.checklist.total) == [3])
        #expect(PlanReader.namesRecord("Risk Matrix"))
        #expect(PlanReader.namesRecord("Status Key"))
        #expect(!PlanReader.namesRecord("Rotate the API key"))
        #expect(!PlanReader.namesRecord("CI test matrix"))
    }
}

/// The text a reader sees in the heading with anchor `id`: tags taken out.
private func visibleHeading(_ id: String, in html: String) throws -> String {
    let open = try #require(html.range(of: " id=\"\(id)\">"), "no heading #\(id)")
    let rest = html[open.upperBound...]
    let close = try #require(rest.range(of: "</h"))
    return String(rest[..<close.lowerBound]).replacing(/<[^>]*>/, with: "")
}
