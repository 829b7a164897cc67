import SpecSiteKit

/// Reading text out of blocks, and telling which blocks hold no prose.
extension FlowFinder {
    /// `Success criteria` for a block that opens with `<success_criteria>`:
    /// plans written for agents (GSD) mark their sections with such tags
    /// rather than headings. HTML's own elements are not sections. (A plan the
    /// status plugin rewrote names its sections in ``SpecSiteKit/Page/sectionNames``.)
    static func sectionTag(_ text: String) -> String? {
        guard text.first == "<" else { return nil }
        let name = text.dropFirst().prefix { $0.isASCII && ($0.isLowercase || $0 == "_") }
        guard name.count > 2, text.dropFirst(name.count + 1).first == ">", !htmlElements.contains(String(name)) else {
            return nil
        }
        let words = name.split(separator: "_").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// HTML elements a document may open a block with.
    static let htmlElements: Set<String> = [
        "div", "details", "summary", "table", "thead", "tbody", "tr", "td", "th", "section", "article", "aside",
        "figure", "figcaption", "nav", "header", "footer", "pre", "code", "img", "picture", "video", "audio",
        "center", "span", "strong", "small", "sup", "sub", "kbd", "dl", "dt", "dd", "ul", "ol", "li", "blockquote",
        "iframe", "form", "main", "address", "abbr", "mark", "ins", "del",
    ]

    /// A paragraph's or heading's text, with its line breaks.
    static func text(of node: MarkdownNode) -> String {
        var text = ""
        node.walk { child in
            switch child.kind {
            case .text(let value), .code(let value): text += value
            case .softBreak, .lineBreak: text += "\n"
            case .image: return false
            default: break
            }
            return true
        }
        return text
    }

    /// The inline code spans of a block that hold no arrow, as names are
    /// compared: a chain of such names (`` `SaleViewModel` → `Repository` ``) is
    /// a call chain, while a whole chain in one span is still a chain.
    static func codeSpans(of node: MarkdownNode) -> Set<String> {
        var spans: Set<String> = []
        node.walk { child in
            if case .code(let value) = child.kind, ArrowChains.split(value).count < 2 {
                spans.insert(ArrowChains.normalized(ArrowChains.clean(value)))
            }
            return true
        }
        return spans
    }

    /// An HTML block's text: comments and tags blanked out, lines kept.
    static func textOfHTML(_ html: String) -> String {
        let text = withoutComments(html)
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "<", let end = tagEnd(in: text, from: index) {
                output += " "
                index = end
                continue
            }
            output.append(text[index])
            index = text.index(after: index)
        }
        return output
    }

    /// The end of a tag (`<verify>`, `</task>`, `<a href="x">`) starting at
    /// `start`, or nil when the `<` opens no tag (`a <- b`, `x < 3`).
    private static func tagEnd(in text: String, from start: String.Index) -> String.Index? {
        var index = text.index(after: start)
        if index < text.endIndex, text[index] == "/" { index = text.index(after: index) }
        guard index < text.endIndex, text[index].isLetter else { return nil }
        while index < text.endIndex {
            switch text[index] {
            case ">": return text.index(after: index)
            case "<", "\n": return nil
            default: index = text.index(after: index)
            }
        }
        return nil
    }

    /// `text` with `<!-- … -->` comments blanked out (their line breaks kept,
    /// so line numbers stay right): the `-->` that closes one is no arrow.
    static func withoutComments(_ text: String) -> String {
        guard text.contains("<!--") else { return text }
        // Lines end in LF alone first: a comment's breaks written as LF after a
        // lone CR would make one CR LF of two breaks.
        let text = text.utf8.contains(0x0D) ? SourceLines(text).texts.joined(separator: "\n") : text
        var output = ""
        var rest = text[...]
        while let open = rest.range(of: "<!--") {
            output += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            let close = afterOpen.range(of: "-->")
            let comment = afterOpen[..<(close?.lowerBound ?? afterOpen.endIndex)]
            output += String(repeating: "\n", count: SourceLines.lineBreakCount(in: comment))
            rest = close.map { afterOpen[$0.upperBound...] } ?? ""
        }
        output += rest
        return output
    }

    /// Whether a code block is a drawing made of characters (box-drawing
    /// characters, `+---+` and `|   |` frames, or lines drawn of `|`, `^` and
    /// `v` alone): its arrows are part of the picture.
    static func isSketch(_ code: String) -> Bool {
        if code.unicodeScalars.contains(where: { (0x2500...0x259F).contains($0.value) }) { return true }
        var framed = 0
        for line in SourceLines(code) {
            let trimmed = line.text.trimmed
            guard let first = trimmed.first else { continue }
            if (first == "+" && trimmed.contains("--")) || (first == "|" && trimmed.count > 1 && trimmed.last == "|")
                || isDrawnLine(trimmed)
            {
                framed += 1
                if framed >= 2 { return true }
            }
        }
        return false
    }

    /// A line that only draws: lines and arrowheads (`^`, `|`, `v`, `+`, `-`,
    /// `<`, `>`, `/`, `\\`) between spaces, with at least one upright stroke
    /// (`   ^            |`).
    private static func isDrawnLine(_ line: Substring) -> Bool {
        let strokes: Set<Character> = ["|", "^", "v", "V", "+", "-", "<", ">", "/", "\\", "_", "=", "*", ".", " "]
        return line.contains(where: { "|^".contains($0) }) && line.allSatisfy(strokes.contains)
            && line.split(separator: " ").allSatisfy { $0.count == 1 || !$0.contains(where: { "vV".contains($0) }) }
    }

    /// The lines of a text block, numbered, with a chain that wraps joined
    /// into one: a line that ends with an arrow, or a line that starts with
    /// one, goes on from the line before (`Sign Up → Role Selection →` over
    /// `First Invitation → …`). Joined lines keep their breaks, so each name's
    /// line is still counted.
    static func statements(of text: String, firstLine: Int) -> [(line: Int, text: String)] {
        var statements: [(line: Int, text: String)] = []
        var continues = false
        for line in SourceLines(text, firstLine: firstLine) {
            let lineText = String(line.text)
            let trimmed = lineText.trimmed
            let startsWithArrow = ArrowChains.split(String(trimmed)).first?.text.trimmed.isEmpty == true
            if let last = statements.indices.last, continues || (startsWithArrow && !trimmed.isEmpty) {
                statements[last].text += "\n" + lineText
            } else {
                statements.append((line.number, lineText))
            }
            let pieces = ArrowChains.split(String(trimmed))
            continues = pieces.count > 1 && pieces[pieces.count - 1].text.trimmed.isEmpty
        }
        return statements
    }
}
