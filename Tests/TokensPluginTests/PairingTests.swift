import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Which colours are measured together: within a document and its mode, never a colour on itself,
/// inverse text on inverse fills, and translucent colours as what they are.
struct PairingTests {
    /// The pairs of each card of a site of `documents` (path, markdown), by name and mode.
    func pairs(_ documents: [(String, String)]) -> [String: [String]] {
        let pages = documents.map { page($0.1, path: $0.0) }
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        var facts: [String: [any Fact]] = [:]
        for page in pages { facts[page.sourcePath] = (try? TokensPlugin().analyze(page, context: context)) ?? [] }
        let catalog = TokenCatalog(site: Site(config: SiteConfig(), pages: pages, factsByPage: facts))
        var result: [String: [String]] = [:]
        for token in catalog.unique.tokens {
            result[token.name + (token.mode.map { " " + $0.rawValue } ?? "")] =
                catalog.contrastPairs.pairs(for: token).map {
                    "\($0.cardIsBackground ? "under" : "on") \($0.partner)"
                }
        }
        return result
    }

    /// A card's partners come from its block's colours without reading its whole document when
    /// the block has some: the same partners, in the same order, as reading every colour of the
    /// document first, over thousands of made-up palettes of modes, variants, shades and blocks.
    @Test func partnersFromTheBlockAreThoseOfTheWholeDocument() {
        let names = [
            ["text"], ["textPrimary"], ["text", "muted"], ["fg-dark"], ["text-inverse"], ["onPrimary"], ["icon"],
            ["bg"], ["bg-light"], ["bg-dark"], ["surface"], ["surfaceDark"], ["card"], ["primary"], ["inverse-fill"],
            ["color", "background"], ["color", "background-light"], ["color", "background-dark"],
        ]
        let modes: [DesignToken.Mode?] = [nil, nil, .light, .dark]
        let variants: [String?] = [nil, nil, nil, "[data-theme='sepia']"]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var compared = 0
        for _ in 0..<400 {
            var tokens: [DesignToken] = []
            for line in 0..<(4 + next(16)) {
                let grey = next(4) * 85
                let color = TokenColor(red8: next(256), green8: grey, blue8: next(2) * 255)
                tokens.append(
                    DesignToken(
                        path: names[next(names.count)], mode: modes[next(modes.count)],
                        variant: variants[next(variants.count)], kind: .color, value: .color(color),
                        written: color.hex, source: SourceLocation(file: ["a.md", "b.md"][next(2)], line: line + 1),
                        blockLine: 1 + next(4) * 10))
            }
            let pairs = ContrastPairs(tokens)
            for token in tokens {
                let fast = pairs.pairs(for: token).map { "\($0.partner) \($0.cardIsBackground)" }
                let whole = pairs.pairs(for: token, readingWholeDocuments: true).map {
                    "\($0.partner) \($0.cardIsBackground)"
                }
                #expect(fast == whole, "\(token.name) \(String(describing: token.mode)) in \(tokens.map(\.name))")
                if !whole.isEmpty { compared += 1 }
            }
        }
        // Most cards have a partner: the comparison is not between empty lists.
        #expect(compared > 2_000)
    }

    /// `-light`/`-dark` names are two values of one ground: text goes on the one it reads on, and a
    /// colour is never measured on itself (1.00:1).
    @Test func lightAndDarkValuesOfOneNameAndIdenticalColours() {
        let found = pairs([
            (
                "colors.md",
                """
                ```css
                :root {
                  --bg-light: #F4F1EA;
                  --bg-dark: #0B0B0B;
                  --text-main: #F4F1EA;
                  --text-soft: #9A9A9A;
                  --text-muted: #505050;
                }
                ```
                """
            )
        ])
        #expect(found["text-main"] == ["on bg-dark"])
        #expect(found["text-soft"] == ["on bg-dark"])
        #expect(found["text-muted"] == ["on bg-light"])
        // The main text is written in the light ground's own colour: no pair, rather than another.
        #expect(found["bg-light"] == [])
        #expect(found["bg-dark"] == ["under text-main"])
    }

