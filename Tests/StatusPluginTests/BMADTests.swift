import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// BMAD: a v6 sprint status file read as a page of its own, its story files
/// linked to it (the sprint status wins), and v4 story files numbered by
/// epic; the fixture under `Tests/fixtures/plans/bmad/`, every count and
/// hint asserted.
@Suite("BMAD")
struct BMADTests {
    static let fixture = FixturePlanTests.root + "/bmad"

    func build() throws -> (json: [String: Any], site: BuiltSite) {
        let site = BuiltSite(content: Self.fixture)
        #expect(try site.build().isEmpty)
        return (try site.json(StatusPlugin.jsonPath), site)
    }

    func units(_ json: [String: Any]) throws -> [String: String] {
        let units = try #require(json["work_units"] as? [[String: Any]])
        var found: [String: String] = [:]
        for unit in units {
            let tasks = try #require(unit["tasks"] as? [String: Int])
            found[unit["folder"] as? String ?? ""] =
                "\(unit["title"] ?? "") \(unit["status"] ?? "") \(tasks["done"] ?? -1)/\(tasks["total"] ?? -1)"
        }
        return found
    }

    /// v6: epic 1 has 1.1 done (its file says review), 1.2 in review, 1.3
    /// ready → 1 of 3. `2-5-checkout` is written under `epic-2`: story 5 of
    /// epic 2, not of epic 2.5 → 2 of 2. Epic 2.5: a backlog story and one
    /// `shipped` (read as done) → 1 of 2. `supp-9-one-off` carries no epic's
    /// number → in no epic. The file of a story no sprint lists is a story
    /// of its own. v4: 1.1 done; 1.2 in review (its second status says
    /// done); 2.1 with no status; the README and the wireframes are no stories.
    @Test func counts() throws {
        let (json, site) = try build()
        defer { site.remove() }
        let sprint = "v6/_bmad-output/implementation-artifacts/sprint-status.yaml"
        #expect(
            try units(json) == [
                sprint + "#epic-1": "Epic 1 in-progress 1/3",
                sprint + "#epic-2": "Epic 2 done 2/2",
                sprint + "#epic-2-5": "Epic 2.5 in-progress 1/2",
                sprint + "#stories": "Stories in no epic not-started 0/1",
                "v6/_bmad-output/implementation-artifacts#epic-9": "Epic 9 in-progress 0/1",
                "v4/docs/stories#epic-1": "Epic 1 in-progress 1/2",
                "v4/docs/stories#epic-2": "Epic 2 not-started 0/1",
            ])
        let hints = (json["check_these"] as? [[String: Any]] ?? []).map {
            "\($0["id"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? 0) \($0["message"] ?? "")"
        }
        #expect(
            hints == [
                "1.2 v4/docs/stories/1.2.login.md:12 a second status, 'Done' (line 12), disagrees with 'Ready for"
                    + " Review'; the first is counted",
                "2.1 v4/docs/stories/2.1.search.story.md:1 no status written; counted as not started",
                "1.1 \(sprint):11 its story file says 'review'"
                    + " (v6/_bmad-output/implementation-artifacts/1-1-sign-up.md:3); the sprint status 'done' is counted",
                "1.1 \(sprint):11 marked done, but 1 of 3 boxes are not ticked in its story file",
                "2.5.2 \(sprint):25 status 'shipped' is not one BMAD writes; read as done",
            ])
        // The story files' own boxes are the sprint's stories' tasks, not plans of their own.
        let plans = try #require(json["plans"] as? [[String: Any]])
        let documents = plans.compactMap { $0["scope"] as? String }.filter { !$0.contains("#") }
        #expect(documents == ["v4/docs/stories/2.1-wireframes.md"])
        let items = try #require(json["items"] as? [[String: Any]])
        let signUp = try #require(items.first { $0["key"] as? String == sprint + "#1-1-sign-up" })
        #expect(signUp["title"] as? String == "Sign Up")
        #expect(signUp["work_unit"] as? String == sprint + "#epic-1")
        #expect(signUp["format"] as? String == "bmad")
    }

    /// The sprint page: a section per epic with its progress, a heading per
    /// story with its badge and a link to its file.
    @Test func sprintPage() throws {
        let (_, site) = try build()
        defer { site.remove() }
        let html = try site.text("v6/_bmad-output/implementation-artifacts/sprint-status.yaml.html")
        #expect(html.contains("<h1 id=\"sprint-status-shop\">Sprint status: shop"))
        #expect(html.contains("1 of 3 stories"))
        #expect(html.contains("<a href=\"1-1-sign-up.html\">Story 1.1: Sign Up</a>"))
        #expect(html.contains("Retrospective <code>epic-1-retrospective</code>: optional"))
        // A story's tasks link the acceptance criteria they cite.
        let story = try site.text("v6/_bmad-output/implementation-artifacts/1-1-sign-up.html")
        #expect(story.contains("<li id=\"criterion-2\">Given a taken email"))
        #expect(story.contains("(AC: <a href=\"#criterion-1\">#1</a>, <a href=\"#criterion-2\">#2</a>)"))
    }

    /// Story names: v4 dotted numbers and `eN-NN`, v6 keys; other pages of
    /// a stories folder are none.
    @Test func storyNames() {
        func name(_ path: String) -> String? {
            BMADStory.name(ofPath: path).map { "\($0.number) \($0.epic)" }
        }
        #expect(name("docs/stories/2.6.1.bench.story.md") == "2.6.1 epic-2")
        #expect(name("docs/stories/1.10.reset.md") == "1.10 epic-1")
        #expect(name("docs/epics/e4/stories/e4-00-hotfix.md") == "E4-00 epic-4")
        #expect(name("docs/stories/2.6-wireframes.md") == nil)
        #expect(name("docs/stories/README.md") == nil)
        #expect(name("_bmad-output/implementation-artifacts/3-5-0-cleanup.md") == "3.5.0 epic-3")
        #expect(name("_bmad-output/implementation-artifacts/se1-4-reader.md") == "se1.4 supp-epic-1")
        #expect(name("_bmad-output/implementation-artifacts/epic-1-retro-2026-05-12.md") == nil)
        #expect(name("notes/1.2.login.md") == nil)
        #expect(name("docs/sprint-artifacts/2025-11-27-retro-notes.md") == nil)
        #expect(BMADSprint.storyPrefix(ofEpic: "epic-3-5") == "3-5-")
        #expect(BMADSprint.storyPrefix(ofEpic: "supp-epic-1") == "se1-")
        #expect(BMADSprint.storyPrefix(ofEpic: "epic-x") == nil)
    }

    /// A validation report beside the stories (what a check of a story
    /// found) is a record: its boxes are drawn, never counted, and its
    /// sections and rows are no work. The story it checks is counted alone.
    @Test func validationReportsAreRecords() throws {
        let folder = "docs/sprint-artifacts/stories/epic-3/"
        let site = try BuiltSite([
            folder + "3-7-notes.md": "# Story 3.7: Notes\n\nStatus: done\n\n## Tasks\n\n- [x] Add notes\n",
            folder + "validation-report-3-7-20251217.md": """
            # Validation Report

            ## Summary

            | Check | Status |
            | --- | --- |
            | Epics analysed | ✅ Done |
            | Architecture | ⏳ In progress |

            ### 2.1 Epics and Stories Analysis ✅

            - [x] Objectives identified
            - [ ] Cross-story dependencies
            """,
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let json = try site.json(StatusPlugin.jsonPath)
        let files = Set(try site.items().values.compactMap { ($0["source"] as? [String: Any])?["file"] as? String })
        #expect(files == [folder + "3-7-notes.md"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["checkboxes"] as? [String: Int] == ["done": 1, "total": 1])
        #expect(BMADStory.isValidationReport("a/stories/story-validation-report-2025-11-27.md"))
        #expect(!BMADStory.isValidationReport("notes/validation-report.md"))
    }

    /// Epics are named by the documents that plan them, where those agree:
    /// `epics.md` names epics 1 and 2; a rescoped copy names epic 2
    /// otherwise, so epic 2 keeps its number alone; an archived copy and a
    /// heading with no separator (`Epic 1 Story List`) name none.
    @Test func epicsAreNamedByTheirPlans() throws {
        let site = try BuiltSite([
            "_bmad-output/implementation-artifacts/sprint-status.yaml": """
            development_status:
              epic-1: in-progress
              1-1-sign-up: done
              1-2-login: backlog
              epic-2: backlog
              2-1-search: backlog
              epic-3-5: backlog
              3-5-1-polish: backlog
            """,
            "_bmad-output/planning-artifacts/epics.md": """
            # Epics

            ## Epic 1: Foundation & Sign-in ✅

            ## Epic 1 Story List

            ## Epic 2: Search

            ### Epic 3.5 — Polish
            """,
            "_bmad-output/planning-artifacts/epic-2-rescoped.md": "# Epic 2: Search and filters\n",
            "_bmad-output/planning-artifacts/epic-1-ARCHIVED.md": "# Epic 1: Old name\n",
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let units = try #require(try site.json(StatusPlugin.jsonPath)["work_units"] as? [[String: Any]])
        let titles = units.compactMap { $0["title"] as? String }
        #expect(titles == ["Epic 1: Foundation & Sign-in", "Epic 2", "Epic 3.5: Polish"])
        #expect(BMADEpicTitles.parse("Epic 4.5: BMAD v6 State Detection")?.title == "BMAD v6 State Detection")
        #expect(BMADEpicTitles.parse("Epic 1.2 Login") == nil)
        #expect(BMADEpicTitles.parse("epic 7 - Offers 🚧")?.title == "Offers")
    }
}
