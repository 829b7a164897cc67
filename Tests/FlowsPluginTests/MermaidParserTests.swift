import FlowsPlugin
import SpecSiteDiagrams
import XCTest

/// Every piece of the mermaid flowchart subset, each spelled out as the exact nodes
/// (`id: label (shape) in cluster`), edges (`from -> to: style, arrow, 'label'`) and
/// direction it must give, then garbage and pathological input.
final class MermaidParserTests: XCTestCase {
    // MARK: Helpers

    /// The flow `code` parses to, or a failure and an empty flow.
    private func flow(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> ParsedFlow {
        switch MermaidParser.parse(code) {
        case .flow(let parsed):
            return parsed
        case .unsupported(let type):
            XCTFail("unsupported `\(type)`", file: file, line: line)
            return ParsedFlow()
        }
    }

    /// `id: label (shape)`, with ` in cluster-id` when the node is in a cluster.
    private func nodeList(_ graph: DiagramGraph) -> [String] {
        graph.nodes.map { node in
            let cluster = node.cluster.map { " in \(graph.clusters[$0].id)" } ?? ""
            return "\(node.id): \(node.label) (\(node.shape.rawValue))\(cluster)"
        }
    }

    /// `from -> to: style` by node id, with `, no arrow` and `, 'label'` when they apply.
    private func edgeList(_ graph: DiagramGraph) -> [String] {
        graph.edges.map { edge in
            var text = "\(graph.nodes[edge.from].id) -> \(graph.nodes[edge.to].id): \(edge.style.rawValue)"
            if !edge.arrow { text += ", no arrow" }
            if !edge.label.isEmpty { text += ", '\(edge.label)'" }
            return text
        }
    }

    /// `id: label` and ` in parent-id` for each cluster.
    private func clusterList(_ graph: DiagramGraph) -> [String] {
        graph.clusters.map { cluster in
            "\(cluster.id): \(cluster.label)" + (cluster.parent.map { " in \(graph.clusters[$0].id)" } ?? "")
        }
    }

    private func warningList(_ parsed: ParsedFlow) -> [String] {
        parsed.warnings.map { "\($0.line): \($0.message)" }
    }

    // MARK: Header, front matter, comments

    func testHeaderSetsTheDirectionAndDefaultsToTopToBottom() {
        let cases: [(String, DiagramGraph.Direction)] = [
            ("flowchart TD", .topToBottom), ("flowchart TB", .topToBottom), ("flowchart BT", .bottomToTop),
            ("flowchart LR", .leftToRight), ("flowchart RL", .rightToLeft), ("graph LR", .leftToRight),
            ("graph TD;", .topToBottom), ("flowchart", .topToBottom), ("graph", .topToBottom),
        ]
        for (header, direction) in cases {
            let parsed = flow(header + "\n    A --> B")
            XCTAssertEqual(parsed.graph.direction, direction, header)
            XCTAssertEqual(nodeList(parsed.graph), ["A: A (box)", "B: B (box)"], header)
            XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"], header)
            XCTAssertEqual(parsed.warnings, [], header)
        }
    }

    func testUnknownDirectionWarnsAndDrawsTopToBottom() {
        let parsed = flow("flowchart XY\nA --> B")
        XCTAssertEqual(parsed.graph.direction, .topToBottom)
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(warningList(parsed), ["0: unknown direction `XY`; drawing top to bottom"])
    }

    func testFrontMatterTitleAndTitleLine() {
        let parsed = flow(
            """
            ---
            title: "Sign in"
            config:
              title: not this one
            ---
            flowchart LR
              A --> B
            """)
        XCTAssertEqual(parsed.title, "Sign in")
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(parsed.warnings, [])

        let titled = flow("flowchart TD\ntitle Checkout flow\nA --> B")
        XCTAssertEqual(titled.title, "Checkout flow")
        XCTAssertEqual(nodeList(titled.graph), ["A: A (box)", "B: B (box)"])
        XCTAssertEqual(flow("title Before the header\ngraph\nA").title, "Before the header")
        // `title` used as a node id is still a node.
        XCTAssertEqual(edgeList(flow("graph\ntitle --> B").graph), ["title -> B: solid"])
    }

    func testIndentedHeader() {
        let parsed = flow("\n    flowchart LR\n      A --> B")
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testUnclosedFrontMatterIsNotAFlow() {
        // As in mermaid, whose error it is: the first line left is no diagram type.
        XCTAssertEqual(MermaidParser.parse("---\ntitle: x\nflowchart\nA --> B"), .unsupported(type: "title"))
    }

    func testCommentsDirectivesBlankLinesAndSemicolons() {
        let parsed = flow(
            """
            %%{init: {"theme": "dark"}}%%
            %% a comment before the header
            flowchart LR %% trailing comment on the header

              %% a comment line
              A --> B %% trailing comment
              B --> C; C --> D;
            %%{
              init: { "flowchart": { "curve": "basis" } }
            }%%
              D --> E;;
            """)
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(
            nodeList(parsed.graph), ["A: A (box)", "B: B (box)", "C: C (box)", "D: D (box)", "E: E (box)"])
        XCTAssertEqual(
            edgeList(parsed.graph),
            ["A -> B: solid", "B -> C: solid", "C -> D: solid", "D -> E: solid"])
        XCTAssertEqual(parsed.warnings, [])
        XCTAssertEqual(flow("graph TD;A-->B;B-->C").graph.edges.count, 2)
    }

    func testADirectiveOverSeveralLinesBeforeTheHeader() {
        let parsed = flow("%%{\n  init: {}\n}%%\nflowchart LR\nA --> B")
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    // MARK: Unsupported

    func testOtherDiagramTypesAndEmptyBlocksAreUnsupported() {
        let types = [
            "sequenceDiagram", "classDiagram", "stateDiagram", "stateDiagram-v2", "erDiagram", "gantt", "pie",
            "journey", "gitGraph", "mindmap", "timeline", "quadrantChart", "xychart-beta", "block-beta",
        ]
        for type in types {
            XCTAssertEqual(MermaidParser.parse("\(type)\n  A --> B"), .unsupported(type: type))
        }
        XCTAssertEqual(MermaidParser.parse("pie title Pets\n\"Dogs\" : 3"), .unsupported(type: "pie"))
        XCTAssertEqual(MermaidParser.parse("gitGraph:\ncommit"), .unsupported(type: "gitGraph"))
        XCTAssertEqual(
            MermaidParser.parse("---\ntitle: x\n---\nsequenceDiagram"), .unsupported(type: "sequenceDiagram"))
        XCTAssertEqual(MermaidParser.parse(""), .unsupported(type: ""))
        XCTAssertEqual(MermaidParser.parse("  \n\n\t"), .unsupported(type: ""))
        XCTAssertEqual(MermaidParser.parse("%% only a comment\n%%{init: {}}%%"), .unsupported(type: ""))
        // No header at all: mermaid cannot tell the type either.
        XCTAssertEqual(MermaidParser.parse("A --> B"), .unsupported(type: "A"))
    }

    func testAHeaderWithNothingElseIsAnEmptyFlow() {
        XCTAssertEqual(
            MermaidParser.parse("flowchart LR"), .flow(ParsedFlow(graph: DiagramGraph(direction: .leftToRight))))
    }

    // MARK: Nodes

    func testEveryShape() {
        let parsed = flow(
            """
            flowchart TD
              a[Box]
              b(Rounded)
              c([Stadium])
              d((Circle))
              e{Diamond}
              f{{Hexagon}}
              g[/Lean right/]
              h[\\Lean left\\]
              i[(Database)]
              j[[Subroutine]]
              k>Asymmetric]
              l(((Double circle)))
              m[/Trapezoid\\]
              n[\\Trapezoid alt/]
              bare
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "a: Box (box)", "b: Rounded (rounded)", "c: Stadium (stadium)", "d: Circle (circle)",
                "e: Diamond (diamond)", "f: Hexagon (hexagon)", "g: Lean right (parallelogram)",
                "h: Lean left (parallelogram)", "i: Database (cylinder)", "j: Subroutine (subroutine)",
                "k: Asymmetric (box)", "l: Double circle (circle)", "m: Trapezoid (parallelogram)",
                "n: Trapezoid alt (parallelogram)", "bare: bare (box)",
            ])
        XCTAssertEqual(parsed.graph.edges, [])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testNodeIDs() {
        let parsed = flow(
            """
            graph LR
              node-1 --> node_2
              A-B-->C
              Ünïcödé --> 日本語 --> x1
              9lives --> end1
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "node-1: node-1 (box)", "node_2: node_2 (box)", "A-B: A-B (box)", "C: C (box)",
                "Ünïcödé: Ünïcödé (box)", "日本語: 日本語 (box)", "x1: x1 (box)", "9lives: 9lives (box)",
                "end1: end1 (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "node-1 -> node_2: solid", "A-B -> C: solid", "Ünïcödé -> 日本語: solid", "日本語 -> x1: solid",
                "9lives -> end1: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testARedefinitionUpdatesTextAndShapeButKeepsThePlace() {
        let parsed = flow(
            """
            flowchart TD
              A --> B
              B --> C
              A[Start here]
              C{Done?}
              A(Start again)
            """)
        XCTAssertEqual(nodeList(parsed.graph), ["A: Start again (rounded)", "B: B (box)", "C: Done? (diamond)"])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "B -> C: solid"])
    }

    func testQuotedTextHoldsAnything() {
        let parsed = flow(
            """
            flowchart TD
              A["Text with (parens) and [brackets]"] --> B("a --> b; c %% d")
              C{"Is it {x}?"} -.-> D[" spaced "]
              E(["| pipes |"])
              F[He said "hi"]
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "A: Text with (parens) and [brackets] (box)", "B: a --> b; c %% d (rounded)",
                "C: Is it {x}? (diamond)", "D: spaced (box)", "E: | pipes | (stadium)", "F: He said \"hi\" (box)",
            ])
        // The `-->` inside the quotes is text, not an edge.
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "C -> D: dotted"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testLineBreaksEntitiesAndMarkdownStrings() {
        let parsed = flow(
            """
            flowchart TD
              A[one<br>two<BR/>three<br />four\\nfive]
              B["#quot;quoted#quot; #35;1 #amp; #lt;tag#gt; I #9829; it &amp; &lt;3 #unknown; # 5"]
              C["`**Bold** and *italic*`"]
              D["`The **cat**
                in the hat`"] --> E
              F["#lt;br#gt; stays text"]
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "A: one\ntwo\nthree\nfour\nfive (box)",
                "B: \"quoted\" #1 & <tag> I ♥ it & <3 #unknown; # 5 (box)",
                "C: Bold and italic (box)", "D: The cat\nin the hat (box)", "E: E (box)",
                "F: <br> stays text (box)",
            ])
        XCTAssertEqual(edgeList(parsed.graph), ["D -> E: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testNodeMetadataSyntax() {
        let parsed = flow(
            """
            flowchart TD
              A@{ shape: diam, label: "Is it, really?" } --> B@{ shape: cyl }
              C@{ label: "Just text" }
              D@{ shape: something-new }
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            ["A: Is it, really? (diamond)", "B: B (cylinder)", "C: Just text (box)", "D: D (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    // MARK: Links

    func testEveryLinkKind() {
        let parsed = flow(
            """
            flowchart LR
              A1 --> B1
              A2 --- B2
              A3 -.-> B3
              A4 -.- B4
              A5 ==> B5
              A6 === B6
              A7 ----> B7
              A8 -..-> B8
              A9 ====> B9
              A10 <--> B10
              A11 o--o B11
              A12 x--x B12
              A13 --o B13
              A14 --x B14
              A15 ~~~ B15
              A16 <--- B16
              A17 <==> B17
              A18 ---- B18
              A19-->B19
            """)
        XCTAssertEqual(parsed.graph.nodes.count, 38)
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "A1 -> B1: solid", "A2 -> B2: solid, no arrow", "A3 -> B3: dotted", "A4 -> B4: dotted, no arrow",
                "A5 -> B5: thick", "A6 -> B6: thick, no arrow", "A7 -> B7: solid", "A8 -> B8: dotted",
                "A9 -> B9: thick", "A10 -> B10: solid", "A11 -> B11: solid", "A12 -> B12: solid",
                "A13 -> B13: solid", "A14 -> B14: solid",
                // `~~~` keeps both nodes and draws no edge.
                // `<---` has its head at A16, so the edge turns round.
                "B16 -> A16: solid", "A17 -> B17: thick", "A18 -> B18: solid, no arrow", "A19 -> B19: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testLinkLabels() {
        let parsed = flow(
            """
            flowchart TD
              A -- Yes --> B
              A -->|No| C
              A -. maybe .-> D
              A == sure ==> E
              A -->|"quoted | label"| F
              A -- "quoted --> text" --> G
              A -- open text --- H
              A --text-->I
              A-->|tight|J
              A -. e.g. this .- K
              A ---|open pipe| L
              A -->| spaced  out | M
            """)
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "A -> B: solid, 'Yes'", "A -> C: solid, 'No'", "A -> D: dotted, 'maybe'", "A -> E: thick, 'sure'",
                "A -> F: solid, 'quoted | label'", "A -> G: solid, 'quoted --> text'",
                "A -> H: solid, no arrow, 'open text'", "A -> I: solid, 'text'", "A -> J: solid, 'tight'",
                "A -> K: dotted, no arrow, 'e.g. this'", "A -> L: solid, no arrow, 'open pipe'",
                "A -> M: solid, 'spaced out'",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testChainsGroupsAndInlineShapes() {
        let parsed = flow(
            """
            flowchart TD
              A[Start] -- go --> B{OK?} -->|yes| C([Done]) -.-> D
              E & F --> G & H
              I --> J & K --> L
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "A: Start (box)", "B: OK? (diamond)", "C: Done (stadium)", "D: D (box)", "E: E (box)", "F: F (box)",
                "G: G (box)", "H: H (box)", "I: I (box)", "J: J (box)", "K: K (box)", "L: L (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "A -> B: solid, 'go'", "B -> C: solid, 'yes'", "C -> D: dotted",
                "E -> G: solid", "E -> H: solid", "F -> G: solid", "F -> H: solid",
                "I -> J: solid", "I -> K: solid", "J -> L: solid", "K -> L: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testADuplicateEdgeStaysTwoEdges() {
        let parsed = flow("flowchart TD\nA --> B\nA --> B")
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "A -> B: solid"])
    }

    func testEdgeIDsAndClassSuffixesAreIgnored() {
        let parsed = flow(
            """
            flowchart TD
              A e1@--> B
              B:::warm --> C[Text]:::cold
              C:::hot
            """)
        XCTAssertEqual(nodeList(parsed.graph), ["A: A (box)", "B: B (box)", "C: Text (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "B -> C: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testStylingAndInteractionStatementsAreIgnoredQuietly() {
        let parsed = flow(
            """
            flowchart TD
              A --> B
              classDef warm fill:#f96,stroke:#333,stroke-width:4px;
              class A,B warm
              style A fill:#f9f,stroke:#333
              linkStyle 0 stroke:#ff3,stroke-width:4px
              click A callback "Tooltip; with a semicolon"
              click B "https://example.com" _blank
              accTitle: The title
              accDescr: One line
              accDescr {
                Several
                lines
              }
              style --> class
              click & direction
            """)
        // A keyword followed by a link or `&` names a node.
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "A: A (box)", "B: B (box)", "style: style (box)", "class: class (box)", "click: click (box)",
                "direction: direction (box)",
            ])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "style -> class: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    // MARK: Subgraphs

    func testSubgraphForms() {
        let parsed = flow(
            """
            flowchart TB
              subgraph one [Label with spaces]
                a1 --> a2
              end
              subgraph two["Quoted label"]
                b1
              end
              subgraph "Label only"
                c1
              end
              subgraph Title With Spaces
                d1
              end
              subgraph three
                e1
              end
              subgraph
                f1
              end
            """)
        XCTAssertEqual(
            clusterList(parsed.graph),
            [
                "one: Label with spaces", "two: Quoted label", "subGraph2: Label only",
                "Title With Spaces: Title With Spaces", "three: three", "subGraph5: ",
            ])
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "a1: a1 (box) in one", "a2: a2 (box) in one", "b1: b1 (box) in two", "c1: c1 (box) in subGraph2",
                "d1: d1 (box) in Title With Spaces", "e1: e1 (box) in three", "f1: f1 (box) in subGraph5",
            ])
        XCTAssertEqual(edgeList(parsed.graph), ["a1 -> a2: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testNestedSubgraphsAndMembership() {
        let parsed = flow(
            """
            flowchart LR
              top --> inner1
              subgraph outer [Outer]
                direction TB
                o1 --> inner1
                subgraph inner [Inner]
                  direction LR
                  inner1 --> inner2
                  o1
                end
                o2
              end
              subgraph other
                inner2
              end
              after
            """)
        XCTAssertEqual(clusterList(parsed.graph), ["outer: Outer", "inner: Inner in outer", "other: other"])
        // Mermaid's rule: the innermost subgraph listing a node gets it, even when the
        // node was first written outside (`inner1`); a later sibling does not (`inner2`).
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "top: top (box)", "inner1: inner1 (box) in inner", "o1: o1 (box) in inner",
                "inner2: inner2 (box) in inner", "o2: o2 (box) in outer", "after: after (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph), ["top -> inner1: solid", "o1 -> inner1: solid", "inner1 -> inner2: solid"])
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(parsed.warnings, [])
    }

    func testALinkToASubgraphGoesToItsFirstNode() {
        let parsed = flow(
            """
            flowchart TD
              start --> group
              group --> finish
              subgraph group [Group]
                subgraph nested
                  n1
                end
                g1 --> g2
              end
              other --> empty
              subgraph empty
              end
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "start: start (box)", "finish: finish (box)", "n1: n1 (box) in nested", "g1: g1 (box) in group",
                "g2: g2 (box) in group", "other: other (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph), ["start -> n1: solid", "n1 -> finish: solid", "g1 -> g2: solid"])
        XCTAssertEqual(warningList(parsed), ["9: subgraph `empty` has no nodes to link to; link skipped"])
    }

    // MARK: Broken input

    func testUnclosedThingsWarnAndKeepTheRest() {
        let parsed = flow(
            """
            flowchart TD
              A[Text with no end
              B["Quote with no end] --> C
              D(("Quote and bracket open
              E -->|label with no end F
              G -- text with no end H
              I --> J
              end
              subgraph open [Open]
                K
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "A: Text with no end (box)", "B: Quote with no end (box)", "C: C (box)",
                "D: Quote and bracket open (circle)", "I: I (box)", "J: J (box)",
                "K: K (box) in open",
            ])
        XCTAssertEqual(edgeList(parsed.graph), ["B -> C: solid", "I -> J: solid"])
        XCTAssertEqual(
            warningList(parsed),
            [
                "1: `[` is not closed",
                "2: a quoted label is not closed",
                "3: a quoted label is not closed",
                "4: link label `|` is not closed",
                "5: link text is not closed (expected `-->` or similar)",
                "7: `end` without an open `subgraph`",
                "8: subgraph `open` is not closed with `end`",
            ])
    }

    func testUnknownTextWarnsNamingItAndParsingGoesOn() {
        let parsed = flow(
            """
            flowchart TD
              A --> B
              A -> B
              C --> ??? nonsense
              D --> E &
              --> F
              G --> H
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            ["A: A (box)", "B: B (box)", "G: G (box)", "H: H (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "G -> H: solid"])
        XCTAssertEqual(
            warningList(parsed),
            [
                "2: not understood: `-> B`",
                "3: expected a node after the link, found `??? nonsense`",
                "4: expected a node after `&`, found the end of the line",
                "5: not understood: `--> F`",
            ])
    }

    func testWindowsLineEndsCountLinesTheSameWay() {
        let parsed = flow("flowchart LR\r\nA --> B\r\n\r\nA -> C\rD --> E")
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "D -> E: solid"])
        XCTAssertEqual(warningList(parsed), ["3: not understood: `-> C`"])
    }

    // MARK: Pathological input

    func testRandomGarbageNeverCrashes() {
        var random = SplitMix64(seed: 42)
        let tokens =
            Array("abxoAB019_ -->.=~|&;:@[](){}<>/\\\"`#*\n\té日🎉").map { String($0) } + [
                "subgraph ", "end", "\nend\n", "classDef ", "direction LR", "-->", "---", "-.", ".->", "==", "==>",
                "~~~", "<-->", "o--o", "-->|", "\"", "\"`", "`\"", "%%", "%%{", "}%%", ":::", "@{", "<br>", "#quot;",
                "flowchart ", "title ", "((", "))", "[(", ")]", "[/", "/]", "{{", "}}", "&",
            ]
        for round in 0..<500 {
            let length = Int.random(in: 0..<120, using: &random)
            let body = (0..<length).map { _ in tokens.randomElement(using: &random)! }.joined()
            for code in [body, "flowchart LR\n" + body] {
                if case .flow(let parsed) = MermaidParser.parse(code) {
                    assertWellFormed(parsed, code: code, round: round)
                }
            }
        }
    }

    func testHundredThousandRandomCharactersFinishQuickly() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aAxo1_ -->.=~|&;[](){}<>/\\\"`#%\n")
        let body = String((0..<100_000).map { _ in alphabet.randomElement(using: &random)! })
        let oneLine = String(body.map { $0 == "\n" ? " " : $0 })
        for code in [body, "flowchart TD\n" + body, "flowchart TD\n" + oneLine] {
            let result = MermaidParser.parse(code)
            if case .flow(let parsed) = result { assertWellFormed(parsed, code: code, round: 0) }
        }
    }

    func testRepetitiveWorstCasesStayLinear() {
        let cases = [
            // Every node's text is unclosed, on one line.
            String(repeating: "A((x) --> ", count: 10_000),
            String(repeating: "A[\"x --> ", count: 10_000),
            String(repeating: "A[/x --> ", count: 10_000),
            // A closer that exists, but only far away, for every node.
            String(repeating: "A[/x/] --> ", count: 10_000) + "B[\\y\\]",
            String(repeating: "A[\"x\" --> ", count: 10_000) + "]",
            // Link texts that never close, and runs that never end.
            String(repeating: "A -- x ", count: 15_000),
            String(repeating: "A -. x ", count: 15_000),
            "A -- " + String(repeating: "-", count: 100_000),
            "A -. " + String(repeating: ".", count: 100_000),
            "A -->|" + String(repeating: "x", count: 100_000),
            String(repeating: "[", count: 100_000),
            String(repeating: "(", count: 100_000),
            String(repeating: "\"", count: 100_000),
            String(repeating: "A[\"`x", count: 20_000),
            String(repeating: "A@{ ", count: 20_000),
            String(repeating: "A & ", count: 20_000) + "B",
            String(repeating: "x", count: 100_000) + " --> " + String(repeating: "y", count: 100_000),
            String(repeating: "%%{", count: 30_000),
            String(repeating: "A:::", count: 25_000),
        ]
        for body in cases {
            let code = "flowchart TD\n" + body
            let result = MermaidParser.parse(code)
            guard case .flow(let parsed) = result else { return XCTFail("not a flow") }
            assertWellFormed(parsed, code: code, round: 0)
        }
    }

    func testTenThousandNestedSubgraphs() {
        let depth = 10_000
        var code = "flowchart TD\n"
        for level in 0..<depth { code += "subgraph s\(level)\nn\(level)\n" }
        let unclosed = code
        code += String(repeating: "end\n", count: depth)
        let result = MermaidParser.parse(code)
        guard case .flow(let parsed) = result else { return XCTFail("not a flow") }
        XCTAssertEqual(parsed.graph.clusters.count, depth)
        XCTAssertEqual(parsed.graph.clusters.last?.parent, depth - 2)
        XCTAssertEqual(parsed.graph.nodes.last?.cluster, depth - 1)
        XCTAssertEqual(parsed.warnings, [])

        guard case .flow(let open) = MermaidParser.parse(unclosed) else { return XCTFail("not a flow") }
        XCTAssertEqual(open.warnings.count, depth)
        XCTAssertEqual(open.warnings.first, FlowWarning(line: 1, message: "subgraph `s0` is not closed with `end`"))

        let ends = "flowchart TD\n" + String(repeating: "end\n", count: depth)
        guard case .flow(let stray) = MermaidParser.parse(ends) else { return XCTFail("not a flow") }
        XCTAssertEqual(stray.warnings.count, depth)
    }

    func testFiveThousandNodeChains() {
        let count = 5_000
        let ids = (0..<count).map { "N\($0)" }
        for code in [
            "flowchart LR\n" + ids.joined(separator: " --> "),
            "flowchart LR\n" + zip(ids, ids.dropFirst()).map { "\($0)[Step \($0)] --> \($1)" }.joined(separator: "\n"),
        ] {
            let result = MermaidParser.parse(code)
            guard case .flow(let parsed) = result else { return XCTFail("not a flow") }
            XCTAssertEqual(parsed.graph.nodes.count, count)
            XCTAssertEqual(parsed.graph.edges.count, count - 1)
            XCTAssertEqual(parsed.graph.edges.last, DiagramGraph.Edge(from: count - 2, to: count - 1))
            XCTAssertEqual(parsed.warnings, [])
        }
    }

    /// Indices in range, ids unique, parents before children, warning lines in the block.
    private func assertWellFormed(_ parsed: ParsedFlow, code: String, round: Int) {
        let graph = parsed.graph
        let context = "round \(round): \(code.prefix(80).debugDescription)"
        for edge in graph.edges {
            XCTAssertTrue(graph.nodes.indices.contains(edge.from), context)
            XCTAssertTrue(graph.nodes.indices.contains(edge.to), context)
        }
        for node in graph.nodes {
            if let cluster = node.cluster { XCTAssertTrue(graph.clusters.indices.contains(cluster), context) }
        }
        for (index, cluster) in graph.clusters.enumerated() {
            if let parent = cluster.parent { XCTAssertTrue(parent < index, context) }
        }
        XCTAssertEqual(Set(graph.nodes.map(\.id)).count, graph.nodes.count, context)
        XCTAssertEqual(Set(graph.clusters.map(\.id)).count, graph.clusters.count, context)
        let lines = code.reduce(1) { $0 + ($1 == "\n" || $1 == "\r\n" || $1 == "\r" ? 1 : 0) }
        for warning in parsed.warnings { XCTAssertTrue((0..<lines).contains(warning.line), context) }
    }
}
