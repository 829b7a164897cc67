import Foundation
import SpecSiteDiagrams
import SpecSiteKit

/// Screen flows: finds the flows a spec writes down and draws them at build
/// time as static SVG, with no JavaScript:
///
/// - ```` ```flow ```` blocks (specsite's own small syntax, see
///   ``FlowBlockParser``) and ```` ```mermaid ```` flowcharts (see
///   ``MermaidParser``) are drawn in place of the block, with the source kept
///   below, collapsed; other mermaid diagram types stay code, with a note;
/// - arrow chains in prose, lists, tables, text code blocks and HTML blocks
///   (`Welcome → Categories → PIN (skip) → Complete`), and numbered step lists
///   of bold screens, are drawn after the block that holds them, which stays as
///   written, when there is evidence they are about screens (``ChainEvidence``);
///   what is skipped is a note at its line (`build --verbose`). Chains join
///   into one flow only within one section;
/// - every flow is also written to `site/flows/NAME.svg`, and a **Flows**
///   page (`flows.html`) shows a screen map of the whole site, then every flow.
///
/// Layout is ``LayeredLayout`` and drawing ``DiagramSVG``, both in SpecSiteKit.
/// Settings under `plugins.flows`: `prose: false` reads no arrow chains,
/// `page: false` leaves out the Flows page, `files: false` the SVG files,
/// `max_nodes` (default 2000) is the largest flow drawn.
public struct FlowsPlugin: Plugin {
    /// `flows`.
    public var id: String { "flows" }
    /// Facts are kept in the build cache as JSON.
    public var factCoding: FactCoding? { .codable(FlowFact.self) }

    /// Creates the plugin.
    public init() {}

    /// Where the Flows page is written.
    public static let pagePath = "flows.html"
    /// The folder the standalone SVG files go in.
    public static let folder = "flows"

    /// Finds, lays out and draws the page's flows (pages are analysed in
    /// parallel, so the layout work is spread over the cores).
    public func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] {
        let options = Settings(context)
        let finder = FlowFinder(page: page, readsProse: options.prose)
        for warning in finder.warnings {
            context.diagnostics.warning(page.displayPath, line: warning.line, rule: .flows, warning.message)
        }
        for skipped in finder.skipped {
            context.diagnostics.note(
                page.displayPath, line: skipped.line,
                rule: .flows, "arrows not drawn as a flow, \(skipped.reason.rawValue): \(skipped.chain)")
        }
        guard !finder.flows.isEmpty || !finder.unsupported.isEmpty else { return [] }
        var names = Slugger()
        // File names must be unique across the site, and pages are analysed
        // apart: a flow's name starts with its page's path, folders joined by
        // `--` so that `plans/plan.md` and `plans-plan.md` cannot meet.
        let pageSlug = Self.slug(of: page)
        var flows: [FlowDefinition] = []
        for var flow in finder.flows {
            guard flow.graph.nodes.count <= options.maximumNodes else {
                context.diagnostics.warning(
                    page.displayPath, line: flow.line,
                    rule: .flows,
                    "this flow has \(flow.graph.nodes.count) screens, more than the \(options.maximumNodes) drawn"
                        + " (raise plugins.flows.max_nodes to draw it); it is left as written")
                continue
            }
            flow.fileName = names.slug(for: pageSlug + "-" + Slugger.slugify(flow.title)) + ".svg"
            FlowDrawing.draw(&flow)
            flows.append(flow)
        }
        return [FlowFact(flows: flows, unsupported: finder.unsupported)]
    }

    /// Draws the flows that go with `block`, and notes mermaid it cannot draw.
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? {
        guard block.line > 0, let fact = Self.fact(of: context.page, in: context.site) else { return nil }
        let key = block.blockKey
        if let type = fact.unsupported[key] {
            return try context.renderer.renderDefault(block)
                + "<p class=\"flow-note\">A mermaid <code>\(HTMLEscaping.escape(type))</code> diagram is shown as"
                + " code: specsite draws mermaid flowcharts only.</p>\n"
        }
        guard let indices = fact.flowsByAnchor[key] else { return nil }
        let flows = indices.map { fact.flows[$0] }
        let options = Settings(context.plugin)
        let original = try context.renderer.renderDefault(block)
        var html = flows.contains(where: \.replacesBlock) ? "" : original
        for flow in flows {
            html += FlowDrawing.figure(
                flow,
                fileURL: options.files ? context.url(to: Self.folder + "/" + flow.fileName) : nil,
                pageURL: options.page ? context.url(to: Self.pagePath) + "#" + flow.elementID : nil)
        }
        if flows.contains(where: \.replacesBlock) {
            html += "<details class=\"flow-source\"><summary>Source</summary>\n\(original)</details>\n"
        }
        return html
    }

    /// Nothing: a page's flows are drawn from its own facts alone.
    public func summarySlice(for page: Page, site: Site, context: PluginContext) -> SummarySlice? {
        SummarySlice(true)
    }

    /// The Flows page and one SVG file per flow.
    public func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        let options = Settings(context)
        let entries = site.facts(of: FlowFact.self).filter { !$0.fact.flows.isEmpty }
        guard !entries.isEmpty else { return [] }
        var outputs: [GeneratedOutput] = []
        if options.page {
            outputs.append(.page(FlowsPage(site: site, entries: entries, linksFiles: options.files).page))
        }
        if options.files {
            // One file per flow, drawn as it is written (on all cores, and let
            // go once written): a big site has thousands.
            for flow in entries.flatMap(\.fact.flows) {
                outputs.append(
                    .deferredFile(path: Self.folder + "/" + flow.fileName) { Array(flow.standaloneSVG.utf8) })
            }
        }
        return outputs
    }

    /// `flows.css`: the figures' look, in the theme's custom properties.
    public var assets: [Asset] { [Asset(name: "flows.css", contents: FlowDrawing.stylesheet)] }

    static func fact(of page: Page, in site: Site) -> FlowFact? {
        site.factsByPage[page.sourcePath]?.lazy.compactMap { $0 as? FlowFact }.first
    }

    /// `plans--plan` for `plans/plan.md`: unique per page, usable in ids and file names.
    static func slug(of page: Page) -> String {
        Slugger.slugify(withoutExtension(page.sourcePath).replacingOccurrences(of: "/", with: "--"))
    }

    static func withoutExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
        return String(path[..<dot])
    }

    /// The plugin's settings, from `plugins.flows`.
    struct Settings {
        var prose = true
        var page = true
        var files = true
        var maximumNodes = 2000

        init(_ context: PluginContext) {
            guard case .mapping(let entries) = context.settings else { return }
            for entry in entries {
                switch entry.key {
                case "prose": prose = entry.value.bool ?? prose
                case "page": self.page = entry.value.bool ?? self.page
                case "files": files = entry.value.bool ?? files
                case "max_nodes": maximumNodes = entry.value.int.map { max($0, 1) } ?? maximumNodes
                default: break
                }
            }
        }
    }
}
