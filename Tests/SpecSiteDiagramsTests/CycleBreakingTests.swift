import Testing

@testable import SpecSiteDiagrams

/// Loops are broken where the author's order says they go back, so a flow
/// reads from its start down, as mermaid and dot draw it.
@Suite struct CycleBreakingTests {
    /// Open → Load → Saved? → (no) Empty → Type → Valid? → (three ways: two
    /// errors back to Type, or Submit) → Save → Active; Active → Done → Empty,
    /// Active → Delete → Confirm → (keep) Active or (drop) → Empty. The step
    /// Type → Valid? lies on five loops, so reversing it alone breaks more
    /// loops than any other edge: a reader still expects Open on top.
    static var checkFlow: DiagramGraph {
        let names = [
            "Open", "Load", "Saved?", "Empty", "Type", "Valid?", "Too short", "Too long", "Submit", "Save",
            "Active", "Done", "Delete", "Confirm", "Keep", "Drop",
        ]
        let links = [
            (0, 1), (1, 2), (2, 3), (2, 10), (3, 4), (4, 5), (5, 6), (6, 4), (5, 7), (7, 4), (5, 8), (8, 9),
            (9, 10), (10, 11), (11, 3), (10, 12), (12, 13), (13, 15), (15, 3), (13, 14), (14, 10),
        ]
        return DiagramGraph(
            nodes: names.enumerated().map { index, name in
                DiagramGraph.Node(id: "n\(index)", label: name, shape: name.hasSuffix("?") ? .diamond : .box)
            },
            edges: links.map { DiagramGraph.Edge(from: $0.0, to: $0.1) })
    }

    @Test func theEdgesThatGoBackAreTheOnesReversed() {
        let graph = Self.checkFlow
        let reversed = CycleBreaking.reversedEdges(
            nodeCount: graph.nodes.count, edges: graph.edges.map { ($0.from, $0.to) })
        let back = graph.edges.indices.filter { reversed[$0] }.map {
            graph.nodes[graph.edges[$0].from].label + " -> " + graph.nodes[graph.edges[$0].to].label
        }
        #expect(back == ["Too short -> Type", "Too long -> Type", "Done -> Empty", "Drop -> Empty", "Keep -> Active"])
    }

    @Test func theStartIsDrawnOnTopAndTheCheckBelowTheStepBeforeIt() {
        let graph = Self.checkFlow
        let layout = LayeredLayout.layout(graph)
        let top = layout.nodes.map(\.frame.y).min()
        #expect(layout.nodes[0].frame.y == top, "Open is on top")
        #expect(layout.nodes[5].frame.y > layout.nodes[4].frame.y, "Valid? is below Type")
        let backEdges = layout.edges.map(\.isBackEdge)
        #expect(!backEdges[5], "Type -> Valid? runs down")
        #expect(backEdges[7], "Too short -> Type is drawn as a loop back")
    }
}
