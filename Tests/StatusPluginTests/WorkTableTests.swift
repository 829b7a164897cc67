import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Which tables are work lists (``WorkTableRule``): a table with a Status
/// column is work only when its header names work and nothing marks it as a
/// risk matrix, an audit, evidence, traceability, a file list or a comparison.
@Suite("Work tables")
struct WorkTableTests {
    /// What the page counts: items, done items, checkboxes, and its warnings.
    struct Counts {
        var items: Int
        var done: Int
        var entries: Int
        var warnings: [LineMessage]
        var fact: PlanFact
        /// The report's progress by count.
        var progress: (done: Int, total: Int)
    }

    func counts(_ text: String) throws -> Counts {
        let page = try page(text)
        let (fact, warnings) = read(page)
        return Counts(
            items: fact.items.count, done: fact.items.filter { $0.status == .done }.count,
            entries: fact.entries.count, warnings: warnings, fact: fact, progress: report([page]).countProgress)
    }

    // MARK: Work lists

    @Test func idTaskStatusTableIsAWorkList() throws {
        let found = try counts(
            """
            # Import release

            | ID | Task | Owner | Status |
            |----|------|-------|--------|
            | T-1 | Read the old export format | Mira | ✅ Done |
            | T-2 | Map tags to folders | Jonas | 🚧 In progress |
            | T-3 | Write the migration guide | Mira | Not started |
            """)
        #expect(found.items == 3)
        #expect(found.done == 1)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
        #expect(found.fact.items.map(\.kind) == [.row, .row, .row])
        #expect(found.fact.items.map(\.id) == ["t-1", "t-2", "t-3"])
        #expect(found.fact.items.map(\.status) == [.done, .inProgress, .notStarted])
        #expect(found.progress == (1, 3))
    }

