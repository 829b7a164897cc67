import Foundation
import Testing

@testable import SpecSiteKit

/// Raw HTML in specs: the allowlist keeps what specs use and is safe, shows
/// the rest as text, keeps what it opens balanced, and its links and anchors
/// work like markdown's.
@Suite("Raw HTML")
struct RawHTMLTests {
    func html(_ markdown: String, warnings: RawHTMLWarnings? = nil) throws -> String {
        let renderer = HTMLRenderer(warn: warnings.map { log in { message, line in log.add(message, line) } })
        return try renderer.render(MarkdownParser.parse(markdown).root)
    }

    final class RawHTMLWarnings: @unchecked Sendable {
        var all: [(String, Int)] = []
        func add(_ message: String, _ line: Int) { all.append((message, line)) }
    }

    // MARK: - What is kept

    @Test(arguments: [
        ("<a id=\"doc-intro\"></a>", "<a id=\"doc-intro\"></a>"),
        ("<a name=\"old-anchor\"></a>", "<a id=\"old-anchor\"></a>"),
        (
            "<a href=\"https://example.com/x?a=1&amp;b=2\" title=\"Ex\">x</a>",
            "<a href=\"https://example.com/x?a=1&amp;b=2\" title=\"Ex\">x</a>"
        ),
        ("<a href=\"mailto:team@example.com\">mail</a>", "<a href=\"mailto:team@example.com\">mail</a>"),
        ("line<br>break<br/>and<br />more", "line<br>break<br>and<br>more"),
        ("<kbd>Ctrl</kbd>+<kbd>C</kbd>", "<kbd>Ctrl</kbd>+<kbd>C</kbd>"),
        ("x<sup>2</sup> H<sub>2</sub>O", "x<sup>2</sup> H<sub>2</sub>O"),
        (
            "<b>b</b> <i>i</i> <strong>s</strong> <em>e</em> <code>c</code> <s>gone</s> <del>d</del> <ins>n</ins>",
            "<b>b</b> <i>i</i> <strong>s</strong> <em>e</em> <code>c</code> <s>gone</s> <del>d</del> <ins>n</ins>"
        ),
        (
            "<abbr title=\"Product requirements\">PRD</abbr> <mark>m</mark> <small>s</small> <q>q</q> <var>v</var>",
            "<abbr title=\"Product requirements\">PRD</abbr> <mark>m</mark> <small>s</small> <q>q</q> <var>v</var>"
        ),
        (
            "<samp>out</samp> <span lang=\"fr\" dir=\"ltr\">oui</span> <u>u</u> <cite>c</cite> <dfn>d</dfn>",
            "<samp>out</samp> <span lang=\"fr\" dir=\"ltr\">oui</span> <u>u</u> <cite>c</cite> <dfn>d</dfn>"
        ),
        ("<tt>old</tt> <strike>older</strike>", "<code>old</code> <s>older</s>"),
        ("<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>", "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>"),
        (
            "<img src=\"img/a.png\" alt=\"A\" width=\"120\" height=\"80px\">",
            "<img src=\"img/a.png\" alt=\"A\" width=\"120\" height=\"80\">"
        ),
        ("<img src=\"img/a.png\">", "<img src=\"img/a.png\" alt=\"\">"),
        (
            "<img src=\"data:image/png;base64,AAAA\" alt=\"dot\">",
            "<img src=\"data:image/png;base64,AAAA\" alt=\"dot\">"
        ),
        (
            "<img src=\"a.png\" width=\"50%\" align=\"right\">",
            "<img src=\"a.png\" alt=\"\" style=\"width: 50%; float: right\">"
        ),
    ])
    func inlineElementIsKept(markdown: String, expected: String) throws {
        #expect(try html("Text " + markdown + "\n") == "<p>Text " + expected + "</p>\n")
    }

