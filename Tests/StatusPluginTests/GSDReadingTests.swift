import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// How GSD `.planning/` folders written by other teams are read: nested plan
/// blocks, titles, quick tasks, short `depends_on` forms, archived milestones.
@Suite("GSD reading")
struct GSDReadingTests {
    /// The report the plugin makes of these pages, GSD files included.
    func gsdReport(_ pages: [Page]) -> StatusReport {
        StatusReport.make(facts: pages.map { ($0, StatusPlugin.read($0).0) })
    }

    /// A page at `path` as the builder makes it with the plugin: the GSD tags
    /// rewritten before the markdown is parsed, titled by its first heading.
    static func gsdPage(_ text: String, path: String) throws -> Page {
        var page = try page(text, path: path)
        let body = GSDMarkup.rewrite(page.markdown).markdown
        page.markdown = body
        page.document = MarkdownParser.parse(body, firstLine: page.bodyFirstLine)
        page.title = page.document.headings.first { $0.level == 1 }?.text ?? path
        return page
    }

    // MARK: Nested plan blocks

    /// A plan whose `<context>` holds an `<interfaces>` block of fenced code,
    /// as GSD's planner writes it.
    static let nestedContext = """
        <objective>
        Add the pause states.
        </objective>

        <context>
        @.planning/STATE.md
        @.planning/ROADMAP.md

        <interfaces>
        <!-- Key types the executor needs -->

        From workflow/state.go:

        ```go
        type DAGStatus string
        ```

        From workflow/cancel.go:

        ```go
        func Cancel(ctx context.Context) error
        ```
        </interfaces>
        </context>

        <tasks>

        <task type="auto" tdd="true">
          <name>Task 1: Add the states</name>
          <action>Write them.</action>
        </task>

        </tasks>
        """

    @Test func aSectionInsideContextIsNestedNotAWarning() throws {
        let rewrite = GSDMarkup.rewrite(Self.nestedContext)
        #expect(rewrite.warnings == [])
        let body = GSDTestSupport.read(Self.nestedContext)
        #expect(body.sections.map(\.name) == ["objective", "context", "tasks"])
        // `<context>` runs from its tag (line 5) to its close tag (line 24).
        #expect(body.section("context").map { [$0.line, $0.endLine] } == [5, 24])
        #expect(body.tasks.map(\.name) == ["Task 1: Add the states"])
        let html = try GSDTestSupport.render(Self.nestedContext)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(html.contains("type DAGStatus string"))
    }

