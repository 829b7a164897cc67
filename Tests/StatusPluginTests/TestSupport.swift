import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// The shared corpus of real spec documents, when this checkout has it.
let corpusSeeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/seeds").path

/// Whether the corpus is here (tests that read it are skipped otherwise).
let hasCorpus = FileManager.default.fileExists(atPath: corpusSeeds)

/// A page made from `text` (front matter included) as the builder makes one.
func page(_ text: String, path: String = "PLAN.md") throws -> Page {
    let split = try FrontMatter.split(text)
    let front = try split.yaml.map { try YAMLValue.parse($0, firstLine: 2) } ?? .null
    var page = Page(
        sourcePath: path, displayPath: "content/" + path,
        outputPath: path.replacingOccurrences(of: ".md", with: ".html"),
        frontMatter: front, title: path, markdown: split.body,
        document: MarkdownParser.parse(split.body, firstLine: split.bodyFirstLine), order: nil)
    page.bodyFirstLine = split.bodyFirstLine
    return page
}

/// The corpus document `name` as a page at `path`.
func corpusPage(_ name: String, path: String? = nil) throws -> Page {
    let text = try String(contentsOfFile: corpusSeeds + "/" + name, encoding: .utf8)
    return try page(text, path: path ?? name)
}

/// What the plugin reads from the page, with its warnings.
func read(_ page: Page) -> (fact: PlanFact, warnings: [LineMessage]) {
    var reader = PlanReader(page: page)
    reader.read()
    return (reader.fact, reader.warnings)
}

/// The report for a set of pages.
func report(_ pages: [Page]) -> StatusReport {
    StatusReport.make(facts: pages.map { ($0, read($0).fact) })
}
