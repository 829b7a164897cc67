import FlowsPlugin
import SpecSiteDiagrams
import Testing

/// Mermaid flowchart syntax as mermaid's own grammar (`flow.jison`) accepts it: one
/// fixture per construct, with the nodes, edges, labels and warnings a reader would see.
@Suite struct MermaidSyntaxTests {
    /// The flow `code` parses to (an empty one, recorded as a failure, if it is not a flowchart).
    private func flow(_ code: String) -> ParsedFlow {
        guard case .flow(let parsed) = MermaidParser.parse(code) else {
            Issue.record("not read as a flowchart")
            return ParsedFlow()
        }
        return parsed
    }

    /// `id: label (shape)`, the label's line breaks shown as `/`.
    private func nodes(_ parsed: ParsedFlow) -> [String] {
        parsed.graph.nodes.map { node in
            "\(node.id): \(node.label.replacingOccurrences(of: "\n", with: "/")) (\(node.shape.rawValue))"
        }
    }

    /// `from -> to: style`, with `, no arrow` and `, 'label'` when they apply.
    private func edges(_ parsed: ParsedFlow) -> [String] {
        let graph = parsed.graph
        return graph.edges.map { edge in
            var text = "\(graph.nodes[edge.from].id) -> \(graph.nodes[edge.to].id): \(edge.style.rawValue)"
            if !edge.arrow { text += ", no arrow" }
            if !edge.label.isEmpty { text += ", '\(edge.label.replacingOccurrences(of: "\n", with: "/"))'" }
            return text
        }
    }

    private func warnings(_ parsed: ParsedFlow) -> [String] {
        parsed.warnings.map { "\($0.line): \($0.message)" }
    }

    // MARK: Node shapes

    @Test(arguments: [
        ("A[Box]", "A: Box (box)"),
        ("A(Rounded)", "A: Rounded (rounded)"),
        ("A([Stadium])", "A: Stadium (stadium)"),
        ("A[[Subroutine]]", "A: Subroutine (subroutine)"),
        ("A[(Database)]", "A: Database (cylinder)"),
        ("A((Circle))", "A: Circle (circle)"),
        ("A>Flag]", "A: Flag (box)"),
        ("A{Decide?}", "A: Decide? (diamond)"),
        ("A{{Prepare}}", "A: Prepare (hexagon)"),
        ("A[/In/]", "A: In (parallelogram)"),
        ("A[\\Out\\]", "A: Out (parallelogram)"),
        ("A[/Trapezoid\\]", "A: Trapezoid (parallelogram)"),
        ("A[\\Inverted/]", "A: Inverted (parallelogram)"),
        ("A(((Stop)))", "A: Stop (circle)"),
        ("A@{ shape: cyl, label: \"Orders\" }", "A: Orders (cylinder)"),
        ("A@{ shape: diamond }", "A: A (diamond)"),
    ])
    func everyShapeKeepsItsLabel(source: String, node: String) {
        let parsed = flow("flowchart LR\n    \(source) --> B")
        #expect(nodes(parsed) == [node, "B: B (box)"])
        #expect(edges(parsed) == ["A -> B: solid"])
        #expect(parsed.warnings.isEmpty)
    }

    // MARK: Labels

