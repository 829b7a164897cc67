import SpecSiteDiagrams
import SpecSiteKit

/// Reads specsite's own ```` ```flow ```` blocks: one chain of screens per line.
///
/// ```flow
/// # Onboarding
/// direction: LR
/// (Start) -> Welcome -> Sign in -> Has PIN?
/// Has PIN? ->|yes| Enter PIN -> Home
/// Has PIN? -> Create PIN -> Home : PIN set
/// Home ..> Help
/// Home ==> Checkout -> ((Done))
/// ```
///
/// - **Links.** `A -> B -> C` links each screen to the next. `->` (any number of
///   dashes: `-->`, `--->`), `=>`, `→` and `⟶` draw a solid line, `==>` a thick one,
///   `..>` or `-.->` a dotted one. Spaces around arrows are optional.
/// - **Screens.** A screen's name is the text between two arrows, trimmed; it may hold
///   spaces and any characters (`Sign in`, `Age < 18?`, `Pay €5 🎉`). The same name is
///   the same screen everywhere in the block (case counts, runs of spaces count as one).
/// - **Shapes.** A plain name or `[Name]` is a screen (box); `{Name}` is a decision
///   (diamond), and so is a plain name ending in `?`; `(Name)` or `([Name])` is a start
///   or end (stadium); `((Name))` is a circle. The brackets are not part of the name:
///   `{Has PIN?}` and `Has PIN?` are one node. A bracketed form sets the shape wherever
///   it is written (the last one wins); a plain mention never changes it. Inside
///   brackets arrows are text: `[Import -> Export]`. A name that only starts with a
///   bracket, like `(Optional) settings`, is a plain name.
/// - **Labels.** ` : text` at the end of a line labels the line's last link: `Sign in
///   -> Home : signed in`. The colon needs a space on each side, so `Step 2: Details` is
///   a name. `|text|` straight after an arrow labels that link, for any link of a
///   chain: `Cart ->|pay| Checkout ->|done| Receipt` (it must close before the next
///   arrow). On the last link, a ` : text` wins over a `|text|`.
/// - **Lone screens.** A line with no arrow declares a screen, to set its shape or to
///   show a screen with no links: `{Has PIN?}`.
/// - **Settings.** `title: Onboarding`, or `# Onboarding` as the first line, sets the
///   title (the last one given wins). `direction: LR` (or `direction LR`) sets which
///   way the flow runs: `TB` (the default; also `TD`), `BT`, `LR` or `RL`. Both keys
///   are read in any case, and only at the start of a line.
/// - **Comments.** Blank lines, lines starting with `//` and lines starting with `#`
///   (other than the title line) are skipped.
///
/// Text is kept as written: `<`, `&`, quotes and emoji are drawn as they are. A line
/// that cannot be read gives a warning naming what was not understood, and the rest of
/// the block is still read: a link with no screen on one side (`A ->`), a line of
/// punctuation only, an unknown `key:` line on its own, an unknown direction, an empty
/// `[]`, an unclosed `|` (ignored) or bracket (read as part of the name), and a ` : text`
/// on a line with no link.
public enum FlowBlockParser {
    /// Parses one flow block. Never fails and takes time linear in the size of `code`,
    /// whatever it holds.
    public static func parse(_ code: String) -> ParsedFlow {
        var reader = FlowBlockReader()
        for line in SourceLines(code, firstLine: 0) {
            reader.read(Array(line.text), line: line.number)
        }
        return ParsedFlow(graph: reader.graph, title: reader.title, warnings: reader.warnings)
    }
}

/// An arrow between two screens.
private struct Arrow {
    var length: Int
    var style: DiagramGraph.LineStyle
}

/// One screen as written on a line: its name and the shape its brackets ask for.
private struct Mention {
    var label: String
    /// The shape from brackets, which overrides what a plain name implies.
    var explicitShape: DiagramGraph.NodeShape?

    var shape: DiagramGraph.NodeShape {
        explicitShape ?? (label.hasSuffix("?") ? .diamond : .box)
    }
}

