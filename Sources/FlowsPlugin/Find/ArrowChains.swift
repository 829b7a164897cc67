import SpecSiteKit

/// A run of screens joined by arrows in prose (`Welcome → Categories → PIN (skip) → Complete`).
struct ArrowChain: Sendable, Equatable {
    /// One screen of the chain.
    struct Step: Sendable, Equatable {
        /// The screen's name as written (`PIN`).
        var name: String
        /// The label of the edge into this screen, from parentheses after it (`skip`); empty for none.
        var label: String
    }

    /// The screens in order.
    var steps: [Step]
    /// The line of the chain within the text it was found in (0 for the first line).
    var lineOffset: Int
    /// Whether its first and last names are whole as written, not a guess at
    /// where a name ends in its sentence (``ArrowChains/Cut``).
    var endsAreWhole = true
    /// The words of the first name's clause before it (`Flow goes`); empty when the name opens the clause.
    var lead = ""
    /// The words of the last name's clause after it; empty when the name ends the clause.
    var tail = ""
}

/// Finds arrow chains in a line or paragraph of text.
///
/// Hand-written because the rules are about prose, not a grammar: an arrow
/// (`→`, `⟶`, `⇒`, `->`, `-->`, `=>`) separates screen names; the name before
/// the first arrow and after the last are cut out of their sentence
/// ("Flow goes **Welcome** → … → **Complete**, then…"), where the name plainly
/// ends (``Cut``; a chain whose ends are a guess says so in
/// ``ArrowChain/endsAreWhole``). A chain is kept when it names at
/// least ``minimumScreens`` different screens. Not chains: code (`(Item) -> Void`,
/// `() => {`), numbers (`20% → 50% → 100%`) and menu paths (`File → New → Project`).
enum ArrowChains {
    /// Fewest different screens a chain in prose needs to be drawn as a flow.
    static let minimumScreens = 3
    /// Longest screen name, in words and in characters; anything longer is prose.
    static let maximumWords = 5
    static let maximumCharacters = 48

    /// The chains in `text`, whose lines are separated by `\n`. With
    /// `wholeClauses` (a table cell, which is no sentence), the first and last
    /// names are all of their clause when it is short enough to be a name.
    static func find(
        in text: String, minimumScreens: Int = minimumScreens, wholeClauses: Bool = false
    ) -> [ArrowChain] {
        // Most text has no arrow at all; one pass over its bytes says so.
        guard mayHoldArrows(text) else { return [] }
        // `1. Welcome → 2. Tour → 3. Home` numbers its steps: the numbers are no
        // part of the names, and their `. ` ends no sentence.
        let pieces = split(text).enumerated().map { index, piece in
            index == 0 ? piece : Piece(text: withoutStepNumber(piece.text), arrowLine: piece.arrowLine)
        }
        guard pieces.count >= 2 else { return [] }
        // How many words the names between arrows have: the guide for cutting
        // the first and last names out of their sentences.
        let interior = pieces.dropFirst().dropLast().compactMap { piece -> Int? in
            let (name, _) = nameAndLabel(piece.text.trimmed)
            return isBreak(piece.text) || !isName(name) ? nil : wordCount(name)
        }
        // When every word of those names is capitalised (`Quiet Hours`), a
        // lowercase word marks where the sentence takes over ("goes Welcome").
        let interiorNames = pieces.dropFirst().dropLast().filter { !isBreak($0.text) }.map {
            nameAndLabel($0.text.trimmed).0
        }
        func isCapitalised(_ word: Substring?) -> Bool { word?.first.map { !$0.isLowercase } ?? false }
        // With no names between the arrows (`Categories → Piles everywhere`), the words next to them tell.
        let capitalised =
            interiorNames.isEmpty
            ? isCapitalised(pieces[0].text.split(separator: " ").last)
                && isCapitalised(pieces[pieces.count - 1].text.split(separator: " ").first)
            : interiorNames.allSatisfy { name in
                name.split(separator: " ").allSatisfy { word in word.first.map { !$0.isLowercase } ?? true }
            }
        // A cell that lists names between arrows is no sentence; one arrow in it may be.
        let cut = Cut(
            words: capitalised ? 4 : min(max(interior.max() ?? 1, 1), 4), capitalised: capitalised,
            wholeClauses: wholeClauses && !interiorNames.isEmpty)

        var chains: [ArrowChain] = []
        var current: [ArrowChain.Step] = []
        var currentLine = 0
        // A chain that touches code (`f() -> A -> B`) is code too, and dropped.
        var tainted = false
        // How the chain's first and last names were cut out of their clauses.
        var first = (isWhole: true, rest: "")
        var last = (isWhole: true, rest: "")

        func close() {
            let distinct = Set(current.map { normalized($0.name) })
            if !tainted, distinct.count >= minimumScreens, let opening = current.first, !isMenuRoot(opening.name) {
                chains.append(
                    ArrowChain(
                        steps: current, lineOffset: currentLine, endsAreWhole: first.isWhole && last.isWhole,
                        lead: first.rest, tail: last.rest))
            }
            current = []
            tainted = false
            first = (true, "")
            last = (true, "")
        }
        func start(_ end: EndName?, line: Int, afterCode: Bool) {
            close()
            tainted = afterCode
            if let end {
                current = [ArrowChain.Step(name: end.step.name, label: "")]
                currentLine = line
                first = (end.isWhole, end.rest)
            }
        }

        for (index, piece) in pieces.enumerated() {
            let isFirst = index == 0
            let isLast = index == pieces.count - 1
            // A chain's line is that of the arrow after its first name.
            let nextArrowLine = isLast ? piece.arrowLine : pieces[index + 1].arrowLine
            if isFirst {
                let code = isCode(
                    lastBreak(in: piece.text).map { piece.text[piece.text.index(after: $0)...] } ?? piece.text)
                start(trailingName(piece.text, cut: cut), line: nextArrowLine, afterCode: code)
                continue
            }
            if isLast || isBreak(piece.text) {
                // The chain ends with the name that opens this piece; a new one may
                // start with the name that closes it.
                let opening = firstBreak(in: piece.text).map { piece.text[..<$0] } ?? piece.text
                if isCode(opening) { tainted = true }
                if let end = leadingName(piece.text, cut: cut) {
                    current.append(end.step)
                    last = (end.isWhole, end.rest)
                } else {
                    close()
                }
                if !isLast {
                    let closing = lastBreak(in: piece.text).map { piece.text[piece.text.index(after: $0)...] } ?? ""
                    start(trailingName(piece.text, cut: cut), line: nextArrowLine, afterCode: isCode(closing))
                }
                continue
            }
            let (name, label) = nameAndLabel(piece.text.trimmed)
            let cleaned = clean(name)
            if isCode(piece.text) {
                tainted = true
                start(nil, line: piece.arrowLine, afterCode: true)
            } else if isName(cleaned) {
                if current.isEmpty { currentLine = nextArrowLine }
                current.append(ArrowChain.Step(name: cleaned, label: clean(label)))
            } else {
                close()
            }
        }
        close()
        return chains
    }

