import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Whole sites built in-process with the plugin, in a temporary folder: what the
/// plan pages, the GSD plan pages, the Status dashboard and the exports say.
struct RenderTests {
    // MARK: - Chunk headings

    @Test func headingMarkersBecomeBadgesAndLeaveTheHeadingText() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: Colors ✅ COMPLETED

            ## CHUNK-002: Fonts 🚧 In progress

            ## CHUNK-003: Logo ❌ Blocked — legal review

            ## CHUNK-004: Motion (`done`)

            ### Export ✓

            ## CHUNK-005: Widget

            **Status**: ❌ Blocked — waiting for the entitlement review from Apple
            """
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text("PLAN.html")

        let colors = try heading("chunk-001-colors--completed", in: html)
        #expect(
            colors.hasPrefix(
                "CHUNK-001: Colors <span class=\"status-badge status-done\" title=\"✅ COMPLETED\">"
                    + "<span aria-hidden=\"true\">✓</span> Done</span><a class=\"heading-anchor\""))
        #expect(visibleText(colors) == "CHUNK-001: Colors ✓ Done#")
        #expect(colors.contains("aria-label=\"Link to section: CHUNK-001: Colors\""))

        let fonts = try heading("chunk-002-fonts--in-progress", in: html)
        #expect(fonts.contains("<span class=\"status-badge status-in-progress\" title=\"🚧 In progress\">"))
        #expect(visibleText(fonts) == "CHUNK-002: Fonts ◐ In progress#")

        let logo = try heading("chunk-003-logo--blocked--legal-review", in: html)
        #expect(logo.contains("<span class=\"status-badge status-blocked\" title=\"❌ Blocked — legal review\">"))
        #expect(visibleText(logo) == "CHUNK-003: Logo ⛔ Blocked#")

        let motion = try heading("chunk-004-motion-done", in: html)
        #expect(motion.contains("<span class=\"status-badge status-done\" title=\"done\">"))
        #expect(visibleText(motion) == "CHUNK-004: Motion ✓ Done#")
        #expect(!motion.contains("<code>"))

        let export = try heading("export-", in: html)
        #expect(visibleText(export) == "Export ✓ Done#")

        // A chunk without a marker gets its badge from the Status line.
        let widget = try heading("chunk-005-widget", in: html)
        #expect(
            widget.contains(
                "<span class=\"status-badge status-blocked\""
                    + " title=\"❌ Blocked — waiting for the entitlement review from Apple\">"))
        #expect(visibleText(widget) == "CHUNK-005: Widget ⛔ Blocked#")

        let items = try site.items()
        #expect(items["PLAN.md#CHUNK-001"]?["status"] as? String == "done")
        #expect(items["PLAN.md#CHUNK-002"]?["status"] as? String == "in-progress")
        #expect(items["PLAN.md#CHUNK-003"]?["note"] as? String == "legal review")
        #expect(items["PLAN.md#CHUNK-004"]?["status"] as? String == "done")
        #expect(items["PLAN.md#export-"]?["kind"] as? String == "section")
        #expect(items["PLAN.md#CHUNK-005"]?["note"] as? String == "waiting for the entitlement review from Apple")
    }

    @Test func bracketMarkersAreTakenOutOfTheHeadingWhole() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: Icons [DONE]

            ### [DONE] Export
            """
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text("PLAN.html")
        let icons = try heading("chunk-001-icons-done", in: html)
        let export = try heading("done-export", in: html)
        #expect(icons.contains("<span class=\"status-badge status-done\" title=\"DONE\">"))
        #expect(export.contains("<span class=\"status-badge status-done\" title=\"DONE\">"))
        // cmark splits `[DONE]` into the text nodes `[` and `DONE]`: the marker goes whole.
        #expect(visibleText(icons) == "CHUNK-001: Icons ✓ Done#")
        #expect(visibleText(export) == "Export ✓ Done#")
    }

    // MARK: - Checklists and progress

    @Test func checklistsBecomeReadOnlyBoxesWithEveryState() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Checklists

            Intro.

            ## CHUNK-001: Colors

            - [x] one
            - [X] two
              - [x] nested done
              - [ ] nested open
            - [~] partial
            - [⏳] waiting
            - [-] dropped
            - [ ] open

            ## CHUNK-002: Fonts ✅ COMPLETED

            3. [x] third
            4. [x] fourth

            ## Sprint goals

            - ✅ shipped
            - ⏳ going
            - ⬜ not yet

            ## Advice

            - ✅ Do this
            - ❌ Not that
            """
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text("PLAN.html")
        let box = "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled"
        #expect(
            html.contains(
                """
                <ul class="contains-task-list">
                <li class="task-list-item" data-status="done">\(box) checked aria-label="Done"> one</li>
                <li class="task-list-item" data-status="done">\(box) checked aria-label="Done"> two
                <ul class="contains-task-list">
                <li class="task-list-item" data-status="done">\(box) checked aria-label="Done"> nested done</li>
                <li class="task-list-item" data-status="not-started">\(box) aria-label="Not started"> nested open</li>
                </ul>
                </li>
                <li class="task-list-item" data-status="in-progress">\(box) aria-label="In progress"> partial</li>
                <li class="task-list-item" data-status="in-progress">\(box) aria-label="In progress"> waiting</li>
                <li class="task-list-item" data-status="cancelled">\(box) aria-label="Cancelled"> dropped</li>
                <li class="task-list-item" data-status="not-started">\(box) aria-label="Not started"> open</li>
                </ul>
                """))
        // Every box is read-only; only the done ones are checked.
        #expect(count("<input type=\"checkbox\"", in: html) == 13)
        #expect(count("\(box) checked aria-label=\"Done\">", in: html) == 6)
        #expect(!html.contains("[~]") && !html.contains("[⏳]") && !html.contains("[-]"))
        #expect(
            html.contains(
                "<ol start=\"3\" class=\"contains-task-list\">\n"
                    + "<li class=\"task-list-item\" data-status=\"done\">\(box) checked aria-label=\"Done\"> third</li>"
            ))
        // Emoji used as boxes are drawn as boxes, the emoji taken off.
        #expect(
            html.contains(
                """
                <li class="task-list-item" data-status="done">\(box) checked aria-label="Done"> shipped</li>
                <li class="task-list-item" data-status="in-progress">\(box) aria-label="In progress"> going</li>
                <li class="task-list-item" data-status="not-started">\(box) aria-label="Not started"> not yet</li>
                """))
        // A ✅ Do / ❌ Don't list is advice, left as written.
        #expect(html.contains("<ul>\n<li>✅ Do this</li>\n<li>❌ Not that</li>\n</ul>"))

        // The chunk's bar: 3 of 7 done (the cancelled box left out), 2 in progress.
        let colors = try section(after: "<h2 id=\"chunk-001-colors\">", in: html)
        #expect(
            colors.contains(
                "<div class=\"work-details\"><div class=\"progress\"><div class=\"progress-bar\" role=\"progressbar\""
                    + " aria-valuemin=\"0\" aria-valuemax=\"7\" aria-valuenow=\"3\" aria-label=\"CHUNK-001 checklist\""
                    + " aria-valuetext=\"3 of 7 checked done\"><span class=\"progress-done\" style=\"width:42.86%\">"
                    + "</span><span class=\"progress-partial\" style=\"width:28.57%\"></span></div>"
                    + "<span class=\"progress-text\">3 of 7 checked · 42%</span></div></div>"))
        let fonts = try section(after: "<h2 id=\"chunk-002-fonts--completed\">", in: html)
        #expect(fonts.contains("<span class=\"progress-text\">2 of 2 checked · 100%</span>"))
        #expect(!fonts.contains("progress-partial"))

        // The document's summary sits right under its title: its unit (the two
        // chunks, as the dashboard's row counts them; the checklist of its own is
        // no chunk), then every box.
        let title = try #require(html.range(of: "</h1>\n"))
        let summary = String(html[title.upperBound...].prefix { $0 != "\n" })
        #expect(summary.hasPrefix("<div class=\"doc-progress\">"))
        #expect(summary.contains("aria-valuetext=\"1 of 2 chunks done\""))
        #expect(summary.contains("<span class=\"progress-text\">1 of 2 chunks · 50%</span>"))
        #expect(summary.contains("aria-valuetext=\"6 of 12 checkboxes done\""))
        #expect(summary.contains("<span class=\"progress-text\">6 of 12 checkboxes · 50%</span>"))
        #expect(summary.contains("<span class=\"progress-partial\" style=\"width:25%\"></span>"))
        #expect(summary.contains("<a href=\"status.html\">Status of all plans</a>"))
        #expect(count("<div class=\"doc-progress\">", in: html) == 1)

        let items = try site.items()
        let goals = try #require(numbers(items["PLAN.md#sprint-goals"]?["checklist"]))
        #expect(goals["done"] == 1 && goals["in_progress"] == 1 && goals["open"] == 1 && goals["total"] == 3)
        #expect(items["PLAN.md#advice"] == nil)
    }

    // MARK: - Exports

    @Test func statusJSONHasTheDocumentedSchema() throws {
        let site = try BuiltSite(["PLAN.md": Self.plan])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let root = try site.json(StatusPlugin.jsonPath)
        #expect(Set(root.keys) == ["schema", "summary", "plans", "work_units", "items", "check_these", "warnings"])
        #expect(number(root["schema"]) == 2)
        #expect(try site.text(StatusPlugin.jsonPath).contains("\"schema\" : 2,\n"))
        // CHUNK-001 is marked done with a box left open: shown as written, with a hint.
        let check = try #require(root["check_these"] as? [[String: Any]])
        #expect(check.count == 1)
        #expect(check.first?["id"] as? String == "CHUNK-001")
        #expect(check.first?["message"] as? String == "marked done, but 1 of 2 boxes is not ticked")
        #expect(number(check.first?["line"]) == 12)
        #expect((root["warnings"] as? [Any])?.isEmpty == true)

        let summary = try #require(root["summary"] as? [String: Any])
        #expect(
            Set(summary.keys) == [
                "total", "done", "percent", "units", "statuses", "waiting", "ready", "check_these",
                "estimate_minutes", "checkboxes", "critical_path", "critical_path_minutes", "work_units",
            ])
        #expect(number(summary["total"]) == 6)
        #expect(number(summary["done"]) == 1)
        #expect(number(summary["percent"]) == 16.7)
        let statuses = try #require(summary["statuses"] as? [String: Any])
        #expect(Set(statuses.keys) == Set(WorkStatus.allCases.map(\.rawValue)))
        #expect(number(statuses["in-progress"]) == 1)
        // Only CHUNK-003 is said to be blocked; CHUNK-004 and CHUNK-006 wait for unfinished chunks.
        #expect(number(statuses["blocked"]) == 1)
        #expect(number(summary["waiting"]) == 2)
        let plans = try #require(root["plans"] as? [[String: Any]])
        #expect(plans.count == 1 && plans[0]["scope"] as? String == "PLAN.md")
        #expect(plans[0]["format"] as? String == "markdown" && plans[0]["work_unit"] == nil)
        #expect((root["work_units"] as? [Any])?.isEmpty == true)
        #expect((plans[0]["unit"] as? [String: Any])?["text"] as? String == "1 of 6 chunks")
        #expect(number(summary["ready"]) == 1)
        #expect(numbers(summary["estimate_minutes"]) == ["done": 30, "total": 420])
        #expect(numbers(summary["checkboxes"]) == ["done": 1, "total": 2])
        #expect(summary["critical_path"] as? [String] == ["CHUNK-003", "CHUNK-004"])
        #expect(number(summary["critical_path_minutes"]) == 240)

        let list = try #require(root["items"] as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == (1...6).map { String(format: "CHUNK-%03d", $0) })
        let required: Set<String> = [
            "id", "key", "kind", "format", "title", "status", "readiness", "source", "deps", "dep_keys", "waiting_for",
            "waiting_for_keys", "ready", "in_cycle", "checklist",
        ]
        for item in list {
            #expect(
                required.isSubset(of: Set(item.keys)), "\(item["id"] ?? "?") lacks \(required.subtracting(item.keys))")
            let checklist = try #require(numbers(item["checklist"]))
            #expect(
                Set(checklist.keys) == ["done", "in_progress", "open", "blocked", "cancelled", "optional", "total"])
            #expect(item["source"].flatMap(source)?.hasPrefix("PLAN.md:") == true)
        }
        let items = try site.items()
        let colors = try #require(items["PLAN.md#CHUNK-001"])
        #expect(colors["title"] as? String == "Colors")
        #expect(colors["kind"] as? String == "chunk")
        #expect(colors["status"] as? String == "done")
        #expect(source(colors["source"]) == "PLAN.md:3")
        #expect(colors["anchor"] as? String == "chunk-001-colors--completed")
        #expect(colors["status_text"] as? String == "✅ Committed (3f2a9c1..HEAD)")
        #expect(colors["commits"] as? String == "3f2a9c1..HEAD")
        #expect(colors["completed"] as? String == "2026-01-08")
        #expect(colors["risk"] as? String == "Low")
        #expect(colors["priority"] as? String == "CRITICAL")
        #expect(estimate(colors["estimate"]) == "30 minutes: 30…30")
        #expect(
            numbers(colors["checklist"]) == [
                "done": 1, "in_progress": 0, "open": 1, "blocked": 0, "cancelled": 0, "optional": 0, "total": 2,
            ])
        #expect(colors["deps"] as? [String] == [])

        let fonts = try #require(items["PLAN.md#CHUNK-002"])
        #expect(fonts["deps"] as? [String] == ["CHUNK-001"])
        #expect(fonts["dep_keys"] as? [String] == ["PLAN.md#CHUNK-001"])
        #expect(fonts["status"] as? String == "in-progress")
        #expect(source(fonts["source"]) == "PLAN.md:14")

        let logo = try #require(items["PLAN.md#CHUNK-003"])
        #expect(logo["status"] as? String == "blocked" && logo["readiness"] as? String == "ready")
        #expect(logo["note"] as? String == "legal review")
        #expect(logo["blocked_reason"] as? String == "legal review")
        #expect(logo["waiting_for"] as? [String] == [])

        let widget = try #require(items["PLAN.md#CHUNK-004"])
        #expect(widget["status"] as? String == "not-started")
        #expect(widget["readiness"] as? String == "waiting")
        #expect(widget["blocked_reason"] == nil)
        #expect(widget["deps"] as? [String] == ["CHUNK-002", "CHUNK-003"])
        #expect(widget["waiting_for"] as? [String] == ["CHUNK-002", "CHUNK-003"])
        #expect(widget["waiting_for_keys"] as? [String] == ["PLAN.md#CHUNK-002", "PLAN.md#CHUNK-003"])
        #expect(widget["ready"] as? Bool == false)

        let motion = try #require(items["PLAN.md#CHUNK-005"])
        #expect(motion["ready"] as? Bool == true)
        #expect(estimate(motion["estimate"]) == "1-2 hours: 60…120")
        #expect(source(motion["source"]) == "PLAN.md:30")

        let polish = try #require(items["PLAN.md#CHUNK-006"])
        #expect(polish["deps"] as? [String] == ["CHUNK-001", "CHUNK-005"])
        #expect(polish["waiting_for_keys"] as? [String] == ["PLAN.md#CHUNK-005"])
        #expect(polish["estimate"] == nil)
    }

    @Test func theShieldsEndpointAndTheBadgeShowThePercentage() throws {
        let site = try BuiltSite(["PLAN.md": Self.plan])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let shields = try site.json(StatusPlugin.shieldsPath)
        // https://shields.io/badges/endpoint-badge: schemaVersion 1, label, message, color.
        #expect(Set(shields.keys) == ["schemaVersion", "label", "message", "color"])
        #expect(number(shields["schemaVersion"]) == 1)
        #expect(try site.text(StatusPlugin.shieldsPath).contains("\"schemaVersion\" : 1\n"))
        #expect(shields["label"] as? String == "done")
        #expect(shields["message"] as? String == "16%")
        #expect(shields["color"] as? String == "red")

        let svg = try site.text(StatusPlugin.badgePath)
        let badge = try #require(parseXML(svg), "status-badge.svg is not well-formed XML")
        #expect(badge.name == "svg")
        #expect(badge.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(badge.attributes["aria-label"] == "done: 16%")
        #expect(badge.all("title").map(\.text) == ["done: 16%"])
        #expect(badge.all("text").map(\.text) == ["done", "16%"])
        #expect(badge.all("rect").contains { $0.attributes["fill"] == "#c62828" })

        // All done: 100% and green.
        let finished = try BuiltSite(["PLAN.md": "# Plan\n\n## CHUNK-001: Colors ✅ COMPLETED\n"])
        defer { finished.remove() }
        #expect(try finished.build().isEmpty)
        let green = try finished.json(StatusPlugin.shieldsPath)
        #expect(green["message"] as? String == "100%")
        #expect(green["color"] as? String == "green")
        let full = try #require(parseXML(try finished.text(StatusPlugin.badgePath)))
        #expect(full.all("text").map(\.text) == ["done", "100%"])
    }

    // MARK: - The dashboard

    @Test func theDashboardDrawsTheGraphAndListsReadyAndBlockedWork() throws {
        let site = try BuiltSite(["PLAN.md": Self.plan])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text(StatusPlugin.pagePath)

        #expect(html.contains("<span class=\"status-value\">16</span> <span class=\"status-label\">% done</span>"))
        #expect(html.contains("<span class=\"status-detail\">1 of 6 chunks</span>"))
        #expect(
            html.contains(
                "<strong>Critical path</strong> (remaining work, by estimate): 4 h through"
                    + " <a href=\"PLAN.html#chunk-003-logo\"><span class=\"work-id\">CHUNK-003</span> Logo</a> →"
                    + " <a href=\"PLAN.html#chunk-004-widget\"><span class=\"work-id\">CHUNK-004</span> Widget</a></p>")
        )

        let ready = try section(after: "<h2 id=\"ready-next\">", in: html)
        #expect(count("<li>", in: ready) == 1)
        #expect(
            ready.contains(
                "<li><a href=\"PLAN.html#chunk-005-motion\"><span class=\"work-id\">CHUNK-005</span> Motion</a>"
                    + " <span class=\"work-where\">1 h – 2 h</span>"
                    + " <span class=\"work-where\">PLAN.md:30</span></li>"))

        // Blocked: only what its author calls blocked, with the reason written.
        let blocked = try section(after: "<h2 id=\"blocked\">", in: html)
        #expect(count("<li>", in: blocked) == 1)
        let logo = try line(containing: "Blocked</span> <a href=\"PLAN.html#chunk-003-logo\">", in: blocked)
        #expect(logo.contains(" — <span class=\"work-note\">legal review</span>"))
        #expect(!logo.contains("waits for"))
        // Waiting: not started, and waiting for unfinished chunks; each keeps its own status.
        let waiting = try section(after: "<h2 id=\"waiting\">", in: html)
        #expect(count("<li>", in: waiting) == 2)
        #expect(!waiting.contains("status-blocked\"><span aria-hidden=\"true\">⛔</span> Blocked</span> <a"))
        let widget = try line(containing: "Not started</span> <a href=\"PLAN.html#chunk-004-widget\">", in: waiting)
        #expect(
            widget.contains(
                " — waits for <a href=\"PLAN.html#chunk-002-fonts\"><span class=\"work-id\">CHUNK-002</span> Fonts</a>"
                    + " (in progress), <a href=\"PLAN.html#chunk-003-logo\"><span class=\"work-id\">CHUNK-003</span>"
                    + " Logo</a> (blocked)"))
        // Named from the content folder: the page never shows where it was built.
        #expect(widget.contains("<span class=\"work-where\">PLAN.md:25</span>"))
        #expect(!html.contains(site.content))
        let polish = try line(containing: "Not started</span> <a href=\"PLAN.html#chunk-006-polish\">", in: waiting)
        #expect(polish.contains("waits for <a href=\"PLAN.html#chunk-005-motion\">"))
        #expect(!polish.contains("CHUNK-001"))

        let graph = try dependencyGraph(in: html)
        #expect(Set(graph.nodes.values) == Set((1...6).map { String(format: "CHUNK-%03d", $0) }))
        #expect(graph.nodes.count == 6)
        // One arrow per dependency, after a transitive reduction: CHUNK-006's
        // dependency on CHUNK-001 is implied by CHUNK-001 → CHUNK-005 → CHUNK-006.
        #expect(
            Set(graph.edges.map(\.name)) == [
                "CHUNK-001 → CHUNK-002", "CHUNK-002 → CHUNK-004", "CHUNK-003 → CHUNK-004", "CHUNK-001 → CHUNK-005",
                "CHUNK-005 → CHUNK-006",
            ])
        #expect(graph.edges.count == 5)
        // A thick arrow where the work waits.
        #expect(
            Set(graph.edges.filter(\.thick).map(\.name)) == [
                "CHUNK-002 → CHUNK-004", "CHUNK-003 → CHUNK-004", "CHUNK-005 → CHUNK-006",
            ])
        #expect(graph.tones["CHUNK-001"] == "success")
        #expect(graph.tones["CHUNK-002"] == "accent")
        // Waiting is not danger: only CHUNK-003, blocked as written, is red.
        #expect(graph.tones["CHUNK-003"] == "danger")
        #expect(graph.tones["CHUNK-004"] == "normal")
        #expect(graph.tones["CHUNK-005"] == "normal")
        #expect(graph.links["CHUNK-004"] == "PLAN.html#chunk-004-widget")
    }

    @Test func settingsTurnOffTheDashboardAndTheExports() throws {
        let plan = "# Plan\n\n## CHUNK-001: A ✅ COMPLETED\n\n## CHUNK-002: B\n\n**Dependencies**: CHUNK-001\n"
        let off = try BuiltSite([
            "PLAN.md": plan, "specsite.yml": "plugins:\n  status:\n    page: false\n    exports: false\n",
        ])
        defer { off.remove() }
        #expect(try off.build().isEmpty)
        #expect(try off.text("PLAN.html").contains("status-badge status-done"))
        for path in [
            StatusPlugin.pagePath, StatusPlugin.jsonPath, StatusPlugin.shieldsPath,
            StatusPlugin.badgePath,
        ] {
            #expect(!off.exists(path), "\(path) was written")
        }
        let small = try BuiltSite(["PLAN.md": plan, "specsite.yml": "plugins:\n  status:\n    graph_limit: 1\n"])
        defer { small.remove() }
        #expect(try small.build().isEmpty)
        let html = try small.text(StatusPlugin.pagePath)
        #expect(!html.contains("class=\"dependency-graph\""))
        #expect(
            html.contains(
                "The dependency graph has 2 items, more than the 1 drawn (raise plugins.status.graph_limit to draw it)."
            ))
        #expect(small.exists(StatusPlugin.jsonPath))

        // The plugin's old settings key still applies, with a warning that names the new one.
        let renamed = try BuiltSite([
            "PLAN.md": plan, "specsite.yml": "plugins:\n  checklists:\n    page: false\n",
        ])
        defer { renamed.remove() }
        let warnings = try renamed.build()
        #expect(warnings.map(\.message) == ["'plugins.checklists' is now 'plugins.status' (read as that)"])
        #expect(warnings.first?.line == 2)
        #expect(!renamed.exists(StatusPlugin.pagePath))
    }

    // MARK: - GSD plans

    @Test func aGSDPlanPageReadsAsACardAndTaskCards() throws {
        let site = try BuiltSite([
            ".planning/phases/01-setup/01-01-PLAN.md": """
            ---
            phase: 01-setup
            plan: 01
            type: execute
            wave: 1
            depends_on: []
            files_modified:
              - Sources/App.swift
            autonomous: true
            must_haves:
              truths:
                - "The app launches"
            ---

            <objective>
            Set up the project skeleton.

            Purpose: everything else builds on it.
            </objective>

            <tasks>

            <task type="auto">
              <name>Task 1: Create the package</name>
              <files>Package.swift</files>
              <action>
              Run `swift package init` and add **one** target:

              ```swift
              let package = Package(name: "App")
              ```
              </action>
              <verify>`swift build` succeeds</verify>
              <done>The package builds</done>
            </task>

            <task type="auto">
              <name>Task 2: Add the app</name>
              <files>Sources/App.swift</files>
              <action>Write the entry point.</action>
              <verify>It runs</verify>
              <done>Hello printed</done>
            </task>

            </tasks>
            """,
            ".planning/phases/01-setup/01-01-SUMMARY.md": """
            ---
            phase: 01-setup
            plan: 01
            completed: 2026-02-01
            ---

            # Phase 1 Plan 01 Summary
            """,
            ".planning/phases/01-setup/01-02-PLAN.md": """
            ---
            phase: 01-setup
            plan: 02
            wave: 2
            depends_on: ["01-01"]
            ---

            <objective>
            Second plan.
            </objective>

            <tasks>
            <task type="checkpoint:human-verify" gate="blocking">
              <name>Task 1: Look at it</name>
              <what-built>The app</what-built>
            </task>
            </tasks>
            """,
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let html = try site.text("planning/phases/01-setup/01-01-PLAN.html")
        let body = try between("<article class=\"doc\">", and: "<nav class=\"page-nav\"", in: html)
        #expect(body.contains("</h1>\n<section class=\"gsd-plan-card\" aria-label=\"Plan 01-01\">"))
        #expect(
            body.contains(
                "<h2 class=\"gsd-plan-card-title\">Plan 01-01</h2> <span class=\"status-badge status-done\">Done</span>"
            ))
        for row in [
            "<div><dt>Phase</dt><dd>01 · Setup</dd></div>", "<div><dt>Plan</dt><dd>01</dd></div>",
            "<div><dt>Wave</dt><dd>1</dd></div>", "<div><dt>Type</dt><dd>execute</dd></div>",
            "<div><dt>Autonomous</dt><dd>Yes</dd></div>", "<div><dt>Tasks</dt><dd>2 tasks</dd></div>",
            "<div><dt>Completed</dt><dd>2026-02-01</dd></div>",
        ] {
            #expect(body.contains(row), "no \(row)")
        }
        #expect(body.contains("<ul class=\"gsd-file-list\"><li><code>Sources/App.swift</code></li></ul>"))
        #expect(body.contains("<ul class=\"gsd-truths\">\n<li>The app launches</li>\n</ul>"))
        // The front matter is the card, not text on the page.
        #expect(!body.contains("files_modified") && !body.contains("must_haves") && !body.contains("depends_on"))
        #expect(
            body.contains(
                "<section class=\"gsd-section gsd-objective\">\n<h2 class=\"gsd-section-title\">Objective</h2>\n"
                    + "<p>Set up the project skeleton.</p>"))
        #expect(count("<article class=\"gsd-task\">", in: body) == 2)
        #expect(
            body.contains(
                "<header class=\"gsd-task-header\"><span class=\"gsd-task-number\">Task 1</span>"
                    + " <span class=\"gsd-chip gsd-chip-type\">auto</span></header>\n"
                    + "<h3 class=\"gsd-task-name\">Create the package</h3>"))
        #expect(body.contains("<h3 class=\"gsd-task-name\">Add the app</h3>"))
        #expect(body.contains("<p>Run <code>swift package init</code> and add <strong>one</strong> target:</p>"))
        #expect(
            body.contains(
                "<pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"hl-keyword\">let</span> package = <span class=\"hl-type\">Package</span>(name: <span class=\"hl-string\">&quot;App&quot;</span>)"
            ))
        #expect(body.contains("<div class=\"gsd-part-label\">Verify</div>"))
        #expect(body.contains("<p>Hello printed</p>"))
        for tag in ["objective", "tasks", "task", "name", "files", "action", "verify", "done"] {
            #expect(!html.contains("&lt;\(tag)"), "escaped <\(tag)>")
            #expect(!html.contains("&lt;/\(tag)&gt;"), "escaped </\(tag)>")
        }
        #expect(!html.contains("specsite:gsd"))

        let second = try site.text("planning/phases/01-setup/01-02-PLAN.html")
        #expect(
            second.contains(
                "<h2 class=\"gsd-plan-card-title\">Plan 01-02</h2> <span class=\"status-badge status-not-started\">"))
        #expect(
            second.contains(
                "<div><dt>Depends on</dt><dd><ul class=\"gsd-deps\"><li><a href=\"01-01-PLAN.html\">01-01</a>"
                    + " <span class=\"status-badge status-done\">Done</span></li></ul></dd></div>"))
        #expect(second.contains("<article class=\"gsd-task gsd-task-checkpoint\">"))
        #expect(!second.contains("&lt;task") && !second.contains("&lt;what-built"))

        let items = try site.items()
        #expect(items[".planning#01-01"]?["status"] as? String == "done")
        #expect(items[".planning#01-01"]?["completed"] as? String == "2026-02-01")
        #expect(items[".planning#01-02"]?["ready"] as? Bool == true)
        #expect(items[".planning#01-02"]?["deps"] as? [String] == ["01-01"])
    }

    @Test func anArchivedMilestoneInTheRoadmapDoesNotStateTheCurrentPlans() throws {
        let site = try BuiltSite([
            ".planning/ROADMAP.md": """
            # Roadmap

            ## Phases

            - [ ] Phase 1: Setup (0/1 plans)

            ## Archived: v0.1

            | Phase | Plans Complete | Status | Completed |
            |-------|----------------|--------|-----------|
            | 1. Old prototype | 1/1 | Complete | 2025-12-12 |

            - [x] 01-01-PLAN.md — the old milestone's plan
            """,
            ".planning/phases/01-setup/01-01-PLAN.md": """
            ---
            phase: 01-setup
            plan: 01
            wave: 1
            ---

            <objective>
            The current milestone's first plan.
            </objective>
            """,
        ])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let items = try site.items()
        #expect(items[".planning#phase-1"]?["status"] as? String == "not-started")
        // The archived v0.1 section's plan lines and progress rows state nothing of the current milestone.
        #expect(items[".planning#01-01"]?["status"] as? String == "not-started")
        #expect(items[".planning#phase-1"]?["completed"] == nil)
    }

    // MARK: - Bad input through a whole build

    @Test func anUnknownStatusWordIsAWarningAndShownAsUnknown() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: A

            **Status**: Mostly vibes
            """
        ])
        defer { site.remove() }
        let diagnostics = try site.build()
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.file == site.content + "/PLAN.md")
        #expect(diagnostics.first?.line == 5)
        #expect(diagnostics.first?.message.hasPrefix("unknown status 'Mostly vibes' for CHUNK-001;") == true)
        let html = try heading("chunk-001-a", in: try site.text("PLAN.html"))
        #expect(
            html.contains(
                "<span class=\"status-badge status-unknown\" title=\"Mostly vibes\"><span aria-hidden=\"true\">?</span>"
                    + " Unknown</span>"))
        let item = try #require(try site.items()["PLAN.md#CHUNK-001"])
        #expect(item["status"] as? String == "unknown")
        #expect(item["status_text"] as? String == "Mostly vibes")
        // Ready means not started with every dependency done; unknown is neither done nor ready.
        #expect(item["ready"] as? Bool == false)
        let summary = try #require(try site.json(StatusPlugin.jsonPath)["summary"] as? [String: Any])
        #expect(number(summary["total"]) == 1 && number(summary["done"]) == 0)
    }

    @Test func missingDependenciesAndCyclesAreWarnedAboutAndTheDashboardIsStillWritten() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: A
            **Dependencies**: CHUNK-003

            ## CHUNK-002: B
            **Dependencies**: CHUNK-001, CHUNK-099

            ## CHUNK-003: C
            **Dependencies**: CHUNK-002

            ## CHUNK-004: D
            **Dependencies**: CHUNK-001
            """
        ])
        defer { site.remove() }
        let diagnostics = try site.build()
        let file = site.content + "/PLAN.md"
        // Places in messages are named relative to the content folder or as the
        // user named the folder; either way they read `PLAN.md:4` here.
        let plain = { (text: String) in text.replacingOccurrences(of: site.content + "/", with: "") }
        let cycle =
            "dependency cycle: CHUNK-001 → CHUNK-003 → CHUNK-002 → CHUNK-001 (CHUNK-001 at PLAN.md:4,"
            + " CHUNK-002 at PLAN.md:7, CHUNK-003 at PLAN.md:10)"
        let missing = "CHUNK-002 depends on CHUNK-099, but no chunk CHUNK-099 is defined"
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.file == file })
        #expect(
            diagnostics.map { "\($0.line ?? 0): \(plain($0.message))" }.sorted() == ["4: \(cycle)", "7: \(missing)"])

        let root = try site.json(StatusPlugin.jsonPath)
        let warnings = try #require(root["warnings"] as? [[String: Any]]).map { warning in
            plain("\(warning["file"] as? String ?? "?"):\(Int(number(warning["line"]) ?? 0)): ")
                + plain(warning["message"] as? String ?? "?")
        }
        #expect(Set(warnings) == ["PLAN.md:4: \(cycle)", "PLAN.md:7: \(missing)"])
        let items = try site.items()
        #expect(items["PLAN.md#CHUNK-002"]?["missing_deps"] as? [String] == ["CHUNK-099"])
        #expect(items["PLAN.md#CHUNK-002"]?["deps"] as? [String] == ["CHUNK-001"])
        #expect((1...3).allSatisfy { items["PLAN.md#CHUNK-00\($0)"]?["in_cycle"] as? Bool == true })
        #expect(items["PLAN.md#CHUNK-004"]?["in_cycle"] as? Bool == false)
        #expect(items.values.allSatisfy { $0["ready"] as? Bool == false })

        let page = try site.text("PLAN.html")
        #expect(count("<span class=\"work-state status-blocked\">In a dependency cycle</span>", in: page) == 3)

        let html = try site.text(StatusPlugin.pagePath)
        let problems = plain(try section(after: "<h2 id=\"problems\">", in: html))
        #expect(problems.contains("<span class=\"work-where\">PLAN.md:7</span> \(missing)</li>"))
        #expect(problems.contains("<span class=\"work-where\">PLAN.md:4</span> \(cycle)</li>"))
        #expect(html.contains("Nothing is ready: every item not started waits for another."))
        let graph = try dependencyGraph(in: html)
        #expect(graph.nodes.count == 4)
        #expect((1...3).allSatisfy { graph.tones["CHUNK-00\($0)"] == "danger" })
        let edges = Set(graph.edges.map(\.name))
        #expect(edges.isSuperset(of: ["CHUNK-003 → CHUNK-001", "CHUNK-001 → CHUNK-002", "CHUNK-002 → CHUNK-003"]))
        // CHUNK-001 reaches itself round the cycle; that does not make CHUNK-004's arrow implied.
        #expect(edges.contains("CHUNK-001 → CHUNK-004"))
    }

    @Test func duplicateIDsAreWarnedAboutAndBothTracked() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: A ✅ COMPLETED

            ## CHUNK-002: B
            **Dependencies**: CHUNK-001

            ## CHUNK-001: A again
            """
        ])
        defer { site.remove() }
        let diagnostics = try site.build()
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.severity == .warning && warning.file == site.content + "/PLAN.md" && warning.line == 8)
        #expect(warning.message.hasPrefix("two items have the id CHUNK-001 "))
        #expect(warning.message.contains("line 3"))
        let items = try site.items()
        #expect(Set(items.keys) == ["PLAN.md#CHUNK-001", "PLAN.md#CHUNK-002", "PLAN.md#CHUNK-001@8"])
        #expect(items["PLAN.md#CHUNK-001@8"]?["title"] as? String == "A again")
        #expect(items["PLAN.md#CHUNK-001@8"]?["status"] as? String == "not-started")
        // The dependency is on the first CHUNK-001, which is done.
        #expect(items["PLAN.md#CHUNK-002"]?["dep_keys"] as? [String] == ["PLAN.md#CHUNK-001"])
        #expect(items["PLAN.md#CHUNK-002"]?["ready"] as? Bool == true)
        let html = try site.text("PLAN.html")
        #expect(visibleText(try heading("chunk-001-a--completed", in: html)) == "CHUNK-001: A ✓ Done#")
        #expect(visibleText(try heading("chunk-001-a-again", in: html)) == "CHUNK-001: A again ○ Not started#")
    }

    @Test func anUnclosedTaskIsAWarningAndThePageIsStillDrawn() throws {
        let site = try BuiltSite([
            ".planning/phases/01-setup/01-01-PLAN.md": """
            ---
            phase: 01-setup
            plan: 01
            wave: 1
            ---

            <objective>
            Set up.
            </objective>

            <tasks>
            <task type="auto">
              <name>Task 1: Never closed</name>
              <done>Nothing</done>
            </tasks>
            """
        ])
        defer { site.remove() }
        let diagnostics = try site.build()
        #expect(
            diagnostics == [
                Diagnostic(
                    .warning, file: site.content + "/.planning/phases/01-setup/01-01-PLAN.md", line: 12,
                    rule: .plan, "`<task>` opened here is never closed")
            ])
        let html = try site.text("planning/phases/01-setup/01-01-PLAN.html")
        #expect(html.contains("<section class=\"gsd-plan-card\" aria-label=\"Plan 01-01\">"))
        #expect(count("<article class=\"gsd-task\">", in: html) == 1)
        #expect(html.contains("<h3 class=\"gsd-task-name\">Never closed</h3>"))
        #expect(!html.contains("&lt;task") && !html.contains("&lt;/tasks&gt;") && !html.contains("&lt;done"))
        #expect(count("<article", in: html) == count("</article>", in: html))
        #expect(
            numbers(try site.items()[".planning#01-01"]?["checklist"]) == [
                "done": 0, "in_progress": 0, "open": 1, "blocked": 0, "cancelled": 0, "optional": 0, "total": 1,
            ])
    }

    @Test func aPlanOf5000ChunksBuilds() throws {
        // The intro paragraph gives the page its summary at once: Page.summary
        // rescans the file for each metadata-only paragraph before it (quadratic).
        var text = "# Big plan\n\nFive thousand steps.\n"
        for number in 1...5000 {
            text += "\n## CHUNK-\(number): Step \(number)\(number % 3 == 0 ? " ✅ COMPLETED" : "")\n"
            text +=
                "**Dependencies**: \(number == 1 ? "None" : "CHUNK-\(number - 1)")\n**Estimated Time**: 30 minutes\n"
            text += "- [x] one\n- [ ] two\n"
        }
        let site = try BuiltSite(["PLAN.md": text])
        defer { site.remove() }
        #expect(try site.build().isEmpty)
        let root = try site.json(StatusPlugin.jsonPath)
        let items = try #require(root["items"] as? [[String: Any]])
        #expect(items.count == 5000)
        #expect(items.last?["id"] as? String == "CHUNK-5000")
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(number(summary["done"]) == 1666)
        #expect(numbers(summary["checkboxes"]) == ["done": 5000, "total": 10000])
        #expect(number(summary["critical_path_minutes"]) == 60)
        #expect(count("<span class=\"status-badge ", in: try site.text("PLAN.html")) == 5000)
        let html = try site.text(StatusPlugin.pagePath)
        #expect(html.contains("The dependency graph has 5000 items, more than the 400 drawn"))
        #expect(html.contains("<li class=\"status-more\">and"))
    }

    // MARK: - Content

    /// Six chunks: one done, one in progress, one blocked as written, two
    /// waiting for others, one ready.
    static let plan = """
        # Plan

        ## CHUNK-001: Colors ✅ COMPLETED

        **Status**: ✅ Committed (3f2a9c1..HEAD)
        **Completed**: 2026-01-08
        **Estimated Time**: 30 minutes
        **Risk Level**: Low
        **Priority**: CRITICAL

        - [x] one
        - [ ] two

        ## CHUNK-002: Fonts

        **Status**: 🚧 In progress
        **Dependencies**: CHUNK-001 (colors)
        **Estimated Time**: 1 hour

        ## CHUNK-003: Logo

        **Status**: ❌ Blocked — legal review
        **Estimated Time**: 2 hours

        ## CHUNK-004: Widget

        **Dependencies**: CHUNK-002, CHUNK-003
        **Estimated Time**: 2 hours

        ## CHUNK-005: Motion

        **Dependencies**: CHUNK-001
        **Estimated Time**: 1-2 hours

        ## CHUNK-006: Polish

        **Dependencies**: CHUNK-001, CHUNK-005
        """
}