private struct FlowBlockReader {
    var graph = DiagramGraph()
    var title: String?
    var warnings: [FlowWarning] = []
    var nodeIndex: [String: Int] = [:]
    var usedIDs: Set<String> = []
    /// The next suffix to try for each id stem, so many same-stem ids stay linear.
    var nextSuffix: [String: Int] = [:]
    /// Whether a line other than blanks and `//` comments has been read.
    var sawContent = false

    mutating func read(_ raw: [Character], line: Int) {
        let characters = Array(Self.trimmed(raw[...]))
        guard let first = characters.first else { return }
        if characters.starts(with: ["/", "/"]) { return }
        defer { sawContent = true }
        if first == "#" {
            if !sawContent, characters.count > 1, characters[1].isWhitespace {
                let text = Self.collapsed(characters[1...])
                if !text.isEmpty { title = text }
            }
            return
        }
        let arrows = Self.arrows(in: characters)
        let hasArrow = arrows.contains { $0 != nil }
        if let (key, value) = Self.setting(in: characters[...]) {
            switch key.lowercased() {
            case "title":
                let text = Self.collapsed(value)
                if !text.isEmpty { title = text }
                return
            case "direction":
                setDirection(Self.collapsed(value), line: line)
                return
            default:
                if !hasArrow {
                    warn(line, "unknown setting `\(FlowWarning.excerpt(key)):`; expected `title:` or `direction:`")
                    return
                }
            }
        }
        // `direction LR`, but not a screen called `Direction of travel`.
        if !hasArrow, characters.count > 10, String(characters.prefix(9)).lowercased() == "direction",
            characters[9].isWhitespace, !Self.collapsed(characters[9...]).contains(" ")
        {
            setDirection(Self.collapsed(characters[9...]), line: line)
            return
        }
        readChain(characters, arrows: arrows, line: line)
    }

    mutating func setDirection(_ value: String, line: Int) {
        switch value.uppercased() {
        case "TB", "TD": graph.direction = .topToBottom
        case "BT": graph.direction = .bottomToTop
        case "LR": graph.direction = .leftToRight
        case "RL": graph.direction = .rightToLeft
        default: warn(line, "unknown direction `\(FlowWarning.excerpt(value))`; expected TB, BT, LR or RL")
        }
    }

    /// `A -> B ->|label| C : label`, or a lone `{Screen}`.
    mutating func readChain(_ text: [Character], arrows: [Arrow?], line: Int) {
        let closes = Self.matchingBrackets(text)
        let count = text.count
        var mentions: [Mention?] = []
        var links: [(style: DiagramGraph.LineStyle, label: String)] = []
        var trailingLabel: String?
        var pos = 0
        while true {
            while pos < count, text[pos].isWhitespace { pos += 1 }
            let (mention, end, trailing) = readScreen(text, from: pos, closes: closes, arrows: arrows, line: line)
            if mention == nil && end == pos {
                warn(line, mentions.isEmpty ? "a link has no screen before it" : "a link has no screen after it")
            }
            mentions.append(mention)
            if let trailing { trailingLabel = trailing }
            pos = end
            guard pos < count, let arrow = arrows[pos] else { break }
            pos += arrow.length
            while pos < count, text[pos].isWhitespace { pos += 1 }
            var label = ""
            if pos < count, text[pos] == "|" {
                // The label must close before the next arrow, so a stray `|` cannot eat the line.
                var close = pos + 1
                while close < count, text[close] != "|", arrows[close] == nil { close += 1 }
                if close < count, text[close] == "|" {
                    label = Self.collapsed(text[(pos + 1)..<close])
                    pos = close + 1
                } else {
                    warn(line, "link label `|` is not closed")
                    pos += 1
                }
            }
            links.append((arrow.style, label))
        }
        if links.isEmpty, let trailingLabel {
            warn(line, "label `\(FlowWarning.excerpt(trailingLabel))` ignored: a ` : label` needs a link")
        }
        var nodes: [Int?] = []
        for mention in mentions { nodes.append(mention.map { node(for: $0) }) }
        for (index, link) in links.enumerated() {
            guard let from = nodes[index], let to = nodes[index + 1] else { continue }
            let label = index == links.count - 1 ? trailingLabel ?? link.label : link.label
            graph.edges.append(DiagramGraph.Edge(from: from, to: to, label: label, style: link.style))
        }
    }

