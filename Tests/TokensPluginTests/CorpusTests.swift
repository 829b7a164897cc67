import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// The colours of real design documents, listed by hand from the documents
/// themselves: every one must be found, with its name and mode, and nothing else.
@Suite(.enabled(if: hasCorpus, "needs ../shared/corpus"))
struct CorpusTests {
    func tokens(of file: String) throws -> [DesignToken] {
        let markdown = try String(contentsOfFile: corpusSeeds + "/" + file, encoding: .utf8)
        let (tokens, warnings) = extract(markdown, path: file)
        #expect(warnings.isEmpty, "\(warnings)")
        return TokenCatalog(tokens: tokens).unique.tokens
    }

    @Test func designSystemColoursAreExactlyTheTypeScriptPalette() throws {
        let found = try colors(tokens(of: "DESIGN_SYSTEM.md"))
        // The `Colors` object of "iOS Semantic Colors"; the SwiftUI block only
        // names system colours (`Color.blue`), which have no value to show,
        // and `#000` shadow colours belong to their shadow tokens.
        #expect(
            found == [
                "Colors.primary - #007AFF", "Colors.primaryTint - #007AFF1A",
                "Colors.success - #34C759", "Colors.successTint - #34C75926",
                "Colors.error - #FF3B30", "Colors.errorTint - #FF3B3026",
                "Colors.warning - #FF9500", "Colors.warningTint - #FF950026",
                "Colors.background light #FFFFFF", "Colors.background dark #000000",
                "Colors.secondaryBackground light #F2F2F7", "Colors.secondaryBackground dark #1C1C1E",
                "Colors.tertiaryBackground light #FFFFFF", "Colors.tertiaryBackground dark #2C2C2E",
                "Colors.cardBackground light #FFFFFF", "Colors.cardBackground dark #1C1C1E",
                "Colors.textPrimary light #000000", "Colors.textPrimary dark #FFFFFF",
                "Colors.textSecondary light #8E8E93", "Colors.textSecondary dark #8E8E93",
                "Colors.textTertiary light #C7C7CC", "Colors.textTertiary dark #48484A",
                "Colors.separator light #C6C6C8", "Colors.separator dark #38383A",
                "Colors.gradientStart - #007AFF1A", "Colors.gradientEnd - #34C7591A",
            ])
    }

    @Test func designSystemTypeSpacingRadiiShadowsAndMotion() throws {
        let all = try tokens(of: "DESIGN_SYSTEM.md")
        func of(_ kind: DesignToken.Kind) -> [String] { describe(all.filter { $0.kind == kind }) }
        #expect(of(.typography).count == 11)
        #expect(of(.typography).first == "Typography.largeTitle - 700 34px")
        let largeTitle = all.first { $0.name == "Typography.largeTitle" }
        #expect(
            largeTitle?.value
                == .typography(
                    Typography(
                        fontSize: Dimension(34), lineHeight: Dimension(41), fontWeight: 700,
                        letterSpacing: Dimension(0.37))))
        #expect(
            of(.spacing) == [
                "Spacing.tiny - 4px", "Spacing.small - 8px", "Spacing.medium - 16px", "Spacing.large - 24px",
                "Spacing.xLarge - 32px", "Spacing.xxLarge - 48px", "Spacing.xxxLarge - 64px",
                "Spacing.cardSpacing - 16px", "Spacing.listSpacing - 12px", "Spacing.buttonPadding - 16px",
                "Spacing.screenPadding - 16px", "Spacing.sectionSpacing - 24px",
            ])
        #expect(of(.radius).count == 10)
        #expect(of(.radius).last == "Radius.circle - 999px")
        #expect(of(.size).count == 16)  // IconSize (11) and TouchTarget (5)
        // React Native's shadowRadius is half the CSS blur; shadowOpacity scales the colour.
        #expect(
            of(.shadow) == [
                "Shadow.card - 0px 2px 16px 0px rgba(0, 0, 0, 0.1)",
                "Shadow.button - 0px 4px 24px 0px rgba(0, 0, 0, 0.15)",
                "Shadow.modal - 0px 10px 40px 0px rgba(0, 0, 0, 0.25)",
                "Shadow.pressed - 0px 1px 8px 0px rgba(0, 0, 0, 0.05)",
            ])
        #expect(
            of(.duration) == [
                "Duration.instant - 0ms", "Duration.fast - 200ms", "Duration.medium - 300ms",
                "Duration.slow - 500ms", "Duration.xSlow - 800ms",
            ])
        #expect(
            of(.easing) == [
                "Easing.easeInOut - cubic-bezier(0.42, 0, 0.58, 1)", "Easing.easeOut - cubic-bezier(0, 0, 0.58, 1)",
                "Easing.easeIn - cubic-bezier(0.42, 0, 1, 1)", "Easing.linear - cubic-bezier(0, 0, 1, 1)",
            ])
        let springs = all.filter { $0.kind == .spring }
        #expect(springs.map(\.name) == ["Spring.default", "Spring.bouncy", "Spring.gentle", "Spring.snappy"])
        // `damping: 0.7` next to `response: 0.3` is SwiftUI's damping fraction.
        if case .spring(let spring) = springs.first?.value {
            #expect(spring.dampingRatio == 0.7)
            #expect(spring.period == 0.3)
        } else {
            Issue.record("Spring.default is not a spring")
        }
        // `withSpring(toValue, {…})` and `withTiming(…, { easing: … })` are uses, not tokens.
        #expect(!all.contains { $0.name.hasPrefix("animatedValue") })
    }

    @Test func onboardingPlanSwiftColoursAreFoundWithTheirNames() throws {
        let found = try colors(tokens(of: "ONBOARDING_IMPLEMENTATION_PLAN.md"))
        let palette = [
            "#FF6B6B", "#4ECDC4", "#45B7D1", "#96CEB4", "#FFEAA7", "#DDA0DD", "#FFA07A", "#98D8C8", "#F7DC6F",
            "#BB8FCE", "#85C1E2", "#F8B739",
        ]
        let expected =
            [
                "Color.smilePileYellow - #FFBF00", "Color.smilePileGreen - #4CAF50", "Color.smilePileBlue - #2196F3",
                "Color.smilePileOrange - #FF6600", "Color.smilePilePink - #E86082", "Color.pileRed - #FF6B6B",
                "Color.pileTeal - #4ECDC4", "Color.pileYellow - #FFEAA7",
            ]
            + palette.enumerated().map { "Color.paletteColors.\($0.offset + 1) - \($0.element)" }
            // `static let primaryButton = smilePileBlue` is an alias in the same block.
            + ["Color.primaryButton - #2196F3"]
            // `("Family", "#FF6B6B", "👨…")` tuples are named by their label; the
            // "NEW" list repeats three of them with the same values.
            + [
                "suggestedCategories.Family - #FF6B6B", "suggestedCategories.Friends - #4ECDC4",
                "suggestedCategories.Vacation - #45B7D1", "suggestedCategories.Pets - #96CEB4",
                "suggestedCategories.Fun - #FFEAA7", "suggestedCategories.School - #DDA0DD",
            ]
            + palette.enumerated().map { "colorOptions.\($0.offset + 1) - \($0.element)" }
        // Not colours: `Color(red: 1.0, green: 0.42, blue: 0.42)` passed as an
        // argument (no name), the same in prose, `#FFBF00` in a checklist
        // sentence, `Color(hex: category.colorHex)` (no literal).
        #expect(found == expected)
    }

    @Test func theOtherCorpusDocumentsYieldNoColoursFromProseOrSteps() throws {
        // The implementation guide's "5. Set Light Mode color: #007AFF" is a
        // step in a numbered list, not a token.
        let guide = try tokens(of: "IMPLEMENTATION_GUIDE_SKILL.md")
        #expect(colors(guide).isEmpty)
        #expect(guide.contains { $0.name == "DesignSystem.Spacing.l" && $0.value == .dimension(Dimension(16)) })
        // `(color: Color.black.opacity(0.1), radius: CGFloat(8), x: 0, y: 2)` is a shadow.
        #expect(
            describe(guide.filter { $0.kind == .shadow }).first
                == "DesignSystem.Shadow.card - 0px 2px 16px 0px rgba(0, 0, 0, 0.1)")
        // `static let fast: Double = 0.2` under `enum Animation` is 200 ms.
        #expect(guide.contains { $0.name == "DesignSystem.Animation.fast" && $0.value == .duration(milliseconds: 200) })
        #expect(try tokens(of: "SPRINT_7_PARITY_PLAN.md").isEmpty)
        #expect(try tokens(of: "10-04-PLAN.md").isEmpty)
    }
}
