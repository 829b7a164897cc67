import Foundation
import Testing

@testable import SpecSiteKit

/// A document parsed again in part, from an earlier version's tree, must be
/// the document a full parse gives: the same tree, headings (ids numbered
/// over the whole document), links, anchors and warnings.
struct SectionReparseTests {
    /// Lines that open or close blocks across others: fences, HTML blocks,
    /// tables, quotes, lists, setext underlines, indented code, headings
    /// that repeat (and so are numbered), links, anchors and deep nesting.
    static let trickyLines = [
        "", "## Tests", "## Tests", "# Title", "### CHUNK-002: Sync ✅", "```", "~~~", "````swift", "<div>", "</div>",
        "<!--", "-->", "<pre>", "</pre>", "<script>", "| a | b |", "|---|---|", "| 1 | 2 |", "> quoted", "> ## Tests",
        "- [ ] Code", "- [x] Tests", "1. first", "  - nested", "    indented code", "Setext", "===", "---", "text",
        "[link](https://example.com/a)", "www.example.com", "<a id=\"here\"></a>", "* * *", "## ", "##", "#### Tests #",
        "- ## Tests", "**Status**: ✅ Done", "  ## Tests", "    ## Tests", "<details>", "</details>",
        "> > > > > > > > deep", "[^1] note", "\\## not a heading", "## [Linked](x.md) title", "## Tests ![alt](i.png)",
        "[link]: https://example.com/def", "See [link] and [link][].", "[^1]: A note.", "Noted[^1].",
    ]

    static let hostile = """
        # Plan

        ## Tests

        ```
        ## Tests
        ```

        <div>
        ## Inside HTML
        </div>

        | a | b |
        |---|---|
        | 1 | 2 |
        ## Right after a table

        > quote
        ## After a quote
        - item
          continued
        ## After a list

        Setext
        ======

        ## Tests

        <!--
        ## In a comment
        -->

        ## Links

        See [here](a.md) and www.example.com and <a id="x"></a>, [link] and a note[^1].

        ## Tests
        """

    /// `text` with one random edit: a line replaced, added or removed, a
    /// run of lines removed or repeated, or a character changed.
    static func edited(_ text: String, _ random: inout SeededGenerator) -> String {
        var lines = text.components(separatedBy: "\n")
        let at = Int.random(in: 0..<max(1, lines.count), using: &random)
        let tricky = trickyLines.randomElement(using: &random)!
        switch Int.random(in: 0..<7, using: &random) {
        case 0 where at < lines.count: lines[at] = tricky
        case 1: lines.insert(tricky, at: min(at, lines.count))
        case 2 where lines.count > 1: lines.remove(at: at)
        case 3 where lines.count > 4:
            let end = min(lines.count, at + Int.random(in: 1...6, using: &random))
            lines.removeSubrange(at..<end)
        case 4 where lines.count > 4:
            let end = min(lines.count, at + Int.random(in: 1...4, using: &random))
            lines.insert(contentsOf: lines[at..<end], at: at)
        case 5 where at < lines.count && !lines[at].isEmpty:
            var line = Array(lines[at])
            line[Int.random(in: 0..<line.count, using: &random)] = ["x", "#", " ", "`", "|", "✅"].randomElement(
                using: &random)!
            lines[at] = String(line)
        default: lines.append(tricky)
        }
        return lines.joined(separator: "\n")
    }

    static func expectSame(_ spliced: MarkdownDocument, _ full: MarkdownDocument, _ text: String) -> Bool {
        let same =
            spliced.root == full.root && spliced.headings == full.headings && spliced.links == full.links
            && spliced.warnings == full.warnings && spliced.footnoteLabels == full.footnoteLabels
            && spliced.htmlAnchors == full.htmlAnchors && spliced.anchorBases == full.anchorBases
            && spliced.countsThrough == full.countsThrough && spliced.addressesSpent == full.addressesSpent
        if !same {
            Issue.record("a part parsed again differs from the full parse of:\n\(text)")
        }
        return same
    }

