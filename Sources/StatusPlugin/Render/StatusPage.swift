import SpecSiteKit

/// The **Status** dashboard: overall progress, progress per plan and per GSD
/// phase and wave, what is ready next, what is blocked and by what, what was
/// finished recently, and the dependency graph. Every item links to where it
/// is written.
struct StatusPage {
    let site: Site
    let report: StatusReport
    let graphLimit: Int

    static let listLimit = 50

    var page: GeneratedPage {
        GeneratedPage(outputPath: StatusPlugin.pagePath, title: "Status", contentHTML: content, order: 905)
    }

    private func url(_ item: WorkItem) -> String? {
        guard let page = site.page(at: item.sourcePath) else { return nil }
        var href = site.url(from: StatusPlugin.pagePath, to: page.outputPath)
        if let anchor = item.anchor { href += "#" + anchor }
        return href
    }

    private func link(_ item: WorkItem) -> String {
        let text =
            item.kind == .chunk || item.kind == .plan
            ? "<span class=\"work-id\">\(HTMLEscaping.escape(item.id))</span> \(HTMLEscaping.escape(item.title))"
            : HTMLEscaping.escape(item.kind == .phase ? "Phase \(item.phase ?? item.id): \(item.title)" : item.title)
        guard let href = url(item) else { return text }
        return "<a href=\"\(HTMLEscaping.escape(href))\">\(text)</a>"
    }

    private func whereWritten(_ item: WorkItem) -> String {
        "<span class=\"work-where\">\(HTMLEscaping.escape("\(item.sourcePath):\(item.line)"))</span>"
    }

