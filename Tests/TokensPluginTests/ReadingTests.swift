import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Shapes of prose and tables that hold tokens without the usual `Label: value` per line.
struct ReadingTests {
    /// A list whose line breaks were lost (an export from another format): each item is read, not
    /// only those that happen to start a line.
    @Test func aListRunTogetherInAParagraphReadsItemByItem() {
        let (tokens, warnings) = extract(
            """
            ### Color Palette

            **Core Colors** - Harbour Blue: `#12355B` (Calm, depth) -
            Signal Orange: `#F26B21` (Energy)

            **Support Colors** - Pale Sand: `#EFE6D8` - Deep
            Moss: `#2F4F3A`

            Neutrals: - Fog `#E4E7EB` - Slate `#52606D`

            Use - sparingly - with care.
            """)
        #expect(warnings.isEmpty)
        #expect(
            colors(tokens) == [
                "Color Palette.Core Colors.Harbour Blue - #12355B", "Color Palette.Core Colors.Signal Orange - #F26B21",
                "Color Palette.Support Colors.Pale Sand - #EFE6D8", "Color Palette.Support Colors.Deep Moss - #2F4F3A",
                "Color Palette.Neutrals.Fog - #E4E7EB", "Color Palette.Neutrals.Slate - #52606D",
            ])
        #expect(tokens.first?.description == "Calm, depth")
        #expect(tokens.map(\.source.line) == [3, 4, 6, 7, 9, 9])
    }

    /// `**Name** (`#hex` or `#hex`)`: the first value is the token's, the rest of the brackets its note.
    @Test func aBoldNameWithItsValueInBrackets() {
        let (tokens, _) = extract(
            """
            ### Background Colors

            - **Night Ink** (`#05070A` or `#0B0E13`)
              - Main background in dark mode
            - **Paper** (`#FBF8F2`)
            """)
        #expect(colors(tokens) == ["Background Colors.Night Ink - #05070A", "Background Colors.Paper - #FBF8F2"])
        #expect(tokens.first?.description == "or #0B0E13")
    }

    /// `Spacing Scale: 4px, 8px, …` is a scale of several tokens, named by their values; bare numbers
    /// (no unit) stay prose.
    @Test func aScaleListGivesATokenPerValue() {
        let (tokens, _) = extract(
            """
            ### Spacing

            **Spacing Scale:** 4px, 8px, 12px, 20px

            **Gutters:** 4, 8, 12
            """)
        #expect(
            describe(tokens) == [
                "Spacing.Spacing Scale.4px - 4px", "Spacing.Spacing Scale.8px - 8px",
                "Spacing.Spacing Scale.12px - 12px",
                "Spacing.Spacing Scale.20px - 20px",
            ])
    }

    /// A table of shadow parts (Radius, Offset, Opacity) under a shadow heading gives one shadow per
    /// row; the radius is iOS's, half the CSS blur.
    @Test func aShadowTableGivesAShadowPerRow() {
        let (tokens, warnings) = extract(
            """
            ### 7. Elevation (Code)

            | Token | Radius | Offset | Opacity | Use |
            |-------|--------|--------|---------|-----|
            | `low` | 3pt | (0, 1) | 12% | Chips |
            | `high` | 10pt | (0, 6) | 0.2 | Sheets |

            ### Corner Radius

            | Token | Radius |
            |-------|--------|
            | `card` | 12pt |
            """)
        #expect(warnings.isEmpty)
        #expect(
            describe(tokens) == [
                "Elevation.low - 0px 1px 6px 0px rgba(0, 0, 0, 0.12)",
                "Elevation.high - 0px 6px 20px 0px rgba(0, 0, 0, 0.2)",
                "Corner Radius.card - 12px",
            ])
        #expect(tokens.first?.kind == .shadow)
        #expect(tokens.first?.description == "Chips")
        #expect(tokens.last?.kind == .radius)
    }
}
