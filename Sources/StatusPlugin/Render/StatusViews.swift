import SpecSiteKit

/// The small pieces every status view is made of (the terminal table uses its durations too): badges, progress bars,
/// durations. Status is never told by colour alone: each badge has a symbol
/// and a word.
public enum StatusViews {
    /// The symbol shown before a status word.
    static func symbol(_ status: WorkStatus) -> String {
        switch status {
        case .done: "✓"
        case .inReview: "◑"
        case .inProgress: "◐"
        case .blocked: "⛔"
        case .notStarted: "○"
        case .optional: "◌"
        case .cancelled: "⊘"
        case .unknown: "?"
        }
    }

    /// A calm badge for an item that waits for its dependencies: not a status
    /// (the item keeps its own), so it never looks like a blocked one.
    static let waitingBadge =
        "<span class=\"status-badge status-waiting\"><span aria-hidden=\"true\">⏸</span> Waiting</span>"

    /// An item's hints as the list under it (``Hint``): what to check.
    static func hintList(_ messages: [String]) -> String {
        "<ul class=\"work-hints\" aria-label=\"Check these\">"
            + messages.map { "<li>" + HTMLEscaping.escape($0) + "</li>" }.joined() + "</ul>"
    }

    /// `<span class="status-badge status-done">✓ Done</span>`.
    static func badge(_ status: WorkStatus, title: String? = nil) -> String {
        var html = "<span class=\"status-badge status-\(status.rawValue)\""
        if let title, !title.isEmpty { html += " title=\"\(HTMLEscaping.escape(title))\"" }
        html += "><span aria-hidden=\"true\">\(symbol(status))</span> \(status.label)</span>"
        return html
    }

    /// A bar with `done` of `total` filled and the numbers beside it.
    static func progressBar(done: Int, total: Int, inProgress: Int = 0, noun: String, label: String) -> String {
        let fraction = total == 0 ? 0 : Double(done) / Double(total)
        let partial = total == 0 ? 0 : Double(inProgress) / Double(total)
        let percent = Int((fraction * 100).rounded(.down))
        var html = "<div class=\"progress\">"
        html += "<div class=\"progress-bar\" role=\"progressbar\" aria-valuemin=\"0\" aria-valuemax=\"\(total)\""
        html += " aria-valuenow=\"\(done)\" aria-label=\"\(HTMLEscaping.escape(label))\""
        html += " aria-valuetext=\"\(done) of \(total) \(noun) done\">"
        html += "<span class=\"progress-done\" style=\"width:\(width(fraction))\"></span>"
        if inProgress > 0 {
            html += "<span class=\"progress-partial\" style=\"width:\(width(partial))\"></span>"
        }
        html += "</div><span class=\"progress-text\">\(done) of \(total) \(noun) · \(percent)%</span></div>"
        return html
    }

    private static func width(_ fraction: Double) -> String {
        NumberText.format(max(0, min(1, fraction)) * 100, decimals: 2) + "%"
    }

    /// `45 min`, `2 h`, `1 h 30 min`, `3 d 2 h` (a day is 8 working hours).
    /// Any `Double` is shown: NaN and negative amounts as `0 min`.
    public static func duration(_ minutes: Double) -> String {
        let total = Int(clamping: minutes, to: 0...Int.max)
        if total < 60 { return "\(total) min" }
        let hours = total / 60
        let rest = total % 60
        if hours >= 16 {
            let days = hours / 8
            let leftover = hours % 8
            return leftover == 0 ? "\(days) d" : "\(days) d \(leftover) h"
        }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    /// An estimate as a range when it is one (`8 d – 10 d`).
    static func estimate(_ estimate: Estimate) -> String {
        estimate.low == estimate.high
            ? duration(estimate.low) : duration(estimate.low) + " – " + duration(estimate.high)
    }
}
