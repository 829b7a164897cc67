import Foundation

/// Reads one written value (a code expression, a CSS value, a table cell) as
/// a token value, using what the name around it says the token is for.
enum ValueReader {
    /// What a written value turned out to be.
    enum Reading: Equatable {
        /// A token value, and the kind the value itself proves (a colour is a
        /// colour whatever its name says); nil when the kind must come from the name.
        case value(DesignToken.Value, DesignToken.Kind?)
        /// Something that tries to be a colour and is not (`#12345`); the message says why.
        case invalidColor(String)
        /// A reference to another token (`Colors.primary`, `{color.brand}`, `var(--accent)`).
        case reference(String)
        /// Not a value a token could hold.
        case none
    }

    /// Reads a code expression (`'#007AFF'`, `Color(hex: "#…")!`, `16`, `'cubic-bezier(…)'`).
    static func readCode(_ expression: String, kind: DesignToken.Kind?) -> Reading {
        var text = expression.trimmed()
        for suffix in [" as const", " as string", " as number"] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count)).trimmed()
        }
        if let unquoted = unquote(text) { return readText(unquoted, kind: kind, quoted: true) }
        text = stripNumericCast(text)
        switch ColorLiteral.parseCall(text) {
        case .color(let color): return .value(.color(color), .color)
        case .invalid(let message): return .invalidColor(message)
        case .notColor: break
        }
        if let curve = bezierCall(text) { return .value(.cubicBezier(curve), .easing) }
        if let spring = springCall(text) { return .value(.spring(spring), .spring) }
        if let weight = fontWeightName(text), kind == .fontWeight || kind == .typography {
            return .value(.number(weight), .fontWeight)
        }
        if isReference(text) { return .reference(text) }
        // Any other call (`nunito(36, weight: .heavy)`) is code, not a value.
        if text.contains("(") { return .none }
        return readText(text, kind: kind, quoted: false)
    }

    /// Reads plain text as written in CSS, a table cell or a string literal.
    static func readText(_ raw: String, kind: DesignToken.Kind?, quoted: Bool = false) -> Reading {
        let text = raw.trimmed()
        guard !text.isEmpty else { return .none }
        switch ColorLiteral.parseCSS(text) {
        case .color(let color):
            // A colour keyword (`white`, `tan`) is a colour only where the
            // name says a colour is meant; `#…`, `rgb(…)` and `hsl(…)` always are.
            if text.first == "#" || text.contains("(") || kind == .color { return .value(.color(color), .color) }
        case .invalid(let message):
            return .invalidColor(message)
        case .notColor:
            break
        }
        if kind == .color || kind == nil, let triple = ColorLiteral.parseHSLTriple(text), text.contains("%") {
            return .value(.color(triple), .color)
        }
        if let curve = bezierCall(text) { return .value(.cubicBezier(curve), .easing) }
        if kind == .easing, let curve = easingKeyword(text) { return .value(.cubicBezier(curve), .easing) }
        if let reference = referenceSyntax(text) { return .reference(reference) }
        if kind == .fontFamily, quoted || text.contains(",") {
            return .value(.fontFamily(fontFamilies(text)), .fontFamily)
        }
        if kind == .shadow, let layers = cssShadow(text) { return .value(.shadow(layers), .shadow) }
        if kind == .fontWeight, let weight = fontWeightName(text) { return .value(.number(weight), .fontWeight) }
        if let (value, unit) = unitNumber(text) {
            switch unit {
            case "ms": return .value(.duration(milliseconds: value), .duration)
            case "s": return .value(.duration(milliseconds: value * 1000), .duration)
            case "":
                return numberReading(value, kind: kind)
            case "%":
                return kind == .lineHeight ? .value(.number(value / 100), .lineHeight) : .none
            default:
                guard let kind, dimensionKinds.contains(kind) else {
                    return kind == nil ? .value(.dimension(Dimension(value, unit)), nil) : .none
                }
                return .value(.dimension(Dimension(value, unit)), kind)
            }
        }
        return .none
    }

    /// Kinds whose values are lengths.
    static let dimensionKinds: Set<DesignToken.Kind> = [
        .spacing, .radius, .size, .fontSize, .letterSpacing, .lineHeight,
    ]

    /// A bare number, read by what its name says it is.
    static func numberReading(_ value: Double, kind: DesignToken.Kind?) -> Reading {
        guard let kind else { return .none }
        switch kind {
        case .spacing, .radius, .size, .fontSize, .letterSpacing:
            return .value(.dimension(Dimension(value, "px")), kind)
        case .lineHeight:
            // `1.5` multiplies the font size; `22` is a length.
            return value <= 4 ? .value(.number(value), kind) : .value(.dimension(Dimension(value, "px")), kind)
        case .fontWeight:
            return value >= 1 && value <= 1000 ? .value(.number(value), kind) : .none
        case .duration:
            // Design docs write seconds (`0.3`, SwiftUI's TimeInterval) or
            // milliseconds (`300`, CSS and React Native); no real UI duration
            // is 20 ms or 20 s, so the size of the number tells them apart.
            return .value(.duration(milliseconds: value < 20 ? value * 1000 : value), kind)
        default:
            return .none
        }
    }

    // MARK: - Kinds from names

    /// The kind a name suggests, reading from the token's own name outwards
    /// (`Typography.body.fontSize` → font size, `Spacing.cardGap` → spacing).
    static func kind(for path: [String]) -> DesignToken.Kind? {
        for component in path.reversed() {
            if let kind = kind(forWord: component) { return kind }
        }
        return nil
    }

    /// The kind one name suggests, if any.
    ///
    /// Called for every label, heading and path component of every page, so
    /// it works on ASCII bytes: Foundation's `String.contains` costs a bridge
    /// to `NSString` per call.
    static func kind(forWord word: String) -> DesignToken.Kind? {
        let name = letterKey(word)
        guard !name.isEmpty else { return nil }
        // Each place of the name is tried only against the parts that start with its
        // byte (a name meets a handful, not all 45), and the first kind in
        // ``kindWords``' order that any part or whole name matched wins, as when
        // the kinds are tried one by one (``kindTryingEachPart(forWord:)``).
        var matched: UInt32 = 0
        name.withUnsafeBufferPointer { bytes in
            for start in bytes.indices {
                for (kindIndex, part) in partsByFirstByte[Int(bytes[start])]
                where matched & (1 << kindIndex) == 0 && part.count <= bytes.count - start {
                    var offset = 1
                    while offset < part.count, bytes[start + offset] == part[offset] { offset += 1 }
                    if offset == part.count { matched |= 1 << kindIndex }
                }
            }
        }
        for (kindIndex, entry) in kindWords.enumerated() {
            if matched & (1 << kindIndex) != 0 || entry.2.contains(where: { $0 == name }) { return entry.0 }
        }
        return nil
    }

    /// ``kind(forWord:)`` with each kind's parts tried in turn over the whole name:
    /// the rule as written, for tests.
    static func kindTryingEachPart(forWord word: String) -> DesignToken.Kind? {
        let name = letterKey(word)
        guard !name.isEmpty else { return nil }
        for (kind, parts, exact) in kindWords {
            if exact.contains(where: { $0 == name }) { return kind }
            if parts.contains(where: { contains(name, $0) }) { return kind }
        }
        return nil
    }

    /// A name's ASCII letters, lowercased, and digits: what kinds are read from.
    private static func letterKey(_ word: String) -> [UInt8] {
        var name: [UInt8] = []
        name.reserveCapacity(word.utf8.count)
        for byte in word.utf8 {
            switch byte {
            case 0x41...0x5A: name.append(byte + 0x20)
            case 0x61...0x7A, 0x30...0x39: name.append(byte)
            default: break
            }
        }
        return name
    }

    /// The parts of ``kindWords`` by their first byte, each with its kind's place in that list.
    private static let partsByFirstByte: [[(kindIndex: Int, part: [UInt8])]] = {
        var table = [[(kindIndex: Int, part: [UInt8])]](repeating: [], count: 256)
        for (kindIndex, entry) in kindWords.enumerated() {
            for part in entry.1 { table[Int(part[0])].append((kindIndex, part)) }
        }
        return table
    }()

    /// For each kind, in the order they are tried: parts a name may contain,
    /// and whole names.
    private static let kindWords: [(DesignToken.Kind, [[UInt8]], [[UInt8]])] = [
        (.fontWeight, ["fontweight"], ["weight", "weights"]),
        (.fontSize, ["fontsize", "textsize", "typescale"], []),
        (.lineHeight, ["lineheight", "leading"], []),
        (.letterSpacing, ["letterspacing", "tracking", "kerning"], []),
        (.fontFamily, ["fontfamil", "typeface"], ["font", "fonts", "family"]),
        (.typography, ["typograph", "textstyle", "fontstyle"], []),
        (.shadow, ["shadow", "elevation"], []),
        (.spring, ["spring"], []),
        (.easing, ["easing", "curve", "bezier", "timingfunction"], ["ease"]),
        (.duration, ["duration", "delay"], ["timing", "timings", "animation", "animations", "motion"]),
        (.radius, ["radius", "radii", "corner", "rounded", "rounding"], []),
        (.spacing, ["spacing", "space", "gap", "padding", "margin", "inset", "gutter"], []),
        (.size, ["size", "target", "width", "height", "icon", "avatar", "dimension"], []),
        (.color, ["color", "colour", "palette"], []),
    ].map { kind, parts, exact in (kind, parts.map { Array($0.utf8) }, exact.map { Array($0.utf8) }) }

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    // MARK: - Notations

    /// The contents of a string literal written with one kind of quote, or nil.
    /// Escapes are decoded (`"[data-theme=\\"ocean\\"]"` is `[data-theme="ocean"]`); a quote
    /// left unescaped inside means the text is not one literal.
    static func unquote(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'" || first == "`",
            text.last == first
        else { return nil }
        let inner = text.dropFirst().dropLast()
        guard inner.contains("\\") else { return inner.contains(first) ? nil : String(inner) }
        var escaping = false
        for character in inner {
            if character == first && !escaping { return nil }
            escaping = character == "\\" && !escaping
        }
        return unescape(String(inner))
    }

    /// The text of a string literal with its escapes decoded: `\\"` is `"`, `\\n` a line break,
    /// `\\u00e9` `é`.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                if character != "\\" { result.append(character) }
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u":
                var hex = ""
                while hex.count < 4, let digit = characters.next() { hex.append(digit) }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\u" + hex
                }
            default: result.append(escaped)
            }
        }
        return result
    }

    /// `Colors.primary`, `smilePileBlue`: a plain dotted name.
    static func isReference(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" || first == "$" else { return false }
        let keywords: Set<String> = ["true", "false", "null", "nil", "undefined", "none", "auto", "inherit"]
        guard !keywords.contains(text.lowercased()) else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }
            && !text.hasSuffix(".") && !text.contains("..")
    }

    /// `{color.brand}` (DTCG), `var(--accent)` (CSS) or `plum/950` (prose).
    static func referenceSyntax(_ text: String) -> String? {
        if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 {
            let inner = text.dropFirst().dropLast()
            if !inner.contains("{"), !inner.contains(" ") { return String(inner) }
        }
        if text.hasPrefix("var(--"), text.hasSuffix(")") {
            let inner = text.dropFirst(4).dropLast()
            let name = inner.split(separator: ",").first.map { String($0).trimmed() }
            if let name, name.hasPrefix("--") { return String(name.dropFirst(2)) }
        }
        return nil
    }

    /// `CGFloat(8)`, `Double(0.3)` → `8`, `0.3`: a number wrapped in a cast.
    static func stripNumericCast(_ text: String) -> String {
        for cast in ["CGFloat(", "Double(", "Float(", "Int(", "TimeInterval("]
        where text.hasPrefix(cast) && text.hasSuffix(")") {
            return String(text.dropFirst(cast.count).dropLast())
        }
        return text
    }

    /// `16`, `-0.41`, `16px`, `1.5rem`, `200ms`, `0.3s`, `40%`, `1.5f`: the number and its unit.
    static func unitNumber(_ text: String) -> (Double, String)? {
        var numberEnd = text.startIndex
        var sawDigit = false
        for (offset, character) in zip(text.indices, text) {
            if character.isASCII && character.isNumber {
                sawDigit = true
            } else if character == "." || ((character == "-" || character == "+") && offset == text.startIndex) {
            } else {
                break
            }
            numberEnd = text.index(after: offset)
        }
        guard sawDigit, let value = Double(text[..<numberEnd]), value.isFinite else { return nil }
        var unit = text[numberEnd...].trimmed().lowercased()
        // Kotlin and Swift literal suffixes: `1.5f`, `16.dp`, `16.0`.
        if unit == "f" || unit == "d" || unit == "l" { unit = "" }
        if unit.hasPrefix(".") { unit.removeFirst() }
        let units: Set<String> = ["", "px", "rem", "em", "pt", "dp", "sp", "ms", "s", "%"]
        guard units.contains(unit) else { return nil }
        return (value, unit == "sp" ? "px" : unit)
    }

    /// The four numbers of `cubic-bezier(…)`, `Easing.bezier(…)`, `.timingCurve(…)`,
    /// `CubicBezierEasing(…)`, `Cubic(…)`, or a bare `[a, b, c, d]`.
    static func bezierCall(_ text: String) -> [Double]? {
        let callees = [
            "cubic-bezier(", "Easing.bezier(", "bezier(", "timingCurve(", "CubicBezierEasing(", "Cubic(",
            "UnitCurve.bezier(",
        ]
        // The call must be the whole expression (`Easing.bezier(…)`), not an
        // argument deep inside another call (`withTiming(x, { easing: … })`).
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return nil }
        let head = text[...open]
        guard head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" || $0 == "(" }),
            callees.contains(where: { head == $0 || head.hasSuffix("." + $0) })
        else { return nil }
        let openIndex = text.index(after: open)
        let numbers = numbers(in: text[openIndex..<close])
        guard numbers.count >= 4 else { return nil }
        let curve = Array(numbers.prefix(4))
        guard curve[0] >= 0, curve[0] <= 1, curve[2] >= 0, curve[2] <= 1 else { return nil }
        return curve
    }

    /// CSS's named timing functions.
    static func easingKeyword(_ text: String) -> [Double]? {
        switch text.lowercased() {
        case "linear": [0, 0, 1, 1]
        case "ease": [0.25, 0.1, 0.25, 1]
        case "ease-in", "easein": [0.42, 0, 1, 1]
        case "ease-out", "easeout": [0, 0, 0.58, 1]
        case "ease-in-out", "easeinout": [0.42, 0, 0.58, 1]
        default: nil
        }
    }

    /// SwiftUI's `.spring(response:dampingFraction:)`, `.interpolatingSpring(stiffness:damping:)`,
    /// Compose's `spring(dampingRatio = …, stiffness = …)`.
    static func springCall(_ text: String) -> Spring? {
        guard let open = text.range(of: "pring("), let close = text[open.upperBound...].firstIndex(of: ")") else {
            return nil
        }
        let before = text[..<open.lowerBound]
        guard before.hasSuffix("s") || before.hasSuffix("S") else { return nil }
        return springArguments(String(text[open.upperBound..<close]))
    }

    /// `response: 0.35, dampingFraction: 0.8` or `stiffness = 300f, dampingRatio = 0.7f`.
    static func springArguments(_ text: String) -> Spring? {
        var spring = Spring()
        for argument in text.split(separator: ",") {
            let parts = argument.split(whereSeparator: { $0 == ":" || $0 == "=" }).map {
                $0.trimmed()
            }
            guard parts.count == 2, let value = unitNumber(parts[1])?.0 else { continue }
            switch parts[0] {
            case "response", "duration": spring.response = value
            case "dampingFraction", "dampingRatio": spring.dampingFraction = value
            case "stiffness": spring.stiffness = value
            case "damping": spring.damping = value
            case "mass": spring.mass = value
            case "bounce": spring.dampingFraction = 1 - value
            default: break
            }
        }
        return spring.isComplete || spring.response != nil ? spring : nil
    }

    /// Numbers separated by commas or spaces.
    static func numbers(in text: Substring) -> [Double] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { unitNumber(String($0))?.0 }
    }

    /// `700`, `bold`, `.semibold`, `Font.Weight.bold`, `FontWeight.W600`.
    static func fontWeightName(_ text: String) -> Double? {
        let word = text.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let names: [String: Double] = [
            "thin": 100, "hairline": 100, "ultralight": 200, "extralight": 200, "light": 300, "regular": 400,
            "normal": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800,
            "heavy": 800, "black": 900,
        ]
        if let weight = names[word] { return weight }
        if word.hasPrefix("w"), let number = Double(word.dropFirst()), number >= 100, number <= 900 { return number }
        if let number = Double(word), number >= 100, number <= 900, number.truncatingRemainder(dividingBy: 100) == 0 {
            return number
        }
        return nil
    }

    /// `'-apple-system, "Segoe UI", sans-serif'` → the families, unquoted.
    static func fontFamilies(_ text: String) -> [String] {
        text.split(separator: ",").map {
            $0.trimmed().trimmed("\"'")
        }.filter { !$0.isEmpty }
    }

    /// A CSS `box-shadow` value: layers of `[inset] x y [blur [spread]] colour`.
    static func cssShadow(_ text: String) -> [Shadow]? {
        var layers: [Shadow] = []
        for layer in splitTopLevel(text, on: ",") {
            var lengths: [Dimension] = []
            var color = TokenColor.black
            var inset = false
            for part in splitTopLevel(layer, on: " ") where !part.isEmpty {
                if part == "inset" {
                    inset = true
                } else if let (value, unit) = unitNumber(part), unit != "%", unit != "ms", unit != "s" {
                    lengths.append(Dimension(value, unit.isEmpty ? "px" : unit))
                } else if case .color(let parsed) = ColorLiteral.parseCSS(part) {
                    color = parsed
                } else {
                    return nil
                }
            }
            guard lengths.count >= 2 else { return nil }
            layers.append(
                Shadow(
                    color: color, offsetX: lengths[0], offsetY: lengths[1],
                    blur: lengths.count > 2 ? lengths[2] : Dimension(0),
                    spread: lengths.count > 3 ? lengths[3] : Dimension(0), inset: inset))
        }
        return layers.isEmpty ? nil : layers
    }

    /// Splits on `separator` outside parentheses.
    static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if character == separator && depth == 0 {
                parts.append(current.trimmed())
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmed())
        return parts.filter { !$0.isEmpty }
    }
}
