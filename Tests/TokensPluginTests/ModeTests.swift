import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Light and dark come from the document's structure, never from a word inside a name.
struct ModeTests {
    @Test func androidShadeNamesEndingInDarkAreNotDarkMode() {
        let (tokens, _) = extract(
            """
            ### Colors

            ```xml
            <resources>
                <!-- grayscale -->
                <color name="gray_light">#DBDBDB</color>
                <color name="gray">#939393</color>
                <color name="gray_dark">#5F5F5F</color>
                <color name="primary_dark">#303F9F</color>
            </resources>
            ```
            """)
        #expect(
            describe(tokens) == [
                "gray_light - #DBDBDB", "gray - #939393", "gray_dark - #5F5F5F", "primary_dark - #303F9F",
            ])
        let css = TokenExport.css(tokens, title: "t")
        #expect(!css.contains("prefers-color-scheme"))
    }

    @Test func androidBlocksNameTheirModeInAHeaderCommentOrTheirFolder() {
        let night = extract(
            """
            ```xml title="res/values-night/colors.xml"
            <resources>
                <color name="surface">#121212</color>
            </resources>
            ```
            """
        ).tokens
        #expect(describe(night) == ["surface dark #121212"])
        let commented = extract(
            """
            ```xml
            <!-- Dark theme -->
            <resources>
                <color name="surface">#121212</color>
                <!-- Light borders -->
                <color name="border">#D7D6D3</color>
            </resources>
            ```
            """
        ).tokens
        #expect(describe(commented) == ["surface dark #121212", "border dark #D7D6D3"])
    }

    @Test func boldLabelsBeforeListsGiveTheirModes() {
        let (tokens, warnings) = extract(
            """
            ### Token Naming & Values

            **Light Theme** (default)

            - `--color-bg`: #ffffff (page background)
            - `--color-text`: #0f172a (primary text)

            **Dark Theme** (via `html[data-theme="dark"]`)

            - `--color-bg`: #0b1220 (page background)
            - `--color-text`: #e6eef8 (primary text)
            """)
        // No "defined again with another value": the second list is the dark side of the first.
        #expect(warnings.isEmpty)
        #expect(
            colors(tokens) == [
                "Token Naming & Values.color-bg light #FFFFFF", "Token Naming & Values.color-text light #0F172A",
                "Token Naming & Values.color-bg dark #0B1220", "Token Naming & Values.color-text dark #E6EEF8",
            ])
    }

    @Test func modeHeadingsPairTheirBlocksUnderTheEnclosingGroup() {
        let (tokens, warnings) = extract(
            """
            ## Surfaces

            ### Light Mode

            | Token | Value |
            |-------|-------|
            | Canvas | #F8FAFC |

            ### Dark Mode

            | Token | Value |
            |-------|-------|
            | Canvas | #0B1220 |

            ## Dark surfaces

            - **Ink**: #1A1A1A
            """)
        #expect(warnings.isEmpty)
        // "Dark surfaces" says more than a mode: its colour is a shade.
        #expect(
            colors(tokens) == [
                "Surfaces.Canvas light #F8FAFC", "Surfaces.Canvas dark #0B1220", "Dark surfaces.Ink - #1A1A1A",
            ])
    }

    @Test func titlesThatSayMoreThanAModeNameNone() {
        #expect(TokenExtractor.mode(ofTitle: "Dark Mode") == .dark)
        #expect(TokenExtractor.mode(ofTitle: "5.2 Light theme colours") == .light)
        #expect(TokenExtractor.mode(ofTitle: "Night") == .dark)
        #expect(TokenExtractor.mode(ofTitle: "Light & Dark") == nil)
        #expect(TokenExtractor.mode(ofTitle: "VoxPlan Dark Mode Implementation Plan v2.0") == nil)
        #expect(TokenExtractor.mode(ofTitle: "Primary Dark") == nil)
        // A plan's "Day 1" is a day, not the light appearance.
        #expect(TokenExtractor.mode(ofTitle: "Day 1") == nil)
    }

    /// The byte test before the words changes no title's answer.
    @Test func theFirstTestOfATitleAgreesWithItsWords() {
        let titles = [
            "Dark Mode", "DARK", "dark-mode colours", "Night", "NIGHT THEME", "Light", "lighting", "Highlight colours",
            "Light & Dark", "Colors", "Default", "Darkness", "Twilight", "Spotlight mode", "Dark\tTheme", "Light:",
            "Primary Dark", "Day 1", "", "Ｄark", "Dunkel / Dark", "Lümière light", "Thème sombre (dark)",
        ]
        for title in titles {
            #expect(TokenExtractor.mode(ofTitle: title) == TokenExtractor.mode(ofTitleWords: title), "\(title)")
        }
    }

    @Test func swiftColorsForBothAppearances() {
        let (tokens, _) = extract(
            """
            ```swift
            extension Color {
                static let canvas = Color(light: Color(hex: "#FFFFFF"), dark: Color(hex: "#0B1220"))
                static let ink = Color(light: .black, dark: .white)
            }
            ```
            """)
        #expect(
            colors(tokens) == [
                "Color.canvas light #FFFFFF", "Color.canvas dark #0B1220", "Color.ink light #000000",
                "Color.ink dark #FFFFFF",
            ])
    }

    @Test func assetCatalogAppearances() {
        let (tokens, _) = extract(
            """
            ```json title="Accent.colorset/Contents.json"
            {
              "colors" : [
                { "color" : { "color-space" : "srgb",
                    "components" : { "red" : "0xFF", "green" : "0x7A", "blue" : "0x00", "alpha" : "1.000" } },
                  "idiom" : "universal" },
                { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                  "color" : { "color-space" : "srgb",
                    "components" : { "red" : "1.000", "green" : "0.573", "blue" : "0.200", "alpha" : "1.000" } },
                  "idiom" : "universal" }
              ]
            }
            ```
            """)
        #expect(colors(tokens) == ["Accent light #FF7A00", "Accent dark #FF9233"])
    }

    @Test func materialPaletteShadesAreNotModes() {
        let (tokens, _) = extract(
            """
            ```ts
            export const palette = {
              primary: { main: '#1976D2', light: '#42A5F5', dark: '#1565C0', contrastText: '#FFFFFF' },
              surface: { light: '#FFFFFF', dark: '#121212' },
            };
            ```
            """)
        #expect(
            colors(tokens) == [
                "palette.primary.main - #1976D2", "palette.primary.light - #42A5F5", "palette.primary.dark - #1565C0",
                "palette.primary.contrastText - #FFFFFF", "palette.surface light #FFFFFF",
                "palette.surface dark #121212",
            ])
    }
}

