import SpecSiteKit

/// What ``MermaidParser`` made of one mermaid block.
public enum MermaidResult: Sendable, Equatable {
    /// A `flowchart` or `graph`, read into a graph.
    case flow(ParsedFlow)
    /// Any other diagram type (`sequenceDiagram`, `gantt`, `pie`, …) or an empty
    /// block: `type` is the diagram keyword as written, empty for an empty block.
    case unsupported(type: String)
}

/// Reads the `flowchart` / `graph` subset of mermaid into a ``DiagramGraph``.
///
/// ```mermaid
/// ---
/// title: Sign in
/// ---
/// flowchart LR
///     A([Start]) --> B{Has account?}
///     B -- Yes --> C[Sign in]
///     B -->|No| D[Sign up] -.-> C
///     subgraph auth [Authentication]
///         C & D --> E((Home))
///     end
/// ```
///
/// Understood: the header (`flowchart` or `graph`, direction `TD`/`TB`/`BT`/`LR`/`RL`,
/// default `TB`); front matter `title:`; a `title …` line; `%%` comments, `%%{…}%%`
/// directives; statements split by newlines or `;`; node ids (letters of any script,
/// digits, `_`, `-`) with every classic shape (`[ ]`, `( )`, `([ ])`, `(( ))`, `((( )))`,
/// `{ }`, `{{ }}`, `[/ /]`, `[\ \]`, `[/ \]`, `[( )]`, `[[ ]]`, `> ]`) and the newer
/// `A@{ shape: …, label: "…" }`; quoted and markdown ("`` `**x**` ``") text; `<br>` and
/// `\n` line breaks; `#quot;`, `#35;`-style entities; links `-->`, `---`, `-.->`, `-.-`,
/// `==>`, `===`, longer variants, `~~~` (nodes kept, no edge), `--o`, `--x`, `<-->`,
/// `o--o`, `x--x`, with labels `-- text -->`, `-. text .->`, `== text ==>` or `-->|text|`;
/// chains; `&` groups; `subgraph` … `end`, nested.
///
/// Choices where mermaid is loose or the graph model is smaller:
/// - Every link with a head or a marker (`>`, `o`, `x`, `<`) becomes one edge with an
///   arrowhead at its target; a link with a marker only at its start (`A <--- B`) is
///   turned round, so the head lands where it was drawn.
/// - A link to or from a subgraph id is attached to the subgraph's first node (in node
///   order, nested subgraphs included); a link to an empty subgraph is skipped with a
///   warning.
/// - As in mermaid, a node belongs to the innermost subgraph that lists it, even when it
///   was first written outside; listed in two sibling subgraphs, it stays in the first.
/// - `direction` inside a subgraph, `classDef`, `class`, `style`, `linkStyle`, `click`,
///   `:::class`, `accTitle`/`accDescr` and edge ids (`e1@-->`) are read and ignored.
/// - A later definition of a node replaces its text and shape; it keeps its place.
/// - A duplicate edge stays a duplicate.
///
/// Anything else gives a warning naming the text, and parsing goes on at the next
/// line; an unclosed bracket or quote keeps the rest of its line as the label.
public enum MermaidParser {
    /// Parses one mermaid block. Never fails and takes time linear in the size of
    /// `code`, whatever it holds.
    public static func parse(_ code: String) -> MermaidResult {
        var reader = MermaidReader(code)
        return reader.read()
    }
}

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

/// The entity names mermaid labels use most (`#quot;` or `&quot;`); numeric ones are decoded too.
private let namedEntities: [String: String] = [
    "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "hearts": "♥",
]

/// Statement keywords whose statements are read and ignored.
private let ignoredKeywords: Set<String> = [
    "direction", "classDef", "class", "style", "linkStyle", "click", "accTitle",
]

/// Thrown after a warning has been recorded, to drop the rest of the line.
private struct Abort: Error {}

/// One link between two node groups.
private struct Link {
    var style: DiagramGraph.LineStyle
    var arrow: Bool
    var reversed = false
    var invisible = false
    var label = ""
}

/// How the text of a shape ended.
private enum ShapeText {
    case closed(label: String, end: Int)
    case unclosed
    case unclosedQuote
}

// MARK: - Reader

