import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// Modes, variants and groups that the structure around tokens gives them: labels, plain mode lines,
/// lines inside a text block, table columns and selectors built from aliases.
struct StructureModeTests {
    /// A new bold label ends the mode of the label before it, and names the group of what follows.
    @Test func aLabelThatNamesNoModeEndsTheModeBeforeIt() {
        let (tokens, warnings) = extract(
            """
            #### Theme A: Harbour

            **Dark Mode:**
            | Role | Color |
            |------|-------|
            | Primary | `#E8ECF4` |
            | Secondary | `#9AA5B8` |

            **Chart Colors (Both Modes):**
            ```
            Primary:   #2F80ED (blue)
            Secondary: #27AE60
            Quaternary:#D64545
            ```

            #### Theme B: Meadow

            **Custom Colors (extend the config):**
            ```js
            meadow: { moss: '#6FA35B' }
            ```

            **Light Mode:**
            | Role | Color |
            |------|-------|
            | Background | `#F5F0E8` |

            **Chart Colors:**
            ```
            Primary: #6FA35B
            ```
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens) == [
                "Theme A: Harbour.Primary dark #E8ECF4", "Theme A: Harbour.Secondary dark #9AA5B8",
                "Theme A: Harbour.Chart Colors.Primary - #2F80ED", "Theme A: Harbour.Chart Colors.Secondary - #27AE60",
                "Theme A: Harbour.Chart Colors.Quaternary - #D64545", "meadow.moss - #6FA35B",
                "Theme B: Meadow.Background light #F5F0E8", "Theme B: Meadow.Chart Colors.Primary - #6FA35B",
            ])
    }

    /// `Light mode:` as a plain paragraph over a list is a mode label, as its bold form is.
    @Test func aPlainLineNamingAModeLabelsTheListUnderIt() {
        let (tokens, warnings) = extract(
            """
            ## Palette

            Light mode:
            - `canvas`: `#fdfdfd`
            - `ink`: `#1a1a1a`

            Dark mode:
            - `canvas`: `#0c0c0c`
            - `ink`: `#e6e6e6`

            Notes: the canvas is never pure white.
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens) == [
                "Palette.canvas light #FDFDFD", "Palette.ink light #1A1A1A", "Palette.canvas dark #0C0C0C",
                "Palette.ink dark #E6E6E6",
            ])
    }

    /// `Dark Mode:` alone on a line of a text block sets the mode of the lines under it.
    @Test func modeLinesInsideATextBlockSetTheModeOfTheLinesUnderThem() {
        let (tokens, warnings) = extract(
            """
            ### Panel Material

            ```
            Light Mode:
              Panel tint: rgba(250, 250, 250, 0.75)
              Blur radius: 24 pt

            Dark Mode:
              Panel tint: rgba(28, 28, 30, 0.7)
            ```
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens) == [
                "Panel Material.Panel tint light #FAFAFABF", "Panel Material.Panel tint dark #1C1C1EB3",
            ])
    }

    /// Only columns that name just a mode give modes; `High Contrast Light` is a variant of its own in
    /// that mode, and `Light (on white)` still names the light mode.
    @Test func tableColumnsNamingMoreThanAModeAreVariantsOfTheirOwn() {
        let (tokens, warnings) = extract(
            """
            ## Accents

            | Name | Light | Dark | High Contrast Light | High Contrast Dark |
            |------|-------|------|---------------------|--------------------|
            | accentBlue | `#1A73E8` | `#8AB4F8` | `#0B57D0` | `#A8C7FA` |

            ## Labels

            | Name | Light (on white) | Dark (on #202020) |
            |------|------------------|-------------------|
            | caption | `#5F6368` | `#BDC1C6` |
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens) == [
                "Accents.accentBlue light #1A73E8", "Accents.accentBlue dark #8AB4F8",
                "Accents.High Contrast.accentBlue light #0B57D0", "Accents.High Contrast.accentBlue dark #A8C7FA",
                "Labels.caption light #5F6368", "Labels.caption dark #BDC1C6",
            ])
    }

    /// Several colour columns in one table give one token per row and column, not one token written
    /// three times (with each "defined again" warning twice).
    @Test func eachColourColumnOfARowIsATokenOfItsOwn() {
        let (tokens, warnings) = extract(
            """
            ### Logo colours

            | Variant | Mark Fill | Cutout | Frame | Backdrop |
            |---------|-----------|--------|-------|----------|
            | **On dark** | `#35E0C0` (Mint) | Transparent | `#202033` | `#08080C` |
            | **On light** | `#08080C` | Transparent | `#CFCFD6` | `#FFFFFF` |
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens) == [
                "Logo colours.Mark Fill.On dark - #35E0C0", "Logo colours.Frame.On dark - #202033",
                "Logo colours.Backdrop.On dark - #08080C",
                "Logo colours.Mark Fill.On light - #08080C", "Logo colours.Frame.On light - #CFCFD6",
                "Logo colours.Backdrop.On light - #FFFFFF",
            ])
        #expect(tokens.first?.description == "Transparent")
    }

    /// `[data-theme='dark']` and `[data-theme='light']` blocks built of `var()`s of another block give
    /// one token with both modes, resolved through the aliases.
    @Test func themeSelectorsBuiltFromAliasesOfAnotherBlockGiveModes() {
        let (tokens, warnings) = extract(
            """
            ```css
            :root {
              --paper-light: #FAF7F0;
              --paper-dark: #121212;
              --ink-strong: #1C1C1C;
              --ink-pale: #EFEFEF;
            }
            ```

            ```css
            [data-theme='dark'] {
              --paper: var(--paper-dark);
              --ink: var(--ink-pale);
            }
            [data-theme='light'] {
              --paper: var(--paper-light);
              --ink: var(--ink-strong);
            }
            ```
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(
            colors(tokens).suffix(4) == [
                "paper dark #121212", "ink dark #EFEFEF", "paper light #FAF7F0", "ink light #1C1C1C",
            ])
        #expect(tokens.last?.alias == "ink-strong")
    }

    /// Group names from headings leave out section numbers and a closing note in brackets.
    @Test func groupNamesLeaveOutSectionNumbersAndNotes() {
        #expect(TokenExtractor.groupName("6.2 Type Scale (4px Base Grid)") == "Type Scale")
        #expect(TokenExtractor.groupName("4. Spacing (Code)") == "Spacing")
        #expect(TokenExtractor.groupName("1.1 Timing Curves") == "Timing Curves")
        #expect(TokenExtractor.groupName("Theme 1: Slate (Default)") == "Theme 1: Slate")
        // Not a section number: a year, or a number without a dot.
        #expect(TokenExtractor.groupName("2024 Palette") == "2024 Palette")
        #expect(TokenExtractor.groupName("3 Columns") == "3 Columns")
        #expect(TokenExtractor.groupName("(Draft)") == "(Draft)")
        let (tokens, _) = extract(
            """
            ### 4. Spacing (Code)

            | Token | Value |
            |-------|-------|
            | `xxs` | 4pt |
            """)
        #expect(describe(tokens) == ["Spacing.xxs - 4px"])
    }
}
