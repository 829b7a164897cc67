import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// How tokens are drawn in place and on the Tokens page.
struct RenderTests {
    @Test func aCodeBlockOfTokensBecomesSwatchesWithTheCodeKeptCollapsed() throws {
        let html = try render(
            """
            ```ts
            const Colors = {
              accent: '#FF7A00',
              surface: { light: '#F5F8FB', dark: '#142031' },
              text: { light: '#1F2933', dark: '#F5F8FB' },
            };
            ```
            """)
        #expect(html.hasPrefix("<div class=\"tokens-block\"><div class=\"tk-grid\">"))
        // The pair shares one card, light first.
        #expect(html.components(separatedBy: "<div class=\"tk-card tk-kind-color\"").count - 1 == 3)
        #expect(html.contains("<span style=\"--tk-color: #F5F8FB\"></span><span style=\"--tk-color: #142031\"></span>"))
        #expect(html.contains("<span class=\"tk-mode-label\">Dark</span>"))
        #expect(html.contains("<dt>RGB</dt><dd><code>rgb(255 122 0)</code></dd>"))
        // Contrast is measured for pairs used together: the text on the surface of its mode, and the
        // surface under the text. An accent on its own has no partner, and white and black are never
        // assumed.
        #expect(!html.contains(" on white") && !html.contains(" on black"))
        let accent = try #require(html.range(of: "Colors.accent</code>"))
        let surface = try #require(html.range(of: "Colors.surface</code>"))
        #expect(!html[accent.upperBound..<surface.lowerBound].contains("tk-contrast"))
        // WCAG 2.x: #1F2933 on #F5F8FB is 13.84:1; APCA Lc 97 (dark on light is positive), and
        // #F5F8FB on #142031 is Lc -101 (light on dark is negative).
        #expect(
            html.contains(
                "13.84:1</span> on <code>Colors.surface</code> <span class=\"tk-badge tk-badge-aaa\">AAA</span>"))
        #expect(html.contains("under <code>Colors.text</code>"))
        #expect(html.contains("title=\"APCA lightness contrast\">Lc -101</span>"))
        // The block as written, collapsed (no `open`).
        #expect(
            html.contains(
                "<details class=\"tk-written\"><summary>ts as written</summary><div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-ts\">"
            ))
    }

    @Test func namesAndValuesAreEscaped() throws {
        let html = try render(
            """
            ## Colours

            | Token | Value | Note |
            |-------|-------|------|
            | a<b&"c" | #FF7A00 | <script>alert(1)</script> |
            """)
        #expect(!html.contains("<script>"))
        #expect(html.contains("<code class=\"tk-copyable\" data-copy=\"name\">Colours.a&lt;b&amp;&quot;c&quot;</code>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func aListOfTokensIsDrawnOnceWithTheListInside() throws {
        let html = try render(
            """
            ## Brand

            - **Tide**: `#1E88E5`
            - **Accent**: `#FF7A00`
            """)
        #expect(html.components(separatedBy: "tokens-block").count - 1 == 1)
        #expect(html.contains("<summary>List as written</summary><ul>"))
    }

    @Test func motionPlotsAreWellFormedSVG() throws {
        let html = try render(
            """
            ```ts
            export const Motion = {
              duration: { fast: 200 },
              easing: { standard: 'cubic-bezier(0.2, 0, 0, 1)' },
              spring: { ring: { stiffness: 180, damping: 22, mass: 1 } },
            };
            ```
            """)
        var rest = html[...]
        var count = 0
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            let svg = String(rest[start.lowerBound..<end.upperBound])
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(svg.prefix(200))")
            #expect(svg.contains("viewBox="))
            count += 1
            rest = rest[end.upperBound...]
        }
        #expect(count == 3)
    }

    @Test func specimensUseTheirRealValues() throws {
        let html = try render(
            """
            ```ts
            export const Typography = { body: { fontSize: 17, lineHeight: 24, fontWeight: '600' } };
            export const Spacing = { large: 24 };
            export const Radius = { card: 16 };
            export const Shadow = { card: { shadowColor: '#000', shadowOffset: { width: 0, height: 2 }, shadowOpacity: 0.1, shadowRadius: 8 } };
            ```
            """)
        #expect(html.contains("style=\"font-size: 17px; line-height: 24px; font-weight: 600\""))
        #expect(html.contains("<span style=\"width: 24px\"></span>"))
        #expect(html.contains("border-radius: 16px"))
        #expect(html.contains("box-shadow: 0px 2px 16px 0px rgba(0, 0, 0, 0.1)"))
    }

    @Test func inAPlanTheCodeToWriteStaysOpenWithTheSwatchesBelow() throws {
        let markdown = """
            ### Task 1: Theme colours

            **Code to Write:**

            ```kotlin
            val Primary = Color(0xFF1BA821)
            ```
            """
        let plan = try render(markdown, path: "DARK_MODE_PLAN.md")
        #expect(!plan.contains("<details"))
        let code = try #require(plan.range(of: "<pre tabindex=\"0\"><code class=\"language-kotlin\">"))
        let swatches = try #require(plan.range(of: "<div class=\"tk-grid\">"))
        #expect(code.lowerBound < swatches.lowerBound)
        // In a design system the swatches are the point; the code is kept, collapsed.
        let design = try render(markdown, path: "DESIGN_SYSTEM.md")
        #expect(design.contains("<details class=\"tk-written\"><summary>kotlin as written</summary>"))
    }

    @Test func aCardsKindClassIsNoDrawingsClass() throws {
        // A radius card once carried `tk-radius`, the class of its rounded box, and was squeezed to 6rem.
        let html = try render(
            """
            ```ts
            export const Radius = { card: 16 };
            export const Size = { icon: 24 };
            export const Spacing = { large: 24 };
            export const Typography = { body: { fontSize: 17, lineHeight: 24 } };
            ```
            """)
        var cardClasses: Set<String> = []
        var otherClasses: Set<String> = []
        var rest = html[...]
        while let start = rest.range(of: "class=\"") {
            let tail = rest[start.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            let classes = tail[..<end].split(separator: " ").map(String.init)
            if classes.first == "tk-card" {
                cardClasses.formUnion(classes.dropFirst())
            } else {
                otherClasses.formUnion(classes)
            }
            rest = tail[end...]
        }
        #expect(cardClasses == ["tk-kind-radius", "tk-kind-size", "tk-kind-spacing", "tk-kind-typography"])
        #expect(cardClasses.isDisjoint(with: otherClasses))
        #expect(html.contains("<div class=\"tk-radius\" aria-hidden=\"true\" style=\"border-radius: 16px\">"))
        // The stylesheet sizes the drawing, never the card.
        #expect(TokenAssets.stylesheet.contains(".tk-radius {\n  width: 6rem;"))
        #expect(!TokenAssets.stylesheet.contains(".tk-kind-radius"))
    }

    @Test func theTokensPageGroupsByKindAndHintsAtDuplicates() throws {
        let markdown = """
            ```ts
            export const Colors = { accent: '#FF7A00', button: '#FF7A00', grey: '#808080', gray: '#828282' };
            export const Spacing = { small: 8 };
            ```
            """
        let page = page(markdown)
        let log = DiagnosticLog()
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let facts = try TokensPlugin().analyze(page, context: context)
        let site = Site(config: SiteConfig(), pages: [page], factsByPage: [page.sourcePath: facts])
        let outputs = try TokensPlugin().generate(for: site, context: context)
        var html = ""
        var files: [String: String] = [:]
        for output in outputs {
            if case .page(let generated) = output { html = generated.contentHTML }
            if let file = output.file { files[file.path] = String(decoding: file.contents, as: UTF8.self) }
        }
        #expect(Set(files.keys) == ["tokens.json", "tokens.css"])
        #expect(html.contains("<h2 id=\"kind-color\">Colours <span class=\"tk-count\">4</span></h2>"))
        #expect(html.contains("<h2 id=\"kind-spacing\">Spacing"))
        #expect(html.contains("<code>#FF7A00</code>: <code>Colors.accent</code>, <code>Colors.button</code>"))
        #expect(
            html.contains(
                "<code>Colors.grey</code> <code>#808080</code> and <code>Colors.gray</code> <code>#828282</code>"))
        #expect(html.contains("<input type=\"search\" id=\"tk-filter\""))
        #expect(log.all.isEmpty)
    }

    @Test func settingsTurnThePageAndExportsOff() throws {
        let page = page("```css\n:root { --accent: #FF7A00; }\n```\n")
        let log = DiagnosticLog()
        let settings = YAMLValue.mapping([
            .init(key: "page", value: .scalar("false")), .init(key: "exports", value: .scalar("no")),
        ])
        let context = PluginContext(settings: settings, config: SiteConfig(), diagnostics: log)
        let facts = try TokensPlugin().analyze(page, context: context)
        let site = Site(config: SiteConfig(), pages: [page], factsByPage: [page.sourcePath: facts])
        #expect(try TokensPlugin().generate(for: site, context: context).isEmpty)
    }
}

