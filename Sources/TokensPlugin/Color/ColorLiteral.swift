import Foundation

/// How a colour was read.
public enum ColorParse: Sendable, Equatable {
    /// A colour.
    case color(TokenColor)
    /// It looks like a colour in this notation but is not a valid one; the message says why, e.g.
    /// "'#12345' has 5 hex digits; a colour has 3, 4, 6 or 8".
    case invalid(String)
    /// Not a colour at all.
    case notColor
}

/// Reads colour literals in the notations design docs use. Hand-written: no Swift package parses CSS colour
/// syntax plus Swift/Kotlin/Dart constructors.
///
/// Every function here takes arbitrary text from documents, so none of them traps: numbers are checked
/// before they become integers, nesting is capped, and text longer than any colour is turned away unread.
public enum ColorLiteral {
    /// The longest text read, in UTF-8 bytes. No colour literal comes near it; the cap keeps hostile
    /// input (a megabyte of parentheses) cheap.
    static let maximumLength = 1024

    /// A CSS-style colour, whole string only (leading/trailing whitespace ok): `#RGB`, `#RGBA`, `#RRGGBB`,
    /// `#RRGGBBAA` (alpha last), `rgb()`/`rgba()` in comma or space syntax, with percentages, with `/ alpha`
    /// (number or percent), `hsl()`/`hsla()` (hue in deg or unitless, also `turn`/`rad`/`grad`), `hwb()`,
    /// `oklab()`, `oklch()`, and the CSS named colours (all 148 CSS Color 4 names plus `transparent`,
    /// case-insensitive).
    ///
    /// Hex with 1, 2, 5, 7 or 9+ hex digits, or non-hex characters after `#` where the rest is 3–8 word
    /// characters (`#GGG`, `#12345`, `#12G`), is `.invalid`; `#` followed by nothing or by a space, or by
    /// anything else, is `.notColor`. Channels out of range are clamped, as CSS does; a wrong number of
    /// arguments is `.invalid`. A function whose arguments hold `var()` or `calc()` is `.notColor`: its
    /// colour is decided elsewhere.
    public static func parseCSS(_ text: String) -> ColorParse {
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength else { return .notColor }
        return outcome { () throws(Failure) -> TokenColor in
            if trimmed.unicodeScalars.first == "#" { return try hashColor(trimmed) }
            if let open = trimmed.firstIndex(of: "(") { return try cssFunction(trimmed, open: open) }
            guard let named = namedColor(trimmed) else { throw Failure.notColor }
            return named
        }
    }

    /// A shadcn-style bare HSL triple, `220 13% 86%` or `220 13% 86% / 0.5` or `220deg 13% 86%` → colour;
    /// anything else nil.
    public static func parseHSLTriple(_ text: String) -> TokenColor? {
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength, !trimmed.contains(",") else { return nil }
        let halves = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let parts = halves[0].split(whereSeparator: \.isWhitespace)
        guard parts.count == 3, let hue = cssNumber(parts[0]), let hueDegrees = degrees(hue),
            let saturation = cssNumber(parts[1]), saturation.unit == "%",
            let lightness = cssNumber(parts[2]), lightness.unit == "%"
        else { return nil }
        var alpha = 1.0
        if halves.count == 2 {
            let alphaParts = halves[1].split(whereSeparator: \.isWhitespace)
            guard alphaParts.count == 1, let value = cssNumber(alphaParts[0]) else { return nil }
            switch value.unit {
            case "": alpha = value.value
            case "%": alpha = value.value / 100
            default: return nil
            }
        }
        return hslColor(
            hue: hueDegrees, saturation: saturation.value / 100, lightness: lightness.value / 100, alpha: alpha)
    }

    /// An integer literal in ARGB order as Android, Kotlin (Compose) and Flutter write it: `0xFF4CAF50`
    /// (8 digits: alpha first), `0x4CAF50` (6 digits: opaque). Optional Kotlin suffixes `L`, `u`, `UL`,
    /// `.toInt()`; `_` digit separators are allowed. Other digit counts → nil.
    public static func parseARGBInteger(_ text: String) -> TokenColor? {
        var body = Substring(trimmed(text))
        guard body.utf8.count <= 64 else { return nil }
        if body.hasSuffix(".toInt()") { body = body.dropLast(".toInt()".count) }
        for suffix in ["UL", "uL", "L", "u", "U"] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            break
        }
        guard body.hasPrefix("0x") || body.hasPrefix("0X") else { return nil }
        let digits = body.dropFirst(2).unicodeScalars.filter { $0 != "_" }
        guard digits.allSatisfy({ hexValue($0) != nil }) else { return nil }
        return argbColor(Array(digits))
    }

    /// A whole constructor expression as written in code, e.g.
    ///
    /// - Swift: `Color(hex: "#FFBF00")` (also `Color(hex: "FFBF00")`, `Color(hex: 0xFFBF00)`,
    ///   `UIColor(hex: "#…")`, `Color(hexString:)`), optionally followed by `!` or `?? .clear`;
    ///   `Color(red: 1.0, green: 0.42, blue: 0.42)` with optional `opacity:`;
    ///   `Color(.sRGB, red: …, green: …, blue: …, opacity: …)`; `UIColor(red:green:blue:alpha:)`, `NSColor(…)`,
    ///   `UIColor(displayP3Red:…)` (read as sRGB); `#colorLiteral(red:green:blue:alpha:)`;
    ///   components may be simple arithmetic: `255/255`, `0x33/255.0`, `51.0 / 255.0`, `0.5`;
    ///   `Color(white: 0.2)`, `Color(white: 0.2, opacity: 0.5)`, `UIColor(white: 0.2, alpha: 1)`;
    ///   `Color(hue: 0.6, saturation: 0.5, brightness: 0.9)` (HSB, 0...1 each; optional opacity).
    /// - Kotlin/Compose and Flutter/Dart: `Color(0xFF4CAF50)` (ARGB), `Color(0xFF4CAF50.toInt())`,
    ///   `const Color(0xFF4CAF50)`, `Color(red = 0.2f, green = 0.4f, blue = 0.6f, alpha = 1f)`,
    ///   `Color(255, 0, 0)` (ints 0-255), `Color.fromARGB(255, 66, 165, 245)`, `Color.fromRGBO(66, 165, 245, 1.0)`.
    /// - Modifiers after any of them: `.opacity(0.5)` (multiplies, as SwiftUI does), `.withAlphaComponent(0.5)`,
    ///   `.withOpacity(0.5)`, `.withAlpha(128)`, `.withValues(alpha: 0.5)`, `.copy(alpha = 0.5f)`, `.cgColor`.
    /// - Named colours whose value is fixed: `Color.black`, `.black`, `Color.white`, `.white`, `Color.clear`,
    ///   `.clear`, `UIColor.black` and the like, Compose's `Color.Black`/`White`/`Transparent` and Flutter's
    ///   `Colors.black`/`white`/`transparent`/`black12`…, each also with a modifier (`.black.opacity(0.1)`).
    ///
    /// Labelled components written with `label:` (Swift, Dart) are 0...1 even when written as integers;
    /// Kotlin's `label = value` and positional components are 0-255 when all are integer literals and
    /// 0...1 when any is a floating-point literal or a division.
    ///
    /// Returns `.notColor` for any other expression (`Color(hex: category.colorHex)`, `Color.primary`,
    /// `Color(uiColor: .systemBackground)`, `Color("AccentColor")`), `.invalid` when it is clearly a colour
    /// constructor with a bad literal (`Color(hex: "#12345")`, `Color(0xFF12)`, `Color(red: 255, …)`).
    public static func parseCall(_ text: String) -> ColorParse {
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength else { return .notColor }
        // Every form read here has a call's `(` or a member's `.`; most text has neither.
        guard trimmed.utf8.contains(UInt8(ascii: "(")) || trimmed.utf8.contains(UInt8(ascii: ".")),
            let tokens = CallToken.scan(trimmed)
        else { return .notColor }
        var parser = CallParser(tokens: tokens)
        guard let expression = parser.parseWhole() else { return .notColor }
        return outcome { () throws(Failure) -> TokenColor in try color(of: expression) }
    }

    /// Tries `parseCall`, then, if the text is a quoted string literal ('…', "…", `…`), `parseCSS` of its
    /// contents, then `parseCSS` of the bare text. Convenience for code values.
    public static func parse(_ text: String) -> ColorParse {
        let call = parseCall(text)
        if call != .notColor { return call }
        let trimmed = trimmed(text)
        guard trimmed.utf8.count <= maximumLength else { return .notColor }
        let scalars = trimmed.unicodeScalars
        if scalars.count >= 2, let first = scalars.first, first == scalars.last,
            first == "\"" || first == "'" || first == "`"
        {
            let inner = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
            let quoted = parseCSS(inner)
            if quoted != .notColor { return quoted }
        }
        return parseCSS(trimmed)
    }
}