/// A single forward pass over the block's Unicode scalars. Nothing recurses, and every
/// search ahead remembers its answer, so no input makes it quadratic.
private struct MermaidReader {
    /// The block, with `\r\n` and `\r` turned into `\n`.
    let text: [Unicode.Scalar]
    /// Where each line starts in `text`.
    let lineStarts: [Int]
    var pos = 0
    var graph = DiagramGraph()
    var title: String?
    var warnings: [FlowWarning] = []
    var nodeIndex: [String: Int] = [:]
    var clusterIndex: [String: Int] = [:]
    /// The subgraphs open now, innermost last, with the line that opened each.
    var openClusters: [(cluster: Int, line: Int)] = []
    /// How many times each cluster is open now (a subgraph id may be reopened).
    var openCount: [Int] = []
    /// The line each edge was written on, for warnings made after parsing.
    var edgeLines: [Int] = []
    /// The last search for each kind of text: where it started, where it had to stop,
    /// and what it found.
    var searches: [String: (from: Int, limit: Int, found: Range<Int>?)] = [:]

    init(_ code: String) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(code.utf8.count)
        var starts: [Int] = []
        for line in SourceLines(code) {
            if !starts.isEmpty { scalars.append("\n") }
            starts.append(scalars.count)
            scalars += line.text.unicodeScalars
        }
        text = scalars
        lineStarts = starts
    }

    mutating func read() -> MermaidResult {
        readPreamble()
        guard pos < text.count else { return .unsupported(type: "") }
        skipBlanks()
        let start = pos
        while let scalar = peek(), !Self.isBlank(scalar), scalar != "\n", scalar != ";" { pos += 1 }
        var keyword = string(start..<pos)
        if keyword.hasSuffix(":") { keyword.removeLast() }
        guard ["flowchart", "graph", "flowchart-elk", "flowchart-v2"].contains(keyword.lowercased()) else {
            return .unsupported(type: FlowWarning.excerpt(keyword))
        }
        readDirection()
        while pos < text.count {
            skipBlanks()
            guard let scalar = peek() else { break }
            if scalar == "\n" || scalar == ";" {
                pos += 1
            } else if hasPrefix(["%", "%", "{"], at: pos) {
                skipDirective()
            } else if scalar == "%" && peek(1) == "%" {
                skipLine()
            } else {
                statement()
            }
        }
        for open in openClusters.reversed() {
            warn(open.line, "subgraph `\(graph.clusters[open.cluster].id)` is not closed with `end`")
        }
        resolveClusterReferences()
        return .flow(ParsedFlow(graph: graph, title: title, warnings: FlowWarning.sorted(warnings)))
    }

    // MARK: Preamble and header

    /// Skips blank lines, comments and directives before the header, reading front matter.
    mutating func readPreamble() {
        var first = true
        while pos < text.count {
            let end = lineEnd(from: pos)
            let line = Self.trimmed(string(pos..<end))
            let next = min(end + 1, text.count)
            if line.isEmpty {
                pos = next
                continue
            }
            defer { first = false }
            if line == "---" && first {
                readFrontMatter(after: next)
            } else if line.hasPrefix("%%{") {
                skipBlanks()
                skipDirective()
            } else if line.hasPrefix("%%") {
                pos = next
            } else if line.hasPrefix("title ") || line.hasPrefix("title\t") {
                title = Self.cleanLabel(String(line.dropFirst(6)))
                pos = next
            } else {
                return
            }
        }
    }

    /// Skips a `%%{…}%%` directive at `pos`, which may run over several lines.
    mutating func skipDirective() {
        let line = currentLine
        if let close = findLiteral("}%%", from: pos + 3, acrossLines: true) {
            pos = close.upperBound
        } else {
            warn(line, "directive `%%{` is not closed with `}%%`")
            skipLine()
        }
    }

    /// Reads `title:` from front matter whose opening `---` ends just before `start`.
    mutating func readFrontMatter(after start: Int) {
        let openingLine = currentLine
        var lineStart = start
        var found: String?
        while lineStart < text.count {
            let end = lineEnd(from: lineStart)
            let line = string(lineStart..<end)
            if Self.trimmed(line) == "---" {
                if let found { title = found }
                pos = min(end + 1, text.count)
                return
            }
            // Only a top-level key: an indented `title:` belongs to something else.
            if line.hasPrefix("title:") {
                var value = Self.trimmed(String(line.dropFirst(6)))
                if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                    value = String(value.dropFirst().dropLast())
                }
                found = value
            }
            lineStart = end + 1
        }
        warn(openingLine, "front matter is not closed with `---`")
        pos = start
    }

    /// Reads the direction after `flowchart`, and anything else on the header line.
    mutating func readDirection() {
        skipBlanks()
        guard !atStatementEnd else {
            finishStatement()
            return
        }
        let line = currentLine
        let start = pos
        while let scalar = peek(), !Self.isBlank(scalar), !atStatementEnd { pos += 1 }
        let word = string(start..<pos)
        switch word.uppercased() {
        case "TD", "TB", "V": graph.direction = .topToBottom
        case "BT", "^": graph.direction = .bottomToTop
        case "LR", ">": graph.direction = .leftToRight
        case "RL", "<": graph.direction = .rightToLeft
        default: warn(line, "unknown direction `\(FlowWarning.excerpt(word))`; drawing top to bottom")
        }
        do { try expectStatementEnd() } catch { skipLine() }
    }

    // MARK: Statements

    /// Reads one statement; always moves on, to the next statement or the next line.
    mutating func statement() {
        let start = pos
        let line = currentLine
        do {
            switch keywordAt() ?? "" {
            case "subgraph":
                pos += 8
                subgraph(line)
            case "end":
                pos += 3
                if let open = openClusters.popLast() {
                    openCount[open.cluster] -= 1
                } else {
                    warn(line, "`end` without an open `subgraph`")
                }
                try expectStatementEnd()
            case "accDescr":
                pos += 8
                skipBlanks()
                if peek() == "{" {
                    // A multi-line description runs to the closing brace.
                    if let close = findLiteral("}", from: pos, acrossLines: true) {
                        pos = close.upperBound
                    } else {
                        throw fail("`accDescr {` is not closed with `}`")
                    }
                } else {
                    skipStatement()
                }
            case "title" where keywordStartsStatement(length: 5, notBefore: "\n;%-=.~<&[({>:@|"):
                pos += 5
                let textStart = pos
                while !atStatementEnd || peek() == ";" { pos += 1 }
                title = Self.cleanLabel(string(textStart..<pos))
                finishStatement()
            case let keyword
            where ignoredKeywords.contains(keyword)
                && keywordStartsStatement(length: keyword.unicodeScalars.count, notBefore: "-=.~<&[(>@|"):
                skipStatement()
            default:
                try chain()
            }
        } catch {
            skipLine()
        }
        if pos == start { skipLine() }
    }

    /// The keyword at `pos` if one starts there: ASCII letters followed by the end of
    /// the word (a space, `;`, `:`, `{`, a comment or the end of the line).
    func keywordAt() -> String? {
        var end = pos
        while end < text.count, end - pos < 9, Self.isASCIILetter(text[end]) { end += 1 }
        guard end > pos else { return nil }
        if end < text.count {
            let next = text[end]
            guard Self.isBlank(next) || next == "\n" || next == ";" || next == "%" || next == ":" || next == "{"
            else { return nil }
        }
        return string(pos..<end)
    }

    /// Whether the keyword of `length` at `pos` starts its statement (`style A fill:red`)
    /// rather than naming a node (`style --> B`): what follows must not be a link or a shape.
    func keywordStartsStatement(length: Int, notBefore: String) -> Bool {
        var index = pos + length
        while index < text.count, Self.isBlank(text[index]) { index += 1 }
        guard index < text.count else { return true }
        return !notBefore.unicodeScalars.contains(text[index])
    }

    /// `subgraph id [Label]`, `subgraph id["Label"]`, `subgraph "Label"`, `subgraph Some Title`.
    mutating func subgraph(_ line: Int) {
        skipBlanks()
        var id: String?
        var label = ""
        if atStatementEnd {
            // An anonymous box with no title.
        } else if peek() == "\"" {
            if let quoted = readQuoted(at: pos) {
                label = Self.cleanLabel(quoted.content)
                pos = quoted.end
            } else {
                warn(line, "a quoted subgraph title is not closed")
                label = restOfLineAsLabel(from: pos)
            }
        } else {
            let start = pos
            let word = scanID()
            skipBlanks()
            if let word, peek() == "[" {
                id = word
                switch readShapeText(from: pos + 1, closers: [["]"]]) {
                case .closed(let text, let end):
                    label = text
                    pos = end
                case .unclosed, .unclosedQuote:
                    warn(line, "subgraph title `[` is not closed")
                    label = restOfLineAsLabel(from: pos + 1)
                }
            } else if let word, atStatementEnd {
                id = word
                label = word
            } else {
                // A title with spaces is its own id, as in mermaid.
                pos = start
                while !atStatementEnd { pos += 1 }
                let raw = Self.trimmed(string(start..<pos))
                id = raw
                label = Self.cleanLabel(raw)
            }
        }
        openCluster(id: id, label: label, line: line)
        do { try expectStatementEnd() } catch { skipLine() }
    }

    mutating func openCluster(id: String?, label: String, line: Int) {
        let index: Int
        if let id, let existing = clusterIndex[id] {
            index = existing
            graph.clusters[index].label = label
        } else {
            var clusterID = id ?? "subGraph\(graph.clusters.count)"
            if id == nil {
                // A made-up id must not clash, nor turn a node of that name into a subgraph reference.
                while clusterIndex[clusterID] != nil || nodeIndex[clusterID] != nil { clusterID += "_" }
            }
            index = graph.clusters.count
            graph.clusters.append(DiagramGraph.Cluster(id: clusterID, label: label, parent: openClusters.last?.cluster))
            clusterIndex[clusterID] = index
            openCount.append(0)
        }
        openCount[index] += 1
        openClusters.append((index, line))
    }

    /// A chain of node groups joined by links: `A & B -->|x| C --> D`.
    mutating func chain() throws(Abort) {
        guard var left = try nodeGroup() else { throw fail("not understood: \(excerpt())") }
        while true {
            skipBlanks()
            if atStatementEnd {
                finishStatement()
                return
            }
            let line = currentLine
            guard let link = try link() else { throw fail("not understood: \(excerpt())") }
            skipBlanks()
            guard let right = try nodeGroup() else { throw fail("expected a node after the link, found \(excerpt())") }
            if !link.invisible {
                for from in left {
                    for to in right {
                        let (source, target) = link.reversed ? (to, from) : (from, to)
                        graph.edges.append(
                            DiagramGraph.Edge(
                                from: source, to: target, label: link.label, style: link.style, arrow: link.arrow))
                        edgeLines.append(line)
                    }
                }
            }
            left = right
        }
    }

    /// `A`, or `A & B & C`.
    mutating func nodeGroup() throws(Abort) -> [Int]? {
        guard let first = try node() else { return nil }
        var group = [first]
        while true {
            let save = pos
            skipBlanks()
            guard peek() == "&" else {
                pos = save
                return group
            }
            pos += 1
            skipBlanks()
            guard let next = try node() else { throw fail("expected a node after `&`, found \(excerpt())") }
            group.append(next)
        }
    }

    /// One node: an id with an optional shape, `@{…}` and `:::class`.
    mutating func node() throws(Abort) -> Int? {
        guard let id = scanID() else { return nil }
        skipClassSuffix()
        var label: String?
        var shape: DiagramGraph.NodeShape?
        if peek() == "@" && peek(1) == "{" {
            (label, shape) = try metadata()
        } else if let defined = shapeAndLabel() {
            (label, shape) = (defined.label, defined.shape)
        }
        skipClassSuffix()
        return touchNode(id, label: label, shape: shape)
    }

    /// Finds or adds node `id`, applies a new definition, and puts it in the open subgraph.
    mutating func touchNode(_ id: String, label: String?, shape: DiagramGraph.NodeShape?) -> Int {
        let index: Int
        if let existing = nodeIndex[id] {
            index = existing
            if let label { graph.nodes[index].label = label }
            if let shape { graph.nodes[index].shape = shape }
        } else {
            index = graph.nodes.count
            graph.nodes.append(DiagramGraph.Node(id: id, label: label ?? id, shape: shape ?? .box))
            nodeIndex[id] = index
        }
        if let current = openClusters.last?.cluster {
            // The innermost subgraph wins: mermaid gives a node to the first subgraph
            // to close among those listing it, and an open one closes after this one.
            if let cluster = graph.nodes[index].cluster {
                if cluster != current && openCount[cluster] > 0 { graph.nodes[index].cluster = current }
            } else {
                graph.nodes[index].cluster = current
            }
        }
        return index
    }

    /// `:::className` after a node: styling only.
    mutating func skipClassSuffix() {
        guard peek() == ":" && peek(1) == ":" && peek(2) == ":" else { return }
        pos += 3
        while let scalar = peek(), Self.isWord(scalar) || scalar == "-" { pos += 1 }
    }

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
        let label = restOfLineAsLabel(from: pos + widest.open.count)
        pos = lineEnd(from: pos)
        return (label, widest.shape)
    }

    /// The text from `start` up to one of `closers`, quoted or not.
    mutating func readShapeText(from start: Int, closers: [[Unicode.Scalar]]) -> ShapeText {
        var index = start
        while index < text.count, Self.isBlank(text[index]) { index += 1 }
        if index < text.count, text[index] == "\"" {
            let line = currentLine
            guard let quoted = readQuoted(at: index) else { return .unclosedQuote }
            guard let close = findCloser(closers, from: quoted.end) else { return .unclosed }
            let stray = Self.trimmed(string(quoted.end..<close.lowerBound))
            if !stray.isEmpty { warn(line, "text after a quoted label ignored: `\(FlowWarning.excerpt(stray))`") }
            return .closed(label: Self.cleanLabel(quoted.content), end: close.upperBound)
        }
        guard let close = findCloser(closers, from: start) else { return .unclosed }
        return .closed(label: Self.cleanLabel(string(start..<close.lowerBound)), end: close.upperBound)
    }

    /// The nearest of `closers` on the line.
    mutating func findCloser(_ closers: [[Unicode.Scalar]], from start: Int) -> Range<Int>? {
        var best: Range<Int>?
        for closer in closers {
            if let found = findLiteral(String(String.UnicodeScalarView(closer)), from: start),
                best.map({ found.lowerBound < $0.lowerBound }) ?? true
            {
                best = found
            }
        }
        return best
    }

    /// A quoted string at `start` (which holds `"`): its text and the index after the
    /// closing quote. A markdown string ("`` `…` ``") may run over several lines.
    mutating func readQuoted(at start: Int) -> (content: String, end: Int)? {
        if start + 1 < text.count, text[start + 1] == "`",
            let close = findLiteral("`\"", from: start + 2, acrossLines: true)
        {
            return (string(start + 1..<close.lowerBound + 1), close.upperBound)
        }
        guard let close = findLiteral("\"", from: start + 1) else { return nil }
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
    mutating func metadata() throws(Abort) -> (label: String?, shape: DiagramGraph.NodeShape?) {
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
        guard index < end else { throw fail("`@{` is not closed with `}`") }
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

    // MARK: Links

    /// The link at `pos`, with its label, or nil (and `pos` unchanged) if none starts there.
    mutating func link() throws(Abort) -> Link? {
        let start = pos
        skipEdgeID()
        var startMarker = false
        if let first = peek(), first == "<" || first == "o" || first == "x", let next = peek(1),
            next == "-" || next == "="
        {
            startMarker = true
            pos += 1
        }
        guard let first = peek() else {
            pos = start
            return nil
        }
        var link: Link
        switch first {
        case "-":
            let dashes = run(of: "-")
            if peek() == "." {
                _ = run(of: ".")
                if peek() == "-" {
                    pos += 1
                    link = Link(style: .dotted, arrow: endMarker())
                } else {
                    link = try textLink(.dotted, key: "dotted-end", end: Self.dottedEnd)
                }
            } else if dashes >= 2 {
                if endMarker() {
                    link = Link(style: .solid, arrow: true)
                } else if dashes >= 3 {
                    link = Link(style: .solid, arrow: false)
                } else {
                    link = try textLink(.solid, key: "solid-end", end: Self.runEnd("-"))
                }
            } else {
                pos = start
                return nil
            }
        case "=":
            let bars = run(of: "=")
            guard bars >= 2 else {
                pos = start
                return nil
            }
            if endMarker() {
                link = Link(style: .thick, arrow: true)
            } else if bars >= 3 {
                link = Link(style: .thick, arrow: false)
            } else {
                link = try textLink(.thick, key: "thick-end", end: Self.runEnd("="))
            }
        case "." where !startMarker:
            _ = run(of: ".")
            guard peek() == "-" else {
                pos = start
                return nil
            }
            pos += 1
            link = Link(style: .dotted, arrow: endMarker())
        case "~" where !startMarker:
            guard run(of: "~") >= 3 else {
                pos = start
                return nil
            }
            link = Link(style: .solid, arrow: false, invisible: true)
        default:
            pos = start
            return nil
        }
        if startMarker {
            link.reversed = !link.arrow
            link.arrow = true
        }
        let save = pos
        skipBlanks()
        if peek() == "|" {
            link.label = try pipeLabel()
        } else {
            pos = save
        }
        return link
    }

    /// `e1@` before a link names the edge (for animation); skipped.
    mutating func skipEdgeID() {
        let save = pos
        guard scanID() != nil, peek() == "@", let next = peek(1), "-=.~<ox".unicodeScalars.contains(next) else {
            pos = save
            return
        }
        pos += 1
    }

    /// `>`, or `o`/`x` not followed by a letter, at the end of a link.
    mutating func endMarker() -> Bool {
        if peek() == ">" {
            pos += 1
            return true
        }
        if Self.isCrossOrCircle(text, pos) {
            pos += 1
            return true
        }
        return false
    }

    /// The rest of `-- text -->`: the text and the closing part, found by `end`.
    mutating func textLink(
        _ style: DiagramGraph.LineStyle, key: String, end: ([Unicode.Scalar], Int) -> Int?
    ) throws(Abort) -> Link {
        let textStart = pos
        var quoted: String?
        skipBlanks()
        // A quoted text may hold what would otherwise close the link.
        if peek() == "\"", let found = readQuoted(at: pos) {
            quoted = found.content
            pos = found.end
        } else {
            pos = textStart
        }
        guard let close = find(key, from: pos, match: end) else {
            let closing = style == .dotted ? ".->" : style == .thick ? "==>" : "-->"
            throw fail("link text is not closed (expected `\(closing)` or similar)")
        }
        let raw = quoted ?? string(textStart..<close.lowerBound)
        let last = text[close.upperBound - 1]
        pos = close.upperBound
        return Link(style: style, arrow: last == ">" || last == "o" || last == "x", label: Self.cleanLabel(raw))
    }

    /// `|label|` or `|"quoted | label"|` after a link.
    mutating func pipeLabel() throws(Abort) -> String {
        pos += 1
        let start = pos
        skipBlanks()
        if peek() == "\"", let quoted = readQuoted(at: pos) {
            skipBlanks(from: quoted.end)
            if peek() == "|" {
                pos += 1
                return Self.cleanLabel(quoted.content)
            }
        }
        pos = start
        guard let close = findLiteral("|", from: start) else { throw fail("link label `|` is not closed") }
        pos = close.upperBound
        return Self.cleanLabel(string(start..<close.lowerBound))
    }

    /// Counts and skips a run of `scalar`.
    mutating func run(of scalar: Unicode.Scalar) -> Int {
        let start = pos
        while peek() == scalar { pos += 1 }
        return pos - start
    }

    // MARK: Subgraph references

    /// Re-attaches links to a subgraph id to the subgraph's first node, and drops the
    /// placeholder nodes those ids made.
    mutating func resolveClusterReferences() {
        var placeholders: [Int: Int] = [:]
        for (cluster, entry) in graph.clusters.enumerated() {
            if let node = nodeIndex[entry.id] { placeholders[node] = cluster }
        }
        guard !placeholders.isEmpty else { return }
        var first = [Int?](repeating: nil, count: graph.clusters.count)
        for (index, node) in graph.nodes.enumerated() where placeholders[index] == nil {
            if let cluster = node.cluster, first[cluster] == nil { first[cluster] = index }
        }
        // A parent is always created before its children, so one backward pass suffices.
        for cluster in graph.clusters.indices.reversed() {
            if let parent = graph.clusters[cluster].parent, let found = first[cluster] {
                first[parent] = min(first[parent] ?? found, found)
            }
        }
        var newIndex = [Int](repeating: -1, count: graph.nodes.count)
        var nodes: [DiagramGraph.Node] = []
        for (index, node) in graph.nodes.enumerated() where placeholders[index] == nil {
            newIndex[index] = nodes.count
            nodes.append(node)
        }
        var edges: [DiagramGraph.Edge] = []
        for (number, edge) in graph.edges.enumerated() {
            var moved = edge
            var missing: String?
            for end in [\DiagramGraph.Edge.from, \DiagramGraph.Edge.to] {
                if let cluster = placeholders[edge[keyPath: end]] {
                    if let node = first[cluster] {
                        moved[keyPath: end] = newIndex[node]
                    } else {
                        missing = graph.clusters[cluster].id
                    }
                } else {
                    moved[keyPath: end] = newIndex[edge[keyPath: end]]
                }
            }
            if let missing {
                warn(edgeLines[number], "subgraph `\(missing)` has no nodes to link to; link skipped")
            } else {
                edges.append(moved)
            }
        }
        graph.nodes = nodes
        graph.edges = edges
    }

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

    mutating func expectStatementEnd() throws(Abort) {
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

    mutating func fail(_ message: String) -> Abort {
        warn(currentLine, message)
        return Abort()
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