/// The Tokens page for sites with clashing or very many tokens.
struct TokensPageScaleTests {
    func generatedPage(_ pages: [Page]) throws -> (html: String, warnings: [Diagnostic]) {
        let log = DiagnosticLog()
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        var facts: [String: [any Fact]] = [:]
        for page in pages { facts[page.sourcePath] = try TokensPlugin().analyze(page, context: context) }
        let site = Site(config: SiteConfig(), pages: pages, factsByPage: facts)
        for output in try TokensPlugin().generate(for: site, context: context) {
            if case .page(let generated) = output { return (generated.contentHTML, log.all) }
        }
        return ("", log.all)
    }

    @Test func twoDocumentsGivingANameTwoValuesIsAHintNotAWarning() throws {
        let (html, warnings) = try generatedPage([
            page("```css\n:root { --accent: #FF7A00; }\n```\n", path: "a.md"),
            page("```css\n:root { --accent: #FF0000; }\n```\n", path: "b.md"),
        ])
        #expect(warnings.isEmpty)
        #expect(html.contains("Hints: 1 name with different values"))
        #expect(html.contains("<h3 id=\"hints-conflicts\">Same name, different values</h3>"))
        #expect(html.contains("<code>#FF7A00</code> at <a href=\"a.html\">a.md:2</a>, <code>#FF0000</code> at"))
    }

    @Test func thousandsOfTokensAreListedAsRows() throws {
        var css = "```css\n:root {\n"
        for index in 0..<2_500 { css += "  --space-\(index): \(index)px;\n" }
        css += "}\n```\n"
        let (html, _) = try generatedPage([page(css)])
        #expect(!html.contains("tk-card"))
        #expect(html.components(separatedBy: "<tr class=\"tk-row\"").count - 1 == 2_500)
    }
}
