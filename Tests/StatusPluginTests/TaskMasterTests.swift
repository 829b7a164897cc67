import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Task Master's `tasks.json`, read as a page of its own: the fixture under
/// `Tests/fixtures/plans/task-master/` (two tags that both number from 1, and
/// a file from before tags), every count and hint asserted; the file's
/// markdown-hostile text; a file that is not JSON.
@Suite("Task Master")
struct TaskMasterTests {
    static let fixture = FixturePlanTests.root + "/task-master"

    func units(_ json: [String: Any]) throws -> [String: [String: Any]] {
        let units = try #require(json["work_units"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: units.map { (($0["folder"] as? String) ?? "", $0) })
    }

    /// master: 1 done (its subtask 1.2 deferred), 2 pending (both subtasks
    /// done, one written `completed`), 3 in progress, 4 cancelled, 5
    /// `shipped-ish` (read as done, with a hint), 6 deferred → 2 of 5 tasks;
    /// subtasks 1.1 2.1 2.2 done, 1.2 3.4 open, 3.1 3.2 under way, 3.3
    /// cancelled → 3 of 7. feature-auth: 1 done, two tasks 2 → 1 of 3.
    @Test func fixtureCounts() throws {
        let site = BuiltSite(content: Self.fixture)
        defer { site.remove() }
        let warnings = try site.build().map { "\($0.line ?? 0): \($0.message)" }
        #expect(
            warnings == [
                "38: subtask 3.4 has 1 subtask of its own, which Task Master does not write; not counted",
                "66: 2 depends on 7, but its tag has no task 7",
                "67: tag 'feature-auth' has two tasks with id 2 (the first on line 66); both are counted",
            ])
        let json = try site.json(StatusPlugin.jsonPath)
        let units = try units(json)
        let master = try #require(units["app/.taskmaster/tasks/tasks.json#master"])
        #expect(master["kind"] as? String == "tag")
        #expect(master["format"] as? String == "task-master")
        #expect(master["project"] as? String == "app")
        #expect(master["status"] as? String == "in-progress")
        #expect(master["tasks"] as? [String: Int] == ["done": 2, "total": 5])
        #expect(master["subtasks"] as? [String: Int] == ["done": 3, "total": 7])
        let auth = try #require(units["app/.taskmaster/tasks/tasks.json#feature-auth"])
        #expect(auth["tasks"] as? [String: Int] == ["done": 1, "total": 3])
        // The file from before tags is one tag, `master`, of its own project.
        let legacy = try #require(units["legacy/tasks/tasks.json#master"])
        #expect(legacy["project"] as? String == "legacy")
        #expect(legacy["tasks"] as? [String: Int] == ["done": 1, "total": 2])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(FixturePlanTests().texts(summary["work_units"]) == ["0 of 3 tags"])