// MARK: - Shared pieces

extension ColorLiteral {
    /// Why a reading failed; becomes `.notColor` or `.invalid` at the public boundary.
    private enum Failure: Error {
        /// Not a colour at all.
        case notColor
        /// A colour notation with a bad value; the message says what is wrong.
        case invalid(String)
    }

    /// Runs a reading and turns its outcome into a `ColorParse`.
    private static func outcome(_ read: () throws(Failure) -> TokenColor) -> ColorParse {
        do {
            return .color(try read())
        } catch {
            switch error {
            case .notColor: return .notColor
            case .invalid(let message): return .invalid(message)
            }
        }
    }

    /// `text` without leading and trailing whitespace. Cheaper than Foundation's `trimmingCharacters(in:)`,
    /// which matters because `parse` trims each value several times.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// The value of a hex digit, or nil for any other character.
    static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value) - 0x30
        case 0x41...0x46: return Int(scalar.value) - 0x41 + 10
        case 0x61...0x66: return Int(scalar.value) - 0x61 + 10
        default: return nil
        }
    }

    /// Whether a character is an ASCII digit.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Whether a character is an ASCII letter, digit or `_`, the characters of a word like `#define`.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "_")
    }

    /// Text quoted in a message, shortened so a message stays readable whatever it quotes.
    private static func quoted(_ text: some StringProtocol) -> String {
        let limit = 40
        return text.count > limit ? "'" + text.prefix(limit) + "…'" : "'" + text + "'"
    }

    /// `count` with its noun, singular or plural: "1 hex digit", "5 hex digits".
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The colour of 3, 4, 6 or 8 hex digits in CSS order (alpha last), or nil for any other count.
    static func cssOrderColor(_ digits: [Unicode.Scalar]) -> TokenColor? {
        let values = digits.compactMap(hexValue)
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3, 4:
            // Each digit stands for itself twice: #F80 is #FF8800.
            let alpha = values.count == 4 ? Double(values[3] * 17) / 255 : 1
            return TokenColor(red8: values[0] * 17, green8: values[1] * 17, blue8: values[2] * 17, alpha: alpha)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            let alpha = bytes.count == 4 ? Double(bytes[3]) / 255 : 1
            return TokenColor(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha: alpha)
        default:
            return nil
        }
    }

    /// The colour of 8 hex digits in ARGB order or 6 in RGB order (opaque), or nil for any other count.
    static func argbColor(_ digits: [Unicode.Scalar]) -> TokenColor? {
        let values = digits.compactMap(hexValue)
        guard values.count == digits.count, values.count == 6 || values.count == 8 else { return nil }
        var bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        let alpha = bytes.count == 4 ? Double(bytes.removeFirst()) / 255 : 1
        return TokenColor(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha: alpha)
    }

    /// A hex colour string as a Swift hex initialiser takes it: `#FFBF00`, `FFBF00` or `0xFFBF00`,
    /// with 3, 4, 6 or 8 digits in CSS order.
    private static func hexStringColor(_ text: String) throws(Failure) -> TokenColor {
        var body = Substring(trimmed(text))
        if body.hasPrefix("#") {
            body = body.dropFirst()
        } else if body.hasPrefix("0x") || body.hasPrefix("0X") {
            body = body.dropFirst(2)
        }
        let digits = Array(body.unicodeScalars)
        guard !digits.isEmpty else { throw Failure.invalid("\(quoted(text)) is an empty hex colour") }
        if let bad = digits.first(where: { hexValue($0) == nil }) {
            throw Failure.invalid("\(quoted(text)) is not a hex colour: '\(Character(bad))' is not a hex digit")
        }
        guard let color = cssOrderColor(digits) else {
            throw Failure.invalid(
                "\(quoted(text)) has \(counted(digits.count, "hex digit")); a colour has 3, 4, 6 or 8")
        }
        return color
    }

    /// HSL (hue in degrees, saturation and lightness 0...1) as RGB, by the CSS Color 4 algorithm.
    static func hslColor(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> TokenColor {
        let hue = normalizedHue(hue)
        let saturation = TokenColor.unit(saturation)
        let lightness = TokenColor.unit(lightness)
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return TokenColor(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    /// HSB/HSV (each 0...1, hue as a fraction of a turn) as RGB.
    static func hsbColor(hue: Double, saturation: Double, brightness: Double, alpha: Double) -> TokenColor {
        let saturation = TokenColor.unit(saturation)
        let value = TokenColor.unit(brightness)
        let scaled = normalizedHue(hue * 360) / 60
        let sector = min(max(Int(scaled.rounded(.down)), 0), 5)
        let fraction = scaled - Double(sector)
        let p = value * (1 - saturation)
        let q = value * (1 - fraction * saturation)
        let t = value * (1 - (1 - fraction) * saturation)
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (value, t, p)
        case 1: rgb = (q, value, p)
        case 2: rgb = (p, value, t)
        case 3: rgb = (p, q, value)
        case 4: rgb = (t, p, value)
        default: rgb = (value, p, q)
        }
        return TokenColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// An angle in degrees brought into 0..<360 (0 for anything not finite).
    private static func normalizedHue(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let hue = degrees.truncatingRemainder(dividingBy: 360)
        return hue < 0 ? hue + 360 : hue
    }
}

// MARK: - CSS

extension ColorLiteral {
    /// A CSS number with its unit, lowercased: `""`, `"%"`, `"deg"`, `"turn"`, …, or `"none"` for the keyword.
    private struct CSSNumber {
        /// The number.
        var value: Double
        /// The unit after it.
        var unit: String
    }

    /// The colour functions read; `rgba` and `hsla` are aliases, as in CSS Color 4.
    private enum CSSFunction: String {
        case rgb, rgba, hsl, hsla, hwb, oklab, oklch
    }

    /// `#…`: a hex colour, an invalid one, or not a colour.
    private static func hashColor(_ text: String) throws(Failure) -> TokenColor {
        let body = Array(text.unicodeScalars.dropFirst())
        guard let first = body.first, !first.properties.isWhitespace else { throw Failure.notColor }
        if let bad = body.first(where: { hexValue($0) == nil }) {
            // `#12G` is a mistyped colour; `#heading-anchor` or `#1234ABCDZ` is something else.
            guard (3...8).contains(body.count), body.allSatisfy(isWordCharacter) else { throw Failure.notColor }
            throw Failure.invalid("\(quoted(text)) is not a hex colour: '\(Character(bad))' is not a hex digit")
        }
        guard let color = cssOrderColor(body) else {
            throw Failure.invalid(
                "\(quoted(text)) has \(counted(body.count, "hex digit")); a colour has 3, 4, 6 or 8")
        }
        return color
    }

    /// `rgb(…)`, `hsl(…)` and the other colour functions.
    private static func cssFunction(_ text: String, open: String.Index) throws(Failure) -> TokenColor {
        guard let function = CSSFunction(rawValue: text[..<open].lowercased()) else { throw Failure.notColor }
        let name = function.rawValue
        guard text.hasSuffix(")") else { throw Failure.invalid("\(quoted(text)) has no closing ')'") }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        // `var(--x)`, `calc()` or relative colour syntax: the colour is decided elsewhere.
        if inner.contains("(") || inner.contains(")") { throw Failure.notColor }
        let (channels, alphaText) = try cssArguments(inner, text: text, name: name)
        if channels.first?.lowercased() == "from" { throw Failure.notColor }
        var values: [CSSNumber] = []
        for channel in channels {
            guard let value = cssNumber(channel) else {
                throw Failure.invalid("\(quoted(channel)) in \(quoted(text)) is not a number")
            }
            values.append(value)
        }
        var alpha = 1.0
        if let alphaText {
            guard let value = cssNumber(alphaText), let fraction = alphaFraction(value) else {
                throw Failure.invalid(
                    "\(quoted(alphaText)) in \(quoted(text)) is not an alpha (a number 0-1 or a percentage)")
            }
            alpha = fraction
        }
        /// The message for a value that has the wrong unit.
        func wrong(_ index: Int, _ expected: String) -> Failure {
            .invalid("\(quoted(channels[index])) in \(quoted(text)) is not \(expected)")
        }
        switch function {
        case .rgb, .rgba:
            var rgb: [Double] = []
            for (index, value) in values.enumerated() {
                switch value.unit {
                case "": rgb.append(value.value / 255)
                case "%": rgb.append(value.value / 100)
                case "none": rgb.append(0)
                default: throw wrong(index, "a channel (a number 0-255 or a percentage)")
                }
            }
            return TokenColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
        case .hsl, .hsla, .hwb:
            guard let hue = degrees(values[0]) else { throw wrong(0, "a hue (a number or an angle)") }
            guard let second = percentFraction(values[1]) else { throw wrong(1, "a percentage") }
            guard let third = percentFraction(values[2]) else { throw wrong(2, "a percentage") }
            if function == .hwb {
                return hwbColor(hue: hue, whiteness: second, blackness: third, alpha: alpha)
            }
            return hslColor(hue: hue, saturation: second, lightness: third, alpha: alpha)
        case .oklab, .oklch:
            guard let lightness = alphaFraction(values[0]) else {
                throw wrong(0, "a lightness (a number or a percentage)")
            }
            guard let second = okChroma(values[1]) else { throw wrong(1, "a number or a percentage") }
            if function == .oklab {
                guard let b = okChroma(values[2]) else { throw wrong(2, "a number or a percentage") }
                return okLabColor(lightness: lightness, a: second, b: b, alpha: alpha)
            }
            guard let hue = degrees(values[2]) else { throw wrong(2, "a hue (a number or an angle)") }
            let radians = hue * .pi / 180
            return okLabColor(lightness: lightness, a: second * cos(radians), b: second * sin(radians), alpha: alpha)
        }
    }

    /// The three channels and optional alpha of a colour function, in comma syntax
    /// (`rgb(0, 122, 255, 0.5)`) or space syntax (`rgb(0 122 255 / 50%)`).
    private static func cssArguments(_ inner: Substring, text: String, name: String) throws(Failure) -> (
        [Substring], Substring?
    ) {
        /// The message for the wrong number of values.
        func wrongCount(_ count: Int) -> Failure {
            .invalid("\(quoted(text)) has \(counted(count, "value")); \(name)() takes 3 and an optional alpha")
        }
        if inner.contains(",") {
            guard !inner.contains("/") else {
                throw Failure.invalid("\(quoted(text)) mixes commas and '/'; use one syntax")
            }
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
                trimmed(String($0))[...]
            }
            guard parts.count == 3 || parts.count == 4 else { throw wrongCount(parts.count) }
            guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
                throw Failure.invalid("\(quoted(text)) has a missing or malformed value between commas")
            }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
        }
        let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { throw Failure.invalid("\(quoted(text)) has more than one '/'") }
        let channels = halves[0].split(whereSeparator: \.isWhitespace)
        guard channels.count == 3 else { throw wrongCount(channels.count + halves.count - 1) }
        guard halves.count == 2 else { return (channels, nil) }
        let alpha = halves[1].split(whereSeparator: \.isWhitespace)
        guard alpha.count == 1 else {
            throw Failure.invalid("\(quoted(text)) needs exactly one alpha after '/'")
        }
        return (channels, alpha[0])
    }

    /// A CSS number and its unit: `12`, `-1.5e2`, `.5`, `50%`, `90deg`, `none`; nil for anything else
    /// (including numbers too large for a `Double`).
    private static func cssNumber(_ token: Substring) -> CSSNumber? {
        if token.lowercased() == "none" { return CSSNumber(value: 0, unit: "none") }
        let scalars = Array(token.unicodeScalars)
        var index = 0
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, isDigit(scalars[index]) {
            index += 1
            digits += 1
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var next = index + 1
            if next < scalars.count, scalars[next] == "+" || scalars[next] == "-" { next += 1 }
            if next < scalars.count, isDigit(scalars[next]) {
                index = next
                while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            }
        }
        // Only sign, digits, point and exponent reach `Double(_:)`, so "nan" or "inf" never do.
        guard let value = Double(String(String.UnicodeScalarView(scalars[..<index]))), value.isFinite else {
            return nil
        }
        let unit = String(String.UnicodeScalarView(scalars[index...])).lowercased()
        return CSSNumber(value: value, unit: unit)
    }

    /// A hue in degrees from a unitless number or an angle; nil for other units.
    private static func degrees(_ number: CSSNumber) -> Double? {
        switch number.unit {
        case "", "deg": return number.value
        case "rad": return number.value * 180 / .pi
        case "grad": return number.value * 0.9
        case "turn": return number.value * 360
        case "none": return 0
        default: return nil
        }
    }

    /// An alpha (or an OKLab lightness) as a fraction: a number, or a percentage of 1.
    private static func alphaFraction(_ number: CSSNumber) -> Double? {
        switch number.unit {
        case "": return number.value
        case "%": return number.value / 100
        case "none": return 0
        default: return nil
        }
    }

    /// A percentage as a fraction; CSS Color 4 also takes a bare number meaning percent.
    private static func percentFraction(_ number: CSSNumber) -> Double? {
        switch number.unit {
        case "", "%": return number.value / 100
        case "none": return 0
        default: return nil
        }
    }

    /// An OKLab a, b or chroma: a number, or a percentage of 0.4 (CSS's reference range).
    private static func okChroma(_ number: CSSNumber) -> Double? {
        switch number.unit {
        case "": return number.value
        case "%": return number.value * 0.4 / 100
        case "none": return 0
        default: return nil
        }
    }

    /// HWB (hue in degrees, whiteness and blackness 0...1) as RGB, by the CSS Color 4 algorithm.
    private static func hwbColor(hue: Double, whiteness: Double, blackness: Double, alpha: Double) -> TokenColor {
        let white = TokenColor.unit(whiteness)
        let black = TokenColor.unit(blackness)
        if white + black >= 1 {
            let grey = white / (white + black)
            return TokenColor(red: grey, green: grey, blue: grey, alpha: alpha)
        }
        let pure = hslColor(hue: hue, saturation: 1, lightness: 0.5, alpha: 1)
        let scale = 1 - white - black
        return TokenColor(
            red: pure.red * scale + white, green: pure.green * scale + white, blue: pure.blue * scale + white,
            alpha: alpha)
    }

    /// OKLab as sRGB (Björn Ottosson's matrices); colours outside sRGB are clipped per channel.
    private static func okLabColor(lightness: Double, a: Double, b: Double, alpha: Double) -> TokenColor {
        func cube(_ x: Double) -> Double { x * x * x }
        let l = cube(lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b)
        let m = cube(lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b)
        let s = cube(lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b)
        let red = 4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s
        let green = -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s
        let blue = -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s
        return TokenColor(
            red: TokenColor.encoded(red), green: TokenColor.encoded(green), blue: TokenColor.encoded(blue),
            alpha: alpha)
    }

    /// A CSS named colour or `transparent`, any case.
    private static func namedColor(_ text: String) -> TokenColor? {
        // Longest name: lightgoldenrodyellow, 20 letters.
        guard text.utf8.count <= 20, text.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return nil }
        let name = text.lowercased()
        if name == "transparent" { return TokenColor(red: 0, green: 0, blue: 0, alpha: 0) }
        guard let value = namedColors[name] else { return nil }
        return TokenColor(red8: value >> 16, green8: (value >> 8) & 0xFF, blue8: value & 0xFF)
    }

    /// The 148 named colours of CSS Color 4, as 0xRRGGBB.
    static let namedColors: [String: Int] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3,
        "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969,
        "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22,
        "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700,
        "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F,
        "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
        "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3,
        "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
        "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
        "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
        "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
        "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
        "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
        "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1,
        "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6,
        "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500,
        "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE,
        "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F,
        "pink": 0xFFC0CB, "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080,
        "rebeccapurple": 0x663399, "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1,
        "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57,
        "seashell": 0xFFF5EE, "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB,
        "slateblue": 0x6A5ACD, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA,
        "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080,
        "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE,
        "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
        "yellowgreen": 0x9ACD32,
    ]
}

