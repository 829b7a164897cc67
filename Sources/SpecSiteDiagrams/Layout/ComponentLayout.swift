/// One component placed in layout space (ranks down the page, origin anywhere).
struct ComponentDrawing {
    struct Node {
        var index: Int
        var center: DiagramPoint
        var rank: Int
    }

    struct Edge {
        var index: Int
        var path: [CubicSegment]
        var tip: DiagramPoint?
        var label: DiagramRect?
        var isBackEdge: Bool
        var isSelfLoop: Bool
    }

    var nodes: [Node] = []
    var edges: [Edge] = []
    var clusters: [(index: Int, frame: DiagramRect)] = []
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    mutating func include(_ p: DiagramPoint) {
        minX = min(minX, p.x)
        maxX = max(maxX, p.x)
        minY = min(minY, p.y)
        maxY = max(maxY, p.y)
    }

    mutating func include(_ rect: DiagramRect) {
        include(DiagramPoint(x: rect.x, y: rect.y))
        include(DiagramPoint(x: rect.maxX, y: rect.maxY))
    }
}

/// Lays out one connected part of the graph (nodes joined by edges or by a
/// shared top-level cluster): cycles, ranks, order, coordinates, edges.
struct ComponentLayout {
    let input: LayoutInput
    /// The component's nodes (graph indices, ascending).
    let members: [Int]
    /// Graph index → index in `members` (for this component's nodes).
    let localIndex: [Int]
    /// The component's edges between two different nodes.
    let edges: [Int]
    /// Self-loops, per member.
    let selfLoops: [[Int]]

    var style: DiagramStyle { input.style }
    var graph: DiagramGraph { input.graph }

    /// Geometry of the self-loops of one node, in layout space.
    struct LoopGeometry {
        /// Control distance of loop k, growing so loops nest.
        static func length(_ k: Int) -> Double { 24 + 14 * Double(k) }
        /// How far a loop reaches right of where it starts (the curve's extreme at t = 0.5).
        static func reach(_ k: Int) -> Double { 0.75 * length(k) }
        static let labelGap = 6.0
        static let labelSpacing = 4.0
    }

    func run() -> ComponentDrawing {
        let doubled = edges.contains { !input.labelLines[$0].isEmpty }
        let unit = doubled ? 2 : 1
        let pairs = edges.map { (from: localIndex[graph.edges[$0].from], to: localIndex[graph.edges[$0].to]) }
        let reversed = CycleBreaking.reversedEdges(nodeCount: members.count, edges: pairs)
        let rankEdges = pairs.indices.map { k in
            reversed[k]
                ? Ranking.Edge(from: pairs[k].to, to: pairs[k].from, minLength: unit, weight: 1)
                : Ranking.Edge(from: pairs[k].from, to: pairs[k].to, minLength: unit, weight: 1)
        }
        let ranks = Ranking.rank(
            nodeCount: members.count, edges: rankEdges, unit: unit,
            maxIterations: Self.simplexIterations(nodes: members.count, edges: edges.count))
        var layered = buildLayeredGraph(ranks: ranks, reversed: reversed, pairs: pairs)
        addEmptyClusters(to: &layered)
        layered.addClusterFillers(clusterCount: graph.clusters.count)
        let layers = CrossingReduction.order(layered, clusterCount: graph.clusters.count)
        var placement = HorizontalPlacement(
            graph: layered, layers: layers, nodeSeparation: style.nodeSeparation, alignsToStart: style.alignsToStart)
        var xs = placement.place()
        var clusterX: [Int: (left: Double, right: Double)] = [:]
        let clusters = clustersInComponent(layered)
        if !clusters.isEmpty {
            (xs, clusterX) = separateClusters(layered, layers: layers, xs: xs, clusters: clusters)
        }
        xs = straightenChains(layered, layers: layers, xs: xs)
        let geometry = verticalGeometry(layered, clusters: clusters, doubled: doubled)
        var drawing = ComponentDrawing()
        for (local, node) in members.enumerated() {
            let center = DiagramPoint(x: xs[local], y: geometry.y[layered.rank[local]])
            drawing.nodes.append(ComponentDrawing.Node(index: node, center: center, rank: ranks[local] / unit))
            let size = input.layoutSize(input.nodeSize[node])
            drawing.include(
                DiagramRect(
                    x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
                    height: size.height))
        }
        routeEdges(layered, xs: xs, geometry: geometry, into: &drawing)
        routeSelfLoops(xs: xs, geometry: geometry, ranks: layered.rank, into: &drawing)
        for c in clusters {
            guard let x = clusterX[c], let first = geometry.clusterTop[c], let last = geometry.clusterBottom[c]
            else { continue }
            let top = geometry.y[first] - geometry.rankHeight[first] / 2 - (geometry.topInset[c] ?? 0)
            let bottom = geometry.y[last] + geometry.rankHeight[last] / 2 + (geometry.bottomInset[c] ?? 0)
            let frame = DiagramRect(x: x.left, y: top, width: x.right - x.left, height: bottom - top)
            drawing.clusters.append((c, frame))
            drawing.include(frame)
        }
        return drawing
    }

    /// Simplex pivots allowed: plenty for small graphs, bounded for big ones so they stay fast.
    static func simplexIterations(nodes: Int, edges: Int) -> Int {
        let work = max(1, nodes + edges)
        return max(50, min(4 * nodes + 100, 30_000_000 / work))
    }

    // MARK: - Layered graph

