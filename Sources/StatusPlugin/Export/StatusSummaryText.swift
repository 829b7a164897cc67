import SpecSiteKit

/// The status in brief, for places other than a terminal: markdown for a
/// pull request comment or a job summary, and GitHub workflow commands.
public enum StatusSummaryText {
    /// `6 of 21 chunks, 3 of 6 plans (28.6%)`.
    static func headline(_ report: StatusReport) -> String {
        let units = report.units.map(\.text).joined(separator: ", ")
        return "\(units.isEmpty ? "no work items" : units) (\(NumberText.format(report.percent, decimals: 1))% done)"
    }

    /// A heading line, each plan's count, what is ready next and what to check.
    public static func markdown(_ report: StatusReport) -> String {
        var out = "### Status\n\n**\(StatusChangesReport.escape(headline(report)))**\n"
        if !report.plans.isEmpty {
            out += "\n| Plan | Done |\n| --- | --- |\n"
            for plan in report.plans {
                out += "| `\(plan.scope)` | \(StatusChangesReport.escape(plan.unit.text)) |\n"
            }
        }
        let ready = report.readyNext
        if !ready.isEmpty {
            out += "\n#### Ready next\n\n"
            for entry in ready.prefix(10) {
                out +=
                    "- \(StatusChangesReport.escape(entry.item.id)): \(StatusChangesReport.escape(entry.item.title))\n"
            }
            if ready.count > 10 { out += "- … and \(ready.count - 10) more\n" }
        }
        let check = report.checkThese
        if !check.isEmpty {
            out += "\n#### Check these\n\n"
            for entry in check.prefix(10) {
                let hints = entry.item.hints.map(\.message).joined(separator: "; ")
                out += "- \(StatusChangesReport.escape(entry.item.id)): \(StatusChangesReport.escape(hints))\n"
            }
            if check.count > 10 { out += "- … and \(check.count - 10) more\n" }
        }
        return out
    }

    /// A notice with the headline, and a warning at each hint of "Check these".
    public static func github(_ report: StatusReport) -> String {
        var out = GitHubAnnotation.line(.notice, title: "Status", message: headline(report))
        for entry in report.checkThese {
            for hint in entry.item.hints {
                out += GitHubAnnotation.line(
                    .warning, file: entry.item.displayPath, line: hint.line, title: "Check \(entry.item.id)",
                    message: hint.message)
            }
        }
        return out
    }
}
