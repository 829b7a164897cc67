import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Spec Kitty's features and work packages in the three layouts it has
/// written (lanes as folders, `lane:` in front matter, a feature's
/// `status.json`): the fixture under `Tests/fixtures/plans/spec-kitty/`,
/// every count, hint and warning asserted.
@Suite("Spec Kitty")
struct SpecKittyTests {
    static let fixture = FixturePlanTests.root + "/spec-kitty"

    /// 001-login (lane folders): WP01 done, WP02 planned, WP03 doing, WP04
    /// done in a phase folder under `done/` → 2 of 4. 002-search (front
    /// matter): WP01 done, WP02 for review, WP03 canceled (not counted),
    /// WP04 `shipped` (unknown), WP05 planned → 1 of 4. 003-export
    /// (status.json): WP01 done, WP02 in progress though its file says
    /// planned, WP03 planned, WP04 in no status.json and with no lane → 1 of
    /// 4. The specs, task overviews, a review cycle and the tool's template
    /// are records: their boxes are not counted.
    @Test func counts() throws {
        let site = BuiltSite(content: Self.fixture)
        defer { site.remove() }
        let messages = try site.build().map { "\($0.line ?? 0): \($0.message)" }
        #expect(
            messages == [
                "4: unknown lane 'shipped'; expected planned, claimed, doing, for_review, approved, done, blocked or"
                    + " canceled (counted as not done)",
                "5: WP05 depends on WP09, but its feature has no work package WP09",
            ])
        let json = try site.json(StatusPlugin.jsonPath)
        let units = try #require(json["work_units"] as? [[String: Any]])
        #expect(
            units.map {
                let tasks = $0["tasks"] as? [String: Int] ?? [:]
                return
                    "\($0["folder"] ?? "") \($0["title"] ?? "") \($0["status"] ?? "") \(tasks["done"] ?? -1)/\(tasks["total"] ?? -1)"
            } == [
                "events/kitty-specs/003-export 003-export in-progress 1/4",
                "frontmatter/kitty-specs/002-search Search in-progress 1/4",
                "lanes/kitty-specs/001-login Login in-progress 2/4",
            ])
        #expect(units.allSatisfy { $0["format"] as? String == "spec-kitty" && $0["kind"] as? String == "feature" })
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["checkboxes"] as? [String: Int] == ["done": 3, "total": 5])
        let hints = (json["check_these"] as? [[String: Any]] ?? []).map {
            "\($0["id"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? 0) \($0["message"] ?? "")"
        }
        #expect(
            hints == [
                "WP02 events/kitty-specs/003-export/tasks/WP02-pdf.md:4 its file says lane 'planned'; the feature's"
                    + " status.json says 'in_progress', which is counted",
                "WP04 events/kitty-specs/003-export/tasks/WP04-xml.md:5 no lane is written in its file or in"
                    + " status.json; counted as planned",
                "WP01 frontmatter/kitty-specs/002-search/tasks/WP01-index.md:4 in lane done, but 1 of 2 boxes are"
                    + " not ticked",
            ])
        let items = try site.items()
        let statuses = items.values.filter { $0["format"] as? String == "spec-kitty" }.map {
            "\(($0["source"] as? [String: Any])?["file"] ?? "") \($0["status"] ?? "")"
        }.sorted()
        #expect(
            statuses == [
                "events/kitty-specs/003-export/tasks/WP01-csv.md done",
                "events/kitty-specs/003-export/tasks/WP02-pdf.md in-progress",
                "events/kitty-specs/003-export/tasks/WP03-json.md not-started",
                "events/kitty-specs/003-export/tasks/WP04-xml.md not-started",
                "frontmatter/kitty-specs/002-search/tasks/WP01-index.md done",
                "frontmatter/kitty-specs/002-search/tasks/WP02-query.md in-review",
                "frontmatter/kitty-specs/002-search/tasks/WP03-facets.md cancelled",
                "frontmatter/kitty-specs/002-search/tasks/WP04-ranking.md unknown",
                "frontmatter/kitty-specs/002-search/tasks/WP05-suggest.md not-started",
                "lanes/kitty-specs/001-login/tasks/doing/WP03-reset.md in-progress",
                "lanes/kitty-specs/001-login/tasks/done/WP01-form.md done",
                "lanes/kitty-specs/001-login/tasks/done/phase-2/WP04-audit.md done",
                "lanes/kitty-specs/001-login/tasks/planned/WP02-sessions.md not-started",
            ])
        // WP02 of 002 waits for nothing unfinished: WP01 is done; ids are the feature's own.
        let query = try #require(items.values.first { ($0["key"] as? String)?.hasSuffix("WP02-query.md#WP02") == true })
        #expect(query["deps"] as? [String] == ["WP01"])
    }

    /// A work package's page carries its lane's badge and hints on its
    /// title; a feature's status.json is a page of its lanes; the dashboard
    /// lists the features.
    @Test func pages() throws {
        let site = BuiltSite(content: Self.fixture)
        defer { site.remove() }
        _ = try site.build()
        let package = try site.text("events/kitty-specs/003-export/tasks/WP02-pdf.html")
        #expect(package.contains("PDF export <span class=\"status-badge status-in-progress\" title=\"in_progress\">"))
        #expect(package.contains("the feature's status.json says 'in_progress', which is counted"))
        let lanes = try site.text("events/kitty-specs/003-export/status.json.html")
        #expect(lanes.contains("WP02: in_progress"))
        let dashboard = try site.text(StatusPlugin.pagePath)
        #expect(dashboard.contains("Spec Kitty features in lanes"))
        #expect(dashboard.contains("2 of 4 tasks"))
    }

    /// Which pages of a feature are work packages, and their lanes.
    @Test func workPackagePaths() {
        #expect(KittyWorkPackage.lane(ofPath: "tasks/WP01-setup.md") == "")
        #expect(KittyWorkPackage.lane(ofPath: "tasks/for_review/WP01-setup.md") == "for_review")
        #expect(KittyWorkPackage.lane(ofPath: "tasks/done/phase-1/WP01-setup.md") == "done")
        #expect(KittyWorkPackage.lane(ofPath: "tasks/phase-1/WP01-setup.md") == "")
        #expect(KittyWorkPackage.lane(ofPath: "tasks/WP06-x/review-cycle-1.md") == nil)
        #expect(KittyWorkPackage.lane(ofPath: "tasks.md") == nil)
        #expect(KittyWorkPackage.lane(ofPath: "WP01-setup.md") == nil)
        #expect(KittyWorkPackage.status(ofLane: "approved") == .inReview)
        #expect(KittyWorkPackage.status(ofLane: "in-progress") == .inProgress)
        #expect(PlanLayout.standardUnit(ofPath: "kitty-specs/login-01KZZD69/spec.md")?.format == .specKitty)
        #expect(KittyStatus.isStatusFile("app/kitty-specs/001-x/status.json"))
        #expect(!KittyStatus.isStatusFile("kitty-specs/status.json"))
    }
}
