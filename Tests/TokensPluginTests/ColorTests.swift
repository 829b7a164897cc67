import Foundation
import Testing

@testable import TokensPlugin

/// The colour a reading produced, or nil when it produced none.
private func color(_ result: ColorParse) -> TokenColor? {
    if case .color(let color) = result { return color }
    return nil
}

/// Whether a reading says the text is a colour notation with a bad value.
private func isInvalid(_ result: ColorParse) -> Bool {
    if case .invalid = result { return true }
    return false
}

/// The 8-bit channels of what `parseCall` reads, or nil.
private func callRGB(_ text: String) -> [Int]? {
    color(ColorLiteral.parseCall(text))?.rgb8
}

/// Whether two numbers agree within `tolerance`.
private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

// MARK: - CSS hex

@Test func hexFormsReadInCSSOrder() throws {
    let translucent = try #require(color(ColorLiteral.parseCSS("#007AFF1A")))
    #expect(translucent.rgb8 == [0, 122, 255])
    #expect(close(translucent.alpha, 26.0 / 255))
    #expect(translucent.hex == "#007AFF1A")

    let white = try #require(color(ColorLiteral.parseCSS("#FFF")))
    #expect(white == .white)
    #expect(white.hex == "#FFFFFF")

    let short = try #require(color(ColorLiteral.parseCSS("#0F08")))
    #expect(short.rgb8 == [0, 255, 0])
    #expect(close(short.alpha, 136.0 / 255))
    #expect(short.hex == "#00FF0088")

    #expect(color(ColorLiteral.parseCSS("  #007aff\n"))?.hex == "#007AFF")
    #expect(color(ColorLiteral.parseCSS("#123"))?.hex == "#112233")
    for hex in ["#663399", "#00000000", "#12345678", "#FFBF00"] {
        #expect(color(ColorLiteral.parseCSS(hex))?.hex == hex)
    }
}

/// Every channel value is written as the two digits `%02X` gives, alpha last and only when not opaque.
@Test func hexDigitsOfEveryChannelValue() {
    for value in 0...255 {
        let color = TokenColor(red8: value, green8: 255 - value, blue8: value / 3, alpha: Double(value) / 255)
        let opaque = String(format: "#%02X%02X%02X", value, 255 - value, value / 3)
        #expect(color.opaqueHex == opaque)
        #expect(color.hex == (value == 255 ? opaque : opaque + String(format: "%02X", value)))
        #expect(TokenColor.hexByte(Double(value) / 255) == String(format: "%02X", value))
    }
}

@Test func badHexIsInvalidAndStrayHashesAreNotColours() {
    #expect(ColorLiteral.parseCSS("#12345") == .invalid("'#12345' has 5 hex digits; a colour has 3, 4, 6 or 8"))
    #expect(ColorLiteral.parseCSS("#12G") == .invalid("'#12G' is not a hex colour: 'G' is not a hex digit"))
    for text in ["#GGG", "#1234567", "#1", "#12", "#123456789"] {
        #expect(isInvalid(ColorLiteral.parseCSS(text)), "\(text)")
    }
    for text in ["#", "# FFF", "#heading-anchor", "#ABCDEFGHIJ", "#🎨"] {
        #expect(ColorLiteral.parseCSS(text) == .notColor, "\(text)")
    }
}

// MARK: - CSS functions and names

