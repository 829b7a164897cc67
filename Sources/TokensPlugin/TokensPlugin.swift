import Foundation
import SpecSiteKit

/// Design tokens: finds the colours, type, spacing, radii, shadows and
/// motion a design-system document writes down, in whatever notation (a
/// TypeScript object, Swift constants, CSS custom properties, DTCG JSON,
/// Android XML, a table, a bullet list), and
///
/// - draws each block of tokens in place as swatches and specimens, with the
///   block as written kept below, collapsed;
/// - adds a **Tokens** page (`tokens.html`) listing every token of the site by
///   kind and document, with a filter box, duplicate and near-duplicate hints;
/// - exports `tokens.json` (W3C DTCG format) and `tokens.css` (custom properties).
///
/// Settings under `plugins.tokens` in `specsite.yml` (``TokensSettings``):
/// `page: false` leaves out the Tokens page, `exports: false` the two export
/// files, `export_from: [design, ux]` the kinds of document exported.
public struct TokensPlugin: Plugin {
    /// `tokens`.
    public var id: String { "tokens" }
    /// Facts are kept in the build cache as JSON.
    public var factCoding: FactCoding? { .codable(TokenFact.self) }

    /// Creates the plugin.
    public init() {}

    /// Where the Tokens page is written.
    public static let pagePath = "tokens.html"

