import SpecSiteKit

/// The **Status** dashboard: overall progress, progress per plan and per GSD
/// phase and wave, what is ready next, what is blocked and by what, what was
/// finished recently, and the dependency graph. Every item links to where it
/// is written.
struct StatusPage: Sendable {
    let site: Site
    let report: StatusReport
    let graphLimit: Int
    /// The plans replayed over git's history, when the folder has one.
    var history: StatusHistory? = nil
    /// Why items that name files were not checked against git, when they were not.
    var evidenceNote: String? = nil

    static let listLimit = 50

    var page: GeneratedPage { page(overview: overview(), graph: graph()) }

    /// The page from its two halves, which take about as long as each other
    /// on a large site and can be made side by side: ``overview()`` and ``graph()``.
    func page(overview: String, graph: String) -> GeneratedPage {
        GeneratedPage(
            outputPath: StatusPlugin.pagePath, title: "Status", contentHTML: overview + graph + problems(), order: 905)
    }

    private func url(_ item: WorkItem) -> String? {
        guard let page = site.page(at: item.sourcePath) else { return nil }
        var href = site.url(from: StatusPlugin.pagePath, to: page.outputPath)
        if let anchor = item.anchor { href += "#" + anchor }
        return href
    }

    func link(_ item: WorkItem) -> String {
        let text =
            [.chunk, .plan, .quick, .task, .story].contains(item.kind)
            ? "<span class=\"work-id\">\(HTMLEscaping.escape(item.id))</span> \(HTMLEscaping.escape(item.title))"
            : HTMLEscaping.escape(item.kind == .phase ? "Phase \(item.phase ?? item.id): \(item.title)" : item.title)
        guard let href = url(item) else { return text }
        return "<a href=\"\(HTMLEscaping.escapeURL(href))\">\(text)</a>"
    }

    func whereWritten(_ item: WorkItem) -> String {
        "<span class=\"work-where\">\(HTMLEscaping.escape("\(report.file(of: item.sourcePath)):\(item.line)"))</span>"
    }

    /// Everything the page shows above its dependency graph.
    func overview() -> String {
        var html = "<h1 id=\"status\">Status</h1>\n"
        let progress = report.countProgress
        let estimate = report.estimateProgress
        let checkboxes = report.checkboxes
        html += "<section class=\"status-overview\" aria-label=\"Overall progress\">\n"
        html += "<div class=\"status-numbers\">"
        html += number(
            Int(report.percent.rounded(.down)), "% done", detail: report.units.map(\.text).joined(separator: ", "))
        if estimate.total > 0 {
            let percent = Int(clamping: estimate.done * 100 / estimate.total, to: 0...100, rounding: .down)
            html += number(
                percent, "% by estimate",
                detail: "\(StatusViews.duration(estimate.done)) of \(StatusViews.duration(estimate.total))")
        }
        // The same counts as status.json's summary.
        let tracked = report.tracked
        let underWay = tracked.filter { $0.item.status == .inProgress || $0.item.status == .inReview }.count
        html += number(underWay, "in progress", detail: nil)
        html += number(report.readyNext.count, "ready", detail: nil)
        let waiting = tracked.filter { $0.readiness == .waiting }.count
        if waiting > 0 { html += number(waiting, "waiting", detail: "for unfinished work") }
        let blockedCount = tracked.filter(\.isBlocked).count
        if blockedCount > 0 { html += number(blockedCount, "blocked", detail: "as written") }
        html += "</div>\n"
        let units = report.units
        html += StatusViews.progressBar(
            done: progress.done, total: progress.total, inProgress: underWay,
            noun: units.count == 1 ? UnitProgress.plural(units[0].noun, progress.total) : "units of work",
            label: "Overall progress")
        if checkboxes.total > 0 {
            html += StatusViews.progressBar(
                done: checkboxes.done, total: checkboxes.total, inProgress: checkboxes.inProgress,
                noun: "checkboxes", label: "All checkboxes")
        }
        if !report.criticalPath.isEmpty {
            let items = report.criticalPath.compactMap { report.entry($0)?.item }
            html += "<p class=\"status-critical\"><strong>Critical path</strong> (remaining work, by estimate):"
            html += " \(StatusViews.duration(report.criticalMinutes)) through "
            html += items.map { link($0) }.joined(separator: " → ") + "</p>\n"
        }
        html += "</section>\n"
        html += plans()
        html += workUnits()
        html += phases()
        html += readyNext()
        html += blocked()
        html += waitingList()
        html += checkThese()
        html += recentlyCompleted()
        if let evidenceNote {
            html += "<p class=\"status-empty status-evidence-note\">\(HTMLEscaping.escape(evidenceNote)).</p>\n"
        }
        html += progressOverTime()
        html += archived()
        return html
    }

