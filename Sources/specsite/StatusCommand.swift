import ArgumentParser
import Foundation
import SpecSiteKit
import StatusPlugin

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
                colour: color ?? (isatty(STDOUT_FILENO) != 0 && !Self.noColorRequested),
                width: StatusTable.terminalWidth()
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
            let units = report.units.map(\.text).joined(separator: ", ")
            failures.append(
                "status: \(NumberText.format(shown, decimals: 1))% of the work is done (\(units)), under the"
                    + " required \(NumberText.format(failUnder, decimals: 1))%")
        }
        for id in requireDone {
            let found = report.find(id)
            if found.isEmpty {
                failures.append("status: no work item is called \(id)")
            }
            for entry in found where entry.item.status != .done {
                var reason = "status: \(entry.item.id) is \(entry.item.status.label.lowercased())"
                if let note = entry.item.note, entry.item.status == .blocked { reason += " (\(note))" }
                reason += ", not done"
                let waits = entry.waitingFor.compactMap { report.entry($0)?.item.id }
                if !waits.isEmpty { reason += "; it waits for \(waits.joined(separator: ", "))" }
                failures.append(reason + " (\(entry.item.location))")
            }
        }
        return failures
    }
}
