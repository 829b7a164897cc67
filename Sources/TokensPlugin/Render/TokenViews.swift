import Foundation
import SpecSiteKit

/// Draws tokens as a designer looks at them: colour swatches with their
/// values and contrast, type specimens at their real size, spacing bars,
/// rounded boxes, shadowed cards and motion plots.
struct TokenViews {
    /// The catalog, for background colours to measure contrast against.
    let catalog: TokenCatalog
    /// A token's file as the content folder names it (`DESIGN_SYSTEM.md`), not
    /// as the user spelled the folder (`./content/…`): the seed of its drawings'
    /// ids, which must not change with how the build was invoked.
    var relativeFile: (String) -> String = { $0 }

    /// A grid of tokens; a light/dark pair shares one card.
    func grid(_ tokens: [DesignToken], sourceLinks: ((DesignToken) -> String)? = nil) -> String {
        var html = "<div class=\"tk-grid\">"
        for group in Self.paired(tokens) {
            html += card(group, sourceLink: sourceLinks)
        }
        return html + "</div>"
    }

    /// Tokens grouped so that the light and dark sides of a name are together,
    /// in the order the first of each is written.
    static func paired(_ tokens: [DesignToken]) -> [[DesignToken]] {
        var order: [String] = []
        var groups: [String: [DesignToken]] = [:]
        for token in tokens {
            let key = token.kind.rawValue + "|" + token.name
            if groups[key] == nil { order.append(key) }
            if !(groups[key]?.contains(where: {
                $0.mode == token.mode && $0.variant == token.variant && $0.value == token.value
            }) ?? false) {
                groups[key, default: []].append(token)
            }
        }
        // The base values first, light before dark, then each variant in written order.
        return order.compactMap { key in
            guard let group = groups[key] else { return nil }
            var variants: [String] = []
            for token in group {
                if let variant = token.variant, !variants.contains(variant) { variants.append(variant) }
            }
            return group.enumerated().sorted { first, second in
                let a = first.element.variant.flatMap { variants.firstIndex(of: $0) } ?? -1
                let b = second.element.variant.flatMap { variants.firstIndex(of: $0) } ?? -1
                if a != b { return a < b }
                let modeA = first.element.mode ?? .light
                let modeB = second.element.mode ?? .light
                if modeA != modeB { return modeA < modeB }
                return first.offset < second.offset
            }.map(\.element)
        }
    }

    /// One card: the drawing, the name and each mode's values.
    private func card(_ group: [DesignToken], sourceLink: ((DesignToken) -> String)?) -> String {
        guard let first = group.first else { return "" }
        // The kind's class has its own prefix: `tk-radius` or `tk-size` alone would also match the drawing's.
        var html = "<div class=\"tk-card tk-kind-\(first.kind.rawValue)\""
        // Only the Tokens page (which links sources) has a filter to search with.
        if sourceLink != nil {
            let search =
                ([first.name, first.kind.title] + group.map { $0.written }
                + group.compactMap { token in
                    if case .color(let color) = token.value { return color.hex } else { return nil }
                }).joined(separator: " ").lowercased()
            html += " data-search=\"\(HTMLEscaping.escape(search))\""
        }
        html += ">"
        html += drawing(group)
        html += "<div class=\"tk-meta\">"
        html += "<p class=\"tk-name\">\(copyable(first.name, label: "name"))</p>"
        for token in group {
            html += "<div class=\"tk-mode\">"
            if let mode = token.mode { html += "<span class=\"tk-mode-label\">\(mode.rawValue.capitalized)</span>" }
            if let variant = token.variant {
                html += " <span class=\"tk-mode-label tk-variant\"><code>\(HTMLEscaping.escape(variant))</code></span>"
            }
            html += details(token)
            html += "</div>"
        }
        let description = group.map(\.description).first { !$0.isEmpty }
        if let description { html += "<p class=\"tk-description\">\(HTMLEscaping.escape(description))</p>" }
        if let sourceLink {
            // A pair written on one line (a table row) links once.
            var links: [String] = []
            for link in group.map(sourceLink) where !links.contains(link) { links.append(link) }
            html += "<p class=\"tk-source-link\">" + links.joined(separator: " ") + "</p>"
        }
        html += "</div></div>"
        return html
    }

    /// A value `tokens.js` gives a copy button (`data-copy` names what it is,
    /// for the button's label); without scripts it stays selectable text.
    private func copyable(_ text: String, label: String) -> String {
        "<code class=\"tk-copyable\" data-copy=\"\(label)\">\(HTMLEscaping.escape(text))</code>"
    }