    /// The screen starting at `start`: its mention (nil if there is none), where it
    /// ends (an arrow or the end of the line) and a trailing ` : label`.
    mutating func readScreen(
        _ text: [Character], from start: Int, closes: [Int], arrows: [Arrow?], line: Int
    ) -> (Mention?, end: Int, label: String?) {
        let count = text.count
        if start < count, "([{".contains(text[start]) {
            if closes[start] >= 0 {
                var after = closes[start] + 1
                while after < count, text[after].isWhitespace { after += 1 }
                if after == count || arrows[after] != nil {
                    return (bracketed(text, start, closes, line: line), after, nil)
                }
                if text[after] == ":", after + 1 == count || text[after + 1].isWhitespace {
                    return (bracketed(text, start, closes, line: line), count, Self.collapsed(text[(after + 1)...]))
                }
                // `(Optional) settings`: a name that starts with a bracket.
            } else {
                warn(line, "`\(text[start])` is not closed; read as part of the name")
            }
        }
        var end = start
        var colon: Int?
        while end < count, arrows[end] == nil {
            if colon == nil, text[end] == ":", end > start, text[end - 1].isWhitespace,
                end + 1 == count || text[end + 1].isWhitespace
            {
                colon = end
            }
            end += 1
        }
        if end == count, let colon {
            return (plain(text[start..<colon], line: line), count, Self.collapsed(text[(colon + 1)...]))
        }
        return (plain(text[start..<end], line: line), end, nil)
    }

    /// `[Name]`, `{Name}`, `(Name)`, `([Name])` or `((Name))` from `start` to its closing bracket.
    mutating func bracketed(_ text: [Character], _ start: Int, _ closes: [Int], line: Int) -> Mention? {
        let close = closes[start]
        var inner = (start + 1)..<close
        let shape: DiagramGraph.NodeShape
        switch text[start] {
        case "[":
            shape = .box
        case "{":
            shape = .diamond
        default:
            // `((x))` or `([x])` only when the inner bracket spans the whole inside.
            if inner.count >= 2, closes[inner.lowerBound] == inner.upperBound - 1, text[inner.lowerBound] == "(" {
                shape = .circle
                inner = (inner.lowerBound + 1)..<(inner.upperBound - 1)
            } else if inner.count >= 2, closes[inner.lowerBound] == inner.upperBound - 1,
                text[inner.lowerBound] == "["
            {
                shape = .stadium
                inner = (inner.lowerBound + 1)..<(inner.upperBound - 1)
            } else {
                shape = .stadium
            }
        }
        let label = Self.collapsed(text[inner])
        guard !label.isEmpty else {
            warn(line, "empty `\(String(text[start...close]))` is not a screen")
            return nil
        }
        return Mention(label: label, explicitShape: shape)
    }

    /// A plain name; nil (with a warning) for punctuation only, nil for nothing.
    mutating func plain(_ text: ArraySlice<Character>, line: Int) -> Mention? {
        let label = Self.collapsed(text)
        guard !label.isEmpty else { return nil }
        guard label.contains(where: { $0.isLetter || $0.isNumber || $0.isSymbol }) else {
            warn(line, "not understood: `\(FlowWarning.excerpt(label))`")
            return nil
        }
        return Mention(label: label)
    }

    /// The node named by `mention`, added if new; brackets update the shape.
    mutating func node(for mention: Mention) -> Int {
        if let index = nodeIndex[mention.label] {
            // A plain mention implies the same shape every time, so only brackets change it.
            if let shape = mention.explicitShape { graph.nodes[index].shape = shape }
            return index
        }
        let index = graph.nodes.count
        graph.nodes.append(
            DiagramGraph.Node(id: uniqueID(for: mention.label), label: mention.label, shape: mention.shape))
        nodeIndex[mention.label] = index
        return index
    }

