import Foundation

/// Writes tokens in formats other tools read: the W3C DTCG format
/// (`tokens.json`), CSS custom properties (`tokens.css`), and specsite's own
/// flat JSON list.
public enum TokenExport {
    /// The formats `specsite tokens --format` offers.
    public enum Format: String, CaseIterable, Sendable {
        case dtcg, css, json
    }

    /// The key under `$extensions` where specsite keeps what DTCG has no field
    /// for: the token's kind, where it is written and how.
    public static let extensionKey = "dev.specsite"

    /// The tokens in `format`. Pass one entry per name and mode
    /// (``TokenCatalog/unique``). Source files are written relative to
    /// `contentRoot` (the content folder as messages name it), so an export
    /// does not depend on where the site was built.
    public static func render(_ tokens: [DesignToken], format: Format, title: String, contentRoot: String = "")
        -> String
    {
        let relative = tokens.map { token in
            var token = token
            if !contentRoot.isEmpty, token.source.file.hasPrefix(contentRoot + "/") {
                token.source.file = String(token.source.file.dropFirst(contentRoot.count + 1))
            }
            return token
        }
        switch format {
        case .dtcg: return dtcg(relative, title: title)
        case .css: return css(relative, title: title)
        case .json: return flat(relative)
        }
    }

    // MARK: - DTCG

    /// A tree of groups and tokens in written order.
    private final class Group {
        var children: [(String, Node)] = []
        /// Where each name is in `children`: a site can hold tens of
        /// thousands of names in one group.
        var positions: [String: Int] = [:]

        func child(_ name: String) -> Group? {
            if let position = positions[name] {
                if case .group(let group) = children[position].1 { return group }
                return nil
            }
            let group = Group()
            positions[name] = children.count
            children.append((name, .group(group)))
            return group
        }

        func add(_ name: String, _ token: DesignToken) -> Bool {
            guard positions[name] == nil else { return false }
            positions[name] = children.count
            children.append((name, .token(token)))
            return true
        }
    }

    private enum Node {
        case group(Group)
        case token(DesignToken)
    }

    /// The DTCG document: tokens without a mode at the top, then `light` and
    /// `dark` groups holding each mode's set under the same paths.
    static func dtcg(_ tokens: [DesignToken], title: String) -> String {
        let root = Group()
        for token in tokens {
            var group: Group? = root
            if let mode = token.mode { group = root.child(mode.rawValue) }
            // A variant is a group of its own, named as CSS writes it (`[data-theme="ocean"]`), which
            // reads back as that variant.
            if let variant = token.variant { group = group?.child(dtcgName(variant)) }
            let path = token.path.map(dtcgName)
            for component in path.dropLast() { group = group?.child(component) }
            _ = group?.add(path.last ?? "token", token)
        }
        var output = "{\n"
        output += "  \"$description\": \(json("Design tokens of \(title), exported by specsite"))"
        for (name, node) in root.children {
            output += ",\n"
            write(name, node, indent: 1, into: &output)
        }
        output += "\n}\n"
        return output
    }

    /// A DTCG name cannot contain `.`, `{`, `}` or start with `$`.
    static func dtcgName(_ component: String) -> String {
        var name = String(component.map { ".{}".contains($0) ? "-" : $0 })
        while name.hasPrefix("$") { name.removeFirst() }
        return name.isEmpty ? "-" : name
    }

    private static func write(_ name: String, _ node: Node, indent: Int, into output: inout String) {
        let pad = String(repeating: "  ", count: indent)
        output += pad + json(name) + ": {\n"
        switch node {
        case .group(let group):
            for (index, (childName, child)) in group.children.enumerated() {
                if index > 0 { output += ",\n" }
                write(childName, child, indent: indent + 1, into: &output)
            }
        case .token(let token):
            let inner = pad + "  "
            var fields = [
                "\(inner)\"$type\": \(json(dtcgType(token)))",
                "\(inner)\"$value\": \(dtcgValue(token.value))",
            ]
            if !token.description.isEmpty { fields.append("\(inner)\"$description\": \(json(token.description))") }
            fields.append(
                "\(inner)\"$extensions\": {\(json(extensionKey)): {\"kind\": \(json(token.kind.rawValue)), "
                    + "\"source\": \(json(token.source.description)), \"written\": \(json(token.written))}}")
            output += fields.joined(separator: ",\n")
        }
        output += "\n" + pad + "}"
    }

