import AlertsPlugin
import Foundation
import SpecSiteKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses `markdown` and renders it the way the builder does, with the alerts
/// plugin claiming blocks.
private func render(_ markdown: String, plugin: AlertsPlugin = AlertsPlugin()) throws -> String {
    let document = MarkdownParser.parse(markdown)
    let page = Page(
        sourcePath: "alerts.md", displayPath: "content/alerts.md", outputPath: "alerts.html", frontMatter: .null,
        title: "Alerts", markdown: markdown, document: document, order: nil)
    let site = Site(config: SiteConfig(), pages: [page])
    let pluginContext = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
    let renderer = HTMLRenderer(blockOverride: { node, renderer in
        try plugin.render(
            node, context: RenderContext(page: page, site: site, renderer: renderer, plugin: pluginContext))
    })
    return try renderer.render(document.root)
}

/// The HTML with every `<svg>…</svg>` removed, so assertions can spell out the rest exactly.
private func withoutIcons(_ html: String) -> String {
    var output = ""
    var rest = html[...]
    while let start = rest.range(of: "<svg"), let end = rest[start.upperBound...].range(of: "</svg>") {
        output += rest[..<start.lowerBound]
        rest = rest[end.upperBound...]
    }
    return output + rest
}

/// Every `<svg>…</svg>` in the HTML.
private func icons(in html: String) -> [String] {
    var found: [String] = []
    var rest = html[...]
    while let start = rest.range(of: "<svg"), let end = rest[start.upperBound...].range(of: "</svg>") {
        found.append(String(rest[start.lowerBound..<end.upperBound]))
        rest = rest[end.upperBound...]
    }
    return found
}

/// The opening of an alert of `kind` up to the end of its title, icon removed.
private func alertHead(_ kind: String, title: String) -> String {
    "<div class=\"markdown-alert markdown-alert-\(kind)\" role=\"note\"><p class=\"markdown-alert-title\">\(title)</p>"
}

// MARK: - Recognised alerts

@Test(arguments: [
    ("NOTE", "note", "Note"),
    ("TIP", "tip", "Tip"),
    ("IMPORTANT", "important", "Important"),
    ("WARNING", "warning", "Warning"),
    ("CAUTION", "caution", "Caution"),
])
func eachKindRendersItsClassTitleAndBody(kindCase: (marker: String, kind: String, title: String)) throws {
    let (marker, kind, title) = kindCase
    let html = try render("> [!\(marker)]\n> Body text.\n")
    #expect(withoutIcons(html) == alertHead(kind, title: title) + "<p>Body text.</p>\n</div>\n")
    #expect(icons(in: html).count == 1)
}

@Test func eachKindHasItsOwnIcon() throws {
    var paths: Set<String> = []
    for marker in ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"] {
        let svg = try #require(icons(in: try render("> [!\(marker)]\n> x\n")).first)
        let element = try #require(try parseXML(svg))
        #expect(element.name == "svg")
        paths.insert(try #require(element.children.first?.attributes["d"]))
    }
    #expect(paths.count == 5)
    #expect(!paths.contains(""))
}

@Test func titleIconHasGitHubsAttributes() throws {
    let svg = try #require(icons(in: try render("> [!NOTE]\n> x\n")).first)
    let element = try #require(try parseXML(svg))
    #expect(element.attributes["class"] == "octicon")
    #expect(element.attributes["viewBox"] == "0 0 16 16")
    #expect(element.attributes["width"] == "16")
    #expect(element.attributes["height"] == "16")
    #expect(element.attributes["aria-hidden"] == "true")
    #expect(element.children.map(\.name) == ["path"])
}

@Test func lowercaseAndMixedCaseMarkersAreAlerts() throws {
    #expect(
        withoutIcons(try render("> [!note]\n> Quiet.\n")) == alertHead("note", title: "Note")
            + "<p>Quiet.</p>\n</div>\n")
    #expect(
        withoutIcons(try render("> [!Warning]\n> Careful.\n"))
            == alertHead("warning", title: "Warning") + "<p>Careful.</p>\n</div>\n")
}

@Test func trailingWhitespaceAfterMarkerIsAllowed() throws {
    // One space is trimmed before a soft break; three make a hard break.
    for markdown in ["> [!TIP] \n> Body.\n", "> [!TIP]   \n> Body.\n", "> [!TIP]\t\n> Body.\n"] {
        #expect(withoutIcons(try render(markdown)) == alertHead("tip", title: "Tip") + "<p>Body.</p>\n</div>\n")
    }
}

@Test func hardLineBreakAfterMarker() throws {
    let html = try render("> [!IMPORTANT]\\\n> Body.\n")
    #expect(withoutIcons(html) == alertHead("important", title: "Important") + "<p>Body.</p>\n</div>\n")
}

