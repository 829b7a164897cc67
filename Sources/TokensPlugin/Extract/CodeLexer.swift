import SpecSiteKit

/// Splits source code in the C family (TypeScript, JavaScript, JSON, Swift,
/// Kotlin, Dart) into lexemes with their lines, keeping comments so a token
/// can take the comment written after it as its description.
///
/// Hand-written: token extraction needs only strings, comments, brackets and
/// identifiers, in several languages at once, and must survive half-written
/// snippets (a missing quote, an unclosed comment) that a real parser would
/// reject outright.
struct CodeLexer {
    /// One lexeme.
    struct Lexeme: Equatable {
        /// What kind of lexeme it is.
        enum Kind: Equatable {
            case identifier, number, string, punctuation, comment
        }

        var kind: Kind
        /// The lexeme's text; for strings, the contents without quotes.
        var text: String
        /// 1-based line within the code.
        var line: Int
        /// Byte offsets of the lexeme in the code (quotes included).
        var start: Int
        var end: Int
        /// Whether a line break comes before this lexeme (after the previous one).
        var newlineBefore: Bool
    }

    /// A problem found while lexing, at a 1-based line of the code.
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    /// The lexemes, comments included.
    private(set) var lexemes: [Lexeme] = []
    /// Unterminated strings and comments.
    private(set) var problems: [Problem] = []
    /// The code as bytes.
    let bytes: [UInt8]

    /// Lexes `code`.
    init(_ code: String) {
        bytes = Array(code.utf8)
        lex()
    }

    /// The source text between two byte offsets.
    func text(from start: Int, to end: Int) -> String {
        guard start < end, start >= 0, end <= bytes.count else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func lex() {
        var index = 0
        var line = 1
        var newline = true
        let count = bytes.count

        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
                || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x0D:
                // LF, CR LF or a lone CR: one line break each.
                line += 1
                newline = true
                index += SourceLines.lineBreakLength(in: bytes, at: index)
            case 0x20, 0x09, 0x0C:
                index += 1
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2F:  // `//`
                let start = index
                while index < count, SourceLines.lineBreakLength(in: bytes, at: index) == 0 { index += 1 }
                append(.comment, text(from: start + 2, to: index), line, start, index, &newline)
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2A:  // `/*`
                let start = index
                let startLine = line
                index += 2
                var closed = false
                while index < count {
                    if bytes[index] == 0x2A, index + 1 < count, bytes[index + 1] == 0x2F {
                        index += 2
                        closed = true
                        break
                    }
                    let lineBreak = SourceLines.lineBreakLength(in: bytes, at: index)
                    if lineBreak > 0 { line += 1 }
                    index += max(lineBreak, 1)
                }
                if !closed { problems.append(Problem(line: startLine, message: "unclosed comment")) }
                let inner = text(from: start + 2, to: closed ? index - 2 : index)
                append(.comment, inner, startLine, start, index, &newline)
            case 0x22, 0x27, 0x60:  // " ' `
                let start = index
                let startLine = line
                let quote = byte
                // Swift and Kotlin raw multi-line strings: """ … """.
                let triple = quote == 0x22 && index + 2 < count && bytes[index + 1] == 0x22 && bytes[index + 2] == 0x22
                index += triple ? 3 : 1
                let contentStart = index
                var closed = false
                while index < count {
                    let current = bytes[index]
                    if current == 0x5C {  // backslash escapes the next byte, or line break
                        let lineBreak = index + 1 < count ? SourceLines.lineBreakLength(in: bytes, at: index + 1) : 0
                        if lineBreak > 0 { line += 1 }
                        index += 1 + max(lineBreak, 1)
                        continue
                    }
                    if triple {
                        if current == 0x22, index + 2 < count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                            closed = true
                            break
                        }
                    } else if current == quote {
                        closed = true
                        break
                    }
                    let lineBreak = SourceLines.lineBreakLength(in: bytes, at: index)
                    // A quote left open ends at the line's end, so one bad
                    // line cannot swallow the rest of the block.
                    if lineBreak > 0 && quote != 0x60 && !triple { break }
                    if lineBreak > 0 { line += 1 }
                    index += max(lineBreak, 1)
                }
                index = min(index, count)
                let contentEnd = index
                if closed {
                    index += triple ? 3 : 1
                } else {
                    problems.append(
                        Problem(line: startLine, message: "unterminated string starting \(Self.excerpt(bytes, start))"))
                }
                let lexeme = Lexeme(
                    kind: .string, text: text(from: contentStart, to: contentEnd), line: startLine, start: start,
                    end: index, newlineBefore: newline)
                lexemes.append(lexeme)
                newline = false
            case _ where isDigit(byte) || (byte == 0x2E && index + 1 < count && isDigit(bytes[index + 1])):
                let start = index
                index += 1
                while index < count {
                    let current = bytes[index]
                    if isDigit(current) || isIdentifierStart(current) || current == 0x2E {
                        // `1.5`, `0xFF`, `1.5f`, `16px` — but not `1..<3`.
                        if current == 0x2E, index + 1 < count, !isDigit(bytes[index + 1]) { break }
                        index += 1
                    } else {
                        break
                    }
                }
                append(.number, text(from: start, to: index), line, start, index, &newline)
            case _ where isIdentifierStart(byte):
                let start = index
                index += 1
                while index < count, isIdentifierStart(bytes[index]) || isDigit(bytes[index]) { index += 1 }
                append(.identifier, text(from: start, to: index), line, start, index, &newline)
            default:
                let start = index
                // Multi-byte operators that matter here: `...`, `=>`, `==`, `??`, `->`.
                var length = 1
                if index + 2 < count, byte == 0x2E, bytes[index + 1] == 0x2E, bytes[index + 2] == 0x2E {
                    length = 3
                } else if index + 1 < count {
                    let next = bytes[index + 1]
                    if (byte == 0x3D && (next == 0x3E || next == 0x3D)) || (byte == 0x3F && next == 0x3F)
                        || (byte == 0x2D && next == 0x3E) || (byte == 0x21 && next == 0x3D)
                    {
                        length = 2
                    }
                }
                index += length
                append(.punctuation, text(from: start, to: index), line, start, index, &newline)
            }
        }
    }

    private mutating func append(
        _ kind: Lexeme.Kind, _ text: String, _ line: Int, _ start: Int, _ end: Int, _ newline: inout Bool
    ) {
        lexemes.append(Lexeme(kind: kind, text: text, line: line, start: start, end: end, newlineBefore: newline))
        newline = false
    }

    /// The first characters of the code at `start`, quoted, for messages.
    static func excerpt(_ bytes: [UInt8], _ start: Int) -> String {
        var end = start
        while end < bytes.count, SourceLines.lineBreakLength(in: bytes, at: end) == 0, end - start < 24 { end += 1 }
        return "`" + String(decoding: bytes[start..<end], as: UTF8.self) + "`"
    }
}
