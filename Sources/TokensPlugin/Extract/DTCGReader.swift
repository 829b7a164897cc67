import Foundation

/// Reads tokens in the W3C Design Tokens Community Group format: `$value`,
/// `$type` (inherited from enclosing groups), `$description`, and aliases
/// written `{group.token}`. The JSON is parsed by ``CodeDeclarations`` rather
/// than `JSONSerialization` so tokens keep their written order and lines.
struct DTCGReader {
    var collector: TokenCollector

    /// Reads one token object (the entries of an object holding `$value`).
    mutating func token(
        path: [String], entries: [CodeEntry], inheritedType: String?, mode: DesignToken.Mode?, line: Int
    ) {
        guard !path.isEmpty, let value = entries.first(where: { $0.key == "$value" })?.value else { return }
        let type = entries.first(where: { $0.key == "$type" }).flatMap { Self.string($0.value) } ?? inheritedType
        let description = entries.first(where: { $0.key == "$description" }).flatMap { Self.string($0.value) } ?? ""
        var kind = Self.kind(type: type, path: path)
        if let named = Self.extensionKind(entries) { kind = named }
        let written = Self.written(value)

        if let text = Self.string(value), let target = ValueReader.referenceSyntax(text), text.hasPrefix("{") {
            collector.refer(
                path: path, mode: mode, target: target, written: text, description: description, line: line,
                kind: nil)
            return
        }
        guard let kind, let parsed = read(value, kind: kind, path: path, line: line) else {
            if type != nil || kind != nil {
                collector.warn(line: line, "\(path.joined(separator: ".")): cannot read $value \(written)")
            }
            return
        }
        collector.add(
            path: path, mode: mode, kind: kind, value: parsed, written: written, description: description, line: line)
    }

    /// The token kind of a DTCG `$type`, refined by the name for dimensions.
    static func kind(type: String?, path: [String]) -> DesignToken.Kind? {
        let named = ValueReader.kind(for: path)
        switch type {
        case "color": return .color
        case "dimension":
            if let named, ValueReader.dimensionKinds.contains(named) { return named }
            return .size
        case "fontFamily": return .fontFamily
        case "fontWeight": return .fontWeight
        case "duration": return .duration
        case "cubicBezier": return .easing
        case "shadow": return .shadow
        case "typography": return .typography
        case "spring": return .spring
        case "number": return named == .lineHeight || named == .fontWeight ? named : nil
        case nil: return named
        default: return nil
        }
    }

    /// `$extensions.specsite.kind`, which specsite writes so a spacing token
    /// stays spacing after a round trip through `tokens.json`.
    static func extensionKind(_ entries: [CodeEntry]) -> DesignToken.Kind? {
        guard case .object(let extensions, _)? = entries.first(where: { $0.key == "$extensions" })?.value,
            case .object(let ours, _)? = extensions.first(where: { key($0) == TokenExport.extensionKey })?.value,
            let kind = ours.first(where: { key($0) == "kind" }).flatMap({ string($0.value) })
        else { return nil }
        return DesignToken.Kind(rawValue: kind)
    }

    private mutating func read(_ value: CodeValue, kind: DesignToken.Kind, path: [String], line: Int)
        -> DesignToken.Value?
    {
        switch kind {
        case .color:
            return Self.color(value, warn: { collector.warn(line: line, "\(path.joined(separator: ".")): \($0)") })
                .map { .color($0) }
        case .spacing, .radius, .size, .fontSize, .letterSpacing:
            return Self.dimension(value).map { .dimension($0) }
        case .lineHeight:
            if let number = Self.number(value) { return .number(number) }
            return Self.dimension(value).map { .dimension($0) }
        case .fontWeight:
            if let number = Self.number(value) { return .number(number) }
            return Self.string(value).flatMap(ValueReader.fontWeightName).map { .number($0) }
        case .fontFamily:
            if let text = Self.string(value) { return .fontFamily(ValueReader.fontFamilies(text)) }
            if case .array(let items) = value { return .fontFamily(items.compactMap { Self.string($0.value) }) }
            return nil
        case .duration:
            if let text = Self.string(value),
                case .value(.duration(let ms), _) = ValueReader.readText(
                    text, kind: .duration)
            {
                return .duration(milliseconds: ms)
            }
            if case .object(let fields, _) = value, let number = Self.number(field("value", fields)) {
                let unit = field("unit", fields).flatMap(Self.string) ?? "ms"
                return .duration(milliseconds: unit == "s" ? number * 1000 : number)
            }
            return nil
        case .easing:
            if case .array(let items) = value {
                let numbers = items.compactMap { Self.number($0.value) }
                return numbers.count == 4 ? .cubicBezier(numbers) : nil
            }
            return nil
        case .shadow:
            if case .array(let layers) = value {
                let shadows = layers.compactMap { layer -> Shadow? in
                    guard case .object(let fields, _) = layer.value else { return nil }
                    return Self.shadow(fields)
                }
                return shadows.count == layers.count && !shadows.isEmpty ? .shadow(shadows) : nil
            }
            if case .object(let fields, _) = value, let shadow = Self.shadow(fields) { return .shadow([shadow]) }
            return nil
        case .typography:
            guard case .object(let fields, _) = value else { return nil }
            var style = Typography()
            if let family = field("fontFamily", fields) {
                if let text = Self.string(family) {
                    style.fontFamily = ValueReader.fontFamilies(text)
                } else if case .array(let items) = family {
                    style.fontFamily = items.compactMap { Self.string($0.value) }
                }
            }
            style.fontSize = field("fontSize", fields).flatMap(Self.dimension)
            if let height = field("lineHeight", fields) {
                style.lineHeight = Self.number(height).map { Dimension($0, "") } ?? Self.dimension(height)
            }
            if let weight = field("fontWeight", fields) {
                style.fontWeight = Self.number(weight) ?? Self.string(weight).flatMap(ValueReader.fontWeightName)
            }
            style.letterSpacing = field("letterSpacing", fields).flatMap(Self.dimension)
            return style.isEmpty ? nil : .typography(style)
        case .spring:
            guard case .object(let fields, _) = value else { return nil }
            let spring = Spring(
                stiffness: Self.number(field("stiffness", fields)), damping: Self.number(field("damping", fields)),
                mass: Self.number(field("mass", fields)), response: Self.number(field("response", fields)),
                dampingFraction: Self.number(field("dampingFraction", fields)))
            return spring.isComplete ? .spring(spring) : nil
        }
    }