    @Test(arguments: [
        (
            "<details>\n<summary>More</summary>\n\nHidden\n\n</details>\n",
            "<details>\n<summary>More</summary>\n<p>Hidden</p>\n</details>\n"
        ),
        (
            "<details open><summary>Open</summary>Body</details>\n",
            "<details open><summary>Open</summary>Body</details>\n"
        ),
        (
            "<div align=\"center\">\n\n# Title\n\n</div>\n",
            "<div style=\"text-align: center\">\n<h1 id=\"title\">Title<a class=\"heading-anchor\" href=\"#title\" aria-label=\"Link to section: Title\">#</a></h1>\n</div>\n"
        ),
        (
            "<p align=\"center\">\n  <img src=\"logo.png\" width=\"200\">\n</p>\n",
            "<p style=\"text-align: center\">\n  <img src=\"logo.png\" width=\"200\" alt=\"\">\n</p>\n"
        ),
        ("<h3 id=\"custom\">Custom</h3>\n", "<h3 id=\"custom\">Custom</h3>\n"),
        (
            "<blockquote cite=\"https://example.com\">q</blockquote>\n",
            "<blockquote cite=\"https://example.com\">q</blockquote>\n"
        ),
        ("<ul>\n<li>one</li>\n<li>two\n</ul>\n", "<ul>\n<li>one</li>\n<li>two\n</li></ul>\n"),
        (
            "<ol start=\"3\" type=\"a\" reversed><li>c</li></ol>\n",
            "<ol start=\"3\" type=\"a\" reversed><li>c</li></ol>\n"
        ),
        ("<dl><dt>Term</dt><dd>Meaning</dd></dl>\n", "<dl><dt>Term</dt><dd>Meaning</dd></dl>\n"),
        (
            "<table>\n<tr><th scope=\"col\" align=\"right\">H</th></tr>\n<tr><td colspan=\"2\">d</td></tr>\n</table>\n",
            "<table>\n<tr><th scope=\"col\" style=\"text-align: right\">H</th></tr>\n<tr><td colspan=\"2\">d</td></tr>\n</table>\n"
        ),
        (
            "<figure>\n<img src=\"f.png\" alt=\"F\">\n<figcaption>Cap</figcaption>\n</figure>\n",
            "<figure>\n<img src=\"f.png\" alt=\"F\">\n<figcaption>Cap</figcaption>\n</figure>\n"
        ),
        ("<pre>\n  keep  <b>this</b>\n</pre>\n", "<pre>\n  keep  <b>this</b>\n</pre>\n"),
        ("<hr>\n", "<hr>\n"),
        (
            "<picture>\n<source media=\"(prefers-color-scheme: dark)\" srcset=\"dark.png, dark@2x.png 2x\">\n<img src=\"light.png\" alt=\"Logo\">\n</picture>\n",
            "<picture>\n<source media=\"(prefers-color-scheme: dark)\" srcset=\"dark.png, dark@2x.png 2x\">\n<img src=\"light.png\" alt=\"Logo\">\n</picture>\n"
        ),
    ])
    func blockElementIsKept(markdown: String, expected: String) throws {
        #expect(try html(markdown) == expected)
    }

