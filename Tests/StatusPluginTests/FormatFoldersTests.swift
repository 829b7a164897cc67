import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// `plugins.status.formats` in `specsite.yml`: folders named as a format's
/// ahead of the tools' own layouts, and folders named as no format's.
@Suite("Format folders")
struct FormatFoldersTests {
    func folders(_ yaml: String, diagnostics: DiagnosticLog? = nil) throws -> FormatFolders {
        FormatFolders(settings: try YAMLValue.parse(yaml), diagnostics: diagnostics)
    }

    @Test func aNamedFolderHoldsItsFormatsUnits() throws {
        let formats = try folders(
            """
            formats:
              planning/features: spec-kit
              work/kiro: kiro
              ./proposals/: openspec
              tracker: backlog-md
              specs/001-api: none
            """)
        // Every folder in a features folder is a feature, numbered or not.
        let feature = try #require(formats.unit(ofPath: "planning/features/photo-albums/tasks.md"))
        #expect(feature.format == .specKit && feature.id == "photo-albums")
        #expect(feature.folder == "planning/features/photo-albums" && feature.project == "planning")
        #expect(formats.unit(ofPath: "planning/features/README.md") == nil)
        // A Kiro spec is the folder that holds the file, archives as in `.kiro/specs`.
        let spec = try #require(formats.unit(ofPath: "work/kiro/auth/login/tasks.md"))
        #expect(spec.format == .kiro && spec.id == "login" && spec.folder == "work/kiro/auth/login")
        #expect(formats.unit(ofPath: "work/kiro/_archived/old/tasks.md")?.archived == true)
        // OpenSpec's archive takes the date off a change's id.
        let change = try #require(formats.unit(ofPath: "proposals/archive/2025-01-11-add-2fa/tasks.md"))
        #expect(change.format == .openSpec && change.id == "add-2fa" && change.archived)
        #expect(change.folder == "proposals/archive/2025-01-11-add-2fa")
        // A backlog folder by another name: tasks in `tasks/`, done ones in `completed/`.
        let task = try #require(formats.unit(ofPath: "tracker/completed/task-3 - Ship.md"))
        #expect(task.format == .backlogMD && task.id == "task-3" && task.completed)
        #expect(formats.unit(ofPath: "tracker/notes/idea.md") == nil)
        // `none`: a numbered folder that is no spec-kit feature.
        #expect(PlanLayout.standardUnit(ofPath: "specs/001-api/tasks.md")?.format == .specKit)
        #expect(formats.unit(ofPath: "specs/001-api/tasks.md") == nil)
        // Folders not named keep the tools' layouts.
        #expect(formats.unit(ofPath: "specs/002-sync/tasks.md")?.format == .specKit)
        #expect(formats.unit(ofPath: ".kiro/specs/login/tasks.md")?.format == .kiro)
    }

