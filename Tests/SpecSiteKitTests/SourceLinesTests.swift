import Foundation
import Testing

@testable import SpecSiteKit

/// One rule for lines everywhere: LF, CR LF and a lone CR each end a line,
/// as in cmark-gfm, and the readers of SpecSiteKit follow it.
struct SourceLinesTests {
    @Test func linesEndAtLineFeedCarriageReturnAndBoth() {
        let lines = SourceLines("a\rb\r\nc\nd\r")
        #expect(lines.map(\.text) == ["a", "b", "c", "d", ""])
        #expect(lines.map(\.lineBreak) == ["\r", "\r\n", "\n", "\r", ""])
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
        #expect(SourceLines("").map(\.text) == [""])
        #expect(SourceLines("x").map(\.text) == ["x"])
        #expect(SourceLines("\r\r").map(\.text) == ["", "", ""])
        #expect(SourceLines("\r\n\r\n").map(\.text) == ["", "", ""])
        // A CR LF split across no boundary: "\n\r" is two breaks.
        #expect(SourceLines("a\n\rb").map(\.text) == ["a", "", "b"])
        #expect(SourceLines("é\r\n😀\rü").map(\.text) == ["é", "😀", "ü"])
    }

    @Test func linesAreNumberedFromTheFirstLineAndLookedUpByNumber() {
        let lines = SourceLines("one\r\ntwo\rthree", firstLine: 5)
        #expect(lines.map(\.number) == [5, 6, 7])
        #expect(lines[line: 6] == "two")
        #expect(lines[line: 7] == "three")
        #expect(lines[line: 4] == nil)
        #expect(lines[line: 8] == nil)
        let part = "skip\nkeep\r\nme".dropFirst(5)
        #expect(SourceLines(part).texts == ["keep", "me"])
    }

    @Test func yamlAlsoBreaksAtNextLineAndTheUnicodeSeparators() {
        let text = "a\u{85}b\u{2028}c\u{2029}d\r\ne"
        #expect(SourceLines(text, breaks: .yaml).texts == ["a", "b", "c", "d", "e"])
        #expect(SourceLines(text, breaks: .yaml).map(\.lineBreak) == ["\u{85}", "\u{2028}", "\u{2029}", "\r\n", ""])
        #expect(SourceLines(text).texts == ["a\u{85}b\u{2028}c\u{2029}d", "e"])
        #expect(SourceLines.lineBreakCount(in: text, breaks: .yaml) == 4)
        #expect(SourceLines.lineBreakCount(in: text) == 1)
    }

    @Test func lineBreaksAreCountedAsLinesAre() {
        #expect(SourceLines.lineBreakCount(in: "a\r\nb\rc\nd") == 3)
        #expect(SourceLines.lineBreakCount(in: "") == 0)
        #expect(SourceLines.lineBreakCount(in: "\r\n\r") == 2)
        #expect(SourceLines.lineBreakCount(inUTF8: Array("a\r\nb\r".utf8)) == 2)
        #expect(SourceLines.lineBreakCount(inUTF8: Array("a\r\nb\r".utf8).dropLast()) == 1)
        let bytes = Array("a\r\nb\rc".utf8)
        #expect(bytes.indices.map { SourceLines.lineBreakLength(in: bytes, at: $0) } == [0, 2, 1, 0, 1, 0])
        #expect(["\n", "\r\n", "\r"].allSatisfy { SourceLines.isLineBreak($0) })
        #expect(!SourceLines.isLineBreak(" ") && !SourceLines.isLineBreak("\u{2028}"))
    }

    // MARK: - Readers

    @Test func frontMatterEndsAtTheSameLineWhateverTheLineEndings() throws {
        for lineBreak in ["\n", "\r\n", "\r"] {
            let text = ["---", "title: T", "---", "# Body", ""].joined(separator: lineBreak)
            let split = try FrontMatter.split(text)
            #expect(split.yaml == "title: T" + lineBreak, "\(lineBreak.debugDescription)")
            #expect(split.body == "# Body" + lineBreak, "\(lineBreak.debugDescription)")
            #expect(split.bodyFirstLine == 4, "\(lineBreak.debugDescription)")
        }
    }

    @Test func yamlErrorsNameTheSameLineWhateverTheLineEndings() {
        // The parser stops on line 2, inside a list opened on line 1; only an
        // error at the text's end is moved back to where the list started.
        let lines = ["a: [1, 2", "b: 3", "c: 4", "d: 5", ""]
        for lineBreak in ["\n", "\r\n", "\r"] {
            #expect(throws: YAMLError.self) { try YAMLValue.parse(lines.joined(separator: lineBreak), firstLine: 2) }
            do {
                _ = try YAMLValue.parse(lines.joined(separator: lineBreak), firstLine: 2)
            } catch {
                #expect(error.line == 3, "\(lineBreak.debugDescription): \(error.message)")
            }
        }
    }

    @Test func footnoteLabelsAreReadWhateverTheLineEndings() {
        for lineBreak in ["\n", "\r\n", "\r"] {
            let text = ["Text[^first] and[^second].", "", "[^first]: One.", "[^second]: Two.", ""]
                .joined(separator: lineBreak)
            #expect(MarkdownParser.parse(text).footnoteLabels == ["first", "second"], "\(lineBreak.debugDescription)")
        }
    }

    @Test func aBlockOfKeyLinesIsNoSummaryWhateverTheLineEndings() {
        for lineBreak in ["\n", "\r\n", "\r"] {
            let markdown = ["# Plan", "", "**Status**: Draft", "**Owner**: Sam", "", "What it is.", ""]
                .joined(separator: lineBreak)
            var page = Page(
                sourcePath: "p.md", displayPath: "content/p.md", outputPath: "p.html", frontMatter: .null,
                title: "Plan", markdown: markdown, document: MarkdownParser.parse(markdown, firstLine: 3), order: nil)
            page.bodyFirstLine = 3
            #expect(page.summary == "What it is.", "\(lineBreak.debugDescription)")
        }
    }

    @Test func theFirstByteThatIsNotUTF8IsOnTheLineCmarkCounts() {
        for lineBreak in ["\n", "\r\n", "\r"] {
            var data = Data(["one", "two", "thr"].joined(separator: lineBreak).utf8)
            data.append(0xE9)
            let log = DiagnosticLog()
            _ = PageLoader.decode(data, displayPath: "x.md", diagnostics: log)
            #expect(log.all.map(\.line) == [3], "\(lineBreak.debugDescription)")
        }
    }
}
