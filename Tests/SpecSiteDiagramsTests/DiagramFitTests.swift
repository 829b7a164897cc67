import SpecSiteDiagrams
import Testing

/// A wide drawing is shrunk while its text stays readable, laid out the other way
/// when that is narrower, and left to scroll only past that, opening on its start.
@Suite struct DiagramFitTests {
    /// A chain of `count` steps with labels of about `letters` letters, written `direction`.
    private func chain(_ count: Int, letters: Int = 12, direction: DiagramGraph.Direction) -> DiagramGraph {
        let name = String(repeating: "m", count: letters)
        return DiagramGraph(
            nodes: (0..<count).map { DiagramGraph.Node(id: "n\($0)", label: "\(name) \($0)") },
            edges: (1..<count).map { DiagramGraph.Edge(from: $0 - 1, to: $0) }, direction: direction)
    }

    @Test func labelsStayAtSeventyPercentOfBodyText() {
        #expect(abs(DiagramFit.minimumScale() - 0.8) < 1e-9)
        #expect(DiagramFit.minimumScale(DiagramStyle(fontSize: 10)) == 1)
        let layout = LayeredLayout.layout(chain(3, direction: .leftToRight))
        #expect(abs(Double(DiagramFit.minimumWidth(of: layout)) - layout.width * 0.8) <= 1)
    }

    @Test func aDrawingThatFitsShrunkKeepsItsDirection() {
        var graph = chain(4, letters: 6, direction: .leftToRight)
        let plain = LayeredLayout.layout(graph)
        // Wider than the column, but not once shrunk to 80 %.
        let column = plain.width * 0.85
        #expect(plain.width > column)
        let (layout, turned) = DiagramFit.layout(&graph, columnWidth: column)
        #expect(!turned)
        #expect(graph.direction == .leftToRight)
        #expect(layout == plain)
    }

    @Test(arguments: [DiagramGraph.Direction.leftToRight, .rightToLeft])
    func aDrawingTooWideShrunkIsTurnedTopToBottom(direction: DiagramGraph.Direction) {
        var graph = chain(9, direction: direction)
        let plain = LayeredLayout.layout(graph)
        let (layout, turned) = DiagramFit.layout(&graph, columnWidth: 680)
        #expect(plain.width * 0.8 > 680)
        #expect(turned)
        #expect(graph.direction == .topToBottom)
        #expect(layout.width < 680)
        #expect(layout.height > layout.width)
    }

    @Test func turningIsSkippedWhenItIsNoNarrower() {
        // Forty siblings of one parent: two columns across, forty wide down the page.
        var graph = DiagramGraph(
            nodes: (0...40).map { DiagramGraph.Node(id: "n\($0)", label: "Screen \($0)") },
            edges: (1...40).map { DiagramGraph.Edge(from: 0, to: $0) }, direction: .leftToRight)
        let across = LayeredLayout.layout(graph)
        var down = graph
        down.direction = .topToBottom
        let downWidth = LayeredLayout.layout(down).width
        let (layout, turned) = DiagramFit.layout(&graph, columnWidth: min(across.width, downWidth) * 0.5)
        #expect(downWidth > across.width)
        #expect(!turned)
        #expect(graph.direction == .leftToRight)
        #expect(layout.width == across.width)
    }

    @Test func aTopToBottomDrawingTooWideIsDrawnAcrossWhenThatIsNarrower() {
        // Twenty-seven siblings of one screen: a row down the page, a column across it.
        var graph = chain(3, direction: .topToBottom)
        graph.nodes.append(contentsOf: (3..<30).map { DiagramGraph.Node(id: "x\($0)", label: "Wide sibling \($0)") })
        graph.edges.append(contentsOf: (3..<30).map { DiagramGraph.Edge(from: 0, to: $0) })
        let (layout, turned) = DiagramFit.layout(&graph, columnWidth: 600)
        #expect(turned)
        #expect(graph.direction == .leftToRight)
        #expect(layout.width * DiagramFit.minimumScale() <= 600)
        // A drawing that fits shrunk keeps the direction it was written in.
        var small = chain(3, direction: .topToBottom)
        #expect(!DiagramFit.layout(&small, columnWidth: 600).turned)
    }

    @Test func aDrawingThatMustScrollOpensOnItsStart() {
        // A tree three levels deep and twelve leaves wide fits no column of 300
        // px either way: it is laid out from its root at the left edge, so the
        // part a reader sees first is not the blank beside a centred root.
        var graph = DiagramGraph(
            nodes: [DiagramGraph.Node(id: "root", label: "Start here")]
                + (1...3).map { DiagramGraph.Node(id: "m\($0)", label: "Middle \($0)") }
                + (1...12).map { DiagramGraph.Node(id: "l\($0)", label: "Leaf screen \($0)") },
            edges: (1...3).map { DiagramGraph.Edge(from: 0, to: $0) }
                + (1...12).map { DiagramGraph.Edge(from: 1 + ($0 - 1) / 4, to: 3 + $0) })
        let centred = LayeredLayout.layout(graph)
        let (layout, _) = DiagramFit.layout(&graph, columnWidth: 300)
        #expect(layout.width * DiagramFit.minimumScale() > 300)
        #expect(layout.style.alignsToStart)
        let root = layout.nodes[0].frame
        #expect(root.x < layout.width / 10, "the root is at the left edge: \(root) of \(layout.width)")
        #expect(centred.nodes[0].frame.x > centred.width / 4, "balanced, it stands in the middle")
        #expect(!DiagramFit.layout(&graph, columnWidth: 2000).layout.style.alignsToStart)
    }

    @Test func theChoiceIsTheSameEveryRun() {
        var first = chain(9, direction: .leftToRight)
        var second = first
        #expect(
            DiagramFit.layout(&first, columnWidth: 680).layout == DiagramFit.layout(&second, columnWidth: 680).layout)
    }
}
