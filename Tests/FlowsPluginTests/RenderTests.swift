import Foundation
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// Where flows are found and where their drawings go.
final class RenderTests: XCTestCase {
    private func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    func testAChainInAParagraphIsDrawnAfterIt() throws {
        let html = try render(page("The first screens are Welcome → Goal → Home, nothing more.\n\nNext paragraph.\n"))
        XCTAssertTrue(
            html.hasPrefix("<p>The first screens are Welcome → Goal → Home, nothing more.</p>\n<figure class=\"flow\""))
        XCTAssertTrue(html.contains("data-notation=\"prose\""))
        XCTAssertTrue(html.hasSuffix("<p>Next paragraph.</p>\n"))
    }

    func testChainsInAListAreDrawnAfterTheWholeList() throws {
        let html = try render(page("## Flows\n\n- Welcome → Goal → Home\n- Home → History → Day\n- Plain item\n"))
        // They share Home: one flow, after the list.
        XCTAssertEqual(count("<figure class=\"flow\"", in: html), 1)
        let list = try XCTUnwrap(html.range(of: "</ul>"))
        let figure = try XCTUnwrap(html.range(of: "<figure"))
        XCTAssertLessThan(list.lowerBound, figure.lowerBound)
        let flow = try XCTUnwrap(flows("## Flows\n\n- Welcome → Goal → Home\n- Home → History → Day\n").first)
        XCTAssertEqual(edges(flow.graph), ["Welcome -> Goal", "Goal -> Home", "Home -> History", "History -> Day"])
    }

    func testChainsThatShareNoScreenStayApart() throws {
        let found = try flows("## Flows\n\nWelcome → Goal → Home.\n\nWidget → Log Intent → Refresh.\n")
        XCTAssertEqual(
            found.map { labels($0.graph) }, [["Welcome", "Goal", "Home"], ["Widget", "Log Intent", "Refresh"]])
    }

    func testATableCellChainIsDrawnAfterTheTableWithItsLabel() throws {
        let markdown = "| Entry | Screens |\n|---|---|\n| Share | Import → Review (skip) → Home |\n"
        let html = try render(page(markdown))
        let table = try XCTUnwrap(html.range(of: "</table>"))
        let figure = try XCTUnwrap(html.range(of: "<figure"))
        XCTAssertLessThan(table.lowerBound, figure.lowerBound)
        let flow = try XCTUnwrap(flows(markdown).first)
        XCTAssertEqual(edges(flow.graph), ["Import -> Review [skip]", "Review -> Home"])
        XCTAssertEqual(flow.line, 3)
    }

    func testFlowAndMermaidBlocksAreReplacedWithTheSourceKept() throws {
        let markdown = """
            ## Sign in

            ```flow
            title: Sign in
            Welcome -> Sign in -> Home : done
            ```

            ```mermaid
            graph LR
                A[One] --> B{Two?}
            ```
            """
        let html = try render(page(markdown))
        XCTAssertEqual(count("<figure class=\"flow\"", in: html), 2)
        XCTAssertEqual(count("<details class=\"flow-source\"><summary>Source</summary>", in: html), 2)
        XCTAssertTrue(html.contains("<pre tabindex=\"0\"><code class=\"language-flow\">"))
        let found = try flows(markdown)
        XCTAssertEqual(found.map(\.title), ["Sign in", "Sign in (from One)"])
        XCTAssertEqual(found.map(\.notation), [.flowBlock, .mermaid])
        XCTAssertEqual(found[1].graph.direction, .leftToRight)
        XCTAssertEqual(found[1].graph.nodes.map(\.shape), [.box, .diamond])
    }

    func testOtherMermaidDiagramsStayCodeWithANote() throws {
        let html = try render(page("```mermaid\nsequenceDiagram\n    A->>B: hi\n```\n"))
        XCTAssertTrue(html.contains("<pre tabindex=\"0\"><code class=\"language-mermaid\">sequenceDiagram"))
        XCTAssertTrue(html.contains("<p class=\"flow-note\">A mermaid <code>sequenceDiagram</code> diagram"))
        XCTAssertFalse(html.contains("<figure"))
    }

    func testCodeCommentsSketchesAndProgramsAreNotFlows() throws {
        let markdown = """
            <!-- Old: Splash -> Tour -> Sign Up -> Home -->

            ```
            +--------+     +--------+
            | Home   | --> | Detail | --> Edit
            +--------+     +--------+
            ```

            ```
            ┌──────┐
            │ A → B → C │
            └──────┘
            ```

            ```swift
            // Cycle: System -> Light -> Dark -> System
            func next() -> Theme { .light }
            ```
            """
        XCTAssertEqual(try flows(markdown).count, 0)
    }

