import FlowsPlugin
import SpecSiteDiagrams
import XCTest

/// The flow block syntax, each rule spelled out as the exact nodes (`label (shape)`),
/// edges (`from -> to: style, 'label'`), direction and title it must give, then
/// garbage and pathological input.
final class FlowBlockParserTests: XCTestCase {
    // MARK: Helpers

    private func nodeList(_ graph: DiagramGraph) -> [String] {
        graph.nodes.map { "\($0.label) (\($0.shape.rawValue))" }
    }

    /// `from -> to: style` by label, with `, no arrow` and `, 'label'` when they apply.
    private func edgeList(_ graph: DiagramGraph) -> [String] {
        graph.edges.map { edge in
            var text = "\(graph.nodes[edge.from].label) -> \(graph.nodes[edge.to].label): \(edge.style.rawValue)"
            if !edge.arrow { text += ", no arrow" }
            if !edge.label.isEmpty { text += ", '\(edge.label)'" }
            return text
        }
    }

    private func warningList(_ parsed: ParsedFlow) -> [String] {
        parsed.warnings.map { "\($0.line): \($0.message)" }
    }

    // MARK: Links and screens

    func testTheExampleFromTheDocumentation() {
        let parsed = FlowBlockParser.parse(
            """
            # Onboarding
            direction: LR
            (Start) -> Welcome -> Sign in -> Has PIN?
            Has PIN? ->|yes| Enter PIN -> Home
            Has PIN? -> Create PIN -> Home : PIN set
            Home ..> Help
            Home ==> Checkout -> ((Done))
            """)
        XCTAssertEqual(parsed.title, "Onboarding")
        XCTAssertEqual(parsed.graph.direction, .leftToRight)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "Start (stadium)", "Welcome (box)", "Sign in (box)", "Has PIN? (diamond)", "Enter PIN (box)",
                "Home (box)", "Create PIN (box)", "Help (box)", "Checkout (box)", "Done (circle)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Start -> Welcome: solid", "Welcome -> Sign in: solid", "Sign in -> Has PIN?: solid",
                "Has PIN? -> Enter PIN: solid, 'yes'", "Enter PIN -> Home: solid", "Has PIN? -> Create PIN: solid",
                "Create PIN -> Home: solid, 'PIN set'", "Home -> Help: dotted", "Home -> Checkout: thick",
                "Checkout -> Done: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
        XCTAssertEqual(
            parsed.graph.nodes.map(\.id),
            [
                "start", "welcome", "sign-in", "has-pin", "enter-pin", "home", "create-pin", "help", "checkout",
                "done",
            ])
    }