    /// An id for SVG from the label: lowercase ASCII letters and digits joined by `-`.
    mutating func uniqueID(for label: String) -> String {
        var stem = ""
        var pendingDash = false
        for scalar in label.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash && !stem.isEmpty { stem += "-" }
                pendingDash = false
                stem.unicodeScalars.append(scalar)
                if stem.unicodeScalars.count >= 60 { break }
            } else {
                pendingDash = true
            }
        }
        if stem.isEmpty { stem = "screen" }
        var id = stem
        var suffix = nextSuffix[stem] ?? 2
        while usedIDs.contains(id) {
            id = "\(stem)-\(suffix)"
            suffix += 1
        }
        nextSuffix[stem] = suffix
        usedIDs.insert(id)
        return id
    }

    mutating func warn(_ line: Int, _ message: String) {
        warnings.append(FlowWarning(line: line, message: message))
    }
}

extension FlowBlockReader {
    /// The arrow starting at each index of the line, found in one pass so that a long
    /// run of `-` or `.` is looked at once.
    static func arrows(in text: [Character]) -> [Arrow?] {
        let count = text.count
        var arrows = [Arrow?](repeating: nil, count: count)
        var index = 0
        func run(of character: Character, from start: Int) -> Int {
            var end = start
            while end < count, text[end] == character { end += 1 }
            return end
        }
        while index < count {
            switch text[index] {
            case "→", "⟶":
                arrows[index] = Arrow(length: 1, style: .solid)
                index += 1
            case "-":
                let end = run(of: "-", from: index)
                if end < count, text[end] == ">" {
                    arrows[index] = Arrow(length: end + 1 - index, style: .solid)
                    index = end + 1
                } else if end == index + 1, end < count, text[end] == "." {
                    // `-.->`, `-..->`
                    let dots = run(of: ".", from: end)
                    if dots + 1 < count, text[dots] == "-", text[dots + 1] == ">" {
                        arrows[index] = Arrow(length: dots + 2 - index, style: .dotted)
                        index = dots + 2
                    } else {
                        index = dots
                    }
                } else {
                    index = end
                }
            case "=":
                let end = run(of: "=", from: index)
                if end < count, text[end] == ">" {
                    arrows[index] = Arrow(length: end + 1 - index, style: end - index == 1 ? .solid : .thick)
                    index = end + 1
                } else {
                    index = end
                }
            case ".":
                let end = run(of: ".", from: index)
                if end - index >= 2, end < count, text[end] == ">" {
                    arrows[index] = Arrow(length: end + 1 - index, style: .dotted)
                    index = end + 1
                } else {
                    index = end
                }
            default:
                index += 1
            }
        }
        return arrows
    }

    /// For each `(`, `[` and `{`, the index of its matching closer (each kind nests on
    /// its own), or -1; found with stacks in one pass.
    static func matchingBrackets(_ text: [Character]) -> [Int] {
        var closes = [Int](repeating: -1, count: text.count)
        var open: [Character: [Int]] = ["(": [], "[": [], "{": []]
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        for (index, character) in text.enumerated() {
            if open[character] != nil {
                open[character]?.append(index)
            } else if let opener = pairs[character], let start = open[opener]?.popLast() {
                closes[start] = index
            }
        }
        return closes
    }

    /// `key: value` at the start of a line (ASCII letters, then a colon), if there is one.
    static func setting(in text: ArraySlice<Character>) -> (key: String, value: ArraySlice<Character>)? {
        var index = text.startIndex
        while index < text.endIndex, text[index].isASCII, text[index].isLetter { index += 1 }
        guard index > text.startIndex, index < text.endIndex, text[index] == ":" else { return nil }
        let key = String(text[text.startIndex..<index])
        let value = text[(index + 1)...]
        // `Note:done` is a name; a setting has a space (or nothing) after the colon,
        // except the two known keys, which are taken however they are spaced.
        guard value.first?.isWhitespace ?? true || ["title", "direction"].contains(key.lowercased()) else {
            return nil
        }
        return (key, value)
    }

    static func trimmed(_ text: ArraySlice<Character>) -> ArraySlice<Character> {
        var slice = text
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }

    /// The text trimmed, with each run of whitespace as one space.
    static func collapsed(_ text: ArraySlice<Character>) -> String {
        text.split(whereSeparator: \.isWhitespace).map { String($0) }.joined(separator: " ")
    }
}