/// Contrast only for colours used together.
struct ContrastPairTests {
    func pairs(_ markdown: String) -> [String: [String]] {
        let page = page(markdown)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        let facts = (try? TokensPlugin().analyze(page, context: context)) ?? []
        let catalog = TokenCatalog(
            site: Site(config: SiteConfig(), pages: [page], factsByPage: [page.sourcePath: facts]))
        let pairs = catalog.contrastPairs
        var result: [String: [String]] = [:]
        for token in catalog.unique.tokens {
            result[token.name + (token.mode.map { " " + $0.rawValue } ?? "")] = pairs.pairs(for: token).map {
                "\($0.cardIsBackground ? "under" : "on") \($0.partner)\($0.isIcon ? " icon" : "")"
            }
        }
        return result
    }

    @Test func textAndIconsOnGroundsOfTheirModeAndStatedPairs() {
        let found = pairs(
            """
            ```ts
            export const Colors = {
              background: { light: '#FFFFFF', dark: '#0B1220' },
              surface: { light: '#F5F8FB', dark: '#142031' },
              textPrimary: { light: '#1F2933', dark: '#F5F8FB' },
              icon: '#6B7280',
              primary: '#2563EB',
              onPrimary: '#FFFFFF',
              border: '#E5E7EB',
            };
            ```
            """)
        #expect(found["Colors.textPrimary light"] == ["on Colors.background", "on Colors.surface"])
        #expect(found["Colors.textPrimary dark"] == ["on Colors.background", "on Colors.surface"])
        #expect(found["Colors.background dark"] == ["under Colors.textPrimary"])
        #expect(found["Colors.icon"] == ["on Colors.background icon", "on Colors.surface icon"])
        #expect(found["Colors.onPrimary"] == ["on Colors.primary"])
        // A brand or border colour alone is not measured against anything.
        #expect(found["Colors.primary"] == [])
        #expect(found["Colors.border"] == [])
    }

    @Test func onColoursPairWithTheirColourAloneAndDarkNamedGroundsStayApart() {
        let found = pairs(
            """
            | Token | Value |
            |-------|-------|
            | `color.bg` | `#FFFFFF` |
            | `color.accent` | `#FF7A00` |
            | `color.text.onAccent` | `#0F1B2A` |
            | `color.text.ink` | `#0F1B2A` |
            | `color.backgroundDark` | `#0B1220` |
            """)
        #expect(found["color.text.onAccent"] == ["on color.accent"])
        // Ink is not measured on a ground named for the dark appearance.
        #expect(found["color.text.ink"] == ["on color.bg"])
        #expect(found["color.backgroundDark"] == [])
    }

    @Test func rolesComeFromTheWordsOfTheName() {
        #expect(ContrastPairs.words("textPrimary") == ["text", "primary"])
        #expect(ContrastPairs.words("on-surface_variant") == ["on", "surface", "variant"])
        // ASCII names are split on their bytes, others by Character: the same rules either way.
        #expect(ContrastPairs.words("Text Primary2 HTMLColor") == ["text", "primary2", "htmlcolor"])
        #expect(ContrastPairs.words("textPrimaryÉ") == ["text", "primary", "é"])
        #expect(ContrastPairs.words("fondClair-Élevé") == ["fond", "clair", "élevé"])
        #expect(ContrastPairs.words("--bg__dark9") == ["bg", "dark9"])
        #expect(ContrastPairs.words("") == [])
        // Every printable ASCII character between two words, and runs of case changes.
        let ascii =
            (0x20...0x7E).map { "textPrimary" + String(UnicodeScalar($0)) + "onSurface9" } + [
                "ABCdef", "aBC", "A1b2C3", "__x__Y__", "HTMLColorTextPRIMARY", "a", "Z", "9",
            ]
        for name in ascii { #expect(ContrastPairs.words(name) == ContrastPairs.wordsByCharacter(name), "\(name)") }
        #expect(TokenViews.iconBadge(3.1).label == "AA")
        #expect(TokenViews.iconBadge(2.9).label == "Fails")
        #expect(TokenViews.badge(4.4).label == "AA large")
    }

    @Test func aContrastTableStatesPairs() {
        let found = pairs(
            """
            | Token | Value |
            |-------|-------|
            | `color.accent` | `#FF7A00` |
            | `color.brand` | `#2F6F68` |
            | `color.bg` | `#FFFFFF` |

            | Foreground | Background | Ratio |
            |------------|------------|-------|
            | white | `color.accent` | 2.6:1 |
            | `color.brand` | `color.bg` | 5.9:1 |
            """)
        #expect(found["color.accent"] == ["under white"])
        // A brand colour has no role of its own, but the table puts it on the background.
        #expect(found["color.brand"] == ["on color.bg"])
        #expect(found["color.bg"] == ["under color.brand"])
    }
}