    private var content: String {
        var html = "<h1 id=\"status\">Status</h1>\n"
        let progress = report.countProgress
        let estimate = report.estimateProgress
        let checkboxes = report.checkboxes
        html += "<section class=\"status-overview\" aria-label=\"Overall progress\">\n"
        html += "<div class=\"status-numbers\">"
        html += number(
            Int(report.percent.rounded(.down)), "% done", detail: "\(progress.done) of \(progress.total) items")
        if estimate.total > 0 {
            let percent = Int(clamping: estimate.done * 100 / estimate.total, to: 0...100, rounding: .down)
            html += number(
                percent, "% by estimate",
                detail: "\(StatusViews.duration(estimate.done)) of \(StatusViews.duration(estimate.total))")
        }
        // The same counts as status.json's summary.
        let tracked = report.tracked
        html += number(tracked.filter { $0.item.status == .inProgress }.count, "in progress", detail: nil)
        html += number(report.readyNext.count, "ready", detail: nil)
        html += number(tracked.filter(\.isBlocked).count, "blocked", detail: nil)
        html += "</div>\n"
        html += StatusViews.progressBar(
            done: progress.done, total: progress.total,
            inProgress: report.tracked.filter { $0.item.status == .inProgress }.count, noun: "items",
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
        html += phases()
        html += readyNext()
        html += blocked()
        html += recentlyCompleted()
        html += graph()
        html += problems()
        return html
    }

    private func number(_ value: Int, _ label: String, detail: String?) -> String {
        var html = "<div class=\"status-number\"><span class=\"status-value\">\(value)</span>"
        html += " <span class=\"status-label\">\(HTMLEscaping.escape(label))</span>"
        if let detail { html += "<span class=\"status-detail\">\(HTMLEscaping.escape(detail))</span>" }
        return html + "</div>"
    }

    /// One row per document that tracks work.
    private func plans() -> String {
        let byPage = Dictionary(
            grouping: report.entries.filter {
                StatusReport.trackedKinds.contains($0.item.kind) && $0.item.kind != .plan
            },
            by: \.item.sourcePath)
        let rows = site.pages.compactMap { page in byPage[page.sourcePath].map { (page: page, items: $0) } }
        guard !rows.isEmpty else { return "" }
        var html =
            "<h2 id=\"plans\">Plans</h2>\n<table class=\"status-table\"><thead><tr><th scope=\"col\">Document</th>"
        html +=
            "<th scope=\"col\">Progress</th><th scope=\"col\">In progress</th><th scope=\"col\">Blocked</th></tr></thead><tbody>\n"
        for (page, items) in rows {
            let counted = items.filter { $0.item.status.counts }
            let done = counted.filter { $0.item.status == .done }.count
            let href = site.url(from: StatusPlugin.pagePath, to: page.outputPath)
            html +=
                "<tr><th scope=\"row\"><a href=\"\(HTMLEscaping.escape(href))\">\(HTMLEscaping.escape(page.title))</a></th><td>"
            html += StatusViews.progressBar(
                done: done, total: counted.count,
                inProgress: counted.filter { $0.item.status == .inProgress }.count,
                noun: counted.allSatisfy { $0.item.kind == .chunk } ? "chunks" : "items", label: page.title)
            html += "</td><td>\(counted.filter { $0.item.status == .inProgress }.count)</td>"
            html += "<td>\(counted.filter(\.isBlocked).count)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// GSD phases with their plans' progress, and the waves inside each.
    private func phases() -> String {
        let phases = report.entries.filter { $0.item.kind == .phase }
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
                            html +=
                                "<li>\(StatusViews.badge(report.entry(plan.item.key)!.isBlocked ? .blocked : plan.item.status)) \(link(plan.item))"
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
        guard !ready.isEmpty else {
            return html + "<p class=\"status-empty\">Nothing is ready: every item not started waits for another.</p>\n"
        }
        html += "<ul class=\"status-list\">\n"
        for entry in ready.prefix(Self.listLimit) {
            html += "<li>\(link(entry.item))"
            if let estimate = entry.item.estimate {
                html += " <span class=\"work-where\">\(StatusViews.estimate(estimate))</span>"
            }
            html += " \(whereWritten(entry.item))</li>\n"
        }
        if ready.count > Self.listLimit {
            html += "<li class=\"status-more\">and \(ready.count - Self.listLimit) more</li>\n"
        }
        return html + "</ul>\n"
    }

    private func blocked() -> String {
        let blocked = report.entries.filter { $0.isBlocked && $0.item.kind != .phase }
        guard !blocked.isEmpty else { return "" }
        var html = "<h2 id=\"blocked\">Blocked</h2>\n<ul class=\"status-list\">\n"
        for entry in blocked.prefix(Self.listLimit) {
            html += "<li>\(StatusViews.badge(.blocked)) \(link(entry.item))"
            let blockers = entry.blockedBy.compactMap { report.entry($0)?.item }
            if !blockers.isEmpty {
                html +=
                    " — waiting for "
                    + blockers.map { "\(link($0)) (\($0.status.label.lowercased()))" }.joined(separator: ", ")
            }
            if entry.item.status == .blocked, let note = entry.item.note {
                html += " — <span class=\"work-note\">\(HTMLEscaping.escape(note))</span>"
            }
            html += " \(whereWritten(entry.item))</li>\n"
        }
        if blocked.count > Self.listLimit {
            html += "<li class=\"status-more\">and \(blocked.count - Self.listLimit) more</li>\n"
        }
        return html + "</ul>\n"
    }

    private func recentlyCompleted() -> String {
        let done = report.entries.filter { $0.item.status == .done && $0.item.kind != .checklist }
        guard !done.isEmpty else { return "" }
        let dated = done.filter { $0.item.completed != nil }.sorted { $0.item.completed! > $1.item.completed! }
        let undated = done.filter { $0.item.completed == nil }
        var html = "<h2 id=\"recently-completed\">Recently completed</h2>\n<ul class=\"status-list\">\n"
        for entry in (dated + undated).prefix(10) {
            html += "<li>\(StatusViews.badge(.done)) \(link(entry.item))"
            if let completed = entry.item.completed { html += " <time>\(HTMLEscaping.escape(completed))</time>" }
            html += " \(whereWritten(entry.item))</li>\n"
        }
        return html + "</ul>\n"
    }

    private func graph() -> String {
        let drawn = DependencyGraph.svg(report, limit: graphLimit, url: url)
        guard drawn.svg != nil || drawn.note != nil else { return "" }
        var html = "<h2 id=\"dependency-graph\">Dependency graph</h2>\n"
        html += "<p class=\"status-legend\">"
        for status in [WorkStatus.done, .inProgress, .notStarted, .blocked] {
            html +=
                "<span class=\"status-legend-item\"><span class=\"status-dot status-\(status.rawValue)\" aria-hidden=\"true\"></span> \(status.label)</span> "
        }
        html += "<span class=\"status-legend-item\">Thick arrow: waiting for it</span></p>\n"
        if let svg = drawn.svg {
            // Shrunk to the column down to 85% (labels stay readable), then scrolled.
            let minimum = Int(clamping: drawn.width * 0.85, to: 0...100_000, rounding: .towardZero)
            html += "<figure class=\"status-graph\" style=\"--graph-min-width: \(minimum)px\">\(svg)</figure>\n"
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