    @Test func anInnerSectionLeftOpenIsStillReported() throws {
        // The author never closed `<interfaces>`; `</context>` closes both.
        let text = """
            <objective>
            Gate the scheduler.
            </objective>

            <context>
            @workflow/scheduler.go

            <interfaces>
            <read_first>
            - workflow/scheduler.go
            </read_first>

            Key contracts.
            </context>

            <tasks>
            <task type="auto">
              <name>Task 1: Gate</name>
            </task>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [LineMessage(line: 8, message: "`<interfaces>` opened here is never closed")])
        #expect(GSDTestSupport.read(text).sections.map(\.name) == ["objective", "context", "tasks"])
        #expect(GSDTestSupport.nestingProblems(try GSDTestSupport.render(text)) == [])
    }

    @Test func aSectionLeftOpenBeforeTheNextIsStillReported() throws {
        // `<objective>` is never closed: `<context>` follows it, it does not nest in it.
        let text = """
            <objective>
            Goal.

            <context>
            @a.md
            </context>

            <tasks>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [LineMessage(line: 1, message: "`<objective>` opened here is never closed")])
        #expect(GSDTestSupport.read(text).sections.map(\.name) == ["objective", "context", "tasks"])
    }

    @Test func aNestedBlockWarnsNothingOnTheBuiltSite() throws {
        let plan = "---\nphase: 01-core\nplan: 01\nwave: 1\ndepends_on: []\n---\n\n" + Self.nestedContext + "\n"
        let site = try BuiltSite([".planning/phases/01-core/01-01-PLAN.md": plan])
        defer { site.remove() }
        #expect(try site.build().map(\.description) == [])
    }

    // MARK: Plan titles

    static func plan(front: String = "", objective: String) -> String {
        "---\nphase: 30-deploy\nplan: 02\nwave: 1\ndepends_on: []\n\(front)---\n\n<objective>\n\(objective)\n</objective>\n"
    }

    static func planTitle(_ text: String) throws -> String? {
        let page = try gsdPage(text, path: ".planning/phases/30-deploy/30-02-PLAN.md")
        return StatusPlugin.read(page).0.items.first?.title
    }

    @Test func theFrontMatterNameIsThePlansTitle() throws {
        let objective = "Resume DAGs that are still pausing. Then the helpers."
        #expect(
            try Self.planTitle(Self.plan(front: "name: Resume from Pausing + State Helpers\n", objective: objective))
                == "Resume from Pausing + State Helpers")
        #expect(
            try Self.planTitle(Self.plan(front: "title: \"Event-Path Finalization\"\n", objective: objective))
                == "Event-Path Finalization")
        // No name: the objective's first sentence; an empty name says nothing.
        #expect(
            try Self.planTitle(Self.plan(front: "name: \"\"\n", objective: objective))
                == "Resume DAGs that are still pausing")
    }

    @Test func aSentenceDoesNotEndInsideBrackets() throws {
        let objective =
            "Ship the boot-time env validator (D-18 .. D-21) and sweep all `process.env.*` lookups [see A. B]"
            + " instead. `Redis.fromEnv()` is kept."
        #expect(
            try Self.planTitle(Self.plan(objective: objective))
                == "Ship the boot-time env validator (D-18 .. D-21) and sweep all process.env.* lookups [see A. B]"
                + " instead")
        // A bracket left open keeps the whole line: a title is never cut.
        let open = try Self.planTitle(Self.plan(objective: "Do (this. And that"))
        #expect(open == "Do (this. And that")
    }

    // MARK: depends_on

    static func plan(_ id: String, folder: String, dependsOn: String) -> String {
        "---\nphase: \(folder)\nplan: \(id.split(separator: "-").last!)\nwave: 1\ndepends_on: \(dependsOn)\n---\n\n"
            + "<objective>\nPlan \(id).\n</objective>\n"
    }

    @Test func shortDependenciesNameAPlanOfTheSamePhase() throws {
        let files: [(id: String, folder: String, depends: String)] = [
            ("05-01", "05-fixes", "[]"),
            ("05-02", "05-fixes", "[\"01\"]"),
            ("05-03", "05-fixes", "[\"05-01-PLAN.md\", \"02\"]"),
            ("30.1-01", "30.1-idor", "[]"),
            ("30.1-02", "30.1-idor", "\"01\""),
        ]
        var warnings: [LineMessage] = []
        var pages: [Page] = []
        for file in files {
            let page = try Self.gsdPage(
                Self.plan(file.id, folder: file.folder, dependsOn: file.depends),
                path: ".planning/phases/\(file.folder)/\(file.id)-PLAN.md")
            warnings += StatusPlugin.read(page).1
            pages.append(page)
        }
        #expect(warnings == [])
        let report = gsdReport(pages)
        #expect(report.warnings.isEmpty)
        let deps = files.map { report.entry(".planning#" + $0.id)?.item.dependencyIDs ?? ["missing"] }
        #expect(deps == [[], ["05-01"], ["05-01", "05-02"], [], ["30.1-01"]])
        #expect(report.entry(".planning#05-02")?.waitingFor == [".planning#05-01"])
        #expect(report.entry(".planning#05-03")?.waitingFor == [".planning#05-01", ".planning#05-02"])
        #expect(report.readyNext.map(\.item.id) == ["05-01", "30.1-01"])
    }

    // MARK: Roadmap phases and archived milestones

    /// The report of these files, each read as the builder reads it.
    func gsdReport(_ files: [String: String]) throws -> StatusReport {
        gsdReport(try files.keys.sorted().map { try Self.gsdPage(files[$0]!, path: $0) })
    }

    static func plan(_ id: String, folder: String, title: String, depends: String = "[]") -> String {
        "---\nphase: \(folder)\nplan: \(id.suffix(2))\nwave: 1\ndepends_on: \(depends)\n---\n\n"
            + "<objective>\n\(title).\n</objective>\n"
    }

    static let summary = "---\ncompleted: 2026-06-03\n---\n\n# Summary\n"

    /// A milestone shipped and folded into `<details>`, archived a second time
    /// as `milestones/v1.0-ROADMAP.md`, its phase folders left in `phases/`;
    /// an inserted phase inside the same block, not done.
    static let shippedMilestone: [String: String] = [
        ".planning/ROADMAP.md": """
        # Roadmap

        ## Phases

        <details>
        <summary>✅ v1.0 Pause/Resume (Phases 1-2) — SHIPPED 2026-06-03</summary>

        - [x] Phase 1: State Machine & Pure Logic (1/1 plans) — completed 2026-06-03
        - [x] Phase 2: Pause API + Resume API (1/1 plans) — completed 2026-06-03
        - [ ] Phase 3: PR Review Feedback Fixes (0/0 plans) — (INSERTED)

        </details>
        """,
        ".planning/milestones/v1.0-ROADMAP.md": """
        # Milestone v1.0

        **Status:** ✅ SHIPPED 2026-06-03

        ### Phase 1: State Machine & Pure Logic

        **Depends on**: Nothing

        Plans:

        - [x] 01-01-PLAN.md — Add the states

        ### Phase 2: Pause API + Resume API

        **Depends on**: Phase 1

        Plans:

        - [x] 02-01-PLAN.md — Add the API
        """,
        ".planning/STATE.md": """
        ---
        progress:
          total_plans: 2
          completed_plans: 2
          percent: 67
        ---

        # State
        """,
        ".planning/phases/01-state-machine-pure-logic/01-01-PLAN.md": plan(
            "01-01", folder: "01-state-machine-pure-logic", title: "Add the states"),
        ".planning/phases/01-state-machine-pure-logic/01-01-SUMMARY.md": summary,
        ".planning/phases/02-pause-api-resume-api/02-01-PLAN.md": plan(
            "02-01", folder: "02-pause-api-resume-api", title: "Add the API"),
        ".planning/phases/02-pause-api-resume-api/02-01-SUMMARY.md": summary,
        ".planning/phases/03-pr-review-feedback-fixes/03-01-PLAN.md": plan(
            "03-01", folder: "03-pr-review-feedback-fixes", title: "Resume from pausing"),
        ".planning/phases/03-pr-review-feedback-fixes/03-02-PLAN.md": plan(
            "03-02", folder: "03-pr-review-feedback-fixes", title: "Sweep", depends: "[\"01\"]"),
    ]

    @Test func aShippedMilestoneIsHistoryCountedOnce() throws {
        let report = try gsdReport(Self.shippedMilestone)
        let phases = report.entries.filter { $0.item.kind == .phase }.map(\.item)
        #expect(phases.map(\.key) == [".planning#phase-1", ".planning#phase-2", ".planning#phase-3"])
        // Titles from the ROADMAP's lines, not from the folders' names.
        #expect(
            phases.map(\.title) == ["State Machine & Pure Logic", "Pause API + Resume API", "PR Review Feedback Fixes"])
        #expect(phases.map(\.archived) == [true, true, false])
        #expect(phases.map(\.status) == [.done, .done, .notStarted])
        #expect(
            phases[2].hints == [
                Hint(message: "it is listed inside an archived milestone, but its line says not started", line: 10)
            ])
        let plans = report.entries.filter { $0.item.kind == .plan }.map(\.item)
        #expect(plans.map(\.key) == [".planning#01-01", ".planning#02-01", ".planning#03-01", ".planning#03-02"])
        #expect(plans.map(\.archived) == [true, true, false, false])
        #expect(plans.map(\.status) == [.done, .done, .notStarted, .notStarted])
        // The archive's ticked plan lines agree with the SUMMARYs beside the plans.
        #expect(plans.allSatisfy { $0.hints.isEmpty })
        #expect(report.plans.map { $0.unit.text } == ["0 of 2 plans"])
        #expect(report.plans.map { $0.others.map(\.text) } == [["0 of 1 phase"]])
        #expect(report.readyNext.map(\.item.id) == ["03-01"])
        #expect(report.entry(".planning#03-02")?.readiness == .waiting)
        #expect(
            report.warnings.map(\.message) == [
                "STATE.md says 2 of 2 plans, 67% done, but the planning folder shows 0 of 2 plans with a SUMMARY"
                    + " (0%), besides 2 of archived milestones; the folder's count is used"
            ])
    }

    @Test func phasesOnlyTheRoadmapRemembersAreArchivedHistory() throws {
        // Two shipped milestones kept only as ROADMAP lines; the current one's
        // plans have SUMMARYs and no PLAN files, and one plan line is not ticked.
        let report = try gsdReport([
            ".planning/ROADMAP.md": """
            # Roadmap

            <details>
            <summary>✅ v1.0 Filter Compatibility (Phases 1-2) — SHIPPED 2026-02-18</summary>

            - [x] Phase 1: Validation Fix and Platform Constants (2/2 plans) — completed 2026-02-17
            - [x] Phase 2: Conditional Evaluator (1/1 plan) — completed 2026-02-17

            </details>

            ### 🚧 v1.2 Distribution (In Progress)

            - [x] **Phase 3: Homebrew Cask** — Versioned DMG output (completed 2026-02-19)

            ### Phase 3: Homebrew Cask

            Plans:
            - [ ] 03-01-PLAN.md -- Versioned DMG output
            """,
            ".planning/phases/03-homebrew-cask/03-01-SUMMARY.md": "---\ncompleted: 2026-02-19\n---\n\n# Cask\n",
        ])
        let phases = report.entries.filter { $0.item.kind == .phase }.map(\.item)
        #expect(phases.map(\.id) == ["phase-3", "phase-1", "phase-2"])
        #expect(
            phases.map(\.title) == ["Homebrew Cask", "Validation Fix and Platform Constants", "Conditional Evaluator"])
        #expect(phases.map(\.archived) == [false, true, true])
        #expect(phases.map(\.status) == [.done, .done, .done])
        // History keeps its plan counts without asking for the files.
        #expect(phases.allSatisfy { $0.hints.isEmpty })
        let plan = try #require(report.entry(".planning#03-01")?.item)
        #expect(plan.status == .done)
        #expect(plan.hints.map(\.message) == ["it has a SUMMARY, but its ROADMAP line is not ticked"])
        #expect(report.plans.map { ([$0.unit] + $0.others).map(\.text) } == [["1 of 1 plan", "1 of 1 phase"]])
        #expect(report.readyNext.isEmpty)
    }

    @Test func milestoneArchivesAndTheirCopiesAreOnePhaseEach() throws {
        // v1.0 is summed up as a range in ROADMAP.md and archived with its
        // folders left in phases/ (its archive a stale snapshot); v1.1 has its
        // own folders, and its archive repeats v1.0's block.
        let report = try gsdReport([
            ".planning/ROADMAP.md": """
            # Roadmap

            <details>
            <summary>v1.0 MVP (Phases 1-2) - SHIPPED 2026-04-06</summary>

            - [x] **Phase 1-2** — Full MVP: scaffolding, database

            </details>

            <details>
            <summary>v1.1 Design (Phase 3) - SHIPPED 2026-04-07</summary>

            - [x] **Phase 3: Design Tokens** — tokens

            </details>

            ### v2.0 Auth (In Progress)

            - [ ] **Phase 4: Schema Migration** - User model
            """,
            ".planning/milestones/v1.0-ROADMAP.md": """
            # Milestone v1.0

            - [x] **Phase 1: Infrastructure + Scaffolding** - Next.js
            - [ ] **Phase 2: Database Schema + Seed** - Prisma

            ### Phase 2: Database Schema + Seed

            Plans:
            - [ ] 02-01-PLAN.md — Schema
            """,
            ".planning/milestones/v1.1-ROADMAP.md": """
            # Milestone v1.1

            <details>
            <summary>v1.0 MVP (Phases 1-2) - SHIPPED 2026-04-06</summary>

            - [x] **Phase 1: Infrastructure + Scaffolding** - Next.js
            - [x] **Phase 2: Database Schema + Seed** - Prisma

            </details>

            - [x] **Phase 3: Design Tokens** - tokens
            """,
            ".planning/phases/01-infrastructure-scaffolding/01-01-PLAN.md": Self.plan(
                "01-01", folder: "01-infrastructure-scaffolding", title: "Scaffold"),
            ".planning/phases/01-infrastructure-scaffolding/01-01-SUMMARY.md": Self.summary,
            ".planning/phases/02-database-schema-seed/02-01-PLAN.md": Self.plan(
                "02-01", folder: "02-database-schema-seed", title: "Schema"),
            ".planning/phases/02-database-schema-seed/02-01-SUMMARY.md": Self.summary,
            ".planning/milestones/v1.1-phases/03-design-tokens/03-01-PLAN.md": Self.plan(
                "03-01", folder: "03-design-tokens", title: "Tokens"),
            ".planning/milestones/v1.1-phases/03-design-tokens/03-01-SUMMARY.md": Self.summary,
            ".planning/phases/04-schema-migration/04-01-PLAN.md": Self.plan(
                "04-01", folder: "04-schema-migration", title: "Users"),
        ])
        let phases = report.entries.filter { $0.item.kind == .phase }.map(\.item)
        #expect(
            Set(phases.map(\.key)) == [
                ".planning#phase-1", ".planning#phase-2", ".planning/milestones/v1.1#phase-3", ".planning#phase-4",
            ])
        #expect(phases.count == 4)
        #expect(phases.filter(\.archived).count == 3)
        let two = try #require(report.entry(".planning#phase-2")?.item)
        #expect(two.title == "Database Schema + Seed")
        #expect(two.status == .done)
        #expect(two.hints.map(\.message) == ["its ROADMAP line says not started, but every plan has a SUMMARY"])
        #expect(
            report.entry(".planning#02-01")?.item.hints.map(\.message) == [
                "it has a SUMMARY, but its ROADMAP line is not ticked"
            ])
        let plans = report.entries.filter { $0.item.kind == .plan }.map(\.item)
        #expect(plans.count == 4)
        #expect(plans.filter(\.archived).map(\.id).sorted() == ["01-01", "02-01", "03-01"])
        #expect(report.plans.map { ([$0.unit] + $0.others).map(\.text) } == [["0 of 1 plan", "0 of 1 phase"]])
        #expect(report.readyNext.map(\.item.id) == ["04-01"])
    }

    /// A milestone half planned: phase 1 done, phase 2 with placeholder plan
    /// lines only, phase 3 planned (one PLAN file, no SUMMARY) but waiting on
    /// phase 2, phase 4 placeholders again.
    static let placeholderPlans: [String: String] = [
        ".planning/ROADMAP.md": """
        # Roadmap

        - [x] **Phase 1: Ingest** (2/2 plans) — completed 2026-02-01
        - [ ] **Phase 2: Index**
        - [ ] **Phase 3: Query**
        - [ ] **Phase 4: Export**

        ### Phase 2: Index
        **Depends on**: Phase 1
        **Plans**: TBD

        Plans:
        - [ ] 02-01: TBD
        - [ ] 02-02: TBD

        ### Phase 3: Query
        **Depends on**: Phase 2
        **Plans**: 1 plan

        Plans:
        - [ ] 03-01-PLAN.md — Parse the query language

        ### Phase 4: Export
        **Depends on**: Phase 3

        Plans:
        - [ ] 04-01: To be planned
        """,
        ".planning/STATE.md": """
        ---
        progress:
          total_plans: 3
          completed_plans: 2
        ---

        # State
        """,
        ".planning/phases/01-ingest/01-01-PLAN.md": plan("01-01", folder: "01-ingest", title: "Read the feed"),
        ".planning/phases/01-ingest/01-01-SUMMARY.md": summary,
        ".planning/phases/01-ingest/01-02-PLAN.md": plan("01-02", folder: "01-ingest", title: "Store it"),
        ".planning/phases/01-ingest/01-02-SUMMARY.md": summary,
        ".planning/phases/03-query/03-01-PLAN.md": plan("03-01", folder: "03-query", title: "Parse the query language"),
    ]

    @Test func placeholderPlanLinesAreAPhaseNotYetPlanned() throws {
        let report = try gsdReport(Self.placeholderPlans)
        // `02-01: TBD` names no plan: the two unplanned phases are counted, not three invented plans.
        #expect(report.units.map(\.text) == ["1 of 4 phases"])
        #expect(report.plans.first?.others.map(\.text) == ["2 of 3 plans"])
        let plans = report.entries.filter { $0.item.kind == .plan }.map(\.item.id)
        #expect(plans == ["01-01", "01-02", "03-01"])
        let phases = report.entries.filter { $0.item.kind == .phase }
        #expect(phases.map(\.item.status) == [.done, .notStarted, .notStarted, .notStarted])
        #expect(phases.map(\.readiness) == [.settled, .ready, .waiting, .waiting])
        #expect(
            phases[1].item.note
                == "not planned yet: the ROADMAP's plan lines 02-01, 02-02 are placeholders")
        #expect(phases[3].item.note == "not planned yet: the ROADMAP's plan line 04-01 is a placeholder")
        #expect(phases[2].item.note == nil)
        // STATE.md's 2 of 3 plans agrees with the folder once the placeholders are no plans.
        #expect(report.warnings.isEmpty)
        // A plan waits while its phase waits; the phase not yet planned is the next step.
        let query = try #require(report.entry(".planning#03-01"))
        #expect(query.readiness == .waiting)
        #expect(query.waitingFor == [".planning#phase-2"])
        #expect(report.readyNext.map(\.item.key) == [".planning#phase-2"])
    }

    @Test func placeholderWordsAreTold() {
        for title in ["TBD", "(TBD)", "tbd.", "TODO", "To be planned", "Plans TBD", "?", "…"] {
            #expect((try? RoadmapReader.placeholderTitle.wholeMatch(in: title)) != nil, "\(title)")
        }
        for title in ["TBD: export the ledger", "Parse the query language", "Todo list screen", ""] {
            #expect((try? RoadmapReader.placeholderTitle.wholeMatch(in: title)) == nil, "\(title)")
        }
    }

    // MARK: Quick tasks

    /// A roadmap phase 12 with a plan not started, and four quick tasks whose
    /// numbers are their own: one with only its SUMMARY, one done, one to do,
    /// one numbered like the phase.
    static let quickTasks: [String: String] = [
        ".planning/ROADMAP.md": "# Roadmap\n\n- [ ] Phase 12: Homebrew Cask (0/1 plans)\n",
        ".planning/phases/12-homebrew-cask/12-01-PLAN.md": plan(
            "12-01", folder: "12-homebrew-cask", title: "Write the cask"),
        ".planning/quick/12-add-backup-and-restore/12-SUMMARY.md":
            "---\nphase: 12-add-backup-and-restore\nplan: 01\ncompleted: 2026-02-19\n---\n\n"
            + "# Quick Task 12: Add Backup and Restore\n",
        ".planning/quick/13-fix-broken-script-based-ad-blocking-afte/13-PLAN.md": """
        ---
        phase: 13-fix-broken-script-based-ad-blocking-afte
        plan: 01
        type: execute
        wave: 1
        depends_on: []
        ---

        <objective>
        Rebuild the Safari extension scripts. Then check them.
        </objective>

        <tasks>
        <task type="auto">
          <name>Task 1: Rebuild</name>
        </task>
        <task type="auto">
          <name>Task 2: Check</name>
        </task>
        </tasks>
        """,
        ".planning/quick/13-fix-broken-script-based-ad-blocking-afte/13-SUMMARY.md":
            "---\nphase: 13-fix-broken-script-based-ad-blocking-afte\nplan: 01\n---\n\n# Quick Task 13: Fix\n",
        ".planning/quick/14-tidy-logs/14-PLAN.md": plan("14-01", folder: "14-tidy-logs", title: "Tidy the logs"),
    ]

    @Test func quickTasksAreTheirOwnWorkInNoPhase() throws {
        let report = try gsdReport(Self.quickTasks)
        let quick = report.entries.filter { $0.item.kind == .quick }.map(\.item)
        #expect(quick.map(\.key).sorted() == [".planning#quick-12", ".planning#quick-13", ".planning#quick-14"])
        #expect(
            quick.map(\.title).sorted() == [
                "Quick Task 12: Add Backup and Restore", "Rebuild the Safari extension scripts", "Tidy the logs",
            ])
        #expect(report.entry(".planning#quick-12")?.item.status == .done)
        #expect(report.entry(".planning#quick-13")?.item.status == .done)
        #expect(report.entry(".planning#quick-13")?.item.checklist == ChecklistCount(done: 2))
        #expect(report.entry(".planning#quick-14")?.item.status == .notStarted)
        #expect(quick.allSatisfy { $0.parent == nil && $0.phase == nil })
        // Phase 12 is the roadmap's, with its one plan; no phase 13 or 14 is made.
        let phases = report.entries.filter { $0.item.kind == .phase }.map(\.item)
        #expect(phases.map(\.key) == [".planning#phase-12"])
        #expect(phases.first?.checklist == ChecklistCount(open: 1))
        #expect(report.entries.filter { $0.item.kind == .plan }.map(\.item.key) == [".planning#12-01"])
        // Counted apart from the plans, and never summed into them.
        #expect(
            report.plans.map { ([$0.unit] + $0.others).map(\.text) } == [
                ["0 of 1 plan", "0 of 1 phase", "2 of 3 quick tasks"]
            ])
        #expect(report.units.map(\.text) == ["0 of 1 plan"])
        // A finished quick task is never next; an open one is.
        #expect(report.readyNext.map(\.item.key) == [".planning#12-01", ".planning#quick-14"])
    }

    @Test func aQuickTaskPageShowsItsOwnCard() throws {
        let site = try BuiltSite(Self.quickTasks)
        defer { site.remove() }
        #expect(try site.build().map(\.description) == [])
        let items = try site.items()
        #expect(items[".planning#quick-13"]?["kind"] as? String == "quick")
        #expect(items[".planning#quick-13"]?["status"] as? String == "done")
        #expect(items.keys.filter { $0.contains("phase-13") || $0.contains("13-01") }.isEmpty)
        let page = try site.text("planning/quick/13-fix-broken-script-based-ad-blocking-afte/13-PLAN.html")
        let card = try section(after: "gsd-plan-card-title\">", in: page)
        #expect(card.hasPrefix("Quick task 13</h2>"))
        #expect(!card.contains(">Phase<"))
    }

    // MARK: An open box against the folder's evidence

    /// Phase 1's line is an open box, but every plan has its SUMMARY: done,
    /// with a hint. Phase 2's too, but the progress table says what the box
    /// does not (`Awaiting Operator Smoke-Check`): in review, with a hint.
    @Test func anOpenBoxGivesWayToSummariesButWordsStand() throws {
        let roadmap = """
            # Roadmap

            - [ ] **Phase 1: Core** - models and store
            - [ ] **Phase 2: Deploy** - production

            | Phase | Plans | Status | Completed |
            |---|---|---|---|
            | 1. Core | 1/1 | In progress | - |
            | 2. Deploy | 1/1 | Awaiting Operator Smoke-Check | - |
            """
        let pages = [
            try page(roadmap, path: ".planning/ROADMAP.md"),
            try page("# Plan\n", path: ".planning/phases/01-core/01-01-PLAN.md"),
            try page("# Summary\n", path: ".planning/phases/01-core/01-01-SUMMARY.md"),
            try page("# Plan\n", path: ".planning/phases/02-deploy/02-01-PLAN.md"),
            try page("# Summary\n", path: ".planning/phases/02-deploy/02-01-SUMMARY.md"),
        ]
        let report = gsdReport(pages)
        let core = try #require(report.entry(".planning#phase-1")).item
        let deploy = try #require(report.entry(".planning#phase-2")).item
        // The table's "In progress" is words too: they stand against the SUMMARY.
        #expect(core.status == .inProgress)
        #expect(core.hints.map(\.message) == ["its ROADMAP line says in progress, but every plan has a SUMMARY"])
        #expect(deploy.status == .inReview)
        #expect(deploy.hints.map(\.message) == ["its ROADMAP line says in review, but every plan has a SUMMARY"])

        let bare = try page(
            "# Roadmap\n\n- [ ] **Phase 1: Core** - models and store\n", path: ".planning/ROADMAP.md")
        let done = gsdReport([bare] + pages.dropFirst())
        let phase = try #require(done.entry(".planning#phase-1")).item
        #expect(phase.status == .done)
        #expect(phase.hints.map(\.message) == ["its ROADMAP line says not started, but every plan has a SUMMARY"])
    }

    /// A ticked plan line that still says its last task is pending: the tick
    /// stands (it is what the author wrote), and the words become a hint that
    /// names the ROADMAP line. A plain description ("Fix failing tests",
    /// "open the menu") gives none.
    @Test func aTickedPlanLineThatSaysPendingAsItsStatusIsNotDone() throws {
        let roadmap = """
            # Roadmap

            - [ ] **Phase 1: Deploy** - production

            Plans:
            - [x] 01-01-PLAN.md -- runbook (docs Task 1 complete; operator smoke-check Task 2 PENDING)
            - [x] 01-02-PLAN.md -- Fix failing tests and open the menu
            - [x] 01-03-PLAN.md -- Write the release notes (in progress)
            - [x] 01-04-PLAN.md -- Add the pending orders view
            """
        let pages = [
            try page(roadmap, path: ".planning/ROADMAP.md"),
            try page("# Plan\n", path: ".planning/phases/01-deploy/01-01-PLAN.md"),
            try page("# Summary\n", path: ".planning/phases/01-deploy/01-01-SUMMARY.md"),
            try page("# Plan\n", path: ".planning/phases/01-deploy/01-02-PLAN.md"),
            try page("# Summary\n", path: ".planning/phases/01-deploy/01-02-SUMMARY.md"),
        ]
        let report = gsdReport(pages)
        // The words are its status (in capitals): they beat the tick, and name
        // a check it waits for, so it is in review though it has a SUMMARY.
        let runbook = try #require(report.entry(".planning#01-01")).item
        #expect(runbook.status == .inReview)
        #expect(
            runbook.hints.map(\.message) == [
                "its ROADMAP line (.planning/ROADMAP.md:6) is ticked, but also says 'PENDING';"
                    + " counted as in review until it says done"
            ])
        #expect(try #require(report.entry(".planning#01-02")).item.hints.isEmpty)
        // Only the ROADMAP names 01-03: the hint points at its line there.
        let notes = try #require(report.entry(".planning#01-03")).item
        #expect(notes.status == .inProgress)
        #expect(
            notes.hints.contains(
                Hint(
                    message: "its ROADMAP line is ticked, but also says 'in progress'; counted as in progress until"
                        + " it says done", line: 8)))
        // "pending" inside a description is no status: the tick stands, with a hint.
        let orders = try #require(report.entry(".planning#01-04")).item
        #expect(orders.status == .done)
        #expect(orders.hints.map(\.message).contains("its ROADMAP line is ticked, but also says 'pending'"))
        // The phase waits for its plans: in review while one is.
        #expect(try #require(report.entry(".planning#phase-1")).item.status != .done)
    }

    /// A failed check is work to redo, not work held up: only "blocked" blocks.
    @Test func failedIsInProgressNotBlocked() {
        #expect(StatusText.read("❌ FAILED - BLOCKING").status == .inProgress)
        #expect(StatusText.read("Failing").status == .inProgress)
        #expect(StatusText.read("❌ Blocked — waiting on API keys").status == .blocked)
    }
}
