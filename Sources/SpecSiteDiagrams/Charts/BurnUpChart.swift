import Foundation
import SpecSiteKit

/// A burn-up chart: work done and the scope over time, as step lines (a count
/// holds until the next commit changes it), with the forecast's likely finish
/// and its spread where the done line would meet the scope.
///
/// Drawn as the flow diagrams are (``DiagramSVG``): a `viewBox`, `<title>` and
/// `<desc>`, colours from the theme's custom properties so it follows light
/// and dark, and those colours carried in its own `<style>` when standalone.
/// Dates are seconds since 1970 and are labelled in UTC, so the same history
/// draws the same bytes anywhere.
public struct BurnUpChart: Sendable {
    /// The counts after one change.
    public struct Sample: Sendable, Equatable {
        /// When (seconds since 1970).
        public var date: Int
        /// Units done.
        public var done: Int
        /// Units that count (the scope).
        public var total: Int
        /// Creates a sample.
        public init(date: Int, done: Int, total: Int) {
            self.date = date
            self.done = done
            self.total = total
        }
    }

    /// When the work left would be done: likely, and the early and late ends
    /// of the spread (no late end when the slow pace is not above zero).
    public struct Forecast: Sendable, Equatable {
        /// At the mean pace (seconds since 1970).
        public var likely: Int
        /// At the faster end of the spread.
        public var early: Int
        /// At the slower end; nil when there is none.
        public var late: Int?
        /// Creates a forecast.
        public init(likely: Int, early: Int, late: Int?) {
            self.likely = likely
            self.early = early
            self.late = late
        }
    }

    /// Oldest first.
    public var samples: [Sample]
    /// Drawn from the last sample to the scope line, when there is one.
    public var forecast: Forecast?
    /// Drawing width in pixels.
    public var width: Double
    /// Drawing height in pixels.
    public var height: Double

    /// Creates a chart of `samples`.
    public init(samples: [Sample], forecast: Forecast?, width: Double = 720, height: Double = 260) {
        self.samples = samples
        self.forecast = forecast
        self.width = width
        self.height = height
    }

    static let day = 86_400
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The SVG; nil with no samples.
    public func svg(title: String, description: String, idPrefix: String, standalone: Bool = false) -> String? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let left = 44.0
        let right = 16.0
        let top = 28.0
        let bottom = 26.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        // The span: the history, and the forecast's far end (a cone with no
        // late end runs a third further than the likely date).
        var start = first.date
        var end = last.date
        if let forecast {
            end = max(end, forecast.late ?? (forecast.likely + (forecast.likely - last.date) / 3))
        }
        if end - start < 2 * Self.day {
            start -= Self.day
            end += Self.day
        }
        let top0 = samples.map(\.total).max() ?? 0
        let (yStep, yMax) = Self.niceScale(max(top0, 1))
        func x(_ date: Int) -> Double { left + Double(date - start) / Double(end - start) * plotWidth }
        func y(_ value: Int) -> Double { top + plotHeight - Double(value) / Double(yMax) * plotHeight }
        func n(_ value: Double) -> String { DiagramSVG.number(value) }

