import SpecSiteDiagrams
import Testing

/// A remembered layout is the one layout would compute: colours, links and
/// tooltips do not move anything, and any other change is laid out anew.
@Suite struct LayoutMemoTests {
    private func graph() -> DiagramGraph {
        var graph = DiagramGraph(
            nodes: (0..<7).map { DiagramGraph.Node(id: "n\($0)", label: "Task \($0) with a longer title") },
            edges: [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (5, 6), (2, 6)].map { DiagramGraph.Edge(from: $0, to: $1) },
            direction: .leftToRight)
        graph.clusters = [DiagramGraph.Cluster(id: "c0", label: "Plan A"), DiagramGraph.Cluster(id: "c1", label: "B")]
        for index in graph.nodes.indices { graph.nodes[index].cluster = index < 4 ? 0 : 1 }
        return graph
    }

    @Test func aRecolouredGraphGetsTheLayoutItWouldBeGiven() {
        let memo = LayoutMemo(capacity: 2)
        let first = graph()
        #expect(memo.layout(first) == LayeredLayout.layout(first))
        var recoloured = first
        recoloured.nodes[3].tone = .success
        recoloured.nodes[3].link = "plan.html#task-3"
        recoloured.nodes[3].tooltip = "Task 3 — Done"
        recoloured.edges[2].style = .thick
        #expect(memo.layout(recoloured) == LayeredLayout.layout(recoloured))
    }

    @Test func aChangedStructureIsLaidOutAnew() {
        let memo = LayoutMemo(capacity: 2)
        let first = graph()
        _ = memo.layout(first)
        var renamed = first
        renamed.nodes[0].label = "A much longer first task title that wraps"
        #expect(memo.layout(renamed) == LayeredLayout.layout(renamed))
        #expect(memo.layout(renamed) != LayeredLayout.layout(first))
        var linked = first
        linked.edges.append(DiagramGraph.Edge(from: 4, to: 5))
        #expect(memo.layout(linked) == LayeredLayout.layout(linked))
        #expect(memo.layout(first) == LayeredLayout.layout(first))
    }
}
