import Foundation
import SpecSiteKit
import Testing

@testable import TokensPlugin

/// The exports: DTCG JSON that parses and reads back to the same tokens,
/// CSS custom properties with dark values under a media query.
struct ExportTests {
    /// A document with every kind of token, light/dark pairs included.
    static let everyKind = """
        ```ts
        export const Colors = {
          accent: '#FF7A00', // primary actions
          surface: { light: '#F5F8FB', dark: '#142031' },
          scrim: 'rgba(15, 27, 42, 0.48)',
        };
        export const Typography = {
          body: { fontSize: 17, lineHeight: 24, fontWeight: '400', letterSpacing: -0.4, fontFamily: 'SF Pro Text' },
        };
        export const Fonts = { fontFamily: ['Inter', 'system-ui'] };
        export const Spacing = { small: 8, large: '1.5rem' };
        export const Radius = { card: 16 };
        export const IconSize = { medium: 20 };
        export const Shadow = {
          card: { shadowColor: '#000', shadowOffset: { width: 0, height: 2 }, shadowOpacity: 0.1, shadowRadius: 8 },
        };
        export const Duration = { fast: 200 };
        export const Easing = { standard: 'cubic-bezier(0.2, 0, 0, 1)' };
        export const Spring = { ring: { stiffness: 180, damping: 22, mass: 1 } };
        ```
        """

    func exported(_ format: TokenExport.Format) -> (tokens: [DesignToken], text: String) {
        let (tokens, warnings) = extract(Self.everyKind)
        #expect(warnings.isEmpty)
        let unique = TokenCatalog(tokens: tokens).unique.tokens
        return (unique, TokenExport.render(unique, format: format, title: "Tidepool"))
    }