    @Test func theContentFolderItselfAndTheDeepestFolderWin() throws {
        // `specsite build .kiro/specs`: the content folder holds the specs.
        let kiro = try folders("formats:\n  \"\": kiro\n  legacy: none\n")
        #expect(kiro.unit(ofPath: "login/tasks.md")?.folder == "login")
        #expect(kiro.unit(ofPath: "login/tasks.md")?.project == "")
        #expect(kiro.unit(ofPath: "legacy/old/tasks.md") == nil)
        // A folder named as the tool's own home keeps the tool's project.
        let home = try folders("formats:\n  apps/web/.kiro/specs: kiro\n")
        #expect(home.unit(ofPath: "apps/web/.kiro/specs/a/tasks.md")?.project == "apps/web")
        #expect(
            home.unit(ofPath: "apps/web/.kiro/specs/a/tasks.md")
                == PlanLayout.standardUnit(ofPath: "apps/web/.kiro/specs/a/tasks.md"))
        // A folder is its own path, not a prefix of a name: `plans2` is not in `plans`.
        let plans = try folders("formats:\n  plans: spec-kit\n")
        #expect(plans.unit(ofPath: "plans2/x/tasks.md") == nil)
        // Task Master tags and sprint epics are known by their files' names.
        #expect(kiro.unit(ofPath: ".taskmaster/tasks/tasks.json#master")?.format == .taskMaster)
    }

    @Test func settingsNotUnderstoodAreWarnedAboutAtTheirLines() throws {
        let log = DiagnosticLog()
        let formats = try folders(
            """
            formats:
              a: kiro
              b: task-master
              c: jira
            """, diagnostics: log)
        #expect(formats.folders.map(\.path) == ["a"])
        #expect(
            log.all.map { "\($0.line ?? 0) \($0.message)" } == [
                "3 'task-master' in 'plugins.status.formats' is known by its files' names (`.planning/`,"
                    + " `tasks.json`, `sprint-status.yaml`, story files), not by a folder; ignored",
                "4 unknown format 'jira' for folder 'c' in 'plugins.status.formats' (ignored); expected spec-kit,"
                    + " kiro, openspec, backlog-md, spec-kitty or none",
            ])
        let list = DiagnosticLog()
        _ = try folders("formats:\n  - kiro\n", diagnostics: list)
        #expect(
            list.all.map(\.message) == [
                "'plugins.status.formats' should map folders to formats ('specs: spec-kit'); ignored"
            ])
    }

    /// A site whose plans lie where no tool puts them: every stage (counts,
    /// units, `status.json`'s format and unit, the task list's links) follows
    /// the settings.
    @Test func aBuildFollowsTheSettingsInEveryStage() throws {
        let site = try BuiltSite([
            "specsite.yml": """
            plugins:
              status:
                formats:
                  features: spec-kit
                  specs/001-api: none
                  missing/folder: kiro
                colour: blue
            """,
            "features/photo-albums/spec.md":
                "# Photo albums\n\n### User Story 1 - Share an album\n\n- [ ] a box of the spec\n",
            "features/photo-albums/tasks.md": """
            # Tasks

            - [x] T001 [US1] Create the album model
            - [ ] T002 [US1] Share link (depends on T001)
            - [ ] T003 Export
            """,
            "specs/001-api/tasks.md": "# API plan\n\n## CHUNK-001: Endpoints ✅\n\n## CHUNK-002: Auth\n",
        ])
        defer { site.remove() }
        let messages = try site.build().map { "\($0.file ?? ""):\($0.line ?? 0) \($0.message)" }
        #expect(
            messages.sorted() == [
                site.content
                    + "/specsite.yml:6 no document lies in 'missing/folder', named in 'plugins.status.formats'",
                site.content + "/specsite.yml:7 unknown setting 'colour' for plugin 'status' (ignored); expected page,"
                    + " exports, graph_limit, history, evidence, formats",
            ])
        let json = try site.json(StatusPlugin.jsonPath)
        let units = try #require(json["work_units"] as? [[String: Any]])
        #expect(units.count == 1)
        #expect(units.first?["folder"] as? String == "features/photo-albums")
        #expect(units.first?["format"] as? String == "spec-kit")
        #expect((units.first?["tasks"] as? [String: Int]) == ["done": 1, "total": 3])
        let items = try site.items()
        #expect(items["features/photo-albums/tasks.md#tasks"]?["format"] as? String == "spec-kit")
        #expect(items["features/photo-albums/tasks.md#tasks"]?["work_unit"] as? String == "features/photo-albums")
        // Its next task is the first open one, whose dependency is done.
        let next = try #require(units.first?["next"] as? [[String: Any]])
        #expect(next.first?["text"] as? String == "T002 [US1] Share link (depends on T001)")
        // The numbered folder named `none` is a hand-written plan of chunks.
        #expect(items["specs/001-api/tasks.md#CHUNK-002"]?["format"] as? String == "markdown")
        #expect(items["specs/001-api/tasks.md#CHUNK-001"]?["status"] as? String == "done")
        // The task list's `[US1]` links to the user story of its feature's spec.
        let tasks = try site.text("features/photo-albums/tasks.html")
        #expect(tasks.contains("href=\"spec.html#user-story-1---share-an-album\""))
    }
}
