import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// One folder per planning format under `Tests/fixtures/plans/`, written for
/// these tests with the traps real folders hold, and every count of each
/// asserted as a careful reader counts it (the counts are worked out in the
/// comments).
@Suite("Plan format fixtures")
struct FixturePlanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/plans").path

    /// `status.json` of the fixture folder, built as a user builds it.
    func status(_ folder: String) throws -> (json: [String: Any], site: BuiltSite) {
        let site = BuiltSite(content: Self.root + "/" + folder)
        #expect(try site.build().isEmpty)
        return (try site.json(StatusPlugin.jsonPath), site)
    }

    func units(_ json: [String: Any]) throws -> [String: [String: Any]] {
        let units = try #require(json["work_units"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: units.map { (($0["id"] as? String) ?? "", $0) })
    }

    func texts(_ value: Any?) -> [String] {
        (value as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// spec-kit: T001…T010 with a legend, a fenced example, a ✅ phase over an
    /// open task, an optional and an "(optional title…)" task, a struck-out
    /// one, a range summary, two copied tasks (one disagreeing) and a
    /// validation checklist; the spec's and plan's boxes, the quality
    /// checklists and the template are no tasks.
    @Test func specKit() throws {
        let (json, site) = try status("spec-kit")
        defer { site.remove() }
        // Tasks: T001 T002 T004 done; T003 T005 T006 T008 T009 open; T007
        // cancelled; T010 optional → 3 of 8. Checks: the range, the two
        // validation boxes → 1 of 3. The copied T004 and T005 are counted once.
        let plans = try #require(json["plans"] as? [[String: Any]])
        #expect(plans.map { $0["scope"] as? String } == ["specs/001-photo-albums/tasks.md"])
        #expect((plans[0]["unit"] as? [String: Any])?["text"] as? String == "3 of 8 tasks")
        #expect(texts(plans[0]["others"]) == ["1 of 3 checks"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(texts(summary["work_units"]) == ["0 of 2 features"])
        #expect(summary["checkboxes"] as? [String: Int] == ["done": 4, "total": 11])
        let units = try units(json)
        let albums = try #require(units["001-photo-albums"])
        #expect(albums["title"] as? String == "Photo Albums")
        #expect(albums["status"] as? String == "in-progress")
        #expect(albums["tasks"] as? [String: Int] == ["done": 3, "total": 8])
        let gates = try #require(albums["checklists"] as? [[String: Any]])
        #expect(gates.map { $0["passes"] as? Bool } == [true, false])
        #expect(texts(albums["next"]).map { String($0.prefix(4)) } == ["T003"])
        #expect(units["002-sharing"]?["status"] as? String == "not-started")
        let hints = (json["check_these"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(
            hints == [
                "marked done, but 1 of 3 boxes is not ticked",
                "T005 is written twice: not started at line 25, done at line 42; counted once, as not started",
            ])
        let tasks = try site.text("specs/001-photo-albums/tasks.html")
        #expect(tasks.contains("id=\"T007\" data-status=\"cancelled\""))
        #expect(tasks.contains("id=\"T010\" data-status=\"optional\""))
        #expect(tasks.contains("<a class=\"task-tag\" href=\"spec.html#user-story-2---browse-albums-priority-p2\""))
    }

    /// Kiro: `[-]` under way, `[ ]*` and `[x]*`, a copied sub-task, a spec
    /// grouped in a folder of its own whose tasks are headings with boxes and
    /// whose exit criterion is under way, an archived spec, and steering.
    @Test func kiro() throws {
        let (json, site) = try status("kiro")
        defer { site.remove() }
        // offline-sync: 1, 2.1, 2.4* done; 2 under way; 2.2 (twice), 3 open;
        // 2.3* optional → 3 of 6. billing: Slice 1 done, Slice 2 open.
        let plans = try #require(json["plans"] as? [[String: Any]])
        #expect(
            plans.compactMap { ($0["unit"] as? [String: Any])?["text"] as? String } == [
                "3 of 6 tasks", "1 of 2 sections",
            ])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(texts(summary["work_units"]) == ["0 of 2 specs"])
        let units = try units(json)
        #expect(units["offline-sync"]?["status"] as? String == "in-progress")
        #expect(
            texts(units["offline-sync"]?["next"]) == [
                "2. Build the sync queue", "2.2 Drain the queue when the network returns",
            ])
        #expect(units["billing"]?["folder"] as? String == ".kiro/specs/payments/billing")
        #expect(units["export"]?["archived"] as? Bool == true)
        let page = try site.text("kiro/specs/offline-sync/tasks.html")
        #expect(page.contains("<em>Requirements: <a href=\"requirements.html#requirement-2-sync\">2.2</a>, 9.1</em>"))
        #expect(page.components(separatedBy: "data-status=\"optional\"").count == 2)
    }

    /// Backlog.md: one task a file, its status in front matter (`completed/`
    /// done whatever it says, `drafts/` history, a status word that says
    /// cancelled), dependencies between files in different folders, and
    /// acceptance criteria that a done task left open.
    @Test func backlogMD() throws {
        let (json, site) = try status("backlog-md")
        defer { site.remove() }
        // task-1 done (completed/), task-4 done, task-2 under way, task-3
        // open, task-5 cancelled ("Wontfix"), task-9 a draft; task-6 and
        // task-7 in statuses of config.yml's own: "Needs Triage" (its
        // default: not started), "Polishing" (between: under way) → 2 of 6 tasks.
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(texts(summary["units"]) == ["2 of 6 tasks"])
        #expect(texts(summary["work_units"]) == ["2 of 6 tasks"])
        let items = try #require(json["items"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: items.map { (($0["id"] as? String) ?? "", $0) })
        #expect(byID["task-1"]?["status"] as? String == "done")
        #expect(byID["task-2"]?["deps"] as? [String] == ["task-1"])
        #expect(byID["task-3"]?["waiting_for"] as? [String] == ["task-2"])
        #expect(byID["task-5"]?["status"] as? String == "cancelled")
        #expect(byID["task-9"]?["archived"] as? Bool == true)
        #expect(byID["task-6"]?["status"] as? String == "not-started")
        #expect(byID["task-7"]?["status"] as? String == "in-progress")
        #expect(try site.text("backlog/config.yml.html").contains("<li>Needs Triage (a new task's)</li>"))
        #expect(byID.values.allSatisfy { $0["format"] as? String == "backlog-md" })
        let hints = (json["check_these"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(hints == ["marked done, but 1 of 2 acceptance criteria are not ticked"])
        let units = try units(json)
        #expect(units["doc-1"] == nil && units.count == 8)
        let dashboard = try site.text("status.html")
        #expect(dashboard.contains("<th scope=\"col\">Acceptance criteria</th>"))
        // Backlog.md names its files with spaces: links to them are URLs.
        #expect(dashboard.contains("href=\"backlog/completed/task-1%20-%20Local%20store.html\""))
        #expect(!dashboard.contains("href=\"backlog/completed/task-1 - "))
        // The table counts as the headline does.
        #expect(
            dashboard.contains(
                "<p class=\"work-where\">2 of 6 tasks done (1 cancelled or optional, not counted)</p>"))
    }

    /// A Backlog.md status that neither a plan's words nor the settings tell
    /// is unknown, with a warning that names the configured statuses.
    @Test func backlogStatusNoOneKnows() throws {
        let site = try BuiltSite([
            "backlog/config.yml": "statuses: [\"To Do\", \"In Progress\", \"Done\"]\n",
            "backlog/tasks/task-1 - Park it.md": "---\nid: task-1\ntitle: Park it\nstatus: Parked\n---\n\nText.\n",
        ])
        defer { site.remove() }
        let messages = try site.build().map { "\($0.file ?? ""):\($0.line ?? 0): \($0.message)" }
        #expect(
            messages == [
                site.content + "/backlog/tasks/task-1 - Park it.md:4: unknown status 'Parked'; counted as not done"
                    + " (not one of backlog/config.yml's: To Do, In Progress, Done)"
            ])
    }

    /// OpenSpec: a change with tasks (one box with `[x]` later on its line,
    /// ids with letters), an archived change left with an open box (done),
    /// a change with no tasks yet, and the tool's own files.
    @Test func openSpec() throws {
        let (json, site) = try status("openspec")
        defer { site.remove() }
        let plans = try #require(json["plans"] as? [[String: Any]])
        #expect(plans.compactMap { ($0["unit"] as? [String: Any])?["text"] as? String } == ["3 of 5 tasks"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(texts(summary["work_units"]) == ["1 of 3 changes"])
        let units = try units(json)
        #expect(units["add-2fa"]?["title"] as? String == "Add two-factor sign-in")
        #expect(units["add-sso"]?["status"] as? String == "done")
        #expect(units["rename-api"]?["status"] as? String == "not-started")
        #expect(texts(units["add-2fa"]?["next"]) == ["1.3 Update this checklist when every box is [x]"])
    }
}
