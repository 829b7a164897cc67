import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// A design document saved with CR LF (Windows) or a lone CR (old Mac) gives
/// the same tokens, at the same lines, as its LF original.
struct LineEndingTests {
    static let endings = ["\r\n", "\r"]

    /// `text` with every LF replaced by `lineBreak`.
    static func converted(_ text: String, _ lineBreak: String) -> String {
        text.replacingOccurrences(of: "\n", with: lineBreak)
    }

    /// Each token as `name mode value @line: description`, and each warning as `line: message`.
    static func described(_ found: (tokens: [DesignToken], warnings: [Diagnostic])) -> [String] {
        found.tokens.map { token in
            "\(token.name) \(token.mode?.rawValue ?? "-") \(TokenExport.cssValue(token.value)) @\(token.source.line):"
                + " \(token.description)"
        } + found.warnings.map { "\($0.line ?? 0): \($0.message)" }
    }

    @Test func designDocumentsGiveTheSameTokensAtTheSameLines() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var documents = [root.appendingPathComponent("content/DESIGN_SYSTEM.md").path]
        if hasCorpus { documents.append(corpusSeeds + "/DESIGN_SYSTEM.md") }
        for path in documents {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let original = Self.described(extract(text))
            #expect(original.count > 20, "\(path)")
            for lineBreak in Self.endings {
                #expect(
                    Self.described(extract(Self.converted(text, lineBreak))) == original,
                    "\(path) with \(lineBreak.debugDescription)")
            }
        }
    }

    /// The first line of a code block is found from its fence, whatever ends the lines before it.
    @Test func aCodeBlockAfterLoneCarriageReturnsKeepsItsLines() {
        let markdown = "# Colours\n\nIntro.\n\n```css\n:root {\n  --accent: #FF7A00;\n  --bad: #GGG;\n}\n```\n"
        let lines = extract(markdown)
        #expect(lines.tokens.map(\.source.line) == [7])
        #expect(lines.warnings.map(\.line) == [8])
        for lineBreak in Self.endings {
            #expect(Self.described(extract(Self.converted(markdown, lineBreak))) == Self.described(lines))
        }
    }

    // Code reaches these readers from cmark-gfm, which ends every line with
    // LF; they follow the rule on their own all the same.

    @Test func styleSheetsCountEveryLineBreak() {
        let css = """
            :root {
              /* Brand
                 colour */
              --accent: #FF7A00; // the one accent
              --kelp: #2F6F68;
              $bad: #12;
            }
            .dark { --accent: #FFA040; }

            """
        let original = Self.styleSheet(css)
        #expect(original.contains("accent - #FF7A00 @4: the one accent"))
        #expect(original.contains("kelp - #2F6F68 @5: "))
        #expect(original.count == 4, "\(original)")
        for lineBreak in Self.endings {
            #expect(Self.styleSheet(Self.converted(css, lineBreak)) == original, "\(lineBreak.debugDescription)")
        }
    }

    @Test func androidResourcesAndColourLinesCountEveryLineBreak() {
        let xml = "<resources>\n  <color name=\"accent\">#FFFF7A00</color>\n\n  <dimen name=\"gap\">8dp</dimen>\n"
        let lines = "Accent: #FF7A00\nKelp: #2F6F68\n\nBad: #12\n"
        for lineBreak in Self.endings {
            #expect(
                Self.collected { StyleSheetTokens.readXML(Self.converted(xml, lineBreak), mode: nil, into: &$0) }
                    == Self.collected { StyleSheetTokens.readXML(xml, mode: nil, into: &$0) })
            #expect(
                Self.collected { StyleSheetTokens.readLines(Self.converted(lines, lineBreak), into: &$0) }
                    == Self.collected { StyleSheetTokens.readLines(lines, into: &$0) })
        }
        #expect(
            Self.collected { StyleSheetTokens.readXML(xml, mode: nil, into: &$0) } == [
                "accent - #FF7A00 @2: ", "gap - 8px @4: ",
            ])
    }

    @Test func theLexerCountsEveryLineBreak() {
        let code = """
            // heading
            const a = "one"; /* two
            lines */ const b = `multi
            line`;
            const c = "open
            const d = 'line \\
            continued';
            const e = 5;
            """
        func lexemes(_ code: String) -> [String] {
            let lexer = CodeLexer(code)
            return lexer.lexemes.map { "\($0.line) \($0.kind) \($0.text) \($0.newlineBefore)" }
                + lexer.problems.map { "\($0.line) \($0.message)" }
        }
        let original = lexemes(code)
        #expect(original.contains("8 identifier const true"))
        #expect(original.contains("5 unterminated string starting `\"open`"))
        for lineBreak in Self.endings {
            // Text inside strings and comments keeps its own line breaks.
            let normalized = lexemes(Self.converted(code, lineBreak)).map {
                $0.replacingOccurrences(of: lineBreak, with: "\n")
            }
            #expect(normalized == original, "\(lineBreak.debugDescription)")
        }
    }

    static func styleSheet(_ css: String) -> [String] {
        collected { StyleSheetTokens.readCSS(css, into: &$0) }
    }

    /// What a reader put in a collector, described.
    static func collected(_ read: (inout TokenCollector) -> Void) -> [String] {
        var collector = TokenCollector(file: "x", firstLine: 1, blockLine: 1)
        read(&collector)
        return collector.tokens.map { token in
            "\(token.name) \(token.mode?.rawValue ?? "-") \(TokenExport.cssValue(token.value)) @\(token.source.line):"
                + " \(token.description)"
        } + collector.warnings.map { "\($0.line): \($0.message)" }
    }
}
