import Foundation
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// GSD plans after the checklists plugin's rewrite: their tag lines are HTML
/// comment markers (`<!-- specsite:gsd open verification -->`), and flows are
/// still named after the plan's sections.
final class GSDMarkerTests: XCTestCase {
    func testOpenMarkersNameSectionsAndOtherMarkersDoNot() {
        XCTAssertEqual(FlowFinder.sectionTag("<!-- specsite:gsd open verification -->\n"), "Verification")
        XCTAssertEqual(
            FlowFinder.sectionTag("<!-- specsite:gsd close tasks --><!-- specsite:gsd open success_criteria -->\n"),
            "Success criteria")
        XCTAssertEqual(FlowFinder.sectionTag("<!-- specsite:gsd open objective -->\r\n"), "Objective")
        XCTAssertNil(FlowFinder.sectionTag("<!-- specsite:gsd open-part action -->\n"))
        XCTAssertNil(FlowFinder.sectionTag("<!-- specsite:gsd open task #1 type=\"auto\" -->\n"))
        XCTAssertNil(FlowFinder.sectionTag("<!-- specsite:gsd close verification -->\n"))
        XCTAssertNil(
            FlowFinder.sectionTag(
                "<!-- specsite:gsd open-part name #1 -->Task 1<!-- specsite:gsd close-part name -->\n"))
        XCTAssertNil(FlowFinder.sectionTag("<!-- specsite:gsd open div -->\n"))
        XCTAssertNil(FlowFinder.sectionTag("<!-- a comment -->\n"))
    }

    func testTheRewrittenGSDPlanKeepsItsFlowTitles() throws {
        let original = try corpusPage("10-04-PLAN.md")
        let markdown = Self.markers(original.markdown)
        XCTAssertEqual(
            markdown.split(separator: "\n", omittingEmptySubsequences: false).count,
            original.markdown.split(separator: "\n", omittingEmptySubsequences: false).count)
        XCTAssertTrue(markdown.contains("\n<!-- specsite:gsd open verification -->\n"))
        var page = Page(
            sourcePath: original.sourcePath, displayPath: original.displayPath, outputPath: original.outputPath,
            frontMatter: .null, title: original.title, markdown: markdown,
            document: MarkdownParser.parse(markdown, firstLine: original.bodyFirstLine), order: nil)
        page.bodyFirstLine = original.bodyFirstLine
        let (flows, _, warnings) = try analyze(page)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(flows.map(\.title), ["Verification", "Success criteria"])
        XCTAssertEqual(flows.map(\.line), [351, 358])
    }

    /// The plan's tag lines as the checklists plugin writes them (this target
    /// cannot depend on that plugin): sections and tasks `open`/`close`, a
    /// task's parts `open-part`/`close-part`, one-line parts on one line.
    static func markers(_ markdown: String) -> String {
        let parts: Set<String> = ["name", "files", "action", "verify", "done"]
        var task = 0
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("<"), text.hasSuffix(">") else { return String(line) }
            let marker = "<!-- specsite:gsd "
            if text.hasPrefix("<task ") {
                task += 1
                return marker + "open task #\(task) type=\"auto\" -->"
            }
            let name = text.dropFirst(text.hasPrefix("</") ? 2 : 1).prefix { $0.isLetter || $0 == "_" }
            let part = parts.contains(String(name))
            if text == "<\(name)>" { return marker + (part ? "open-part " : "open ") + name + " -->" }
            if text == "</\(name)>" { return marker + (part ? "close-part " : "close ") + name + " -->" }
            if part, text.hasSuffix("</\(name)>") {
                let content = text.dropFirst(name.count + 2).dropLast(name.count + 3)
                return marker + "open-part \(name) -->" + content + marker + "close-part \(name) -->"
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
