import ArgumentParser
import StatusPlugin
import Foundation
import SpecSiteKit

/// `specsite status`: where the plans of a content folder stand, without
/// building the site, with gates for CI.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show how far the plans of a content folder are done, without building the site.",
        discussion: """
            Reads every document as `build` does and prints each plan's work items with their status, checklist \
            progress and estimate, what is ready next and what is blocked. `--json` prints status.json instead. \
            With `--fail-under` or `--require-done` it exits 1, saying why, when the work is not that far: a CI \
            job can gate a release on it. Warnings (unknown status words, missing dependencies, cycles) go to stderr.
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml.")
    var config: String?

    @Flag(help: "Print the status as JSON (the schema of site/status.json).")
    var json = false

    @Option(name: .customLong("fail-under"), help: "Exit 1 when less than PERCENT of the work items are done.")
    var failUnder: Double?

    @Option(
        name: .customLong("require-done"), parsing: .upToNextOption,
        help: "Exit 1 unless every item named (CHUNK-004, 10-04, phase-2) is done.")
    var requireDone: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: "Colour the table (default: when stdout is a terminal and NO_COLOR is unset or empty).")
    var color: Bool?

    /// `NO_COLOR` set to anything but the empty string (https://no-color.org).
    static var noColorRequested: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    }

    func validate() throws {
        if let failUnder, !(0...100).contains(failUnder) {
            throw ValidationError("--fail-under takes a percentage from 0 to 100, not \(failUnder)")
        }
    }

    func run() throws {
        let console = Console()
        let diagnostics = DiagnosticLog()
        let builder = Builder(
            options: BuildOptions(content: content, output: "", configFile: config, plugins: [StatusPlugin()]),
            diagnostics: diagnostics)
        let loaded: LoadedSite
        do {
            loaded = try builder.load()
        } catch {
            for diagnostic in diagnostics.shown { console.print(diagnostic.description) }
            console.print((error as? Diagnostic)?.description ?? "error: \(error)")
            throw ExitCode(1)
        }
        let report = StatusPlugin.report(for: loaded.site)
        for warning in report.warnings { diagnostics.report(warning.diagnostic) }
        for diagnostic in diagnostics.shown { console.print(diagnostic.description) }
        if diagnostics.errorCount > 0 { throw ExitCode(1) }
        let output =
            json
            ? StatusExport.json(report)
            : StatusTable(
                report: report, site: loaded.site,
                colour: color ?? (isatty(STDOUT_FILENO) != 0 && !Self.noColorRequested)
            ).text
        FileHandle.standardOutput.write(Data(output.utf8))

        let failures = gateFailures(report)
        for failure in failures { console.print(failure) }
        if !failures.isEmpty { throw ExitCode(1) }
    }

    /// Why the gates fail, one line each; empty when they pass.
    func gateFailures(_ report: StatusReport) -> [String] {
        guard failUnder != nil || !requireDone.isEmpty else { return [] }
        let progress = report.countProgress
        // A gate over nothing would pass a CI job pointed at the wrong folder.
        guard progress.total > 0 else {
            return ["status: no work items found in \(content); nothing to gate on"]
        }
        var failures: [String] = []
        // Compared as shown (one decimal), so "34.3% … under the required 34.3%" cannot happen.
        let shown = (report.percent * 10).rounded() / 10
        if let failUnder, shown < failUnder {
            failures.append(
                "status: \(NumberText.format(shown, decimals: 1))% of the work is done (\(progress.done) of"
                    + " \(progress.total) items), under the required \(NumberText.format(failUnder, decimals: 1))%")
        }
        for id in requireDone {
            let found = report.find(id)
            if found.isEmpty {
                failures.append("status: no work item is called \(id)")
            }
            for entry in found where entry.item.status != .done {
                // The status the table shows: blocked when it waits for unfinished work.
                let status: WorkStatus = entry.isBlocked ? .blocked : entry.item.status
                var reason = "status: \(entry.item.id) is \(status.label.lowercased()), not done"
                let blockers = entry.blockedBy.compactMap { report.entry($0)?.item.id }
                if !blockers.isEmpty {
                    reason += "; it waits for \(blockers.joined(separator: ", "))"
                } else if let note = entry.item.note {
                    reason += "; \(note)"
                }
                failures.append(reason + " (\(entry.item.location))")
            }
        }
        return failures
    }
}

/// The terminal view: one block per document, a row per work item.
struct StatusTable {
    let report: StatusReport
    let site: Site
    let colour: Bool

    private func paint(_ text: String, _ status: WorkStatus) -> String {
        guard colour else { return text }
        let code =
            switch status {
            case .done: "32"
            case .inProgress: "34"
            case .blocked: "31"
            case .notStarted: "0"
            case .cancelled, .unknown: "90"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    private static let symbols: [WorkStatus: String] = [
        .done: "✓", .inProgress: "◐", .blocked: "✗", .notStarted: "○", .cancelled: "-", .unknown: "?",
    ]

    var text: String {
        var lines: [String] = []
        let progress = report.countProgress
        let title = bold(site.config.title.isEmpty ? "Status" : Self.safe(site.config.title))
        guard !report.entries.isEmpty else {
            return title + ": no work items found (no chunks, sections with a status, checklists or GSD plans)\n"
        }
        var summary =
            "\(progress.done) of \(progress.total) items done (\(NumberText.format(report.percent, decimals: 1))%)"
        let estimate = report.estimateProgress
        if estimate.total > 0 {
            summary +=
                ", \(NumberText.format(estimate.done * 100 / estimate.total, decimals: 1))% by estimate"
                + " (\(StatusViews.duration(estimate.done)) of \(StatusViews.duration(estimate.total)))"
        }
        let checkboxes = report.checkboxes
        if checkboxes.total > 0 { summary += ", \(checkboxes.done)/\(checkboxes.total) checkboxes" }
        lines.append(title + ": " + summary)
        var groups: [(String, [StatusReport.Entry])] = []
        for entry in report.entries where entry.item.kind != .phase {
            let group =
                entry.item.kind == .plan ? StatusReport.scope(of: entry.item) + " plans" : entry.item.displayPath
            if let index = groups.firstIndex(where: { $0.0 == group }) {
                groups[index].1.append(entry)
            } else {
                groups.append((group, [entry]))
            }
        }
        let idWidth = min(24, report.entries.map { Self.safe($0.item.id).count }.max() ?? 8)
        for (group, entries) in groups {
            lines.append("")
            lines.append(bold(Self.safe(group)))
            for entry in entries {
                let item = entry.item
                let status: WorkStatus = entry.isBlocked ? .blocked : item.status
                let label = Self.pad(status.label.lowercased(), 11)
                var row = "  " + paint(Self.symbols[status]! + " " + label, status) + " "
                row +=
                    Self.pad(Self.shorten(Self.safe(item.id), idWidth), idWidth) + "  "
                    + Self.pad(Self.shorten(Self.safe(item.title), 44), 44)
                if item.checklist.total > 0 {
                    row += "  " + Self.pad("\(item.checklist.done)/\(item.checklist.total)", 7)
                } else {
                    row += "  " + Self.pad("", 7)
                }
                if let estimate = item.estimate { row += "  " + StatusViews.duration(estimate.minutes) }
                lines.append(row.trimmingTrailingSpaces())
                if !entry.blockedBy.isEmpty {
                    lines.append(
                        "      waits for "
                            + Self.safe(
                                entry.blockedBy.compactMap { report.entry($0)?.item.id }.joined(separator: ", ")))
                } else if item.status == .blocked, let note = item.note {
                    lines.append("      " + Self.safe(note))
                }
            }
        }
        let ready = report.readyNext
        if !ready.isEmpty {
            lines.append("")
            lines.append(
                bold("Ready next: ") + Self.safe(ready.prefix(12).map(\.item.id).joined(separator: ", "))
                    + (ready.count > 12 ? ", …" : ""))
        }
        if !report.criticalPath.isEmpty {
            lines.append(
                bold("Critical path: ")
                    + Self.safe(report.criticalPath.compactMap { report.entry($0)?.item.id }.joined(separator: " → "))
                    + " (\(StatusViews.duration(report.criticalMinutes)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Content as the table shows it: control characters as escapes, so a
    /// title cannot drive the terminal (the table's own colours are added after).
    static func safe(_ text: String) -> String { TerminalText.escaped(text) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func shorten(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