    func testAPlainTextBlockChainIsDrawnAfterTheBlock() throws {
        let markdown =
            "The screens a reminder opens:\n\n```text\nfirst line\nNotification -> Log Action -> Banner\n```\n"
        let found = try flows(markdown)
        XCTAssertEqual(found.first.map { labels($0.graph) }, ["Notification", "Log Action", "Banner"])
        XCTAssertEqual(found.first?.line, 5)
        let html = try render(page(markdown))
        XCTAssertTrue(
            html.hasPrefix(
                "<p>The screens a reminder opens:</p>\n<div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-text\">"
            ))
        XCTAssertTrue(html.contains("</code></pre></div>\n<figure class=\"flow\""))
    }

    func testSettingsTurnPartsOff() throws {
        let markdown = "Screens: Welcome → Goal → Home.\n\n```flow\nA -> B\n```\n"
        let noProse = YAMLValue.mapping([YAMLValue.Entry(key: "prose", value: .scalar("false"))])
        XCTAssertEqual(try analyze(page(markdown), settings: noProse).flows.map(\.notation), [.flowBlock])

        let noFiles = YAMLValue.mapping([
            YAMLValue.Entry(key: "files", value: .scalar("false")),
            YAMLValue.Entry(key: "page", value: .scalar("false")),
        ])
        let html = try render(page(markdown), settings: noFiles)
        XCTAssertFalse(html.contains(">SVG</a>"))
        XCTAssertFalse(html.contains("All flows"))
        let log = DiagnosticLog()
        let context = PluginContext(settings: noFiles, config: SiteConfig(), diagnostics: log)
        let thePage = page(markdown)
        let facts = try FlowsPlugin().analyze(thePage, context: context)
        let site = Site(config: SiteConfig(), pages: [thePage], factsByPage: [thePage.sourcePath: facts])
        XCTAssertTrue(try FlowsPlugin().generate(for: site, context: context).isEmpty)
    }

    func testTheFlowsPageAndFilesListEveryFlow() throws {
        let first = page("Screens: Welcome → Goal → Home.\n", path: "ux.md", title: "UX")
        let second = page(
            "```flow\nA -> B\n```\n\nPages: One → Two → Three → Four\n", path: "plans/plan.md", title: "Plan")
        let log = DiagnosticLog()
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let plugin = FlowsPlugin()
        var facts: [String: [any Fact]] = [:]
        for page in [first, second] { facts[page.sourcePath] = try plugin.analyze(page, context: context) }
        let site = Site(config: SiteConfig(), pages: [first, second], factsByPage: facts)
        let outputs = try plugin.generate(for: site, context: context)
        var files: [String: String] = [:]
        var flowsPage: GeneratedPage?
        for output in outputs {
            if case .page(let page) = output { flowsPage = page }
            if let file = output.file { files[file.path] = String(decoding: file.contents, as: UTF8.self) }
        }
        XCTAssertEqual(
            files.keys.sorted(),
            ["flows/plans--plan-plan-from-a.svg", "flows/plans--plan-plan-from-one.svg", "flows/ux-ux.svg"].sorted())
        for svg in files.values { XCTAssertTrue(isWellFormedXML(svg)) }
        let html = try XCTUnwrap(flowsPage?.contentHTML)
        XCTAssertEqual(flowsPage?.outputPath, "flows.html")
        // The three flows, and the screen map that joins them.
        XCTAssertEqual(count("<figure class=\"flow\"", in: html), 3)
        XCTAssertEqual(count("<figure class=\"flow-map\"", in: html), 1)
        XCTAssertTrue(html.contains("href=\"plans/plan.html#flow-plans--plan-plan-from-a\">plans/plan.md:1</a>"))
        XCTAssertTrue(html.contains("href=\"ux.html#flow-ux-ux\">ux.md:1</a>"))
    }

    func testABigSiteFlowsPageShowsTheFilesAsLazyImages() throws {
        let blocks = (0...FlowsPage.inlineLimit).map { "```flow\ntitle: Flow \($0)\nA\($0) -> B\($0)\n```" }
        let big = page(blocks.joined(separator: "\n\n"), path: "big.md", title: "Big")
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        let facts = try FlowsPlugin().analyze(big, context: context)
        let site = Site(config: SiteConfig(), pages: [big], factsByPage: [big.sourcePath: facts])
        var html = ""
        for case .page(let generated) in try FlowsPlugin().generate(for: site, context: context) {
            html = generated.contentHTML
        }
        // No drawing inline: each is its file, loaded when scrolled to.
        XCTAssertEqual(count("<svg", in: html), 0)
        XCTAssertEqual(count("loading=\"lazy\"", in: html), FlowsPage.inlineLimit + 1)
        XCTAssertTrue(
            html.contains("<img src=\"flows/big-flow-0.svg\" alt=\"Flow of 2 screens and 1 step: A0 to B0.\""))
    }
}