    /// A palette written together is used together: a text colour is measured on the grounds of its
    /// own block when that block has any, and on the document's other grounds only when it has none.
    @Test func aBlocksOwnGroundsComeFirst() {
        let found = pairs([
            (
                "colors.md",
                """
                ### Background Colors

                - **Paper**: `#FFFFFF`
                - **Slate**: `#1E1E24`

                ```css
                :root { --surface-deep: #101010; --text-soft: #9A9A9A; }
                ```

                ### Text

                - **Ink**: `#2A2A2A`
                """
            )
        ])
        #expect(found["text-soft"] == ["on surface-deep"])
        #expect(found["Text.Ink"] == ["on Background Colors.Paper", "on Background Colors.Slate", "on surface-deep"])
    }

    /// Inverse text goes on inverse fills, else on the primary colour, never on the surfaces it is the
    /// inverse of; and a surface is not measured under it.
    @Test func inverseTextGoesOnInverseOrPrimaryFills() {
        let surfaces = """
            ```css
            :root {
              --surface: #14141C;
              --surface-raised: #1C1C28;
              --text-primary: #ECECF2;
              --text-inverse: #0A0A0F;
              --accent: #00E0F0;
            }
            ```
            """
        var found = pairs([("design.md", surfaces)])
        #expect(found["text-inverse"] == [])
        #expect(found["surface"] == ["under text-primary"])
        found = pairs([("design.md", surfaces.replacingOccurrences(of: "--accent", with: "--primary"))])
        #expect(found["text-inverse"] == ["on primary"])
        found = pairs([
            ("design.md", surfaces.replacingOccurrences(of: "--accent: #00E0F0", with: "--surface-inverse: #F5F5F7"))
        ])
        #expect(found["text-inverse"] == ["on surface-inverse"])
    }

    /// A dark ground is measured under the text of its own document and mode, never under a light
    /// text colour another document writes.
    @Test func pairsStayWithinADocumentAndItsMode() {
        let found = pairs([
            ("a-tokens.md", "```css\n:root { --text-primary: #0F172A; --surface-card: #FFFFFF; }\n```\n"),
            (
                "b-theme.md",
                """
                ### Dark Mode

                | Role | Color |
                |------|-------|
                | Background | `#0F172A` |
                | Surface | `#1E293B` |
                | Accent | `#60A5FA` |
                """
            ),
        ])
        #expect(found["Background dark"] == [])
        #expect(found["Surface dark"] == [])
        #expect(found["text-primary"] == ["on surface-card"])
        let own = pairs([
            (
                "b-theme.md",
                """
                ### Dark Mode

                | Role | Color |
                |------|-------|
                | Background | `#0F172A` |
                | Text | `#F8FAFC` |
                """
            )
        ])
        #expect(own["Background dark"] == ["under Text"])
    }

    /// `(alpha 0.60)` after a colour is its opacity, composed over the ground before measuring; a
    /// translucent ground says so instead of a ratio made up against white.
    @Test func alphaWrittenAfterAColourIsKept() throws {
        let markdown = """
            ## Labels

            | Name | Light | Dark |
            |------|-------|------|
            | secondaryLabel | `#3C3C43` (alpha 0.60) | `#EBEBF5` (alpha 0.60) |
            | quaternaryLabel | `#3C3C43` (alpha 0.18) | `#EBEBF5` (60% opacity) |

            ## Backgrounds

            | Name | Light | Dark |
            |------|-------|------|
            | systemBackground | `#FFFFFF` | `#000000` |
            | glassBackground | `rgba(255, 255, 255, 0.7)` | `rgba(30, 30, 30, 0.7)` |
            """
        let (tokens, warnings) = extract(markdown)
        #expect(warnings.isEmpty)
        let quaternary = try #require(tokens.first { $0.name == "Labels.quaternaryLabel" && $0.mode == .light })
        #expect(quaternary.written == "#3C3C43 (alpha 0.18)")
        guard case .color(let color) = quaternary.value else { throw Failure() }
        #expect(abs(color.alpha - 0.18) < 0.01)
        #expect(abs(color.contrastRatio(with: .white) - 1.37) < 0.01)
        let html = try render(markdown)
        #expect(html.contains("1.37:1</span> on <code>Backgrounds.systemBackground</code>"))
        #expect(html.contains("under <code>Labels.secondaryLabel</code> <span class=\"tk-apca\">translucent ground"))
    }

    struct Failure: Error {}
}