// MARK: - Code expressions

extension ColorLiteral {
    /// A numeric literal as written in code.
    private struct CallNumber {
        /// Its value; infinite for a literal too long for a `Double`, which evaluation rejects.
        var value: Double
        /// The digits after `0x`, without `_`, when written in hex.
        var hexDigits: [Unicode.Scalar]?
        /// Written as a floating-point literal: with a point, an exponent or an `f`/`d` suffix.
        var isFloat: Bool
        /// As written, for messages.
        var text: String
    }

    /// A token of a constructor expression.
    private enum CallToken {
        /// A name, or `#colorLiteral`.
        case identifier(String)
        /// A number.
        case number(CallNumber)
        /// A string literal's contents.
        case string(String)
        /// Punctuation: `( ) , : = . ! ? ?? + - * / ;`.
        case symbol(String)

        /// The tokens of `text`, or nil when it holds something no colour expression has (an unterminated
        /// string, `@`, emoji outside a string).
        static func scan(_ text: String) -> [CallToken]? {
            let scalars = Array(text.unicodeScalars)
            var tokens: [CallToken] = []
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/" && next == "/" {
                    // A trailing `// comment` on the line.
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else if scalar == "/" && next == "*" {
                    guard let end = closingComment(scalars, from: index + 2) else { return nil }
                    index = end
                } else if isDigit(scalar) {
                    guard let (number, end) = scanNumber(scalars, from: index) else { return nil }
                    tokens.append(.number(number))
                    index = end
                } else if isIdentifierStart(scalar) || (scalar == "#" && next.map(isIdentifierStart) == true) {
                    var end = index + 1
                    while end < scalars.count, isIdentifierStart(scalars[end]) || isDigit(scalars[end]) { end += 1 }
                    tokens.append(.identifier(String(String.UnicodeScalarView(scalars[index..<end]))))
                    index = end
                } else if scalar == "\"" || scalar == "'" {
                    guard let (contents, end) = scanString(scalars, from: index) else { return nil }
                    tokens.append(.string(contents))
                    index = end
                } else if scalar == "?" && next == "?" {
                    tokens.append(.symbol("??"))
                    index += 2
                } else if "(),:=.!?+-*/;".unicodeScalars.contains(scalar) {
                    tokens.append(.symbol(String(scalar)))
                    index += 1
                } else {
                    return nil
                }
            }
            return tokens
        }

