/// Syntax highlighting at build time: a small lexer per language over a
/// shared byte scanner, writing `<span class="hl-…">` around what it
/// recognises and leaving the rest plain.
///
/// Written here rather than taken from a library: no package this project
/// may depend on highlights Swift (or any of these languages) in Swift, and
/// running a JavaScript or Python highlighter would make the build depend on
/// a second runtime and start a process per block. The lexers only colour
/// tokens (comments, strings, numbers, keywords, types, names); they never
/// parse, so any input, however broken, is scanned once, left to right, and
/// an unterminated string or comment ends at the end of its line or block.

/// What a span of code is, as its CSS class says (`hl-keyword`).
public enum CodeToken: String, Sendable, CaseIterable {
    case comment, string, number, keyword, literal, type, function, attribute, property, tag, variable, meta
    case inserted, deleted, section, heading, emphasis
}

/// A run of a token over bytes of the code.
struct TokenSpan: Equatable {
    var start: Int
    var end: Int
    var token: CodeToken
}

/// Reads a block of code as UTF-8 bytes, for the lexers: where it is, what
/// comes next, and the spans found so far.
struct CodeScanner {
    let bytes: [UInt8]
    var position = 0
    var spans: [TokenSpan] = []

    init(_ code: String) { bytes = Array(code.utf8) }

    var atEnd: Bool { position >= bytes.count }
    var current: UInt8 { position < bytes.count ? bytes[position] : 0 }
    func peek(_ offset: Int = 1) -> UInt8 {
        position + offset < bytes.count ? bytes[position + offset] : 0
    }

    /// Whether the bytes at the position are `text` (ASCII).
    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { target in
            for index in 0..<count where bytes[position + index] != target[index] { return false }
            return true
        }
    }

    /// Marks `start..<position` as `token`.
    mutating func mark(_ token: CodeToken, from start: Int) {
        guard position > start else { return }
        if let last = spans.last, last.token == token, last.end == start {
            spans[spans.count - 1].end = position
        } else {
            spans.append(TokenSpan(start: start, end: position, token: token))
        }
    }

    /// When a block opened by `open` starts at the position (a `/* */`
    /// comment, `<!-- -->`, `<![CDATA[ ]]>`): moves past its `close`, or to
    /// the end, marks it as `token`, and says so.
    mutating func markBlock(_ open: StaticString, _ close: StaticString, as token: CodeToken) -> Bool {
        guard starts(with: open) else { return false }
        let start = position
        position += open.utf8CodeUnitCount
        skipPast(close)
        mark(token, from: start)
        return true
    }

    /// Moves to the end of the line (before its line break).
    mutating func skipLine() {
        while position < bytes.count, bytes[position] != 10, bytes[position] != 13 { position += 1 }
    }

    /// Moves past `close` (ASCII), or to the end; with `nests`, an `open` inside opens another level.
    mutating func skipPast(_ close: StaticString, open: StaticString? = nil, nests: Bool = false) {
        var depth = 1
        while position < bytes.count {
            if nests, let open, starts(with: open) {
                depth += 1
                position += open.utf8CodeUnitCount
            } else if starts(with: close) {
                position += close.utf8CodeUnitCount
                depth -= 1
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
    }

    /// Reads a quoted string opened by the byte at the position: up to the
    /// same quote not escaped by a backslash (when `escapes`), or the end of
    /// the line when `multiline` is false.
    mutating func skipQuoted(escapes: Bool = true, multiline: Bool = false) {
        let quote = current
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if escapes, byte == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if byte == quote {
                position += 1
                return
            }
            if !multiline, byte == 10 || byte == 13 { return }
            position += 1
        }
        position = bytes.count
    }

    /// Reads a number: digits, a fraction, an exponent, `0x`/`0b`/`0o`
    /// prefixes, `_` separators and a type suffix (`1_000`, `0xFF`, `2.5e-3`, `10L`).
    mutating func skipNumber() {
        if current == UInt8(ascii: "0"),
            [UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "b"), UInt8(ascii: "o")]
                .contains(peek())
        {
            position += 2
        }
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWordByte(byte) || byte == UInt8(ascii: ".") && Self.isDigit(peek()) {
                position += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                position > 0, bytes[position - 1] | 0x20 == UInt8(ascii: "e"),
                Self.isDigit(peek())
            {
                position += 1
            } else {
                return
            }
        }
    }

    /// Reads a word (letters, digits, `_`, and any non-ASCII byte) and returns it.
    mutating func readWord(extra: UInt8 = 0) -> Substring {
        let start = position
        while position < bytes.count, Self.isWordByte(bytes[position]) || (extra != 0 && bytes[position] == extra) {
            position += 1
        }
        return Substring(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
    static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    /// The next byte after spaces and tabs on this line.
    func nextNonSpace() -> UInt8 {
        var index = position
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    /// The last byte before the position that is not a space or tab.
    func previousNonSpace() -> UInt8 {
        var index = position - 1
        while index >= 0, Self.isSpace(bytes[index]) { index -= 1 }
        return index >= 0 ? bytes[index] : 0
    }
}