    @Test func entitiesAreDecodedAndWrittenAgain() throws {
        #expect(
            try html("<abbr title=\"&quot;x&quot; &amp; y &#x3C;\">A &copy; &#169; &amp; &bogus; &</abbr>\n")
                == "<p><abbr title=\"&quot;x&quot; &amp; y &lt;\">A © © &amp; &amp;bogus; &amp;</abbr></p>\n")
    }

    @Test func commentsAreHidden() throws {
        let output = try html("<!-- a note -->\n\nText <!-- inline --> here.\n\n<div>\n<!-- inside -->kept\n</div>\n")
        #expect(!output.contains("note") && !output.contains("inline") && !output.contains("inside"))
        #expect(output == "<p>Text  here.</p>\n<div>\nkept\n</div>\n")
    }

    // MARK: - What is refused

    /// Every tag in `html` with its attribute names and text: what a browser would build.
    static func tags(in html: String) -> [(name: String, attributes: [String], text: String)] {
        let pattern = try! NSRegularExpression(pattern: "<([a-zA-Z][a-zA-Z0-9-]*)([^<>]*)>")
        let attribute = try! NSRegularExpression(pattern: "\\s([^\\s=\"'>/]+)")
        let text = html as NSString
        return pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map { match in
            let rest = text.substring(with: match.range(at: 2))
            // Attribute values are quoted; drop them so their text is not read as names.
            let unquoted = rest.replacingOccurrences(of: "\"[^\"]*\"", with: "", options: .regularExpression)
            let names = attribute.matches(
                in: unquoted, range: NSRange(location: 0, length: (unquoted as NSString).length)
            )
            .map { (unquoted as NSString).substring(with: $0.range(at: 1)).lowercased() }
            return (text.substring(with: match.range(at: 1)).lowercased(), names, rest)
        }
    }

    static let hostile = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "<a href=\"#\" onclick=\"alert(1)\">x</a>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"jav&#x61;script:alert(1)\">x</a>",
        "<a href=\"jav&#97script:alert(1)\">x</a>",
        "<a href=\"java\tscript:alert(1)\">x</a>",
        "<a href=\"&#x20;javascript:alert(1)\">x</a>",
        "<a href=\"javascript&colon;alert(1)\">x</a>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
        "<a href=\"data:image/png;base64,AAAA\">x</a>",
        "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
        "<img src=\"data:text/html,hi\">",
        "<img src=x onerror=alert(1)>",
        "<img src=\"javascript:alert(1)\">",
        "<img srcset=\"javascript:alert(1) 2x\" src=\"a.png\">",
        "<p style=\"color:red;background:url(javascript:alert(1))\">styled</p>",
        "<div class=\"site-nav\" style=\"position:fixed\">x</div>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<form action=\"https://evil.example\"><input name=\"q\"><button>Go</button></form>",
        "<svg onload=\"alert(1)\"><circle r=\"1\"/></svg>",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
        "<object data=\"x.swf\"></object><embed src=\"x.swf\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
        "<link rel=\"stylesheet\" href=\"https://evil.example/x.css\">",
        "<base href=\"https://evil.example/\">",
        "<style>body{display:none}</style>",
        "<textarea><script>alert(1)</script></textarea>",
        "<details open ontoggle=\"alert(1)\"><summary>x</summary></details>",
        "<a href=\"https://example.com\" target=\"_blank\" rel=\"opener\" ping=\"https://evil.example\">x</a>",
        "<img src=\"a.png\" alt=\"x\" onmouseover=\"alert(1)\" usemap=\"#m\" ismap>",
        "<a id=\"x\" onfocus=alert(1) autofocus tabindex=1>x</a>",
        "<blockquote cite=\"javascript:alert(1)\">q</blockquote>",
        "<div id=\"content\">takes the theme's id</div>",
        "<!DOCTYPE html><?php echo 1; ?><![CDATA[x]]>",
        "<a href=\"x\"\nonclick=\"alert(1)\">split over lines</a>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
        "<img/src=\"x\"/onerror=\"alert(1)\">",
        "<a/href=\"javascript:alert(1)\">x</a>",
    ]

    static let allowedAttributes: Set<String> = [
        "id", "title", "lang", "dir", "aria-label", "aria-hidden", "href", "src", "alt", "width", "height", "srcset",
        "sizes", "media", "type", "start", "reversed", "value", "open", "colspan", "rowspan", "scope", "cite", "style",
        // The renderer's own markup around paragraphs and code (a shown block
        // of raw HTML takes focus, to scroll by keyboard).
        "class", "tabindex",
    ]

    @Test(arguments: hostile)
    func dangerousHTMLIsEscapedOrStripped(source: String) throws {
        for markdown in [source + "\n", "Inline " + source + " text\n", "- item " + source + "\n"] {
            let output = try html(markdown)
            for tag in Self.tags(in: output) {
                #expect(
                    RawHTML.elements.values.contains { $0.output == tag.name }
                        || ["p", "pre", "ul", "li", "code"].contains(tag.name),
                    "<\(tag.name)> written for \(markdown.debugDescription): \(output)")
                for attribute in tag.attributes {
                    #expect(
                        Self.allowedAttributes.contains(attribute),
                        "\(attribute) on <\(tag.name)> for \(markdown.debugDescription): \(output)")
                }
            }
            // What the written tags carry (escaped text may show anything).
            let markup = Self.tags(in: output).map(\.text).joined(separator: " ").lowercased()
            for forbidden in [
                "javascript", "vbscript", "data:text", "data:image/svg", "position", "color:red", "evil",
                "id=\"content\"",
            ] {
                #expect(!markup.contains(forbidden), "\(forbidden) in \(output)")
            }
        }
    }

    @Test func refusedURLsLeaveTheElementWithoutThem() throws {
        #expect(try html("<a href=\"javascript:alert(1)\" title=\"t\">x</a>\n") == "<p><a title=\"t\">x</a></p>\n")
        // An image whose address is refused is shown as text.
        #expect(
            try html("<img src=\"javascript:alert(1)\">\n")
                == "<pre class=\"raw-html\" tabindex=\"0\"><code>&lt;img src=&quot;javascript:alert(1)&quot;&gt;\n</code></pre>\n"
        )
        #expect(
            try html("<script>alert(1)</script>\n").hasPrefix(
                "<pre class=\"raw-html\" tabindex=\"0\"><code>&lt;script&gt;"))
    }

    @Test func elementsOutOfPlaceAreText() throws {
        // A list item outside a list, a cell outside a row, a block in a paragraph.
        #expect(
            try html("<li>loose</li>\n")
                == "<pre class=\"raw-html\" tabindex=\"0\"><code>&lt;li&gt;loose&lt;/li&gt;\n</code></pre>\n")
        #expect(try html("Text <div>in</div> text\n") == "<p>Text &lt;div&gt;in&lt;/div&gt; text</p>\n")
        #expect(try html("<span><div>x</div></span>\n") == "<p><span>&lt;div&gt;x&lt;/div&gt;</span></p>\n")
        // A summary must come first in its details.
        #expect(
            try html("<details>Body<summary>Late</summary></details>\n")
                == "<details>Body&lt;summary&gt;Late&lt;/summary&gt;</details>\n")
    }

    // MARK: - Balance

    /// Problems in the nesting of `html`'s elements: a closing tag that does not
    /// close the innermost open element, or an element never closed.
    static func nestingProblems(_ html: String) -> [String] {
        let void: Set<String> = ["br", "hr", "img", "wbr", "source", "input"]
        var stack: [String] = []
        var problems: [String] = []
        for match in html.matches(of: /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^<>]*>/) {
            let name = match.output.2.lowercased()
            if void.contains(name) { continue }
            if match.output.1.isEmpty {
                stack.append(name)
            } else if stack.last == name {
                stack.removeLast()
            } else {
                problems.append("</\(name)> with \(stack.last ?? "nothing") open")
            }
        }
        return problems + stack.map { "<\($0)> never closed" }
    }

    @Test func anUnclosedDetailsEndsWithItsBlock() throws {
        let output = try html("# Spec\n\n<details><summary>Open me</summary>\n\n## Later\n\nThe rest of the page.\n")
        #expect(Self.nestingProblems(output) == [])
        let close = try #require(output.range(of: "</details>"))
        let rest = try #require(output.range(of: "The rest of the page."))
        #expect(close.upperBound <= rest.lowerBound, "the rest of the page is not folded away: \(output)")
    }

    @Test func aLateClosingTagOfAnElementClosedAtItsBlockEndIsDropped() throws {
        // <summary> holds no blocks: it is closed with its block, and its closing tag later dropped.
        let output = try html("<details>\n<summary>\n\n**Title**\n\n</summary>\n\nBody\n\n</details>\n")
        #expect(Self.nestingProblems(output) == [])
        #expect(!output.contains("&lt;/summary&gt;"))
        #expect(output.contains("<details>\n<summary>\n</summary>\n<p><strong>Title</strong></p>\n"))
    }

    @Test func aParagraphThatHoldsBlocksIsWrittenAsADiv() throws {
        let output = try html("<p align=\"center\">\n\n![logo](logo.png)\n\n</p>\n")
        #expect(output == "<div style=\"text-align: center\">\n<p><img src=\"logo.png\" alt=\"logo\"></p>\n</div>\n")
    }

    @Test func inlineElementsCloseWithTheirParagraphAndEmphasis() throws {
        #expect(try html("Press <kbd>Ctrl\n\nNext\n") == "<p>Press <kbd>Ctrl</kbd></p>\n<p>Next</p>\n")
        #expect(try html("**<kbd>a**</kbd> b\n") == "<p><strong><kbd>a</kbd></strong> b</p>\n")
        #expect(try html("</kbd> stray\n") == "<p>&lt;/kbd&gt; stray</p>\n")
        #expect(try html("# <sup>x\n").contains("<h1 id=\"x\"><sup>x</sup><a class=\"heading-anchor\""))
    }

    @Test func rawHTMLCannotCloseTheMarkdownAroundIt() throws {
        let output = try html("> <div>\n> quoted\n\n</blockquote></div>after\n\n- <details>\n\n  item\n\n</ul></li>\n")
        #expect(Self.nestingProblems(output) == [])
        #expect(output.contains("&lt;/blockquote&gt;"))
        #expect(output.contains("&lt;/ul&gt;&lt;/li&gt;"))
    }

    @Test func anAnchorInALinkIsASpan() throws {
        #expect(
            try html("[see <a id=\"here\" href=\"x.md\">this</a>](y.md)\n")
                == "<p><a href=\"y.md\">see <span id=\"here\">this</span></a></p>\n")
        #expect(
            try html("<a href=\"a.md\">outer <a href=\"b.md\">inner</a></a>\n")
                == "<p><a href=\"a.md\">outer <span>inner</span></a></p>\n")
    }

    @Test func randomTagSoupStaysBalancedAndAllowed() throws {
        let vocabulary = [
            "<details>", "</details>", "<summary>", "</summary>", "<div>", "</div>", "<p>", "</p>", "<kbd>", "</kbd>",
            "<a id=\"x\">", "<a href=\"y.md\">", "</a>", "<ul>", "</ul>", "<li>", "</li>", "<table>", "</table>",
            "<tr>", "</tr>", "<td>", "</td>", "<th>", "<b>", "</b>", "<pre>", "</pre>", "<br>", "<img src=\"i.png\">",
            "<picture>", "</picture>", "<source srcset=\"s.png\">", "<dl>", "<dt>", "<dd>", "</dl>", "<ruby>", "<rt>",
            "<sup>", "</sup>", "<blink>", "</blink>", "<!-- c -->", "<!--", "-->", "text", "**bold**", "[l](y.md)",
            "> quote", "- item", "1. one", "", "", "", "```", "    code", "# Heading", "| a |", "|---|", "<h2>",
            "</h2>", "<span>", "</span>", "<a name=\"n\">", "<hr>", "<figure>", "<figcaption>", "</figure>",
        ]
        var seed: UInt64 = 17
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<1500 {
            let lines = (0..<(1 + next(30))).map { _ in
                (0..<(1 + next(3))).map { _ in vocabulary[next(vocabulary.count)] }.joined(
                    separator: next(2) == 0 ? "" : " ")
            }
            let markdown = lines.joined(separator: "\n")
            let output = try html(markdown)
            #expect(Self.nestingProblems(output) == [], "\(markdown.debugDescription)\n→ \(output)")
            let ids = output.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
            #expect(Set(ids).count == ids.count, "repeated id in \(output)")
        }
    }

    // MARK: - Ids, headings and links

    @Test func anIDThatAHeadingHasIsLeftOutWithAWarning() throws {
        let warnings = RawHTMLWarnings()
        let output = try html(
            "<a id=\"setup\"></a>\n\n## Setup\n\n<a id=\"other\"></a> <a id=\"other\"></a> <span id=\"fn-1\"></span>\n\nx[^1]\n\n[^1]: n\n",
            warnings: warnings)
        #expect(output.hasPrefix("<p><a></a></p>\n<h2 id=\"setup\">"))
        #expect(output.contains("<p><a id=\"other\"></a> <a></a> <span></span></p>"))
        #expect(warnings.all.map(\.1) == [1, 5, 5])
        #expect(warnings.all.first?.0.contains("the id 'setup' of this <a> is already taken on this page") == true)
    }

    /// `## <a name="intro">Intro</a>`: the anchor and its heading name one
    /// place, so the anchor's id is left out with no warning; an anchor in
    /// another heading still warns.
    @Test func anAnchorThatNamesItsOwnHeadingIsNoClash() throws {
        let warnings = RawHTMLWarnings()
        let output = try html(
            "## <a name=\"intro\">Intro</a>\n\n## <a id=\"intro\">Again</a>\n", warnings: warnings)
        #expect(output.hasPrefix("<h2 id=\"intro\"><a>Intro</a>"))
        #expect(warnings.all.map(\.1) == [3])
    }

    /// `## <h2> <b>Intro</b>: </h2>`: a heading's tags inside a heading are
    /// left out and their text kept, as GitHub shows it.
    @Test func headingTagsInAHeadingKeepTheirTextOnly() throws {
        let output = try html("## <h2> <b>Intro</b>: </h2>\n\nText <h2>x</h2>\n")
        #expect(output.contains("> <b>Intro</b>: <a class=\"heading-anchor\""))
        #expect(output.hasPrefix("<h2 id=\"-intro-\"> <b>Intro</b>: <a"))
        // Outside a heading a heading element in a paragraph is out of place, shown as text.
        #expect(output.contains("<p>Text &lt;h2&gt;x&lt;/h2&gt;</p>"))
    }

    /// A README that opens with a raw `<h1>` is titled by it, and gets no second title.
    @Test func aRawH1TitlesItsDocument() throws {
        let document = MarkdownParser.parse(
            "<p align=\"center\">logo</p>\n\n<h1 align=\"center\"> Afro&amp;Lingo <br> app</h1>\n\n## Intro\n")
        #expect(document.rawHTMLTitle == "Afro&Lingo app")
        #expect(MarkdownParser.parse("## Intro\n\n<h1>Late</h1>\n").rawHTMLTitle == nil)
        let space = Workspace()
        defer { space.remove() }
        space.write("README.md", "<h1 align=\"center\">AfroLingo</h1>\n\nWelcome.\n")
        let built = space.build()
        #expect(built.error == nil && built.messages.isEmpty, "\(built.messages)")
        let page = try #require(space.site("index.html"))
        #expect(page.contains("<title>AfroLingo"))
        #expect(page.components(separatedBy: "<h1").count == 2)
    }

    @Test func headingTextLeavesOutAllowedTags() {
        let document = MarkdownParser.parse("## <a id=\"doc-x\"></a>Press <kbd>Esc</kbd> <blink>now</blink>\n")
        #expect(document.headings[0].literalText == "Press Esc <blink>now</blink>")
        #expect(document.headings[0].displayText(rawHTML: false) == "Press Esc <blink>now</blink>")
        #expect(document.headings[0].id == "press-esc-now")
        #expect(document.htmlAnchors == [HTMLAnchor(id: "doc-x", line: 1, isAllowed: true)])
    }

    @Test func anchorsOfRawHTMLAreNoted() {
        let document = MarkdownParser.parse(
            "Intro\n\n<div>\n<a name=\"old\"></a>\n<section id=\"s\"></section>\n</div>\n\nA <a id=\"in&amp;line\">x</a>\n"
        )
        #expect(
            document.htmlAnchors == [
                HTMLAnchor(id: "old", line: 4, isAllowed: true), HTMLAnchor(id: "s", line: 5, isAllowed: false),
                HTMLAnchor(id: "in&line", line: 8, isAllowed: true),
            ])
    }

    @Test func aTableOfContentsThatLinksAnchorsBuildsWithoutWarnings() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "PRD.md",
            """
            # PRD

            ## Table of contents

            - [Overview](#doc-overview)
            - [Goals](#doc-goals)
            - [Setup in the guide](guide.md#doc-setup)

            <a id="doc-overview"></a>
            ## 1. Overview

            Text.

            <a name="doc-goals"></a>

            ## 2. Goals

            See [the top](#doc-overview) and [missing](#doc-missing).
            """)
        space.write("guide.md", "# Guide\n\n<a id=\"doc-setup\"></a>\n\n## Setup\n\n[Back](PRD.md#doc-goals)\n")
        let outcome = space.build()
        #expect(outcome.error == nil)
        #expect(
            outcome.messages == [
                "\(space.content)/PRD.md:18: warning: broken anchor '#doc-missing': no such heading or id on this page"
            ])
        let prd = try #require(space.site("PRD.html"))
        #expect(prd.contains("<li><a href=\"#doc-overview\">Overview</a></li>"))
        #expect(prd.contains("<p><a id=\"doc-overview\"></a></p>"))
        #expect(prd.contains("<a id=\"doc-goals\"></a>"))
        #expect(prd.contains("<a href=\"guide.html#doc-setup\">Setup in the guide</a>"))
        #expect(try #require(space.site("guide.html")).contains("<a href=\"PRD.html#doc-goals\">Back</a>"))
    }

    @Test func htmlLinksAndImagesGoWhereMarkdownsGo() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(space.root + "/outside.png", "png")
        space.write("img/shot.png", "png")
        space.write("img/dark.png", "png")
        space.write("docs/spec.md", "# Spec\n\n## Flow\n")
        space.write(
            "index.md",
            """
            # Home

            <p align="center">
              <a href="docs/spec.md#flow"><img src="img/shot.png" alt="Shot"></a>
              <img src="../outside.png">
            </p>

            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="img/dark.png">
              <img src="img/shot.png" alt="Logo">
            </picture>

            <a href="docs/missing.md">gone</a> <img src="img/none.png">

            ![markdown](../outside.png)
            """)
        let outcome = space.build()
        #expect(outcome.error == nil)
        #expect(
            outcome.messages == [
                "\(space.content)/index.md:5: warning: link '../outside.png' leaves the content folder (not followed)",
                "\(space.content)/index.md:13: warning: broken image 'img/none.png': img/none.png does not exist",
                "\(space.content)/index.md:13: warning: broken link 'docs/missing.md': docs/missing.md does not exist",
                "\(space.content)/index.md:15: warning: link '../outside.png' leaves the content folder (not followed)",
            ])
        let page = try #require(space.site("index.html"))
        #expect(page.contains("<a href=\"docs/spec.html#flow\"><img src=\"img/shot.png\" alt=\"Shot\"></a>"))
        #expect(page.contains("<source media=\"(prefers-color-scheme: dark)\" srcset=\"img/dark.png\">"))
        #expect(space.site("img/shot.png") == "png" && space.site("img/dark.png") == "png")
        #expect(space.site("outside.png") == nil)
    }

    @Test func rawHTMLPassedThroughKeepsItsAnchorsToo() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "allow_raw_html: true\n")
        space.write("a.md", "# A\n\n[x](#s) [y](#doc-y)\n\n<section id=\"s\">s</section>\n\n<a id=\"doc-y\"></a>\n")
        let outcome = space.build()
        #expect(outcome.messages == [])
        #expect(try #require(space.site("a.html")).contains("<section id=\"s\">s</section>"))
    }
}
