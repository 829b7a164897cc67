import Foundation

// The syntax of colour constructor expressions in Swift, Kotlin and Dart: tokens, expressions, the parser.

extension ColorLiteral {
    /// A numeric literal as written in code.
    struct CallNumber {
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
    enum CallToken {
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
    indirect enum CallExpression {
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
    struct CallArgument {
        /// The label, if any.
        var label: String?
        /// Whether the label was written Kotlin's way, `label = value`.
        var usesEquals: Bool
        /// The value.
        var value: CallExpression
    }

    /// A recursive-descent parser for the small expression language of colour constructors.
    struct CallParser {
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
    struct CallValue {
        /// The value.
        var value: Double
        /// Whether it is a floating-point value: a float literal, a conversion to one, or a division.
        var isFloat: Bool
        /// The hex digits when it is one hex literal, possibly converted with `.toInt()`.
        var hexDigits: [Unicode.Scalar]?
        /// As written, for messages.
        var text: String
    }
}
