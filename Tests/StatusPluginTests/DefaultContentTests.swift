import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// The repository's example site (`content/`) built in-process with the plugin:
/// what its implementation plan, sprint plan and GSD planning folder add up to,
/// as the markdown states them (checked against `specsite status content`).
struct DefaultContentTests {
    @Test func thePlansBuildWithoutWarnings() throws {
        let (site, diagnostics) = try defaultSite()
        defer { site.remove() }
        #expect(diagnostics.map(\.description) == [])
        #expect((try site.json(StatusPlugin.jsonPath)["warnings"] as? [Any])?.isEmpty == true)
        for path in [StatusPlugin.pagePath, StatusPlugin.shieldsPath, StatusPlugin.badgePath] {
            #expect(site.exists(path), "no \(path)")
        }
    }

    @Test func theImplementationPlanStandsAsWritten() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        let items = try site.items()
        func chunk(_ number: Int) throws -> [String: Any] {
            try #require(items[String(format: "IMPLEMENTATION_PLAN.md#CHUNK-%03d", number)])
        }
        let chunks = items.values.filter { ($0["key"] as? String)?.hasPrefix("IMPLEMENTATION_PLAN.md#") == true }
        #expect(chunks.count == 9)
        #expect(chunks.allSatisfy { $0["kind"] as? String == "chunk" })

