import Foundation
import SpecSiteKit

/// The status as files a README or CI can use: `status.json` (schema in
/// docs/checklists.md), a shields.io endpoint and an SVG progress badge.
public enum StatusExport {
    /// The schema version of `status.json`.
    public static let schemaVersion = 1

    /// `status.json`: totals and every item, with sorted keys so builds are identical.
    public static func json(_ report: StatusReport) -> String {
        let progress = report.countProgress
        let estimate = report.estimateProgress
        let items: [[String: Any]] = report.entries.map { entry in
            let item = entry.item
            var object: [String: Any] = [
                "id": item.id, "key": item.key, "kind": item.kind.rawValue, "title": item.title,
                "status": (entry.isBlocked && item.status != .blocked)
                    ? WorkStatus.blocked.rawValue : item.status.rawValue,
                "stated_status": item.status.rawValue,
                "source": ["file": item.sourcePath, "line": item.line],
                "deps": entry.dependencies.compactMap { report.entry($0)?.item.id },
                "dep_keys": entry.dependencies,
                "blocked_by": entry.blockedBy,
                "ready": entry.isReady,
                "in_cycle": entry.inCycle,
                "checklist": [
                    "done": item.checklist.done, "in_progress": item.checklist.inProgress, "open": item.checklist.open,
                    "blocked": item.checklist.blocked, "cancelled": item.checklist.cancelled,
                    "total": item.checklist.total,
                ],
            ]
            if let estimate = item.estimate {
                object["estimate"] = ["text": estimate.text, "min_minutes": estimate.low, "max_minutes": estimate.high]
            }
            if let anchor = item.anchor { object["anchor"] = anchor }
            if let text = item.statusText { object["status_text"] = text }
            if let note = item.note { object["note"] = note }
            if let completed = item.completed { object["completed"] = completed }
            if let commits = item.commits { object["commits"] = commits }
            for (key, value) in [
                ("risk", item.risk), ("priority", item.priority), ("phase", item.phase), ("wave", item.wave),
                ("parent", item.parent),
            ] {
                if let value { object[key] = value }
            }
            if !entry.missing.isEmpty { object["missing_deps"] = entry.missing }
            return object
        }
        let root: [String: Any] = [
            "schema": schemaVersion,
            "summary": [
                "items": progress.total, "done": progress.done, "percent": rounded(report.percent),
                "in_progress": report.tracked.filter { $0.item.status == .inProgress }.count,
                "blocked": report.tracked.filter(\.isBlocked).count,
                "ready": report.tracked.filter(\.isReady).count,
                "estimate_minutes": ["done": estimate.done, "total": estimate.total],
                "checkboxes": ["done": report.checkboxes.done, "total": report.checkboxes.total],
                "critical_path": report.criticalPath.compactMap { report.entry($0)?.item.id },
                "critical_path_minutes": report.criticalMinutes,
            ],
            "items": items,
            "warnings": report.warnings.map { ["file": $0.file ?? "", "line": $0.line ?? 0, "message": $0.message] },
        ]
        return serialize(root)
    }

    /// The shields.io endpoint (`https://img.shields.io/endpoint?url=…/status-shields.json`).
    public static func shields(_ report: StatusReport) -> String {
        let percent = Int(report.percent.rounded(.down))
        let object: [String: Any] = [
            "schemaVersion": 1, "label": "done", "message": "\(percent)%", "color": colour(percent).name,
        ]
        return serialize(object)
    }

    /// A flat badge like shields.io draws: `done | 42%`.
    public static func badge(_ report: StatusReport) -> String {
        let percent = Int(report.percent.rounded(.down))
        let label = "done"
        let message = "\(percent)%"
        let labelWidth = 10 + Int(TextMetrics.width(of: label, fontSize: 11).rounded(.up))
        let messageWidth = 10 + Int(TextMetrics.width(of: message, fontSize: 11).rounded(.up))
        let width = labelWidth + messageWidth
        let fill = colour(percent).hex
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(label): \(message)">\
            <title>\(label): \(message)</title>\
            <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>\
            <clipPath id="r"><rect width="\(width)" height="20" rx="3" fill="#fff"/></clipPath>\
            <g clip-path="url(#r)"><rect width="\(labelWidth)" height="20" fill="#555"/>\
            <rect x="\(labelWidth)" width="\(messageWidth)" height="20" fill="\(fill)"/>\
            <rect width="\(width)" height="20" fill="url(#s)"/></g>\
            <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">\
            <text x="\(labelWidth / 2)" y="14">\(label)</text>\
            <text x="\(labelWidth + messageWidth / 2)" y="14">\(message)</text></g></svg>

            """
    }

    /// Red below a third, orange below two thirds, yellow-green below all, green at 100%.
    /// The dark shades keep white text at 4.5:1 or more.
    static func colour(_ percent: Int) -> (name: String, hex: String) {
        switch percent {
        case 100...: ("green", "#2e7d32")
        case 67..<100: ("yellowgreen", "#5b7a00")
        case 34..<67: ("orange", "#b45309")
        default: ("red", "#c62828")
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func serialize(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return (String(data: data, encoding: .utf8) ?? "{}") + "\n"
    }
}
