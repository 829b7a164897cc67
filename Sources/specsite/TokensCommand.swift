import ArgumentParser
import Foundation
import SpecSiteKit
import TokensPlugin

extension TokenExport.Format: ExpressibleByArgument {}

/// `specsite tokens`: the design tokens of a content folder, printed in an
/// export format without building the site.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Print the design tokens of a content folder without building the site.",
        discussion: """
            Reads every document as `build` does and prints its tokens to stdout: `dtcg` is the W3C Design Tokens \
            format (what the site's tokens.json holds), `css` custom properties (tokens.css), `json` specsite's flat \
            list with each token's kind, value as written and source file:line. Warnings go to stderr.
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(help: "dtcg, css or json.")
    var format: TokenExport.Format = .dtcg

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml.")
    var config: String?

    @Flag(help: "Treat warnings (unreadable values, alias cycles) as errors.")
    var strict = false

    func run() throws {
        let console = Console()
        let diagnostics = DiagnosticLog()
        let builder = Builder(
            options: BuildOptions(
                content: content, output: "", configFile: config, strict: strict, plugins: [TokensPlugin()]),
            diagnostics: diagnostics)
        let loaded: LoadedSite
        do {
            loaded = try builder.load()
        } catch {
            for diagnostic in diagnostics.shown { console.print(diagnostic.description) }
            console.print((error as? Diagnostic)?.description ?? "error: \(error)")
            throw ExitCode(1)
        }
        let catalog = TokensPlugin.tokens(of: loaded)
        for warning in catalog.warnings { diagnostics.report(warning) }
        // Read here, before the warnings are printed, so that a mistyped
        // `export_from` is reported as `build` reports it.
        let settings = TokensSettings(
            loaded.site.config.pluginSettings["tokens"] ?? .null, file: loaded.site.config.file ?? "specsite.yml",
            diagnostics: diagnostics)
        for diagnostic in diagnostics.shown { console.print(diagnostic.description) }
        if diagnostics.errorCount > 0 || (strict && diagnostics.warningCount > 0) { throw ExitCode(1) }
        let exported = TokensPlugin.exported(catalog, site: loaded.site, settings: settings)
        let output = TokenExport.render(
            exported, format: format, title: loaded.site.config.title, contentRoot: loaded.displayRoot)
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
