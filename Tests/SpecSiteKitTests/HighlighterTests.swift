import Foundation
import Testing

@testable import SpecSiteKit

/// Syntax highlighting at build time: each language's tokens, marked lines,
/// and text that always comes back whole, whatever the input.
@Suite("Syntax highlighting")
struct HighlighterTests {
    /// `html` without its spans, unescaped: the code it was made from.
    static func text(of html: String) -> String {
        var text = html.replacingOccurrences(of: #"<span class="[a-z-]+">"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "</span>", with: "")
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// The texts of the spans of class `hl-token` in `html`.
    static func spans(_ token: String, in html: String) -> [String] {
        let pattern = "<span class=\"hl-\(token)\">([^<]*)</span>"
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).map { String(html[Range($0.range(at: 1), in: html)!]) }
    }

    @Test func swiftIsColouredTokenByToken() throws {
        let code = """
            /// A page.
            @MainActor struct Page: Sendable {
                let title = "Home \\(count)" // the name
                var count = 0x1F + 2.5e-3
                func render() -> String? { nil }
                #if DEBUG
            }

            """
        let html = try #require(Highlighter.html(code, language: "swift"))
        #expect(Self.text(of: html) == code)
        #expect(Self.spans("comment", in: html) == ["/// A page.", "// the name"])
        #expect(Self.spans("attribute", in: html) == ["@MainActor"])
        #expect(Self.spans("keyword", in: html) == ["struct", "let", "var", "func"])
        #expect(Self.spans("type", in: html) == ["Page", "Sendable", "String"])
        let declared = try #require(
            Highlighter.html("let package = 1\nvar get: Kind\nfunc go() {}\n", language: "swift"))
        #expect(
            Self.spans("keyword", in: declared) == ["let", "var", "func"], "a declared name is no keyword: \(declared)")
        #expect(Self.spans("function", in: declared) == ["go"])
        #expect(Self.spans("string", in: html) == ["&quot;Home \\(count)&quot;"])
        #expect(Self.spans("number", in: html) == ["0x1F", "2.5e-3"])
        #expect(Self.spans("function", in: html) == ["render"])
        #expect(Self.spans("literal", in: html) == ["nil"])
        #expect(Self.spans("meta", in: html) == ["#if"])
    }

    @Test func eachLanguageFindsItsTokens() throws {
        let samples: [(String, String, [String: [String]])] = [
            (
                "kotlin", "val x: Int = 42 // n\nfun go() = \"s\"\n",
                ["keyword": ["val", "fun"], "comment": ["// n"], "string": ["&quot;s&quot;"], "type": ["Int"]]
            ),
            (
                "ts", "const a: string = `t ${b}`;\ninterface Props { x?: number }\n",
                ["keyword": ["const", "interface"], "type": ["string", "Props", "number"], "string": ["`t ${b}`"]]
            ),
            (
                "js", "export default function f() { return null }\n",
                ["keyword": ["export", "default", "function", "return"], "function": ["f"], "literal": ["null"]]
            ),
            (
                "dart", "final int n = 3; // x\n",
                ["keyword": ["final"], "type": ["int"], "number": ["3"], "comment": ["// x"]]
            ),
            (
                "json", "{\"name\": \"a\", \"n\": -1.5, \"ok\": true}\n",
                [
                    "property": ["&quot;name&quot;", "&quot;n&quot;", "&quot;ok&quot;"], "string": ["&quot;a&quot;"],
                    "number": ["-1.5"], "literal": ["true"],
                ]
            ),
            (
                "yaml", "# top\nname: app # x\nport: 8080\non: true\n",
                [
                    "comment": ["# top", "# x"], "property": ["name", "port", "on"], "number": ["8080"],
                    "literal": ["true"],
                ]
            ),
            (
                "bash", "#!/bin/sh\nexport A=1\nif [ -f x ]; then echo \"$A\"; fi\n",
                [
                    "meta": ["#!/bin/sh"], "keyword": ["export", "if", "then", "fi"], "string": ["&quot;$A&quot;"],
                    "function": ["echo"],
                ]
            ),
            (
                "css", ":root { --accent: #0b5cc4; }\n.btn:hover { padding: 4px; }\n",
                [
                    "attribute": [":root", ".btn:hover"], "property": ["--accent", "padding"],
                    "number": ["#0b5cc4", "4px"],
                ]
            ),
            (
                "html", "<!-- c -->\n<a href=\"x\">&amp;</a>\n",
                [
                    "comment": ["&lt;!-- c --&gt;"], "attribute": ["href"], "string": ["&quot;x&quot;"],
                    "literal": ["&amp;amp;"],
                ]
            ),
            (
                "sql", "SELECT id FROM users WHERE n > 2; -- all\n",
                ["keyword": ["SELECT", "FROM", "WHERE"], "number": ["2"], "comment": ["-- all"]]
            ),
            (
                "python", "@cache\ndef f(x):\n    return f\"{x}\"  # y\n",
                [
                    "attribute": ["@cache"], "keyword": ["def", "return"], "string": ["f&quot;{x}&quot;"],
                    "comment": ["# y"],
                ]
            ),
            (
                "diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n same\n",
                ["meta": ["--- a", "+++ b"], "section": ["@@ -1 +1 @@"], "deleted": ["-old"], "inserted": ["+new"]]
            ),
            (
                "gradle", "plugins { id 'java' }\ndef v = \"1\"\n",
                ["keyword": ["def"], "string": ["'java'", "&quot;1&quot;"]]
            ),
            (
                "markdown", "# Title\n\n- [x] `code` and **bold**\n",
                ["heading": ["# Title"], "keyword": ["- "], "string": ["`code`"], "emphasis": ["**bold**"]]
            ),
        ]
        for (language, code, expected) in samples {
            let html = try #require(Highlighter.html(code, language: language), "\(language)")
            #expect(Self.text(of: html) == code, "\(language): the text comes back whole")
            for (token, texts) in expected {
                #expect(Self.spans(token, in: html) == texts, "\(language) \(token): \(html)")
            }
        }
    }

    @Test func unknownLanguagesStayPlain() {
        #expect(Highlighter.html("x = 1\n", language: "cobol") == nil)
        #expect(Highlighter.html("x = 1\n", language: "") == nil)
        #expect(Highlighter.knows("TSX") && Highlighter.knows("yml") && !Highlighter.knows("brainfuck"))
    }

    @Test func markedLinesAreReadAsTheToolsWriteThem() {
        #expect(Highlighter.markedLines(in: "swift {3-5}") == [3, 4, 5])
        #expect(Highlighter.markedLines(in: "ts {1,4-6}") == [1, 4, 5, 6])
        #expect(Highlighter.markedLines(in: "py hl_lines=\"2 5-6\"") == [2, 5, 6])
        #expect(Highlighter.markedLines(in: "swift") == nil)
        #expect(Highlighter.markedLines(in: "swift {0}") == nil)
        #expect(Highlighter.markedLines(in: "swift {5-1}") == nil)
        #expect(Highlighter.markedLines(in: "swift {1-999999999}") == nil, "a range past any block is ignored")
    }

    @Test func markedLinesAreBlocksOfTheirOwn() throws {
        let code = "let a = 1\n/* two\nlines */\nlet b = 2\n"
        let html = try #require(Highlighter.html(code, language: "swift", marked: [2, 3]))
        #expect(
            html
                == "<span class=\"hl-keyword\">let</span> a = <span class=\"hl-number\">1</span>\n"
                + "<span class=\"code-line-marked\"><span class=\"hl-comment\">/* two</span>\n</span>"
                + "<span class=\"code-line-marked\"><span class=\"hl-comment\">lines */</span>\n</span>"
                + "<span class=\"hl-keyword\">let</span> b = <span class=\"hl-number\">2</span>\n")
        let plain = try #require(Highlighter.html("a\nb", language: "nothing", marked: [2]))
        #expect(plain == "a\n<span class=\"code-line-marked\">b</span>", "an unknown language can mark lines too")
    }

    @Test func brokenAndHostileCodeComesBackWhole() throws {
        let hostile = [
            "\"unterminated string\nnext line", "/* open comment", "'''never closed", "`template ${", "#\"raw",
            "<script>alert(1)</script>", "a\r\nb\rc", "\\", "\"\\", "@", "#", "$", "${", "<!--", "<a href='x", "--",
            "0x", "1e", ".5.5.5", "é \"ü\" 日本", "\u{1}\u{7F}", String(repeating: "\"", count: 1001),
        ]
        for language in Highlighter.lexers.keys.sorted() {
            for code in hostile {
                let html = try #require(Highlighter.html(code, language: language))
                let expected = code.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}")
                    .replacingOccurrences(of: "\u{7F}", with: "\u{FFFD}")
                #expect(Self.text(of: html) == expected, "\(language): \(code.debugDescription) → \(html)")
                #expect(!html.contains("<script"), "\(language)")
            }
        }
    }

    @Test func randomTextAlwaysComesBackWhole() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab1 _.\"'`/*#@$-{}()<>&;:=\n\r\t\\!?[]+,%~é")
        for language in Highlighter.lexers.keys.sorted() {
            for _ in 0..<40 {
                let code = String(
                    (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
                let html = try #require(Highlighter.html(code, language: language))
                #expect(Self.text(of: html) == code, "\(language): \(code.debugDescription)")
            }
        }
    }

    @Test func aLongLineIsReadOnce() throws {
        let line = String(repeating: "let x = \"a\" + 1 // c ", count: 50_000)
        let html = try #require(Highlighter.html(line, language: "swift"))
        #expect(Self.text(of: html) == line)
    }

    @Test func aCodeBlockIsWrappedColouredAndItsLanguageEscaped() {
        let document = MarkdownParser.parse("```swift {2}\nlet a = 1\nlet b = 2\n```\n\n```<b>x\n<i>\n```\n")
        let html = try? HTMLRenderer().render(document.root)
        let expected =
            "<div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"hl-keyword\">let</span> a = "
            + "<span class=\"hl-number\">1</span>\n<span class=\"code-line-marked\"><span class=\"hl-keyword\">let</span> b = "
            + "<span class=\"hl-number\">2</span>\n</span></code></pre></div>\n"
        #expect(html?.hasPrefix(expected) == true, "\(html ?? "")")
        #expect(html?.contains("<code class=\"language-&lt;b&gt;x\">&lt;i&gt;\n</code>") == true, "\(html ?? "")")
    }
}