@Test func rgbFunctionsInCommaAndSpaceSyntax() {
    #expect(color(ColorLiteral.parseCSS("rgb(0, 122, 255)"))?.hex == "#007AFF")
    #expect(color(ColorLiteral.parseCSS("RGB(0 122 255)"))?.hex == "#007AFF")
    let translucent = color(ColorLiteral.parseCSS("rgba(0, 122, 255, 0.5)"))
    #expect(translucent?.rgb8 == [0, 122, 255])
    #expect(translucent?.alpha == 0.5)
    #expect(color(ColorLiteral.parseCSS("rgb(0 122 255 / 50%)"))?.alpha == 0.5)
    #expect(color(ColorLiteral.parseCSS("rgb(0 122 255/.25)"))?.alpha == 0.25)
    // 50% of 255 is 127.5, which rounds up.
    #expect(color(ColorLiteral.parseCSS("rgb(100%, 50%, 0%)"))?.rgb8 == [255, 128, 0])
    #expect(color(ColorLiteral.parseCSS("rgb(300, -5, 0)"))?.rgb8 == [255, 0, 0])
    #expect(color(ColorLiteral.parseCSS("rgb(none 0 0)"))?.rgb8 == [0, 0, 0])

    #expect(
        ColorLiteral.parseCSS("rgb(1, 2)") == .invalid("'rgb(1, 2)' has 2 values; rgb() takes 3 and an optional alpha"))
    #expect(isInvalid(ColorLiteral.parseCSS("rgb(1 2 3 4)")))
    #expect(isInvalid(ColorLiteral.parseCSS("rgb(1, 2, 3")))
    #expect(isInvalid(ColorLiteral.parseCSS("rgb(1, 2, x)")))
    #expect(isInvalid(ColorLiteral.parseCSS("rgb(1deg, 2, 3)")))
    #expect(ColorLiteral.parseCSS("rgb(var(--r) 0 0)") == .notColor)
    #expect(ColorLiteral.parseCSS("color-mix(in srgb, red, blue)") == .notColor)
}

@Test func hslHwbAndOklchFunctions() {
    // hsl(211 100% 50%): chroma 1, hue sector 3 → green = 1 − |211/60 mod 2 − 1| = 0.4833 → 123.
    #expect(color(ColorLiteral.parseCSS("hsl(211 100% 50%)"))?.rgb8 == [0, 123, 255])
    #expect(color(ColorLiteral.parseCSS("hsl(211deg, 100%, 50%)"))?.rgb8 == [0, 123, 255])
    #expect(color(ColorLiteral.parseCSS("hsl(0.5turn 100% 50%)"))?.rgb8 == [0, 255, 255])
    #expect(color(ColorLiteral.parseCSS("hsl(3.14159265rad 100% 50%)"))?.rgb8 == [0, 255, 255])
    #expect(color(ColorLiteral.parseCSS("hsl(-120 100% 50%)"))?.rgb8 == [0, 0, 255])
    let translucent = color(ColorLiteral.parseCSS("hsla(120, 100%, 25%, 0.5)"))
    #expect(translucent?.rgb8 == [0, 128, 0])
    #expect(translucent?.alpha == 0.5)
    #expect(ColorLiteral.parseCSS("hsl(var(--primary))") == .notColor)
    #expect(isInvalid(ColorLiteral.parseCSS("hsl(10% 100% 50%)")))

    #expect(color(ColorLiteral.parseCSS("hwb(0 0% 0%)"))?.rgb8 == [255, 0, 0])
    #expect(color(ColorLiteral.parseCSS("hwb(90 60% 60%)"))?.rgb8 == [128, 128, 128])
    // CSS Color 4 gives red as oklch(62.8% 0.2577 29.23); shadcn's near-black is Tailwind's #171717.
    #expect(color(ColorLiteral.parseCSS("oklch(62.8% 0.2577 29.23)"))?.rgb8 == [255, 0, 0])
    #expect(color(ColorLiteral.parseCSS("oklch(0.205 0 0)"))?.hex == "#171717")
    #expect(color(ColorLiteral.parseCSS("oklab(1 0 0)"))?.hex == "#FFFFFF")
}

@Test func namedColours() {
    #expect(ColorLiteral.namedColors.count == 148)
    #expect(color(ColorLiteral.parseCSS("rebeccapurple"))?.hex == "#663399")
    #expect(color(ColorLiteral.parseCSS("RebeccaPurple"))?.hex == "#663399")
    #expect(color(ColorLiteral.parseCSS("lightgoldenrodyellow"))?.hex == "#FAFAD2")
    #expect(color(ColorLiteral.parseCSS("transparent"))?.alpha == 0)
    for text in ["currentColor", "inherit", "primary", "red-500", ""] {
        #expect(ColorLiteral.parseCSS(text) == .notColor, "\(text)")
    }
}

