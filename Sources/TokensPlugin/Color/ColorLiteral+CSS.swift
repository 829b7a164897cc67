import Foundation

// CSS colour syntax: hex, the colour functions and their numbers.

extension ColorLiteral {
    /// A CSS number with its unit, lowercased: `""`, `"%"`, `"deg"`, `"turn"`, …, or `"none"` for the keyword.
    struct CSSNumber {
        /// The number.
        var value: Double
        /// The unit after it.
        var unit: String
    }

    /// The colour functions read; `rgba` and `hsla` are aliases, as in CSS Color 4.
    enum CSSFunction: String {
        case rgb, rgba, hsl, hsla, hwb, oklab, oklch
    }

    /// `#…`: a hex colour, an invalid one, or not a colour.
    static func hashColor(_ text: String) throws(Failure) -> TokenColor {
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
    static func cssFunction(_ text: String, open: String.Index) throws(Failure) -> TokenColor {
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
    static func cssNumber(_ token: Substring) -> CSSNumber? {
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
    static func degrees(_ number: CSSNumber) -> Double? {
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
}
