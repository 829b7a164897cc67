import SpecSiteKit

/// Thrown after a warning has been recorded, to drop the rest of the line.
struct MermaidAbort: Error {}

/// The entity names mermaid labels use most (`#quot;` or `&quot;`); numeric ones are decoded too.
private let namedEntities: [String: String] = [
    "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "hearts": "♥",
]

extension MermaidReader {
    // MARK: Scanning

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = pos + offset
        return index < text.count ? text[index] : nil
    }

    /// The 0-based line `index` is on.
    func line(of index: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    var currentLine: Int { line(of: pos) }

    /// The index of the `\n` ending the line `index` is on, or the end of the text.
    func lineEnd(from index: Int) -> Int {
        let next = line(of: index) + 1
        return next < lineStarts.count ? lineStarts[next] - 1 : text.count
    }

    func string(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(text[range]))
    }

    func hasPrefix(_ prefix: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + prefix.count <= text.count else { return false }
        return prefix.indices.allSatisfy { text[index + $0] == prefix[$0] }
    }

    mutating func skipBlanks() {
        while let scalar = peek(), Self.isBlank(scalar) { pos += 1 }
    }

    mutating func skipBlanks(from index: Int) {
        pos = index
        skipBlanks()
    }

    /// Whether `pos` is at a newline, `;`, a `%%` comment or the end.
    var atStatementEnd: Bool {
        guard let scalar = peek() else { return true }
        return scalar == "\n" || scalar == ";" || (scalar == "%" && peek(1) == "%")
    }

    /// Steps over the statement end at `pos` (a trailing comment with its line).
    mutating func finishStatement() {
        if peek() == "%" { pos = lineEnd(from: pos) }
        if pos < text.count { pos += 1 }
    }

    mutating func expectStatementEnd() throws(MermaidAbort) {
        skipBlanks()
        guard atStatementEnd else { throw fail("not understood: \(excerpt())") }
        finishStatement()
    }

    /// Skips to the end of a statement that is read and ignored (`;` inside quotes does not end it).
    mutating func skipStatement() {
        var inQuote = false
        while let scalar = peek(), scalar != "\n" {
            if scalar == "\"" { inQuote.toggle() }
            if !inQuote && (scalar == ";" || (scalar == "%" && peek(1) == "%")) { break }
            pos += 1
        }
        finishStatement()
    }

    mutating func skipLine() {
        pos = min(lineEnd(from: pos) + 1, text.count)
    }

    /// A node id: letters, digits, `_`, and `-` unless it starts a link.
    mutating func scanID() -> String? {
        let start = pos
        while let scalar = peek() {
            if Self.isWord(scalar) {
                pos += 1
            } else if scalar == "-", pos > start, peek(1) != "-", peek(1) != ".", peek(1) != ">" {
                pos += 1
            } else {
                break
            }
        }
        return pos > start ? string(start..<pos) : nil
    }

    /// The first match of `match` from `start` to the end of the line (or of the text).
    /// The last answer for each `key` is kept: a search from further on, but not past
    /// that answer, has the same answer, so searching again after a failure, or for a
    /// closer that lies far off (`[/a/] … [\b\]`), never rescans the same text.
    mutating func find(
        _ key: String, from start: Int, acrossLines: Bool = false, match: ([Unicode.Scalar], Int) -> Int?
    ) -> Range<Int>? {
        let limit = acrossLines ? text.count : lineEnd(from: start)
        let cacheKey = acrossLines ? key + "*" : key
        if let last = searches[cacheKey], last.from <= start, start <= (last.found?.lowerBound ?? last.limit) {
            return last.found
        }
        var found: Range<Int>?
        var index = start
        while index < limit {
            if let length = match(text, index), index + length <= limit {
                found = index..<index + length
                break
            }
            index += 1
        }
        searches[cacheKey] = (start, limit, found)
        return found
    }

    /// The first `pattern` from `start`, as ``find(_:from:acrossLines:match:)``.
    mutating func findLiteral(_ pattern: String, from start: Int, acrossLines: Bool = false) -> Range<Int>? {
        find(pattern, from: start, acrossLines: acrossLines, match: Self.literal(Array(pattern.unicodeScalars)))
    }

    /// The text at `pos` for a message: "`text`", or "the end of the line".
    func excerpt() -> String {
        let text = FlowWarning.excerpt(string(pos..<min(lineEnd(from: pos), pos + 200)))
        return text.isEmpty ? "the end of the line" : "`\(text)`"
    }

    mutating func warn(_ line: Int, _ message: String) {
        warnings.append(FlowWarning(line: line, message: message))
    }

    mutating func fail(_ message: String) -> MermaidAbort {
        warn(currentLine, message)
        return MermaidAbort()
    }
}

// MARK: - Scalar classes and matchers