    /// Whether the text next to an arrow is code: code punctuation, a call
    /// (`load()`, `f(x)`) or a parenthesised type (`(Item) -> Void`).
    static func isCode(_ text: Substring) -> Bool {
        let piece = text.trimmed
        if piece.contains(where: { "{};=$\\`<>[]".contains($0) }) { return true }
        if piece.first == "(" { return true }
        if let open = piece.firstIndex(of: "("), open > piece.startIndex,
            !piece[piece.index(before: open)].isWhitespace
        {
            return true
        }
        return false
    }

    // MARK: - Splitting at arrows

    /// Whether `text` has a `>` or one of the arrow characters (`→` E2 86 92,
    /// `⇒` E2 87 92, `⟶` E2 9F B6) in its UTF-8.
    static func mayHoldArrows(_ text: String) -> Bool {
        // Every text of every page is asked: eight bytes at a time, a word read byte by
        // byte only when it holds a `>` or an 0xE2.
        var text = text
        return text.withUTF8 { bytes in
            ByteWords.contains(
                in: bytes, wordsThat: { ByteWords.has(UInt8(ascii: ">"), in: $0) || ByteWords.has(0xE2, in: $0) },
                where: { index in
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ">") { return true }
                    guard byte == 0xE2, index + 1 < bytes.count else { return false }
                    let next = bytes[index + 1]
                    return next == 0x86 || next == 0x87 || next == 0x9F
                })
        }
    }

    /// The text between arrows, with the line of the arrow that opens each piece.
    struct Piece {
        var text: Substring
        var arrowLine: Int
    }

    /// Splits at arrows; `<->`, `<-->` and `<=>` (both ways) are not arrows.
    static func split(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        let scalars = Array(text.unicodeScalars)
        var line = 0
        var pieceStart = text.unicodeScalars.startIndex
        var pieceLine = 0
        var index = text.unicodeScalars.startIndex
        var offset = 0
        while offset < scalars.count {
            let scalar = scalars[offset]
            var arrowLength = 0
            switch scalar {
            case "→", "⟶", "⇒":
                arrowLength = 1
            case "-":
                if offset + 2 < scalars.count, scalars[offset + 1] == "-", scalars[offset + 2] == ">" {
                    arrowLength = 3
                } else if offset + 1 < scalars.count, scalars[offset + 1] == ">" {
                    arrowLength = 2
                }
            case "=":
                if offset + 1 < scalars.count, scalars[offset + 1] == ">" { arrowLength = 2 }
            case "\n":
                line += 1
            default:
                break
            }
            // `<->` and `<=>` point both ways; `--->` and `==>` are drawn rules, not prose arrows.
            if arrowLength > 0, offset > 0,
                scalars[offset - 1] == "<" || scalars[offset - 1] == "-" || scalars[offset - 1] == "="
            {
                arrowLength = 0
            }
            if arrowLength > 0 {
                pieces.append(Piece(text: Substring(text.unicodeScalars[pieceStart..<index]), arrowLine: pieceLine))
                index = text.unicodeScalars.index(index, offsetBy: arrowLength)
                offset += arrowLength
                pieceStart = index
                pieceLine = line
                continue
            }
            index = text.unicodeScalars.index(after: index)
            offset += 1
        }
        pieces.append(Piece(text: Substring(text.unicodeScalars[pieceStart..<index]), arrowLine: pieceLine))
        return pieces
    }

    /// A piece after an arrow without the step number that opens it (`2. `,
    /// `3) `), or the piece as it is.
    static func withoutStepNumber(_ text: Substring) -> Substring {
        let rest = text.drop(while: { $0 == " " || $0 == "\t" })
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard (1...3).contains(digits.count) else { return text }
        let after = rest.dropFirst(digits.count)
        guard let mark = after.first, mark == "." || mark == ")", let space = after.dropFirst().first,
            space == " " || space == "\t"
        else { return text }
        return after.dropFirst()
    }

    // MARK: - Names

    /// Splits `PIN (skip)` into the name and the text in parentheses.
    static func nameAndLabel(_ text: Substring) -> (Substring, Substring) {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "("), open > text.startIndex else {
            return (text, "")
        }
        let name = text[..<open].trimmed
        let label = text[text.index(after: open)..<text.index(before: text.endIndex)]
        // `Home()` or `(a) -> b` is code, not a name with a label.
        guard !name.isEmpty, !label.isEmpty, !label.contains("("), name.last != "(" else { return (text, "") }
        return (name, label.trimmed)
    }

    /// A name without the quotes, emphasis and punctuation around it.
    static func clean(_ text: Substring) -> String {
        let wrapping: Set<Character> = ["\"", "'", "“", "”", "‘", "’", "`", "*", "_", "[", "]", " ", "\t"]
        var name = text[...]
        while let first = name.first, wrapping.contains(first) || first.isEmojiOrSymbol { name = name.dropFirst() }
        while let last = name.last, wrapping.contains(last) || last == "." || last == "," || last == ":" {
            name = name.dropLast()
        }
        return name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    static func clean(_ text: String) -> String { clean(text[...]) }

    /// Whether `name` can be a screen: it has a letter, is short, and has none of code's punctuation.
    static func isName(_ name: some StringProtocol) -> Bool {
        guard !name.isEmpty, name.count <= maximumCharacters, wordCount(name) <= maximumWords else { return false }
        guard name.contains(where: \.isLetter) else { return false }
        let code: Set<Character> = ["(", ")", "{", "}", "<", ">", "=", ";", "$", "\\", "|", "`", "[", "]"]
        return !name.contains(where: code.contains)
    }

    static func wordCount(_ text: some StringProtocol) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).count
    }

    /// The form names are compared in: case and spacing do not matter.
    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// First items of menu paths (`File → New → Project`), which are not screen flows.
    static let menuRoots: Set<String> = [
        "file", "edit", "view", "window", "help", "product", "xcode", "format", "insert", "tools", "editor",
        "debug", "navigate", "project settings", "system settings", "system preferences", "preferences",
        "control panel", "start menu", "right-click",
    ]

    static func isMenuRoot(_ name: String) -> Bool {
        menuRoots.contains(normalized(name))
    }
}

extension Character {
    /// Whether the character is a pictograph or symbol (`✅`, `⚠️`, `•`) rather than a letter or digit.
    fileprivate var isEmojiOrSymbol: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        if scalar.properties.isEmojiPresentation || (unicodeScalars.count > 1 && scalar.properties.isEmoji) {
            return true
        }
        switch scalar.properties.generalCategory {
        case .otherSymbol, .mathSymbol: return !isLetter && !isNumber
        default: return scalar == "•" || scalar == "·"
        }
    }
}

extension Substring {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmed: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}

extension String {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmed: Substring { self[...].trimmed }
}