    // MARK: - JSON values

    private func field(_ name: String, _ fields: [CodeEntry]) -> CodeValue? {
        fields.first(where: { Self.key($0) == name })?.value
    }

    /// An entry's key without quotes.
    static func key(_ entry: CodeEntry) -> String? {
        entry.key.map { ValueReader.unquote($0) ?? $0 }
    }

    /// A JSON string's contents.
    static func string(_ value: CodeValue) -> String? {
        guard case .scalar(let text) = value else { return nil }
        return ValueReader.unquote(text)
    }

    /// A JSON number.
    static func number(_ value: CodeValue?) -> Double? {
        guard case .scalar(let text)? = value, ValueReader.unquote(text) == nil else { return nil }
        return Double(text.trimmed())
    }

    /// `"16px"` or `{"value": 16, "unit": "px"}`.
    static func dimension(_ value: CodeValue) -> Dimension? {
        if let text = string(value), let (number, unit) = ValueReader.unitNumber(text), unit != "ms", unit != "s" {
            return Dimension(number, unit.isEmpty ? "px" : unit)
        }
        if let number = number(value) { return Dimension(number, "px") }
        if case .object(let fields, _) = value,
            let number = number(fields.first(where: { key($0) == "value" })?.value)
        {
            let unit = fields.first(where: { key($0) == "unit" }).flatMap { string($0.value) } ?? "px"
            return Dimension(number, unit)
        }
        return nil
    }

    /// `"#007AFF"` or `{"colorSpace": "srgb", "components": [0, 0.48, 1], "alpha": 1, "hex": "#007aff"}`.
    static func color(_ value: CodeValue, warn: (String) -> Void) -> TokenColor? {
        if let text = string(value) {
            switch ColorLiteral.parseCSS(text) {
            case .color(let color): return color
            case .invalid(let message):
                warn(message)
                return nil
            case .notColor: return nil
            }
        }
        guard case .object(let fields, _) = value else { return nil }
        let space = fields.first(where: { key($0) == "colorSpace" }).flatMap { string($0.value) } ?? "srgb"
        let alpha = number(fields.first(where: { key($0) == "alpha" })?.value) ?? 1
        if space == "srgb", case .array(let items)? = fields.first(where: { key($0) == "components" })?.value {
            let components = items.compactMap { number($0.value) }
            if components.count == 3 {
                return TokenColor(red: components[0], green: components[1], blue: components[2], alpha: alpha)
            }
        }
        // Another colour space: its `hex` fallback is what any tool can show.
        if let hex = fields.first(where: { key($0) == "hex" }).flatMap({ string($0.value) }),
            case .color(let color) = ColorLiteral.parseCSS(hex)
        {
            return color.withAlpha(alpha)
        }
        warn("colour in colour space '\(space)' has no sRGB components or hex fallback")
        return nil
    }

    /// A DTCG shadow object.
    static func shadow(_ fields: [CodeEntry]) -> Shadow? {
        guard let colorValue = fields.first(where: { key($0) == "color" })?.value,
            let color = color(colorValue, warn: { _ in })
        else { return nil }
        func length(_ name: String) -> Dimension {
            fields.first(where: { key($0) == name }).flatMap { dimension($0.value) } ?? Dimension(0)
        }
        let inset = fields.first(where: { key($0) == "inset" }).map { $0.value == .scalar("true") } ?? false
        return Shadow(
            color: color, offsetX: length("offsetX"), offsetY: length("offsetY"), blur: length("blur"),
            spread: length("spread"), inset: inset)
    }

    /// A value as it would be quoted in a message.
    static func written(_ value: CodeValue) -> String {
        switch value {
        case .scalar(let text): text
        case .array(let items): "[" + items.map { written($0.value) }.joined(separator: ", ") + "]"
        case .object(let fields, _):
            "{ " + fields.map { ($0.key ?? "") + ": " + written($0.value) }.joined(separator: ", ") + " }"
        case .tuple(let fields):
            "(" + fields.map { ($0.key.map { $0 + ": " } ?? "") + written($0.value) }.joined(separator: ", ") + ")"
        case .opaque: "…"
        }
    }
}
