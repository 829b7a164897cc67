import SpecSiteDiagrams

/// Statement keywords whose statements are read and ignored.
private let ignoredKeywords: Set<String> = [
    "direction", "classDef", "class", "style", "linkStyle", "click", "accTitle",
]

extension MermaidReader {
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
                // A statement is taken whole or not at all: the nodes of a line that is not
                // understood (often the rest of a broken label) must not be drawn.
                undo = MermaidUndo(nodeCount: graph.nodes.count, edgeCount: graph.edges.count)
                defer { undo = nil }
                do { try chain() } catch {
                    takeBack()
                    if let open = unclosedLabel, open.line == line - 1, !warnings.isEmpty,
                        open.closers.contains(where: { closer in
                            (start..<lineEnd(from: start)).contains { hasPrefix(closer, at: $0) }
                        })
                    {
                        warnings[warnings.count - 1].message += " (the rest of the label left open on the line before?)"
                    }
                    // Looked at once: a long line of failing statements is not searched again for each.
                    if unclosedLabel?.line != line { unclosedLabel = nil }
                    throw error
                }
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
    mutating func chain() throws(MermaidAbort) {
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
    mutating func nodeGroup() throws(MermaidAbort) -> [Int]? {
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
    mutating func node() throws(MermaidAbort) -> Int? {
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
            undo?.touched.append((index, graph.nodes[index]))
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

    /// Undoes what the statement being read has done to the graph so far.
    mutating func takeBack() {
        guard let undo else { return }
        for (index, node) in undo.touched.reversed() where index < undo.nodeCount { graph.nodes[index] = node }
        for node in graph.nodes[undo.nodeCount...] { nodeIndex[node.id] = nil }
        graph.nodes.removeSubrange(undo.nodeCount...)
        graph.edges.removeSubrange(undo.edgeCount...)
        edgeLines.removeSubrange(undo.edgeCount...)
    }

    /// `:::className` after a node: styling only.
    mutating func skipClassSuffix() {
        guard peek() == ":" && peek(1) == ":" && peek(2) == ":" else { return }
        pos += 3
        while let scalar = peek(), Self.isWord(scalar) || scalar == "-" { pos += 1 }
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
}
