import Foundation
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// GSD plans after the status plugin's rewrite: their tag lines are HTML
/// comment markers (`<!-- specsite:gsd open verification -->`), which the
/// status plugin names as sections in `Page.sectionNames`; flows are still
/// named after the plan's sections, and this plugin never reads the markers.
final class GSDMarkerTests: XCTestCase {
    func testAMarkerCommentNamesNoSectionByItsText() {
        XCTAssertNil(FlowFinder.sectionTag("<!-- specsite:gsd open verification -->\n"))
        XCTAssertNil(FlowFinder.sectionTag("<!-- a comment -->\n"))
        XCTAssertEqual(FlowFinder.sectionTag("<verification>\n"), "Verification")
        XCTAssertNil(FlowFinder.sectionTag("<div>\n"))
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
        // Without the sections the status plugin names, the flows take the heading's name.
        XCTAssertFalse(try analyze(page).flows.map(\.title).contains("Verification"))
        // As the status plugin names them: the line of each section's marker.
        for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let prefix = "<!-- specsite:gsd open "
            guard line.hasPrefix(prefix), !line.contains("#") else { continue }
            page.sectionNames[original.bodyFirstLine + offset] = String(line.dropFirst(prefix.count).dropLast(4))
        }
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
