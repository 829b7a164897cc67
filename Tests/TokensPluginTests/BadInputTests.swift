import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Broken and hostile documents: warnings at the right line, never a crash,
/// and a block that cannot be read stays the code it was.
struct BadInputTests {
    @Test func invalidColoursAreWarnedAboutAtTheirLine() {
        let (tokens, warnings) = extract(
            """
            # Colours

            ```ts
            export const Colors = {
              good: '#1E88E5',
              bad: '#GGG',
              short: '#12345',
            };
            ```

            | Token | Value |
            |-------|-------|
            | broken | #1234567 |
            """)
        #expect(describe(tokens) == ["Colors.good - #1E88E5"])
        #expect(warnings.map(\.line) == [6, 7, 13])
        #expect(warnings.allSatisfy { $0.file == "content/design.md" && $0.severity == .warning })
        #expect(warnings[0].message.contains("Colors.bad"))
        #expect(warnings[1].message.contains("#12345"))
    }

    @Test func unterminatedObjectsAndStringsWarnAndKeepWhatIsReadable() {
        let (tokens, warnings) = extract(
            """
            ```ts
            export const Colors = {
              primary: '#007AFF",
              success: '#34C759',
              nested: { light: '#FFFFFF'
            ```

            ```swift
            /* an unclosed comment
            static let x = Color(hex: "#FF0000")
            ```
            """)
        // The mixed-quote string runs to the end of its line and is reported;
        // the values after it still read.
        #expect(warnings.contains { $0.line == 3 && $0.message.contains("unterminated string") })
        #expect(warnings.contains { $0.line == 9 && $0.message.contains("unclosed comment") })
        #expect(describe(tokens).contains("Colors.success - #34C759"))
        #expect(describe(tokens).contains("Colors.nested light #FFFFFF"))
        #expect(!describe(tokens).contains { $0.hasPrefix("x ") })
    }

    @Test func commentsInsideCodeAreNotValues() {
        let (tokens, _) = extract(
            """
            ```ts
            const Colors = {
              // accent: '#FF0000',
              /* old: '#00FF00', */
              primary: '#007AFF', // was '#0000FF'
            };
            ```
            """)
        #expect(describe(tokens) == ["Colors.primary - #007AFF"])
        #expect(tokens.first?.description == "was '#0000FF'")
    }

    @Test func duplicateNamesWithDifferentValuesAreWarnedAbout() {
        let (tokens, warnings) = extract(
            """
            ```css
            :root { --accent: #FF7A00; }
            :root { --accent: #FF0000; }
            :root { --accent: #FF7A00; }
            ```
            """)
        #expect(tokens.count == 3)
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3)
        #expect(warnings.first?.message.contains("first at line 2") == true)
        #expect(TokenCatalog(tokens: tokens).unique.tokens.count == 1)
    }

    @Test func aliasCyclesAreReportedOnceAndHaveNoValue() {
        let (tokens, warnings) = extract(
            """
            ```json
            {
              "color": {
                "$type": "color",
                "a": { "$value": "{color.b}" },
                "b": { "$value": "{color.c}" },
                "c": { "$value": "{color.a}" },
                "self": { "$value": "{color.self}" },
                "lost": { "$value": "{color.nowhere}" },
                "ok": { "$value": "#1E88E5" }
              }
            }
            ```
            """)
        #expect(describe(tokens) == ["color.ok - #1E88E5"])
        let cycles = warnings.filter { $0.message.contains("alias cycle") }
        #expect(cycles.count == 2)
        #expect(cycles.first?.message.contains("color.a → color.b → color.c → color.a") == true)
        #expect(cycles.first?.line == 5)
        #expect(warnings.contains { $0.line == 9 && $0.message.contains("{color.nowhere}") })
    }

    @Test func aHugeTableReadsInOnePass() {
        var markdown = "## Palette\n\n| Token | Value |\n|---|---|\n"
        for index in 0..<5_000 {
            markdown += "| grey.\(index) | #\(String(format: "%06X", index * 3_000)) |\n"
        }
        let (tokens, warnings) = extract(markdown)
        #expect(tokens.count == 5_000)
        #expect(warnings.isEmpty)
        #expect(tokens.last?.source.line == 5_004)
    }

    @Test func hostileTextNeverCrashes() {
        let inputs = [
            "```ts\n" + String(repeating: "{", count: 5_000) + "\n```",
            "```ts\n" + String(repeating: "[(", count: 3_000) + "\n```",
            "```ts\nconst deep = " + String(repeating: "[", count: 100_000) + "\n```",
            "```json\n" + String(repeating: "{\"a\": ", count: 50_000) + "\n```",
            "```css\n" + String(repeating: "--a: ", count: 2_000) + "\n```",
            "```json\n{\"a\": {\"$value\": \n```",
            "```swift\nstatic let = \nlet : = \n```",
            "- **x**: #\n- **y**: rgb(\n- **z**: @ 40%\n- **w**: `#FFF` @\n",
            "| Token | Value |\n|---|---|\n| | |\n| a |\n",
            "```xml\n<color name=\"x\">#GG</color><color name=\"\n```",
            "```ts\nconst x = { a: '\\\n```",
            "```\n🎨: #FF0000\n: #00FF00\n```",
        ]
        for input in inputs {
            let (tokens, _) = extract(input)
            #expect(tokens.count <= 2)
        }
    }

    @Test func aBlockThatCannotBeReadRendersAsTheCodeItWas() throws {
        let html = try render("```ts\nconst x = {\n  a: '#GGG',\n```\n")
        #expect(!html.contains("tokens-block"))
        #expect(html.contains("<pre tabindex=\"0\"><code class=\"language-ts\">"))
    }
}

/// Renders `markdown` with the plugin claiming blocks, as the builder does.
func render(_ markdown: String, path: String = "design.md") throws -> String {
    let page = page(markdown, path: path)
    let log = DiagnosticLog()
    let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
    let plugin = TokensPlugin()
    let facts = try plugin.analyze(page, context: context)
    let site = Site(config: SiteConfig(), pages: [page], factsByPage: [page.sourcePath: facts])
    let renderer = HTMLRenderer(blockOverride: { node, renderer in
        try plugin.render(node, context: RenderContext(page: page, site: site, renderer: renderer, plugin: context))
    })
    return try renderer.render(page.document.root)
}