    // MARK: - Drawings

    private func drawing(_ group: [DesignToken]) -> String {
        guard let first = group.first else { return "" }
        let title = first.name
        let seed = relativeFile(first.source.file) + ":\(first.source.line)"
        switch first.value {
        case .color:
            var html = "<div class=\"tk-chip\(group.count > 1 ? " tk-chip-pair" : "")\" aria-hidden=\"true\">"
            for token in group {
                if case .color(let color) = token.value {
                    html += "<span style=\"--tk-color: \(color.hex)\"></span>"
                }
            }
            return html + "</div>"
        case .typography(let style):
            return "<p class=\"tk-specimen\" style=\"\(HTMLEscaping.escape(Self.css(style)))\">"
                + "The quick brown fox jumps over the lazy dog 0123456789</p>"
        case .fontFamily(let families):
            let css = TokenExport.cssValue(.fontFamily(Self.withFallback(families)))
            return "<p class=\"tk-specimen\" style=\"font-family: \(HTMLEscaping.escape(css))\">Aa Bb Cc Gg Qq 0123</p>"
        case .number(let weight) where first.kind == .fontWeight:
            return "<p class=\"tk-specimen\" style=\"font-weight: \(TokenFormat.number(weight))\">Aa Bb Cc</p>"
        case .dimension(let dimension):
            return dimensionDrawing(dimension, kind: first.kind)
        case .number(let number) where first.kind == .lineHeight:
            return "<p class=\"tk-specimen tk-lines\" style=\"line-height: \(TokenFormat.number(number))\">"
                + "Line height<br>drawn on<br>three lines</p>"
        case .shadow(let layers):
            let shadows = layers.map(\.css).joined(separator: ", ")
            return "<div class=\"tk-shadow-stage\" aria-hidden=\"true\">"
                + "<div class=\"tk-shadow-card\" style=\"box-shadow: \(HTMLEscaping.escape(shadows))\"></div></div>"
        case .duration(let milliseconds):
            return "<div class=\"tk-plot\">"
                + MotionPlots.durationSVG(milliseconds: milliseconds, title: title, idSeed: seed) + "</div>"
        case .cubicBezier(let curve):
            return "<div class=\"tk-plot\">" + MotionPlots.easingSVG(curve, title: title, idSeed: seed) + "</div>"
        case .spring(let spring):
            return "<div class=\"tk-plot\">" + MotionPlots.springSVG(spring, title: title, idSeed: seed) + "</div>"
        case .number, .alias:
            return ""
        }
    }

    /// Spacing as a bar, radii as a rounded box, sizes as a square, font
    /// sizes as letters, all at their real size (capped so a 999 px radius
    /// or a 400 px size still fits the card).
    private func dimensionDrawing(_ dimension: Dimension, kind: DesignToken.Kind) -> String {
        let pixels = min(max(dimension.pixels, 0), 10_000)
        let shown = TokenFormat.number(min(pixels, 240))
        switch kind {
        case .spacing:
            return "<div class=\"tk-bar\" aria-hidden=\"true\"><span style=\"width: \(shown)px\"></span></div>"
        case .radius:
            return
                "<div class=\"tk-radius\" aria-hidden=\"true\" style=\"border-radius: \(TokenFormat.number(min(pixels, 48)))px\"></div>"
        case .fontSize:
            return "<p class=\"tk-specimen\" style=\"font-size: \(TokenFormat.number(min(pixels, 96)))px\">Aa</p>"
        case .letterSpacing:
            return
                "<p class=\"tk-specimen\" style=\"letter-spacing: \(HTMLEscaping.escape(dimension.description))\">Tracking</p>"
        default:
            let side = TokenFormat.number(min(pixels, 96))
            return
                "<div class=\"tk-size\" aria-hidden=\"true\"><span style=\"width: \(side)px; height: \(side)px\"></span></div>"
        }
    }

    /// A type style as inline CSS. A family list without a generic family
    /// gets the system sans-serif after it, so a font the reader lacks
    /// falls back to a sans-serif, not the browser's default serif.
    static func css(_ style: Typography) -> String {
        var parts: [String] = []
        if let families = style.fontFamily {
            parts.append("font-family: \(TokenExport.cssValue(.fontFamily(withFallback(families))))")
        }
        if let size = style.fontSize { parts.append("font-size: \(size)") }
        if let height = style.lineHeight {
            parts.append("line-height: " + (height.unit.isEmpty ? TokenFormat.number(height.value) : "\(height)"))
        }
        if let weight = style.fontWeight { parts.append("font-weight: \(TokenFormat.number(weight))") }
        if let spacing = style.letterSpacing { parts.append("letter-spacing: \(spacing)") }
        return parts.joined(separator: "; ")
    }

