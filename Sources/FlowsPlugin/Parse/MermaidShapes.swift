import SpecSiteDiagrams

// MARK: - Tables

/// One way of writing a node's outline: the opening text, the texts that may close
/// it, and the shape it draws.
private struct ShapeForm: Sendable {
    var open: [Unicode.Scalar]
    var closers: [[Unicode.Scalar]]
    var shape: DiagramGraph.NodeShape

    init(_ open: String, _ closers: [String], _ shape: DiagramGraph.NodeShape) {
        self.open = Array(open.unicodeScalars)
        self.closers = closers.map { Array($0.unicodeScalars) }
        self.shape = shape
    }
}

/// Longest openers first, so `((` is tried before `(`.
private let shapeForms: [ShapeForm] = [
    ShapeForm("(((", [")))"], .circle),
    ShapeForm("((", ["))"], .circle),
    ShapeForm("([", ["])"], .stadium),
    ShapeForm("(", [")"], .rounded),
    ShapeForm("[[", ["]]"], .subroutine),
    ShapeForm("[(", [")]"], .cylinder),
    // Mermaid's trapezoids (`[/ \]`, `[\ /]`) have no shape of their own here.
    ShapeForm("[/", ["/]", "\\]"], .parallelogram),
    ShapeForm("[\\", ["\\]", "/]"], .parallelogram),
    ShapeForm("[", ["]"], .box),
    ShapeForm("{{", ["}}"], .hexagon),
    ShapeForm("{", ["}"], .diamond),
    ShapeForm(">", ["]"], .box),
]

/// Mermaid's `@{ shape: … }` names (and aliases) for the shapes the graph has.
private let metadataShapes: [String: DiagramGraph.NodeShape] = [
    "rect": .box, "rectangle": .box, "proc": .box, "process": .box, "notch-rect": .box, "card": .box,
    "rounded": .rounded, "event": .rounded,
    "stadium": .stadium, "pill": .stadium, "terminal": .stadium,
    "circle": .circle, "circ": .circle, "sm-circ": .circle, "small-circle": .circle, "start": .circle,
    "dbl-circ": .circle, "double-circle": .circle, "fr-circ": .circle, "framed-circle": .circle, "stop": .circle,
    "f-circ": .circle, "filled-circle": .circle, "junction": .circle,
    "diam": .diamond, "diamond": .diamond, "decision": .diamond, "question": .diamond,
    "hex": .hexagon, "hexagon": .hexagon, "prepare": .hexagon,
    "lean-r": .parallelogram, "lean-right": .parallelogram, "in-out": .parallelogram, "lean-l": .parallelogram,
    "lean-left": .parallelogram, "out-in": .parallelogram, "trap-b": .parallelogram, "trap-t": .parallelogram,
    "cyl": .cylinder, "cylinder": .cylinder, "database": .cylinder, "db": .cylinder, "das": .cylinder,
    "h-cyl": .cylinder, "lin-cyl": .cylinder, "disk": .cylinder,
    "subproc": .subroutine, "subprocess": .subroutine, "subroutine": .subroutine, "fr-rect": .subroutine,
    "framed-rectangle": .subroutine,
]

/// How the text of a shape ended.
enum MermaidShapeText {
    case closed(label: String, end: Int)
    case unclosed
    case unclosedQuote
}

extension MermaidReader {
    // MARK: Shapes and labels

    /// The bracketed text after a node id, if any.
    mutating func shapeAndLabel() -> (label: String, shape: DiagramGraph.NodeShape)? {
        let save = pos
        skipBlanks()
        guard let first = peek(), first == "[" || first == "(" || first == "{" || first == ">" else {
            pos = save
            return nil
        }
        let line = currentLine
        var widest: ShapeForm?
        for form in shapeForms where hasPrefix(form.open, at: pos) {
            widest = widest ?? form
            switch readShapeText(from: pos + form.open.count, closers: form.closers) {
            case .closed(let label, let end):
                pos = end
                return (label, form.shape)
            case .unclosed:
                continue
            case .unclosedQuote:
                warn(line, "a quoted label is not closed")
                unclosedLabel = (line, form.closers)
                let textStart = pos + form.open.count
                // `A["Text] --> B`: the quote was forgotten, the bracket was not.
                if let close = findCloser(form.closers, from: textStart) {
                    pos = close.upperBound
                    return (restOfLineAsLabel(from: textStart, to: close.lowerBound), form.shape)
                }
                pos = lineEnd(from: pos)
                return (restOfLineAsLabel(from: textStart), form.shape)
            }
        }
        guard let widest else {
            pos = save
            return nil
        }
        warn(line, "`\(String(String.UnicodeScalarView(widest.open)))` is not closed")
        unclosedLabel = (line, widest.closers)
        let label = restOfLineAsLabel(from: pos + widest.open.count)
        pos = lineEnd(from: pos)
        return (label, widest.shape)
    }