@Test func laterLinesOfTheFirstParagraphStayTogether() throws {
    let html = try render("> [!NOTE]\n> Line one\n> line two.\n")
    #expect(withoutIcons(html) == alertHead("note", title: "Note") + "<p>Line one\nline two.</p>\n</div>\n")
}

@Test func multiParagraphAlert() throws {
    let html = try render("> [!WARNING]\n> First.\n>\n> Second.\n>\n> Third.\n")
    #expect(
        withoutIcons(html)
            == alertHead("warning", title: "Warning") + "<p>First.</p>\n<p>Second.</p>\n<p>Third.</p>\n</div>\n")
}

@Test func markerAloneInItsParagraphIsDroppedBeforeFurtherBlocks() throws {
    let html = try render("> [!CAUTION]\n>\n> After a blank line.\n")
    #expect(withoutIcons(html) == alertHead("caution", title: "Caution") + "<p>After a blank line.</p>\n</div>\n")
}

@Test func alertContainingListAndCode() throws {
    let body = """
        Steps:

        - one
        - two

        ```swift
        let x = 1 < 2
        ```
        """
    let quoted =
        "> [!TIP]\n"
        + body.split(separator: "\n", omittingEmptySubsequences: false).map { "> \($0)" }
        .joined(separator: "\n")
    let html = try render(quoted)
    // The body is rendered exactly as the same markdown outside a quote.
    let plain = try render(body)
    #expect(withoutIcons(html) == alertHead("tip", title: "Tip") + plain + "</div>\n")
    #expect(plain.hasPrefix("<p>Steps:</p>\n<ul>\n<li>one"))
    #expect(
        plain.hasSuffix(
            "</ul>\n<div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"hl-keyword\">let</span> x = <span class=\"hl-number\">1</span> &lt; <span class=\"hl-number\">2</span>\n</code></pre></div>\n"
        ))
}

@Test func alertStartingWithAList() throws {
    let html = try render("> [!NOTE]\n> - a\n> - b\n")
    let plain = try render("- a\n- b\n")
    #expect(withoutIcons(html) == alertHead("note", title: "Note") + plain + "</div>\n")
    #expect(plain.hasPrefix("<ul>\n<li>a"))
}

@Test func markdownInsideTheBodyRenders() throws {
    let html = try render(
        "> [!NOTE]\n> Some *emphasis*, **strong**, `code` and a [link](https://example.com/a?b=1&c=2).\n")
    #expect(
        withoutIcons(html)
            == alertHead("note", title: "Note")
            + "<p>Some <em>emphasis</em>, <strong>strong</strong>, <code>code</code> and a "
            + "<a href=\"https://example.com/a?b=1&amp;c=2\">link</a>.</p>\n</div>\n")
}

@Test func scriptInTheBodyStaysEscaped() throws {
    let html = try render(
        "> [!WARNING]\n> Do not run <script>alert(1)</script> here.\n>\n> <script>alert(2)</script>\n")
    #expect(html.contains("markdown-alert-warning"))
    #expect(!html.contains("<script"))
    #expect(html.contains("Do not run &lt;script&gt;alert(1)&lt;/script&gt; here."))
    #expect(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
}

// MARK: - Quotes that stay quotes

@Test(arguments: [
    "> [!NOTE] Text on the same line.\n> More.\n",
    "> [!NOTE] Text on the same line.\n",
    "> [!NOTE]*emphasis right after*\n> More.\n",
    "> [!NOTE]\\\n",
])
func markerSharingItsLineIsNotAnAlert(markdown: String) throws {
    let html = try render(markdown)
    #expect(html.hasPrefix("<blockquote>\n<p>[!NOTE]"))
    #expect(!html.contains("markdown-alert"))
}

@Test(arguments: ["[!FOO]", "[!INFO]", "[!DANGER]", "[! NOTE]", "[!NOTE ]", "[NOTE]", "[!NOTE]]", "[!]", "[!NOTES]"])
func unknownMarkersAreNotAlerts(marker: String) throws {
    let html = try render("> \(marker)\n> Body.\n")
    #expect(html.hasPrefix("<blockquote>\n<p>"))
    #expect(!html.contains("markdown-alert"))
}

@Test(arguments: ["> [!NOTE]\n", "> [!NOTE]\n>\n", "> [!TIP]   \n>\n>\n"])
func alertWithNoContentStaysAQuote(markdown: String) throws {
    let html = try render(markdown)
    #expect(html.hasPrefix("<blockquote>\n<p>[!"))
    #expect(!html.contains("markdown-alert"))
}

