import Foundation
import SpecSiteDiagrams
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// Input that breaks naive diagram tools: each gives a drawing or a warning
/// with its line, never a crash or a hang.
final class BadInputTests: XCTestCase {
    /// Draws `markdown`'s single flow and checks what a reader would notice:
    /// well-formed SVG and no two screens on top of each other.
    private func drawnFlow(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> FlowDefinition
    {
        let found = try flows(markdown)
        XCTAssertEqual(found.count, 1, file: file, line: line)
        let flow = try XCTUnwrap(found.first, file: file, line: line)
        XCTAssertTrue(isWellFormedXML(flow.standaloneSVG), file: file, line: line)
        XCTAssertTrue(isWellFormedXML(flow.inlineSVG), file: file, line: line)
        let layout = LayeredLayout.layout(flow.graph)
        for (index, node) in layout.nodes.enumerated() {
            for other in layout.nodes[(index + 1)...] {
                XCTAssertFalse(node.frame.intersects(other.frame), file: file, line: line)
            }
        }
        return flow
    }

    func testSelfLoopsAndCyclesAreDrawnWithLoopsMarked() throws {
        let flow = try drawnFlow(
            """
            ```flow
            Home -> Home : refresh
            Home -> Detail -> Edit -> Home
            Edit -> Edit
            ```
            """)
        XCTAssertEqual(flow.graph.edges.count, 5)
        let layout = LayeredLayout.layout(flow.graph)
        XCTAssertEqual(layout.edges.filter(\.isSelfLoop).count, 2)
        XCTAssertEqual(layout.edges.filter(\.isBackEdge).count, 1)
        XCTAssertTrue(flow.inlineSVG.contains("diagram-back-edge"))
    }

    func testAScreenWithFiftyEdgesIsDrawn() throws {
        let lines = (1...50).map { "Hub -> Spoke \($0)" }.joined(separator: "\n")
        let flow = try drawnFlow("```flow\n\(lines)\n```\n")
        XCTAssertEqual(flow.graph.nodes.count, 51)
        XCTAssertEqual(flow.graph.edges.count, 50)
    }

    func testDuplicateLabelsStayDistinctScreens() throws {
        let flow = try drawnFlow(
            """
            ```mermaid
            flowchart LR
                a[Settings] --> b[Settings]
                b --> c[Settings]
            ```
            """)
        XCTAssertEqual(labels(flow.graph), ["Settings", "Settings", "Settings"])
        XCTAssertEqual(Set(flow.graph.nodes.map(\.id)).count, 3)
    }

    func testMarkupQuotesAndEmojiInLabelsAreEscaped() throws {
        let flow = try drawnFlow(
            """
            ```mermaid
            flowchart TD
                a["Age < 18 & #quot;minor#quot; 👶"] --> b{Fish & Chips?}
                b -->|"<script>alert(1)</script>"| c[Done ✅]
            ```
            """)
        XCTAssertEqual(labels(flow.graph), ["Age < 18 & \"minor\" 👶", "Fish & Chips?", "Done ✅"])
        XCTAssertFalse(flow.inlineSVG.contains("<script>"))
        XCTAssertEqual(flow.graph.edges.last?.label, "<script>alert(1)</script>")
        XCTAssertTrue(flow.inlineSVG.contains("&lt;script"))
        XCTAssertTrue(flow.inlineSVG.contains("Fish &amp; Chips?"))
        XCTAssertTrue(flow.inlineSVG.contains("&quot;minor&quot; 👶"))
    }

    func testAnUnterminatedMermaidBlockWarnsWithItsLineAndIsStillDrawn() throws {
        // The fence is never closed, a bracket and a subgraph neither.
        let (found, _, warnings) = try analyze(
            page(
                """
                # Flows

                ```mermaid
                flowchart TD
                    A[Start --> B
                    subgraph one
                    C --> D
                """))
        XCTAssertEqual(found.count, 1)
        XCTAssertFalse(warnings.isEmpty)
        for warning in warnings {
            XCTAssertEqual(warning.file, "content/ux.md")
            XCTAssertNotNil(warning.line)
            XCTAssertGreaterThanOrEqual(warning.line ?? 0, 3)
        }
        XCTAssertTrue(found.allSatisfy { isWellFormedXML($0.standaloneSVG) })
    }

    func testABlockWithNoScreensIsCodeWithAWarning() throws {
        let markdown = "Intro\n\n```flow\n// nothing yet\n```\n"
        let (found, _, warnings) = try analyze(page(markdown))
        XCTAssertTrue(found.isEmpty)
        XCTAssertEqual(warnings.map(\.line), [3])
        XCTAssertTrue(try render(page(markdown)).contains("<pre tabindex=\"0\"><code class=\"language-flow\">"))
    }

    func testATwoThousandScreenFlowIsDrawn() throws {
        // A long chain with a branch every tenth screen.
        var lines = (0..<1_999).map { "S\($0) -> S\($0 + 1)" }
        lines += stride(from: 0, to: 1_990, by: 10).map { "S\($0) -> S\($0 + 7)" }
        let flow = try drawnFlow("```flow\n" + lines.joined(separator: "\n") + "\n```\n")
        XCTAssertEqual(flow.graph.nodes.count, 2_000)
    }

    func testAFlowOverTheLimitIsLeftAsWrittenWithAWarning() throws {
        let lines = (0..<30).map { "S\($0) -> S\($0 + 1)" }.joined(separator: "\n")
        let markdown = "Text\n\n```flow\n\(lines)\n```\n"
        let settings = YAMLValue.mapping([YAMLValue.Entry(key: "max_nodes", value: .scalar("10"))])
        let (found, _, warnings) = try analyze(page(markdown), settings: settings)
        XCTAssertTrue(found.isEmpty)
        XCTAssertEqual(warnings.map(\.line), [3])
        XCTAssertTrue(warnings[0].message.contains("31 screens"))
        XCTAssertTrue(
            try render(page(markdown), settings: settings).contains(
                "<pre tabindex=\"0\"><code class=\"language-flow\">"))
    }

    func testHostileDocumentsFinish() throws {
        // Arrows everywhere, deep nesting, a huge line of arrows.
        let documents = [
            String(repeating: "A → B → C → ", count: 3_000),
            String(repeating: "> ", count: 200) + "Welcome → Goal → Home",
            "```text\n" + String(repeating: "-> ", count: 50_000) + "\n```\n",
            "| a | b |\n|---|---|\n" + String(repeating: "| X → Y → Z | P → Q → R |\n", count: 500),
        ]
        for markdown in documents {
            let found = try flows(markdown)
            XCTAssertTrue(found.allSatisfy { isWellFormedXML($0.inlineSVG) })
        }
    }
}
