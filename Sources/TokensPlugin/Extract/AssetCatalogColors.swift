import Foundation

/// Reads an Xcode asset catalog colour set (`Accent.colorset/Contents.json`): one colour per
/// appearance, `{"appearance": "luminosity", "value": "dark"}` making the dark one.
enum AssetCatalogColors {
    /// The colour set's entries as (mode, colour as CSS, line), or nil when `document` is not a
    /// colour set. Components are written as `0xFF`, `255` or `1.000`; an unreadable one skips its
    /// entry.
    static func read(_ document: CodeValue) -> [(mode: DesignToken.Mode?, css: String, line: Int)]? {
        guard case .object(let root, _) = document, let colors = value(root, "colors"),
            case .array(let entries) = colors
        else { return nil }
        var result: [(mode: DesignToken.Mode?, css: String, line: Int)] = []
        for entry in entries {
            guard case .object(let fields, _) = entry.value, let color = value(fields, "color"),
                case .object(let colorFields, _) = color, let components = value(colorFields, "components"),
                case .object(let channels, _) = components
            else { continue }
            var mode: DesignToken.Mode?
            if case .array(let appearances)? = value(fields, "appearances") {
                for appearance in appearances {
                    guard case .object(let parts, _) = appearance.value, let kind = string(value(parts, "value"))
                    else { continue }
                    if kind == "dark" { mode = .dark }
                    if kind == "light" { mode = .light }
                    // High contrast variants are not a colour scheme.
                    if kind == "high" { mode = nil }
                }
                if mode == nil { continue }
            }
            let parts = ["red", "green", "blue"].map { byte(string(value(channels, $0))) }
            guard let red = parts[0], let green = parts[1], let blue = parts[2] else { continue }
            let alpha = string(value(channels, "alpha")).flatMap(Double.init) ?? 1
            let css =
                String(format: "#%02X%02X%02X", red, green, blue)
                + (alpha < 1 ? String(format: "%02X", Int((alpha * 255).rounded())) : "")
            result.append((mode, css, entry.line))
        }
        return result.isEmpty ? nil : result
    }

    private static func value(_ entries: [CodeEntry], _ key: String) -> CodeValue? {
        entries.first { $0.key.map { ValueReader.unquote($0) ?? $0 } == key }?.value
    }

    private static func string(_ value: CodeValue?) -> String? {
        guard case .scalar(let text)? = value else { return nil }
        return ValueReader.unquote(text) ?? text
    }

    /// `0xFF`, `255` or `1.000` (a fraction) as 0...255.
    private static func byte(_ text: String?) -> Int? {
        guard let text else { return nil }
        if text.lowercased().hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16).map { min(max($0, 0), 255) } }
        guard let number = Double(text), number.isFinite else { return nil }
        if text.contains(".") { return Int((min(max(number, 0), 1) * 255).rounded()) }
        return min(max(Int(number), 0), 255)
    }
}