@Test(arguments: [
    "> Intro.\n> [!NOTE]\n> Body.\n",
    "> Intro.\n>\n> [!NOTE]\n> Body.\n",
    "> Outer.\n>\n> > Inner.\n> >\n> > [!NOTE]\n> > Body.\n",
    "> # [!NOTE]\n> Body.\n",
])
func markerNotOnTheQuotesFirstLineIsNotAnAlert(markdown: String) throws {
    let html = try render(markdown)
    #expect(html.hasPrefix("<blockquote>\n"))
    #expect(html.contains("[!NOTE]"))
    #expect(!html.contains("markdown-alert"))
}

@Test func markerOutsideAQuoteIsText() throws {
    #expect(try render("[!NOTE]\nBody.\n") == "<p>[!NOTE]\nBody.</p>\n")
}

@Test func ordinaryQuoteIsUntouched() throws {
    #expect(try render("> Just a quote.\n") == "<blockquote>\n<p>Just a quote.</p>\n</blockquote>\n")
}

// MARK: - Nesting

@Test func alertInsideAListItem() throws {
    let html = try render("- Item.\n\n  > [!TIP]\n  > Inside.\n")
    #expect(
        withoutIcons(html)
            == "<ul>\n<li>\n<p>Item.</p>\n" + alertHead("tip", title: "Tip") + "<p>Inside.</p>\n</div>\n</li>\n</ul>\n")
}

@Test func alertInsideAQuote() throws {
    let html = try render("> Outer.\n>\n> > [!CAUTION]\n> > Inner.\n")
    #expect(
        withoutIcons(html)
            == "<blockquote>\n<p>Outer.</p>\n" + alertHead("caution", title: "Caution")
            + "<p>Inner.</p>\n</div>\n</blockquote>\n")
}

@Test func quoteAndAlertInsideAnAlert() throws {
    let html = try render("> [!NOTE]\n> Outer.\n>\n> > Plain quote.\n>\n> > [!TIP]\n> > Inner.\n")
    #expect(
        withoutIcons(html)
            == alertHead("note", title: "Note") + "<p>Outer.</p>\n<blockquote>\n<p>Plain quote.</p>\n</blockquote>\n"
            + alertHead("tip", title: "Tip") + "<p>Inner.</p>\n</div>\n</div>\n")
}

// MARK: - Icons are XML

@Test func everyIconParsesAsXML() throws {
    let html = try render(
        "> [!NOTE]\n> a\n\n> [!TIP]\n> b\n\n> [!IMPORTANT]\n> c\n\n> [!WARNING]\n> d\n\n> [!CAUTION]\n> e\n")
    let svgs = icons(in: html)
    #expect(svgs.count == 5)
    for svg in svgs {
        let element = try parseXML(svg)
        #expect(element?.name == "svg", "not well-formed: \(svg)")
    }
}

@Test func xmlCheckRejectsMalformedSVG() throws {
    // The check above must be able to fail: an unclosed path is not XML.
    #expect(try parseXML("<svg viewBox=\"0 0 16 16\"><path d=\"M0 0\"></svg>") == nil)
    #expect(try parseXML("<svg viewBox=0><path/></svg>") == nil)
}

// MARK: - Plugin surface and stylesheet

@Test func identifierAndAssets() throws {
    let plugin = AlertsPlugin()
    #expect(plugin.id == "alerts")
    #expect(plugin.assets.map(\.name) == ["alerts.css"])
    let css = try #require(plugin.assets.first?.contents)
    #expect(css.contains("border-left: .25em solid var(--markdown-alert-color, currentColor)"))
    #expect(css.contains("@media (prefers-color-scheme: dark)"))
    #expect(css.contains("[data-theme=\"dark\"] .markdown-alert-note"))
    for kind in ["note", "tip", "important", "warning", "caution"] {
        #expect(css.contains(".markdown-alert-\(kind) { --markdown-alert-color: var(--alert-\(kind), #"))
    }
    #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
}

@Test func stylesheetFallbacksMeetWCAGAA() throws {
    let css = try #require(AlertsPlugin().assets.first?.contents)
    let fallbacks = colorFallbacks(in: css)
    let kinds = ["note", "tip", "important", "warning", "caution"]
    // Base rules and [data-theme="light"] are light; the media query and [data-theme="dark"] are dark.
    #expect(fallbacks.filter { !$0.dark }.map(\.kind).sorted() == (kinds + kinds).sorted())
    #expect(fallbacks.filter { $0.dark }.map(\.kind).sorted() == (kinds + kinds).sorted())
    for fallback in fallbacks {
        let background = fallback.dark ? "#0d1117" : "#ffffff"
        let ratio = try contrastRatio(fallback.color, background)
        #expect(ratio >= 4.5, "\(fallback.kind) \(fallback.color) on \(background): \(ratio)")
    }
}

