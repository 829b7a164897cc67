import Foundation
import XCTest

@testable import SpecSiteDiagrams

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class DiagramSVGTests: XCTestCase {
    func testTextIsMeasuredWithArialMetrics() {
        // Arial/Liberation Sans advances at 2048 units per em: H 1479, e 1139, l 455, o 1139.
        let expected = (1479.0 + 1139 + 455 + 455 + 1139) / 2048 * 14
        XCTAssertEqual(TextMetrics.width(of: "Hello", fontSize: 14), expected, accuracy: 0.001)
        XCTAssertGreaterThan(
            TextMetrics.width(of: "Welcome", fontSize: 14, bold: true), TextMetrics.width(of: "Welcome", fontSize: 14))
        // An emoji, a family emoji made of several scalars, and CJK have widths; marks have none.
        XCTAssertEqual(TextMetrics.width(of: "👨‍👩‍👧", fontSize: 10), 12.5, accuracy: 0.001)
        XCTAssertEqual(TextMetrics.width(of: "漢", fontSize: 10), 10, accuracy: 0.001)
        XCTAssertEqual(TextMetrics.width(of: "e\u{301}", fontSize: 10), TextMetrics.width(of: "e", fontSize: 10))
    }

    func testLabelsWrapAtSpacesAndBreakLongWords() {
        XCTAssertEqual(TextMetrics.wrap("Welcome", maxWidth: 200, fontSize: 14), ["Welcome"])
        XCTAssertEqual(
            TextMetrics.wrap("Allow notifications for reminders?", maxWidth: 120, fontSize: 14),
            ["Allow notifications", "for reminders?"])
        XCTAssertEqual(TextMetrics.wrap("One\nTwo", maxWidth: 200, fontSize: 14), ["One", "Two"])
        let broken = TextMetrics.wrap(String(repeating: "x", count: 80), maxWidth: 100, fontSize: 14)
        XCTAssertGreaterThan(broken.count, 1)
        XCTAssertEqual(broken.joined(), String(repeating: "x", count: 80))
        for line in broken { XCTAssertLessThanOrEqual(TextMetrics.width(of: line, fontSize: 14), 100) }
        XCTAssertEqual(TextMetrics.wrap("", maxWidth: 100, fontSize: 14), [])
    }

    func testDrawingIsWellFormedAccessibleAndEscaped() throws {
        let graph = DiagramGraph(
            nodes: [
                DiagramGraph.Node(id: "a", label: "Fish & <Chips> \"now\" 🐟", shape: .stadium, tone: .accent),
                DiagramGraph.Node(id: "b", label: "Pay?", shape: .diamond),
                DiagramGraph.Node(id: "c", label: "Done\u{1}", shape: .circle, link: "done.html?a=1&b=2"),
            ],
            edges: [
                DiagramGraph.Edge(from: 0, to: 1, label: "x < y & z"),
                DiagramGraph.Edge(from: 1, to: 2, style: .dotted),
                DiagramGraph.Edge(from: 2, to: 0, style: .thick, arrow: false),
            ])
        let layout = LayeredLayout.layout(graph)
        let svg = DiagramSVG.render(
            graph, layout: layout,
            options: .init(title: "A & B", description: "Steps <1>", idPrefix: "9 odd id", standalone: true))
        XCTAssertTrue(try isWellFormedXML(svg), svg)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("viewBox=\"0 0 "))
        XCTAssertTrue(svg.contains("<title id=\"d9-odd-id-title\">A &amp; B</title>"))
        XCTAssertTrue(svg.contains("<desc id=\"d9-odd-id-desc\">Steps &lt;1&gt;</desc>"))
        XCTAssertTrue(svg.contains("Fish &amp; &lt;Chips&gt; &quot;now&quot; 🐟"))
        XCTAssertTrue(svg.contains("x &lt; y &amp; z"))
        XCTAssertTrue(svg.contains("href=\"done.html?a=1&amp;b=2\""))
        XCTAssertFalse(svg.contains("\u{1}"))
        // Colours come from custom properties only, so the drawing follows the theme.
        XCTAssertFalse(svg.contains("fill=\"#"))
        XCTAssertTrue(svg.contains("prefers-color-scheme: dark"))

        let inline = DiagramSVG.render(
            graph, layout: layout, options: .init(title: "t", description: "d", idPrefix: "p"))
        XCTAssertFalse(inline.contains("<style>"), "inline drawings take their colours from the page")
        XCTAssertTrue(try isWellFormedXML(inline))
    }

    func testNumbersAreShortAndExact() {
        let cases: [(Double, String)] = [
            (12, "12"), (0.5, "0.5"), (-16.25, "-16.25"), (3.05, "3.05"), (-0.001, "0"), (0.004, "0"),
            (7.999, "8"), (-3.1, "-3.1"), (100.10, "100.1"), (.nan, "0"), (2e13, "20000000000000"),
        ]
        for (value, text) in cases { XCTAssertEqual(DiagramSVG.number(value), text, "\(value)") }
    }

    func testStandaloneColoursMatchTheTheme() throws {
        let css = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../templates/assets/specsite.css"), encoding: .utf8)
        var values: [String: String] = [:]
        for line in css.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[..<colon])
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
            if values[name] == nil { values[name] = value }
        }
        func resolve(_ name: String, dark: Bool) -> String? {
            guard var value = values[name] else { return nil }
            for _ in 0..<8 {
                if value.hasPrefix("var("), let end = value.firstIndex(of: ")") {
                    let target = String(value[value.index(value.startIndex, offsetBy: 4)..<end])
                    guard let next = values[target] else { return nil }
                    value = next
                } else if value.hasPrefix("light-dark("), let comma = value.firstIndex(of: ",") {
                    let light = value[value.index(value.startIndex, offsetBy: 11)..<comma]
                    let darkValue = value[value.index(after: comma)...].dropLast()
                    value = String(dark ? darkValue : light).trimmingCharacters(in: .whitespaces)
                } else {
                    return value
                }
            }
            return value
        }
        for colour in DiagramSVG.themeColours {
            XCTAssertEqual(resolve(colour.name, dark: false), colour.light, colour.name)
            XCTAssertEqual(resolve(colour.name, dark: true), colour.dark, colour.name)
        }
    }

    private func isWellFormedXML(_ text: String) throws -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        return parser.parse()
    }
}
