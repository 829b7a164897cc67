import Foundation
import SpecSiteKit

/// The plugin's settings under `plugins.tokens` in `specsite.yml`.
public struct TokensSettings: Sendable, Equatable {
    /// Whether the Tokens page is made.
    public var page = true
    /// Whether `tokens.json` and `tokens.css` are written.
    public var exports = true
    /// The kinds of document whose tokens are exported; nil for every document. By default design
    /// systems only: example code in a plan, a guide or an agent prompt is not the design system.
    public var exportFrom: Set<DocumentKind>? = [.design]

    /// The keys understood.
    static let keys = ["page", "exports", "export_from"]

    /// The settings as written, with a warning (at the setting's line) for each key or value not
    /// understood.
    public init(_ value: YAMLValue, file: String, diagnostics: DiagnosticLog?) {
        guard case .mapping(let entries) = value else { return }
        for entry in entries {
            switch entry.key {
            case "page", "exports":
                let on = !["false", "no", "off"].contains((entry.value.string ?? "").lowercased())
                if entry.key == "page" { page = on } else { exports = on }
            case "export_from":
                let items = entry.value.array?.compactMap(\.string) ?? entry.value.string.map { [$0] } ?? []
                var kinds: Set<DocumentKind> = []
                var all = false
                for item in items {
                    if item.lowercased() == "all" {
                        all = true
                    } else if let kind = Self.kind(named: item) {
                        kinds.insert(kind)
                    } else {
                        diagnostics?.warning(
                            file, line: entry.line,
                            rule: .settings,
                            "unknown document kind '\(item)' in 'plugins.tokens.export_from' (ignored); expected all, "
                                + DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                }
                if all {
                    exportFrom = nil
                } else if !kinds.isEmpty {
                    exportFrom = kinds
                }
            default:
                diagnostics?.warning(
                    file, line: entry.line,
                    rule: .settings,
                    "unknown setting '\(entry.key)' for plugin 'tokens' (ignored); expected "
                        + Self.keys.joined(separator: ", "))
            }
        }
    }

    /// Default settings.
    public init() {}

    /// A kind as `export_from` may name it: `design` (or `design-system`, `tokens`), `ux`, `prd`,
    /// `architecture`, `plans` (or `plan`), `other`.
    static func kind(named name: String) -> DocumentKind? {
        switch name.lowercased() {
        case "design-system", "design system", "tokens": .design
        case "plan": .plans
        default: DocumentKind(rawValue: name.lowercased())
        }
    }

    /// The kind of a page for exports: what the site says it is (front matter `kind:`, its file
    /// name, its title), except that a UX spec or other document holds a design system when its
    /// file name speaks of design, a theme, colours or a palette (`design.md`, `theme.md`), or a
    /// heading of it names one (`## Branding & Style Guide`, `## Component Library / Design System`),
    /// as UX specs often do.
    public static func kind(of page: Page) -> DocumentKind {
        kind(of: page, headingNamesDesignSystem: headingNamesDesignSystem(page))
    }

    /// ``kind(of:)`` with what the page's headings say worked out before:
    /// exports are made when pages no longer hold their trees, from
    /// ``TokenFact/headingNamesDesignSystem``.
    static func kind(of page: Page, headingNamesDesignSystem: @autoclosure () -> Bool) -> DocumentKind {
        let kind = DocumentKind.of(page)
        guard kind == .other || kind == .ux, page.frontMatter["kind"]?.string == nil else { return kind }
        if kind == .other {
            let words = Set(page.sourcePath.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
            let design: Set<String> = ["design", "theme", "themes", "colors", "colours", "palette", "style", "styles"]
            let code: Set<String> = ["code", "coding", "lint", "formatting"]
            if !words.isDisjoint(with: design), words.isDisjoint(with: code) { return .design }
        }
        return headingNamesDesignSystem() ? .design : kind
    }

    /// Whether a heading of the page's outline (level 1 to 3, not inside a
    /// quote or list) names a design system; it reads the page's tree.
    static func headingNamesDesignSystem(_ page: Page) -> Bool {
        page.withTree().document.root.children.contains { block in
            guard case .heading(let level, _) = block.kind, level <= 3 else { return false }
            return namesDesignSystem(block.plainText)
        }
    }

    /// Whether a heading names a design system: `Design System`, `Design Tokens`, `Style Guide`,
    /// `Styleguide`; a code style guide (`Code Style Guide`, `Swift Coding Style`) does not.
    static func namesDesignSystem(_ heading: String) -> Bool {
        let words = Set(heading.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        let aboutCode = !words.isDisjoint(with: ["code", "coding", "codestyle", "lint", "formatting"])
        return (words.contains("design") && (words.contains("system") || words.contains("tokens")))
            || (!aboutCode && ((words.contains("style") && words.contains("guide")) || words.contains("styleguide")))
    }

    /// Whether tokens of `page` go into the exports.
    public func exports(_ page: Page) -> Bool {
        exports(page, headingNamesDesignSystem: Self.headingNamesDesignSystem(page))
    }

    /// Whether tokens of `page`, whose fact says what its headings name, go into the exports.
    func exports(_ page: Page, headingNamesDesignSystem: @autoclosure () -> Bool) -> Bool {
        guard let exportFrom else { return true }
        return exportFrom.contains(Self.kind(of: page, headingNamesDesignSystem: headingNamesDesignSystem()))
    }
}