extension MermaidReader {
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (scalar != "\n" && scalar.properties.isWhitespace)
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Letters of any script, digits and `_`: what node ids are made of.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .decimalNumber, .letterNumber:
            return true
        default:
            return false
        }
    }

    /// `o` or `x` ending a link (`--o`, `--x`), not the start of the next node's id.
    static func isCrossOrCircle(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        guard index < text.count, text[index] == "o" || text[index] == "x" else { return false }
        return index + 1 >= text.count || !isWord(text[index + 1])
    }

    static func literal(_ pattern: [Unicode.Scalar]) -> ([Unicode.Scalar], Int) -> Int? {
        { text, index in
            guard index + pattern.count <= text.count else { return nil }
            for offset in pattern.indices where text[index + offset] != pattern[offset] { return nil }
            return pattern.count
        }
    }

    /// One of `closers`, or a scalar that cannot be in unquoted label text (mermaid's
    /// `[^\[\]\(\)\{\}\|\"]`): where a label that runs over lines has to stop.
    static func labelStop(_ closers: [[Unicode.Scalar]]) -> ([Unicode.Scalar], Int) -> Int? {
        let stops: Set<Unicode.Scalar> = ["[", "]", "(", ")", "{", "}", "|", "\""]
        return { text, index in
            for closer in closers where index + closer.count <= text.count {
                if closer.indices.allSatisfy({ text[index + $0] == closer[$0] }) { return closer.count }
            }
            return stops.contains(text[index]) ? 1 : nil
        }
    }

    /// The end of `-- text -->` (or `== text ==>`): a run of two or more, then `>`, `o`
    /// or `x`, or a run of three or more. Matches only at the start of a run, so a
    /// long run is not counted again from each of its scalars.
    static func runEnd(_ bar: Unicode.Scalar) -> ([Unicode.Scalar], Int) -> Int? {
        { text, index in
            guard text[index] == bar, index == 0 || text[index - 1] != bar else { return nil }
            var end = index
            while end < text.count && text[end] == bar { end += 1 }
            let count = end - index
            guard count >= 2 else { return nil }
            if end < text.count && text[end] == ">" || isCrossOrCircle(text, end) { return count + 1 }
            return count >= 3 ? count : nil
        }
    }

    /// The end of `-. text .->`: dots, a dash, and an optional head.
    static func dottedEnd(_ text: [Unicode.Scalar], _ index: Int) -> Int? {
        guard text[index] == ".", index == 0 || text[index - 1] != "." else { return nil }
        var end = index
        while end < text.count && text[end] == "." { end += 1 }
        guard end < text.count, text[end] == "-" else { return nil }
        end += 1
        if end < text.count && text[end] == ">" || isCrossOrCircle(text, end) { end += 1 }
        return end - index
    }
}

// MARK: - Label text

extension MermaidReader {
    /// Node, link and subgraph text as it is drawn: markdown strings unwrapped, `<br>`
    /// and `\n` as line breaks, entities decoded, runs of blanks collapsed.
    static func cleanLabel(_ raw: String) -> String {
        var characters = Array(trimmed(raw))
        if characters.count >= 2, characters.first == "`", characters.last == "`" {
            // A markdown string: bold and italics are dropped, not drawn.
            characters = characters.dropFirst().dropLast().filter { $0 != "*" }
        }
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let length = breakTagLength(characters, index) {
                output.append("\n")
                index += length
            } else if character == "\\", index + 1 < characters.count, characters[index + 1] == "n" {
                output.append("\n")
                index += 2
            } else if character == "#" || character == "&", let (decoded, length) = entity(characters, index) {
                output.append(contentsOf: decoded)
                index += length
            } else {
                output.append(character)
                index += 1
            }
        }
        return String(output).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .joined(separator: "\n")
    }

    /// The length of `<br>`, `<br/>` or `<br />` (any case) at `index`, if one is there.
    static func breakTagLength(_ characters: [Character], _ index: Int) -> Int? {
        var cursor = index + 1
        for letter in ["b", "r"] as [Character] {
            guard cursor < characters.count, characters[cursor].lowercased() == String(letter) else { return nil }
            cursor += 1
        }
        while cursor < characters.count, characters[cursor].isWhitespace { cursor += 1 }
        if cursor < characters.count, characters[cursor] == "/" { cursor += 1 }
        guard cursor < characters.count, characters[cursor] == ">" else { return nil }
        return cursor + 1 - index
    }

    /// `#quot;`, `#35;`, `&amp;`, `&#9829;` at `index`: the text and the length replaced.
    static func entity(_ characters: [Character], _ index: Int) -> (String, Int)? {
        var cursor = index + 1
        if characters[index] == "&", cursor < characters.count, characters[cursor] == "#" { cursor += 1 }
        let nameStart = cursor
        while cursor < characters.count, cursor - nameStart < 10, characters[cursor].isASCII,
            characters[cursor].isLetter || characters[cursor].isNumber
        {
            cursor += 1
        }
        guard cursor > nameStart, cursor < characters.count, characters[cursor] == ";" else { return nil }
        let name = String(characters[nameStart..<cursor])
        if let code = UInt32(name) {
            // Control characters have no place in a label (and NUL none in SVG).
            guard code >= 0x20, let scalar = Unicode.Scalar(code) else { return nil }
            return (String(Character(scalar)), cursor + 1 - index)
        }
        guard let decoded = namedEntities[name] else { return nil }
        return (decoded, cursor + 1 - index)
    }

    static func trimmed(_ text: String) -> String {
        var slice = text[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }

    /// `text` split on `separator` where it is not inside double quotes.
    static func splitOutsideQuotes(_ text: [Character], on separator: Character) -> [[Character]] {
        var parts: [[Character]] = [[]]
        var inQuote = false
        for character in text {
            if character == "\"" { inQuote.toggle() }
            if character == separator && !inQuote {
                parts.append([])
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        return parts
    }
}