        /// Whether a character can start a name.
        private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
        }

        /// The index after the `*/` that closes a block comment, or nil if it never closes.
        private static func closingComment(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
            var index = start
            while index + 1 < scalars.count {
                if scalars[index] == "*" && scalars[index + 1] == "/" { return index + 2 }
                index += 1
            }
            return nil
        }

        /// A string literal starting at a quote: its contents (escapes reduced to the escaped character)
        /// and the index after the closing quote, or nil if it never closes.
        private static func scanString(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
            let quote = scalars[start]
            var contents = String.UnicodeScalarView()
            var index = start + 1
            while index < scalars.count, scalars[index] != quote {
                if scalars[index] == "\\" { index += 1 }
                guard index < scalars.count else { return nil }
                contents.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            return (String(contents), index + 1)
        }

        /// A number starting at a digit: `255`, `0.42`, `1f`, `1e-3`, `0xFF4CAF50`, `0xFF_4C_AF_50L`; and the
        /// index after it. Nil when letters run straight on from it (`12abc`).
        private static func scanNumber(_ scalars: [Unicode.Scalar], from start: Int) -> (CallNumber, Int)? {
            var index = start
            /// Moves past characters that satisfy `test`.
            func skip(while test: (Unicode.Scalar) -> Bool) {
                while index < scalars.count, test(scalars[index]) { index += 1 }
            }
            var number = CallNumber(value: 0, hexDigits: nil, isFloat: false, text: "")
            if scalars[index] == "0", index + 1 < scalars.count, scalars[index + 1] == "x" || scalars[index + 1] == "X"
            {
                index += 2
                let digitsStart = index
                skip { hexValue($0) != nil || $0 == "_" }
                let digits = scalars[digitsStart..<index].filter { $0 != "_" }
                guard !digits.isEmpty else { return nil }
                number.hexDigits = digits
                number.value = digits.reduce(0.0) { $0 * 16 + Double(hexValue($1) ?? 0) }
                // Kotlin's unsigned and Long suffixes.
                skip { "uUlL".unicodeScalars.contains($0) }
            } else {
                var text = String.UnicodeScalarView()
                /// Appends the run of digits (and `_` separators, dropped) at the index.
                func digits() {
                    while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "_" {
                        if scalars[index] != "_" { text.append(scalars[index]) }
                        index += 1
                    }
                }
                digits()
                if index + 1 < scalars.count, scalars[index] == ".", isDigit(scalars[index + 1]) {
                    number.isFloat = true
                    text.append(".")
                    index += 1
                    digits()
                }
                if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                    var next = index + 1
                    if next < scalars.count, scalars[next] == "+" || scalars[next] == "-" { next += 1 }
                    if next < scalars.count, isDigit(scalars[next]) {
                        number.isFloat = true
                        text.append(contentsOf: scalars[index..<next])
                        index = next
                        digits()
                    }
                }
                if index < scalars.count, "fFdD".unicodeScalars.contains(scalars[index]) {
                    number.isFloat = true
                    index += 1
                } else {
                    skip { "uUlL".unicodeScalars.contains($0) }
                }
                // Only digits, a point and an exponent reach `Double(_:)`; overflow becomes infinity.
                number.value = Double(String(text)) ?? .infinity
            }
            if index < scalars.count, isIdentifierStart(scalars[index]) || isDigit(scalars[index]) { return nil }
            number.text = String(String.UnicodeScalarView(scalars[start..<index]))
            return (number, index)
        }
    }

    /// A parsed constructor expression.
    private indirect enum CallExpression {
        /// A number literal.
        case number(CallNumber)
        /// A string literal.
        case string(String)
        /// A bare name: `Color`, `category`.
        case identifier(String)
        /// `.black`, `.sRGB`.
        case implicitMember(String)
        /// `base.name`.
        case member(CallExpression, String)
        /// `callee(arguments)`.
        case call(CallExpression, [CallArgument])
        /// `base!`, or `base?` before a member.
        case unwrap(CallExpression)
        /// `-operand`.
        case negate(CallExpression)
        /// `lhs op rhs` for `+ - * /`.
        case binary(String, CallExpression, CallExpression)
        /// `value ?? fallback`.
        case fallback(CallExpression, CallExpression)
    }

    /// One argument of a call: `red: 0.5` (Swift, Dart), `red = 0.5f` (Kotlin) or positional.
    private struct CallArgument {
        /// The label, if any.
        var label: String?
        /// Whether the label was written Kotlin's way, `label = value`.
        var usesEquals: Bool
        /// The value.
        var value: CallExpression
    }

    /// A recursive-descent parser for the small expression language of colour constructors.
    private struct CallParser {
        /// The tokens read.
        var tokens: [CallToken]
        /// The next token's index.
        var position = 0
        /// How many expressions are open; capped so `((((…` cannot exhaust the stack.
        var depth = 0
        /// The deepest nesting read; real colour expressions use three or four levels.
        static let maximumDepth = 32

        /// The whole expression, with a leading Dart/Kotlin `const`/`new` and trailing `;` or `,` allowed;
        /// nil unless every token is used.
        mutating func parseWhole() -> CallExpression? {
            while case .identifier(let word) = token(0), word == "const" || word == "new", case .identifier = token(1) {
                position += 1
            }
            guard let expression = parseExpression() else { return nil }
            while take(";") || take(",") {}
            return position == tokens.count ? expression : nil
        }

        /// The token `offset` ahead, if any.
        private func token(_ offset: Int) -> CallToken? {
            position + offset < tokens.count ? tokens[position + offset] : nil
        }

        /// The symbol `offset` ahead, if the token there is one.
        private func symbol(_ offset: Int = 0) -> String? {
            if case .symbol(let symbol) = token(offset) { return symbol }
            return nil
        }

        /// Consumes `expected` if it is the next symbol.
        private mutating func take(_ expected: String) -> Bool {
            guard symbol() == expected else { return false }
            position += 1
            return true
        }

        /// `a ?? b`, or a sum.
        private mutating func parseExpression() -> CallExpression? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth, let value = parseSum() else { return nil }
            guard take("??") else { return value }
            guard let fallback = parseExpression() else { return nil }
            return .fallback(value, fallback)
        }

        /// Terms joined by `+` and `-`.
        private mutating func parseSum() -> CallExpression? {
            guard var result = parseProduct() else { return nil }
            while let op = symbol(), op == "+" || op == "-" {
                position += 1
                guard let rhs = parseProduct() else { return nil }
                result = .binary(op, result, rhs)
            }
            return result
        }

        /// Factors joined by `*` and `/`.
        private mutating func parseProduct() -> CallExpression? {
            guard var result = parseUnary() else { return nil }
            while let op = symbol(), op == "*" || op == "/" {
                position += 1
                guard let rhs = parseUnary() else { return nil }
                result = .binary(op, result, rhs)
            }
            return result
        }

        /// A postfix expression after any number of signs, counted in a loop rather than by recursion.
        private mutating func parseUnary() -> CallExpression? {
            var negative = false
            while let sign = symbol(), sign == "-" || sign == "+" {
                if sign == "-" { negative.toggle() }
                position += 1
            }
            guard let operand = parsePostfix() else { return nil }
            return negative ? .negate(operand) : operand
        }

        /// A primary expression followed by members, calls and unwraps.
        private mutating func parsePostfix() -> CallExpression? {
            guard var result = parsePrimary() else { return nil }
            while true {
                if symbol() == ".", case .identifier(let name) = token(1) {
                    position += 2
                    result = .member(result, name)
                } else if take("(") {
                    guard let arguments = parseArguments() else { return nil }
                    result = .call(result, arguments)
                } else if take("!") {
                    result = .unwrap(result)
                } else if symbol() == "?", symbol(1) == "." {
                    position += 1
                    result = .unwrap(result)
                } else {
                    return result
                }
            }
        }

        /// A literal, a name, an implicit member or a parenthesised expression.
        private mutating func parsePrimary() -> CallExpression? {
            switch token(0) {
            case .number(let number):
                position += 1
                return .number(number)
            case .string(let string):
                position += 1
                return .string(string)
            case .identifier(let name):
                position += 1
                return .identifier(name)
            case .symbol("."):
                guard case .identifier(let name) = token(1) else { return nil }
                position += 2
                return .implicitMember(name)
            case .symbol("("):
                position += 1
                guard let inner = parseExpression(), take(")") else { return nil }
                return inner
            default:
                return nil
            }
        }

        /// The arguments after an opening parenthesis, through the closing one (a trailing comma is allowed).
        private mutating func parseArguments() -> [CallArgument]? {
            var arguments: [CallArgument] = []
            if take(")") { return arguments }
            while true {
                var label: String?
                var usesEquals = false
                if case .identifier(let name) = token(0), let separator = symbol(1),
                    separator == ":" || separator == "="
                {
                    label = name
                    usesEquals = separator == "="
                    position += 2
                }
                guard let value = parseExpression() else { return nil }
                arguments.append(CallArgument(label: label, usesEquals: usesEquals, value: value))
                if take(")") { return arguments }
                guard take(",") else { return nil }
                if take(")") { return arguments }
            }
        }
    }

    /// A number worked out from a literal or simple arithmetic.
    private struct CallValue {
        /// The value.
        var value: Double
        /// Whether it is a floating-point value: a float literal, a conversion to one, or a division.
        var isFloat: Bool
        /// The hex digits when it is one hex literal, possibly converted with `.toInt()`.
        var hexDigits: [Unicode.Scalar]?
        /// As written, for messages.
        var text: String
    }

    /// The colour types whose constructors and named members are read.
    private static let colorTypes: Set<String> = ["Color", "UIColor", "NSColor", "CGColor", "Colors"]

    /// The initialiser labels of the common Swift hex-string extensions.
    private static let hexLabels: Set<String> = ["hex", "hexString", "hexCode"]

    /// Colour spaces a SwiftUI `Color(_:red:green:blue:opacity:)` may name, all read as sRGB; the value is
    /// whether components are linear and need the sRGB curve.
    private static let colorSpaces: [String: Bool] = [
        "sRGB": false, "displayP3": false, "sRGBLinear": true, "extendedSRGB": false,
        "extendedLinearSRGB": true,
    ]

    /// The fixed named colours of Swift's colour types (other names, like `.red`, adapt to the system).
    private static let swiftNamedColors: [String: TokenColor] = [
        "black": .black, "white": .white, "clear": TokenColor(red: 0, green: 0, blue: 0, alpha: 0),
    ]

    /// The type a colour expression's callee or base names: `Color`, `UIColor`, `SwiftUI.Color`,
    /// `androidx.compose.ui.graphics.Color`.
    private static func colorType(_ expression: CallExpression) -> String? {
        switch expression {
        case .identifier(let name):
            return colorTypes.contains(name) ? name : nil
        case .member(let base, let name):
            return colorTypes.contains(name) && isQualifier(base) ? name : nil
        default:
            return nil
        }
    }

    /// Whether an expression is a module or package path such as `SwiftUI` or `androidx.compose.ui.graphics`.
    private static func isQualifier(_ expression: CallExpression) -> Bool {
        switch expression {
        case .identifier(let name): return !colorTypes.contains(name)
        case .member(let base, let name): return !colorTypes.contains(name) && isQualifier(base)
        default: return false
        }
    }

    /// Flutter's `Colors` constants that are fixed values rather than swatches: black and white, and their
    /// translucent variants (`Colors.black12` is 0x1F000000), which shadows are written with.
    private static let flutterNamedColors: [String: TokenColor] = {
        var colors: [String: TokenColor] = [
            "black": .black, "white": .white, "transparent": TokenColor(red: 0, green: 0, blue: 0, alpha: 0),
        ]
        let blacks = [
            "black87": 0xDD, "black54": 0x8A, "black45": 0x73, "black38": 0x61, "black26": 0x42, "black12": 0x1F,
        ]
        for (name, alpha) in blacks { colors[name] = TokenColor.black.withAlpha(Double(alpha) / 255) }
        let whites = [
            "white70": 0xB3, "white60": 0x99, "white54": 0x8A, "white38": 0x62, "white30": 0x4D, "white24": 0x3D,
            "white12": 0x1F, "white10": 0x1A,
        ]
        for (name, alpha) in whites { colors[name] = TokenColor.white.withAlpha(Double(alpha) / 255) }
        return colors
    }()

    /// A fixed named colour of a type: `Color.black`, `Color.Black` (Compose), `Colors.black` (Flutter).
    private static func namedMember(of type: String, _ name: String) -> TokenColor? {
        switch type {
        case "Colors":
            return flutterNamedColors[name]
        case "Color":
            let compose: [String: TokenColor] = [
                "Black": .black, "White": .white, "Transparent": TokenColor(red: 0, green: 0, blue: 0, alpha: 0),
            ]
            return swiftNamedColors[name] ?? compose[name]
        default:
            return swiftNamedColors[name]
        }
    }

    /// The colour an expression stands for.
    private static func color(of expression: CallExpression) throws(Failure) -> TokenColor {
        switch expression {
        case .implicitMember(let name):
            guard let color = swiftNamedColors[name] else { throw Failure.notColor }
            return color
        case .member(let base, let name):
            if let type = colorType(base) {
                guard let color = namedMember(of: type, name) else { throw Failure.notColor }
                return color
            }
            // `UIColor.black.cgColor`, as shadows are set in UIKit.
            guard name == "cgColor" else { throw Failure.notColor }
            return try color(of: base)
        case .unwrap(let base):
            return try color(of: base)
        case .fallback(let value, _):
            // `Color(hex: "…") ?? .clear`: the fallback only applies to a bad literal, which is reported.
            return try color(of: value)
        case .call(let callee, let arguments):
            if let type = colorType(callee) { return try construct(type, arguments) }
            if case .identifier("#colorLiteral") = callee { return try construct("Color", arguments) }
            guard case .member(let base, let name) = callee else { throw Failure.notColor }
            if let type = colorType(base) {
                switch name {
                case "init", "from": return try construct(type, arguments)
                case "fromARGB": return try fromARGB(arguments)
                case "fromRGBO": return try fromRGBO(arguments)
                default: throw Failure.notColor
                }
            }
            return try modify(base, name, arguments)
        default:
            throw Failure.notColor
        }
    }

    /// A number from a literal or simple arithmetic over literals; `.notColor` for anything else (a
    /// variable, a call), `.invalid` for a result that is not finite.
    private static func number(_ expression: CallExpression) throws(Failure) -> CallValue {
        switch expression {
        case .number(let literal):
            guard literal.value.isFinite else { throw Failure.invalid("\(quoted(literal.text)) is too large") }
            return CallValue(
                value: literal.value, isFloat: literal.isFloat, hexDigits: literal.hexDigits, text: literal.text)
        case .negate(let operand):
            let value = try number(operand)
            return CallValue(value: -value.value, isFloat: value.isFloat, hexDigits: nil, text: "-" + value.text)
        case .binary(let op, let lhs, let rhs):
            let left = try number(lhs)
            let right = try number(rhs)
            let text = left.text + op + right.text
            let result: Double
            switch op {
            case "+": result = left.value + right.value
            case "-": result = left.value - right.value
            case "*": result = left.value * right.value
            default:
                guard right.value != 0 else { throw Failure.invalid("\(quoted(text)) divides by zero") }
                result = left.value / right.value
            }
            guard result.isFinite else { throw Failure.invalid("\(quoted(text)) is too large") }
            // Component arithmetic like `51/255` means a fraction, whatever the operand types.
            return CallValue(
                value: result, isFloat: left.isFloat || right.isFloat || op == "/", hexDigits: nil, text: text)
        case .call(.identifier(let type), let arguments)
        where ["CGFloat", "Double", "Float"].contains(type) && arguments.count == 1 && arguments[0].label == nil:
            var value = try number(arguments[0].value)
            value.isFloat = true
            value.hexDigits = nil
            return value
        case .call(.member(let operand, let conversion), let arguments) where arguments.isEmpty:
            var value = try number(operand)
            switch conversion {
            case "toInt", "toLong", "toUInt", "toULong":
                value.isFloat = false
            case "toFloat", "toDouble":
                value.isFloat = true
                value.hexDigits = nil
            default:
                throw Failure.notColor
            }
            return value
        default:
            throw Failure.notColor
        }
    }

    /// A component that must lie in 0...1, named in the message when it does not.
    private static func fraction(_ expression: CallExpression, _ name: String) throws(Failure) -> Double {
        let value = try number(expression)
        // A hair of tolerance for arithmetic like 0.1 * 10.
        guard value.value >= -1e-9 && value.value <= 1 + 1e-9 else {
            // 255 where a fraction belongs is the usual slip: say how to write it.
            let hint = value.value > 1 && value.value <= 255 ? "; write 0-255 values as fractions, like 255/255" : ""
            throw Failure.invalid("\(name) \(value.text.prefix(40)) is outside 0...1\(hint)")
        }
        return value.value
    }

    /// A component that must be an integer 0...255, named in the message when it is not.
    private static func byteComponent(_ value: CallValue, _ name: String) throws(Failure) -> Double {
        guard value.value >= 0 && value.value <= 255 && value.value.rounded() == value.value else {
            throw Failure.invalid("\(name) \(value.text.prefix(40)) is not an integer 0-255")
        }
        return value.value / 255
    }

    /// `Type(…)` or `Type.init(…)`: the initialisers listed on `parseCall`.
    private static func construct(_ type: String, _ arguments: [CallArgument]) throws(Failure) -> TokenColor {
        guard type != "Colors", let first = arguments.first else { throw Failure.notColor }
        if let label = first.label, hexLabels.contains(label) { return try hexInitializer(arguments) }
        var rest = arguments[...]
        var linear = false
        if first.label == nil, arguments.count > 1, case .implicitMember(let space) = first.value {
            guard let isLinear = colorSpaces[space] else { throw Failure.notColor }
            linear = isLinear
            rest = arguments.dropFirst()
        }
        if rest.allSatisfy({ $0.label == nil }) {
            guard rest.count == arguments.count else { throw Failure.notColor }
            return try positional(arguments)
        }
        var labelled: [String: CallArgument] = [:]
        for argument in rest {
            // A positional argument among labelled ones, or a label given twice, is no initialiser read here.
            guard let label = argument.label, labelled[label] == nil, argument.usesEquals == first.usesEquals
            else { throw Failure.notColor }
            labelled[label] = argument
        }
        let alphaArgument = labelled.removeValue(forKey: "alpha")
        let opacityArgument = labelled.removeValue(forKey: "opacity")
        guard alphaArgument == nil || opacityArgument == nil else { throw Failure.notColor }
        let opacity = alphaArgument ?? opacityArgument
        let keys = Set(labelled.keys)

        if keys == ["red", "green", "blue"] || keys == ["displayP3Red", "green", "blue"] {
            let red = labelled["red"] ?? labelled["displayP3Red"]
            guard let red, let green = labelled["green"], let blue = labelled["blue"] else { throw Failure.notColor }
            var color = try rgbComponents(
                [("red", red.value), ("green", green.value), ("blue", blue.value)], alpha: opacity?.value,
                kotlin: first.usesEquals)
            if linear {
                color = TokenColor(
                    red: TokenColor.encoded(color.red), green: TokenColor.encoded(color.green),
                    blue: TokenColor.encoded(color.blue), alpha: color.alpha)
            }
            return color
        }
        let alpha = try opacity.map { (argument) throws(Failure) in try fraction(argument.value, "alpha") } ?? 1
        if keys == ["white"], let white = labelled["white"] {
            var grey = try fraction(white.value, "white")
            if linear { grey = TokenColor.encoded(grey) }
            return TokenColor(red: grey, green: grey, blue: grey, alpha: alpha)
        }
        if keys == ["hue", "saturation", "brightness"], let hue = labelled["hue"],
            let saturation = labelled["saturation"], let brightness = labelled["brightness"]
        {
            return hsbColor(
                hue: try fraction(hue.value, "hue"), saturation: try fraction(saturation.value, "saturation"),
                brightness: try fraction(brightness.value, "brightness"), alpha: alpha)
        }
        throw Failure.notColor
    }

    /// Labelled red, green and blue (and maybe alpha). With Swift's and Dart's `label:` they are 0...1
    /// whatever their form; with Kotlin's `label =` they are 0-255 integers unless any is a float.
    private static func rgbComponents(
        _ components: [(String, CallExpression)], alpha: CallExpression?, kotlin: Bool
    ) throws(Failure) -> TokenColor {
        if !kotlin {
            var values: [Double] = []
            for (name, expression) in components {
                values.append(try fraction(expression, name))
            }
            let opacity = try alpha.map { (expression) throws(Failure) in try fraction(expression, "alpha") } ?? 1
            return TokenColor(red: values[0], green: values[1], blue: values[2], alpha: opacity)
        }
        var all = components
        if let alpha { all.append(("alpha", alpha)) }
        return try numericComponents(all)
    }

    /// Red, green, blue and maybe alpha, 0...1 if any is a float and 0-255 integers otherwise, as Compose's
    /// `Color(Float, Float, Float, Float)` and `Color(Int, Int, Int, Int)` overloads take them.
    private static func numericComponents(_ components: [(String, CallExpression)]) throws(Failure) -> TokenColor {
        var values: [CallValue] = []
        for (_, expression) in components {
            values.append(try number(expression))
        }
        let floats = values.contains(where: \.isFloat)
        var scaled: [Double] = []
        for (index, value) in values.enumerated() {
            let name = components[index].0
            if floats {
                guard value.value >= -1e-9 && value.value <= 1 + 1e-9 else {
                    throw Failure.invalid("\(name) \(value.text.prefix(40)) is outside 0...1")
                }
                scaled.append(value.value)
            } else {
                scaled.append(try byteComponent(value, name))
            }
        }
        return TokenColor(red: scaled[0], green: scaled[1], blue: scaled[2], alpha: scaled.count > 3 ? scaled[3] : 1)
    }

    /// Unlabelled arguments: Compose/Flutter `Color(0xAARRGGBB)`, or Compose `Color(r, g, b[, a])`.
    private static func positional(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
        if arguments.count == 1 {
            // `Color("AccentColor")` names an asset; `Color(.systemBlue)` a system colour.
            let value = try number(arguments[0].value)
            guard !value.isFloat else { throw Failure.notColor }
            guard let digits = value.hexDigits else {
                throw Failure.invalid("\(quoted(value.text)) is not an ARGB colour; write it in hex, like 0xFF4CAF50")
            }
            guard let color = argbColor(digits) else {
                throw Failure.invalid(
                    "\(quoted(value.text)) has \(counted(digits.count, "hex digit")); "
                        + "an ARGB colour has 8 (0xAARRGGBB) or 6")
            }
            return color
        }
        let names = ["red", "green", "blue", "alpha"]
        var components: [(String, CallExpression)] = []
        for (index, argument) in arguments.enumerated() {
            components.append((index < names.count ? names[index] : "value", argument.value))
        }
        guard arguments.count == 3 || arguments.count == 4 else {
            // Only literals make it a colour written wrongly rather than some other call.
            for (_, expression) in components { _ = try number(expression) }
            throw Failure.invalid(
                "Color(…) takes 3 or 4 components (red, green, blue, alpha); this has \(arguments.count)")
        }
        return try numericComponents(components)
    }

    /// `Color(hex: "#FFBF00")`, `Color(hexString: "FFBF00")`, `Color(hex: 0xFFBF00)`, with an optional
    /// `alpha:` or `opacity:`.
    private static func hexInitializer(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
        var alpha: Double?
        for argument in arguments.dropFirst() {
            guard argument.label == "alpha" || argument.label == "opacity", alpha == nil else { throw Failure.notColor }
            alpha = try fraction(argument.value, argument.label ?? "alpha")
        }
        var color: TokenColor
        if case .string(let text) = arguments[0].value {
            color = try hexStringColor(text)
        } else {
            let value = try number(arguments[0].value)
            guard !value.isFloat, value.value >= 0 else {
                throw Failure.invalid("\(quoted(value.text)) is not a hex colour; write it like 0xFFBF00")
            }
            if let digits = value.hexDigits, digits.count == 8 {
                // Eight digits: alpha last, as in a hex string.
                guard let parsed = cssOrderColor(digits) else { throw Failure.notColor }
                color = parsed
            } else if value.value <= 0xFF_FFFF {
                // The integer's own value: 0xFFF is #000FFF, as `(hex >> 16) & 0xFF` reads it.
                let rgb = Int(value.value)
                color = TokenColor(red8: rgb >> 16, green8: (rgb >> 8) & 0xFF, blue8: rgb & 0xFF)
            } else {
                throw Failure.invalid("\(quoted(value.text)) is too large for a 0xRRGGBB colour")
            }
        }
        if let alpha { color = color.withAlpha(alpha) }
        return color
    }

    /// Flutter's `Color.fromARGB(a, r, g, b)`, each an integer 0-255.
    private static func fromARGB(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
        guard arguments.allSatisfy({ $0.label == nil }) else { throw Failure.notColor }
        var values: [Double] = []
        for (index, argument) in arguments.enumerated() {
            let name = index < 4 ? ["alpha", "red", "green", "blue"][index] : "value"
            values.append(try byteComponent(try number(argument.value), name))
        }
        guard values.count == 4 else {
            throw Failure.invalid("Color.fromARGB takes 4 values (alpha, red, green, blue); this has \(values.count)")
        }
        return TokenColor(red: values[1], green: values[2], blue: values[3], alpha: values[0])
    }

    /// Flutter's `Color.fromRGBO(r, g, b, opacity)`: integers 0-255 and an opacity 0...1.
    private static func fromRGBO(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
        guard arguments.allSatisfy({ $0.label == nil }) else { throw Failure.notColor }
        guard arguments.count == 4 else {
            for argument in arguments { _ = try number(argument.value) }
            throw Failure.invalid(
                "Color.fromRGBO takes 4 values (red, green, blue, opacity); this has \(arguments.count)")
        }
        let red = try byteComponent(try number(arguments[0].value), "red")
        let green = try byteComponent(try number(arguments[1].value), "green")
        let blue = try byteComponent(try number(arguments[2].value), "blue")
        let opacity = try fraction(arguments[3].value, "opacity")
        return TokenColor(red: red, green: green, blue: blue, alpha: opacity)
    }

    /// The modifiers `modify` applies.
    private static let modifierNames: Set<String> = [
        "opacity", "withAlphaComponent", "withOpacity", "withAlpha", "withValues", "copy",
    ]

    /// A modifier applied to a colour: `.opacity(x)`, `.withAlphaComponent(x)`, `.withOpacity(x)`,
    /// `.withAlpha(n)`, `.withValues(alpha: x)`, `.copy(alpha = x)`.
    private static func modify(
        _ base: CallExpression, _ name: String, _ arguments: [CallArgument]
    ) throws(Failure) -> TokenColor {
        guard modifierNames.contains(name), arguments.count == 1 else { throw Failure.notColor }
        let argument = arguments[0]
        switch name {
        case "withValues", "copy":
            guard argument.label == "alpha" else { throw Failure.notColor }
        default:
            guard argument.label == nil else { throw Failure.notColor }
        }
        let original = try color(of: base)
        switch name {
        case "opacity":
            // SwiftUI multiplies: `.black.opacity(0.5).opacity(0.5)` is a quarter opaque.
            return original.withAlpha(original.alpha * (try fraction(argument.value, "opacity")))
        case "withAlpha":
            return original.withAlpha(try byteComponent(try number(argument.value), "alpha"))
        default:
            return original.withAlpha(try fraction(argument.value, "alpha"))
        }
    }
}