@Test func shadcnHSLTriples() throws {
    // l 0.86, s 0.13: max = l + s − l·s = 0.8782, min = 2l − max = 0.8418,
    // green = min + (max − min)·(240 − 220)/60 = 0.8539 → [215, 218, 224].
    let triple = try #require(ColorLiteral.parseHSLTriple("220 13% 86%"))
    #expect(triple.rgb8 == [215, 218, 224])
    #expect(triple.isOpaque)
    #expect(ColorLiteral.parseHSLTriple("220deg 13% 86%") == triple)
    #expect(ColorLiteral.parseHSLTriple(" 220 13% 86% / 0.5 ")?.alpha == 0.5)
    #expect(ColorLiteral.parseHSLTriple("220 13% 86% / 50%")?.alpha == 0.5)
    #expect(ColorLiteral.parseHSLTriple("222.2 47.4% 11.2%")?.hex == "#0F172A")
    for text in ["--not a triple", "220 13 86", "220, 13%, 86%", "hsl(220 13% 86%)", "220 13%", "", "/"] {
        #expect(ColorLiteral.parseHSLTriple(text) == nil, "\(text)")
    }
}

@Test func argbIntegers() {
    let opaque = ColorLiteral.parseARGBInteger("0xFF4CAF50")
    #expect(opaque?.hex == "#4CAF50")
    #expect(opaque?.isOpaque == true)
    let half = ColorLiteral.parseARGBInteger("0x804CAF50")
    #expect(half?.opaqueHex == "#4CAF50")
    #expect(half.map { close($0.alpha, 128.0 / 255) } == true)
    #expect(ColorLiteral.parseARGBInteger("0x4CAF50")?.hex == "#4CAF50")
    for text in ["0xFF4CAF50L", "0xFF4CAF50u", "0xFF4CAF50UL", "0xFF4CAF50.toInt()", "0XFF_4C_AF_50"] {
        #expect(ColorLiteral.parseARGBInteger(text)?.hex == "#4CAF50", "\(text)")
    }
    for text in ["0xFF12", "0x", "FF4CAF50", "#FF4CAF50", "0xFF4CAF5G", "0x1FF4CAF50"] {
        #expect(ColorLiteral.parseARGBInteger(text) == nil, "\(text)")
    }
}

// MARK: - Constructors in code

@Test func swiftHexInitialisers() {
    for text in [
        "Color(hex: \"#FFBF00\")", "Color(hex: \"#FFBF00\")!", "Color(hex: \"FFBF00\")", "Color(hex: 0xFFBF00)",
        "UIColor(hex: \"#FFBF00\")", "Color(hexString: \"#FFBF00\")", "Color(hex: \"#FFBF00\") ?? .clear",
        "UIColor(hex: \"#ffbf00\") ?? .black", "SwiftUI.Color(hex: \"#FFBF00\")",
    ] {
        #expect(color(ColorLiteral.parseCall(text))?.hex == "#FFBF00", "\(text)")
    }
    #expect(color(ColorLiteral.parseCall("Color(hex: \"#FFBF0080\")"))?.hex == "#FFBF0080")
    #expect(color(ColorLiteral.parseCall("Color(hex: \"#FFBF00\", alpha: 0.5)"))?.alpha == 0.5)
    #expect(
        ColorLiteral.parseCall("Color(hex: \"#12345\")")
            == .invalid("'#12345' has 5 hex digits; a colour has 3, 4, 6 or 8"))
    #expect(isInvalid(ColorLiteral.parseCall("Color(hex: \"#FFBG00\")")))
    #expect(ColorLiteral.parseCall("Color(hex: category.colorHex)") == .notColor)
}