    /// `families` with `system-ui, sans-serif` after them unless they end in a generic family.
    static func withFallback(_ families: [String]) -> [String] {
        let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
        guard let last = families.last?.lowercased(), !generic.contains(last) else { return families }
        return families + ["system-ui", "sans-serif"]
    }

    // MARK: - Values

    private func details(_ token: DesignToken) -> String {
        var html = "<dl class=\"tk-values\">"
        func row(_ term: String, _ value: String) {
            html += "<dt>\(term)</dt><dd>\(value)</dd>"
        }
        row("Written", copyable(token.written, label: "value"))
        if let alias = token.alias { row("Alias of", "<code>\(HTMLEscaping.escape(alias))</code>") }
        switch token.value {
        case .color(let color):
            if color.hex != token.written.uppercased() { row("Hex", copyable(color.hex, label: "hex")) }
            row("RGB", "<code>\(color.cssRGB)</code>")
            row("HSL", "<code>\(color.cssHSL)</code>")
            if let contrast = contrast(token) { row("Contrast", contrast) }
        case .typography(let style):
            row("Style", "<code>\(HTMLEscaping.escape(Self.css(style)))</code>")
        case .spring(let spring):
            let overshoot = MotionPlots.overshoot(spring) * 100
            row(
                "Motion",
                "damping ratio \(TokenFormat.number((spring.dampingRatio * 100).rounded() / 100)), "
                    + "settles in \(TokenFormat.number((MotionPlots.settleTime(spring) * 100).rounded() / 100)) s"
                    + (overshoot >= 0.1 ? ", overshoots \(TokenFormat.number((overshoot * 10).rounded() / 10)) %" : ""))
        case .alias:
            break
        default:
            let css = TokenExport.cssValue(token.value)
            if css != token.written { row("CSS", "<code>\(HTMLEscaping.escape(css))</code>") }
        }
        return html + "</dl>"
    }

    /// WCAG 2.x contrast, with its AA/AAA badge, and APCA Lc beside it, for the pairs this colour
    /// is used in (``ContrastPairs``); nil when it has none.
    private func contrast(_ token: DesignToken) -> String? {
        let pairs = catalog.contrastPairs.pairs(for: token)
        guard !pairs.isEmpty else { return nil }
        var html = "<ul class=\"tk-contrast\">"
        for pair in pairs {
            let partner = "<code>\(HTMLEscaping.escape(pair.partner))</code>"
            let side = pair.cardIsBackground ? "under \(partner)" : "on \(partner)"
            guard pair.background.isOpaque else {
                // What shows through a translucent ground decides the contrast; no ratio is made up.
                html +=
                    "<li>\(side) <span class=\"tk-apca\">translucent ground: depends on what is behind it</span></li>"
                continue
            }
            let ratio = pair.foreground.contrastRatio(with: pair.background)
            let lc = pair.foreground.apcaContrast(on: pair.background)
            let (badge, level) = pair.isIcon ? Self.iconBadge(ratio) : Self.badge(ratio)
            html +=
                "<li><span class=\"tk-ratio\">\(String(format: "%.2f", ratio)):1</span> " + side
                + " <span class=\"tk-badge tk-badge-\(level)\">\(badge)</span>"
                + " <span class=\"tk-apca\" title=\"APCA lightness contrast\">Lc \(String(format: "%.0f", lc))</span></li>"
        }
        return html + "</ul>"
    }

    /// The WCAG level a non-text mark reaches: 3:1 (success criterion 1.4.11), or none.
    static func iconBadge(_ ratio: Double) -> (label: String, level: String) {
        ratio >= 3 ? ("AA", "aa") : ("Fails", "fail")
    }

    /// The WCAG level a ratio reaches: AAA (7:1), AA (4.5:1), AA for large text (3:1), or none.
    static func badge(_ ratio: Double) -> (label: String, level: String) {
        if ratio >= 7 { return ("AAA", "aaa") }
        if ratio >= 4.5 { return ("AA", "aa") }
        if ratio >= 3 { return ("AA large", "large") }
        return ("Fails", "fail")
    }
}
