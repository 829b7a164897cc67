import Foundation
import SpecSiteDiagrams
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The shared corpus of real spec documents, when this checkout has it.
let corpusSeeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/seeds").path

/// A page parsed from `markdown`, as the builder makes one.
func page(_ markdown: String, path: String = "ux.md", title: String = "UX") -> Page {
    Page(
        sourcePath: path, displayPath: "content/" + path,
        outputPath: path.replacingOccurrences(of: ".md", with: ".html"),
        frontMatter: .null, title: title, markdown: markdown, document: MarkdownParser.parse(markdown), order: nil)
}

/// The corpus document `name`, or a skip when the corpus is not here.
func corpusPage(_ name: String) throws -> Page {
    let path = corpusSeeds + "/" + name
    guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no corpus at \(corpusSeeds)") }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // As the builder does: front matter off, lines counted from the file's top.
    let split = try FrontMatter.split(text)
    var page = Page(
        sourcePath: name, displayPath: "corpus/" + name,
        outputPath: name.replacingOccurrences(of: ".md", with: ".html"),
        frontMatter: .null, title: name, markdown: split.body,
        document: MarkdownParser.parse(split.body, firstLine: split.bodyFirstLine), order: nil)
    page.bodyFirstLine = split.bodyFirstLine
    return page
}

/// What the plugin makes of a page: its flows and the warnings it reports.
func analyze(_ page: Page, settings: YAMLValue = .null) throws -> (
    flows: [FlowDefinition], fact: FlowFact?, warnings: [Diagnostic]
) {
    let log = DiagnosticLog()
    let context = PluginContext(settings: settings, config: SiteConfig(), diagnostics: log)
    let fact = try FlowsPlugin().analyze(page, context: context).first as? FlowFact
    return (fact?.flows ?? [], fact, log.all)
}

/// The flows of `markdown`.
func flows(_ markdown: String) throws -> [FlowDefinition] {
    try analyze(page(markdown)).flows
}

/// Renders a page with the plugin claiming blocks, as the builder does.
func render(_ page: Page, settings: YAMLValue = .null) throws -> String {
    let log = DiagnosticLog()
    let context = PluginContext(settings: settings, config: SiteConfig(), diagnostics: log)
    let plugin = FlowsPlugin()
    let facts = try plugin.analyze(page, context: context)
    let site = Site(config: SiteConfig(), pages: [page], factsByPage: [page.sourcePath: facts])
    let renderer = HTMLRenderer(blockOverride: { node, renderer in
        try plugin.render(node, context: RenderContext(page: page, site: site, renderer: renderer, plugin: context))
    })
    return try renderer.render(page.document.root)
}

/// `A -> B [label]` for every edge, by node label, the way tests spell flows out.
func edges(_ graph: DiagramGraph) -> [String] {
    graph.edges.map { edge in
        let label = edge.label.isEmpty ? "" : " [\(edge.label)]"
        return "\(graph.nodes[edge.from].label) -> \(graph.nodes[edge.to].label)\(label)"
    }
}

/// Node labels in order.
func labels(_ graph: DiagramGraph) -> [String] {
    graph.nodes.map(\.label)
}

/// Whether `text` parses as XML.
func isWellFormedXML(_ text: String) -> Bool {
    XMLParser(data: Data(text.utf8)).parse()
}

/// A small seeded generator, so random tests fail the same way every time.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
