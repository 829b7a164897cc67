import SpecSiteDiagrams
import SpecSiteKit

/// The dashboard's parts about time: "Recently completed" (on the days git
/// shows, where there is a history), and "Progress over time": the burn-up
/// chart of the site read from git, the pace and the forecast, the weeks in
/// a table, and a chart for each plan.
extension StatusPage {
    func recentlyCompleted() -> String {
        let done = report.entries.filter {
            $0.item.status == .done && $0.item.kind != .checklist && !$0.item.archived
        }
        guard !done.isEmpty else { return "" }
        // The day git shows it became done, where there is a history; else the
        // date its text gives. Newest first; items with no date last.
        func date(_ entry: StatusReport.Entry) -> String? {
            history?.completed[entry.item.key].map(StatusHistoryText.day) ?? entry.item.completed
        }
        let dated = done.compactMap { entry in date(entry).map { (entry, $0) } }
            .enumerated().sorted { ($0.element.1, $1.offset) > ($1.element.1, $0.offset) }.map(\.element.0)
        let undated = done.filter { date($0) == nil }
        var html = "<h2 id=\"recently-completed\">Recently completed</h2>\n<ul class=\"status-list\">\n"
        for entry in (dated + undated).prefix(10) {
            html += "<li>\(StatusViews.badge(.done)) \(link(entry.item))"
            if let completed = date(entry) { html += " <time>\(HTMLEscaping.escape(completed))</time>" }
            html += " \(whereWritten(entry.item))</li>\n"
        }
        return html + "</ul>\n"
    }

    /// Plans drawn on their own, at most.
    static let planChartLimit = 20

    func progressOverTime() -> String {
        guard let history, let last = history.points.last else { return "" }
        let trend = StatusTrend(history)
        var html = "<h2 id=\"progress-over-time\">Progress over time</h2>\n"
        let commits = history.points.count == 1 ? "1 commit" : "\(history.points.count) commits"
        html += "<p class=\"status-legend\">Read from git: \(commits) that changed the documents, "
        html += "\(StatusHistoryText.day(history.points[0].date)) to \(StatusHistoryText.day(last.date)).</p>\n"
        if let note = StatusHistoryText.shallowNote(history) {
            html += "<p class=\"status-empty\">\(HTMLEscaping.escape(note))</p>\n"
        }
        let chart = Self.burnUp(history: history, trend: trend, idPrefix: "burnup-site", title: "Burn-up of all plans")
        if let svg = chart {
            html += "<figure class=\"status-burnup\">\(svg)</figure>\n"
        }
        html += "<p class=\"status-pace\">"
        if let pace = StatusHistoryText.pace(trend) {
            html += "<strong>Pace</strong>: \(HTMLEscaping.escape(pace)). "
        }
        html += "<strong>Forecast</strong>: \(HTMLEscaping.escape(StatusHistoryText.forecast(trend))).</p>\n"
        html += weeksTable(trend)
        html += planCharts(history)
        return html
    }

    /// The chart of `history`'s site counts with `trend`'s forecast.
    static func burnUp(history: StatusHistory, trend: StatusTrend, idPrefix: String, title: String) -> String? {
        let samples = history.points.map { BurnUpChart.Sample(date: $0.date, done: $0.done, total: $0.total) }
        return chart(samples, trend: trend, idPrefix: idPrefix, title: title, standalone: false)
    }

    static func chart(
        _ samples: [BurnUpChart.Sample], trend: StatusTrend, idPrefix: String, title: String, standalone: Bool,
        width: Double = 720, height: Double = 260
    ) -> String? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let forecast = trend.forecast.map { BurnUpChart.Forecast(likely: $0.likely, early: $0.early, late: $0.late) }
        var description =
            "Done went from \(first.done) of \(first.total) on \(StatusHistoryText.day(first.date))"
            + " to \(last.done) of \(last.total) on \(StatusHistoryText.day(last.date))."
        if let pace = StatusHistoryText.pace(trend) { description += " Pace: \(pace)." }
        description += " Forecast: \(StatusHistoryText.forecast(trend))."
        return BurnUpChart(samples: samples, forecast: forecast, width: width, height: height).svg(
            title: title, description: description, idPrefix: idPrefix, standalone: standalone)
    }

    private func weeksTable(_ trend: StatusTrend) -> String {
        guard trend.weeks.count > 1 else { return "" }
        // The column of work added already done, only when there was any.
        let arrivals = trend.weeks.contains { $0.arrived > 0 }
        var html = "<details class=\"status-weeks\"><summary>Done per week</summary>\n"
        html +=
            "<table class=\"status-weeks-table\"><thead><tr><th scope=\"col\">Week of</th><th scope=\"col\">Done</th>"
        html += "<th scope=\"col\">Net</th>" + (arrivals ? "<th scope=\"col\">Added done</th>" : "")
        html += "</tr></thead><tbody>\n"
        for week in trend.weeks.reversed() {
            html += "<tr><td><time>\(StatusHistoryText.day(week.start))</time></td>"
            html += "<td>\(week.done) of \(week.total)</td><td>\(StatusHistoryText.signed(week.net))</td>"
            html += (arrivals ? "<td>\(week.arrived)</td>" : "") + "</tr>\n"
        }
        return html + "</tbody></table></details>\n"
    }

    /// A small chart for each plan whose count changed, by the plan's last path.
    private func planCharts(_ history: StatusHistory) -> String {
        let plans = report.plans.filter { plan in
            var seen: StatusHistory.PlanCount?
            for point in history.points {
                guard let count = point.plans[plan.scope] else { continue }
                if let seen, seen != count { return true }
                seen = count
            }
            return false
        }
        guard !plans.isEmpty, report.plans.count > 1 else { return "" }
        var html = "<details class=\"status-plan-charts\"><summary>Each plan</summary>\n"
        for (index, plan) in plans.prefix(Self.planChartLimit).enumerated() {
            // The plan's own history: the points where it existed.
            var planHistory = StatusHistory()
            planHistory.points = history.points.compactMap { point in
                guard let count = point.plans[plan.scope] else { return nil }
                var own = point
                own.done = count.done
                own.total = count.total
                own.progress = count.progress
                own.arrived = count.arrived
                return own
            }
            let (title, _) = planTitle(plan)
            let trend = StatusTrend(planHistory)
            let samples = planHistory.points.map { BurnUpChart.Sample(date: $0.date, done: $0.done, total: $0.total) }
            guard
                let svg = Self.chart(
                    samples, trend: trend, idPrefix: "burnup-plan-\(index + 1)", title: "Burn-up of \(title)",
                    standalone: false, width: 560, height: 200)
            else { continue }
            html += "<figure class=\"status-burnup\">\(svg)<figcaption>\(HTMLEscaping.escape(title)): "
            html += HTMLEscaping.escape(StatusHistoryText.forecast(trend)) + "</figcaption></figure>\n"
        }
        if plans.count > Self.planChartLimit {
            html += "<p class=\"status-empty\">\(plans.count - Self.planChartLimit) more plans are not drawn.</p>\n"
        }
        return html + "</details>\n"
    }
}
