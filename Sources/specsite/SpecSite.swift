import AlertsPlugin
import ArgumentParser
import FlowsPlugin
import Foundation
import SpecSiteKit
import StatusPlugin
import TokensPlugin

/// The `specsite` command: thin wrappers over SpecSiteKit.
@main
struct SpecSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specsite",
        abstract: "Turn a folder of app-spec markdown into a static HTML site.",
        discussion: """
            Exit status: 0 success, 1 build failed, 2 usage error, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP \
            (serve: 0 when stopped).
            Diagnostics are printed to stderr as `path:line: warning|error: message`.
            """,
        version: specsiteVersion,
        subcommands: [
            BuildCommand.self, CheckCommand.self, ServeCommand.self, StatusCommand.self, TokensCommand.self,
            InitCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// The built-in plugins, in the order they get the chance to render a block.
    static let builtInPlugins: [any Plugin] = builtInPlugins(evidence: true)

    /// The built-in plugins; `evidence: false` is `--no-evidence`, `history:
    /// false` leaves out the dashboard's history (which finds no problem).
    static func builtInPlugins(evidence: Bool, history: Bool = true) -> [any Plugin] {
        [AlertsPlugin(), TokensPlugin(), FlowsPlugin(), StatusPlugin(checksEvidence: evidence, drawsHistory: history)]
    }

    /// Parses and runs the command, with specsite's exit codes: usage errors
    /// exit 2 (argument-parser's default is 64).
    static func main() {
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
        // Ctrl-C or a cancelled CI job stops external plugins and removes a
        // half-written site instead of leaving them behind. `serve` ends only
        // this way, and stops its server and watcher first (`ServeSignals`).
        if !(command is ServeCommand) { Interruption.install() }
        do {
            var runnable = command
            try runnable.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}

/// Writes diagnostics and progress to stderr; progress only on a terminal,
/// on one line that each new message replaces.
final class Console: Sendable {
    let isTerminal = isatty(STDERR_FILENO) != 0

    func progress(_ message: String) {
        guard isTerminal else { return }
        write("\r\u{1B}[2K" + TerminalText.escaped(message) + "…")
    }

    func clearProgress() {
        if isTerminal { write("\r\u{1B}[2K") }
    }

    /// Prints one line; control characters in it (which can only have come
    /// from content: paths, ids, titles) are shown as escapes.
    func print(_ line: String) {
        // Stopped by a signal: the build's own errors (its plugins were
        // killed) would only hide the one line that says why.
        Interruption.holdIfStopping()
        clearProgress()
        write(TerminalText.escaped(line) + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from a content folder.",
        discussion: """
            Reads every .md and .markdown file under CONTENT (hidden folders such as .planning/ included, .git/ not), \
            with settings from CONTENT/specsite.yml, and writes the site to the output folder in one step: a failed \
            build leaves the previous site untouched.
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(name: .shortAndLong, help: "The folder to write the site to (replaced on every build).")
    var output: String = "site"

    @Option(help: "The URL the site will be published at; adds canonical links and sitemap.xml.")
    var baseURL: String?

    @Flag(help: "Treat warnings (broken links, unknown settings) as errors.")
    var strict = false

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml.")
    var config: String?

    @Flag(help: "Also print notes on what was skipped on purpose (arrows in prose that are not screen flows).")
    var verbose = false

    @Flag(help: "Analyse every page again, without reading or writing the build cache.")
    var noCache = false

    @Option(help: "The folder of the build cache (default: .specsite-cache beside the output folder).")
    var cacheDir: String?

    @Flag(
        name: .customLong("no-evidence"),
        help: "Do not check the files plans' items name against git (see docs/status.md#evidence).")
    var noEvidence = false

    func validate() throws {
        if noCache && cacheDir != nil { throw ValidationError("--no-cache and --cache-dir cannot be used together") }
        if let baseURL, let problem = SiteConfig.baseURLProblem(baseURL) {
            throw ValidationError("--base-url \(problem)")
        }
    }

    func run() throws {
        let console = Console()
        let started = Date()
        let diagnostics = DiagnosticLog(keepsNotes: verbose)
        let builder = Builder(
            options: BuildOptions(
                content: content, output: output, configFile: config, baseURL: baseURL, strict: strict,
                plugins: SpecSite.builtInPlugins(evidence: !noEvidence),
                cacheFolder: noCache ? nil : cacheDir ?? BuildOptions.defaultCacheFolder(output: output)),
            diagnostics: diagnostics,
            progress: { console.progress($0) })
        let outcome = Result { try builder.build() }
        // Diagnostics are printed when the build ends, sorted by file and line,
        // so two runs on the same input print the same lines in the same order.
        for note in diagnostics.notes { console.print(note.description) }
        for diagnostic in diagnostics.shown { console.print(diagnostic.description) }
        switch outcome {
        case .success(let summary):
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            var line = "Built \(summary.pages) page\(summary.pages == 1 ? "" : "s")"
            if summary.generatedPages > 0 { line += " and \(summary.generatedPages) generated" }
            line +=
                " into \(output)/ in \(seconds) s (\(summary.written) file\(summary.written == 1 ? "" : "s") written, "
                + "\(summary.unchanged) unchanged"
            if summary.warnings > 0 { line += ", \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")" }
            if summary.fromCache > 0 || summary.renderedFromCache > 0 {
                func pages(_ count: Int) -> String { "\(count) \(count == 1 ? "page's" : "pages'")" }
                line +=
                    "; reused from the cache: \(pages(summary.fromCache)) analysis, "
                    + "\(pages(summary.renderedFromCache)) HTML"
            }
            if let bytes = summary.searchIndexBytes {
                line +=
                    "; search index \(SpecSite.byteCount(bytes)) in \(summary.searchShards) "
                    + "shard\(summary.searchShards == 1 ? "" : "s"), largest \(SpecSite.byteCount(summary.searchLargestShard))"
            }
            console.print(line + ")")
        case .failure(let failure as BuildFailure):
            console.print("error: \(failure)")
            throw ExitCode(1)
        case .failure(let diagnostic as Diagnostic):
            console.print(diagnostic.description)
            throw ExitCode(1)
        case .failure(let error):
            console.print("error: \(error)")
            throw ExitCode(1)
        }
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new spec site with one document of each kind."
    )

    @Argument(help: "The folder to create (must be new or empty).")
    var folder: String

    @Option(
        help: ArgumentHelp(
            "Add a plan in a planning tool's layout: \(Scaffold.layouts.joined(separator: ", ")).",
            valueName: "layout"))
    var layout: String?

    func run() throws {
        do {
            let written = try Scaffold.write(to: folder, layout: layout)
            let name = Self.withoutTrailingSlashes(folder)
            print("Created \(written.count) files in \(name == "/" ? "" : name)/:")
            for path in written { print("  \(path)") }
            print("Next: specsite build \(name) --output \(Self.siteFolder(beside: name))")
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// `spec` for `spec/` (a path that is only slashes stays as it is).
    static func withoutTrailingSlashes(_ path: String) -> String {
        let trimmed = String(path.reversed().drop { $0 == "/" }.reversed())
        return trimmed.isEmpty ? path : trimmed
    }

    /// The output folder to suggest for content in `folder`: beside it, never
    /// inside (`spec-site` for `spec`; for `.` or `spec/..`, from the folder's
    /// full path, as `.-site` would be a folder of the content).
    static func siteFolder(beside folder: String) -> String {
        let last = folder.split(separator: "/").last
        guard last == "." || last == ".." else { return folder + "-site" }
        return withoutTrailingSlashes(URL(fileURLWithPath: folder).standardizedFileURL.path) + "-site"
    }
}

extension SpecSite {
    /// A size as people read it: `980 B`, `14.2 kB`, `1.31 MB` (powers of 1,000).
    static func byteCount(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1_000) }
        return String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }
}