    private func number(_ value: Int, _ label: String, detail: String?) -> String {
        var html = "<div class=\"status-number\"><span class=\"status-value\">\(value)</span>"
        html += " <span class=\"status-label\">\(HTMLEscaping.escape(label))</span>"
        if let detail { html += "<span class=\"status-detail\">\(HTMLEscaping.escape(detail))</span>" }
        return html + "</div>"
    }

    /// One row per plan (a document, or a GSD planning folder), counted in its own unit.
    private func plans() -> String {
        // A format's unit shows its task lists in its own table (``workUnits()``).
        let plans = report.plans.filter { report.formats.unit(ofPath: $0.scope) == nil }
        guard !plans.isEmpty else { return "" }
        var html =
            "<h2 id=\"plans\">Plans</h2>\n<table class=\"status-table\"><thead><tr><th scope=\"col\">Plan</th>"
        html +=
            "<th scope=\"col\">Progress</th><th scope=\"col\">In progress</th><th scope=\"col\">Waiting</th>"
            + "<th scope=\"col\">Blocked</th></tr></thead><tbody>\n"
        for plan in plans {
            let counted = plan.entries.filter { $0.item.status.counts }
            let underWay = counted.filter { $0.item.status == .inProgress || $0.item.status == .inReview }.count
            let (title, href) = planTitle(plan)
            let name =
                href.map { "<a href=\"\(HTMLEscaping.escapeURL($0))\">\(HTMLEscaping.escape(title))</a>" }
                ?? HTMLEscaping.escape(title)
            html += "<tr><th scope=\"row\">\(name)</th><td>"
            html += StatusViews.progressBar(
                done: plan.unit.done, total: plan.unit.total, inProgress: underWay,
                noun: UnitProgress.plural(plan.unit.noun, plan.unit.total), label: title)
            if !plan.others.isEmpty {
                html +=
                    "<span class=\"work-where\">\(HTMLEscaping.escape(plan.others.map(\.text).joined(separator: " · ")))</span>"
            }
            let waiting = counted.filter { $0.readiness == .waiting }.count
            let blocked = counted.filter(\.isBlocked).count
            // The same numbers under the bar, for a phone, where the columns are hidden.
            html +=
                "<span class=\"status-table-counts\">\(underWay) in progress · \(waiting) waiting · \(blocked) blocked</span>"
            html += "</td><td>\(underWay)</td><td>\(waiting)</td><td>\(blocked)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// A table per format and project of the units it groups its work in
    /// (spec-kit features, Kiro specs, OpenSpec changes): each unit's status,
    /// its tasks' progress and, for spec-kit, whether its quality checklists
    /// pass. History (a Kiro spec in `_archived/`) is listed apart, under Archived.
    private func workUnits() -> String {
        var groups: [(format: PlanFormat, project: String, units: [WorkUnitProgress])] = []
        for progress in report.workUnits where !progress.isHistory {
            if let index = groups.firstIndex(where: {
                $0.format == progress.unit.format && $0.project == progress.unit.project
            }) {
                groups[index].units.append(progress)
            } else {
                groups.append((progress.unit.format, progress.unit.project, [progress]))
            }
        }
        var html = ""
        for group in groups {
            let kind = group.format.unitKind ?? "unit"
            let heading =
                "\(group.format.name) \(UnitProgress.plural(kind, 2))"
                + (group.project.isEmpty ? "" : " in \(group.project)")
            let anchor = Slugger.slugify(heading)
            // Counted as the headline counts them: cancelled and optional ones aside.
            let counted = group.units.filter(\.status.counts)
            let done = counted.filter { $0.status == .done }.count
            html += "<h2 id=\"\(HTMLEscaping.escape(anchor))\">\(HTMLEscaping.escape(heading))</h2>\n"
            html +=
                "<p class=\"work-where\">\(done) of \(counted.count) \(UnitProgress.plural(kind, counted.count)) done"
            var asides: [String] = []
            let archived = counted.filter(\.unit.archived).count
            if archived > 0 { asides.append("\(archived) archived") }
            let uncounted = group.units.count - counted.count
            if uncounted > 0 { asides.append("\(uncounted) cancelled or optional, not counted") }
            if !asides.isEmpty { html += " (" + asides.joined(separator: "; ") + ")" }
            html += "</p>\n"
            let gates = group.units.contains { !$0.checklists.isEmpty }
            html +=
                "<table class=\"status-table\"><thead><tr><th scope=\"col\">\(HTMLEscaping.escape(kind.capitalized))</th>"
            let progressColumn = group.format == .backlogMD ? "Acceptance criteria" : "Tasks"
            html += "<th scope=\"col\">\(progressColumn)</th>" + (gates ? "<th scope=\"col\">Checklists</th>" : "")
            html += "</tr></thead><tbody>\n"
            for progress in group.units {
                html += unitRow(progress, gates: gates)
            }
            html += "</tbody></table>\n"
        }
        return html
    }

    private func unitRow(_ progress: WorkUnitProgress, gates: Bool) -> String {
        let target = progress.tasksPage ?? progress.page
        let href = site.page(at: target).map {
            site.url(from: StatusPlugin.pagePath, to: $0.outputPath) + (progress.anchor.map { "#" + $0 } ?? "")
        }
        var name = "<span class=\"work-id\">\(HTMLEscaping.escape(progress.unit.id))</span>"
        if progress.title != progress.unit.id { name += " " + HTMLEscaping.escape(progress.title) }
        if let href { name = "<a href=\"\(HTMLEscaping.escapeURL(href))\">\(name)</a>" }
        var html = "<tr><th scope=\"row\">\(name) "
        html += StatusViews.badge(progress.status, title: progress.unit.archived ? "archived" : nil) + "</th><td>"
        let tasks = progress.tasks
        let criteria = progress.criteria
        if progress.unit.format == .backlogMD {
            // The row is the task; what it shows of its progress is its criteria.
            html +=
                criteria.total > 0
                ? StatusViews.progressBar(
                    done: criteria.done, total: criteria.total, inProgress: criteria.inProgress,
                    noun: "acceptance criteria", label: "\(progress.unit.id) acceptance criteria")
                : "<span class=\"work-where\">no acceptance criteria</span>"
        } else if tasks.total > 0 {
            let noun = UnitProgress.plural(progress.taskNoun, tasks.total)
            html += StatusViews.progressBar(
                done: tasks.done, total: tasks.total, inProgress: tasks.inProgress, noun: noun,
                label: "\(progress.unit.id) \(noun)")
            // A Task Master tag's tasks are split into subtasks: both counts.
            if progress.unit.format == .taskMaster, criteria.total > 0 {
                html += StatusViews.progressBar(
                    done: criteria.done, total: criteria.total, inProgress: criteria.inProgress, noun: "subtasks",
                    label: "\(progress.unit.id) subtasks")
            }
        } else {
            html += "<span class=\"work-where\">\(progress.unit.archived ? "archived" : "no tasks yet")</span>"
        }
        let passing = progress.checklists.filter(\.passes).count
        let gateText = progress.checklists.isEmpty ? "" : "\(passing) of \(progress.checklists.count) pass"
        if gates, !gateText.isEmpty {
            html += "<span class=\"status-table-counts\">checklists: \(gateText)</span>"
        }
        html += "</td>"
        if gates { html += "<td>\(gateText.isEmpty ? "—" : gateText)</td>" }
        return html + "</tr>\n"
    }

    /// A plan's name and link: its document's title, or its planning folder (to its roadmap).
    func planTitle(_ plan: PlanProgress) -> (String, String?) {
        if let page = site.page(at: plan.scope) {
            return (page.title, site.url(from: StatusPlugin.pagePath, to: page.outputPath))
        }
        let roadmap = site.pages.first {
            RoadmapReader.isRoadmap($0) && GSDFiles.planningRoot(of: $0.sourcePath) == plan.scope
        }
        let title = plan.scope.isEmpty ? "Plans" : plan.scope
        return (title, roadmap.map { site.url(from: StatusPlugin.pagePath, to: $0.outputPath) })
    }

    /// GSD phases with their plans' progress, and the waves inside each.
    private func phases() -> String {
        // Archived milestones' phases are history: listed, collapsed, under Archived.
        let phases = report.entries.filter { $0.item.kind == .phase && !$0.item.archived }
        guard !phases.isEmpty else { return "" }
        let plansByPhase = Dictionary(grouping: report.entries.filter { $0.item.kind == .plan }) {
            $0.item.parent ?? ""
        }
        var html = "<h2 id=\"phases\">Phases</h2>\n"
        var roots: [String] = []
        for phase in phases where !roots.contains(StatusReport.scope(of: phase.item)) {
            roots.append(StatusReport.scope(of: phase.item))
        }
        for root in roots {
            if roots.count > 1 { html += "<h3 class=\"status-root\">\(HTMLEscaping.escape(root))</h3>\n" }
            html += "<ul class=\"status-phases\">\n"
            for phase in phases where StatusReport.scope(of: phase.item) == root {
                let plans = plansByPhase[phase.item.key] ?? []
                html += "<li class=\"status-phase\"><div class=\"status-phase-head\">\(link(phase.item)) "
                html += StatusViews.badge(phase.item.status, title: phase.item.statusText) + "</div>"
                if phase.item.checklist.total > 0 {
                    html += StatusViews.progressBar(
                        done: phase.item.checklist.done, total: phase.item.checklist.total,
                        inProgress: phase.item.checklist.inProgress, noun: "plans", label: "Phase \(phase.item.id)")
                }
                var waves: [String] = []
                for plan in plans where !waves.contains(plan.item.wave ?? "") { waves.append(plan.item.wave ?? "") }
                if !plans.isEmpty {
                    html += "<ul class=\"status-waves\">"
                    for wave in waves {
                        let members = plans.filter { ($0.item.wave ?? "") == wave }
                        let done = members.filter { $0.item.status == .done }.count
                        html +=
                            "<li><span class=\"status-wave\">\(wave.isEmpty ? "No wave" : "Wave " + HTMLEscaping.escape(wave))</span>"
                        html += " <span class=\"work-where\">\(done)/\(members.count) done</span><ul>"
                        for plan in members {
                            html += "<li>\(StatusViews.badge(plan.item.status)) \(link(plan.item))"
                            if plan.readiness == .waiting { html += " " + StatusViews.waitingBadge }
                            if plan.item.checklist.total > 0 {
                                html += " <span class=\"work-where\">\(plan.item.checklist.total) tasks</span>"
                            }
                            html += "</li>"
                        }
                        html += "</ul></li>"
                    }
                    html += "</ul>"
                }
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    private func readyNext() -> String {
        let ready = report.readyNext
        var html = "<h2 id=\"ready-next\">Ready next</h2>\n"
        let units = report.workUnits.filter { !$0.next.isEmpty }
        if ready.isEmpty && units.isEmpty {
            // Say why: work waits, or none is left to start.
            let waiting = report.tracked.contains { $0.item.status == .notStarted && $0.readiness == .waiting }
            let why = waiting ? "every item not started waits for another" : "no item is left to start"
            return html + "<p class=\"status-empty\">Nothing is ready: \(why).</p>\n"
        }
        if !ready.isEmpty {
            html += list(ready) { entry in
                var row = link(entry.item)
                if let estimate = entry.item.estimate {
                    row += " <span class=\"work-where\">\(StatusViews.estimate(estimate))</span>"
                }
                return row + " " + whereWritten(entry.item)
            }
        }
        // A format's units offer their next tasks, in the order their lists write them.
        if !units.isEmpty {
            html += "<ul class=\"status-list status-next-tasks\">\n"
            for progress in units.prefix(Self.listLimit) {
                let kind = progress.unit.kind
                html += "<li><strong>\(HTMLEscaping.escape(progress.unit.format.name)) \(HTMLEscaping.escape(kind))"
                html += " <span class=\"work-id\">\(HTMLEscaping.escape(progress.unit.id))</span></strong><ul>\n"
                for task in progress.next {
                    var href = site.page(at: task.page).map { site.url(from: StatusPlugin.pagePath, to: $0.outputPath) }
                    if let id = task.id { href = href.map { $0 + "#" + PlanReader.taskAnchor(id) } }
                    let text = HTMLEscaping.escape(Self.shortened(task.text))
                    let name = href.map { "<a href=\"\(HTMLEscaping.escapeURL($0))\">\(text)</a>" } ?? text
                    let badge = task.status == .notStarted ? "" : " " + StatusViews.badge(task.status)
                    html += "<li>\(name)\(badge) <span class=\"work-where\">"
                    html += HTMLEscaping.escape("\(task.page):\(task.line)") + "</span></li>\n"
                }
                html += "</ul></li>\n"
            }
            if units.count > Self.listLimit {
                html += "<li class=\"status-more\">and \(units.count - Self.listLimit) more</li>\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    /// A task's text cut to a line's length at a word (the page has the rest).
    static func shortened(_ text: String, limit: Int = 140) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + " …"
    }

    /// A list of entries, at most `limit` of them, then how many more there are.
    private func list(
        _ entries: [StatusReport.Entry], limit: Int = listLimit, className: String = "status-list",
        row: (StatusReport.Entry) -> String
    ) -> String {
        var html = "<ul class=\"\(className)\">\n"
        for entry in entries.prefix(limit) { html += "<li>" + row(entry) + "</li>\n" }
        if entries.count > limit { html += "<li class=\"status-more\">and \(entries.count - limit) more</li>\n" }
        return html + "</ul>\n"
    }

    /// What its authors say is blocked, with the reason they wrote.
    private func blocked() -> String {
        let blocked = report.entries.filter { $0.isBlocked && !$0.item.archived }
        guard !blocked.isEmpty else { return "" }
        return "<h2 id=\"blocked\">Blocked</h2>\n"
            + list(blocked) { entry in
                var row = "\(StatusViews.badge(.blocked)) \(link(entry.item))"
                if let note = entry.item.note {
                    row += " — <span class=\"work-note\">\(HTMLEscaping.escape(note))</span>"
                }
                return row + " " + whereWritten(entry.item)
            }
    }

    /// Unfinished work that waits for other unfinished work: calm, since
    /// nothing is wrong with it.
    private func waitingList() -> String {
        let waiting = report.entries.filter {
            $0.readiness == .waiting && $0.item.kind != .phase && $0.item.kind != .checklist && !$0.item.archived
        }
        guard !waiting.isEmpty else { return "" }
        return "<h2 id=\"waiting\">Waiting</h2>\n"
            + list(waiting) { entry in
                var row = "\(StatusViews.badge(entry.item.status)) \(link(entry.item))"
                let waits = entry.waitingFor.compactMap { report.entry($0)?.item }
                if !waits.isEmpty {
                    row +=
                        " — waits for "
                        + waits.map { "\(link($0)) (\($0.status.label.lowercased()))" }.joined(separator: ", ")
                } else if entry.inCycle {
                    row += " — in a dependency cycle"
                }
                return row + " " + whereWritten(entry.item)
            }
    }

    /// Where the markers and the evidence disagree: what the author wrote
    /// stands, and this says what to check.
    private func checkThese() -> String {
        let check = report.checkThese
        guard !check.isEmpty else { return "" }
        return "<h2 id=\"check-these\">Check these</h2>\n"
            + list(check, className: "status-list status-check") { entry in
                var row = "\(StatusViews.badge(entry.item.status)) \(link(entry.item))<ul class=\"work-hints\">"
                for hint in entry.item.hints {
                    let place = HTMLEscaping.escape("\(report.file(of: entry.item.sourcePath)):\(hint.line)")
                    row += "<li>\(HTMLEscaping.escape(hint.message)) <span class=\"work-where\">\(place)</span></li>"
                }
                return row + "</ul>"
            }
    }

    /// Archived milestones: history, collapsed, never counted or offered as next.
    private func archived() -> String {
        let (archived, units) = report.archived
        guard !archived.isEmpty else { return "" }
        // Each kind counted apart ("2 of 2 plans, 2 of 2 phases"), as everywhere.
        let counts = units.map(\.text)
        var html = "<h2 id=\"archived\">Archived</h2>\n<details class=\"status-archived\"><summary>"
        html += HTMLEscaping.escape(counts.joined(separator: ", ")) + " done in archived milestones"
        html += "</summary>\n"
        html += list(archived, limit: Self.listLimit * 4) { entry in
            "\(StatusViews.badge(entry.item.status)) \(link(entry.item)) \(whereWritten(entry.item))"
        }
        return html + "</details>\n"
    }

    func graph() -> String {
        let drawn = DependencyGraph.svg(report, limit: graphLimit, url: url)
        guard drawn.svg != nil || drawn.note != nil else { return "" }
        var html = "<h2 id=\"dependency-graph\">Dependency graph</h2>\n"
        html += "<p class=\"status-legend\">"
        for status in [WorkStatus.done, .inProgress, .notStarted, .blocked]
        where status != .blocked || report.entries.contains(where: \.isBlocked) {
            html +=
                "<span class=\"status-legend-item\"><span class=\"status-dot status-\(status.rawValue)\" aria-hidden=\"true\"></span> \(status.label)</span> "
        }
        html += "<span class=\"status-legend-item\">Thick arrow: waiting for it</span></p>\n"
        if let svg = drawn.svg {
            // Shrunk to the column down to 85% (labels stay readable), then scrolled;
            // on a narrow screen the top-to-bottom drawing takes its place when there is one.
            let minimum = Int(clamping: drawn.width * 0.85, to: 0...100_000, rounding: .towardZero)
            let wide = drawn.narrow.isEmpty ? "status-graph" : "status-graph status-graph-wide"
            html += "<figure class=\"\(wide)\" style=\"--graph-min-width: \(minimum)px\">\(svg)</figure>\n"
            for narrow in drawn.narrow {
                let least = Int(clamping: narrow.width * 0.85, to: 0...100_000, rounding: .towardZero)
                html +=
                    "<figure class=\"status-graph status-graph-narrow\" style=\"--graph-min-width: \(least)px\">"
                    + "<figcaption>\(HTMLEscaping.escape(narrow.caption))</figcaption>\(narrow.svg)</figure>\n"
            }
        }
        if let note = drawn.note { html += "<p class=\"status-empty\">\(HTMLEscaping.escape(note))</p>\n" }
        return html
    }

    /// The problems found in the plans, where a reader of the dashboard sees them too.
    private func problems() -> String {
        let problems = report.problems
        guard !problems.isEmpty else { return "" }
        var html = "<h2 id=\"problems\">Problems</h2>\n<ul class=\"status-list status-problems\">\n"
        for problem in problems.prefix(Self.listLimit) {
            html +=
                "<li><span class=\"work-where\">\(HTMLEscaping.escape("\(problem.sourcePath):\(problem.line)"))</span> \(HTMLEscaping.escape(problem.message))</li>\n"
        }
        if problems.count > Self.listLimit {
            html += "<li class=\"status-more\">and \(problems.count - Self.listLimit) more</li>\n"
        }
        return html + "</ul>\n"
    }
}
