import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Formats told by their layout (spec-kit features, Kiro specs, OpenSpec
/// changes), their records, and their units rolled up.
@Suite("Plan formats")
struct PlanFormatTests {
    /// The report as the plugin makes it: records left uncounted, units named.
    func pluginReport(_ pages: [Page]) -> StatusReport {
        StatusReport.make(facts: pages.map { ($0, StatusPlugin.read($0).0) })
    }

    @Test func layoutsAreToldByTheirFolders() {
        let feature = PlanLayout.standardUnit(ofPath: "specs/001-photo-albums/tasks.md")
        #expect(feature?.format == .specKit && feature?.kind == "feature" && feature?.id == "001-photo-albums")
        #expect(feature?.folder == "specs/001-photo-albums" && feature?.project == "")
        #expect(PlanLayout.standardUnit(ofPath: "specs/001-photo-albums/checklists/ux.md")?.id == "001-photo-albums")
        #expect(PlanLayout.standardUnit(ofPath: "apps/web/specs/012-sync/plan.md")?.project == "apps/web")
        // Not a feature folder: no number, a short number, a file directly in specs/.
        #expect(PlanLayout.standardUnit(ofPath: "specs/photo-albums/tasks.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: "specs/01-photo/tasks.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: "specs/001-x.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: "specs/001-/tasks.md") == nil)

        let spec = PlanLayout.standardUnit(ofPath: ".kiro/specs/user-login/tasks.md")
        #expect(spec?.format == .kiro && spec?.kind == "spec" && spec?.id == "user-login")
        #expect(spec?.folder == ".kiro/specs/user-login" && spec?.archived == false)
        let archivedSpec = PlanLayout.standardUnit(ofPath: ".kiro/specs/_archived/export/tasks.md")
        #expect(archivedSpec?.id == "export" && archivedSpec?.folder == ".kiro/specs/_archived/export")
        #expect(PlanLayout.standardUnit(ofPath: ".kiro/specs/cnf/family-profiles/tasks.md")?.id == "family-profiles")
        #expect(PlanLayout.standardUnit(ofPath: ".kiro/specs/_archived/README.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: ".kiro/steering/product.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: ".kiro/specs/notes.md") == nil)

        let change = PlanLayout.standardUnit(ofPath: "openspec/changes/add-2fa/tasks.md")
        #expect(change?.format == .openSpec && change?.kind == "change" && change?.id == "add-2fa")
        let archived = PlanLayout.standardUnit(ofPath: "openspec/changes/archive/2025-01-11-add-2fa/specs/auth/spec.md")
        #expect(archived?.id == "add-2fa" && archived?.archived == true)
        #expect(archived?.folder == "openspec/changes/archive/2025-01-11-add-2fa")
        // OpenSpec's current specs are no change; its spec folders are no spec-kit features.
        #expect(PlanLayout.standardUnit(ofPath: "openspec/specs/auth/spec.md") == nil)
        #expect(PlanLayout.standardUnit(ofPath: "openspec/specs/001-auth/spec.md") == nil)
        #expect(PlanLayout.withoutDate("2025-1-11-x") == "2025-1-11-x")
    }

    @Test func aUnitsOtherDocumentsAreRecords() throws {
        let feature = try #require(PlanLayout.standardUnit(ofPath: "specs/001-a/tasks.md"))
        #expect(!PlanLayout.isRecord("specs/001-a/tasks.md", in: feature))
        #expect(!PlanLayout.isRecord("specs/001-a/tasks-phase-2.md", in: feature))
        #expect(PlanLayout.isRecord("specs/001-a/spec.md", in: feature))
        #expect(PlanLayout.isRecord("specs/001-a/checklists/tasks.md", in: feature))
        #expect(PlanLayout.isChecklist("specs/001-a/checklists/ux.md", in: feature))
        #expect(!PlanLayout.isChecklist("specs/001-a/tasks.md", in: feature))
    }

    static let spec = """
        # Feature Specification: Photo Albums

        ## Review & Acceptance Checklist

        - [x] No implementation details
        - [ ] Requirements are testable
        """
    static let plan = """
        # Implementation Plan: Photo Albums

        ## Progress Tracking

        - [x] Phase 0: Research complete
        - [x] Phase 1: Design complete
        """
    static let tasks = """
        # Tasks: Photo Albums

        ## Phase 1: Setup

        - [X] T001 Create the project
        - [X] T002 [P] Configure linting

        ## Phase 2: User Story 1

        - [x] T003 [US1] Album model
        - [ ] T004 [US1] Album list
        """
    static let checklist = """
        # Requirements Quality Checklist

        - [x] CHK001 Are the album limits stated?
        - [x] CHK002 Is sharing defined?
        """
    static let openChecklist = """
        # UX Checklist

        - [x] CHK001 Are empty states described?
        - [ ] CHK002 Is the loading state described?
        """

    @Test func aSpecKitFeatureIsCountedInItsTasksAndItsChecklistsPassOrNot() throws {
        let status = pluginReport([
            try page(Self.spec, path: "specs/001-albums/spec.md", title: "Feature Specification: Photo Albums"),
            try page(Self.plan, path: "specs/001-albums/plan.md"),
            try page(Self.tasks, path: "specs/001-albums/tasks.md"),
            try page(Self.checklist, path: "specs/001-albums/checklists/requirements.md", title: "Requirements"),
            try page(Self.openChecklist, path: "specs/001-albums/checklists/ux.md", title: "UX"),
            try page("# Feature Specification: Search\n", path: "specs/002-search/spec.md", title: "Search spec"),
        ])
        // The spec's and the plan's boxes and the checklists are no tasks.
        #expect(status.plans.map(\.scope) == ["specs/001-albums/tasks.md"])
        #expect(status.plans.map(\.unit.text) == ["3 of 4 tasks"])
        #expect(status.checkboxes.total == 4)
        #expect(status.workUnits.map(\.unit.id) == ["001-albums", "002-search"])
        let albums = status.workUnits[0]
        #expect(albums.title == "Photo Albums" && albums.status == .inProgress)
        #expect(albums.tasks.done == 3 && albums.tasks.total == 4)
        #expect(albums.checklists.map(\.passes) == [true, false])
        #expect(albums.page == "specs/001-albums/spec.md" && albums.tasksPage == "specs/001-albums/tasks.md")
        // Specified, no tasks yet: a feature not started.
        let search = status.workUnits[1]
        #expect(search.status == .notStarted && search.plans.isEmpty && search.tasksPage == nil)
        #expect(status.unitCounts.map(\.text) == ["0 of 2 features"])
        // Every box ticked: done.
        let done = pluginReport([
            try page(
                Self.tasks.replacingOccurrences(of: "- [ ] T004", with: "- [x] T004"), path: "specs/001-a/tasks.md")
        ])
        #expect(done.workUnits.map(\.status) == [.done])
        #expect(done.unitCounts.map(\.text) == ["1 of 1 feature"])
    }

    @Test func aTaskListWithIDsCountsItsIDsAndItsOtherBoxesAsChecks() throws {
        let tasks = """
            # Tasks: Here and Now

            ## Phase 3.1: Setup

            - [x] **T001** Create the folders
            - [x] T002 [P] Configure linting
            - [x] T020a Split the model
            - [x] T003 Add the store
            - [x] T004 Add the views
            - [x] T005 Add the sync

            ## Phase 3.7: CLI ✅

            - [ ] T106 Document the commands
            - [ ] T107 (optional title and description) Edit command
            - [ ] T108 Set up CI (optional)

            ## MVP scope

            - [ ] T001-T006: Project Setup (all)
            - [ ] T003, T004: the store and its views

            ## Validation Checklist

            - [x] All contracts have tests
            - [x] All entities have models
            """
        let status = pluginReport([try page(tasks, path: "specs/001-here/task.md")])
        // Phase 3.7's ✅ is a group's marker, not a done unit over two open tasks;
        // T108 is optional; the range and the validation boxes are checks.
        #expect(status.plans.map(\.unit.text) == ["6 of 8 tasks"])
        #expect(status.plans.first?.others.map(\.text) == ["2 of 4 checks"])
        #expect(status.workUnits.map(\.status) == [.inProgress])
        #expect(PlanReader.saysOptional("Set up CI (optional)"))
        #expect(PlanReader.saysOptional("Merge hooks (Deferred to separate PR - see notes)"))
        #expect(PlanReader.saysOptional("Dark mode (optional, if time allows)"))
        #expect(PlanReader.saysOptional("Dark mode (stretch goal)"))
        #expect(!PlanReader.saysOptional("Create the schema (optional title and description)"))
        #expect(!PlanReader.saysOptional("Add a toggle (deferred rendering)"))
    }

    @Test func aUnitOffersItsNextTasksAndTheirPagesAnchorThem() throws {
        let tasks = """
            # Tasks: Albums

            - [x] T001 Create the project
            - [ ] ~~T002~~ **Deleted** — the API does it now
            - [ ] T003 Album model
            - [ ] T004 [P] Album list
            - [ ] T005 [P] Album grid
            - [ ] T006 Wire them
            - [ ] T007 [P] Not beside T005: T006 comes between

            ## Again, as a checklist

            - [x] T003 Album model
            """
        let kiro = "# Tasks\n\n- [x] 1. Model\n- [-] 2. Store\n- [ ] 3. Views\n"
        let site = try BuiltSite(["specs/001-albums/tasks.md": tasks, ".kiro/specs/sync/tasks.md": kiro])
        defer { site.remove() }
        _ = try site.build()
        let status = pluginReport([
            try page(tasks, path: "specs/001-albums/tasks.md"), try page(kiro, path: ".kiro/specs/sync/tasks.md"),
        ])
        // The struck-out task is cancelled: not counted, never next; T003,
        // written twice, is one task, open while one of its boxes is.
        #expect(status.plans.map(\.unit.text) == ["1 of 6 tasks", "1 of 3 tasks"])
        let hints = status.entries.flatMap(\.item.hints).map(\.message)
        #expect(
            hints == ["T003 is written twice: not started at line 5, done at line 13; counted once, as not started"])
        let albums = try #require(status.workUnits.first { $0.unit.id == "001-albums" })
        #expect(albums.next.map { String($0.text.prefix(4)) } == ["T003", "T004", "T005"])
        // Under way first.
        let sync = try #require(status.workUnits.first { $0.unit.id == "sync" })
        #expect(sync.next.map(\.text) == ["2. Store", "3. Views"])
        let page = try site.text("specs/001-albums/tasks.html")
        #expect(page.contains("<li class=\"task-list-item\" id=\"T003\" data-status=\"not-started\">"))
        #expect(page.contains("<li class=\"task-list-item\" id=\"T002\" data-status=\"cancelled\""))
        // The second T003 has no anchor of its own: ids stay unique.
        #expect(page.components(separatedBy: "id=\"T003\"").count == 2)
        let dashboard = try site.text("status.html")
        #expect(dashboard.contains("<a href=\"specs/001-albums/tasks.html#T003\">T003 Album model</a>"))
        #expect(dashboard.contains("<a href=\"kiro/specs/sync/tasks.html#task-2\">2. Store</a>"))
        #expect(PlanReader.taskID("T040 [P] Do") == "T040" && PlanReader.taskID("T020a Split") == "T020a")
        #expect(PlanReader.taskID("2.1 Create") == "2.1" && PlanReader.taskID("T001-T006: Setup") == nil)
    }

    /// A task that says it depends on an unfinished one waits: the first
    /// open task that does not is next; an id the list lacks is a warning.
    @Test func aTaskThatDependsOnAnOpenOneIsNotNext() throws {
        let tasks = """
            # Tasks: Albums

            - [x] T001 Create the project
            - [ ] T002 Album model
            - [ ] T003 Album list (depends on T002)
            - [ ] T004 Album grid (depends on
              T001, T099)
            - [ ] T005 [P] Sharing [depends on T001-T002 complete]
            """
        let site = try BuiltSite(["specs/001-albums/tasks.md": tasks])
        defer { site.remove() }
        let messages = try site.build().map { "\($0.line ?? 0): \($0.message)" }
        #expect(messages == ["6: T004 depends on T099, which this task list does not have"])
        // Each task it waits for links to its box; an id the list lacks stays text.
        let html = try site.text("specs/001-albums/tasks.html")
        #expect(html.contains("Album list (depends on <a href=\"#T002\">T002</a>)"))
        #expect(html.contains("<a href=\"#T001\">T001</a>, T099)"))
        let status = pluginReport([try page(tasks, path: "specs/001-albums/tasks.md")])
        let albums = try #require(status.workUnits.first)
        #expect(albums.next.map { String($0.text.prefix(4)) } == ["T002"])
        #expect(TaskDependencies.ids(in: "T005 Sharing [depends on T001-T003 complete]") == ["T001", "T002", "T003"])
        #expect(TaskDependencies.ids(in: "3.1 Sync _Depends: 1.2, 2.1_") == ["1.2", "2.1"])
        #expect(TaskDependencies.ids(in: "Blocked by **T004** and T006") == ["T004", "T006"])
        #expect(TaskDependencies.ids(in: "Assemble (depends on above)").isEmpty)
    }

    @Test func aTaskWrittenTwiceAlikeIsOneTaskWithNoHint() throws {
        let tasks =
            "# Tasks\n\n## Phase 13\n\n- [ ] T800 Keys\n- [x] T801 Roles\n\n## Phase 13\n\n- [ ] T800 Keys\n- [x] T801 Roles\n"
        let status = pluginReport([try page(tasks, path: "specs/006-permissions/tasks.md")])
        #expect(status.plans.map(\.unit.text) == ["1 of 2 tasks"])
        #expect(status.entries.allSatisfy { $0.item.hints.isEmpty })
        // An id reused over other words is another task, counted, with a hint;
        // a copy edited in passing is the same task.
        let reused = """
            # Tasks

            - [x] 1. Email service testing
            - [x] 2. Core functionality validation
            - [x] 2. Performance optimization (ORL-87)
            - [ ] 3. Create quick actions section
            - [ ] 3. Create quick actions section (define the actions)
            """
        let restarted = pluginReport([try page(reused, path: ".kiro/specs/mvp/tasks.md")])
        #expect(restarted.plans.map(\.unit.text) == ["3 of 4 tasks"])
        #expect(
            restarted.entries.flatMap(\.item.hints).map(\.message) == [
                "2 tasks have the id 2 (lines 4, 5); each is counted"
            ])
        // Outside a format's task list, boxes are boxes, however they repeat.
        let plain = pluginReport([try page(tasks, path: "notes/tasks.md")])
        #expect(plain.plans.map(\.unit.text) == ["2 of 4 tasks"])
    }

    @Test func taskMarkersAreDrawnAndLinkTheirStoriesAndRequirements() throws {
        let site = try BuiltSite([
            "specs/001-albums/spec.md":
                "# Feature Specification: Albums\n\n### User Story 1 - Create an album (Priority: P1)\n",
            "specs/001-albums/tasks.md": """
            # Tasks: Albums

            - [x] **T001** [P] [US1] Album model
            - [ ] T002 [US3] Sharing, a story the spec lacks
            - [ ] T003 Wire it [P] later on the line
            - [ ] T004 [X] is no marker
            """,
            ".kiro/specs/sync/requirements.md": "# Requirements Document\n\n### Requirement 2: Offline\n",
            ".kiro/specs/sync/tasks.md": "# Tasks\n\n- [ ] 1. Queue\n  - _Requirements: 2.1, 9.4_\n",
            "notes/tasks.md": "# Tasks\n\n- [ ] T001 [P] Not a format's task list\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        let tasks = try site.text("specs/001-albums/tasks.html")
        let story = "spec.html#user-story-1---create-an-album-priority-p1"
        #expect(
            tasks.contains(
                "<span class=\"task-id\">T001</span> <span class=\"task-tag\" title=\"Can run in parallel with other"
                    + " [P] tasks\">P</span> <a class=\"task-tag\" href=\"\(story)\" title=\"User story 1\">US1</a> Album model"
            ))
        #expect(tasks.contains("<span class=\"task-tag\" title=\"User story 3\">US3</span> Sharing"))
        #expect(tasks.contains("<span class=\"task-id\">T003</span> Wire it [P] later on the line"))
        #expect(tasks.contains("<span class=\"task-id\">T004</span> [X] is no marker"))
        let kiro = try site.text("kiro/specs/sync/tasks.html")
        #expect(
            kiro.contains("<em>Requirements: <a href=\"requirements.html#requirement-2-offline\">2.1</a>, 9.4</em>"))
        let notes = try site.text("notes/tasks.html")
        #expect(notes.contains("T001 [P] Not a format"))
    }

    @Test func anArchivedOpenSpecChangeIsDoneAndAKiroArchiveIsHistory() throws {
        let status = pluginReport([
            try page("# Tasks\n\n- [x] 1.1 Schema\n- [ ] 1.2 API\n", path: "openspec/changes/add-2fa/tasks.md"),
            try page(
                "# Tasks\n\n- [ ] 1.1 Left open when archived\n",
                path: "openspec/changes/archive/2025-01-02-add-sso/tasks.md"),
            try page("# Tasks\n\n- [x] 1. Done\n", path: ".kiro/specs/_archived/export/tasks.md"),
            try page("# Tasks\n\n- [ ] 1. Open\n", path: ".kiro/specs/sync/tasks.md"),
        ])
        #expect(status.workUnits.map(\.status) == [.inProgress, .done, .done, .notStarted])
        // The archived change's open box is history, not counted; the change is done.
        #expect(status.plans.map(\.scope) == ["openspec/changes/add-2fa/tasks.md", ".kiro/specs/sync/tasks.md"])
        #expect(status.unitCounts.map(\.text) == ["1 of 2 changes", "0 of 1 spec"])
        #expect(status.workUnits[2].isHistory && !status.workUnits[1].isHistory)
    }

    @Test func aUnitIsNamedByItsSpecElseItsFolder() throws {
        let kiro = pluginReport([
            try page(
                "# Requirements Document\n", path: ".kiro/specs/user-login/requirements.md",
                title: "Requirements Document"),
            try page(
                "# Implementation Plan\n\n- [ ] 1. Form\n", path: ".kiro/specs/user-login/tasks.md",
                title: "Implementation Plan"),
        ])
        #expect(kiro.workUnits.map(\.title) == ["user-login"])
        let openSpec = pluginReport([
            try page(
                "# Change: Add two-factor sign-in\n", path: "openspec/changes/add-2fa/proposal.md",
                title: "Change: Add two-factor sign-in")
        ])
        #expect(openSpec.workUnits.map(\.title) == ["Add two-factor sign-in"])
        let suffixed = pluginReport([
            try page(
                "# Recipe Import — Requirements\n", path: ".kiro/specs/import/requirements.md",
                title: "Recipe Import — Requirements")
        ])
        #expect(suffixed.workUnits.map(\.title) == ["Recipe Import"])
        // The tools' own files are no work: templates, steering, instructions.
        #expect(PlanLayout.isToolFile(".specify/templates/tasks-template.md"))
        #expect(PlanLayout.isToolFile("openspec/AGENTS.md") && PlanLayout.isToolFile("openspec/specs/auth/spec.md"))
        #expect(PlanLayout.isToolFile(".kiro/steering/product.md") && PlanLayout.isToolFile("memory/constitution.md"))
        #expect(!PlanLayout.isToolFile("openspec/changes/add-2fa/tasks.md") && !PlanLayout.isToolFile("PLAN.md"))
        let agents = pluginReport([
            try page(
                "# OpenSpec Instructions\n\n### Before Any Task\n\n- [ ] Read the specs\n", path: "openspec/AGENTS.md")
        ])
        #expect(agents.plans.isEmpty)
    }

    @Test func statusJSONNamesEveryItemsFormatAndUnit() throws {
        let site = try BuiltSite([
            "specs/001-albums/tasks.md": Self.tasks,
            "specs/001-albums/spec.md": Self.spec,
            "PLAN.md": "# Plan\n\n## CHUNK-001: Colors ✅\n",
            ".planning/ROADMAP.md": "# Roadmap\n\n- [ ] **Phase 1: Setup**\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site.output + "/status.json")))
                as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        let formats = Dictionary(items.map { (($0["id"] as? String) ?? "", ($0["format"] as? String) ?? "") }) { a, _ in
            a
        }
        #expect(formats["CHUNK-001"] == "markdown")
        #expect(formats["phase-1"] == "gsd")
        #expect(formats["phase-1-setup"] == "spec-kit")
        let units = try #require(json["work_units"] as? [[String: Any]])
        #expect(units.count == 1)
        #expect(units.first?["folder"] as? String == "specs/001-albums")
        #expect(units.first?["status"] as? String == "in-progress")
        let summary = try #require(json["summary"] as? [String: Any])
        let counts = try #require(summary["work_units"] as? [[String: Any]])
        #expect(counts.first?["text"] as? String == "0 of 1 feature")
        let html = try site.text("status.html")
        #expect(html.contains("<h2 id=\"spec-kit-features\">spec-kit features</h2>"))
        #expect(html.contains("Photo Albums"))
        // The feature's tasks are in its own table, not again among the plans.
        #expect(!html.contains(">Tasks: Photo Albums<"))
    }
}

/// A page titled as the builder would title it from its first heading.
private func page(_ text: String, path: String, title: String) throws -> Page {
    var made = try page(text, path: path)
    made.title = title
    return made
}