        let hints = (json["check_these"] as? [[String: Any]] ?? []).map {
            "\($0["id"] ?? ""):\($0["line"] ?? 0) \($0["message"] ?? "")"
        }
        #expect(
            hints == [
                "1:10 marked done, but 1 of 2 subtasks is not done: 1.2 deferred",
                "2:26 subtask 2.2 has status 'completed', which Task Master does not write; read as done",
                "2:21 all 2 subtasks are done, but the task is marked pending",
                "3:33 depends on subtask 1.2; shown as waiting for task 1",
                "5:51 status 'shipped-ish' is not one Task Master writes; read as done",
            ])
        // Task 3 waits for 2 (and for 1, done, through its subtask 1.2); the
        // deferred task 6 is not offered, though nothing holds it.
        let items = try #require(json["items"] as? [[String: Any]])
        let master6 = try #require(items.first { $0["key"] as? String == "app/.taskmaster/tasks/tasks.json#master/6" })
        #expect(master6["ready"] as? Bool == false)
        let ready = items.filter { $0["ready"] as? Bool == true }.compactMap { $0["key"] as? String }
        #expect(
            ready == [
                "app/.taskmaster/tasks/tasks.json#master/2", "app/.taskmaster/tasks/tasks.json#feature-auth/2",
                "app/.taskmaster/tasks/tasks.json#feature-auth/2~67", "legacy/tasks/tasks.json#master/2",
            ])
    }

    /// A file of two tags is a page per tag: each tag's page holds its
    /// tasks (a heading each with its badge), the file's text shown as
    /// written (`<project>`, `*`), an unclosed code fence in a task's details
    /// kept inside them; the file's own page lists the tags with their
    /// progress and links to their pages, which follow it in the file's order.
    @Test func fixturePages() throws {
        let site = BuiltSite(content: Self.fixture)
        defer { site.remove() }
        _ = try site.build()
        let tag = try site.text("app/taskmaster/tasks/tasks.json.master.html")
        #expect(tag.contains("<h1 id=\"task-master-tasks-app-tag-master\">Task Master tasks: app, tag master"))
        #expect(tag.contains("Set up the &lt;project&gt; &amp; *repository*"))
        #expect(!tag.contains("<project>"))
        // The fence opened in task 1's details ends with them: task 2 is a heading.
        #expect(tag.contains("<h3 id=\"2-data-model\">"))
        #expect(tag.contains("2 of 5 tasks"))
        #expect(tag.contains("data-status=\"in-progress\""))
        #expect(tag.contains("data-status=\"cancelled\""))
        #expect(tag.contains("<a href=\"tasks.json.html\">tasks.json</a>, one of its 2 tags."))
        // A subtask's dependency on a sibling is written out in full.
        #expect(tag.contains("1.2 Add CI <em>(deferred)</em> · depends on 1.1"))
        #expect(!tag.contains("Sessions"), "another tag's task is on the tag's page")
        let auth = try site.text("app/taskmaster/tasks/tasks.json.feature-auth.html")
        #expect(auth.contains("Sessions") && !auth.contains("Data model"))
        // The file's own page: a section per tag, with its progress and a link, no tasks.
        let file = try site.text("app/taskmaster/tasks/tasks.json.html")
        #expect(file.contains("<h1 id=\"task-master-tasks-app\">Task Master tasks: app"))
        #expect(file.contains("<a href=\"tasks.json.master.html\">The tasks of tag master</a>"))
        #expect(file.contains("<a href=\"tasks.json.feature-auth.html\">The tasks of tag feature-auth</a>"))
        #expect(file.contains("2 of 5 tasks") && file.contains("1 of 3 tasks") && file.contains("3 of 8 tasks"))
        #expect(!file.contains("Data model"))
        let master = try #require(file.range(of: "tasks.json.master.html\">"))
        let second = try #require(file.range(of: "tasks.json.feature-auth.html\">"))
        #expect(master.lowerBound < second.lowerBound, "the tags are not in the file's order")
        // The dashboard links each tag to its page, and names the file the author edits.
        let dashboard = try site.text(StatusPlugin.pagePath)
        #expect(dashboard.contains("href=\"app/taskmaster/tasks/tasks.json.feature-auth.html#tag-feature-auth\""))
        #expect(dashboard.contains("app/.taskmaster/tasks/tasks.json:66"))
        #expect(!dashboard.contains("tasks.json.feature-auth:"))
        let items = try site.items()
        let source = items["app/.taskmaster/tasks/tasks.json#feature-auth/1"]?["source"] as? [String: Any]
        #expect(source?["file"] as? String == "app/.taskmaster/tasks/tasks.json")
        // The file of one tag stays one page.
        let legacy = try site.text("legacy/tasks/tasks.json.html")
        #expect(legacy.contains("Tasks written by Task Master, in 1 tag: master."))
        #expect(!site.exists("legacy/tasks/tasks.json.master.html"))
        // The file itself is published only where a page links to it.
        #expect(!site.exists("app/.taskmaster/tasks/tasks.json"))
    }

    /// The paths of a file's parts: safe for a path, never a markdown
    /// document's, never one already taken.
    @Test func partPaths() {
        let parts = DataPagePart.parts(
            of: "a/tasks.json", names: ["master", "Sprint 2/UI", "md", "", "émoji ✓", "master"],
            taken: ["a/tasks.json.master"])
        #expect(
            parts.map(\.sourcePath) == [
                "a/tasks.json.master-2", "a/tasks.json.Sprint-2-UI", "a/tasks.json.md_", "a/tasks.json.part",
                "a/tasks.json.moji", "a/tasks.json.master-3",
            ])
        #expect(parts.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(parts.allSatisfy { $0.file == "a/tasks.json" })
    }

    /// A tag whose page would be built where a document is (`tasks.json.master.md`)
    /// takes another path; both are built.
    @Test func aTagsPageNeverTakesADocumentsPlace() throws {
        let site = try BuiltSite([
            ".taskmaster/tasks/tasks.json": """
            {"master": {"tasks": [{"id": 1, "title": "A", "status": "done"}]},
             "b": {"tasks": [{"id": 1, "title": "B", "status": "pending"}]}}
            """,
            ".taskmaster/tasks/tasks.json.master.md": "# Notes on master\n",
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        #expect(try site.text("taskmaster/tasks/tasks.json.master.html").contains("Notes on master"))
        #expect(try site.text("taskmaster/tasks/tasks.json.master-2.html").contains("tag master"))
    }

    /// A task file that is not JSON: a warning at its line, the page says
    /// so, the rest of the site is built.
    @Test func brokenFile() throws {
        let site = try BuiltSite([
            ".taskmaster/tasks/tasks.json": "{\n  \"master\": {\n    \"tasks\": [\n      { \"id\": 1,, }\n",
            "README.md": "# Home\n",
        ])
        defer { site.remove() }
        let messages = try site.build().map { "\($0.line ?? 0): \($0.message)" }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("cannot read the file's data") == true)
        #expect(try site.text("taskmaster/tasks/tasks.json.html").contains("This file holds no Task Master tasks."))
    }
}