    /// Finds the page's tokens and reports what could not be read.
    public func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] {
        let result = TokenExtractor.extract(page)
        for warning in result.warnings {
            context.diagnostics.warning(page.displayPath, line: warning.line, rule: .tokens, warning.message)
        }
        reportDuplicates(result.tokens, page: page, diagnostics: context.diagnostics)
        guard !result.tokens.isEmpty || !result.references.isEmpty || !result.statedPairs.isEmpty else { return [] }
        var fact = TokenFact(
            tokens: result.tokens, references: result.references, blocks: result.blocks,
            statedPairs: result.statedPairs)
        fact.headingNamesDesignSystem = TokensSettings.headingNamesDesignSystem(page)
        return [fact]
    }

    /// Warns when one document gives the same name two different values.
    private func reportDuplicates(_ tokens: [DesignToken], page: Page, diagnostics: DiagnosticLog) {
        var first: [String: DesignToken] = [:]
        for token in tokens {
            // A theme's or a breakpoint's value (`[data-theme="ocean"]`, `@media (max-width: 768px)`) is
            // a variant of the name, not a second definition.
            let key = token.kind.rawValue + "|" + token.name + "|" + token.condition
            guard let earlier = first[key] else {
                first[key] = token
                continue
            }
            if earlier.value != token.value {
                let condition = token.condition
                diagnostics.warning(
                    page.displayPath, line: token.source.line,
                    rule: .tokens,
                    "token '\(token.name)'\(condition.isEmpty ? "" : " (\(condition))") is defined again with "
                        + "another value (first at line \(earlier.source.line)); the Tokens page and exports keep the first"
                )
            }
        }
    }

    /// Draws a block that holds tokens as swatches, with the block as written below.
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? {
        guard block.line > 0, let fact = Self.fact(of: context.page, in: context.site),
            fact.blocks.contains(block.blockKey)
        else { return nil }
        let catalog = Self.catalog(for: context.site)
        let tokens = catalog.tokensByBlock[context.page.displayPath]?[block.line] ?? []
        // A block whose only tokens were references to nothing stays as written.
        guard !tokens.isEmpty else { return nil }
        let original = try context.renderer.renderDefault(block)
        var views = TokenViews(catalog: catalog)
        let page = context.page
        views.relativeFile = { file in file == page.displayPath ? page.sourcePath : file }
        var html = "<div class=\"tokens-block\">"
        // In a plan the code is the point (the code to write): it stays open, the swatches below it.
        let isPlan = TokensSettings.kind(of: context.page) == .plans
        if isPlan { html += original }
        html += views.grid(tokens)
        if settings(context.plugin).page {
            html +=
                "<p class=\"tk-more\"><a href=\"\(HTMLEscaping.escapeURL(context.url(to: Self.pagePath)))\">"
                + "All tokens of the site</a></p>"
        }
        if isPlan {
            // Shown above.
        } else if Self.everyPartHoldsTokens(block, tokens: tokens) {
            html += "<details class=\"tk-written\"><summary>\(Self.summary(block))</summary>\(original)</details>"
        } else {
            // A list or table that is partly prose stays readable as written.
            html += original
        }
        return html + "</div>\n"
    }

    /// Whether every item of a list (every row of a table) gave a token, so
    /// the swatches say all it says; a code block always does.
    static func everyPartHoldsTokens(_ block: MarkdownNode, tokens: [DesignToken]) -> Bool {
        let parts: ArraySlice<MarkdownNode>
        switch block.kind {
        case .list: parts = block.children[...]
        case .table: parts = block.children.dropFirst()
        default: return true
        }
        let lines = Set(tokens.map(\.source.line))
        return parts.allSatisfy { part in
            part.line > 0 && (part.line...max(part.line, part.endLine)).contains { lines.contains($0) }
        }
    }

    /// What the collapsed original is called.
    static func summary(_ block: MarkdownNode) -> String {
        switch block.kind {
        case .codeBlock(let info, _):
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            return language.isEmpty ? "Code as written" : "\(HTMLEscaping.escape(language)) as written"
        case .table: return "Table as written"
        case .list: return "List as written"
        default: return "Text as written"
        }
    }

    /// The site's catalog, worked out once per build by ``summarize(_:context:)``.
    public func summarize(_ site: Site, context: PluginContext) throws -> (any Sendable)? {
        TokenCatalog(site: site)
    }

    /// What a page draws of the catalog: its tokens as resolved, and the
    /// colour pairs each token's card shows.
    public func summarySlice(for page: Page, site: Site, context: PluginContext) -> SummarySlice? {
        guard Self.fact(of: page, in: site) != nil else { return SummarySlice(PageSlice()) }
        let catalog = Self.catalog(for: site)
        let tokens = catalog.tokensByFile[page.displayPath] ?? []
        return SummarySlice(PageSlice(tokens: tokens, pairs: tokens.map { catalog.contrastPairs.pairs(for: $0) }))
    }

    /// See ``summarySlice(for:site:context:)``.
    struct PageSlice: Equatable, Sendable, Codable {
        var tokens: [DesignToken] = []
        var pairs: [[ContrastPairs.Pair]] = []
    }

    /// The site's catalog: the build's summary, or worked out now for a site
    /// that was not summarised (a test's hand-made site).
    static func catalog(for site: Site) -> TokenCatalog {
        site.summary(TokenCatalog.self) ?? TokenCatalog(site: site)
    }

    static func fact(of page: Page, in site: Site) -> TokenFact? {
        site.factsByPage[page.sourcePath]?.lazy.compactMap { $0 as? TokenFact }.first
    }

    /// The Tokens page and the exports.
    public func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        let catalog = Self.catalog(for: site)
        // Two documents giving one name two values is shown as a hint on the
        // Tokens page, not warned about: specs quote snippets from different
        // eras, and `--strict` must not fail on that.
        for warning in catalog.warnings { context.diagnostics.report(warning) }
        let options = TokensSettings(
            context.settings, file: context.config.file ?? "specsite.yml", diagnostics: context.diagnostics)
        let exported = Self.exported(catalog, site: site, settings: options)
        let title = site.config.title
        // `content/DESIGN_SYSTEM.md` is named `DESIGN_SYSTEM.md` in the exports.
        let root =
            site.pages.first.map { page in
                var root = String(page.displayPath.dropLast(page.sourcePath.count))
                if root.hasSuffix("/") { root.removeLast() }
                return root
            } ?? ""
        var outputs: [GeneratedOutput] = []
        // A site without tokens has no Tokens page, but still writes its (empty) exports, so a build
        // that imports them does not depend on whether this site happens to hold tokens.
        if options.page, !catalog.unique.tokens.isEmpty {
            let sources = options.exports ? Set(exported.map(\.source.file)) : nil
            outputs.append(.page(TokensPage(catalog: catalog, site: site, exportedFrom: sources).page))
        }
        if options.exports {
            // Made as they are written, beside the other files: on a site with thousands of tokens
            // `tokens.json` is tens of megabytes, held only while it is written.
            outputs.append(
                .deferredFile(path: "tokens.json") {
                    Array(TokenExport.render(exported, format: .dtcg, title: title, contentRoot: root).utf8)
                })
            outputs.append(
                .deferredFile(path: "tokens.css") {
                    Array(TokenExport.render(exported, format: .css, title: title, contentRoot: root).utf8)
                })
        }
        return outputs
    }

    /// `tokens.css` and `tokens.js`: the swatches' look (in the theme's custom
    /// properties) and the copy buttons and filter box.
    public var assets: [Asset] {
        [
            Asset(name: "tokens.css", contents: TokenAssets.stylesheet),
            Asset(name: "tokens.js", contents: TokenAssets.script),
        ]
    }

    /// The plugin's settings, read quietly (``generate(for:context:)`` warns about them once).
    func settings(_ context: PluginContext) -> TokensSettings {
        TokensSettings(context.settings, file: context.config.file ?? "specsite.yml", diagnostics: nil)
    }

    /// The tokens `tokens.json` and `tokens.css` hold: those of the documents `export_from` names
    /// (design systems by default).
    public static func exported(_ catalog: TokenCatalog, site: Site, settings: TokensSettings) -> [DesignToken] {
        // Only pages with tokens matter; their facts say what their headings name.
        let exporting = Set(
            site.pages.filter { page in
                guard
                    let fact = site.factsByPage[page.sourcePath]?.lazy.compactMap({ $0 as? TokenFact }).first
                else { return false }
                return settings.exports(page, headingNamesDesignSystem: fact.headingNamesDesignSystem)
            }.map(\.displayPath))
        return catalog.unique.tokens.filter { exporting.contains($0.source.file) }
    }

    /// Reads tokens from a content folder without building the site, as
    /// `specsite tokens` does.
    public static func tokens(of loaded: LoadedSite) -> TokenCatalog {
        TokenCatalog(site: loaded.site)
    }
}