    @Test func doneColumnOfTicksIsAWorkList() throws {
        // An empty cell of a Done column is work not done yet.
        let found = try counts(
            """
            | # | Step | Done |
            |---|------|------|
            | 1 | Reserve the room | ✅ |
            | 2 | Send the invitations | yes |
            | 3 | Order the food |  |
            | 4 | Print the badges | ❌ |
            """)
        #expect(found.items == 4)
        #expect(found.done == 2)
        #expect(found.entries == 0)
        #expect(found.fact.items.map(\.status) == [.done, .done, .notStarted, .notStarted])
        #expect(found.progress == (2, 4))
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    // MARK: Tables that are not work

    @Test func riskMatrixIsNoWork() throws {
        let found = try counts(
            """
            ## Risks

            | Risk | Likelihood | Impact | Mitigation | Status |
            |------|------------|--------|------------|--------|
            | The sync service changes its API | Medium | High | Pin the client version | ✅ Mitigated |
            | The only reviewer is away in May | High | Medium | Book a second reviewer | ❌ Open |
            | Old files do not open | Low | High | Keep the old reader | Watching |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        // `Watching` is no status word, and nobody asked for one here.
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func styleAuditIsNoWork() throws {
        // ❌ says "does not follow the guide", not "blocked".
        let found = try counts(
            """
            ## Style audit

            | Rule | Follows | Status |
            |------|---------|--------|
            | Headings in sentence case | No, title case | ❌ |
            | One idea per paragraph | Yes | ✅ |
            | Numbers under ten spelled out | Partly | ❌ |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func verificationEvidenceIsNoWork() throws {
        let found = try counts(
            """
            ## Verification

            | Requirement | Evidence | Status |
            |-------------|----------|--------|
            | Export keeps the folder tree | `export_test` walks a three-level tree | ✅ Verified |
            | Import refuses files over 2 GB | Manual run with a 3 GB file | ✅ Verified |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func traceabilityTableIsNoWork() throws {
        let found = try counts(
            """
            | Req ID | Test | Status |
            |--------|------|--------|
            | REQ-01 | test_import_tags | Passed |
            | REQ-02 | test_export_empty_folder | Failed |
            | REQ-03 | test_rename_on_conflict | Passed |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func fileListIsNoWork() throws {
        let found = try counts(
            """
            ## Files

            | File | Status |
            |------|--------|
            | `Sources/Import/Reader.swift` | ✅ Created |
            | `Sources/Import/TagMap.swift` | ✅ Created |
            | `Tests/ImportTests.swift` | 🚧 Partial |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func filesColumnOfATaskListKeepsItWork() throws {
        // A Files column is a detail of each task; only a table of files is a file list.
        let found = try counts(
            """
            | # | Task | Files | Status |
            |---|------|-------|--------|
            | 1 | Read tags | `TagMap.swift` | Done |
            | 2 | Write tags | `TagWriter.swift` | Todo |
            """)
        #expect(found.items == 2)
        #expect(found.done == 1)
        #expect(found.entries == 0)
    }

    @Test func comparisonIsNoWork() throws {
        // One column of marks per product: options side by side.
        let found = try counts(
            """
            | Feature | Our app | Rival A | Rival B | Status |
            |---------|---------|---------|---------|--------|
            | Offline editing | ✅ | ✅ | ❌ | Done |
            | Shared folders | ✅ | ❌ | ✅ | Done |
            | Version history | ❌ | ✅ | ✅ | Planned |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func statusWithoutAWorkColumnIsNoWork() throws {
        // `From | To | Via | Status` (links checked) names no work.
        let found = try counts(
            """
            | From | To | Via | Status |
            |------|----|-----|--------|
            | Settings screen | Sync service | `SyncClient.start()` | ✅ Wired |
            | Import button | Reader | `Reader.open(_:)` | ✅ Wired |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
    }

    // MARK: What already worked

    @Test func screenStatesAreNoStatus() throws {
        // A work column, but most Status cells are screen states, not status words.
        let found = try counts(
            """
            | Step | Screen | Status |
            |------|--------|--------|
            | 1 | Home | Empty day |
            | 2 | Home | Behind pace |
            | 3 | Home | Goal met |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func implementationOrderStillGivesPhases() throws {
        let found = try counts(
            """
            ## Implementation Order

            | Phase | Chunks | Priority |
            |-------|--------|----------|
            | Groundwork | CHUNK-001 to CHUNK-002 | HIGH |

            ## CHUNK-001: Reader

            **Status**: ✅ Done

            ## CHUNK-002: Writer

            **Status**: Not started
            """)
        #expect(found.items == 2)
        #expect(found.done == 1)
        #expect(found.entries == 0)
        #expect(found.fact.items.map(\.phase) == ["Groundwork", "Groundwork"])
        #expect(found.fact.items.map(\.priority) == ["HIGH", "HIGH"])
    }

    @Test func chunkTableStillFillsASectionsMissingStatus() throws {
        let found = try counts(
            """
            | Chunk | Status |
            |-------|--------|
            | Chunk 1: Reader | ✅ Done |
            | Chunk 2: Writer | 🚧 In progress |

            ## CHUNK-001: Reader

            Reads the old format.

            ## CHUNK-002: Writer

            **Status**: Not started
            """)
        #expect(found.items == 2)
        #expect(found.done == 1)
        #expect(found.entries == 0)
        // The section's own line wins over the table.
        #expect(found.fact.items.map(\.status) == [.done, .notStarted])
        #expect(found.fact.items.map(\.kind) == [.chunk, .chunk])
    }

    @Test func tablesOfAGSDSummaryAreNoWork() throws {
        // The plans it lists are tracked from their own PLAN files; counting the
        // rows again would show plan 04-02 done and row 04-02 not started.
        let table = """
            | Plan | Status | Summary |
            | --- | --- | --- |
            | 04-01 | Complete | Reader and tag map |
            | 04-02 | Waiting for review | Writer |
            """
        let path = ".planning/phases/04-import/04-02-SUMMARY.md"
        let (fact, warnings) = read(try page("# Phase 4 summary\n\n" + table + "\n", path: path))
        #expect(fact.items.count == 0)
        #expect(fact.items.filter { $0.status == .done }.count == 0)
        #expect(fact.entries.count == 0)
        #expect(warnings.isEmpty, "\(warnings)")
        let asked = read(try page("<!-- specsite:work-items -->\n" + table + "\n", path: path)).fact
        #expect(asked.items.count == 2)
        #expect(asked.items.filter { $0.status == .done }.count == 1)
        #expect(asked.entries.count == 0)
        // The same table anywhere else is a work list.
        let elsewhere = read(try page(table + "\n", path: "docs/plans.md")).fact
        #expect(elsewhere.items.count == 2)
        #expect(elsewhere.items.filter { $0.status == .done }.count == 1)
    }

    // MARK: Tables that repeat the sections

    @Test func aStaleTableOfTheSectionsTasksAddsNoRows() throws {
        // A log whose sections say each task is complete, and a branch list at
        // the end that still says not started: a row named `2.1 Exporter` under
        // `Task` is `Task 2.1`, one named by its words alone is the section of
        // those words. Rows again would be 4 not-started tasks, offered as next.
        let text = """
            # Progress log

            ### Step 1: Task 1.1 - Reader
            - **Status:** complete

            ### Step 2: Task 2.1 - Exporter
            - **Status:** complete

            ### Step 3: Importer
            - **Status:** in progress

            ## Branches

            | Task | Branch | Status |
            |------|--------|--------|
            | 1.1 Reader | `feature/reader` | not started |
            | 2.1 Exporter | `feature/exporter` | not started |
            | Importer | `feature/importer` | in progress |
            """
        let found = try counts(text)
        #expect(found.fact.items.map(\.kind) == [.section, .section, .section])
        #expect(found.fact.items.map(\.status) == [.done, .done, .inProgress])
        #expect(found.progress == (2, 3))
        #expect(found.warnings.isEmpty, "\(found.warnings)")
        // The sections keep what they say; the table's contradiction is a hint.
        #expect(
            found.fact.items.map { $0.hints.map(\.message) } == [
                [
                    "the table says 'not started' (not started) but the section says 'complete' (done); the section is used"
                ],
                [
                    "the table says 'not started' (not started) but the section says 'complete' (done); the section is used"
                ],
                [],
            ])
        #expect(found.fact.items[0].hints.first?.line == 16)
        let status = report([try page(text)])
        #expect(status.plans.map(\.unit.text) == ["2 of 3 sections"])
        #expect(status.plans.first?.others.map(\.text) == [])
        #expect(status.readyNext.isEmpty)
    }

    @Test func aTrackerOfTasksAndPhasesRestatesTheSectionsAndItsTotalIsNoWork() throws {
        // A tracker at the top (phases, with a TOTAL row; then the tasks by
        // bare number under `Task`), the tasks' own sections below, grouped
        // under headings of the phases. Each task is counted once, as its section.
        let text = """
            # Converter plan

            ## Tracker

            | Phase | Status | Completed |
            |-------|--------|-----------|
            | Phase 1: Parsing | ⬜ Not Started | 2/2 |
            | Phase 2: Rendering | 🔄 In Progress | 1/2 |
            | **TOTAL** | **75% Complete** | **3/4** |

            ### Phase 1 Tasks

            | Task | Gap | Description | Status |
            |------|-----|-------------|--------|
            | 1.1 | GAP-1 | Tokenizer | ✅ |
            | 1.2 | GAP-2 | Parser | ✅ |

            ### Phase 2 Tasks

            | Task | Gap | Description | Status |
            |------|-----|-------------|--------|
            | 2.1 | GAP-3 | HTML output | ✅ |
            | 2.2 | GAP-4 | PDF output | ✅ |

            ## 3. Phase 1: Parsing

            ### Task 1.1: Tokenizer (GAP-1)
            **Status:** ✅ Complete

            ### Task 1.2: Parser (GAP-2)
            **Status:** ✅ Complete

            ## 4. Phase 2: Rendering

            ### Task 2.1: HTML output
            **Status:** ✅ Complete

            ### Task 2.2: PDF output
            **Status:** ⬜ Not Started
            """
        let found = try counts(text)
        #expect(found.fact.items.map(\.kind) == [.section, .section, .section, .section])
        #expect(
            found.fact.items.map(\.id) == [
                "task-11-tokenizer-gap-1", "task-12-parser-gap-2", "task-21-html-output", "task-22-pdf-output",
            ])
        #expect(found.fact.items.map(\.status) == [.done, .done, .done, .notStarted])
        #expect(found.progress == (3, 4))
        #expect(found.warnings.isEmpty, "\(found.warnings)")
        #expect(
            found.fact.items.map { $0.hints.map(\.message) } == [
                [
                    "the table says 'Phase 1: Parsing' is '⬜ Not Started' (not started), but 2 of 2 under '3. Phase"
                        + " 1: Parsing' are done; those are counted"
                ],
                [], [],
                ["the table says '✅' (done) but the section says '⬜ Not Started' (not started); the section is used"],
            ])
        let status = report([try page(text)])
        #expect(status.plans.map(\.unit.text) == ["3 of 4 sections"])
        #expect(status.plans.first?.others.map(\.text) == [])
        #expect(status.readyNext.map(\.item.id) == ["task-22-pdf-output"])
    }

    @Test func aSummaryTableOfPhasesIsNotTheUnitOverTheirChecklists() throws {
        // Phases written as checklists, and a small table at the end that sums
        // them up: the boxes are the work ("3 of 6 tasks"), not 1 of 2 rows;
        // a phase the table calls done whose boxes are not all ticked gets a hint.
        let text = """
            # Launch checklist

            ## Phase 0: Setup

            ### Repository
            - [x] Create the repository
            - [x] Add CI

            ### Hosting
            - [ ] Order the server

            ## Phase 1: Backend

            ### API
            - [x] Login endpoint
            - [ ] Search endpoint
            - [ ] Export endpoint

            ## Progress Tracker

            | Phase | Status | Progress |
            |-------|--------|----------|
            | Phase 0 | ✅ Completed | 95% |
            | Phase 1 | 🔄 In Progress | 40% |
            """
        let found = try counts(text)
        #expect(found.fact.items.map(\.kind) == [.checklist, .checklist, .checklist])
        #expect(found.fact.items.map(\.title) == ["Repository", "Hosting", "API"])
        #expect(
            found.fact.items[0].hints == [
                Hint(
                    message: "the table says 'Phase 0' is '✅ Completed' (done), but 2 of 3 under 'Phase 0: Setup'"
                        + " are done; those are counted", line: 23)
            ])
        #expect(found.fact.items[2].hints == [])
        let status = report([try page(text)])
        #expect(status.plans.map(\.unit.text) == ["3 of 6 tasks"])
        #expect(status.countProgress == (3, 6))
    }

    @Test func aRowNamingAHeadingWithNoTrackedWorkIsARow() throws {
        // The table is the only record of phase 2's work: its row is counted.
        let found = try counts(
            """
            # Roadmap

            ## Phase 2: Later

            Nothing planned yet.

            | Phase | Status |
            |-------|--------|
            | Phase 2 | Not started |
            | **Total** | 0% |
            """)
        #expect(found.fact.items.map(\.kind) == [.row])
        #expect(found.fact.items.map(\.title) == ["Phase 2"])
        #expect(found.progress == (0, 1))
    }

    @Test func aRowWhoseWordsDisagreeWithTheSectionOfItsLabelIsItsOwnWork() throws {
        // `Phase 2 Features Complete` is a milestone of the product's second
        // phase of features, not the plan's `## Phase 2: Database` (a done section).
        let found = try counts(
            """
            # Timeline

            ## Phase 2: Database ✅

            ## Phase 3: Setup & Infrastructure

            - [ ] Servers

            | Milestone | Target | Status |
            |-----------|--------|--------|
            | Phase 2 Features Complete | June | ⏳ Not started |
            | Phase 3: Setup | May | Not started |
            """)
        #expect(found.fact.items.map(\.kind) == [.section, .checklist, .row])
        #expect(
            found.fact.items.map(\.title) == [
                "Phase 2: Database", "Phase 3: Setup & Infrastructure", "Phase 2 Features Complete",
            ])
        #expect(found.fact.items.allSatisfy { $0.hints.isEmpty })
    }

    @Test func rowNamesAreReadAsTheirColumnSays() {
        func names(_ name: String, _ header: [String]) -> PlanReader.RowNames {
            PlanReader.rowNames(name: name, column: 0, cells: [name, "Parser", "Done"], header: header, status: 2)
        }
        #expect(names("1.1", ["task", "description", "status"]).labels == ["task 1.1"])
        #expect(names("2.1b", ["task", "description", "status"]).labels == ["task 2.1b"])
        #expect(names("2.1b", ["#", "description", "status"]).labels == [])
        #expect(names("2.1b", ["#", "description", "status"]).number == "2.1b")
        #expect(names("1.1 WeightDisplay", ["tasks", "branch", "status"]).labels == ["task 1.1"])
        #expect(names("1.1 WeightDisplay", ["tasks", "branch", "status"]).words == ["weightdisplay"])
        #expect(names("Phase 1: Critical Fixes", ["phase", "notes", "status"]).labels == ["phase 1", "phase 1"])
        #expect(PlanReader.isSum("TOTAL"))
        #expect(PlanReader.isSum("Grand total"))
        #expect(!PlanReader.isSum("Total recall feature"))
    }

    // MARK: Comments

    @Test func commentsArriveAsHTMLBlocksBeforeTheTable() throws {
        let document = try page(
            """
            <!-- specsite:work-items -->
            | Component | Status |
            |-----------|--------|
            | Reader | Done |
            """
        ).document
        let kinds = document.root.children.map(\.kind)
        #expect(kinds.count == 2)
        #expect(kinds.first == .htmlBlock("<!-- specsite:work-items -->\n"))
        #expect(document.root.children.last?.kind.isTable == true)
    }

    @Test func workItemsCommentMakesATableWork() throws {
        // No column names work, so the header alone would leave it out.
        let found = try counts(
            """
            <!-- specsite:work-items -->
            | Component | Owner | Status |
            |-----------|-------|--------|
            | Reader | Mira | ✅ Done |
            | Writer | Jonas | Not started |
            | Tag map | Mira | Parked |
            """)
        #expect(found.items == 3)
        #expect(found.done == 1)
        #expect(found.entries == 0)
        // Asked for, so a word nobody knows is worth a warning.
        #expect(found.warnings.map(\.line) == [6])
        #expect(found.warnings.first?.message.contains("unknown status 'Parked'") == true)
    }

    @Test func notWorkItemsCommentLeavesAWorkListOut() throws {
        let found = try counts(
            """
            ## Last sprint, for reference

            <!-- specsite:not-work-items -->

            | ID | Task | Status |
            |----|------|--------|
            | T-1 | Read the old export format | ✅ Done |
            | T-2 | Map tags to folders | Done |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func misplacedOrMistypedCommentsAreWarnedAbout() throws {
        let found = try counts(
            """
            <!-- specsite:work-items -->
            Some words first.

            <!-- specsite:work-item -->
            | Risk | Status |
            |------|--------|
            | Late vendor | Open |

            <!-- specsite:work-items -->
            | Owner | Notes |
            |-------|-------|
            | Mira | Reader |
            """)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.map(\.line) == [1, 4, 10])
    }

    // MARK: Front matter

    @Test func frontMatterFalseMakesNothingWork() throws {
        let text = """
            ---
            title: Notes from the retro
            work_items: false
            ---

            # Retro

            ## CHUNK-001: Reader ✅

            - [x] Read tags
            - [ ] Write tags

            | ID | Task | Status |
            |----|------|--------|
            | T-1 | Map tags | Done |
            """
        let found = try counts(text)
        #expect(found.items == 0)
        #expect(found.done == 0)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
        let (fact, warnings) = StatusPlugin.read(try page(text))
        #expect(fact.items.isEmpty && fact.entries.isEmpty && warnings.isEmpty)
        #expect(report([try page(text)]).entries.isEmpty)
    }

    @Test func frontMatterTrueMakesEveryStatusTableWork() throws {
        let found = try counts(
            """
            ---
            work_items: true
            ---

            | Risk | Impact | Status |
            |------|--------|--------|
            | Late vendor | High | ✅ Closed |
            | Missing reviewer | Medium | Open |

            | Component | Status |
            |-----------|--------|
            | Reader | Done |

            <!-- specsite:not-work-items -->
            | File | Status |
            |------|--------|
            | `Reader.swift` | ✅ Created |

            | Owner | Notes |
            |-------|-------|
            | Mira | Reader |
            """)
        // The table's own comment wins over the page; a table with no status column stays prose.
        #expect(found.items == 3)
        #expect(found.done == 2)
        #expect(found.entries == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func frontMatterAutoIsTheDefault() throws {
        let found = try counts(
            """
            ---
            work_items: auto
            ---

            | Risk | Status |
            |------|--------|
            | Late vendor | Open |
            """)
        #expect(found.items == 0)
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func unknownFrontMatterValueIsWarnedAtItsLine() throws {
        let found = try counts(
            """
            ---
            title: Plan
            work_items: sometimes
            ---

            | ID | Task | Status |
            |----|------|--------|
            | T-1 | Map tags | Done |
            """)
        #expect(found.items == 1)
        #expect(found.done == 1)
        #expect(found.entries == 0)
        #expect(found.warnings.map(\.line) == [3])
        #expect(found.warnings.first?.message.contains("'sometimes'") == true)
    }

    // MARK: The rule itself

    @Test func headersDecide() {
        func decide(_ header: [String]) -> WorkTableRule.Decision {
            WorkTableRule.decide(header: header, body: [], mode: .auto)
        }
        let work = WorkTableRule.Decision.workList(.init(index: 2, isCheck: false))
        #expect(decide(["ID", "Task", "Status"]) == work)
        #expect(decide(["Item", "Owner", "Current Status", "Notes"]) == .workList(.init(index: 2, isCheck: false)))
        #expect(decide(["Phase", "Milestone", "Plans Complete", "Status", "Completed"]).isWorkList)
        #expect(decide(["User Story", "Points", "✅"]) == .workList(.init(index: 2, isCheck: true)))
        #expect(decide(["#", "Task", "Follow-up", "Status"]).isWorkList)
        #expect(decide(["# ", "Truth", "Status", "Evidence"]) == .notWorkList(.otherTable(column: "Truth")))
        #expect(decide(["Requirement", "Phase", "Status"]) == .notWorkList(.otherTable(column: "Requirement")))
        #expect(decide(["Threat ID", "Severity", "Status"]) == .notWorkList(.otherTable(column: "Threat ID")))
        #expect(decide(["Artifact", "Expected", "Status", "Details"]) == .notWorkList(.otherTable(column: "Artifact")))
        #expect(decide(["#", "Path", "Status"]) == .notWorkList(.otherTable(column: "Path")))
        #expect(decide(["Check", "Status", "Notes"]) == .notWorkList(.otherTable(column: "Check")))
        #expect(decide(["Category", "Maturity", "Status", "Critical?"]) == .notWorkList(.noWorkColumn))
        #expect(decide(["State", "Ring", "Caption"]) == .notWorkList(.stateTable))
        // A panel's states (a spec-kit contract), though "Actions" names work;
        // a State column after what the row is, or a tick column first, still tracks work.
        #expect(decide(["State", "Renders", "Actions"]) == .notWorkList(.stateTable))
        #expect(decide(["Task", "State"]) == .workList(.init(index: 1, isCheck: false)))
        #expect(decide(["Done", "Task"]) == .workList(.init(index: 0, isCheck: true)))
        #expect(decide(["Task", "Owner"]) == .notWorkList(.noStatusColumn))
        #expect(decide(["Step", "Done when"]) == .notWorkList(.noStatusColumn))
    }
}

extension WorkTableRule.Decision {
    var isWorkList: Bool {
        if case .workList = self { return true }
        return false
    }
}