@Test func swiftComponentInitialisers() {
    #expect(callRGB("Color(red: 1.0, green: 0.42, blue: 0.42)") == [255, 107, 107])
    #expect(callRGB("UIColor(red: 51/255, green: 102/255.0, blue: 0x99/255, alpha: 1)") == [51, 102, 153])
    #expect(callRGB("Color(red: 51.0 / 255.0, green: 0.4, blue: 0.6)") == [51, 102, 153])
    #expect(callRGB("Color(red: 1, green: 0, blue: 0)") == [255, 0, 0])
    let spaced = color(ColorLiteral.parseCall("Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5)"))
    #expect(spaced?.rgb8 == [51, 102, 153])
    #expect(spaced?.alpha == 0.5)
    #expect(color(ColorLiteral.parseCall("NSColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.25)"))?.alpha == 0.25)
    #expect(callRGB("UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)") == [255, 0, 0])
    #expect(callRGB("#colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)") == [51, 102, 153])
    // Linear 0.5 is encoded 1.055 · 0.5^(1/2.4) − 0.055 = 0.7354 → 188.
    #expect(callRGB("Color(.sRGBLinear, red: 0.5, green: 0.5, blue: 0.5)") == [188, 188, 188])
    // Swift components are fractions: 255 is a mistake worth reporting, not a colour to clamp.
    #expect(isInvalid(ColorLiteral.parseCall("Color(red: 255, green: 128, blue: 0)")))
    #expect(ColorLiteral.parseCall("Color(red: r, green: g, blue: b)") == .notColor)
}

@Test func swiftWhiteAndHSBInitialisers() {
    #expect(callRGB("Color(white: 0.2)") == [51, 51, 51])
    let translucent = color(ColorLiteral.parseCall("Color(white: 0.2, opacity: 0.5)"))
    #expect(translucent?.rgb8 == [51, 51, 51])
    #expect(translucent?.alpha == 0.5)
    #expect(callRGB("UIColor(white: 0.2, alpha: 1)") == [51, 51, 51])
    #expect(callRGB("Color(hue: 0, saturation: 1, brightness: 1)") == [255, 0, 0])
    #expect(callRGB("Color(hue: 1, saturation: 1, brightness: 1)") == [255, 0, 0])
    #expect(callRGB("Color(hue: 0.5, saturation: 1, brightness: 1)") == [0, 255, 255])
    // h·6 = 3.6 (sector 3), v 0.8, p = v(1 − s) = 0.4, q = v(1 − 0.6s) = 0.56 → (p, q, v).
    #expect(callRGB("Color(hue: 0.6, saturation: 0.5, brightness: 0.8)") == [102, 143, 204])
    #expect(color(ColorLiteral.parseCall("UIColor(hue: 0, saturation: 0, brightness: 1, alpha: 0.5)"))?.alpha == 0.5)
    #expect(isInvalid(ColorLiteral.parseCall("Color(white: 2)")))
}

