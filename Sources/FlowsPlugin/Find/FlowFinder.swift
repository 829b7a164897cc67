import Foundation
import SpecSiteKit

/// Finds every flow of a page: ```` ```flow ```` and ```` ```mermaid ```` blocks,
/// and arrow chains in prose, lists, tables, text code blocks and HTML blocks.
/// Chains that share a screen are merged into one flow; the rest stay apart.
struct FlowFinder {
    /// A problem found while reading, at a file line.
    struct Warning: Sendable, Equatable {
        var line: Int
        var message: String
    }

    /// Whether arrow chains in prose are read (`plugins.flows.prose`).
    var readsProse = true

    /// The flows found, in document order, before layout.
    private(set) var flows: [FlowDefinition] = []
    /// Mermaid blocks of other types, by block key.
    private(set) var unsupported: [String: String] = [:]
    /// What could not be read.
    private(set) var warnings: [Warning] = []

    private var chains: [(chain: ArrowChain, line: Int, anchor: String, section: String?)] = []
    private var section: String?
    private let pageTitle: String

    /// Code block languages whose lines are read as prose (unlabelled and plain text).
    static let textLanguages: Set<String> = ["", "text", "txt", "plain", "plaintext"]

    /// Reads `page`.
    init(page: Page, readsProse: Bool = true) {
        self.pageTitle = page.title
        self.readsProse = readsProse
        visit(page.document.root, list: nil)
        mergeChains()
        flows.sort { $0.line < $1.line }
        distinguishTitles()
    }

    /// Flows of one section would all be called after it; each is told apart
    /// by the screen it starts from: "Navigation (from Widget)".
    private mutating func distinguishTitles() {
        var counts: [String: Int] = [:]
        for flow in flows { counts[flow.title, default: 0] += 1 }
        for index in flows.indices where flows[index].titleIsBorrowed && counts[flows[index].title, default: 0] > 1 {
            guard let start = flows[index].graph.nodes.first?.label else { continue }
            let name = start.split(whereSeparator: \.isNewline).joined(separator: " ")
            flows[index].title += " (from \(name))"
        }
    }

    // MARK: - Walking the document

    /// Visits a block; `list` is the outermost list around it, which a chain in
    /// one of its items is drawn after.
    private mutating func visit(_ node: MarkdownNode, list: MarkdownNode?) {
        switch node.kind {
        case .document, .blockQuote:
            for child in node.children { visit(child, list: nil) }
        case .list:
            for child in node.children { visit(child, list: list ?? node) }
        case .item:
            for child in node.children { visit(child, list: list) }
        case .heading:
            // A chain in a heading is that section's flow, named after it.
            let text = Self.text(of: node)
            section = ArrowChains.clean(text)
            addChains(in: text, line: node.line, anchor: node.blockKey)
        case .paragraph:
            let text = Self.text(of: node)
            if let name = Self.sectionTag(text) { section = name }
            addChains(in: text, line: node.line, anchor: (list ?? node).blockKey)
        case .table:
            for row in node.children {
                for cell in row.children {
                    addChains(in: cell.plainText, line: row.line, anchor: (list ?? node).blockKey)
                }
            }
        case .codeBlock(let info, let code):
            codeBlock(node, info: info, code: code)
        case .htmlBlock(let html):
            if let name = Self.sectionTag(html) { section = name }
            addChains(in: Self.textOfHTML(html), line: node.line, anchor: node.blockKey)
        default:
            break
        }
    }

    private mutating func codeBlock(_ node: MarkdownNode, info: String, code: String) {
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { $0.lowercased() } ?? ""
        // The code starts on the line after the opening fence.
        let codeLine = node.line + 1
        switch language {
        case "mermaid":
            switch MermaidParser.parse(code) {
            case .flow(let parsed):
                add(parsed, notation: .mermaid, node: node, codeLine: codeLine)
            case .unsupported(let type):
                unsupported[node.blockKey] = type
            }
        case "flow":
            add(FlowBlockParser.parse(code), notation: .flowBlock, node: node, codeLine: codeLine)
        default:
            guard Self.textLanguages.contains(language), !Self.isSketch(code) else { return }
            let text = Self.withoutComments(code)
            for line in SourceLines(text, firstLine: codeLine) {
                addChains(in: String(line.text), line: line.number, anchor: node.blockKey)
            }
        }
    }

    private mutating func add(
        _ parsed: ParsedFlow, notation: FlowDefinition.Notation, node: MarkdownNode, codeLine: Int
    ) {
        for warning in parsed.warnings {
            warnings.append(Warning(line: codeLine + warning.line, message: warning.message))
        }
        guard !parsed.graph.nodes.isEmpty else {
            warnings.append(
                Warning(line: node.line, message: "this \(notation.rawValue) block has no screens; it is shown as code")
            )
            return
        }
        var flow = FlowDefinition(
            graph: parsed.graph, title: parsed.title ?? section ?? pageTitle, notation: notation, line: node.line,
            anchor: node.blockKey, replacesBlock: true)
        flow.titleIsBorrowed = parsed.title == nil
        flows.append(flow)
    }

