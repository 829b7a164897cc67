import ArgumentParser
import Foundation
import SpecSiteKit
import StatusPlugin

extension DiagnosticFormat: ExpressibleByArgument {}

/// `specsite check`: everything a build validates, printed for an editor or
/// a CI job, without writing a site.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a content folder as a build would, without writing a site.",
        discussion: """
            Reads, analyses and renders every page as `build` does and prints every problem to stdout: broken links \
            and anchors, missing images, settings and front matter, tokens, flows, plans, and the plans' hints \
            (notes; with --verbose also the notes a build prints with --verbose). Formats: gcc \
            (`path:line: warning: message [rule]`), github (workflow commands that annotate a pull request), json, \
            sarif (code scanning). `rules:` in specsite.yml makes each rule an error, a \
            warning, a note or off. Exit status: 1 when there are errors, or warnings with --strict.
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(help: "gcc, github, json or sarif.")
    var format: DiagnosticFormat = .gcc

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml.")
    var config: String?

    @Option(help: "The URL the site will be published at (checked as build checks it).")
    var baseURL: String?

    @Flag(help: "Also print notes on what was skipped on purpose (arrows in prose that are not screen flows).")
    var verbose = false

    @Flag(
        name: .customLong("no-evidence"),
        help: "Do not check the files plans' items name against git (see docs/status.md#evidence).")
    var noEvidence = false

    func validate() throws {
        if let baseURL, let problem = SiteConfig.baseURLProblem(baseURL) {
            throw ValidationError("--base-url \(problem)")
        }
    }

    func run() throws {
        let console = Console()
        let diagnostics = DiagnosticLog(keepsNotes: verbose)
        let builder = Builder(
            options: BuildOptions(
                content: content, output: "", configFile: config, baseURL: baseURL, strict: strict,
                // No history replay: it draws charts, and finds nothing to report.
                plugins: SpecSite.builtInPlugins(evidence: !noEvidence, history: false)),
            diagnostics: diagnostics,
            progress: { console.progress($0) })
        let loaded: LoadedSite
        do {
            loaded = try builder.check()
        } catch let diagnostic as Diagnostic {
            // Stopped early: what was found before, then why.
            let counts = DiagnosticFormat.Counts(
                errors: diagnostics.errorCount + 1, warnings: diagnostics.warningCount,
                notes: diagnostics.notes.count)
            print(
                format.render(Self.ordered(diagnostics) + [diagnostic], counts: counts, root: content),
                terminator: "")
            console.clearProgress()
            throw ExitCode(1)
        }
        // The plans' hints (a ROADMAP that ticks a plan with no SUMMARY, files
        // git never had) are notes, printed without --verbose: they are what
        // a check is for. `rules:` can make them warnings or errors.
        let report = StatusPlugin.report(for: loaded.site)
        let hints = report.entries.flatMap { entry in
            entry.item.hints.compactMap { hint in
                loaded.site.config.rules.apply(
                    to: Diagnostic(
                        .note, file: entry.item.displayPath, line: hint.line, rule: hint.rule,
                        "\(entry.item.id): \(hint.message)"))
            }
        }
        console.clearProgress()
        let found = (Self.ordered(diagnostics) + hints).sorted(by: DiagnosticLog.precedes)
        // Every report counted, also those past a message's first lines in a file.
        let errors = diagnostics.errorCount + hints.count { $0.severity == .error }
        let warnings = diagnostics.warningCount + hints.count { $0.severity == .warning }
        let notes = found.count { $0.severity == .note }
        print(
            format.render(found, counts: .init(errors: errors, warnings: warnings, notes: notes), root: content),
            terminator: "")
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let pages = loaded.site.pages.count
        console.print(
            "Checked \(counted(pages, "page")): \(counted(errors, "error")), \(counted(warnings, "warning")), "
                + counted(notes, "note"))
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }

    /// The notes and the rest, merged in file and line order (each message
    /// kept at its first lines in a file, as a build keeps it).
    static func ordered(_ log: DiagnosticLog) -> [Diagnostic] {
        (log.notes + log.all).sorted(by: DiagnosticLog.precedes)
    }
}
