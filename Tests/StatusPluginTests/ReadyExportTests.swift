import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// `ready.json`: what can start now, with the files and acceptance criteria
/// each item's own text names, for an agent to pick up.
@Suite("ready.json")
struct ReadyExportTests {
    static let plan = """
        # Plan

        ## CHUNK-001: Models ✅ COMPLETED

        - [x] Write the models

        ## CHUNK-002: Store

        **Status**: Not started
        **Dependencies**: CHUNK-001
        **Estimated Time**: 2h
        **Priority**: HIGH

        Build the store.

        **Files to Create**:
        - `Sources/Store/SipStore.swift`
        - Sources/Store/SipStore+Totals.swift
        - `Tests/StoreTests.swift`

        **Files to Modify**: `Package.swift`, and the README

        ### Tasks

        - [x] Sketch the API
        - [ ] Save on every change
          - [ ] Debounce saves
        - [ ] Totals per day in `Sources/Store/Totals.swift`

        ### Acceptance Criteria

        1. Saving twice writes once
        2. A day's total uses the user's time zone
           - even across midnight

        ## CHUNK-003: Sync

        **Status**: Not started
        **Dependencies**: CHUNK-002

        **Files**: `Sources/Sync/Sync.swift`

        ## CHUNK-004: Docs

        **Status**: Not started

        Write about and/or around Offline/Network use, in v1.2 or 3.5.
        """

    static let gsdPlan = """
        ---
        phase: 01-foundation
        plan: 01
        type: execute
        wave: 1
        depends_on: []
        files_modified: [Sources/App/Models.swift, Sources/App/Store.swift]
        autonomous: true
        ---

        <objective>
        Create the models.
        </objective>

        <tasks>
        <task type="auto">
          <name>Task 1: Models</name>
          <files>Sources/App/Models.swift</files>
          <action>Write them.</action>
          <verify>swift test</verify>
          <done>Models compile</done>
        </task>
        </tasks>

        <success_criteria>
        - Every model has a test
        - The store is the only writer
        </success_criteria>
        """

    static let specKitTasks = """
        # Tasks: Albums

        ## Phase 1: Setup

        - [x] T001 Create the project
        - [ ] T002 [P] Add the Album model in src/models/album.py
        - [ ] T003 Wire the routes
        """

    @Test func readyItemsCarryTheirFilesCriteriaAndOpenTasks() throws {
        let site = try BuiltSite([
            "IMPLEMENTATION_PLAN.md": Self.plan,
            ".planning/ROADMAP.md": "# Roadmap\n\n- [ ] Phase 1: Foundation\n",
            ".planning/phases/01-foundation/01-01-PLAN.md": Self.gsdPlan,
            "specs/001-albums/spec.md": "# Feature Specification: Albums\n",
            "specs/001-albums/tasks.md": Self.specKitTasks,
        ])
        defer { site.remove() }
        _ = try site.build()
        let ready = try site.json(StatusPlugin.readyPath)
        #expect(number(ready["schema"]) == 1)
        let items = try #require(ready["items"] as? [[String: Any]])
        let byKey = Dictionary(items.map { ($0["key"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byKey["IMPLEMENTATION_PLAN.md#CHUNK-003"] == nil, "waits for CHUNK-002")
        #expect(byKey["IMPLEMENTATION_PLAN.md#CHUNK-001"] == nil, "done")

        let store = try #require(byKey["IMPLEMENTATION_PLAN.md#CHUNK-002"], "\(byKey.keys)")
        #expect(
            store["files"] as? [String] == [
                "Sources/Store/SipStore.swift", "Sources/Store/SipStore+Totals.swift", "Tests/StoreTests.swift",
                "Package.swift",
            ])
        #expect(
            store["acceptance_criteria"] as? [String] == [
                "Saving twice writes once", "A day's total uses the user's time zone",
            ])
        #expect(
            store["open_tasks"] as? [String] == [
                "Save on every change", "Debounce saves", "Totals per day in Sources/Store/Totals.swift",
            ])
        #expect(store["depends_on"] as? [String] == ["IMPLEMENTATION_PLAN.md#CHUNK-001"])
        #expect(store["lines"] as? [Int] == [7, 35], "its heading to its last block")
        #expect(store["file"] as? String == "IMPLEMENTATION_PLAN.md" && number(store["line"]) == 7)
        #expect(store["page"] as? String == "IMPLEMENTATION_PLAN.html#chunk-002-store")
        #expect(store["markdown"] as? String == "IMPLEMENTATION_PLAN.md")
        #expect(store["priority"] as? String == "HIGH")
        #expect(number(store["estimate"], "min_minutes") == 120)

        let docs = try #require(byKey["IMPLEMENTATION_PLAN.md#CHUNK-004"])
        #expect(docs["files"] as? [String] == [], "words with a slash and versions are not paths")

        let gsd = try #require(items.first { ($0["kind"] as? String) == "plan" }, "\(items)")
        #expect(gsd["files"] as? [String] == ["Sources/App/Models.swift", "Sources/App/Store.swift"])
        #expect(
            gsd["acceptance_criteria"] as? [String] == ["Every model has a test", "The store is the only writer"],
            "\(gsd)")
        #expect(gsd["markdown"] as? String == "planning/phases/01-foundation/01-01-PLAN.md")

        let units = try #require(ready["units"] as? [[String: Any]])
        let albums = try #require(units.first { ($0["id"] as? String) == "001-albums" }, "\(units)")
        let next = try #require(albums["next"] as? [[String: Any]])
        #expect(next.compactMap { $0["id"] as? String } == ["T002"], "T003 comes after T002: \(next)")
        #expect(next.first?["files"] as? [String] == ["src/models/album.py"])
        #expect(number(ready["ready"]) == Double(items.count))
    }

    @Test func pathWordsAreFilesAndPlainWordsAreNot() {
        for path in ["src/models/user.py", "Package.swift", "src/lib/", "a/b/c", "../docs/x.md", "tasks.md"] {
            #expect(WorkDetails.looksLikePath(path), "\(path)")
        }
        for word in ["and/or", "Offline/Network", "v1.2", "3.5", "e.g.", "https://x.io/a.md", "-v", "@scope/x", "a/1"] {
            #expect(!WorkDetails.looksLikePath(word), "\(word)")
        }
        #expect(WorkDetails.pathWords(in: "Add the model in (src/models/album.py).") == ["src/models/album.py"])
    }

    @Test func aSiteWithNothingReadyWritesAnEmptyList() throws {
        let site = try BuiltSite(["PLAN.md": "# Plan\n\n## CHUNK-001: Done ✅ COMPLETED\n\n- [x] It\n"])
        defer { site.remove() }
        _ = try site.build()
        let ready = try site.json(StatusPlugin.readyPath)
        #expect((ready["items"] as? [Any])?.isEmpty == true)
        #expect((ready["units"] as? [Any])?.isEmpty == true)
        #expect(number(ready["ready"]) == 0 && number(ready["tracked"]) == 1)
    }
}