    private func buildLayeredGraph(ranks: [Int], reversed: [Bool], pairs: [(from: Int, to: Int)]) -> LayeredGraph {
        var layered = LayeredGraph()
        for (local, node) in members.enumerated() {
            let size = input.layoutSize(input.nodeSize[node])
            var right = size.width / 2
            var height = size.height
            let loops = selfLoops[local]
            if !loops.isEmpty {
                right += LoopGeometry.reach(loops.count - 1) + 2
                let labels = loops.map { input.layoutSize(input.labelSize[$0]) }.filter { $0.width > 0 }
                if !labels.isEmpty {
                    right += LoopGeometry.labelGap + (labels.map(\.width).max() ?? 0)
                    let stack =
                        labels.map(\.height).reduce(0, +) + LoopGeometry.labelSpacing * Double(labels.count - 1)
                    height = max(height, stack)
                }
            }
            layered.addNode(
                .real(local), rank: ranks[local], left: size.width / 2, right: right, height: height,
                clusterPath: input.nodeClusterPath[node])
        }
        for (k, edge) in edges.enumerated() {
            let (top, bottom) = reversed[k] ? (pairs[k].to, pairs[k].from) : (pairs[k].from, pairs[k].to)
            let topRank = ranks[top]
            let bottomRank = ranks[bottom]
            let path = commonPrefix(layered.clusterPath[top], layered.clusterPath[bottom])
            var labelRank = -1
            let labelSize = input.layoutSize(input.labelSize[edge])
            if labelSize.width > 0 && bottomRank - topRank >= 2 {
                labelRank = topRank + (bottomRank - topRank) / 2
                // Labels go in the in-between ranks (odd when doubled), never among real nodes.
                if labelRank % 2 == 0 && labelRank - 1 > topRank { labelRank -= 1 }
            }
            var chain = LayeredGraph.Chain(edge: edge, nodes: [top], reversed: reversed[k], labelNode: nil)
            if bottomRank > topRank + 1 {
                for r in (topRank + 1)..<bottomRank {
                    let v: Int
                    if r == labelRank {
                        v = layered.addNode(
                            .label, rank: r, left: labelSize.width / 2, right: labelSize.width / 2,
                            height: labelSize.height, clusterPath: path)
                        chain.labelNode = v
                    } else {
                        v = layered.addNode(.virtual, rank: r, left: 0, right: 0, height: 0, clusterPath: path)
                    }
                    chain.nodes.append(v)
                }
            }
            chain.nodes.append(bottom)
            for i in 1..<chain.nodes.count { layered.link(chain.nodes[i - 1], chain.nodes[i]) }
            layered.chains.append(chain)
        }
        return layered
    }

    private func commonPrefix(_ a: [Int], _ b: [Int]) -> [Int] {
        var length = 0
        while length < min(a.count, b.count) && a[length] == b[length] { length += 1 }
        return Array(a.prefix(length))
    }

    /// Straightens long edges: Brandes–Köpf can leave a chain of bend points
    /// with kinks (when a node has two median neighbours, or a wide label
    /// pushes part of it aside). Each chain's bend points move to one common
    /// x where their neighbours leave room: the upper end's, the lower end's,
    /// or one of their own, whichever moves them least.
    private func straightenChains(_ layered: LayeredGraph, layers: [[Int]], xs: [Double]) -> [Double] {
        var xs = xs
        var position = [Int](repeating: 0, count: layered.count)
        for layer in layers {
            for (index, v) in layer.enumerated() { position[v] = index }
        }
        func fits(_ v: Int, at target: Double) -> Bool {
            let layer = layers[layered.rank[v]]
            let index = position[v]
            if index > 0 {
                let u = layer[index - 1]
                // Never towards a neighbour across a cluster border: the border needs its own room.
                if target < xs[v] && layered.clusterPath[u] != layered.clusterPath[v] { return false }
                if xs[u] + layered.separation(u, v, nodeSeparation: style.nodeSeparation) > target + 1e-9 {
                    return false
                }
            }
            if index + 1 < layer.count {
                let w = layer[index + 1]
                if target > xs[v] && layered.clusterPath[w] != layered.clusterPath[v] { return false }
                if target + layered.separation(v, w, nodeSeparation: style.nodeSeparation) > xs[w] + 1e-9 {
                    return false
                }
            }
            return true
        }
        for chain in layered.chains where chain.nodes.count > 2 {
            let interior = chain.nodes[1..<(chain.nodes.count - 1)]
            let top = xs[chain.nodes[0]]
            let bottom = xs[chain.nodes[chain.nodes.count - 1]]
            let first = xs[interior.first!]
            let isStraight = interior.allSatisfy { abs(xs[$0] - first) < 0.5 }
            // Already one vertical run that meets an end: nothing to gain.
            if isStraight && (abs(first - top) < 0.5 || abs(first - bottom) < 0.5) { continue }
            var candidates: [Double] = []
            // Both ends in line: a straight edge beats anything.
            if abs(top - bottom) < 0.5 { candidates.append(top) }
            if !isStraight {
                // Few distinct places (Brandes–Köpf makes vertical runs), each costed once.
                var places: [Double] = [top, bottom]
                for v in interior where !places.contains(where: { abs($0 - xs[v]) < 0.5 }) {
                    places.append(xs[v])
                    if places.count > 16 { break }
                }
                let costs = places.map { x in interior.reduce(0) { $0 + abs(xs[$1] - x) } }
                candidates += places.indices.sorted { costs[$0] < costs[$1] }.map { places[$0] }
            }
            for target in candidates where interior.allSatisfy({ fits($0, at: target) }) {
                for v in interior { xs[v] = target }
                break
            }
        }
        return xs
    }
}