    /// The DTCG `$type` of a token.
    static func dtcgType(_ token: DesignToken) -> String {
        switch token.kind {
        case .color: "color"
        case .typography: "typography"
        case .fontFamily: "fontFamily"
        case .fontWeight: "fontWeight"
        case .fontSize, .spacing, .radius, .size, .letterSpacing: "dimension"
        case .lineHeight: if case .number = token.value { "number" } else { "dimension" }
        case .shadow: "shadow"
        case .duration: "duration"
        case .easing: "cubicBezier"
        // DTCG has no spring type yet; specsite names its own.
        case .spring: "spring"
        }
    }

    /// A value in DTCG's JSON shape.
    static func dtcgValue(_ value: DesignToken.Value) -> String {
        switch value {
        case .color(let color):
            let components = [color.red, color.green, color.blue].map(precise).joined(separator: ", ")
            return "{\"colorSpace\": \"srgb\", \"components\": [\(components)], \"alpha\": \(precise(color.alpha)), "
                + "\"hex\": \(json(color.opaqueHex.lowercased()))}"
        case .dimension(let dimension):
            return dimensionJSON(dimension)
        case .number(let number):
            return TokenFormat.number(number)
        case .duration(let milliseconds):
            return "{\"value\": \(TokenFormat.number(milliseconds)), \"unit\": \"ms\"}"
        case .cubicBezier(let curve):
            return "[" + curve.map { TokenFormat.number($0) }.joined(separator: ", ") + "]"
        case .fontFamily(let families):
            return families.count == 1 ? json(families[0]) : "[" + families.map(json).joined(separator: ", ") + "]"
        case .spring(let spring):
            var fields: [String] = []
            if let value = spring.stiffness { fields.append("\"stiffness\": \(TokenFormat.number(value))") }
            if let value = spring.damping { fields.append("\"damping\": \(TokenFormat.number(value))") }
            if let value = spring.mass { fields.append("\"mass\": \(TokenFormat.number(value))") }
            if let value = spring.response { fields.append("\"response\": \(TokenFormat.number(value))") }
            if let value = spring.dampingFraction {
                fields.append("\"dampingFraction\": \(TokenFormat.number(value))")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .shadow(let layers):
            let objects = layers.map { layer in
                "{\"color\": \(dtcgValue(.color(layer.color))), \"offsetX\": \(dimensionJSON(layer.offsetX)), "
                    + "\"offsetY\": \(dimensionJSON(layer.offsetY)), \"blur\": \(dimensionJSON(layer.blur)), "
                    + "\"spread\": \(dimensionJSON(layer.spread))" + (layer.inset ? ", \"inset\": true" : "") + "}"
            }
            return objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ", ") + "]"
        case .typography(let style):
            var fields: [String] = []
            if let families = style.fontFamily { fields.append("\"fontFamily\": \(dtcgValue(.fontFamily(families)))") }
            if let size = style.fontSize { fields.append("\"fontSize\": \(dimensionJSON(size))") }
            if let weight = style.fontWeight { fields.append("\"fontWeight\": \(TokenFormat.number(weight))") }
            if let spacing = style.letterSpacing { fields.append("\"letterSpacing\": \(dimensionJSON(spacing))") }
            if let height = style.lineHeight {
                fields.append(
                    "\"lineHeight\": "
                        + (height.unit.isEmpty ? TokenFormat.number(height.value) : dimensionJSON(height)))
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .alias(let target):
            return json("{\(target)}")
        }
    }

    private static func dimensionJSON(_ dimension: Dimension) -> String {
        let css = dimension.normalized
        return "{\"value\": \(TokenFormat.number(css.value)), \"unit\": \(json(css.unit))}"
    }

    /// Six decimals: enough that 8-bit colours survive the trip exactly.
    private static func precise(_ value: Double) -> String {
        TokenFormat.number(value, decimals: 6)
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    // MARK: - CSS

    /// Custom properties: unmoded values on `:root`, and light values there too unless the name has an
    /// unmoded value as well (a dark-only base with a light override), whose light value goes under
    /// `prefers-color-scheme: light`, as it was written; dark values under `prefers-color-scheme: dark`.
    /// A variant's values go under its own rule as written (`[data-theme="ocean"] { … }`,
    /// `@media (max-width: 768px) { :root { … } }`), after the base.
    static func css(_ tokens: [DesignToken], title: String) -> String {
        let unmoded = Set(tokens.filter { $0.mode == nil && $0.variant == nil }.map(\.name))
        var sections: [String: [String]] = [:]
        var order: [String] = []
        for token in tokens {
            let lines = cssDeclarations(token)
            var scheme = token.mode.map(\.rawValue) ?? ""
            if token.mode == .light && token.variant == nil && !unmoded.contains(token.name) { scheme = "" }
            let key = scheme + "|" + (token.variant ?? "")
            if sections[key] == nil { order.append(key) }
            sections[key, default: []] += lines
        }
        var output = "/* Design tokens of \(cssComment(title)), exported by specsite. */\n:root {\n"
        output += (sections["|"] ?? []).map { "  " + $0 + "\n" }.joined()
        output += "}\n"
        // The base first, then light, dark, and each variant in the order first written.
        let rank = ["": 0, "light": 1, "dark": 2]
        let keys = order.filter { $0 != "|" }.enumerated().sorted { first, second in
            let a = first.element.split(separator: "|", omittingEmptySubsequences: false)
            let b = second.element.split(separator: "|", omittingEmptySubsequences: false)
            let variantA = a[1].isEmpty ? 0 : 1
            let variantB = b[1].isEmpty ? 0 : 1
            if variantA != variantB { return variantA < variantB }
            if variantA == 0 { return rank[String(a[0]), default: 0] < rank[String(b[0]), default: 0] }
            return first.offset < second.offset
        }.map(\.element)
        for key in keys {
            guard let lines = sections[key], !lines.isEmpty else { continue }
            let parts = key.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            var rules = parts[0].isEmpty ? [] : ["@media (prefers-color-scheme: \(parts[0]))"]
            if !parts[1].isEmpty { rules += parts[1].components(separatedBy: DesignToken.variantSeparator) }
            // Declarations go in a rule with a selector: `:root` unless the variant names one.
            if rules.last.map({ $0.hasPrefix("@") }) ?? true { rules.append(":root") }
            output += "\n"
            for (depth, rule) in rules.enumerated() {
                output += String(repeating: "  ", count: depth) + cssComment(rule) + " {\n"
            }
            let indent = String(repeating: "  ", count: rules.count)
            output += lines.map { indent + $0 + "\n" }.joined()
            for depth in rules.indices.reversed() { output += String(repeating: "  ", count: depth) + "}\n" }
        }
        return output
    }

    /// `Colors.secondaryBackground` → `colors-secondary-background`.
    public static func cssName(_ path: [String]) -> String {
        var name = ""
        for component in path {
            if !name.isEmpty { name += "-" }
            var previousWasLower = false
            for character in component {
                if character.isUppercase && previousWasLower { name += "-" }
                if character.isLetter || character.isNumber {
                    name += character.lowercased()
                } else if !name.hasSuffix("-") {
                    name += "-"
                }
                previousWasLower = character.isLowercase || character.isNumber
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "token" : name
    }

    /// The declarations of one token (a type style gives one per property).
    static func cssDeclarations(_ token: DesignToken) -> [String] {
        let name = "--" + cssName(token.path)
        let note = token.description.isEmpty ? "" : " /* \(cssComment(token.description)) */"
        switch token.value {
        case .typography(let style):
            var lines: [String] = []
            if let families = style.fontFamily { lines.append("\(name)-font-family: \(cssFamilies(families));") }
            if let size = style.fontSize { lines.append("\(name)-font-size: \(size);") }
            if let weight = style.fontWeight { lines.append("\(name)-font-weight: \(TokenFormat.number(weight));") }
            if let height = style.lineHeight {
                lines.append(
                    "\(name)-line-height: \(height.unit.isEmpty ? TokenFormat.number(height.value) : "\(height)");")
            }
            if let spacing = style.letterSpacing { lines.append("\(name)-letter-spacing: \(spacing);") }
            return lines
        case .spring(let spring):
            let duration = MotionPlots.settleTime(spring)
            return [
                "\(name): \(springEasing(spring));\(note)",
                "\(name)-duration: \(TokenFormat.number((duration * 1000).rounded()))ms;",
            ]
        case .alias:
            return []
        default:
            return ["\(name): \(cssValue(token.value));\(note)"]
        }
    }

    /// A value as CSS writes it.
    public static func cssValue(_ value: DesignToken.Value) -> String {
        switch value {
        case .color(let color): color.hex
        case .dimension(let dimension): dimension.description
        case .number(let number): TokenFormat.number(number)
        case .duration(let milliseconds): TokenFormat.number(milliseconds) + "ms"
        case .cubicBezier(let curve):
            "cubic-bezier(" + curve.map { TokenFormat.number($0) }.joined(separator: ", ") + ")"
        case .fontFamily(let families): cssFamilies(families)
        case .shadow(let layers): layers.map(\.css).joined(separator: ", ")
        case .spring(let spring): springEasing(spring)
        case .typography(let style):
            [
                style.fontWeight.map { TokenFormat.number($0) }, style.fontSize?.description,
                style.fontFamily.map(cssFamilies),
            ].compactMap { $0 }.joined(separator: " ")
        case .alias(let target): "{\(target)}"
        }
    }

    /// A spring as a CSS `linear()` easing: its step response sampled over
    /// its settle time, which CSS can run without JavaScript.
    static func springEasing(_ spring: Spring) -> String {
        let duration = max(MotionPlots.settleTime(spring), 0.001)
        let points = (0...24).map { step -> String in
            let time = duration * Double(step) / 24
            return TokenFormat.number((MotionPlots.springPosition(spring, at: time) * 1000).rounded() / 1000)
        }
        return "linear(" + points.joined(separator: ", ") + ")"
    }

    private static func cssFamilies(_ families: [String]) -> String {
        let generic: Set<String> = [
            "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-sans-serif", "ui-serif",
            "ui-monospace", "ui-rounded", "-apple-system", "blinkmacsystemfont",
        ]
        return families.map { family in
            generic.contains(family.lowercased()) || !family.contains(" ")
                ? family : "\"" + family.replacingOccurrences(of: "\"", with: "") + "\""
        }.joined(separator: ", ")
    }

    private static func cssComment(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: - Flat JSON

    /// specsite's flat list: one object per token with its name, mode, kind,
    /// CSS value, value as written, description and source.
    static func flat(_ tokens: [DesignToken]) -> String {
        let items = tokens.map { token in
            var fields = [
                "\"name\": \(json(token.name))",
                "\"path\": [" + token.path.map(json).joined(separator: ", ") + "]",
                "\"mode\": " + (token.mode.map { json($0.rawValue) } ?? "null"),
                "\"variant\": " + (token.variant.map(json) ?? "null"),
                "\"kind\": \(json(token.kind.rawValue))",
                "\"type\": \(json(dtcgType(token)))",
                "\"value\": \(dtcgValue(token.value))",
                "\"css\": \(json(cssValue(token.value)))",
                "\"written\": \(json(token.written))",
            ]
            if !token.description.isEmpty { fields.append("\"description\": \(json(token.description))") }
            fields.append("\"source\": {\"file\": \(json(token.source.file)), \"line\": \(token.source.line)}")
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "]\n" : "\n]\n")
    }
}