    func testEveryArrow() {
        let parsed = FlowBlockParser.parse(
            """
            A1 -> B1
            A2 --> B2
            A3 ---> B3
            A4 → B4
            A5 ⟶ B5
            A6 => B6
            A7 ==> B7
            A8 ===> B8
            A9 ..> B9
            A10 ...> B10
            A11 -.-> B11
            A12 -..-> B12
            A13->B13
            A14→B14
            """)
        XCTAssertEqual(parsed.graph.nodes.count, 28)
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "A1 -> B1: solid", "A2 -> B2: solid", "A3 -> B3: solid", "A4 -> B4: solid", "A5 -> B5: solid",
                "A6 -> B6: solid", "A7 -> B7: thick", "A8 -> B8: thick", "A9 -> B9: dotted", "A10 -> B10: dotted",
                "A11 -> B11: dotted", "A12 -> B12: dotted", "A13 -> B13: solid", "A14 -> B14: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testChainsAndSameNameSameScreen() {
        let parsed = FlowBlockParser.parse(
            """
            Welcome -> Sign in -> Home
            Welcome ->   Sign   in
            Sign in -> Settings -> Welcome
            sign in -> Home
            """)
        XCTAssertEqual(
            nodeList(parsed.graph), ["Welcome (box)", "Sign in (box)", "Home (box)", "Settings (box)", "sign in (box)"])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Welcome -> Sign in: solid", "Sign in -> Home: solid", "Welcome -> Sign in: solid",
                "Sign in -> Settings: solid", "Settings -> Welcome: solid", "sign in -> Home: solid",
            ])
        XCTAssertEqual(parsed.graph.nodes.map(\.id), ["welcome", "sign-in", "home", "settings", "sign-in-2"])
    }

    func testShapes() {
        let parsed = FlowBlockParser.parse(
            """
            Plain -> [Boxed] -> {Decision} -> (Start) -> ([Stadium]) -> ((End))
            Ready? -> [Not a decision?] -> {Decision}
            (Optional) settings -> Mode (dark) -> [Import -> Export]
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "Plain (box)", "Boxed (box)", "Decision (diamond)", "Start (stadium)", "Stadium (stadium)",
                "End (circle)", "Ready? (diamond)", "Not a decision? (box)", "(Optional) settings (box)",
                "Mode (dark) (box)", "Import -> Export (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Plain -> Boxed: solid", "Boxed -> Decision: solid", "Decision -> Start: solid",
                "Start -> Stadium: solid", "Stadium -> End: solid", "Ready? -> Not a decision?: solid",
                "Not a decision? -> Decision: solid", "(Optional) settings -> Mode (dark): solid",
                "Mode (dark) -> Import -> Export: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testBracketsSetTheShapeWhereverTheyAreWritten() {
        let parsed = FlowBlockParser.parse(
            """
            Welcome -> Has PIN -> Home
            {Has PIN}
            Has PIN -> Enter PIN
            [Home]
            (Welcome) -> Home
            Welcome -> Enter PIN
            """)
        // Brackets set the shape (the last one wins); a plain mention never resets it.
        XCTAssertEqual(
            nodeList(parsed.graph), ["Welcome (stadium)", "Has PIN (diamond)", "Home (box)", "Enter PIN (box)"])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Welcome -> Has PIN: solid", "Has PIN -> Home: solid", "Has PIN -> Enter PIN: solid",
                "Welcome -> Home: solid", "Welcome -> Enter PIN: solid",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testLabels() {
        let parsed = FlowBlockParser.parse(
            """
            Sign in -> Home : signed in
            Cart ->|pay| Checkout ->|done| Receipt
            Cart -> Checkout -> Receipt : emailed
            Cart ->| spaced   out | [Help] : with : colons
            Step 2: Details -> Time 10:30
            Cart -> {Sure?}: yes
            Cart -> Home :
            Cart ==>|fast| Home ..>|slow| Help
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "Sign in (box)", "Home (box)", "Cart (box)", "Checkout (box)", "Receipt (box)", "Help (box)",
                "Step 2: Details (box)", "Time 10:30 (box)", "Sure? (diamond)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Sign in -> Home: solid, 'signed in'", "Cart -> Checkout: solid, 'pay'",
                "Checkout -> Receipt: solid, 'done'", "Cart -> Checkout: solid",
                "Checkout -> Receipt: solid, 'emailed'",
                "Cart -> Help: solid, 'with : colons'", "Step 2: Details -> Time 10:30: solid",
                "Cart -> Sure?: solid, 'yes'", "Cart -> Home: solid", "Cart -> Home: thick, 'fast'",
                "Home -> Help: dotted, 'slow'",
            ])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testTextIsKeptAsWritten() {
        let parsed = FlowBlockParser.parse(
            """
            Age < 18? -> Parent & "guardian" -> Pay €5 🎉 -> <b>Done</b>
            🚀 -> 🎉
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            [
                "Age < 18? (diamond)", "Parent & \"guardian\" (box)", "Pay €5 🎉 (box)", "<b>Done</b> (box)",
                "🚀 (box)", "🎉 (box)",
            ])
        XCTAssertEqual(
            edgeList(parsed.graph),
            [
                "Age < 18? -> Parent & \"guardian\": solid", "Parent & \"guardian\" -> Pay €5 🎉: solid",
                "Pay €5 🎉 -> <b>Done</b>: solid", "🚀 -> 🎉: solid",
            ])
        XCTAssertEqual(
            parsed.graph.nodes.map(\.id), ["age-18", "parent-guardian", "pay-5", "b-done-b", "screen", "screen-2"])
        XCTAssertEqual(parsed.warnings, [])
    }

    func testLoneScreens() {
        let parsed = FlowBlockParser.parse(
            """
            {Has PIN?}
            Lone screen
            ((End))
            Has PIN? -> End
            Direction of travel
            """)
        XCTAssertEqual(
            nodeList(parsed.graph),
            ["Has PIN? (diamond)", "Lone screen (box)", "End (circle)", "Direction of travel (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["Has PIN? -> End: solid"])
        XCTAssertEqual(parsed.warnings, [])
    }

    // MARK: Settings and comments

    func testTitleDirectionAndComments() {
        let parsed = FlowBlockParser.parse(
            """
            // a comment before the title does not count as content

            # Sign up
            # a comment, not the title
            // another comment
            direction: RL
            A -> B
            """)
        XCTAssertEqual(parsed.title, "Sign up")
        XCTAssertEqual(parsed.graph.direction, .rightToLeft)
        XCTAssertEqual(nodeList(parsed.graph), ["A (box)", "B (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"])
        XCTAssertEqual(parsed.warnings, [])

        let cases: [(String, DiagramGraph.Direction)] = [
            ("direction: LR", .leftToRight), ("direction: TB", .topToBottom), ("direction: td", .topToBottom),
            ("direction: BT", .bottomToTop), ("direction LR", .leftToRight), ("Direction:RL", .rightToLeft),
            ("", .topToBottom),
        ]
        for (line, direction) in cases {
            let parsed = FlowBlockParser.parse(line + "\nA -> B")
            XCTAssertEqual(parsed.graph.direction, direction, line)
            XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid"], line)
            XCTAssertEqual(parsed.warnings, [], line)
        }
    }

    func testTitleLineForms() {
        XCTAssertEqual(FlowBlockParser.parse("title: Checkout flow\nA -> B").title, "Checkout flow")
        XCTAssertEqual(FlowBlockParser.parse("A -> B\ntitle:   Late   title").title, "Late title")
        XCTAssertEqual(FlowBlockParser.parse("A -> B\n# Not a title").title, nil)
        XCTAssertEqual(FlowBlockParser.parse("#NoSpace\nA -> B").title, nil)
        XCTAssertEqual(FlowBlockParser.parse("A -> B").title, nil)
        let parsed = FlowBlockParser.parse("# Title\ntitle: Replaced")
        XCTAssertEqual(parsed.title, "Replaced")
        XCTAssertEqual(parsed.graph.nodes, [])
    }

    // MARK: Broken input

    func testWarningsNameWhatWasNotUnderstood() {
        let parsed = FlowBlockParser.parse(
            """
            A ->
            -> B
            A -> -> B
            ---
            theme: dark
            direction: sideways
            [Sign in -> Home
            Home : main screen
            X ->|open Y
            [] -> A
            A -> B
            """)
        XCTAssertEqual(
            nodeList(parsed.graph), ["A (box)", "B (box)", "[Sign in (box)", "Home (box)", "X (box)", "open Y (box)"])
        XCTAssertEqual(edgeList(parsed.graph), ["[Sign in -> Home: solid", "X -> open Y: solid", "A -> B: solid"])
        XCTAssertEqual(
            warningList(parsed),
            [
                "0: a link has no screen after it",
                "1: a link has no screen before it",
                "2: a link has no screen after it",
                "3: not understood: `---`",
                "4: unknown setting `theme:`; expected `title:` or `direction:`",
                "5: unknown direction `sideways`; expected TB, BT, LR or RL",
                "6: `[` is not closed; read as part of the name",
                "7: label `main screen` ignored: a ` : label` needs a link",
                "8: link label `|` is not closed",
                "9: empty `[]` is not a screen",
            ])
    }

    func testWindowsLineEndsCountLinesTheSameWay() {
        let parsed = FlowBlockParser.parse("A -> B\r\n\r\n->\rC -> D")
        XCTAssertEqual(edgeList(parsed.graph), ["A -> B: solid", "C -> D: solid"])
        XCTAssertEqual(warningList(parsed), ["2: a link has no screen before it", "2: a link has no screen after it"])
    }

    func testEmptyBlock() {
        XCTAssertEqual(FlowBlockParser.parse(""), ParsedFlow())
        XCTAssertEqual(FlowBlockParser.parse("\n  \n// only a comment\n"), ParsedFlow())
    }

    // MARK: Pathological input

    func testRandomGarbageNeverCrashes() {
        var random = SplitMix64(seed: 42)
        let tokens =
            Array("abAB01 ?:|-=.>→⟶[](){}#/\"<&é🎉\n\t").map { String($0) } + [
                "->", "-->", "=>", "==>", "..>", "-.->", " : ", "->|", "|", "((", "))", "([", "])", "title: ",
                "direction: ", "# ", "//", "LR",
            ]
        for round in 0..<500 {
            let length = Int.random(in: 0..<120, using: &random)
            let code = (0..<length).map { _ in tokens.randomElement(using: &random)! }.joined()
            assertWellFormed(FlowBlockParser.parse(code), code: code, round: round)
        }
    }

    func testHundredThousandRandomCharactersFinishQuickly() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aB1 ?:|-=.>→[](){}#\n")
        let code = String((0..<100_000).map { _ in alphabet.randomElement(using: &random)! })
        let oneLine = String(code.map { $0 == "\n" ? " " : $0 })
        for code in [code, oneLine] {
            let parsed = FlowBlockParser.parse(code)
            assertWellFormed(parsed, code: code, round: 0)
        }
    }

    func testRepetitiveWorstCasesStayLinear() {
        let cases = [
            String(repeating: "-", count: 100_000),
            String(repeating: ".", count: 100_000),
            String(repeating: "=", count: 100_000),
            String(repeating: "-.", count: 50_000),
            String(repeating: "[", count: 100_000),
            String(repeating: "[a -> ", count: 20_000),
            String(repeating: "(", count: 50_000) + String(repeating: ")", count: 50_000),
            String(repeating: "A ->| ", count: 20_000),
            String(repeating: "A : ", count: 25_000),
            String(repeating: "A -> ", count: 20_000),
            String(repeating: "🎉 -> ", count: 20_000),
            String(repeating: "x", count: 100_000),
        ]
        for code in cases {
            let parsed = FlowBlockParser.parse(code)
            assertWellFormed(parsed, code: code, round: 0)
        }
    }

    func testFiveThousandScreenChains() {
        let count = 5_000
        let names = (0..<count).map { "Screen \($0)" }
        for code in [
            names.joined(separator: " -> "),
            zip(names, names.dropFirst()).map { "\($0) -> \($1)" }.joined(separator: "\n"),
        ] {
            let parsed = FlowBlockParser.parse(code)
            XCTAssertEqual(parsed.graph.nodes.count, count)
            XCTAssertEqual(parsed.graph.edges.count, count - 1)
            XCTAssertEqual(parsed.graph.edges.last, DiagramGraph.Edge(from: count - 2, to: count - 1))
            XCTAssertEqual(parsed.warnings, [])
        }
        // Five thousand screens whose names make the same id stay distinct, in linear time.
        let symbols: [Character] = ["🎉", "🚀", "✨", "🌟"]
        let emoji = (0..<count).map { number in
            String(String(number, radix: 4).map { symbols[Int(String($0))!] })
        }.joined(separator: " -> ")
        let parsed = FlowBlockParser.parse(emoji)
        XCTAssertEqual(Set(parsed.graph.nodes.map(\.id)).count, count)
    }

    /// Indices in range, ids unique, warning lines in the block.
    private func assertWellFormed(_ parsed: ParsedFlow, code: String, round: Int) {
        let graph = parsed.graph
        let context = "round \(round): \(code.prefix(80).debugDescription)"
        for edge in graph.edges {
            XCTAssertTrue(graph.nodes.indices.contains(edge.from), context)
            XCTAssertTrue(graph.nodes.indices.contains(edge.to), context)
        }
        XCTAssertEqual(Set(graph.nodes.map(\.id)).count, graph.nodes.count, context)
        XCTAssertTrue(graph.nodes.allSatisfy { !$0.label.isEmpty && $0.cluster == nil }, context)
        XCTAssertEqual(graph.clusters, [], context)
        let lines = code.reduce(1) { $0 + ($1 == "\n" || $1 == "\r\n" || $1 == "\r" ? 1 : 0) }
        for warning in parsed.warnings { XCTAssertTrue((0..<lines).contains(warning.line), context) }
    }
}