    @Test func quotedLabelKeepsItsLineBreakAndBrackets() {
        let parsed = flow(
            """
            flowchart TD
                A["Queue<br/>cold storage"] --> B["Worker (batch) [v2]"]
                B --> C["Say #quot;hi#quot; &amp; wave"]
            """)
        #expect(
            nodes(parsed) == [
                "A: Queue/cold storage (box)", "B: Worker (batch) [v2] (box)", "C: Say \"hi\" & wave (box)",
            ])
        #expect(edges(parsed) == ["A -> B: solid", "B -> C: solid"])
        #expect(parsed.warnings.isEmpty)
    }

    @Test func labelSpanningLinesIsOneLabelWithItsBreaks() {
        let parsed = flow(
            """
            flowchart TD
                A[Queue
                  cold storage] --> B("Worker
                  picks it up")
                B --> C
            """)
        #expect(nodes(parsed) == ["A: Queue/cold storage (box)", "B: Worker/picks it up (rounded)", "C: C (box)"])
        #expect(edges(parsed) == ["A -> B: solid", "B -> C: solid"])
        #expect(parsed.warnings.isEmpty)
    }

    @Test func shapeDataMayRunOverLines() {
        let parsed = flow(
            """
            flowchart LR
                A@{ shape: cyl,
                    label: "Orders
                    archive" } --> B@{ shape: diam, label: "Paid?" }
            """)
        #expect(nodes(parsed) == ["A: Orders/archive (cylinder)", "B: Paid? (diamond)"])
        #expect(edges(parsed) == ["A -> B: solid"])
        #expect(parsed.warnings.isEmpty)
    }

    @Test func markdownStringDropsItsEmphasisAndKeepsItsLines() {
        let parsed = flow(
            """
            flowchart LR
                A["`**Bold** start
                then *more*`"] -->|"`a *link*`"| B
            """)
        #expect(nodes(parsed) == ["A: Bold start/then more (box)", "B: B (box)"])
        #expect(edges(parsed) == ["A -> B: solid, 'a link'"])
        #expect(parsed.warnings.isEmpty)
    }

    // MARK: Links

    @Test(arguments: [
        ("A -->|Yes| B", "A -> B: solid, 'Yes'"),
        ("A -- Yes --> B", "A -> B: solid, 'Yes'"),
        ("A -. Maybe .-> B", "A -> B: dotted, 'Maybe'"),
        ("A == Sure ==> B", "A -> B: thick, 'Sure'"),
        ("A ==> B", "A -> B: thick"),
        ("A --- B", "A -> B: solid, no arrow"),
        ("A -.- B", "A -> B: dotted, no arrow"),
        ("A --o B", "A -> B: solid"),
        ("A --x B", "A -> B: solid"),
        ("A <--> B", "A -> B: solid"),
        ("A ------> B", "A -> B: solid"),
        ("A -...-> B", "A -> B: dotted"),
        ("A ====> B", "A -> B: thick"),
        ("A ---->|Long| B", "A -> B: solid, 'Long'"),
        ("A<-- back ---B", "B -> A: solid, 'back'"),
    ])
    func everyLinkKeepsItsStyleAndLabel(source: String, edge: String) {
        let parsed = flow("flowchart LR\n    \(source)")
        #expect(nodes(parsed) == ["A: A (box)", "B: B (box)"])
        #expect(edges(parsed) == [edge])
        #expect(parsed.warnings.isEmpty)
    }

    @Test func ampersandChainsLinkEveryPair() {
        let parsed = flow("flowchart TD\n    A & B --> C & D --> E")
        #expect(nodes(parsed).map { String($0.prefix(1)) } == ["A", "B", "C", "D", "E"])
        #expect(
            edges(parsed) == [
                "A -> C: solid", "A -> D: solid", "B -> C: solid", "B -> D: solid", "C -> E: solid", "D -> E: solid",
            ])
        #expect(parsed.warnings.isEmpty)
    }

    // MARK: Styling and interaction

    @Test func stylingAndClickLinesMakeNoNodes() {
        let parsed = flow(
            """
            flowchart LR
                classDef hot fill:#f96,stroke:#333;
                A[Start]:::hot --> B:::cold
                class A,B hot
                style A fill:#bbf,stroke:#f66,stroke-width:2px
                linkStyle 0 stroke:#ff3,stroke-width:4px
                linkStyle default interpolate basis
                click A "https://example.com/a" "Open A" _blank
                click B href "https://example.com/b"
                click A call openDetails("A")
                click B openDetails
            """)
        #expect(nodes(parsed) == ["A: Start (box)", "B: B (box)"])
        #expect(edges(parsed) == ["A -> B: solid"])
        #expect(parsed.warnings.isEmpty)
    }

    // MARK: Subgraphs, direction, comments, separators

    @Test func subgraphsKeepTheirIDsTitlesAndDirection() {
        let parsed = flow(
            """
            %%{init: {"flowchart": {
                "curve": "basis"}}}%%
            flowchart TB
                %% the storage side
                subgraph store [Cold storage]
                    direction LR
                    Q[Queue] --> W[Worker] %% drains it
                end
                subgraph "Front end"
                    U[User]
                end
                U --> store; W --> U
            """)
        #expect(nodes(parsed) == ["Q: Queue (box)", "W: Worker (box)", "U: User (box)"])
        #expect(edges(parsed) == ["Q -> W: solid", "U -> Q: solid", "W -> U: solid"])
        #expect(parsed.graph.clusters.map(\.label) == ["Cold storage", "Front end"])
        #expect(parsed.graph.clusters.first?.id == "store")
        #expect(parsed.graph.nodes.map { $0.cluster } == [0, 0, 1])
        #expect(parsed.warnings.isEmpty)
    }

    // MARK: What is not understood

    @Test func aStatementNotUnderstoodIsSkippedWholeWithItsLine() {
        let parsed = flow(
            """
            flowchart TD
                A[Sign in] --> B[Home]
                B then goes to C
                C --> D oops
                B --> E
            """)
        #expect(nodes(parsed) == ["A: Sign in (box)", "B: Home (box)", "E: E (box)"])
        #expect(edges(parsed) == ["A -> B: solid", "B -> E: solid"])
        #expect(warnings(parsed) == ["2: not understood: `then goes to C`", "3: not understood: `oops`"])
    }

    @Test func fragmentsOfABrokenLabelNeverBecomeNodes() {
        let parsed = flow(
            """
            flowchart TD
                A[Queue (cold
                  storage] --> B
                C{Ready? (yes) --> D
                  and waiting}
                E --> F
            """)
        #expect(nodes(parsed).contains { $0.hasPrefix("storage") || $0.hasPrefix("and") } == false)
        #expect(parsed.graph.nodes.map(\.id).contains("E"))
        #expect(edges(parsed).contains("E -> F: solid"))
        #expect(parsed.warnings.map(\.line) == [1, 2, 3, 4])
        #expect(parsed.warnings[1].message.hasSuffix("(the rest of the label left open on the line before?)"))
        #expect(parsed.warnings[3].message.hasSuffix("(the rest of the label left open on the line before?)"))
    }

    @Test func anUnclosedLabelDoesNotSwallowTheLinesAfterIt() {
        let parsed = flow(
            """
            flowchart TD
                A[Start --> B
                B --> C[Done]
            """)
        #expect(nodes(parsed) == ["A: Start --> B (box)", "B: B (box)", "C: Done (box)"])
        #expect(edges(parsed) == ["B -> C: solid"])
        #expect(warnings(parsed) == ["1: `[` is not closed"])
    }

    // MARK: Drawing

    @Test func lineBreaksAreDrawnAsLinesNeverAsTags() {
        let parsed = flow("flowchart LR\n    A[\"Queue<br/>cold storage\"] -->|\"a &amp; b\"| B")
        let layout = LayeredLayout.layout(parsed.graph)
        let svg = DiagramSVG.render(
            parsed.graph, layout: layout, options: .init(title: "t", description: "d", idPrefix: "f"))
        #expect(svg.contains(">Queue</tspan>"))
        #expect(svg.contains(">cold storage</tspan>"))
        #expect(svg.contains("a &amp; b"))
        #expect(!svg.contains("br/"))
        #expect(!svg.contains("&amp;amp;"))
    }

    @Test func aWideFlowShrinksThenTurnsTopToBottomBeforeItScrolls() throws {
        let steps = (1...9).map { "S\($0)[Step number \($0)]" }.joined(separator: " --> ")
        let wide = try render(page("# UX\n\n```mermaid\nflowchart LR\n    \(steps)\n```\n"))
        #expect(wide.contains("drawn top to bottom to fit the page"))
        let drawn = try flows("# UX\n\n```mermaid\nflowchart LR\n    \(steps)\n```\n")
        #expect(drawn.first?.graph.direction == .topToBottom)
        let layout = try #require(drawn.first?.layout)
        #expect(wide.contains("--flow-min-width: \(DiagramFit.minimumWidth(of: layout))px"))
        #expect(layout.width < 640)

        let short = try flows("# UX\n\n```mermaid\nflowchart LR\n    A[Sign in] --> B[Home] --> C[Done]\n```\n")
        #expect(short.first?.graph.direction == .leftToRight)
    }

    @Test func aFlowAcrossThatWouldScrollOnAPhoneHasOneDownThePageForIt() throws {
        let markdown = "# UX\n\n```mermaid\nflowchart LR\n    A[Sign in] --> B[Home] --> C[Cart] --> D[Pay]\n```\n"
        let html = try render(page(markdown))
        let drawn = try #require(try flows(markdown).first)
        let across = try #require(drawn.layout)
        // Fits a wide column shrunk, so it stays across there ...
        #expect(drawn.graph.direction == .leftToRight)
        #expect(Double(DiagramFit.minimumWidth(of: across)) <= 640)
        #expect(Double(DiagramFit.minimumWidth(of: across)) > 316)
        // ... and a phone gets the same steps down the page, with ids of its own.
        #expect(html.contains("class=\"flow-drawing flow-across\""))
        #expect(html.contains("class=\"flow-drawing flow-down\""))
        #expect(html.components(separatedBy: "<svg ").count == 3)
        #expect(html.contains("drawn top to bottom to fit the screen"))
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains { $0.hasSuffix("-down-title") })

        let short = try render(page("# UX\n\n```mermaid\nflowchart LR\n    A[Sign in] --> B[Home]\n```\n"))
        #expect(!short.contains("flow-down"))
        #expect(short.components(separatedBy: "<svg ").count == 2)
    }

    @Test func aFlowDownThePageThatWouldScrollOnAPhoneOpensThereOnItsStart() throws {
        // Fits the page's column shrunk, not a phone's: the phone gets the same
        // flow laid out from its start at the left, so the box does not open
        // on the blank beside a centred start.
        let markdown = """
            # UX

            ```mermaid
            flowchart TD
                S((Open app)) --> A[Sign in screen]
                A --> B[Home screen] & C[Search screen] & D[Profile screen]
                B --> E[Detail screen]
            ```
            """
        let drawn = try #require(try flows(markdown).first)
        let layout = try #require(drawn.layout)
        #expect(!layout.style.alignsToStart)
        #expect(Double(DiagramFit.minimumWidth(of: layout)) <= 640)
        #expect(Double(DiagramFit.minimumWidth(of: layout)) > 316)
        let html = try render(page(markdown))
        #expect(html.contains("class=\"flow-drawing flow-down\""))
        #expect(!html.contains("drawn top to bottom to fit the screen"))
        #expect(html.components(separatedBy: "<svg ").count == 3)
    }
}
