import SpecSiteDiagrams
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
/// As in mermaid, a label in brackets may run over several lines (its line breaks are
/// kept), as long as no other bracket, brace, parenthesis, `|` or `"` comes before its
/// closer; a quoted one may when the closer follows the closing quote.
///
/// Anything else gives a warning naming the text and its line, and the whole statement
/// is skipped: none of its nodes or links are kept, so the rest of a broken label never
/// turns into nodes. Parsing goes on at the next line; an unclosed bracket or quote keeps
/// the rest of its line as the label.
public enum MermaidParser {
    /// Parses one mermaid block. Never fails and takes time linear in the size of
    /// `code`, whatever it holds.
    public static func parse(_ code: String) -> MermaidResult {
        var reader = MermaidReader(code)
        return reader.read()
    }
}

// MARK: - Reader

/// A single forward pass over the block's Unicode scalars. Nothing recurses, and every
/// search ahead remembers its answer, so no input makes it quadratic.
struct MermaidReader {
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
    /// What the statement being read has changed, while it may still be taken back.
    var undo: MermaidUndo?
    /// The last line whose label was left open and what would have closed it, to say so
    /// when the next line is not understood and holds that closer.
    var unclosedLabel: (line: Int, closers: [[Unicode.Scalar]])?
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
}

/// The graph as it was before a statement, and the nodes the statement has changed
/// since, so the statement can be taken back whole.
struct MermaidUndo {
    var nodeCount: Int
    var edgeCount: Int
    var touched: [(index: Int, node: DiagramGraph.Node)] = []
}
