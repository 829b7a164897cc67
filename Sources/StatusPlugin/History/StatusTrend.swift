import Foundation

/// Velocity and forecast from a replayed history: the site's units done at
/// the end of each week, the net number done in each, the recent pace with
/// its spread, and when the work left would be done at that pace.
///
/// Everything is counted from commit dates, never from the clock, so the
/// same history gives the same numbers on every day it is built.
public struct StatusTrend: Sendable, Equatable {
    /// One calendar week (Monday to Sunday, UTC).
    public struct Week: Sendable, Equatable {
        /// Its Monday, 00:00 UTC (seconds since 1970).
        public var start: Int
        /// Units done at its end (or at the last commit, for the last week).
        public var done: Int
        /// Units counted at its end.
        public var total: Int
        /// Net units done in it: the sum of its commits'
        /// ``StatusHistory/Point/progress`` (work added, done or not, or
        /// removed moves the done line but is no progress). Negative when
        /// more was reopened than done.
        public var net: Int
        /// Units added already done in it (``StatusHistory/Point/arrived``):
        /// not in ``net``, since when the work was done is not known.
        public var arrived = 0
    }

    /// When the work left would be done at the recent pace.
    public struct Forecast: Sendable, Equatable {
        /// At the mean pace (seconds since 1970).
        public var likely: Int
        /// At the mean pace plus one standard deviation.
        public var early: Int
        /// At the mean pace minus one standard deviation; nil when that pace
        /// is not above zero (no bound can be given).
        public var late: Int?
    }

    /// Every week from the first commit's to the last's, empty weeks included.
    public var weeks: [Week] = []
    /// How many of the last weeks the pace is taken over.
    public var window = 0
    /// Mean net units done a week over the window; nil with fewer than two weeks.
    public var pace: Double?
    /// The sample standard deviation of the window's weekly net.
    public var spread: Double?
    /// Mean units added already done a week over the window.
    public var arrivals: Double?
    /// Units left at the last commit.
    public var remaining = 0
    /// Nil when nothing is left, there are fewer than two weeks, or the pace is not above zero.
    public var forecast: Forecast?

    /// Seconds in a day and a week.
    static let day = 86_400
    static let week = 7 * day

    /// The trend of `history`, the pace taken over its last `window` weeks.
    public init(_ history: StatusHistory, window: Int = 6) {
        guard let first = history.points.first, let last = history.points.last else { return }
        let firstWeek = Self.weekStart(first.date)
        let lastWeek = Self.weekStart(last.date)
        var index = 0
        var current = first
        var start = firstWeek
        while start <= lastWeek {
            let end = start + Self.week
            var net = 0
            var arrived = 0
            while index < history.points.count, history.points[index].date < end {
                net += history.points[index].progress
                arrived += history.points[index].arrived
                current = history.points[index]
                index += 1
            }
            weeks.append(Week(start: start, done: current.done, total: current.total, net: net, arrived: arrived))
            start = end
        }
        remaining = max(0, last.total - last.done)
        self.window = min(window, weeks.count)
        guard weeks.count >= 2, self.window >= 2 else { return }
        let recent = weeks.suffix(self.window).map { Double($0.net) }
        let mean = recent.reduce(0, +) / Double(recent.count)
        let variance = recent.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(recent.count - 1)
        pace = mean
        spread = variance.squareRoot()
        arrivals = weeks.suffix(self.window).map { Double($0.arrived) }.reduce(0, +) / Double(self.window)
        guard remaining > 0, mean > 0 else { return }
        func date(atPace rate: Double) -> Int {
            last.date + Int((Double(remaining) / rate * Double(Self.week)).rounded())
        }
        let deviation = variance.squareRoot()
        forecast = Forecast(
            likely: date(atPace: mean), early: date(atPace: mean + deviation),
            late: mean - deviation > 0 ? date(atPace: mean - deviation) : nil)
    }

    /// The Monday 00:00 UTC of the week holding `seconds`.
    static func weekStart(_ seconds: Int) -> Int {
        let days = Int((Double(seconds) / Double(day)).rounded(.down))
        // 1970-01-01 was a Thursday: Monday is 3 days before.
        let weekday = ((days + 3) % 7 + 7) % 7
        return (days - weekday) * day
    }
}
