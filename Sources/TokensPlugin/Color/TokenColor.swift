import Foundation

/// An sRGB colour with straight (non-premultiplied) alpha, components 0...1.
public struct TokenColor: Sendable, Equatable, Hashable, Codable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque); the colour components are not multiplied by it.
    public var alpha: Double

    /// Creates a colour from components 0...1, clamping each into that range
    /// (NaN becomes 0) so every colour made can be drawn and written as hex.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// Creates a colour from 8-bit channels 0...255 (clamped) and an alpha 0...1.
    public init(red8: Int, green8: Int, blue8: Int, alpha: Double = 1) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: alpha)
    }

    /// Opaque white, `#FFFFFF`.
    public static let white = TokenColor(red: 1, green: 1, blue: 1)

    /// Opaque black, `#000000`.
    public static let black = TokenColor(red: 0, green: 0, blue: 0)

    /// Whether the colour hides what is behind it. The tolerance lets an alpha
    /// computed from 255/255 or written as `0.9999` count as opaque.
    public var isOpaque: Bool { alpha >= 0.999 }

    /// `#007AFF`, or `#007AFF1A` when not opaque (CSS order: alpha last); uppercase.
    public var hex: String { isOpaque ? opaqueHex : hexDigits(withAlpha: true) }

    /// `#RRGGBB`, ignoring alpha.
    public var opaqueHex: String { hexDigits(withAlpha: false) }

    /// `#RRGGBB`, then `AA` when `withAlpha`: at most 9 bytes, a string Swift keeps inline.
    private func hexDigits(withAlpha: Bool) -> String {
        String(unsafeUninitializedCapacity: withAlpha ? 9 : 7) { buffer in
            buffer[0] = UInt8(ascii: "#")
            Self.appendHexByte(red, to: buffer, at: 1)
            Self.appendHexByte(green, to: buffer, at: 3)
            Self.appendHexByte(blue, to: buffer, at: 5)
            if withAlpha { Self.appendHexByte(alpha, to: buffer, at: 7) }
            return withAlpha ? 9 : 7
        }
    }

    /// The channels as 0...255 integers, rounded: `[0, 122, 255]`.
    public var rgb8: [Int] { [Self.byte(red), Self.byte(green), Self.byte(blue)] }

    /// `rgb(0 122 255)`, or `rgb(0 122 255 / 0.1)` when not opaque.
    public var cssRGB: String {
        let channels = rgb8.map(String.init).joined(separator: " ")
        return isOpaque ? "rgb(\(channels))" : "rgb(\(channels) / \(Self.formatAlpha(alpha)))"
    }

    /// `rgba(0, 122, 255, 0.1)` always, alpha `1` when opaque: the comma form
    /// every browser and tool reads, which `box-shadow` values are written in.
    public var cssRGBA: String {
        let channels = rgb8.map(String.init).joined(separator: ", ")
        return "rgba(\(channels), \(isOpaque ? "1" : Self.formatAlpha(alpha)))"
    }

    /// Hue in degrees 0..<360, saturation and lightness in percent 0...100.
    /// A grey has hue 0 and saturation 0.
    public var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let (r, g, b) = (Self.unit(red), Self.unit(green), Self.unit(blue))
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return (0, 0, lightness * 100) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = 60 * ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = 60 * ((b - r) / chroma + 2)
        } else {
            hue = 60 * ((r - g) / chroma + 4)
        }
        if hue < 0 { hue += 360 }
        if hue >= 360 { hue -= 360 }
        return (hue, min(saturation, 1) * 100, lightness * 100)
    }

    /// `hsl(211 100% 50%)`, each value rounded to an integer, with ` / 0.1` when not opaque.
    public var cssHSL: String {
        let (hue, saturation, lightness) = hsl
        // 359.6° rounds to 360°, which is written 0°.
        let h = Int(hue.rounded()) % 360
        let s = Int(saturation.rounded())
        let l = Int(lightness.rounded())
        let body = "\(h) \(s)% \(l)%"
        return isOpaque ? "hsl(\(body))" : "hsl(\(body) / \(Self.formatAlpha(alpha)))"
    }

    /// The same colour with its alpha replaced (clamped to 0...1).
    public func withAlpha(_ alpha: Double) -> TokenColor {
        TokenColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour painted over `background` (Porter-Duff source-over); the result
    /// is opaque whenever the background is.
    public func composited(over background: TokenColor) -> TokenColor {
        let source = Self.unit(alpha)
        // An opaque background counts as exactly opaque, so the result does not
        // keep a rounding error like 0.9999999 that would make it translucent.
        let backdrop = background.isOpaque ? 1 : Self.unit(background.alpha)
        let covered = backdrop * (1 - source)
        let total = source + covered
        guard total > 0 else { return TokenColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ front: Double, _ back: Double) -> Double { (front * source + back * covered) / total }
        return TokenColor(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
            alpha: background.isOpaque ? 1 : total)
    }

    /// Relative luminance as WCAG 2.x defines it, 0 (black) ... 1 (white), ignoring alpha.
    public var relativeLuminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// The WCAG 2.x contrast ratio between this colour (as text) and `other` (as
    /// its background), 1...21. A translucent background is first painted over
    /// white, and a translucent colour over that background, because what is
    /// read is what ends up on screen.
    public func contrastRatio(with other: TokenColor) -> Double {
        let backdrop = other.isOpaque ? other : other.composited(over: .white)
        let front = isOpaque ? self : composited(over: backdrop)
        let first = front.relativeLuminance
        let second = backdrop.relativeLuminance
        let ratio = (max(first, second) + 0.05) / (min(first, second) + 0.05)
        return min(max(ratio, 1), 21)
    }

    /// CIELAB under D65 (sRGB → linear → XYZ D65 → Lab), ignoring alpha:
    /// L 0...100, a and b roughly -128...128.
    public var lab: (l: Double, a: Double, b: Double) {
        let r = Self.linear(red)
        let g = Self.linear(green)
        let b = Self.linear(blue)
        // The sRGB → XYZ (D65) matrix of IEC 61966-2-1.
        let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b
        // The white point is the matrix's own image of white, so #FFFFFF is
        // exactly L 100, a 0, b 0 rather than off by the matrix's rounding.
        let fx = Self.labF(x / (0.412_456_4 + 0.357_576_1 + 0.180_437_5))
        let fy = Self.labF(y / (0.212_672_9 + 0.715_152_2 + 0.072_175_0))
        let fz = Self.labF(z / (0.019_333_9 + 0.119_192_0 + 0.950_304_1))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The CIEDE2000 colour difference between the opaque parts of two colours
    /// (alpha is ignored): 0 for the same colour, about 1 for a just noticeable
    /// difference, 100 between black and white.
    public func deltaE2000(_ other: TokenColor) -> Double {
        Self.deltaE2000(lab1: lab, lab2: other.lab)
    }

    /// CIEDE2000 (Sharma, Wu and Dalal, 2005) between two CIELAB colours, with
    /// the parametric weights kL, kC and kH all 1.
    static func deltaE2000(lab1: (l: Double, a: Double, b: Double), lab2: (l: Double, a: Double, b: Double)) -> Double {
        let radians = Double.pi / 180
        let pow25To7 = pow(25.0, 7.0)
        let meanChroma = (hypot(lab1.a, lab1.b) + hypot(lab2.a, lab2.b)) / 2
        let g = 0.5 * (1 - sqrt(pow(meanChroma, 7.0) / (pow(meanChroma, 7.0) + pow25To7)))
        let a1 = (1 + g) * lab1.a
        let a2 = (1 + g) * lab2.a
        let c1 = hypot(a1, lab1.b)
        let c2 = hypot(a2, lab2.b)
        /// Hue angle in degrees 0..<360; 0 for a neutral colour, as the paper specifies.
        func hueAngle(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let angle = atan2(b, a) / radians
            return angle < 0 ? angle + 360 : angle
        }
        let h1 = hueAngle(lab1.b, a1)
        let h2 = hueAngle(lab2.b, a2)

        let deltaL = lab2.l - lab1.l
        let deltaC = c2 - c1
        var deltaHueAngle = 0.0
        if c1 * c2 != 0 {
            deltaHueAngle = h2 - h1
            if deltaHueAngle > 180 {
                deltaHueAngle -= 360
            } else if deltaHueAngle < -180 {
                deltaHueAngle += 360
            }
        }
        let deltaH = 2 * sqrt(c1 * c2) * sin(deltaHueAngle / 2 * radians)

        let meanL = (lab1.l + lab2.l) / 2
        let meanC = (c1 + c2) / 2
        var meanHue = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) <= 180 {
                meanHue = (h1 + h2) / 2
            } else if h1 + h2 < 360 {
                meanHue = (h1 + h2 + 360) / 2
            } else {
                meanHue = (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((meanHue - 30) * radians) + 0.24 * cos(2 * meanHue * radians)
            + 0.32 * cos((3 * meanHue + 6) * radians) - 0.20 * cos((4 * meanHue - 63) * radians)
        let deltaTheta = 30 * exp(-pow((meanHue - 275) / 25, 2.0))
        let rotationC = 2 * sqrt(pow(meanC, 7.0) / (pow(meanC, 7.0) + pow25To7))
        let lightnessOffset = pow(meanL - 50, 2.0)
        let weightL = 1 + 0.015 * lightnessOffset / sqrt(20 + lightnessOffset)
        let weightC = 1 + 0.045 * meanC
        let weightH = 1 + 0.015 * meanC * t
        let rotation = -sin(2 * deltaTheta * radians) * rotationC

        let termL = deltaL / weightL
        let termC = deltaC / weightC
        let termH = deltaH / weightH
        return sqrt(max(0, termL * termL + termC * termC + termH * termH + rotation * termC * termH))
    }

    /// `value` clamped to 0...1; NaN becomes 0 so it cannot reach an `Int` conversion.
    static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// A component 0...1 as an 8-bit channel 0...255, rounded. Clamps again
    /// because the stored properties are public and may be set out of range.
    static func byte(_ component: Double) -> Int {
        Int((unit(component) * 255).rounded())
    }

    /// A component as two uppercase hex digits.
    static func hexByte(_ component: Double) -> String {
        String(unsafeUninitializedCapacity: 2) { buffer in
            appendHexByte(component, to: buffer, at: 0)
            return 2
        }
    }

    /// Writes a component's two uppercase hex digits into `buffer` at `offset`. Every colour's hex
    /// is asked for many times a build (pairing, tables, exports): it is written as bytes, not as
    /// `Character`s.
    private static func appendHexByte(_ component: Double, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
    {
        let digits: StaticString = "0123456789ABCDEF"
        let value = byte(component)
        buffer[offset] = digits.utf8Start[value / 16]
        buffer[offset + 1] = digits.utf8Start[value % 16]
    }

    /// An alpha as CSS writes it: up to three decimals without trailing zeros
    /// (`0.1`, `0.102`, `0`, `1`), independent of the locale.
    static func formatAlpha(_ alpha: Double) -> String {
        TokenFormat.number(unit(alpha), decimals: 3)
    }

    /// The sRGB transfer function undone: an encoded component 0...1 as linear
    /// light, with the 0.04045 threshold of IEC 61966-2-1.
    static func linear(_ component: Double) -> Double {
        let value = unit(component)
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function: linear light 0...1 as an encoded component.
    static func encoded(_ linear: Double) -> Double {
        let value = unit(linear)
        return value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    /// The CIELAB companding function f(t).
    private static func labF(_ t: Double) -> Double {
        let epsilon = 216.0 / 24389.0
        let kappa = 24389.0 / 27.0
        return t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
    }
}