@Test func kotlinAndFlutterConstructors() {
    #expect(color(ColorLiteral.parseCall("Color(0xFF4CAF50)"))?.hex == "#4CAF50")
    #expect(color(ColorLiteral.parseCall("const Color(0xFF4CAF50);"))?.hex == "#4CAF50")
    #expect(color(ColorLiteral.parseCall("Color(0xFF4CAF50.toInt())"))?.hex == "#4CAF50")
    #expect(color(ColorLiteral.parseCall("Color(0x804CAF50)")).map { close($0.alpha, 128.0 / 255) } == true)
    #expect(callRGB("Color(red = 0.2f, green = 0.4f, blue = 0.6f, alpha = 1f)") == [51, 102, 153])
    #expect(color(ColorLiteral.parseCall("Color(red = 0.2f, green = 0.4f, blue = 0.6f, alpha = 0.5f)"))?.alpha == 0.5)
    #expect(callRGB("Color(red = 51, green = 102, blue = 153)") == [51, 102, 153])
    #expect(callRGB("Color(255, 0, 0)") == [255, 0, 0])
    #expect(callRGB("Color(0.2f, 0.4f, 0.6f)") == [51, 102, 153])
    #expect(color(ColorLiteral.parseCall("Color(255, 0, 0, 128)")).map { close($0.alpha, 128.0 / 255) } == true)
    #expect(color(ColorLiteral.parseCall("Color.fromARGB(255, 66, 165, 245)"))?.hex == "#42A5F5")
    let rgbo = color(ColorLiteral.parseCall("Color.fromRGBO(66, 165, 245, 0.5)"))
    #expect(rgbo?.rgb8 == [66, 165, 245])
    #expect(rgbo?.alpha == 0.5)
    #expect(color(ColorLiteral.parseCall("Color(0xFF42A5F5).withOpacity(0.5)"))?.hex == "#42A5F580")
    #expect(color(ColorLiteral.parseCall("Color(0xFF42A5F5).withAlpha(0)"))?.alpha == 0)
    #expect(color(ColorLiteral.parseCall("Color(0xFF42A5F5).withValues(alpha: 0.5)"))?.alpha == 0.5)
    #expect(color(ColorLiteral.parseCall("Color(0xFF000000).copy(alpha = 0.5f)"))?.alpha == 0.5)

    #expect(
        ColorLiteral.parseCall("Color(0xFF12)")
            == .invalid("'0xFF12' has 4 hex digits; an ARGB colour has 8 (0xAARRGGBB) or 6"))
    #expect(isInvalid(ColorLiteral.parseCall("Color.fromARGB(255, 66, 165)")))
    #expect(isInvalid(ColorLiteral.parseCall("Color.fromRGBO(66, 165, 245, 2)")))
    #expect(isInvalid(ColorLiteral.parseCall("Color(1, 2)")))
    #expect(isInvalid(ColorLiteral.parseCall("Color(300, 0, 0)")))
}

@Test func namedColoursAndModifiersInCode() {
    let shadow = color(ColorLiteral.parseCall(".black.opacity(0.1)"))
    #expect(shadow?.rgb8 == [0, 0, 0])
    #expect(shadow?.alpha == 0.1)
    #expect(color(ColorLiteral.parseCall("Color.black.opacity(0.1)")) == shadow)
    #expect(color(ColorLiteral.parseCall("UIColor.black.withAlphaComponent(0.1)")) == shadow)
    #expect(color(ColorLiteral.parseCall("UIColor.black.cgColor")) == .black)
    #expect(color(ColorLiteral.parseCall("Color.white")) == .white)
    #expect(color(ColorLiteral.parseCall(".white")) == .white)
    #expect(color(ColorLiteral.parseCall("Color.clear"))?.alpha == 0)
    #expect(color(ColorLiteral.parseCall(".clear"))?.alpha == 0)
    #expect(color(ColorLiteral.parseCall("Color.Black")) == .black)
    #expect(color(ColorLiteral.parseCall("Colors.transparent"))?.alpha == 0)
    #expect(color(ColorLiteral.parseCall("Colors.black12"))?.hex == "#0000001F")
    #expect(color(ColorLiteral.parseCall("Colors.white38"))?.hex == "#FFFFFF62")
    // SwiftUI's opacity multiplies.
    #expect(color(ColorLiteral.parseCall("Color(red: 0, green: 0, blue: 0).opacity(0.5).opacity(0.5)"))?.alpha == 0.25)
    #expect(color(ColorLiteral.parseCall("Color(hex: \"#FFBF00\")!.withAlphaComponent(0.5)"))?.alpha == 0.5)
}