    @Test func dtcgParsesAsJSONWithTheFormatsShapes() throws {
        let (tokens, text) = exported(.dtcg)
        #expect(
            Set(tokens.map(\.kind))
                == Set(DesignToken.Kind.allCases).subtracting([.fontWeight, .fontSize, .lineHeight, .letterSpacing]))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let accent = try #require((root["Colors"] as? [String: Any])?["accent"] as? [String: Any])
        #expect(accent["$type"] as? String == "color")
        #expect(accent["$description"] as? String == "primary actions")
        let color = try #require(accent["$value"] as? [String: Any])
        #expect(color["colorSpace"] as? String == "srgb")
        #expect(color["hex"] as? String == "#ff7a00")
        #expect((color["components"] as? [Double])?.count == 3)
        // Light and dark are separate sets under the same paths.
        let dark = try #require(root["dark"] as? [String: Any])
        #expect(((dark["Colors"] as? [String: Any])?["surface"] as? [String: Any])?["$type"] as? String == "color")
        #expect(root["light"] is [String: Any])
        let small = try #require((root["Spacing"] as? [String: Any])?["small"] as? [String: Any])
        #expect(small["$type"] as? String == "dimension")
        #expect((small["$value"] as? [String: Any])?["unit"] as? String == "px")
        let fast = try #require((root["Duration"] as? [String: Any])?["fast"] as? [String: Any])
        #expect((fast["$value"] as? [String: Any])?["value"] as? Double == 200)
        let body = try #require((root["Typography"] as? [String: Any])?["body"] as? [String: Any])
        #expect(body["$type"] as? String == "typography")
        let shadow = try #require((root["Shadow"] as? [String: Any])?["card"] as? [String: Any])
        #expect((shadow["$value"] as? [String: Any])?["blur"] != nil)
    }

    @Test func dtcgRoundTripsToTheSameTokens() {
        let (tokens, text) = exported(.dtcg)
        let (readBack, warnings) = extract("# Tokens\n\n```json\n" + text + "```\n", path: "tokens.md")
        #expect(warnings.isEmpty)
        let again = TokenCatalog(tokens: readBack).unique.tokens
        func summary(_ tokens: [DesignToken]) -> [String] {
            tokens.map {
                "\($0.kind.rawValue) \($0.name) \($0.mode?.rawValue ?? "-") \(TokenExport.cssValue($0.value))"
            }
            .sorted()
        }
        #expect(summary(again) == summary(tokens))
        #expect(again.first { $0.name == "Colors.accent" }?.description == "primary actions")
        // Colour components survive exactly at 8 bits.
        #expect(again.map(\.value).filter { if case .color = $0 { true } else { false } }.count == 4)
    }

    @Test func cssPutsDarkValuesUnderTheMediaQuery() {
        let (_, css) = exported(.css)
        #expect(css.contains("  --colors-accent: #FF7A00; /* primary actions */\n"))
        #expect(css.contains("  --colors-surface: #F5F8FB;\n"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --colors-surface: #142031;\n"))
        #expect(css.contains("--typography-body-font-size: 17px;"))
        #expect(css.contains("--typography-body-line-height: 24px;"))
        #expect(css.contains("--fonts-font-family: Inter, system-ui;"))
        #expect(css.contains("--spacing-large: 1.5rem;"))
        #expect(css.contains("--shadow-card: 0px 2px 16px 0px rgba(0, 0, 0, 0.1);"))
        #expect(css.contains("--easing-standard: cubic-bezier(0.2, 0, 0, 1);"))
        // CSS has no springs; `linear()` samples the spring's motion.
        #expect(css.contains("--spring-ring: linear(0, "))
        #expect(css.contains("--spring-ring-duration: "))
        let opens = css.filter { $0 == "{" }.count
        let closes = css.filter { $0 == "}" }.count
        #expect(opens == closes)
    }

    /// A dark-only base with a light palette for later: the light values stay under their own query
    /// (even marked as not implemented, the block is still light mode), never in the base `:root`.
    @Test func aLightOverrideOfAnUnmodedBaseKeepsItsOwnMediaQuery() {
        let (tokens, warnings) = extract(
            """
            ```css
            :root {
              --canvas: #101014;
              --ink: #EDEDF2;
              --glow: #3AE0C8;
            }
            /* planned for a later version */
            @media (prefers-color-scheme: light) {
              :root { --canvas: #FAFAFC; --ink: #202028; }
            }
            ```
            """)
        #expect(warnings.isEmpty)
        let css = TokenExport.css(TokenCatalog(tokens: tokens).unique.tokens, title: "t")
        let root = String(css[..<(css.range(of: "@media")?.lowerBound ?? css.endIndex)])
        #expect(root.contains("  --canvas: #101014;\n  --ink: #EDEDF2;\n  --glow: #3AE0C8;\n}"))
        #expect(!root.contains("#FAFAFC") && !root.contains("#202028"))
        #expect(
            css.contains(
                "@media (prefers-color-scheme: light) {\n  :root {\n    --canvas: #FAFAFC;\n    --ink: #202028;\n  }\n}"
            ))
        // A light value without a base is the default, on `:root` as before.
        let paired = extract("```ts\nconst C = { bg: { light: '#FFFFFF', dark: '#000000' } };\n```\n").tokens
        let pairCSS = TokenExport.css(paired, title: "t")
        #expect(pairCSS.contains(":root {\n  --c-bg: #FFFFFF;\n}"))
        #expect(!pairCSS.contains("prefers-color-scheme: light"))
    }

    @Test func flatJSONListsEveryTokenWithItsSource() throws {
        let (tokens, text) = exported(.json)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(list.count == tokens.count)
        #expect(list.first?["name"] as? String == "Colors.accent")
        #expect((list.first?["source"] as? [String: Any])?["line"] as? Int == 3)
        #expect(list.first?["css"] as? String == "#FF7A00")
    }

    @Test func namesThatDTCGForbidsAreMadeSafe() {
        #expect(TokenExport.dtcgName("1.5x") == "1-5x")
        #expect(TokenExport.dtcgName("$value") == "value")
        #expect(TokenExport.cssName(["Colors", "secondaryBackground"]) == "colors-secondary-background")
        #expect(TokenExport.cssName(["Brand colours", "Goal glow"]) == "brand-colours-goal-glow")
    }
}

/// Which documents the exports take their tokens from.
struct ExportSourceTests {
    func exports(_ settings: YAMLValue, log: DiagnosticLog = DiagnosticLog()) throws -> (json: String, page: String) {
        var config = SiteConfig()
        config.file = "specsite.yml"
        let context = PluginContext(settings: settings, config: config, diagnostics: log)
        let pages = [
            page("```css\n:root { --accent: #FF7A00; }\n```\n", path: "DESIGN_SYSTEM.md"),
            page("```css\n:root { --example-card: #123ABC; }\n```\n", path: "IMPLEMENTATION_GUIDE_SKILL.md"),
            page("```kotlin\nval Pending = Color(0xFF1BA821)\n```\n", path: "DARK_MODE_PLAN.md"),
        ]
        var facts: [String: [any Fact]] = [:]
        for page in pages { facts[page.sourcePath] = try TokensPlugin().analyze(page, context: context) }
        let site = Site(config: config, pages: pages, factsByPage: facts)
        var json = ""
        var html = ""
        for output in try TokensPlugin().generate(for: site, context: context) {
            if let file = output.file, file.path == "tokens.json" {
                json = String(decoding: file.contents, as: UTF8.self)
            }
            switch output {
            case .page(let generated): html = generated.contentHTML
            default: break
            }
        }
        return (json, html)
    }

