import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Each way a design doc writes a token, read in a small document.
struct NotationTests {
    @Test func typeScriptObjectsWithLightDarkPairsAndComments() {
        let (tokens, warnings) = extract(
            """
            ```ts
            export const palette = {
              accent: '#FF7A00', // brand orange
              surface: { light: "#F5F8FB", dark: `#142031` },
              scrim: 'rgba(15, 27, 42, 0.48)',
              focus: 'hsl(208 79% 51%)',
              hairline: '#DDD',
              tint: '#1E88E51F',
            } as const;
            ```
            """)
        #expect(warnings.isEmpty)
        #expect(
            describe(tokens) == [
                "palette.accent - #FF7A00", "palette.surface light #F5F8FB", "palette.surface dark #142031",
                "palette.scrim - #0F1B2A7A", "palette.focus - #1F89E5", "palette.hairline - #DDDDDD",
                "palette.tint - #1E88E51F",
            ])
        #expect(tokens.first?.description == "brand orange")
        #expect(tokens.first?.written == "'#FF7A00'")
        #expect(tokens.first?.source == SourceLocation(file: "content/design.md", line: 3))
    }

    /// A snippet cut out of a config object (`ghibli: { … }` from a Tailwind theme) declares its key,
    /// whichever name the fence gives the language.
    @Test func anObjectEntryCutFromAConfigReadsInEveryJavaScriptFence() {
        for language in ["js", "javascript", "ts", "typescript"] {
            let (tokens, warnings) = extract(
                """
                ```\(language)
                lagoon: {
                  shallow: '#9CD3E0',   // sunlit water
                  deep: '#1F4E66',
                },
                reef: { coral: '#F08A6C' }
                ```
                """)
            #expect(warnings.isEmpty)
            #expect(
                describe(tokens) == ["lagoon.shallow - #9CD3E0", "lagoon.deep - #1F4E66", "reef.coral - #F08A6C"],
                "\(language)")
            #expect(tokens.first?.description == "sunlit water")
        }
        // A label inside code is not such an entry: only the snippet's top level is.
        #expect(extract("```js\nfunction f() {\n  loop: { x = '#123456' }\n}\n```\n").tokens.isEmpty)
    }

    @Test func swiftKotlinAndDartConstructors() {
        let (tokens, warnings) = extract(
            """
            ```swift
            extension Color {
                static let tide = Color(hex: "#1E88E5")
                static let kelp = Color(red: 0.184, green: 0.435, blue: 0.408, opacity: 0.5)
                static let ink: Color = UIColor(red: 15/255, green: 27/255, blue: 42/255, alpha: 1)
                static let button = tide
            }
            ```

            ```kotlin
            object TidepoolColors {
                val Scrim = Color(0x99000000)
                val Tide = Color(0xFF1E88E5)
            }
            ```

            ```dart
            class AppColors {
              static const Color coral = Color(0xFFFF7A00);
            }
            ```
            """)
        #expect(warnings.isEmpty)
        #expect(
            describe(tokens) == [
                "Color.tide - #1E88E5", "Color.kelp - #2F6F6880", "Color.ink - #0F1B2A", "Color.button - #1E88E5",
                "TidepoolColors.Scrim - #00000099", "TidepoolColors.Tide - #1E88E5", "AppColors.coral - #FF7A00",
            ])
    }

    @Test func cssCustomPropertiesWithDarkModeAndShadcnTriples() {
        let (tokens, _) = extract(
            """
            ```css
            :root {
              --bg: #FFFFFF; /* page */
              --border: 220 13% 86%;
              --space-4: 16px;
              --radius-md: 0.75rem;
              --shadow-card: 0 2px 8px rgba(0, 0, 0, 0.12);
              --ease-out: cubic-bezier(0, 0, 0.58, 1);
              --accent: var(--bg);
            }
            @media (prefers-color-scheme: dark) {
              :root { --bg: #0B1420; }
            }
            .button { color: #FF0000; }
            ```
            """)
        #expect(
            describe(tokens) == [
                "bg light #FFFFFF", "border - #D7DAE0", "space-4 - 16px", "radius-md - 0.75rem",
                "shadow-card - 0px 2px 8px 0px rgba(0, 0, 0, 0.12)", "ease-out - cubic-bezier(0, 0, 0.58, 1)",
                "accent light #FFFFFF", "accent dark #0B1420", "bg dark #0B1420",
            ])
        #expect(tokens.first?.description == "page")
        #expect(tokens.map(\.kind).contains(.radius))
    }

    @Test func androidResourceXMLReadsAlphaFirst() {
        let (tokens, _) = extract(
            """
            ```xml
            <resources>
                <color name="tide">#FF1E88E5</color>
                <color name="scrim">#99000000</color> <!-- sheet backdrop -->
                <color name="brand">@color/tide</color>
                <dimen name="spacing_medium">16dp</dimen>
            </resources>
            ```
            """)
        #expect(
            describe(tokens) == [
                "tide - #1E88E5", "scrim - #00000099", "brand - #1E88E5", "spacing_medium - 16px",
            ])
        #expect(tokens.contains { $0.name == "scrim" && $0.description == "sheet backdrop" })
        // Android's dp is a logical pixel: CSS px, not CSS pt.
        #expect(tokens.last?.written == "16dp")
        #expect(tokens.contains { $0.name == "brand" && $0.value == tokens.first?.value })
    }

    @Test func tablesWithValueColumnsAndLightDarkColumns() {
        let (tokens, _) = extract(
            """
            ## Palette

            | Token | Light | Dark | Usage |
            |-------|-------|------|-------|
            | `color.bg` | `#FFFFFF` | `#0B1420` | App background |
            | Accent | **#FF7A00** | #FF9233 | Primary actions |

            ## Spacing

            | Name | Value |
            |------|-------|
            | space.1 | 4px |
            | Gutter | 16px |
            """)
        #expect(
            describe(tokens) == [
                "color.bg light #FFFFFF", "color.bg dark #0B1420", "Palette.Accent light #FF7A00",
                "Palette.Accent dark #FF9233", "space.1 - 4px", "Spacing.Gutter - 16px",
            ])
        #expect(tokens.first?.description == "App background")
        #expect(tokens.first?.source.line == 5)
    }

    @Test func bulletsWithCodeBoldOrPlainValuesAndOpacityNotes() {
        let (tokens, _) = extract(
            """
            ## Brand colours

            - **Tide**: `#1E88E5` — the water itself
            - **Accent**: **#FF7A00** — primary actions
            - Kelp: #2F6F68
            - **Goal glow**: `#2F6F68` @ 40% — around the full ring
            - Fixed in a9887c8 (#123)
            - [ ] Hex values match the spec (#FFBF00 for yellow)
            """)
        #expect(
            describe(tokens) == [
                "Brand colours.Tide - #1E88E5", "Brand colours.Accent - #FF7A00", "Brand colours.Kelp - #2F6F68",
                "Brand colours.Goal glow - #2F6F6866",
            ])
        #expect(tokens.first?.description == "the water itself")
        #expect(tokens.last?.written == "#2F6F68 @ 40%")
    }

    @Test func nestedBulletsMakeALightDarkPair() {
        let (tokens, _) = extract(
            """
            ## Colours

            - **Surface**
              - Light: `#F5F8FB`
              - Dark: `#142031`
            """)
        #expect(describe(tokens) == ["Surface light #F5F8FB", "Surface dark #142031"])
    }

    @Test func nameColonHexLinesInAnUnlabelledCodeBlock() {
        let (tokens, _) = extract(
            """
            ```
            Tide: #1E88E5
            Coral: #FF7A00 (buttons)
            Corner radius: 12px
            ├── Background: primary 10% opacity
            ```
            """)
        // Only colours: such blocks are often sketches.
        #expect(describe(tokens) == ["Tide - #1E88E5", "Coral - #FF7A00"])
    }

    @Test func dtcgJSONWithInheritedTypesDescriptionsAndAliases() {
        let (tokens, warnings) = extract(
            """
            ```json
            {
              "color": {
                "$type": "color",
                "brand": { "$value": "#1E88E5", "$description": "Tide" },
                "link": { "$value": "{color.brand}" },
                "scrim": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.6 } }
              },
              "space": { "$type": "dimension", "md": { "$value": { "value": 16, "unit": "px" } } },
              "duration": { "quick": { "$type": "duration", "$value": "200ms" } },
              "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } },
              "shadow": { "card": { "$type": "shadow", "$value": {
                "color": "#0000001F", "offsetX": "0px", "offsetY": "2px", "blur": "8px", "spread": "0px" } } }
            }
            ```
            """)
        #expect(warnings.isEmpty)
        #expect(
            describe(tokens) == [
                "color.brand - #1E88E5", "color.link - #1E88E5", "color.scrim - #00000099", "space.md - 16px",
                "duration.quick - 200ms", "easing.standard - cubic-bezier(0.2, 0, 0, 1)",
                "shadow.card - 0px 2px 8px 0px rgba(0, 0, 0, 0.122)",
            ])
        #expect(tokens.first?.description == "Tide")
        #expect(tokens.first { $0.name == "space.md" }?.kind == .spacing)
    }

    @Test func simpleAliasesInTablesResolveAcrossDocuments() {
        let palette = page(
            """
            ## Plum

            | Step | Value |
            |------|-------|
            | 950 | #2A1030 |
            """, path: "palette.md")
        let roles = page(
            """
            | Role | Light | Dark |
            |------|-------|------|
            | Canvas | plum/950 | plum/950 |
            | Ghost | plum/999 | plum/999 |
            """, path: "roles.md")
        let log = DiagnosticLog()
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        var facts: [String: [any Fact]] = [:]
        for page in [palette, roles] {
            facts[page.sourcePath] = try? TokensPlugin().analyze(page, context: context)
        }
        let catalog = TokenCatalog(site: Site(config: SiteConfig(), pages: [palette, roles], factsByPage: facts))
        #expect(describe(catalog.tokens) == ["Plum.950 - #2A1030", "Canvas light #2A1030", "Canvas dark #2A1030"])
        // A name that matches nothing is prose, not a broken token.
        #expect(catalog.warnings.isEmpty)
    }

    @Test func motionTokens() {
        let (tokens, _) = extract(
            """
            ```swift
            enum Motion {
                static let quick: TimeInterval = 0.2
                static let fill = Animation.spring(response: 0.35, dampingFraction: 0.8)
                static let bounce = Animation.interpolatingSpring(stiffness: 180, damping: 12)
                static let standard = Animation.timingCurve(0.2, 0, 0, 1, duration: 0.3)
            }
            ```

            ```ts
            export const Springs = { ring: { stiffness: 180, damping: 22, mass: 1 } };
            ```
            """)
        #expect(
            describe(tokens.filter { $0.kind != .spring }) == [
                "Motion.quick - 200ms", "Motion.standard - cubic-bezier(0.2, 0, 0, 1)",
            ])
        let springs = tokens.filter { $0.kind == .spring }
        #expect(springs.map(\.name) == ["Motion.fill", "Motion.bounce", "Springs.ring"])
        if case .spring(let ring) = springs.last?.value {
            // ζ = c / (2√(km)) = 22 / (2√180)
            #expect(abs(ring.dampingRatio - 22 / (2 * 180.0.squareRoot())) < 1e-9)
        }
    }

    @Test func commitHashesIssueNumbersAndShellCommentsAreNotColours() {
        let (tokens, warnings) = extract(
            """
            Fixed in a9887c8 (#123); see #456 and https://example.com/a#abcdef.

            - **Fixes**: #123
            - **Commit**: `a9887c8`

            ```bash
            # ABC: install
            git log --oneline  # abcdef1
            ```

            | PR | Title |
            |----|-------|
            | #123 | Add colours |
            | #456 | Fix them |
            """)
        #expect(tokens.isEmpty)
        #expect(warnings.isEmpty)
    }

    @Test func tokensInAQuotedFenceKeepTheirLines() {
        let (tokens, _) = extract(
            "# Colours\n\n> Quoted from the old spec:\n>\n> ```css\n> :root { --accent: #FF7A00; }\n> ```\n")
        #expect(tokens.first?.source.line == 6)
    }
}