@Test func otherExpressionsAreNotColours() {
    for text in [
        "Color(hex: category.colorHex)", "Color.primary", "Color(uiColor: .systemBackground)", "Color(\"AccentColor\")",
        "Color.red", ".accentColor", "Color(.systemBlue)", "Color.black.darker(by: 0.2)", "theme.colors.primary",
        "foo(1, 2, 3)", "Colors.blue", "Color(red: r, green: 0, blue: 0)", "\"#FF0000\"",
        "MaterialTheme.colorScheme.primary",
    ] {
        #expect(ColorLiteral.parseCall(text) == .notColor, "\(text)")
    }
}

@Test func parseTriesCodeThenQuotedThenBareCSS() {
    #expect(color(ColorLiteral.parse("'#007AFF1A'"))?.hex == "#007AFF1A")
    #expect(color(ColorLiteral.parse("\"rgb(0 122 255)\""))?.hex == "#007AFF")
    #expect(color(ColorLiteral.parse("`red`"))?.hex == "#FF0000")
    #expect(color(ColorLiteral.parse("Color(hex: \"#FFF\")")) == .white)
    #expect(color(ColorLiteral.parse("  #000  ")) == .black)
    #expect(isInvalid(ColorLiteral.parse("\"#12345\"")))
    #expect(ColorLiteral.parse("primary") == .notColor)
    #expect(ColorLiteral.parse("\"\"") == .notColor)
}

@Test func hostileInputNeverCrashes() {
    let hostile = [
        "", " ", "\n", "#", "##", "#\u{301}", "(", ")", ")(", String(repeating: "(", count: 100_000),
        String(repeating: "Color(", count: 2_000),
        String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500),
        String(repeating: "- ", count: 400) + "1", "Color(", "Color(hex:", "Color(hex: \"", "Color(hex: \"\")",
        "Color(red: 1e999, green: 0, blue: 0)", "Color(red: 1/0, green: 0, blue: 0)", "Color(red: -, green:, blue:)",
        "Color(0x" + String(repeating: "F", count: 300) + ")", "0x" + String(repeating: "F", count: 2_000),
        "Color(99999999999999999999999999999)", "Color.fromARGB(1e308, 1e308, 1e308, 1e308)", "rgb(", "rgb()",
        "rgb(,,,)", "rgb(1e999 0 0)", "rgb(inf 0 0)", "hsl(nan 0% 0%)", "hsl(1e308 100% 50%", "🎨", "#🎨🎨🎨",
        "Color(🎨)", "rgb(🎨 0 0)", ".", "..", "Color.", "??", "Color(hex: \"#FFF\") ??", "\u{0}", "\"", "'", "`",
        "\\", "/*", "Color(1, 2, 3) /* unterminated", "Color(-1, 0, 0)", "-0x", "Color(0x)", "Color(1abc)",
        "Color(hex: \"\\", "!!!", "Color(hex: \"#FFF\")!!!!?", "Color(white: .nan)", "0.toInt()",
        String(repeating: "🎨", count: 5_000), "Color(red: 0.5, red: 0.5, green: 0, blue: 0)",
    ]
    for text in hostile {
        // Every one of these is garbage or a broken colour: none may read as a colour, and none may trap.
        #expect(color(ColorLiteral.parse(text)) == nil, "\(text.prefix(40))")
        #expect(color(ColorLiteral.parseCall(text)) == nil, "\(text.prefix(40))")
        #expect(color(ColorLiteral.parseCSS(text)) == nil, "\(text.prefix(40))")
        #expect(ColorLiteral.parseHSLTriple(text) == nil, "\(text.prefix(40))")
        #expect(ColorLiteral.parseARGBInteger(text) == nil, "\(text.prefix(40))")
    }
}

// MARK: - TokenColor

