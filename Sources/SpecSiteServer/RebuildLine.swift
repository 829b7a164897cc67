import SpecSiteKit

/// The terminal's account of a build: one line for what changed, what was
/// rebuilt and how long it took, then the diagnostics when it failed.
public enum RebuildLine {
    /// At most this many changed paths are named; the rest are counted.
    public static let pathsShown = 3

    /// The line, then (for a failed build) its diagnostics; `batch` nil for the first build.
    public static func lines(for report: RebuildReport, batch: ChangeBatch?) -> [String] {
        let time = duration(report.seconds)
        let cause = batch.map { " after " + changes($0) } ?? ""
        guard let summary = report.summary else {
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            let counted = errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : "failed"
            return ["Build failed\(cause) in \(time): \(counted) (shown in the browser)"]
                + report.diagnostics.map(\.description)
        }
        var line: String
        if batch == nil {
            line = "Built \(plural(summary.pages, "page")) in \(time): \(summary.written) files written"
            if summary.unchanged > 0 { line += ", \(summary.unchanged) unchanged" }
        } else {
            line = "Rebuilt\(cause) in \(time): \(report.reparsed) page\(report.reparsed == 1 ? "" : "s") parsed, "
            line += "\(report.rerendered) rendered, \(plural(summary.written, "file")) written"
        }
        if summary.warnings > 0 { line += ", \(plural(summary.warnings, "warning"))" }
        return [line]
    }

    /// What the overlay lists: every error and warning as `file:line: severity: message`.
    public static func overlayLines(for report: RebuildReport) -> [String] {
        let lines = report.diagnostics.filter { $0.severity != .note }.map(\.description)
        return lines.isEmpty ? [report.failure ?? "the build failed"] : lines
    }

    /// `3 changes (docs/PRD.md, a.md, b.md, +2 more)`.
    static func changes(_ batch: ChangeBatch) -> String {
        if batch.everything && batch.paths.isEmpty { return "changes to the whole content folder" }
        let count = batch.paths.count
        var named = batch.paths.prefix(pathsShown).map { TerminalText.escaped($0) }
        if count > pathsShown { named.append("+\(count - pathsShown) more") }
        let noun = batch.everything ? "\(plural(count, "change")) and more" : plural(count, "change")
        return "\(noun) (\(named.joined(separator: ", ")))"
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 10 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded())) s"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