        var svg = DiagramSVG.opening(
            width: width, height: height,
            options: .init(
                title: title, description: description, idPrefix: idPrefix, standalone: standalone,
                className: "burnup"),
            fontSize: 11)
        // Grid and y labels.
        var value = 0
        while value <= yMax {
            let at = n(y(value))
            svg += "<line x1=\"\(n(left))\" y1=\"\(at)\" x2=\"\(n(left + plotWidth))\" y2=\"\(at)\""
            svg += " style=\"stroke:var(--color-neutral-subtle)\"/>"
            svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\""
            svg += " style=\"fill:var(--color-diagram-label)\">\(value)</text>\n"
            value += yStep
        }
        // Date labels.
        for tick in Self.dateTicks(from: start, to: end, width: plotWidth) {
            let at = x(tick.date)
            svg +=
                "<line x1=\"\(n(at))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(at))\" y2=\"\(n(top + plotHeight + 4))\""
            svg += " style=\"stroke:var(--color-diagram-edge)\"/>"
            svg += "<text x=\"\(n(at))\" y=\"\(n(top + plotHeight + 16))\" text-anchor=\"middle\""
            svg += " style=\"fill:var(--color-diagram-label)\">\(DiagramSVG.escape(tick.label))</text>\n"
        }
        svg += "<line x1=\"\(n(left))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(left + plotWidth))\""
        svg += " y2=\"\(n(top + plotHeight))\" style=\"stroke:var(--color-diagram-edge)\"/>\n"
        // Forecast: the spread as a band on the scope line, the likely line dashed.
        if let forecast {
            let farEnd = forecast.late.map(x) ?? (left + plotWidth)
            svg += "<polygon points=\"\(n(x(last.date))),\(n(y(last.done))) \(n(x(forecast.early))),\(n(y(last.total)))"
            svg += " \(n(farEnd)),\(n(y(last.total)))\" style=\"fill:var(--color-diagram-accent);fill-opacity:0.7\"/>\n"
            svg += "<line x1=\"\(n(x(last.date)))\" y1=\"\(n(y(last.done)))\" x2=\"\(n(x(forecast.likely)))\""
            svg += " y2=\"\(n(y(last.total)))\" style=\"stroke:var(--color-diagram-accent-border);stroke-width:2;"
            svg += "stroke-dasharray:6 4\"/>\n"
        }
        // Scope and done, as steps that hold until the next change.
        func steps(_ value: (Sample) -> Int) -> String {
            var path = "M\(n(x(first.date))) \(n(y(value(first))))"
            for sample in samples.dropFirst() {
                path += " H\(n(x(sample.date))) V\(n(y(value(sample))))"
            }
            return path
        }
        let done = steps(\.done)
        svg += "<path d=\"\(done) V\(n(y(0))) H\(n(x(first.date))) Z\""
        svg += " style=\"fill:var(--color-success-subtle);stroke:none\"/>\n"
        svg += "<path d=\"\(steps(\.total))\" style=\"fill:none;stroke:var(--color-diagram-edge);stroke-width:2\"/>\n"
        svg += "<path d=\"\(done)\" style=\"fill:none;stroke:var(--color-success);stroke-width:2.5\"/>\n"
        // Legend.
        var legendX = left
        for (label, style) in [
            ("Done", "stroke:var(--color-success);stroke-width:2.5"),
            ("Scope", "stroke:var(--color-diagram-edge);stroke-width:2"),
        ]
            + (forecast == nil
                ? [] : [("Forecast", "stroke:var(--color-diagram-accent-border);stroke-width:2;stroke-dasharray:6 4")])
        {
            svg += "<line x1=\"\(n(legendX))\" y1=\"12\" x2=\"\(n(legendX + 22))\" y2=\"12\" style=\"\(style)\"/>"
            svg += "<text x=\"\(n(legendX + 27))\" y=\"16\" style=\"fill:var(--color-text)\">\(label)</text>\n"
            legendX += 32 + TextMetrics.width(of: label, fontSize: 11) + 16
        }
        return svg + "</svg>\n"
    }

    /// A step of 1, 2 or 5 times a power of ten giving at most five lines,
    /// and the top of the scale.
    static func niceScale(_ maximum: Int) -> (step: Int, top: Int) {
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] {
                let step = factor * magnitude
                let top = (maximum + step - 1) / step * step
                if top / step <= 5 { return (step, max(top, step)) }
            }
            magnitude *= 10
        }
    }

    /// Labelled dates: days, Mondays or the first of months, as many as fit.
    static func dateTicks(from start: Int, to end: Int, width: Double) -> [(date: Int, label: String)] {
        let fits = max(2, Int(width / 70))
        let days = (end - start) / day
        var ticks: [(date: Int, label: String)] = []
        if days / 30 + 1 > fits || days > 7 * fits {
            // The first of each month, every `every` months.
            let every = max(1, (days / 30 + 1 + fits - 1) / fits)
            var (year, month) = components(start)
            month += 1
            while true {
                if month > 12 { (year, month) = (year + 1, 1) }
                let date = Self.date(year: year, month: month, day: 1)
                if date > end { break }
                if (month - 1) % every == 0 {
                    ticks.append((date, "\(months[month - 1]) \(year)"))
                }
                month += 1
            }
        } else {
            // Mondays (or every day of a short span), every `every` of them.
            let unit = days > fits ? 7 : 1
            let every = max(1, (days / unit + fits - 1) / fits)
            var date = unit == 7 ? mondayOnOrAfter(start) : (start + day - 1) / day * day
            var index = 0
            while date <= end {
                if index % every == 0 {
                    let (_, month, dayOfMonth) = calendar(date)
                    ticks.append((date, "\(months[month - 1]) \(dayOfMonth)"))
                }
                date += unit * day
                index += 1
            }
        }
        return ticks
    }

    /// Year and month of a date, UTC.
    static func components(_ seconds: Int) -> (year: Int, month: Int) {
        let (year, month, _) = calendar(seconds)
        return (year, month)
    }

    /// Year, month and day of a date, UTC (days from the civil calendar; Howard Hinnant's algorithm).
    static func calendar(_ seconds: Int) -> (year: Int, month: Int, day: Int) {
        let days = Int((Double(seconds) / Double(day)).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth)
    }

    /// Seconds at 00:00 UTC of a civil date.
    static func date(year: Int, month: Int, day dayOfMonth: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + dayOfMonth - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return (era * 146_097 + dayOfEra - 719_468) * day
    }

    /// The first Monday 00:00 UTC on or after `seconds`.
    static func mondayOnOrAfter(_ seconds: Int) -> Int {
        let days = Int((Double(seconds) / Double(day)).rounded(.up))
        // 1970-01-01 was a Thursday.
        let weekday = ((days + 3) % 7 + 7) % 7
        return (days + (7 - weekday) % 7) * day
    }
}