@Test func initialisersClampAndFormatsAgree() {
    let clamped = TokenColor(red: 2, green: -1, blue: .nan, alpha: 7)
    #expect(clamped == TokenColor(red: 1, green: 0, blue: 0))
    #expect(TokenColor(red8: 300, green8: 122, blue8: -4).rgb8 == [255, 122, 0])

    let blue = TokenColor(red8: 0, green8: 122, blue8: 255)
    #expect(blue.hex == "#007AFF")
    #expect(blue.cssRGB == "rgb(0 122 255)")
    #expect(blue.cssRGBA == "rgba(0, 122, 255, 1)")
    #expect(blue.cssHSL == "hsl(211 100% 50%)")
    // Hue of #007AFF: 60 · (4 − 122/255) = 211.29°.
    #expect(close(blue.hsl.hue, 60 * (4 - 122.0 / 255)))
    #expect(blue.hsl.saturation == 100)
    #expect(blue.hsl.lightness == 50)

    let tenth = blue.withAlpha(0.1)
    #expect(tenth.hex == "#007AFF1A")
    #expect(tenth.opaqueHex == "#007AFF")
    #expect(tenth.cssRGB == "rgb(0 122 255 / 0.1)")
    #expect(tenth.cssRGBA == "rgba(0, 122, 255, 0.1)")
    #expect(tenth.cssHSL == "hsl(211 100% 50% / 0.1)")
    #expect(blue.withAlpha(26.0 / 255).cssRGB == "rgb(0 122 255 / 0.102)")
    #expect(blue.withAlpha(0.9995).isOpaque)
    #expect(!blue.withAlpha(0.998).isOpaque)

    let grey = TokenColor(red8: 128, green8: 128, blue8: 128)
    #expect(grey.hsl.hue == 0 && grey.hsl.saturation == 0)
    #expect(grey.cssHSL == "hsl(0 0% 50%)")
    // Hue 359.8° rounds to 360°, written as 0°.
    #expect(TokenColor(red8: 255, green8: 0, blue8: 1).cssHSL == "hsl(0 100% 50%)")
}