    @Test func designSystemsAloneAreExportedByDefault() throws {
        let (json, page) = try exports(.null)
        #expect(json.contains("\"accent\""))
        #expect(!json.contains("example-card") && !json.contains("Pending"))
        // The Tokens page still lists every document's tokens, and says which are exported.
        #expect(page.contains("example-card") && page.contains("Pending"))
        #expect(page.contains("from <code>DESIGN_SYSTEM.md</code>. Tokens of 2 other documents"))
    }

    @Test func aUXSpecWithAStyleGuideHoldsADesignSystem() {
        let spec = page("# App UI/UX Specification\n\n## Branding & Style Guide\n", path: "front-end-spec.md")
        #expect(TokensSettings.kind(of: spec) == .design)
        let guide = page("# Implementation guide\n\n## Step 1\n", path: "IMPLEMENTATION_GUIDE_SKILL.md")
        #expect(TokensSettings.kind(of: guide) == .other)
        // A plan stays a plan whatever its headings say.
        let plan = page("# Plan\n\n## Design System\n", path: "DARK_MODE_PLAN.md")
        #expect(TokensSettings.kind(of: plan) == .plans)
    }

    /// A code style guide is no design system, whatever `Style Guide` in its title says, and a JSON
    /// formatter configuration in it holds no tokens: a bare number is no spacing token because its
    /// key (`spaces`) sounds like one.
    @Test func aCodeStyleGuideAndAFormatterConfigurationAreNoDesignSystem() {
        let guide = page("# Code Style Guide\n\n## Naming\n", path: "Documentation/CodeStyle.md")
        #expect(TokensSettings.kind(of: guide) == .other)
        #expect(TokensSettings.kind(of: page("# Notes\n", path: "code-style.md")) == .other)
        #expect(TokensSettings.kind(of: page("# Notes\n\n## Swift Coding Style Guide\n", path: "ux.md")) == .ux)
        #expect(TokensSettings.kind(of: page("# Brand\n\n## Visual Style Guide\n", path: "ux.md")) == .design)
        let config = """
            ```json
            {
              "version": 1,
              "indentation": { "spaces": 4 },
              "lineLength": 100,
              "respectsExistingLineBreaks": true
            }
            ```
            """
        #expect(extract(config).tokens.isEmpty)
        // Plain JSON shaped like tokens still reads: a colour, a unit, or a group named for a kind.
        let tokens = extract(
            "```json\n{\"spacing\": {\"sm\": 4, \"md\": 8}, \"brand\": {\"accent\": \"#FF7A00\"}}\n```\n"
        ).tokens
        #expect(describe(tokens) == ["spacing.sm - 4px", "spacing.md - 8px", "brand.accent - #FF7A00"])
    }

    /// A site without tokens writes valid, empty exports (and no Tokens page), as a site whose tokens
    /// are all outside design-system documents does.
    @Test func aSiteWithoutTokensWritesEmptyExports() throws {
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        let pages = [page("# Home\n\nNo colours here.\n", path: "index.md")]
        let site = Site(config: SiteConfig(), pages: pages, factsByPage: [:])
        var files: [String: String] = [:]
        var generatedPages = 0
        for output in try TokensPlugin().generate(for: site, context: context) {
            if case .page = output { generatedPages += 1 }
            if let file = output.file { files[file.path] = String(decoding: file.contents, as: UTF8.self) }
        }
        #expect(generatedPages == 0)
        let json = try #require(files["tokens.json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["$description"])
        #expect(files["tokens.css"]?.contains(":root {\n}\n") == true)
    }

    @Test func exportFromNamesKindsOrAll() throws {
        let all = try exports(.mapping([.init(key: "export_from", value: .scalar("all"))]))
        #expect(all.json.contains("example-card") && all.json.contains("Pending"))
        let plans = try exports(
            .mapping([.init(key: "export_from", value: .sequence([.scalar("design"), .scalar("plans")]))]))
        #expect(plans.json.contains("Pending") && !plans.json.contains("example-card"))
    }

    @Test func unknownSettingsAndKindsAreWarnedAtTheirLine() throws {
        let log = DiagnosticLog()
        _ = try exports(
            .mapping([
                .init(key: "export_form", value: .scalar("all"), line: 4),
                .init(key: "export_from", value: .sequence([.scalar("desing")]), line: 5),
            ]), log: log)
        let messages = log.all.map(\.description)
        #expect(messages.contains { $0.hasPrefix("specsite.yml:4:") && $0.contains("unknown setting 'export_form'") })
        #expect(messages.contains { $0.hasPrefix("specsite.yml:5:") && $0.contains("unknown document kind 'desing'") })
    }
}
