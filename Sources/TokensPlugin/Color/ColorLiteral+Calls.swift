import Foundation

// What colour constructor expressions stand for: `Color(hex:)`, `UIColor(red:green:blue:alpha:)`,
// `Color(0xFF…)`, `Color.fromARGB(…)`, modifiers such as `.opacity(x)`.

extension ColorLiteral {
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

    /// The colour an expression stands for.
    static func color(of expression: CallExpression) throws(Failure) -> TokenColor {
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
    static func number(_ expression: CallExpression) throws(Failure) -> CallValue {
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
    static func fraction(_ expression: CallExpression, _ name: String) throws(Failure) -> Double {
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
    static func positional(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
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
    static func fromARGB(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
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
    static func fromRGBO(_ arguments: [CallArgument]) throws(Failure) -> TokenColor {
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