        for number in 1...3 {
            #expect(try chunk(number)["status"] as? String == "done", "CHUNK-00\(number)")
        }
        #expect(try chunk(1)["completed"] as? String == "2026-01-08")
        #expect(try chunk(3)["commits"] as? String == "c51a0f9..HEAD")
        #expect(try chunk(4)["status"] as? String == "in-progress")
        #expect(
            try chunk(4)["note"] as? String
                == "ring and button done; undo toast in review, haptics and Drink Picker outstanding")
        #expect(try chunk(5)["status"] as? String == "not-started")
        #expect(try chunk(5)["ready"] as? Bool == true)
        #expect(try chunk(5)["deps"] as? [String] == ["CHUNK-001", "CHUNK-003"])
        #expect(try chunk(6)["status"] as? String == "in-progress")
        // Blocked only where the author says so, with the reason they wrote.
        #expect(try chunk(7)["status"] as? String == "blocked")
        #expect(
            try chunk(7)["blocked_reason"] as? String
                == "waiting for the HealthKit entitlement review (submitted 2026-01-06)")
        #expect(try chunk(7)["waiting_for"] as? [String] == [])
        #expect(try chunk(7)["readiness"] as? String == "ready")
        // Not started and waiting for unfinished chunks: waiting, not blocked.
        #expect(try chunk(8)["status"] as? String == "not-started")
        #expect(try chunk(8)["readiness"] as? String == "waiting")
        #expect(try chunk(8)["waiting_for"] as? [String] == ["CHUNK-004"])
        #expect(try chunk(8)["waiting_for_keys"] as? [String] == ["IMPLEMENTATION_PLAN.md#CHUNK-004"])
        #expect(try chunk(9)["status"] as? String == "not-started")
        #expect(
            try chunk(9)["waiting_for_keys"] as? [String] == [
                "IMPLEMENTATION_PLAN.md#CHUNK-004", "IMPLEMENTATION_PLAN.md#CHUNK-005",
                "IMPLEMENTATION_PLAN.md#CHUNK-008",
            ])
        #expect(try chunk(1)["readiness"] as? String == "settled")
        #expect((1...9).filter { (try? chunk($0)["ready"] as? Bool) == true } == [5])

        // Checkboxes per chunk as the lists have them: nested ones count, [-] does not,
        // and CHUNK-005's ✅ acceptance criteria are a list style.
        let boxes = try (1...9).map { try count(chunk($0)["checklist"]) }
        #expect(boxes == ["8/8", "7/7", "6/6", "5/13", "0/6", "4/7", "1/4", "0/4", "0/4"])
        #expect(try number(chunk(7)["checklist"], "cancelled") == 1)
        #expect(try number(chunk(4)["checklist"], "in_progress") == 1)
        #expect(try number(chunk(6)["checklist"], "in_progress") == 2)
        let estimates = try (1...9).map { try number(chunk($0)["estimate"], "min_minutes") ?? -1 }
        #expect(estimates == [90, 120, 90, 180, 150, 120, 120, 120, 45])
        #expect(try chunk(1)["phase"] as? String == "Foundation")
        #expect(try chunk(9)["phase"] as? String == "Polish")
    }

    @Test func theGSDPlansStandAsTheirFilesSay() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        let items = try site.items()
        let plans = items.filter { $0.value["kind"] as? String == "plan" }
        #expect(
            Set(plans.keys) == [
                ".planning#01-01", ".planning#01-02", ".planning#02-01", ".planning#02-02", ".planning#03-01",
                ".planning#03-02", ".planning/milestones/v0.1#01-01", ".planning/milestones/v0.1#02-01",
            ])
        func plan(_ key: String) throws -> [String: Any] { try #require(items[key]) }
        for key in [".planning#01-01", ".planning#01-02", ".planning#02-01"] {
            #expect(try plan(key)["status"] as? String == "done", "\(key)")
            #expect(try plan(key)["status_text"] as? String == "SUMMARY written", "\(key)")
        }
        #expect(try plan(".planning#02-01")["completed"] as? String == "2026-01-20")
        // No SUMMARY and an open box in the ROADMAP, but STATE.md's Current Position is 02-02, in progress.
        #expect(try plan(".planning#02-02")["status"] as? String == "in-progress")
        #expect(try plan(".planning#02-02")["note"] as? String == "Task 1 in review (PR #44), Task 2 not started")
        #expect(try plan(".planning#02-02")["ready"] as? Bool == false)
        #expect(try count(plan(".planning#02-02")["checklist"]) == "0/3")
        #expect(try plan(".planning#03-01")["status"] as? String == "not-started")
        #expect(try plan(".planning#03-01")["readiness"] as? String == "waiting")
        #expect(try plan(".planning#03-01")["waiting_for_keys"] as? [String] == [".planning#02-02"])
        #expect(try plan(".planning#03-02")["status"] as? String == "not-started")
        #expect(try plan(".planning#03-02")["waiting_for_keys"] as? [String] == [".planning#03-01"])
        // The archived milestone's plans are its own, not the current 01-01 and 02-01, and history.
        #expect(try plan(".planning/milestones/v0.1#01-01")["archived"] as? Bool == true)
        #expect(try plan(".planning#01-01")["archived"] == nil)
        #expect(try plan(".planning/milestones/v0.1#01-01")["status"] as? String == "done")
        #expect(try plan(".planning/milestones/v0.1#01-01")["completed"] as? String == "2025-12-12")
        #expect(try plan(".planning/milestones/v0.1#02-01")["status"] as? String == "done")
        #expect(try plan(".planning/milestones/v0.1#02-01")["completed"] as? String == "2025-12-19")
        #expect(
            try plan(".planning/milestones/v0.1#02-01")["dep_keys"] as? [String] == [
                ".planning/milestones/v0.1#01-01"
            ])

        #expect(items[".planning#phase-1"]?["status"] as? String == "done")
        #expect(items[".planning#phase-1"]?["note"] as? String == "verification: passed")
        #expect(items[".planning#phase-2"]?["status"] as? String == "in-progress")
        #expect(items[".planning#phase-2"]?["note"] as? String == "verification: gaps_found")
        #expect(items[".planning#phase-3"]?["status"] as? String == "not-started")
        #expect(items[".planning#phase-3"]?["readiness"] as? String == "waiting")
        #expect(
            items[".planning#phase-4"]?["waiting_for_keys"] as? [String] == [".planning#phase-2", ".planning#phase-3"])
        #expect(items[".planning/milestones/v0.1#phase-1"]?["status"] as? String == "done")
        #expect(items[".planning/milestones/v0.1#phase-2"]?["status"] as? String == "done")
    }

    @Test func theCurrentPhaseIsNotDatedFromTheArchivedMilestone() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        let phase = try #require(try site.items()[".planning#phase-2"])
        #expect(phase["status"] as? String == "in-progress")
        // ROADMAP.md's archived v0.1 progress table has a row `2. TestFlight Beta |
        // 1/1 | Complete | 2025-12-19`, which is not the current phase 2.
        #expect(phase["completed"] == nil, "\(phase["completed"] ?? "")")
    }

    @Test func theWholeSiteAddsUp() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        let root = try site.json(StatusPlugin.jsonPath)
        let summary = try #require(root["summary"] as? [String: Any])
        // Counted in each plan's unit: 9 + 12 chunks, and the .planning folder's
        // 4 phases (phase 4 has no plans yet, so its 6 plans would overstate it;
        // the archived milestone is history); the sprint plan's checklist
        // sections and its one board row are not summed in.
        #expect(number(summary["total"]) == 25)
        #expect(number(summary["done"]) == 7)
        #expect(number(summary["percent"]) == 28)
        let units = try #require(summary["units"] as? [[String: Any]])
        #expect(units.map { $0["text"] as? String } == ["6 of 21 chunks", "1 of 4 phases"])
        let statuses = try #require(summary["statuses"] as? [String: Any])
        #expect(number(statuses["in-progress"]) == 4)
        #expect(number(statuses["in-review"]) == 2)
        #expect(number(statuses["blocked"]) == 2)
        #expect(number(statuses["not-started"]) == 10)
        #expect(number(summary["waiting"]) == 10)
        #expect(count(summary["checkboxes"]) == "46/98")
        #expect(number(summary["estimate_minutes"], "done") == 540)
        #expect(number(summary["estimate_minutes"], "total") == 2160)
        // The longest chain of remaining work by estimate runs through the sprint
        // plan: 2 h 30 min + 1 h 30 min + 2 h + 3 h + 30 min.
        #expect(
            summary["critical_path"] as? [String] == ["CHUNK-002", "CHUNK-003", "CHUNK-008", "CHUNK-009", "CHUNK-011"])
        #expect(number(summary["critical_path_minutes"]) == 570)

        let items = try site.items()
        // Ready: CHUNK-005 and the sprint plan's "Priority 3" checklist, which is
        // no step to pick up: the summary and Ready next leave it out.
        let ready = items.filter { $0.value["ready"] as? Bool == true }.keys.sorted()
        #expect(ready == ["IMPLEMENTATION_PLAN.md#CHUNK-005", "SPRINT_PLAN.md#priority-3-onboarding"])
        #expect(number(summary["ready"]) == 1)

        let html = try site.text(StatusPlugin.pagePath)
        #expect(html.contains("<span class=\"status-detail\">6 of 21 chunks, 1 of 4 phases</span>"))
        #expect(html.contains("<span class=\"progress-text\">7 of 25 units of work · 28%</span>"))
        #expect(html.contains("<span class=\"progress-text\">46 of 98 checkboxes · 46%</span>"))
        #expect(html.contains("<span class=\"status-detail\">9 h of 4 d 4 h</span>"))
        let readyNext = try section(after: "<h2 id=\"ready-next\">", in: html)
        let links = readyNext.matches(of: /<span class="work-id">([^<]+)<\/span>/).map { String($0.1) }
        #expect(links == ["CHUNK-005"])
        #expect(readyNext.contains("<a href=\"IMPLEMENTATION_PLAN.html#chunk-005-onboarding-flow\">"))
        let critical = try #require(html.firstMatch(of: /<p class="status-critical">.*<\/p>/)).0
        #expect(critical.contains("9 h 30 min through"))
        #expect(critical.matches(of: /href="SPRINT_PLAN\.html#/).count == 5)
        // Blocked lists what its authors call blocked (CHUNK-007 and the sprint's
        // CHUNK-012), with their reasons; what waits for other work is listed apart.
        let blocked = try section(after: "<h2 id=\"blocked\">", in: html)
        #expect(blocked.matches(of: /<li>/).count == 2)
        #expect(
            blocked.contains(
                "<span class=\"work-id\">CHUNK-007</span> HealthKit Sync</a> — <span class=\"work-note\">waiting for"
                    + " the HealthKit entitlement review (submitted 2026-01-06)</span>"))
        let waiting = try section(after: "<h2 id=\"waiting\">", in: html)
        #expect(waiting.matches(of: /<li>/).count == 10)
        #expect(
            waiting.contains(
                "<span class=\"work-id\">CHUNK-008</span> Home Screen Widget</a> — waits for"
                    + " <a href=\"IMPLEMENTATION_PLAN.html#chunk-004-home-screen-and-quick-log--in-progress\">"
                    + "<span class=\"work-id\">CHUNK-004</span> Home Screen and Quick Log</a> (in progress)"))
        // Only CHUNK-012 is blocked as written (and waits too); the others keep their own status.
        #expect(waiting.matches(of: /status-blocked/).count == 1)

        let shields = try site.json(StatusPlugin.shieldsPath)
        #expect(shields["message"] as? String == "28%")
        #expect(shields["color"] as? String == "red")
        #expect(try site.text(StatusPlugin.badgePath).contains("<title>done: 28%</title>"))
    }

    @Test func thePlanPagesShowTheirProgress() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        let plan = try site.text("IMPLEMENTATION_PLAN.html")
        let title = try #require(plan.range(of: "</h1>\n"))
        let summary = String(plan[title.upperBound...].prefix { $0 != "\n" })
        #expect(summary.hasPrefix("<div class=\"doc-progress\">"))
        #expect(summary.contains("<span class=\"progress-text\">3 of 9 chunks · 33%</span>"))
        #expect(summary.contains("<span class=\"progress-text\">31 of 59 checkboxes · 52%</span>"))
        #expect(
            plan.contains(
                "<h2 id=\"chunk-004-home-screen-and-quick-log--in-progress\">CHUNK-004: Home Screen and Quick Log"
                    + " <span class=\"status-badge status-in-progress\""))
        #expect(plan.contains("aria-label=\"CHUNK-004 checklist\" aria-valuetext=\"5 of 13 checked done\""))
        #expect(
            plan.contains(
                "<h2 id=\"chunk-007-healthkit-sync--blocked\">CHUNK-007: HealthKit Sync <span class=\"status-badge"
                    + " status-blocked\" title=\"❌ Blocked — waiting for the HealthKit entitlement review (submitted"
                    + " 2026-01-06)\"><span aria-hidden=\"true\">⛔</span> Blocked</span>"))
        // CHUNK-008 is not started as written, and waits for CHUNK-004: calm, not red.
        let widget = try section(after: "<h2 id=\"chunk-008-home-screen-widget\">", in: plan)
        #expect(
            widget.hasPrefix(
                "CHUNK-008: Home Screen Widget <span class=\"status-badge status-not-started\" title=\"Not started\">"))
        #expect(
            widget.contains(
                "<span class=\"work-state status-waiting\">Waiting for"
                    + " <a href=\"#chunk-004-home-screen-and-quick-log--in-progress\""))
        #expect(!widget.prefix { $0 != "\n" }.contains("status-blocked"))
        let onboarding = try section(after: "<h2 id=\"chunk-005-onboarding-flow\">", in: plan)
        #expect(onboarding.contains("<span class=\"work-state status-ready\">Ready to start</span>"))

        let sprint = try site.text("SPRINT_PLAN.html")
        let sprintSummary = try #require(sprint.range(of: "</h1>\n")).upperBound
        let sprintBars = String(sprint[sprintSummary...].prefix { $0 != "\n" })
        #expect(sprintBars.contains("<span class=\"progress-text\">7 of 23 checkboxes · 30%</span>"))

        let gsd = try site.text("planning/phases/02-reminders/02-02-PLAN.html")
        #expect(
            gsd.contains(
                "<h2 class=\"gsd-plan-card-title\">Plan 02-02</h2> <span class=\"status-badge status-in-progress\">"))
        #expect(!gsd.contains("&lt;task") && !gsd.contains("&lt;/task&gt;"))
    }

    @Test func theStatusCommandAndTheBuildAgree() throws {
        let site = try defaultSite().site
        defer { site.remove() }
        // `specsite status --json` loads the site without rendering and prints the report.
        let log = DiagnosticLog()
        let loaded = try Builder(
            options: BuildOptions(content: defaultContent, output: "", plugins: [StatusPlugin()]),
            diagnostics: log
        ).load()
        let report = StatusPlugin.report(for: loaded.site)
        #expect(StatusExport.json(report) == (try site.text(StatusPlugin.jsonPath)))
        #expect(report.countProgress == (7, 25))
        #expect(
            report.readyNext.map(\.item.id) == ["CHUNK-005"])
        #expect(
            report.criticalPath == [
                "SPRINT_PLAN.md#CHUNK-002", "SPRINT_PLAN.md#CHUNK-003", "SPRINT_PLAN.md#CHUNK-008",
                "SPRINT_PLAN.md#CHUNK-009", "SPRINT_PLAN.md#CHUNK-011",
            ])
        #expect(report.criticalMinutes == 570)
    }
}

// MARK: - Building the example site

/// `content/` at the repository's top, found from this file.
private let defaultContent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("content").path

/// The repository's `content/` built with the checklists plugin into a temporary folder.
private func defaultSite() throws -> (site: BuiltSite, diagnostics: [Diagnostic]) {
    let site = BuiltSite(content: defaultContent)
    return (site, try site.build())
}

/// `done/total` of a checklist or checkbox count.
private func count(_ value: Any?) -> String {
    "\(Int(number(value, "done") ?? -1))/\(Int(number(value, "total") ?? -1))"
}
