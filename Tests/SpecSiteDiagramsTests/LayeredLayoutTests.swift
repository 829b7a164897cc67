import Foundation
import XCTest

@testable import SpecSiteDiagrams

final class LayeredLayoutTests: XCTestCase {
    // MARK: - Graphs

    static func node(_ id: String, _ shape: DiagramGraph.NodeShape = .box, cluster: Int? = nil) -> DiagramGraph.Node {
        DiagramGraph.Node(id: id, label: id, shape: shape, cluster: cluster)
    }

    static func graph(
        _ count: Int, _ edges: [(Int, Int)], direction: DiagramGraph.Direction = .topToBottom
    ) -> DiagramGraph {
        DiagramGraph(
            nodes: (0..<count).map { node("N\($0)") }, edges: edges.map { DiagramGraph.Edge(from: $0.0, to: $0.1) },
            direction: direction)
    }

    static var chain: DiagramGraph { graph(5, [(0, 1), (1, 2), (2, 3), (3, 4)]) }

    static var diamond: DiagramGraph { graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)]) }

    static var threeCycle: DiagramGraph { graph(3, [(0, 1), (1, 2), (2, 0)]) }

    static var selfLoop: DiagramGraph {
        var graph = graph(3, [(0, 1), (1, 1), (1, 2)])
        graph.edges.append(DiagramGraph.Edge(from: 1, to: 1, label: "retry"))
        return graph
    }

    static var star: DiagramGraph { graph(51, (1...50).map { (0, $0) }) }

    static var twoComponents: DiagramGraph { graph(6, [(0, 1), (1, 2), (3, 4), (3, 5)]) }

    static var labelled: DiagramGraph {
        DiagramGraph(
            nodes: ["A", "B", "C", "D"].map { node($0) },
            edges: [
                DiagramGraph.Edge(from: 0, to: 1, label: "first step"),
                DiagramGraph.Edge(from: 0, to: 2, label: "second, with a much longer label that wraps"),
                DiagramGraph.Edge(from: 1, to: 3, label: "ok"),
                DiagramGraph.Edge(from: 2, to: 3),
                DiagramGraph.Edge(from: 3, to: 0, label: "again"),
            ])
    }

    /// Start → Has PIN? → Yes: Enter PIN / No: Create PIN → both to Home, as a mermaid flowchart would give.
    static var decisionFlow: DiagramGraph {
        DiagramGraph(
            nodes: [
                DiagramGraph.Node(id: "start", label: "Start", shape: .stadium),
                DiagramGraph.Node(id: "pin", label: "Has PIN?", shape: .diamond),
                DiagramGraph.Node(id: "enter", label: "Enter PIN"),
                DiagramGraph.Node(id: "create", label: "Create PIN", shape: .rounded),
                DiagramGraph.Node(id: "check", label: "PIN correct?", shape: .diamond),
                DiagramGraph.Node(id: "home", label: "Home", shape: .circle),
            ],
            edges: [
                DiagramGraph.Edge(from: 0, to: 1),
                DiagramGraph.Edge(from: 1, to: 2, label: "Yes"),
                DiagramGraph.Edge(from: 1, to: 3, label: "No"),
                DiagramGraph.Edge(from: 2, to: 4),
                DiagramGraph.Edge(from: 4, to: 5, label: "Yes"),
                DiagramGraph.Edge(from: 4, to: 2, label: "No"),
                DiagramGraph.Edge(from: 3, to: 5),
            ])
    }

    static var clustered: DiagramGraph {
        DiagramGraph(
            nodes: [
                node("Login"), node("Email", cluster: 0), node("Password", cluster: 0), node("Code", cluster: 1),
                node("Verify", cluster: 1), node("Home"), node("Help"),
            ],
            edges: [
                DiagramGraph.Edge(from: 0, to: 1), DiagramGraph.Edge(from: 1, to: 2), DiagramGraph.Edge(from: 0, to: 3),
                DiagramGraph.Edge(from: 3, to: 4), DiagramGraph.Edge(from: 2, to: 5), DiagramGraph.Edge(from: 4, to: 5),
                DiagramGraph.Edge(from: 0, to: 6), DiagramGraph.Edge(from: 6, to: 5),
            ],
            clusters: [
                DiagramGraph.Cluster(id: "password", label: "Password sign-in"),
                DiagramGraph.Cluster(id: "code", label: "One-time code"),
            ])
    }

    static var nestedClusters: DiagramGraph {
        DiagramGraph(
            nodes: [
                node("A"), node("B", cluster: 1), node("C", cluster: 1), node("D", cluster: 0), node("E"),
                node("F", cluster: 2),
            ],
            edges: [
                DiagramGraph.Edge(from: 0, to: 1), DiagramGraph.Edge(from: 1, to: 2), DiagramGraph.Edge(from: 0, to: 3),
                DiagramGraph.Edge(from: 3, to: 4), DiagramGraph.Edge(from: 2, to: 4), DiagramGraph.Edge(from: 0, to: 4),
                DiagramGraph.Edge(from: 4, to: 5),
            ],
            clusters: [
                DiagramGraph.Cluster(id: "outer", label: "Outer"),
                DiagramGraph.Cluster(id: "inner", label: "Inner", parent: 0),
                DiagramGraph.Cluster(id: "lonely", label: "Lonely"),
                DiagramGraph.Cluster(id: "empty", label: "Empty"),
            ])
    }

    /// A deterministic pseudo-random DAG (edges go from lower to higher index).
    static func randomDAG(nodes: Int, edges: Int, seed: UInt64) -> DiagramGraph {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var pairs: [(Int, Int)] = []
        for v in 1..<nodes { pairs.append((next(v), v)) }
        while pairs.count < edges {
            let a = next(nodes)
            let b = next(nodes)
            if a == b || pairs.contains(where: { $0 == (min(a, b), max(a, b)) }) { continue }
            pairs.append((min(a, b), max(a, b)))
        }
        return graph(nodes, pairs)
    }

    /// 2,000 nodes in a long chain, with short skips and a few edges back.
    static var bigChain: DiagramGraph {
        var edges: [(Int, Int)] = (1..<2000).map { ($0 - 1, $0) }
        for v in stride(from: 0, to: 1990, by: 7) { edges.append((v, v + 3)) }
        for v in stride(from: 50, to: 2000, by: 97) { edges.append((v, v - 40)) }
        return graph(2000, edges)
    }

    // MARK: - What a reader would see

    /// Everything a drawing must get right, whatever the graph.
    func assertSound(
        _ graph: DiagramGraph, _ layout: DiagramLayout, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(layout.nodes.count, graph.nodes.count, file: file, line: line)
        XCTAssertEqual(layout.edges.count, graph.edges.count, file: file, line: line)
        XCTAssertEqual(layout.clusters.count, graph.clusters.count, file: file, line: line)
        let frames = layout.nodes.map(\.frame)
        // Nodes do not overlap (a grid keeps the 2,000-node case quick).
        var overlaps = 0
        let sorted = frames.indices.sorted { frames[$0].x < frames[$1].x }
        for (k, i) in sorted.enumerated() {
            for j in sorted[(k + 1)...] {
                if frames[j].x >= frames[i].maxX { break }
                if frames[i].intersects(frames[j]) { overlaps += 1 }
            }
        }
        XCTAssertEqual(overlaps, 0, "overlapping nodes", file: file, line: line)
        // Everything is inside the drawing.
        func inside(_ p: DiagramPoint) -> Bool {
            p.x >= -0.01 && p.y >= -0.01 && p.x <= layout.width + 0.01 && p.y <= layout.height + 0.01
        }
        func inside(_ r: DiagramRect) -> Bool {
            inside(DiagramPoint(x: r.x, y: r.y)) && inside(DiagramPoint(x: r.maxX, y: r.maxY))
        }
        XCTAssertTrue(frames.allSatisfy(inside), "node outside", file: file, line: line)
        XCTAssertTrue(layout.clusters.map(\.frame).allSatisfy(inside), "cluster outside", file: file, line: line)
        for (index, edge) in layout.edges.enumerated() {
            let from = graph.edges[index].from
            let to = graph.edges[index].to
            XCTAssertGreaterThanOrEqual(edge.points.count, 4, "edge \(index) not drawn", file: file, line: line)
            XCTAssertEqual((edge.points.count - 1) % 3, 0, "edge \(index) not cubic", file: file, line: line)
            XCTAssertTrue(edge.points.allSatisfy(inside), "edge \(index) outside", file: file, line: line)
            if let tip = edge.arrowTip {
                XCTAssertTrue(inside(tip), file: file, line: line)
                XCTAssertTrue(
                    isOnOutline(tip, of: to, graph: graph, layout: layout),
                    "edge \(index)'s arrow tip \(tip) is not on \(frames[to])", file: file, line: line)
            } else if graph.edges[index].arrow {
                XCTFail("edge \(index) has no arrow tip", file: file, line: line)
            }
            XCTAssertEqual(edge.isSelfLoop, from == to, file: file, line: line)
            // The curve misses every node it does not join.
            var polyline = BezierPath.polyline(of: edge.points)
            if let tip = edge.arrowTip { polyline.append(tip) }
            let candidates = frames.indices.filter { $0 != from && $0 != to }
            let box = bounds(polyline)
            for n in candidates where box.intersects(frames[n]) {
                let shrunk = DiagramRect(
                    x: frames[n].x + 1, y: frames[n].y + 1, width: frames[n].width - 2, height: frames[n].height - 2)
                for k in 1..<polyline.count where segment(polyline[k - 1], polyline[k], hits: shrunk) {
                    XCTFail("edge \(index) (\(from)→\(to)) passes through node \(n)", file: file, line: line)
                    break
                }
            }
            if let label = edge.labelFrame {
                XCTAssertTrue(inside(label), "label outside", file: file, line: line)
                XCTAssertFalse(edge.labelLines.isEmpty, file: file, line: line)
                for (n, frame) in frames.enumerated() where frame.intersects(label) {
                    XCTFail("label of edge \(index) overlaps node \(n)", file: file, line: line)
                }
                for (other, otherEdge) in layout.edges.enumerated() where other > index {
                    if let otherLabel = otherEdge.labelFrame, otherLabel.intersects(label) {
                        XCTFail("labels of edges \(index) and \(other) overlap", file: file, line: line)
                    }
                }
            } else {
                XCTAssertTrue(graph.edges[index].label.isEmpty, "edge \(index) lost its label", file: file, line: line)
            }
        }
        // Cluster boxes hold their members and nested clusters, and no other node.
        for (c, cluster) in layout.clusters.enumerated() {
            let members = graph.nodes.indices.filter { isNode($0, in: c, graph: graph) }
            for n in graph.nodes.indices {
                if members.contains(n) {
                    XCTAssertTrue(
                        contains(cluster.frame, frames[n]), "cluster \(c) misses node \(n)", file: file, line: line)
                } else {
                    XCTAssertFalse(
                        cluster.frame.intersects(frames[n]), "cluster \(c) covers node \(n)", file: file, line: line)
                }
            }
            // No edge runs across the title (as DiagramSVG draws it: 8px in, first baseline 6px + a font size down).
            if !cluster.lines.isEmpty {
                let style = layout.style
                let width =
                    cluster.lines.map { TextMetrics.width(of: $0, fontSize: style.labelFontSize, bold: true) }
                    .max() ?? 0
                let height =
                    style.labelFontSize * 1.25 + Double(cluster.lines.count - 1) * style.labelFontSize
                    * style.lineHeight
                let title = DiagramRect(x: cluster.frame.x + 8, y: cluster.frame.y + 6, width: width, height: height)
                XCTAssertTrue(contains(cluster.frame, title), "cluster \(c)'s title sticks out", file: file, line: line)
                for (index, edge) in layout.edges.enumerated() {
                    var polyline = BezierPath.polyline(of: edge.points)
                    if let tip = edge.arrowTip { polyline.append(tip) }
                    for k in 1..<max(1, polyline.count) where segment(polyline[k - 1], polyline[k], hits: title) {
                        XCTFail("edge \(index) crosses cluster \(c)'s title", file: file, line: line)
                        break
                    }
                }
                for n in graph.nodes.indices where frames[n].intersects(title) {
                    XCTFail("node \(n) is under cluster \(c)'s title", file: file, line: line)
                }
            }
            for (d, other) in graph.clusters.enumerated() where other.parent == c {
                XCTAssertTrue(
                    contains(cluster.frame, layout.clusters[d].frame), "cluster \(c) misses cluster \(d)", file: file,
                    line: line)
            }
        }
    }

    func isNode(_ n: Int, in cluster: Int, graph: DiagramGraph) -> Bool {
        var current = graph.nodes[n].cluster
        var steps = 0
        while let c = current, steps <= graph.clusters.count {
            if c == cluster { return true }
            current = graph.clusters[c].parent
            steps += 1
        }
        return false
    }

    func contains(_ outer: DiagramRect, _ inner: DiagramRect) -> Bool {
        inner.x >= outer.x - 0.01 && inner.y >= outer.y - 0.01 && inner.maxX <= outer.maxX + 0.01
            && inner.maxY <= outer.maxY + 0.01
    }

    func bounds(_ points: [DiagramPoint]) -> DiagramRect {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return DiagramRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Whether the segment a→b passes through the inside of `rect` (Liang–Barsky).
    func segment(_ a: DiagramPoint, _ b: DiagramPoint, hits rect: DiagramRect) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        var t0 = 0.0
        var t1 = 1.0
        let dx = b.x - a.x
        let dy = b.y - a.y
        for (p, q) in [(-dx, a.x - rect.x), (dx, rect.maxX - a.x), (-dy, a.y - rect.y), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q <= 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 >= t1 { return false }
            }
        }
        return true
    }

    /// Whether the outline of node `n` passes within 1.5px of `point`.
    func isOnOutline(_ point: DiagramPoint, of n: Int, graph: DiagramGraph, layout: DiagramLayout) -> Bool {
        let frame = layout.nodes[n].frame
        let outline = NodeOutline(shape: graph.nodes[n].shape, width: frame.width, height: frame.height)
        var sawInside = false
        var sawOutside = false
        for k in 0..<32 {
            let angle = Double(k) * .pi / 16
            let x = point.x + 1.5 * cos(angle) - frame.center.x
            let y = point.y + 1.5 * sin(angle) - frame.center.y
            if outline.contains(dx: x, dy: y) { sawInside = true } else { sawOutside = true }
        }
        return sawInside && sawOutside
    }

    // MARK: - Tests

    func testEmptyGraph() {
        let layout = LayeredLayout.layout(DiagramGraph())
        XCTAssertTrue(layout.nodes.isEmpty)
        XCTAssertEqual(layout.width, 2 * DiagramStyle().margin)
    }

    func testOneNode() {
        let graph = DiagramGraph(nodes: [Self.node("Only")])
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.nodes[0].frame.x, DiagramStyle().margin)
        XCTAssertEqual(layout.nodes[0].frame.y, DiagramStyle().margin)
        XCTAssertGreaterThanOrEqual(layout.nodes[0].frame.width, 60)
    }

    func testChainGoesDownInRanks() {
        let graph = Self.chain
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.nodes.map(\.rank), [0, 1, 2, 3, 4])
        for k in 1..<5 {
            XCTAssertGreaterThan(layout.nodes[k].frame.y, layout.nodes[k - 1].frame.maxY)
            XCTAssertEqual(layout.nodes[k].frame.center.x, layout.nodes[0].frame.center.x, accuracy: 0.5)
        }
        XCTAssertEqual(LayeredLayout.crossings(in: layout, of: graph), 0)
    }

    func testDiamond() {
        let graph = Self.diamond
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.nodes.map(\.rank), [0, 1, 1, 2])
        XCTAssertEqual(LayeredLayout.crossings(in: layout, of: graph), 0)
        // Balanced: the top and bottom sit between the two branches.
        let middle = (layout.nodes[1].frame.center.x + layout.nodes[2].frame.center.x) / 2
        XCTAssertEqual(layout.nodes[0].frame.center.x, middle, accuracy: 1)
        XCTAssertEqual(layout.nodes[3].frame.center.x, middle, accuracy: 1)
    }

    func testCycleHasOneBackEdgeThatStillPointsAtItsTarget() {
        let graph = Self.threeCycle
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.edges.filter(\.isBackEdge).count, 1)
        let back = layout.edges.firstIndex(where: \.isBackEdge)!
        let edge = graph.edges[back]
        let placed = layout.edges[back]
        // Drawn from the real source to the real target.
        let start = placed.points[0]
        let sourceFrame = layout.nodes[edge.from].frame
        XCTAssertLessThan(distance(start, sourceFrame), 1.5)
        XCTAssertTrue(isOnOutline(placed.arrowTip!, of: edge.to, graph: graph, layout: layout))
    }

    func testTwoCycleDrawsTwoDistinctEdges() {
        let graph = Self.graph(2, [(0, 1), (1, 0)])
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.edges.filter(\.isBackEdge).count, 1)
        XCTAssertNotEqual(layout.edges[0].points[1], layout.edges[1].points.reversed()[1])
    }

    func testParallelEdgesDoNotCoincide() {
        let graph = Self.graph(2, [(0, 1), (0, 1), (0, 1)])
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        let middles = layout.edges.map { BezierPath.polyline(of: $0.points)[8] }
        XCTAssertEqual(Set(middles.map { Int($0.x.rounded()) }).count, 3)
    }

    func testSelfLoopsSitOnTheRight() {
        let graph = Self.selfLoop
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        let frame = layout.nodes[1].frame
        for index in [1, 3] {
            let edge = layout.edges[index]
            XCTAssertTrue(edge.isSelfLoop)
            XCTAssertFalse(edge.isBackEdge)
            XCTAssertTrue(edge.points.allSatisfy { $0.x >= frame.maxX - 1 })
            XCTAssertGreaterThan(edge.points.map(\.x).max()!, frame.maxX + 10)
        }
        XCTAssertNotEqual(layout.edges[1].points, layout.edges[3].points)
        let label = layout.edges[3].labelFrame!
        XCTAssertGreaterThan(label.x, frame.maxX)
    }

    func testStarWithFiftyEdges() {
        let graph = Self.star
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(Set(layout.nodes.dropFirst().map(\.rank)), [1])
        XCTAssertEqual(LayeredLayout.crossings(in: layout, of: graph), 0)
    }

    func testComponentsSideBySide() {
        let graph = Self.twoComponents
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        let first = layout.nodes[0...2].map(\.frame.maxX).max()!
        let second = layout.nodes[3...5].map(\.frame.x).min()!
        XCTAssertLessThan(first, second)
        XCTAssertEqual(layout.nodes[0].frame.y, layout.nodes[3].frame.y)
    }

    func testLabelsGetRoom() {
        let graph = Self.labelled
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        XCTAssertEqual(layout.edges[1].labelLines.count, 2)
        XCTAssertEqual(layout.nodes.map(\.rank), [0, 1, 1, 2])
        XCTAssertTrue(layout.edges[4].isBackEdge)
        XCTAssertNotNil(layout.edges[4].labelFrame)
    }

    func testDecisionFlow() {
        let graph = Self.decisionFlow
        for direction in DiagramGraph.Direction.allCases {
            var turned = graph
            turned.direction = direction
            let layout = LayeredLayout.layout(turned)
            assertSound(turned, layout)
            XCTAssertEqual(LayeredLayout.crossings(in: layout, of: turned), 0, "\(direction)")
        }
    }

    func testLeftToRightRunsRanksAlongX() {
        var graph = Self.chain
        graph.direction = .leftToRight
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
        for k in 1..<5 {
            XCTAssertGreaterThan(layout.nodes[k].frame.x, layout.nodes[k - 1].frame.maxX)
            XCTAssertEqual(layout.nodes[k].frame.center.y, layout.nodes[0].frame.center.y, accuracy: 0.5)
        }
        // Node boxes keep their on-page shape: wider than tall.
        XCTAssertGreaterThan(layout.nodes[0].frame.width, layout.nodes[0].frame.height)
    }

    func testOtherDirections() {
        var graph = Self.labelled
        graph.direction = .bottomToTop
        let up = LayeredLayout.layout(graph)
        assertSound(graph, up)
        XCTAssertLessThan(up.nodes[3].frame.maxY, up.nodes[0].frame.y)
        graph.direction = .rightToLeft
        let left = LayeredLayout.layout(graph)
        assertSound(graph, left)
        XCTAssertLessThan(left.nodes[3].frame.maxX, left.nodes[0].frame.x)
    }

    func testClustersHoldTheirMembers() {
        for direction in DiagramGraph.Direction.allCases {
            var graph = Self.clustered
            graph.direction = direction
            assertSound(graph, LayeredLayout.layout(graph))
            var nested = Self.nestedClusters
            nested.direction = direction
            assertSound(nested, LayeredLayout.layout(nested))
        }
    }

    func testShapesEndArrowsOnTheirOutline() {
        let shapes = DiagramGraph.NodeShape.allCases
        let nodes =
            [Self.node("Hub")] + shapes.map { DiagramGraph.Node(id: $0.rawValue, label: $0.rawValue, shape: $0) }
        let edges =
            shapes.indices.map { DiagramGraph.Edge(from: 0, to: $0 + 1) }
            + shapes.indices.map {
                DiagramGraph.Edge(from: $0 + 1, to: 0)
            }
        for direction in DiagramGraph.Direction.allCases {
            let graph = DiagramGraph(nodes: nodes, edges: edges, direction: direction)
            assertSound(graph, LayeredLayout.layout(graph))
        }
    }

    func testDeterministic() {
        let graph = Self.randomDAG(nodes: 40, edges: 80, seed: 7)
        XCTAssertEqual(LayeredLayout.layout(graph), LayeredLayout.layout(graph))
    }

    func testDenseGraphsAreSound() {
        for seed in 1...6 {
            let graph = Self.randomDAG(nodes: 30, edges: 55, seed: UInt64(seed))
            assertSound(graph, LayeredLayout.layout(graph))
        }
        var cyclic = Self.randomDAG(nodes: 25, edges: 45, seed: 99)
        for k in stride(from: 0, to: cyclic.edges.count, by: 5) {
            cyclic.edges[k] = DiagramGraph.Edge(from: cyclic.edges[k].to, to: cyclic.edges[k].from, label: "back \(k)")
        }
        assertSound(cyclic, LayeredLayout.layout(cyclic))
    }

    func testOddInputDoesNotCrash() {
        let graph = DiagramGraph(
            nodes: [
                DiagramGraph.Node(id: "a", label: "", cluster: 7), DiagramGraph.Node(id: "b", label: "b", cluster: 0),
            ],
            edges: [
                DiagramGraph.Edge(from: 0, to: 5), DiagramGraph.Edge(from: -1, to: 1),
                DiagramGraph.Edge(from: 0, to: 1),
            ],
            clusters: [
                DiagramGraph.Cluster(id: "x", label: "X", parent: 1),
                DiagramGraph.Cluster(id: "y", label: "Y", parent: 0),
            ])
        let layout = LayeredLayout.layout(graph)
        XCTAssertEqual(layout.edges.count, 3)
        XCTAssertTrue(layout.edges[0].points.isEmpty)
        XCTAssertFalse(layout.edges[2].points.isEmpty)
    }

    func testTwoThousandNodes() {
        // How long it takes is the benchmark's business (make bench-layout); here,
        // that it finishes with a sound drawing.
        let graph = Self.bigChain
        let layout = LayeredLayout.layout(graph)
        assertSound(graph, layout)
    }

    // MARK: - Against Graphviz

    /// Our crossings are no more than dot's on the same graphs with the same node sizes.
    func testFewerCrossingsThanDot() throws {
        guard let dot = Self.executable("dot") else { throw XCTSkip("Graphviz dot is not installed") }
        let cases: [(String, DiagramGraph)] = [
            ("chain", Self.chain), ("diamond", Self.diamond), ("3-cycle", Self.threeCycle),
            ("self-loop", Self.selfLoop), ("star", Self.star), ("components", Self.twoComponents),
            ("labelled", Self.labelled), ("decision", Self.decisionFlow), ("clusters", Self.clustered),
            ("nested", Self.nestedClusters),
            ("dag-15", Self.randomDAG(nodes: 15, edges: 24, seed: 3)),
            ("dag-20", Self.randomDAG(nodes: 20, edges: 34, seed: 11)),
            ("dag-30", Self.randomDAG(nodes: 30, edges: 52, seed: 5)),
        ]
        var report = "graph        ours  dot\n"
        for (name, graph) in cases {
            let layout = LayeredLayout.layout(graph)
            let ours = LayeredLayout.crossings(in: layout, of: graph)
            let theirs = try Self.dotCrossings(graph, layout: layout, dot: dot)
            report +=
                name.padding(toLength: 12, withPad: " ", startingAt: 0)
                + " \(ours)".padding(
                    toLength: 5, withPad: " ", startingAt: 0) + " \(theirs)\n"
            XCTAssertLessThanOrEqual(ours, theirs, "\(name): ours \(ours), dot \(theirs)")
        }
        print(report)
    }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The DOT source for `graph`: same node order, sizes and edges, separations like ours.
    static func dotSource(_ graph: DiagramGraph, layout: DiagramLayout) -> String {
        let style = layout.style
        var text = "digraph G {\n  rankdir=\(graph.direction.rawValue);\n"
        text += "  nodesep=\(style.nodeSeparation / 72); ranksep=\(style.rankSeparation / 72);\n"
        text += "  node [shape=box, fixedsize=true, fontsize=\(style.fontSize)];\n"
        text += "  edge [fontsize=\(style.labelFontSize)];\n"
        for (index, node) in graph.nodes.enumerated() {
            let frame = layout.nodes[index].frame
            let (w, h) = (frame.width / 72, frame.height / 72)
            text += "  n\(index) [label=\"\(node.label)\", width=\(w), height=\(h)];\n"
        }
        func cluster(_ c: Int) -> String {
            var text = "subgraph cluster_\(c) { label=\"\(graph.clusters[c].label)\";"
            for (index, node) in graph.nodes.enumerated() where node.cluster == c { text += " n\(index);" }
            for (child, other) in graph.clusters.enumerated() where other.parent == c { text += " " + cluster(child) }
            return text + " }"
        }
        for (c, other) in graph.clusters.enumerated() where other.parent == nil { text += "  " + cluster(c) + "\n" }
        for edge in graph.edges {
            text += "  n\(edge.from) -> n\(edge.to)"
            if !edge.label.isEmpty { text += " [label=\"\(edge.label)\"]" }
            text += ";\n"
        }
        return text + "}\n"
    }

    /// Crossings in dot's drawing, counted like ours.
    static func dotCrossings(_ graph: DiagramGraph, layout: DiagramLayout, dot: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tplain"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dotSource(graph, layout: layout).utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var lines: [[DiagramPoint]] = []
        var ends: [(Int, Int)] = []
        for row in text.split(separator: "\n") where row.hasPrefix("edge ") {
            let fields = row.split(separator: " ")
            guard fields.count > 4, let count = Int(fields[3]), fields.count >= 4 + 2 * count else { continue }
            let tail = Int(fields[1].dropFirst()) ?? -1
            let head = Int(fields[2].dropFirst()) ?? -1
            var points: [DiagramPoint] = []
            for k in 0..<count {
                points.append(DiagramPoint(x: Double(fields[4 + 2 * k])! * 72, y: Double(fields[5 + 2 * k])! * 72))
            }
            lines.append(BezierPath.polyline(of: points))
            ends.append((tail, head))
        }
        XCTAssertEqual(lines.count, graph.edges.count)
        return CrossingCounter.count(lines, endpoints: ends)
    }

    func distance(_ p: DiagramPoint, _ rect: DiagramRect) -> Double {
        let dx = max(rect.x - p.x, 0, p.x - rect.maxX)
        let dy = max(rect.y - p.y, 0, p.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
