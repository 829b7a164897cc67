import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// A named theme (`[data-theme="ocean"]`) or a breakpoint (`@media (max-width: 600px)`) gives a variant
/// of the names it sets, not a second definition of them.
struct VariantTests {
    static let themes = """
        ```css
        :root {
          --surface: #FFFFFF;
          --heading-size: 2.5rem;
        }
        [data-theme="ocean"] {
          --surface: #E6F2F8;
          --ink: #0B2A3C;
        }
        [data-theme="forest"] {
          --surface: #EEF4EA;
          --ink: #1E3318;
        }
        @media (max-width: 600px) {
          :root { --heading-size: 1.75rem; }
        }
        @media (prefers-color-scheme: dark) {
          :root { --surface: #101418; }
        }
        ```
        """

    @Test func themesAndBreakpointsAreVariantsNotRedefinitions() {
        let (tokens, warnings) = extract(Self.themes)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            tokens.map { "\($0.name) [\($0.condition)] \(TokenExport.cssValue($0.value))" } == [
                "surface [light] #FFFFFF", "heading-size [] 2.5rem", "surface [[data-theme=\"ocean\"]] #E6F2F8",
                "ink [[data-theme=\"ocean\"]] #0B2A3C", "surface [[data-theme=\"forest\"]] #EEF4EA",
                "ink [[data-theme=\"forest\"]] #1E3318", "heading-size [@media (max-width: 600px)] 1.75rem",
                "surface [dark] #101418",
            ])
        // Each variant is listed, not dropped as a duplicate.
        #expect(TokenCatalog(tokens: tokens).unique.tokens.count == tokens.count)
    }

    @Test func exportsKeepEachVariantUnderItsOwnRuleAndReadBack() {
        let tokens = TokenCatalog(tokens: extract(Self.themes).tokens).unique.tokens
        let css = TokenExport.css(tokens, title: "t")
        #expect(css.hasPrefix("/* Design tokens of t, exported by specsite. */\n:root {\n  --surface: #FFFFFF;\n"))
        #expect(css.contains("[data-theme=\"ocean\"] {\n  --surface: #E6F2F8;\n  --ink: #0B2A3C;\n}\n"))
        #expect(css.contains("@media (max-width: 600px) {\n  :root {\n    --heading-size: 1.75rem;\n  }\n}\n"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --surface: #101418;\n  }\n}\n"))
        #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
        // The DTCG names each variant's group as CSS writes it, and reading it back gives the variants.
        let json = TokenExport.dtcg(tokens, title: "t")
        #expect(json.contains("\"[data-theme=\\\"ocean\\\"]\": {"))
        let again = extract("```json\n" + json + "```\n").tokens
        #expect(Set(again.map { $0.name + "|" + $0.condition }) == Set(tokens.map { $0.name + "|" + $0.condition }))
    }

    @Test func aThemeIsDrawnAsAnotherValueOfItsName() throws {
        let html = try render(Self.themes)
        #expect(html.contains("<span class=\"tk-mode-label tk-variant\"><code>[data-theme=&quot;ocean&quot;]</code>"))
        // The ink of a theme is measured on that theme's ground.
        #expect(html.contains("on <code>surface</code>"))
        #expect(!html.contains("Fails"))
    }
}