@Test func ratioTableInStylesheetCommentMatchesTheRules() throws {
    // The comment states the ratios; this keeps it true when a colour changes.
    let css = try #require(AlertsPlugin().assets.first?.contents)
    let fallbacks = colorFallbacks(in: css)
    var rows = 0
    for line in css.split(separator: "\n") {
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count >= 5, ["note", "tip", "important", "warning", "caution"].contains(fields[0]) else {
            continue
        }
        rows += 1
        let kind = fields[0]
        for (color, ratio, dark) in [(fields[1], fields[2], false), (fields[3], fields[4], true)] {
            #expect(fallbacks.contains { $0.kind == kind && $0.color == color && $0.dark == dark }, "\(kind) \(color)")
            let actual = try contrastRatio(color, dark ? "#0d1117" : "#ffffff")
            #expect(String(format: "%.2f:1", actual) == ratio, "\(kind) \(color)")
        }
    }
    #expect(rows == 5)
}

@Test func contrastCheckCanFail() throws {
    // GitHub's light note blue is fine on white and not on the dark background.
    #expect(try contrastRatio("#0969da", "#ffffff") > 5.1)
    #expect(try contrastRatio("#0969da", "#0d1117") < 4.5)
    #expect(abs(try contrastRatio("#000000", "#ffffff") - 21) < 0.001)
}

@Test func pluginDeclinesNonQuoteBlocks() throws {
    let document = MarkdownParser.parse("[!NOTE]\nBody.\n\n# [!NOTE]\n")
    let page = Page(
        sourcePath: "a.md", displayPath: "a.md", outputPath: "a.html", frontMatter: .null, title: "A",
        markdown: "", document: document, order: nil)
    let context = RenderContext(
        page: page, site: Site(config: SiteConfig(), pages: [page]), renderer: HTMLRenderer(),
        plugin: PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog()))
    #expect(document.root.children.count == 2)
    for block in document.root.children {
        #expect(try AlertsPlugin().render(block, context: context) == nil)
    }
}

// MARK: - Helpers

/// One parsed XML element.
private struct XMLElementInfo {
    var name: String
    var attributes: [String: String]
    var children: [XMLElementInfo] = []
}

/// Builds an element tree from parser callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLElementInfo] = []
    var root: XMLElementInfo?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(XMLElementInfo(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}

/// Parses `text` as an XML document; nil when it is not well-formed.
private func parseXML(_ text: String) throws -> XMLElementInfo? {
    let parser = XMLParser(data: Data(text.utf8))
    let builder = TreeBuilder()
    parser.delegate = builder
    guard parser.parse() else { return nil }
    return builder.root
}

/// A `var(--alert-KIND, #hex)` fallback and whether it sits in a dark-scheme rule.
private struct ColorFallback {
    var kind: String
    var color: String
    var dark: Bool
}

/// Finds every fallback colour in `css`, tracking the enclosing rule preludes.
private func colorFallbacks(in css: String) -> [ColorFallback] {
    // Comments are skipped: the ratio table in them is documentation, not style.
    var text = css
    while let open = text.range(of: "/*"), let close = text[open.upperBound...].range(of: "*/") {
        text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    var preludes: [String] = []
    var pending = ""
    var found: [ColorFallback] = []
    for character in text {
        switch character {
        case "{":
            preludes.append(pending)
            pending = ""
        case "}":
            found += fallbacks(inDeclarations: pending, preludes: preludes)
            pending = ""
            _ = preludes.popLast()
        default:
            pending.append(character)
        }
    }
    return found
}

private func fallbacks(inDeclarations declarations: String, preludes: [String]) -> [ColorFallback] {
    let dark = preludes.contains { $0.contains("prefers-color-scheme: dark") || $0.contains("data-theme=\"dark\"") }
    var found: [ColorFallback] = []
    var rest = declarations[...]
    while let start = rest.range(of: "var(--alert-") {
        let tail = rest[start.upperBound...]
        guard let comma = tail.firstIndex(of: ","), let close = tail.firstIndex(of: ")") else { break }
        let kind = String(tail[..<comma])
        let color = tail[tail.index(after: comma)..<close].trimmingCharacters(in: .whitespaces)
        found.append(ColorFallback(kind: kind, color: color, dark: dark))
        rest = tail[close...]
    }
    return found
}

/// WCAG 2 contrast ratio of two `#rrggbb` colours.
private func contrastRatio(_ first: String, _ second: String) throws -> Double {
    let a = try relativeLuminance(first)
    let b = try relativeLuminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

private struct BadColor: Error { var text: String }

private func relativeLuminance(_ hex: String) throws -> Double {
    guard hex.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else {
        throw BadColor(text: hex)
    }
    let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { component -> Double in
        let c = Double(component) / 255
        return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
}