    private mutating func addChains(in text: String, line: Int, anchor: String) {
        guard readsProse else { return }
        for chain in ArrowChains.find(in: text) {
            chains.append((chain, line + chain.lineOffset, anchor, section))
        }
    }

    // MARK: - Merging chains

    /// Joins chains that share a screen (union-find over screen names) and
    /// turns each group into one flow.
    private mutating func mergeChains() {
        guard !chains.isEmpty else { return }
        var sets = DisjointSets(count: chains.count)
        var owner: [String: Int] = [:]
        for (index, entry) in chains.enumerated() {
            for step in entry.chain.steps {
                let key = ArrowChains.normalized(step.name)
                if let other = owner[key] {
                    sets.union(index, other)
                } else {
                    owner[key] = index
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for index in chains.indices { groups[sets.root(index), default: []].append(index) }
        for first in groups.keys.sorted() {
            let members = groups[first]!.map { chains[$0] }
            var flow = FlowDefinition(
                graph: Self.graph(of: members.map(\.chain)), title: members[0].section ?? pageTitle,
                notation: .prose, line: members[0].line, anchor: members[0].anchor, replacesBlock: false)
            flow.titleIsBorrowed = true
            flows.append(flow)
        }
    }

    /// The graph of some chains: one node per screen name (case and spacing
    /// aside), one edge per pair of neighbours; labels of repeated edges joined.
    static func graph(of chains: [ArrowChain]) -> DiagramGraph {
        var graph = DiagramGraph()
        var nodeIndex: [String: Int] = [:]
        var edgeIndex: [Int: [Int: Int]] = [:]
        func node(_ name: String) -> Int {
            let key = ArrowChains.normalized(name)
            if let index = nodeIndex[key] { return index }
            let isDecision = name.hasSuffix("?")
            graph.nodes.append(
                DiagramGraph.Node(id: key, label: name, shape: isDecision ? .diamond : .box))
            nodeIndex[key] = graph.nodes.count - 1
            return graph.nodes.count - 1
        }
        for chain in chains {
            var previous: Int?
            for step in chain.steps {
                let current = node(step.name)
                if let from = previous {
                    if let existing = edgeIndex[from]?[current] {
                        if !step.label.isEmpty {
                            let labels = graph.edges[existing].label.split(separator: "/").map { $0.trimmed }
                            if !labels.contains(step.label[...]) {
                                graph.edges[existing].label +=
                                    graph.edges[existing].label.isEmpty ? step.label : " / " + step.label
                            }
                        }
                    } else {
                        graph.edges.append(DiagramGraph.Edge(from: from, to: current, label: step.label))
                        edgeIndex[from, default: [:]][current] = graph.edges.count - 1
                    }
                }
                previous = current
            }
        }
        // Where the flow begins reads at a glance: screens nothing leads to are
        // drawn as starts.
        let targets = Set(graph.edges.map(\.to))
        for index in graph.nodes.indices where !targets.contains(index) && graph.nodes[index].shape == .box {
            graph.nodes[index].shape = .stadium
            graph.nodes[index].tone = .accent
        }
        return graph
    }

    // MARK: - Text

    /// `Success criteria` for a block that opens with `<success_criteria>`:
    /// plans written for agents (GSD) mark their sections with such tags
    /// rather than headings. HTML's own elements are not sections.
    static func sectionTag(_ text: String) -> String? {
        // The checklists plugin rewrites a GSD plan's tag lines into HTML comments
        // (`<!-- specsite:gsd open verification -->`), so that the markdown between
        // them parses; such an open marker stands for the tag it replaced. Only
        // `open` names a section: `open-part` markers are a task's own parts.
        let marker = "<!-- specsite:gsd "
        if text.hasPrefix(marker) {
            let end = text.unicodeScalars.firstIndex { $0 == "\n" || $0 == "\r" } ?? text.endIndex
            let line = text[..<end]
            // `<!-- specsite:gsd open -->` shares its space with the suffix: no name.
            guard let open = line.range(of: marker + "open ", options: .backwards), line.hasSuffix(" -->"),
                case let nameEnd = line.index(line.endIndex, offsetBy: -4), open.upperBound <= nameEnd
            else {
                return nil
            }
            let name = line[open.upperBound..<nameEnd]
            return name.contains(" ") ? nil : sectionTag("<" + name + ">")
        }
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
    /// characters, or `+---+` and `|   |` frames): its arrows are part of the picture.
    static func isSketch(_ code: String) -> Bool {
        if code.unicodeScalars.contains(where: { (0x2500...0x259F).contains($0.value) }) { return true }
        var framed = 0
        for line in SourceLines(code) {
            let trimmed = line.text.trimmed
            guard let first = trimmed.first else { continue }
            if (first == "+" && trimmed.contains("--")) || (first == "|" && trimmed.count > 1 && trimmed.last == "|") {
                framed += 1
                if framed >= 2 { return true }
            }
        }
        return false
    }
}
