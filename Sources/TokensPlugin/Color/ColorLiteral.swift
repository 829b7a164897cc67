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
    enum Failure: Error {
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
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Whether a character is an ASCII letter, digit or `_`, the characters of a word like `#define`.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "_")
    }

    /// Text quoted in a message, shortened so a message stays readable whatever it quotes.
    static func quoted(_ text: some StringProtocol) -> String {
        let limit = 40
        return text.count > limit ? "'" + text.prefix(limit) + "…'" : "'" + text + "'"
    }

    /// `count` with its noun, singular or plural: "1 hex digit", "5 hex digits".
    static func counted(_ count: Int, _ noun: String) -> String {
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
    static func hexStringColor(_ text: String) throws(Failure) -> TokenColor {
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
