import Foundation

/// Turns declarations found in code into tokens: object paths become names,
/// `{ light, dark }` pairs become modes, and objects shaped like a type
/// style, a shadow or a spring become one composite token.
struct CodeTokens {
    /// Keys of a type style.
    static let typographyKeys: Set<String> = [
        "fontsize", "lineheight", "fontweight", "letterspacing", "fontfamily", "fontstyle", "texttransform",
        "size", "weight", "family", "tracking", "leading",
    ]
    /// Keys of a shadow (React Native's and the DTCG's).
    static let shadowKeys: Set<String> = [
        "shadowcolor", "shadowoffset", "shadowopacity", "shadowradius", "elevation", "offsetx", "offsety", "blur",
        "spread", "color", "x", "y", "radius", "opacity", "inset",
    ]
    /// Keys of a spring.
    static let springKeys: Set<String> = [
        "damping", "stiffness", "mass", "response", "dampingfraction", "dampingratio", "bounce",
        "overshootclamping", "restdisplacementthreshold", "restspeedthreshold", "velocity", "duration",
    ]
    /// Keys that only a style (a component's layout) has, never a token group.
    static let styleOnlyKeys: Set<String> = [
        "flexdirection", "justifycontent", "alignitems", "alignself", "flex", "position", "display", "overflow",
        "margintop", "marginbottom", "marginleft", "marginright", "marginhorizontal", "marginvertical",
        "paddingtop", "paddingbottom", "paddingleft", "paddingright", "paddinghorizontal", "paddingvertical",
        "borderwidth", "borderbottomwidth", "bordertopwidth", "transform", "zindex", "textalign", "minheight",
        "minwidth", "maxwidth", "maxheight",
    ]

    var collector: TokenCollector

    /// Reads every declaration of the code.
    mutating func read(_ declarations: [CodeDeclaration]) {
        for declaration in declarations {
            interpret(
                path: declaration.path, value: declaration.value, mode: nil, line: declaration.line,
                comment: declaration.comment, dtcgType: nil)
        }
    }

    /// Reads a whole value with no name of its own (a JSON document).
    mutating func read(document: CodeValue) {
        interpret(path: [], value: document, mode: nil, line: 1, comment: "", dtcgType: nil)
    }

    private mutating func interpret(
        path: [String], value: CodeValue, mode: DesignToken.Mode?, line: Int, comment: String, dtcgType: String?
    ) {
        switch value {
        case .opaque:
            return
        case .scalar(let text):
            scalar(path: path, text: text, mode: mode, line: line, comment: comment)
        case .tuple(let entries):
            tuple(path: path, entries: entries, mode: mode, line: line, comment: comment)
        case .array(let entries):
            array(path: path, entries: entries, mode: mode, line: line, comment: comment, dtcgType: dtcgType)
        case .object(let entries, let hasSpread):
            if entries.contains(where: { $0.key == "$value" }) {
                var reader = DTCGReader(collector: collector)
                reader.token(path: path, entries: entries, inheritedType: dtcgType, mode: mode, line: line)
                collector = reader.collector
                return
            }
            let keys = Set(entries.compactMap { $0.key?.lowercased() })
            if hasSpread || !keys.isDisjoint(with: Self.styleOnlyKeys) { return }
            if composite(path: path, entries: entries, keys: keys, mode: mode, line: line, comment: comment) {
                return
            }
            let groupType = entries.first(where: { $0.key == "$type" }).flatMap { entry -> String? in
                if case .scalar(let text) = entry.value { return ValueReader.unquote(text) ?? text }
                return nil
            }
            // Material UI's `{ main, light, dark, contrastText }`: `light` and
            // `dark` are shades of the colour beside `main`, not modes.
            let isShades = keys.contains("main") || keys.contains("contrasttext")
            for entry in entries {
                guard let key = entry.key.map({ ValueReader.unquote($0) ?? $0 }), !key.hasPrefix("$") else { continue }
                let entryComment = entry.comment.isEmpty && entries.count == 1 ? comment : entry.comment
                if isShades {
                    let named = collector.pathNamesModes
                    collector.pathNamesModes = false
                    interpret(
                        path: path + [key], value: entry.value, mode: mode, line: entry.line, comment: entryComment,
                        dtcgType: groupType ?? dtcgType)
                    collector.pathNamesModes = named
                } else if let named = DesignToken.Mode(rawValue: key.lowercased()) {
                    interpret(
                        path: path, value: entry.value, mode: named, line: entry.line, comment: entryComment,
                        dtcgType: groupType ?? dtcgType)
                } else {
                    interpret(
                        path: path + [key], value: entry.value, mode: mode, line: entry.line, comment: entryComment,
                        dtcgType: groupType ?? dtcgType)
                }
            }
        }
    }