// MARK: - Reading JSON

/// A JSON object of numbers.
private func numbers(_ value: Any?) -> [String: Double]? {
    guard let object = value as? [String: Any] else { return nil }
    var result: [String: Double] = [:]
    for (key, value) in object {
        guard let number = number(value) else { return nil }
        result[key] = number
    }
    return result
}

/// An item's `source` as `file:line`.
private func source(_ value: Any?) -> String? {
    guard let object = value as? [String: Any], let file = object["file"] as? String,
        let line = number(object["line"])
    else { return nil }
    return "\(file):\(Int(line))"
}

/// An item's `estimate` as `text: min…max`.
private func estimate(_ value: Any?) -> String? {
    guard let object = value as? [String: Any], let text = object["text"] as? String,
        let low = number(object["min_minutes"]), let high = number(object["max_minutes"])
    else { return nil }
    return "\(text): \(Int(low))…\(Int(high))"
}

// MARK: - Reading HTML

private func count(_ needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

/// The inside of the heading with `id`.
private func heading(_ id: String, in html: String) throws -> String {
    let open = try #require(html.range(of: " id=\"\(id)\">"), "no heading #\(id)")
    let rest = html[open.upperBound...]
    let close = try #require(rest.range(of: "</h"))
    return String(rest[..<close.lowerBound])
}

/// The text a reader sees: tags taken out, entities left.
private func visibleText(_ html: String) -> String {
    html.replacing(/<[^>]*>/, with: "")
}

/// `html` from `start` to `end`.
private func between(_ start: String, and end: String, in html: String) throws -> String {
    let from = try #require(html.range(of: start), "no \(start)")
    let to = try #require(html.range(of: end, range: from.upperBound..<html.endIndex), "no \(end)")
    return String(html[from.upperBound..<to.lowerBound])
}

/// The one line of `html` that contains `needle`.
private func line(containing needle: String, in html: String) throws -> String {
    let lines = html.split(separator: "\n").filter { $0.contains(needle) }
    try #require(lines.count == 1, "\(lines.count) lines contain \(needle)")
    return String(lines[0])
}

/// The dependency graph of a dashboard, parsed as XML: item ids by node id,
/// arrows by item id, node tones and links.
private struct DrawnGraph {
    struct Edge {
        var from: String
        var to: String
        var thick: Bool
        var name: String { from + " → " + to }
    }

    var nodes: [String: String] = [:]
    var edges: [Edge] = []
    var tones: [String: String] = [:]
    var links: [String: String] = [:]
}

private func dependencyGraph(in html: String) throws -> DrawnGraph {
    let figure = try #require(html.range(of: "<figure class=\"status-graph\""), "no dependency graph")
    let start = try #require(html.range(of: "<svg", range: figure.upperBound..<html.endIndex))
    let end = try #require(html.range(of: "</svg>", range: start.upperBound..<html.endIndex))
    let svg = try #require(parseXML(String(html[start.lowerBound..<end.upperBound])), "the graph is not well-formed")
    #expect(svg.attributes["class"] == "dependency-graph")
    var graph = DrawnGraph()
    for node in svg.all("g") where node.classes.contains("diagram-node") {
        // The tooltip's last line is `CHUNK-004: Widget — Blocked`.
        let tooltip = try #require(node.children.first { $0.name == "title" }?.text)
        let id = try #require(tooltip.split(separator: "\n").last?.split(separator: ":").first.map(String.init))
        let dataID = try #require(node.attributes["data-id"])
        #expect(graph.nodes[dataID] == nil, "node \(dataID) twice")
        graph.nodes[dataID] = id
        graph.tones[id] = node.classes.first { $0.hasPrefix("diagram-tone-") }.map {
            String($0.dropFirst("diagram-tone-".count))
        }
    }
    for link in svg.all("a") {
        for node in link.all("g") where node.classes.contains("diagram-node") {
            guard let id = node.attributes["data-id"].flatMap({ graph.nodes[$0] }) else { continue }
            graph.links[id] = link.attributes["href"]
        }
    }
    for edge in svg.all("g") where edge.classes.contains("diagram-edge") {
        let from = try #require(edge.attributes["data-from"].flatMap { graph.nodes[$0] })
        let to = try #require(edge.attributes["data-to"].flatMap { graph.nodes[$0] })
        let style = edge.all("path").first?.attributes["style"] ?? ""
        graph.edges.append(DrawnGraph.Edge(from: from, to: to, thick: style.contains("stroke-width:3")))
    }
    return graph
}

// MARK: - XML

/// An element of a parsed XML document.
private final class ParsedElement {
    let name: String
    let attributes: [String: String]
    var children: [ParsedElement] = []
    /// Its text and its descendants', in order.
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// Every descendant named `name`, in document order.
    func all(_ name: String) -> [ParsedElement] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }
}

private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var stack: [ParsedElement] = []
    var root: ParsedElement?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let node = ParsedElement(name: elementName, attributes: attributes)
        stack.last?.children.append(node)
        if root == nil { root = node }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Text counts for the element it is in and every element around it.
        for node in stack { node.text += string }
    }
}

/// `text` parsed as XML; nil when it is not well-formed.
private func parseXML(_ text: String) -> ParsedElement? {
    let parser = XMLParser(data: Data(text.utf8))
    let builder = XMLTreeBuilder()
    parser.delegate = builder
    guard parser.parse() else { return nil }
    return builder.root
}