    /// The text from `start` up to one of `closers`, quoted or not. As in mermaid, the
    /// text may run over several lines (see ``findCloser(_:from:acrossLines:)``); a quoted
    /// text that does only when its closer follows the closing quote at once.
    mutating func readShapeText(from start: Int, closers: [[Unicode.Scalar]]) -> MermaidShapeText {
        var index = start
        while index < text.count, Self.isBlank(text[index]) { index += 1 }
        if index < text.count, text[index] == "\"" {
            let line = currentLine
            if let quoted = readQuoted(at: index) {
                guard let close = findCloser(closers, from: quoted.end) else { return .unclosed }
                let stray = Self.trimmed(string(quoted.end..<close.lowerBound))
                if !stray.isEmpty { warn(line, "text after a quoted label ignored: `\(FlowWarning.excerpt(stray))`") }
                return .closed(label: Self.cleanLabel(quoted.content), end: close.upperBound)
            }
            guard let quoted = readQuoted(at: index, acrossLines: true) else { return .unclosedQuote }
            var after = quoted.end
            while after < text.count, Self.isBlank(text[after]) { after += 1 }
            // Otherwise the quote that closes it opens a label further down.
            guard let closer = closers.first(where: { hasPrefix($0, at: after) }) else { return .unclosedQuote }
            return .closed(label: Self.cleanLabel(quoted.content), end: after + closer.count)
        }
        guard let close = findCloser(closers, from: start, acrossLines: true) else { return .unclosed }
        return .closed(label: Self.cleanLabel(string(start..<close.lowerBound)), end: close.upperBound)
    }

    /// The nearest of `closers` on the line. With `acrossLines`, failing that, the closer
    /// on a later line, if nothing mermaid would not take as label text (a bracket, brace,
    /// parenthesis, `|` or `"`) comes before it from `start`: then a broken label does not
    /// swallow the lines after it.
    mutating func findCloser(
        _ closers: [[Unicode.Scalar]], from start: Int, acrossLines: Bool = false
    ) -> Range<Int>? {
        var best: Range<Int>?
        for closer in closers {
            if let found = findLiteral(String(String.UnicodeScalarView(closer)), from: start),
                best.map({ found.lowerBound < $0.lowerBound }) ?? true
            {
                best = found
            }
        }
        guard best == nil, acrossLines, lineEnd(from: start) < text.count else { return best }
        let key = "label-end " + closers.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        guard let stop = find(key, from: start, acrossLines: true, match: Self.labelStop(closers)),
            let closer = closers.first(where: { hasPrefix($0, at: stop.lowerBound) })
        else { return nil }
        return stop.lowerBound..<stop.lowerBound + closer.count
    }

    /// A quoted string at `start` (which holds `"`): its text and the index after the
    /// closing quote. A markdown string ("`` `…` ``") may run over several lines; a plain
    /// one only with `acrossLines`.
    mutating func readQuoted(at start: Int, acrossLines: Bool = false) -> (content: String, end: Int)? {
        if start + 1 < text.count, text[start + 1] == "`",
            let close = findLiteral("`\"", from: start + 2, acrossLines: true)
        {
            return (string(start + 1..<close.lowerBound + 1), close.upperBound)
        }
        guard let close = findLiteral("\"", from: start + 1, acrossLines: acrossLines) else { return nil }
        return (string(start + 1..<close.lowerBound), close.upperBound)
    }

    /// The best guess at an unclosed label: the rest of the line (or up to `end`),
    /// without quotes and brackets at its ends.
    func restOfLineAsLabel(from start: Int, to end: Int? = nil) -> String {
        let end = end ?? lineEnd(from: start)
        let raw = start < end ? string(start..<end) : ""
        let edges: Set<Character> = ["\"", "[", "]", "(", ")", "{", "}", "/", "\\", ">", " ", "\t"]
        var label = raw[...]
        while let first = label.first, edges.contains(first) { label = label.dropFirst() }
        while let last = label.last, edges.contains(last) { label = label.dropLast() }
        return Self.cleanLabel(String(label))
    }

    /// `@{ shape: diam, label: "Text" }`; other keys are ignored.
    mutating func metadata() throws(MermaidAbort) -> (label: String?, shape: DiagramGraph.NodeShape?) {
        let end = lineEnd(from: pos)
        var index = pos + 2
        var inQuote = false
        while index < end {
            if text[index] == "\"" {
                inQuote.toggle()
            } else if text[index] == "}" && !inQuote {
                break
            }
            index += 1
        }
        if index >= end {
            // As in mermaid, the braces may hold several lines; quotes are not tracked
            // past the first line, so one search serves every unclosed `@{`.
            guard let close = findLiteral("}", from: end, acrossLines: true) else {
                throw fail("`@{` is not closed with `}`")
            }
            index = close.lowerBound
        }
        let body = Array(string(pos + 2..<index))
        pos = index + 1
        var label: String?
        var shape: DiagramGraph.NodeShape?
        for pair in Self.splitOutsideQuotes(body, on: ",") {
            guard let colon = pair.firstIndex(of: ":") else { continue }
            let key = Self.trimmed(String(pair[..<colon]))
            var value = Self.trimmed(String(pair[(colon + 1)...]))
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = String(value.dropFirst().dropLast())
            }
            switch key {
            case "label": label = Self.cleanLabel(value)
            case "shape": shape = metadataShapes[value.lowercased()] ?? .box
            default: break
            }
        }
        return (label, shape)
    }
}
