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

            `--since REF` reads the plans at REF (a tag, branch, commit or date) from git and lists what became \
            done, was added, reopened, went backwards or was removed since; `--no-regress REF` exits 1 when \
            anything done at REF is not done now. `--format github` prints GitHub annotations.
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml.")
    var config: String?

    @Flag(help: "Print the status as JSON (the schema of site/status.json); the same as --format json.")
    var json = false

    /// What `status` prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, github
    }

    @Option(
        help: ArgumentHelp(
            "text (a table), json, markdown (for a pull request comment) or github (workflow annotations).",
            valueName: "format"))
    var format: Format?

    @Option(
        help: ArgumentHelp(
            "List what changed since REF (a tag, branch, commit or date such as 2026-11-01), read from git.",
            valueName: "ref"))
    var since: String?

    @Flag(
        name: .customLong("no-evidence"),
        help:
            "Do not check the files items name against git (missing files, untouched files, commits naming open items)."
    )
    var noEvidence = false

    @Flag(help: "Replay the plans over the content folder's git history: done per week, pace and forecast.")
    var history = false

    @Option(help: "Keep the replayed history in this folder, and replay only new commits next time.")
    var cacheDir: String?

    @Option(
        name: .customLong("no-regress"),
        help: ArgumentHelp("Exit 1 when any item done at REF is not done now.", valueName: "ref"))
    var noRegress: String?

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
        if json, let format, format != .json {
            throw ValidationError("--json and --format \(format.rawValue) ask for different outputs; give one")
        }
        if history, since != nil || noRegress != nil {
            throw ValidationError("--history shows the whole history; --since and --no-regress compare two points")
        }
        if history, format == .markdown || format == .github {
            throw ValidationError("--history prints text or json")
        }
        if let since, let noRegress, since != noRegress {
            throw ValidationError("--since \(since) and --no-regress \(noRegress) name different points; give one")
        }
    }

    /// The format asked for: `--json` is `--format json`.
    var output: Format { format ?? (json ? .json : .text) }

    func run() throws {
        let console = Console()
        let diagnostics = DiagnosticLog()
        // The evidence behind items that name files, as the dashboard shows
        // it, is checked as the site loads (the history only for it: the
        // table draws none, and --history replays it below).
        let checksEvidence = !noEvidence && !history && since == nil && noRegress == nil
        let builder = Builder(
            options: BuildOptions(
                content: content, output: "", configFile: config,
                plugins: [StatusPlugin(checksEvidence: checksEvidence, drawsHistory: false)], cacheFolder: cacheDir),
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
        // Outside git the dashboard says so; a user at a terminal knows.
        let evidenceNote = report.git.flatMap { $0.outsideGit ? nil : $0.evidenceNote }
        if history {
            try runHistory(console: console)
            try finish(gateFailures(report), console: console)
            return
        }
        if let reference = since ?? noRegress {
            let regressions = try runChanges(since: reference, now: StatusSnapshot(report), console: console)
            try finish(gateFailures(report), console: console, failed: regressions > 0)
            return
        }
        let text: String
        switch output {
        case .json: text = StatusExport.json(report)
        case .markdown: text = StatusSummaryText.markdown(report)
        case .github: text = StatusSummaryText.github(report)
        case .text:
            text =
                StatusTable(
                    report: report, site: loaded.site,
                    colour: color ?? (isatty(STDOUT_FILENO) != 0 && !Self.noColorRequested),
                    width: StatusTable.terminalWidth()
                ).text
                + (evidenceNote.map {
                    "\n"
                        + StatusTable.wrapWords("\($0).", width: StatusTable.terminalWidth())
                        .joined(separator: "\n") + "\n"
                } ?? "")
        }
        FileHandle.standardOutput.write(Data(text.utf8))
        try finish(gateFailures(report), console: console)
    }

    /// Prints the gates' failures (as annotations with `--format github`) and
    /// exits 1 when there are any, or when an earlier gate `failed`.
    private func finish(_ failures: [GateFailure], console: Console, failed: Bool = false) throws {
        guard !failures.isEmpty else {
            if failed { throw ExitCode(1) }
            return
        }
        for failure in failures {
            if output == .github {
                FileHandle.standardOutput.write(
                    Data(
                        GitHubAnnotation.line(
                            .error, file: failure.file, line: failure.line, title: "Status gate",
                            message: failure.message
                        ).utf8))
            }
            console.print("status: " + failure.message)
        }
        throw ExitCode(1)
    }

    /// `--history`: every commit's counts, by week, with the pace and forecast.
    private func runHistory(console: Console) throws {
        let options = BuildOptions(content: content, output: "", configFile: config, plugins: [StatusPlugin()])
        let replayed: StatusHistory
        do {
            replayed = try StatusHistory.replay(
                options: options, repository: try GitRepository(folder: content), cache: cacheDir)
        } catch let unavailable as GitRepository.Unavailable {
            console.print("error: \(content): cannot read its history: \(unavailable.reason)")
            throw ExitCode(1)
        }
        let text =
            output == .json ? StatusHistoryText.json(replayed) : StatusHistoryText.text(replayed, content: content)
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `--since` and `--no-regress`: the status at the reference read from
    /// git, compared with `now` (the folder as it is, edits not committed
    /// included). Returns how many items `--no-regress` fails on.
    private func runChanges(since reference: String, now: StatusSnapshot, console: Console) throws -> Int {
        let options = BuildOptions(content: content, output: "", configFile: config, plugins: [StatusPlugin()])
        let changes: StatusChangesReport
        do {
            let repository = try GitRepository(folder: content)
            let commit = try repository.resolve(reference)
            let then = try StatusHistory.snapshot(at: commit, options: options, repository: repository)
            let renames = try repository.renames(since: commit)
            changes = StatusChangesReport(
                reference: reference, commit: commit, date: try repository.describe(commit).date,
                changes: StatusChanges(from: then, to: now, renames: renames))
        } catch let unavailable as GitRepository.Unavailable {
            console.print("error: \(content): cannot read the status at \(reference): \(unavailable.reason)")
            throw ExitCode(1)
        }
        let text: String
        switch output {
        case .text: text = changes.text
        case .json: text = changes.json
        case .markdown: text = changes.markdown
        case .github: text = changes.github(regressionsFail: noRegress != nil)
        }
        FileHandle.standardOutput.write(Data(text.utf8))
        guard noRegress != nil else { return 0 }
        let regressions = changes.changes.regressions
        for change in regressions {
            let now = change.after.map { "is \($0.label.lowercased()) now" } ?? "is gone"
            console.print(
                "status: \(change.item.id) was done at \(reference) and \(now) (\(change.item.file):\(change.item.line))"
            )
        }
        if !regressions.isEmpty {
            console.print(
                "status: \(regressions.count) item\(regressions.count == 1 ? "" : "s") done at \(reference) not done now"
            )
        }
        return regressions.count
    }

    /// Why a gate fails, and the item it is about.
    struct GateFailure {
        var message: String
        var file: String?
        var line: Int?
    }

    /// Why the gates fail, one each; empty when they pass.
    func gateFailures(_ report: StatusReport) -> [GateFailure] {
        guard failUnder != nil || !requireDone.isEmpty else { return [] }
        let progress = report.countProgress
        // A gate over nothing would pass a CI job pointed at the wrong folder.
        guard progress.total > 0 else {
            return [GateFailure(message: "no work items found in \(content); nothing to gate on")]
        }
        var failures: [GateFailure] = []
        // Compared as shown (one decimal), so "34.3% … under the required 34.3%" cannot happen.
        let shown = (report.percent * 10).rounded() / 10
        if let failUnder, shown < failUnder {
            let units = report.units.map(\.text).joined(separator: ", ")
            failures.append(
                GateFailure(
                    message: "\(NumberText.format(shown, decimals: 1))% of the work is done (\(units)), under the"
                        + " required \(NumberText.format(failUnder, decimals: 1))%"))
        }
        for id in requireDone {
            let found = report.find(id)
            if found.isEmpty {
                failures.append(GateFailure(message: "no work item is called \(id)"))
            }
            for entry in found where entry.item.status != .done {
                var reason = "\(entry.item.id) is \(entry.item.status.label.lowercased())"
                if let note = entry.item.note, entry.item.status == .blocked { reason += " (\(note))" }
                reason += ", not done"
                let waits = entry.waitingFor.compactMap { report.entry($0)?.item.id }
                if !waits.isEmpty { reason += "; it waits for \(waits.joined(separator: ", "))" }
                failures.append(
                    GateFailure(
                        message: reason + " (\(entry.item.location))", file: entry.item.displayPath,
                        line: entry.item.line))
            }
        }
        return failures
    }
}