    private mutating func scalar(path: [String], text: String, mode: DesignToken.Mode?, line: Int, comment: String) {
        guard !path.isEmpty else { return }
        if mode == nil, let pair = Self.lightDarkArguments(text) {
            scalar(path: path, text: pair.light, mode: .light, line: line, comment: comment)
            scalar(path: path, text: pair.dark, mode: .dark, line: line, comment: comment)
            return
        }
        let hint = ValueReader.kind(for: path)
        switch ValueReader.readCode(text, kind: hint) {
        case .value(let value, let proven):
            guard let kind = proven ?? hint else { return }
            collector.add(
                path: path, mode: mode, kind: kind, value: value, written: text, description: comment, line: line)
        case .invalidColor(let message):
            collector.warn(line: line, "\(path.joined(separator: ".")): \(message)")
        case .reference(let target):
            collector.refer(
                path: path, mode: mode, target: target, written: text, description: comment, line: line, kind: nil)
        case .none:
            return
        }
    }

    /// The two arguments of a colour made for both appearances, `Color(light: …, dark: …)` (a common
    /// SwiftUI extension, also on `UIColor` and `NSColor`), as written; nil for anything else.
    static func lightDarkArguments(_ text: String) -> (light: String, dark: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
        let callee = trimmed[..<open].split(separator: ".").last.map(String.init) ?? ""
        guard ["Color", "UIColor", "NSColor"].contains(callee) else { return nil }
        // Top-level arguments: commas inside nested calls or strings do not split.
        var arguments: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)] {
            if character == "\"" { quoted.toggle() }
            if !quoted {
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth -= 1 }
                if character == "," && depth == 0 {
                    arguments.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        arguments.append(current)
        var light: String?
        var dark: String?
        for argument in arguments {
            guard let colon = argument.firstIndex(of: ":") else { return nil }
            let label = argument[..<colon].trimmingCharacters(in: .whitespaces)
            let value = argument[argument.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch label {
            case "light", "lightMode", "any": light = value
            case "dark", "darkMode": dark = value
            default: return nil
            }
        }
        guard let light, let dark, !light.isEmpty, !dark.isEmpty else { return nil }
        return (light, dark)
    }

    /// `("Family", "#FF6B6B", "👨‍👩‍👧")` or `(name: "Family", hex: "#FF6B6B")`:
    /// a colour named by the tuple's text.
    private mutating func tuple(
        path: [String], entries: [CodeEntry], mode: DesignToken.Mode?, line: Int, comment: String
    ) {
        // A fully labelled tuple (`(color: …, radius: 8, x: 0, y: 2)`) is an object.
        if !entries.isEmpty, entries.allSatisfy({ $0.key != nil }) {
            let keys = Set(entries.compactMap { $0.key?.lowercased() })
            if composite(path: path, entries: entries, keys: keys, mode: mode, line: line, comment: comment) {
                return
            }
        }
        var label: String?
        var found: (value: DesignToken.Value, kind: DesignToken.Kind, written: String)?
        for entry in entries {
            guard case .scalar(let text) = entry.value else { continue }
            switch ValueReader.readCode(text, kind: nil) {
            case .value(let value, let kind?) where found == nil:
                found = (value, kind, text)
            case .invalidColor(let message):
                collector.warn(line: entry.line, message)
            default:
                if label == nil, let string = ValueReader.unquote(text), Self.isLabel(string) { label = string }
            }
        }
        guard let found else { return }
        collector.add(
            path: path + [label ?? String(entries.count)], mode: mode, kind: found.kind, value: found.value,
            written: found.written, description: comment, line: line)
    }

    /// Whether a string reads as a name (`Family`), not as an emoji or a sentence.
    static func isLabel(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text.contains(where: { $0.isLetter })
            && text.unicodeScalars.allSatisfy { !$0.properties.isEmojiPresentation }
    }

    private mutating func array(
        path: [String], entries: [CodeEntry], mode: DesignToken.Mode?, line: Int, comment: String, dtcgType: String?
    ) {
        guard !path.isEmpty else { return }
        let hint = ValueReader.kind(for: path)
        let scalars = entries.compactMap { entry -> String? in
            if case .scalar(let text) = entry.value, entry.key == nil { return text }
            return nil
        }
        if scalars.count == entries.count {
            if hint == .easing, scalars.count == 4 {
                let numbers = scalars.compactMap { ValueReader.unitNumber($0)?.0 }
                if numbers.count == 4 {
                    let written = "[" + scalars.joined(separator: ", ") + "]"
                    collector.add(
                        path: path, mode: mode, kind: .easing, value: .cubicBezier(numbers), written: written,
                        description: comment, line: line)
                    return
                }
            }
            if hint == .fontFamily {
                let families = scalars.compactMap { ValueReader.unquote($0) }
                if families.count == scalars.count, !families.isEmpty {
                    collector.add(
                        path: path, mode: mode, kind: .fontFamily, value: .fontFamily(families),
                        written: "[" + scalars.joined(separator: ", ") + "]", description: comment, line: line)
                    return
                }
            }
        }
        if hint == .shadow, !entries.isEmpty {
            var layers: [Shadow] = []
            for entry in entries {
                guard case .object(let fields, _) = entry.value, let layer = Self.shadowLayer(fields) else { break }
                layers.append(layer)
            }
            if layers.count == entries.count {
                collector.add(
                    path: path, mode: mode, kind: .shadow, value: .shadow(layers), written: "[…]",
                    description: comment, line: line)
                return
            }
        }
        for (index, entry) in entries.enumerated() {
            if let key = entry.key {
                let name = ValueReader.unquote(key) ?? key
                interpret(
                    path: path + [name], value: entry.value, mode: mode, line: entry.line, comment: entry.comment,
                    dtcgType: dtcgType)
            } else if case .tuple(let fields) = entry.value {
                tuple(path: path, entries: fields, mode: mode, line: entry.line, comment: entry.comment)
            } else {
                interpret(
                    path: path + [String(index + 1)], value: entry.value, mode: mode, line: entry.line,
                    comment: entry.comment, dtcgType: dtcgType)
            }
        }
    }

    // MARK: - Composites

    /// Reads an object shaped like a type style, a shadow or a spring as one token.
    private mutating func composite(
        path: [String], entries: [CodeEntry], keys: Set<String>, mode: DesignToken.Mode?, line: Int, comment: String
    ) -> Bool {
        guard !path.isEmpty, !keys.isEmpty else { return false }
        let hint = ValueReader.kind(for: path)
        let written = DTCGReader.written(.object(entries, hasSpread: false))
        if keys.isSubset(of: Self.springKeys),
            keys.intersection(["damping", "stiffness", "mass", "response", "dampingfraction", "dampingratio"]).count
                >= 2
        {
            var spring = Spring()
            for entry in entries {
                guard case .scalar(let text) = entry.value, let number = ValueReader.unitNumber(text)?.0 else {
                    continue
                }
                switch entry.key?.lowercased() {
                case "damping": spring.damping = number
                case "stiffness": spring.stiffness = number
                case "mass": spring.mass = number
                case "response": spring.response = number
                case "dampingfraction", "dampingratio": spring.dampingFraction = number
                default: break
                }
            }
            collector.add(
                path: path, mode: mode, kind: .spring, value: .spring(spring), written: written, description: comment,
                line: line)
            return true
        }
        let typographyCount = keys.intersection(Self.typographyKeys).count
        if typographyCount >= 2, typographyCount * 2 >= keys.count, hint != .shadow {
            let style = Self.typography(entries)
            guard !style.isEmpty else { return false }
            collector.add(
                path: path, mode: mode, kind: .typography, value: .typography(style), written: written,
                description: comment, line: line)
            return true
        }
        let isShadow =
            keys.contains("shadowcolor") || keys.contains("shadowoffset")
            || (hint == .shadow && keys.isSubset(of: Self.shadowKeys))
        if isShadow, let layer = Self.shadowLayer(entries) {
            collector.add(
                path: path, mode: mode, kind: .shadow, value: .shadow([layer]), written: written,
                description: comment, line: line)
            return true
        }
        return false
    }

    /// A type style from `fontSize`, `lineHeight`, `fontWeight`, … entries.
    static func typography(_ entries: [CodeEntry]) -> Typography {
        var style = Typography()
        for entry in entries {
            guard case .scalar(let raw) = entry.value, let key = entry.key?.lowercased() else { continue }
            var text = raw
            if text.hasSuffix(" as const") { text = String(text.dropLast(9)) }
            let plain = ValueReader.unquote(text) ?? text
            switch key {
            case "fontsize", "size":
                if let (value, unit) = ValueReader.unitNumber(plain) {
                    style.fontSize = Dimension(value, unit.isEmpty ? "px" : unit)
                }
            case "lineheight", "leading":
                if let (value, unit) = ValueReader.unitNumber(plain) {
                    style.lineHeight =
                        unit == "%"
                        ? Dimension(value / 100, "")
                        : unit.isEmpty && value <= 4
                            ? Dimension(value, "") : Dimension(value, unit.isEmpty ? "px" : unit)
                }
            case "fontweight", "weight":
                style.fontWeight = ValueReader.fontWeightName(plain) ?? ValueReader.unitNumber(plain)?.0
            case "letterspacing", "tracking":
                if let (value, unit) = ValueReader.unitNumber(plain) {
                    style.letterSpacing = Dimension(value, unit.isEmpty ? "px" : unit)
                }
            case "fontfamily", "family":
                if ValueReader.unquote(text) != nil { style.fontFamily = ValueReader.fontFamilies(plain) }
            default:
                break
            }
        }
        return style
    }

    /// One shadow layer from React Native's `shadowColor`/`shadowOffset`/
    /// `shadowOpacity`/`shadowRadius` or the DTCG's `color`/`offsetX`/… keys.
    ///
    /// iOS's `shadowRadius` (and SwiftUI's `radius`) is about half the CSS
    /// blur radius that draws the same shadow (CSS blurs with a standard
    /// deviation of half its radius), so it is doubled; the DTCG's `blur` is
    /// already the CSS value.
    static func shadowLayer(_ entries: [CodeEntry]) -> Shadow? {
        var color = TokenColor.black
        var opacity: Double?
        var offsetX = Dimension(0)
        var offsetY = Dimension(0)
        var blur = Dimension(0)
        var spread = Dimension(0)
        var sawAny = false
        func dimension(_ value: CodeValue) -> Dimension? {
            guard case .scalar(let text) = value else { return nil }
            let plain = ValueReader.unquote(text) ?? ValueReader.stripNumericCast(text)
            return ValueReader.unitNumber(plain).map { Dimension($0.0, $0.1.isEmpty ? "px" : $0.1) }
        }
        for entry in entries {
            switch entry.key?.lowercased() {
            case "shadowcolor", "color":
                if case .scalar(let text) = entry.value,
                    case .value(.color(let parsed), _) = ValueReader.readCode(
                        text, kind: .color)
                {
                    color = parsed
                    sawAny = true
                }
            case "shadowopacity", "opacity":
                if case .scalar(let text) = entry.value { opacity = ValueReader.unitNumber(text)?.0 }
            case "shadowoffset":
                if case .object(let fields, _) = entry.value {
                    for field in fields {
                        if field.key == "width", let value = dimension(field.value) { offsetX = value }
                        if field.key == "height", let value = dimension(field.value) { offsetY = value }
                    }
                    sawAny = true
                }
            case "offsetx", "x":
                if let value = dimension(entry.value) { offsetX = value }
            case "offsety", "y":
                if let value = dimension(entry.value) { offsetY = value }
            case "shadowradius", "radius":
                if let value = dimension(entry.value) {
                    blur = Dimension(value.value * 2, value.unit)
                    sawAny = true
                }
            case "blur":
                if let value = dimension(entry.value) {
                    blur = value
                    sawAny = true
                }
            case "spread":
                if let value = dimension(entry.value) { spread = value }
            default:
                break
            }
        }
        guard sawAny else { return nil }
        if let opacity, opacity >= 0, opacity <= 1 { color = color.withAlpha(color.alpha * opacity) }
        return Shadow(color: color, offsetX: offsetX, offsetY: offsetY, blur: blur, spread: spread)
    }
}
