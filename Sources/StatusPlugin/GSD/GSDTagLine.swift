/// An open fenced code block: its character, length and indentation.
struct GSDFence {
    var character: Character
    var length: Int
    var indent: Int

    /// The fence `line` opens, if it opens one.
    init?(opening line: Substring) {
        let content = line.drop { $0 == " " || $0 == "\t" }
        guard let first = content.first, first == "`" || first == "~" else { return nil }
        let run = content.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        // A backtick fence's info string has no backticks: "```a``` b" is inline code.
        if first == "`", content[run.endIndex...].contains("`") { return nil }
        character = first
        length = run.count
        indent = GSDMarkup.indentation(line)
    }

    /// Whether `line` closes this fence.
    func isClosed(by line: Substring) -> Bool {
        guard GSDMarkup.indentation(line) <= indent + 3 else { return false }
        let content = line.drop { $0 == " " || $0 == "\t" }
        let run = content.prefix { $0 == character }
        guard run.count >= length else { return false }
        return content[run.endIndex...].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
}

// MARK: - Tags

/// A line read as a GSD tag: `<task type="auto">`, `</task>`,
/// `<name>Text</name>`, `<action>Text…` or `…text</action>`.
struct GSDTagLine {
    enum Form: Equatable {
        /// `<name attr="v">`, with `text` after it on the line (usually none).
        case open
        /// `</name>`.
        case close
        /// `<name>text</name>`.
        case field
        /// `text</name>`.
        case tailClose
    }

    var form: Form
    var name: String
    var attributes: [GSDAttribute] = []
    /// The text on the line besides the tag (see ``Form``).
    var text: Substring = ""

    /// Reads a trimmed line; nil when it is not a tag line.
    init?(_ line: Substring) {
        guard line.first == "<" else {
            self.init(tailClose: line)
            return
        }
        var scanner = GSDScanner(line.dropFirst())
        if scanner.peek == "/" {
            scanner.advance()
            let name = scanner.take(while: Self.isNameCharacter)
            scanner.skipSpaces()
            guard Self.isName(name), scanner.peek == ">" else { return nil }
            scanner.advance()
            guard scanner.atEnd else { return nil }
            self.init(form: .close, name: String(name))
            return
        }
        let name = scanner.take(while: Self.isNameCharacter)
        guard Self.isName(name), let next = scanner.peek, next == ">" || next == " " || next == "\t" else {
            self.init(tailClose: line)
            return
        }
        var attributes: [GSDAttribute] = []
        while true {
            scanner.skipSpaces()
            guard let character = scanner.peek else { return nil }
            if character == ">" {
                scanner.advance()
                break
            }
            let attribute = scanner.take { $0.isASCII && ($0.isLetter || $0.isNumber || "_:.-".contains($0)) }
            guard !attribute.isEmpty else { return nil }
            scanner.skipSpaces()
            var value: Substring = ""
            if scanner.peek == "=" {
                scanner.advance()
                scanner.skipSpaces()
                if let quote = scanner.peek, quote == "\"" || quote == "'" {
                    scanner.advance()
                    value = scanner.take { $0 != quote }
                    guard scanner.peek == quote else { return nil }
                    scanner.advance()
                } else {
                    value = scanner.take { !" \t\"'=<>`".contains($0) }
                    guard !value.isEmpty else { return nil }
                }
            }
            attributes.append(GSDAttribute(name: String(attribute), value: String(value)))
        }
        let rest = scanner.rest
        let closing = "</" + name + ">"
        if rest.hasSuffix(closing) {
            self.init(form: .field, name: String(name), attributes: attributes, text: rest.dropLast(closing.count))
        } else {
            self.init(form: .open, name: String(name), attributes: attributes, text: rest)
        }
    }

    private init(form: Form, name: String, attributes: [GSDAttribute] = [], text: Substring = "") {
        self.form = form
        self.name = name
        self.attributes = attributes
        self.text = text
    }

    /// Reads `…text</name>` (a trimmed line); nil when the line does not end so.
    init?(tailClose line: Substring) {
        guard line.last == ">", let open = line.range(of: "</", options: .backwards), open.lowerBound > line.startIndex
        else { return nil }
        let name = line[open.upperBound..<line.index(before: line.endIndex)]
        guard Self.isName(name) else { return nil }
        self.init(form: .tailClose, name: String(name), text: line[..<open.lowerBound])
    }

    /// The name of the tag a line closes at its end (`…</action>`), for looking ahead.
    static func closedName(_ line: Substring) -> Substring? {
        guard line.last == ">", let open = line.range(of: "</", options: .backwards) else { return nil }
        let name = line[open.upperBound..<line.index(before: line.endIndex)]
        return isName(name) ? name : nil
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    static func isName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy(isNameCharacter)
    }
}
