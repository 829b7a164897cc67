import Foundation
import SpecSiteKit

/// `specsite status --history`: the replayed history as text and JSON.
public enum StatusHistoryText {
    /// `2026-11-01` (UTC).
    static func day(_ seconds: Int) -> String { StatusChangesReport.day(seconds) }

    /// `+2`, `−1`, `±0`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : value < 0 ? "−\(-value)" : "±0"
    }

    /// `1.5 a week over the last 6 weeks (± 0.8)`, and what was added
    /// already done in those weeks when anything was.
    static func pace(_ trend: StatusTrend) -> String? {
        guard let pace = trend.pace, let spread = trend.spread else { return nil }
        var text =
            "\(NumberText.format(pace, decimals: 1)) a week over the last \(trend.window) weeks"
            + " (± \(NumberText.format(spread, decimals: 1)))"
        if let arrivals = trend.arrivals, arrivals > 0 {
            text += "; \(NumberText.format(arrivals, decimals: 1)) a week more were added already done"
        }
        return text
    }

    /// `2 left; done about 2026-02-16 (2026-02-11 to 2026-03-03)`, or why there is no forecast.
    static func forecast(_ trend: StatusTrend) -> String {
        if trend.remaining == 0 { return "nothing left to do" }
        guard let forecast = trend.forecast else {
            if trend.weeks.count < 2 { return "\(trend.remaining) left; not enough history (two weeks are needed)" }
            return
                "\(trend.remaining) left; no forecast, since no net progress was made over the last \(trend.window) weeks"
                + arrivalsCaveat(trend)
        }
        let late = forecast.late.map(day) ?? "no later bound"
        return "\(trend.remaining) left; done about \(day(forecast.likely)) (\(day(forecast.early)) to \(late))"
            + arrivalsCaveat(trend)
    }

    /// When more work arrives already done than is ticked, the forecast
    /// (which counts only the ticks) is said to leave it out: the plans may be
    /// written after the work, or imported.
    static func arrivalsCaveat(_ trend: StatusTrend) -> String {
        guard let arrivals = trend.arrivals, arrivals > max(trend.pace ?? 0, 0) else { return "" }
        return "; most work here is written down already done, which this forecast does not count"
    }

    /// The note on a shallow clone's history, or nil.
    static func shallowNote(_ history: StatusHistory) -> String? {
        guard history.isShallow, let first = history.points.first else { return nil }
        return "This clone is shallow: its history starts at \(day(first.date)), and the numbers count from there"
            + " (git fetch --unshallow reads the rest)."
    }

    /// For a terminal.
    public static func text(_ history: StatusHistory, content: String) -> String {
        guard let first = history.points.first, let last = history.points.last else {
            return "No commit of \(content) changed a document.\n"
        }
        let trend = StatusTrend(history)
        let commits = history.points.count == 1 ? "1 commit" : "\(history.points.count) commits"
        var out = "History of \(content): \(commits) changed the documents, \(day(first.date)) to \(day(last.date))\n"
        if let note = shallowNote(history) { out += note + "\n" }
        // The column of work added already done, only when there was any.
        let arrivals = trend.weeks.contains { $0.arrived > 0 }
        out += "\n  Week of      Done             Net" + (arrivals ? "     Added done" : "") + "\n"
        for week in trend.weeks {
            let done = "\(week.done) of \(week.total)"
            out +=
                "  \(day(week.start))   \(done.padding(toLength: max(15, done.count), withPad: " ", startingAt: 0))  "
            let net = signed(week.net)
            out +=
                arrivals
                ? net.padding(toLength: max(8, net.count), withPad: " ", startingAt: 0) + "\(week.arrived)" : net
            out += "\n"
        }
        out += "\n"
        if let pace = pace(trend) { out += "Pace: \(pace)\n" }
        out += "Forecast: \(forecast(trend))\n"
        return out
    }

    /// As JSON, with sorted keys.
    public static func json(_ history: StatusHistory) -> String {
        let trend = StatusTrend(history)
        func number(_ value: Double?) -> JSONValue {
            value.map { .double(($0 * 100).rounded() / 100) } ?? .null
        }
        let points: [JSONValue] = history.points.map { point in
            .object([
                ("arrived", .int(point.arrived)), ("commit", .string(point.commit)), ("date", .string(day(point.date))),
                ("done", .int(point.done)),
                (
                    "plans",
                    .object(
                        point.plans.sorted { $0.key < $1.key }.map { plan in
                            (
                                plan.key,
                                .object([
                                    ("arrived", .int(plan.value.arrived)), ("done", .int(plan.value.done)),
                                    ("progress", .int(plan.value.progress)), ("total", .int(plan.value.total)),
                                ])
                            )
                        })
                ),
                ("progress", .int(point.progress)),
                ("subject", .string(point.subject)), ("time", .int(point.date)), ("total", .int(point.total)),
            ])
        }
        let weeks: [JSONValue] = trend.weeks.map { week in
            .object([
                ("arrived", .int(week.arrived)), ("done", .int(week.done)), ("net", .int(week.net)),
                ("start", .string(day(week.start))), ("total", .int(week.total)),
            ])
        }
        let forecast: JSONValue =
            trend.forecast.map { forecast in
                .object([
                    ("early", .string(day(forecast.early))), ("late", forecast.late.map { .string(day($0)) } ?? .null),
                    ("likely", .string(day(forecast.likely))),
                ])
            } ?? .null
        let completed = JSONValue.object(
            history.completed.sorted { $0.key < $1.key }.map { ($0.key, .string(day($0.value))) })
        return JSONValue.object([
            ("arrivals", number(trend.arrivals)), ("completed", completed), ("forecast", forecast),
            ("pace", number(trend.pace)), ("points", .array(points)),
            ("remaining", .int(trend.remaining)), ("shallow", .bool(history.isShallow)),
            ("spread", number(trend.spread)), ("weeks", .array(weeks)), ("window", .int(trend.window)),
        ]).prettyText + "\n"
    }
}