@Test func compositingIsSourceOver() {
    let halfBlack = TokenColor.black.withAlpha(0.5)
    let onWhite = halfBlack.composited(over: .white)
    #expect(onWhite.rgb8 == [128, 128, 128])
    #expect(onWhite.alpha == 1)
    // Over a half-transparent red: alpha 0.5 + 0.5 · 0.5 = 0.75; red = (0 · 0.5 + 1 · 0.25) / 0.75 = 1/3.
    let onRed = halfBlack.composited(over: TokenColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(close(onRed.alpha, 0.75))
    #expect(close(onRed.red, 1.0 / 3))
    let clear = TokenColor.black.withAlpha(0)
    #expect(clear.composited(over: clear).alpha == 0)
}

@Test func wcagLuminanceAndContrast() {
    #expect(close(TokenColor.white.relativeLuminance, 1))
    #expect(TokenColor.black.relativeLuminance == 0)
    #expect(close(TokenColor.white.contrastRatio(with: .black), 21))
    #expect(close(TokenColor.black.contrastRatio(with: .white), 21))
    #expect(TokenColor.white.contrastRatio(with: .white) == 1)

    // #777777: ((0.4667 + 0.055) / 1.055)^2.4 = 0.18447 → 1.05 / 0.23447 = 4.478.
    let grey = TokenColor(red8: 0x77, green8: 0x77, blue8: 0x77)
    #expect(close(grey.relativeLuminance, 0.184_474, 1e-5))
    #expect(close(grey.contrastRatio(with: .white), 4.478, 1e-3))
    // #007AFF: 0.7152 · 0.19459 + 0.0722 = 0.21137 → 1.05 / 0.26137 = 4.017.
    let blue = TokenColor(red8: 0, green8: 0x7A, blue8: 0xFF)
    #expect(close(blue.contrastRatio(with: .white), 4.017, 1e-3))
    #expect(blue.contrastRatio(with: .white) == TokenColor.white.contrastRatio(with: blue))

    // Half black over white is 50% grey: ((0.5 + 0.055) / 1.055)^2.4 = 0.21404 → 1.05 / 0.26404 = 3.977.
    #expect(close(TokenColor.black.withAlpha(0.5).contrastRatio(with: .white), 3.977, 1e-3))
    // A transparent background is white.
    #expect(close(TokenColor.black.contrastRatio(with: TokenColor.black.withAlpha(0)), 21))
}

@Test func labConversion() {
    let white = TokenColor.white.lab
    #expect(close(white.l, 100, 1e-9) && close(white.a, 0, 1e-9) && close(white.b, 0, 1e-9))
    let black = TokenColor.black.lab
    #expect(close(black.l, 0) && close(black.a, 0) && close(black.b, 0))
    // sRGB red under D65: L 53.24, a 80.09, b 67.20.
    let red = TokenColor(red: 1, green: 0, blue: 0).lab
    #expect(close(red.l, 53.24, 0.01) && close(red.a, 80.09, 0.01) && close(red.b, 67.20, 0.01))
}

@Test func deltaE2000BetweenColours() {
    let blue = TokenColor(red8: 0, green8: 122, blue8: 255)
    #expect(blue.deltaE2000(blue) == 0)
    #expect(blue.deltaE2000(blue.withAlpha(0.2)) == 0)
    #expect(close(TokenColor.black.deltaE2000(.white), 100, 1e-6))
    let grey = TokenColor(red8: 0x80, green8: 0x80, blue8: 0x80)
    #expect(grey.deltaE2000(TokenColor(red8: 0x82, green8: 0x82, blue8: 0x82)) < 2)
    #expect(grey.deltaE2000(TokenColor(red8: 0x8A, green8: 0x8A, blue8: 0x8A)) > 2)
}

@Test func deltaE2000MatchesSharmaTestData() {
    // Rows of Sharma, Wu and Dalal (2005), Table 1, including the hue-wrap cases (pairs 7–16) and both
    // mean-hue branches.
    let rows: [((Double, Double, Double), (Double, Double, Double), Double)] = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
        ((50, 2.8361, -74.0200), (50, 0, -82.7485), 3.4412),
        ((50, -1.3802, -84.2814), (50, 0, -82.7485), 1.0000),
        ((50, 0, 0), (50, -1, 2), 2.3669),
        ((50, 2.49, -0.001), (50, -2.49, 0.0009), 7.1792),
        ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195),
        ((50, -0.001, 2.49), (50, 0.0009, -2.49), 4.8045),
        ((50, 2.5, 0), (50, 0, -2.5), 4.3065),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((50, 2.5, 0), (56, -27, -3), 31.9030),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for (first, second, expected) in rows {
        let forward = TokenColor.deltaE2000(lab1: first, lab2: second)
        let backward = TokenColor.deltaE2000(lab1: second, lab2: first)
        #expect(close(forward, expected, 1e-4), "\(first) vs \(second): \(forward)")
        #expect(close(backward, expected, 1e-4), "\(second) vs \(first): \(backward)")
    }
}

/// APCA-W3 0.0.98G-4g against the reference values its authors publish.
struct APCATests {
    @Test(arguments: [
        ("#888888", "#FFFFFF", 63.06), ("#FFFFFF", "#888888", -68.54), ("#000000", "#FFFFFF", 106.04),
        ("#FFFFFF", "#000000", -107.88), ("#112233", "#DDEEFF", 91.67), ("#DDEEFF", "#112233", -93.07),
    ])
    func lightnessContrastMatchesTheReference(text: String, background: String, lc: Double) throws {
        guard case .color(let foreground) = ColorLiteral.parseCSS(text),
            case .color(let ground) = ColorLiteral.parseCSS(background)
        else {
            Issue.record("unreadable")
            return
        }
        #expect(abs(foreground.apcaContrast(on: ground) - lc) < 0.01)
    }

    @Test func nearlyEqualColoursHaveNoContrast() throws {
        guard case .color(let grey) = ColorLiteral.parseCSS("#777777") else { return }
        #expect(grey.apcaContrast(on: grey) == 0)
    }
}
