import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// The shared corpus of real spec documents, when this checkout has it.
let corpusSeeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/seeds").path

/// Whether the corpus is here.
var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpusSeeds) }

/// A page parsed from `markdown`, as the builder makes one.
func page(_ markdown: String, path: String = "design.md") -> Page {
    Page(
        sourcePath: path, displayPath: "content/" + path,
        outputPath: path.replacingOccurrences(of: ".md", with: ".html"),
        frontMatter: .null, title: "Design", markdown: markdown, document: MarkdownParser.parse(markdown), order: nil)
}

/// What the plugin finds in `markdown`: its tokens (references resolved
/// within the page) and the warnings it reports.
func extract(_ markdown: String, path: String = "design.md") -> (tokens: [DesignToken], warnings: [Diagnostic]) {
    let log = DiagnosticLog()
    let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
    let facts = (try? TokensPlugin().analyze(page(markdown, path: path), context: context)) ?? []
    let fact = facts.first as? TokenFact
    let catalog = TokenCatalog(tokens: fact?.tokens ?? [], references: fact?.references ?? [])
    for warning in catalog.warnings { log.report(warning) }
    return (catalog.tokens, log.all)
}

/// One line per token, as the tests spell them out: `name mode value`,
/// where the value is the CSS form (`#007AFF`, `16px`, `cubic-bezier(…)`).
func describe(_ tokens: [DesignToken]) -> [String] {
    tokens.map { token in
        "\(token.name) \(token.mode?.rawValue ?? "-") \(TokenExport.cssValue(token.value))"
    }
}

/// Only the colour tokens, described.
func colors(_ tokens: [DesignToken]) -> [String] {
    describe(tokens.filter { $0.kind == .color })
}