    /// Edits each document many times, each edit from the last version's
    /// spliced tree, and compares every result with a full parse. Returns
    /// how many of the edits were spliced (not parsed whole).
    static func check(_ documents: [String], edits: Int, seed: UInt64, firstLine: Int = 1) -> (spliced: Int, all: Int) {
        var random = SeededGenerator(seed: seed)
        var spliced = 0
        var all = 0
        for document in documents {
            var text = document
            var tree = MarkdownParser.parse(text, firstLine: firstLine, forSplicing: true)
            for _ in 0..<edits {
                let next = edited(text, &random)
                let full = MarkdownParser.parse(next, firstLine: firstLine, forSplicing: true)
                all += 1
                if let reparsed = MarkdownParser.reparse(next, firstLine: firstLine, previousText: text, previous: tree)
                {
                    spliced += 1
                    guard expectSame(reparsed, full, next) else { return (spliced, all) }
                    tree = reparsed
                } else {
                    tree = full
                }
                text = next
            }
        }
        return (spliced, all)
    }

    @Test func randomEditsOfAHostileDocumentParseAsAWholeParseDoes() {
        let result = Self.check([Self.hostile], edits: 3000, seed: 1)
        // Many edits are spliced; the rest (once a definition is added, or a
        // fence left open swallows the heading after) are parsed whole, and
        // either way must match.
        #expect(result.spliced > result.all / 5)
    }

    @Test func randomEditsWithFrontMatterLinesKeepFileLineNumbers() {
        let result = Self.check([Self.hostile], edits: 500, seed: 2, firstLine: 7)
        #expect(result.spliced > result.all / 5)
    }

    @Test func randomEditsOfRealDocumentsParseAsAWholeParseDoes() throws {
        var documents: [String] = []
        for folder in [corpusSeeds, repositoryRoot + "/content"].compactMap({ $0 }) {
            let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
            for file in files where file.hasSuffix(".md") {
                if let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) {
                    documents.append(text)
                }
            }
        }
        try #require(!documents.isEmpty)
        let result = Self.check(documents, edits: 60, seed: 3)
        #expect(result.spliced > result.all / 3)
    }

    @Test func aRepeatedHeadingAddedBeforeOthersRenumbersTheirIds() throws {
        let before = "# Plan\n\n## Tests\n\nA\n\n## Other\n\nB\n\n## Tests\n\nC\n"
        let after = "# Plan\n\n## Tests\n\nA\n\n## Tests\n\nnew\n\n## Other\n\nB\n\n## Tests\n\nC\n"
        let tree = MarkdownParser.parse(before, firstLine: 1, forSplicing: true)
        let reparsed = try #require(
            MarkdownParser.reparse(after, firstLine: 1, previousText: before, previous: tree))
        #expect(reparsed.headings.map(\.id) == ["plan", "tests", "tests-1", "other", "tests-2"])
        #expect(reparsed.headings.map(\.line) == [1, 3, 7, 11, 15])
        _ = Self.expectSame(reparsed, MarkdownParser.parse(after, firstLine: 1, forSplicing: true), after)
    }

    @Test func aPageParsedOnceKeepsNothingForSplicingAndIsParsedWhole() throws {
        let before = "# Plan\n\n## A\n\nText.\n\n## B\n"
        let once = MarkdownParser.parse(before)
        #expect(once.anchorBases.isEmpty && once.countsThrough.isEmpty)
        #expect(
            MarkdownParser.reparse(
                before.replacingOccurrences(of: "Text", with: "More"), firstLine: 1, previousText: before,
                previous: once) == nil)
        let kept = MarkdownParser.parse(before, firstLine: 1, forSplicing: true)
        #expect(kept.anchorBases == ["plan", "a", "b"] && kept.countsThrough.count == 4)
    }

    @Test func definitionsAndCarriageReturnsAreParsedWhole() {
        let text = "# A\n\n## B\n\nsee [x]\n\n## C\n"
        let tree = MarkdownParser.parse(text, firstLine: 1, forSplicing: true)
        #expect(
            MarkdownParser.reparse(
                text + "\n[x]: https://example.com\n", firstLine: 1, previousText: text, previous: tree) == nil)
        #expect(
            MarkdownParser.reparse(
                text.replacingOccurrences(of: "see", with: "say\r"), firstLine: 1, previousText: text, previous: tree)
                == nil)
    }
}
