/// Edge shapes, in layout space. An edge runs straight down through the
/// rank band of each node on its chain (and through the cluster borders and
/// titles stacked above and below it) and bends only in the free part of the
/// gaps between ranks, as an S-curve with vertical ends; so curves miss every
/// node and cluster title, and the joins are smooth.
extension ComponentLayout {
    func routeEdges(
        _ layered: LayeredGraph, xs: [Double], geometry: VerticalGeometry, into drawing: inout ComponentDrawing
    ) {
        let offsets = portOffsets(layered, xs: xs)
        for (index, chain) in layered.chains.enumerated() {
            let edge = chain.edge
            let first = chain.nodes[0]
            let last = chain.nodes[chain.nodes.count - 1]
            var path = centreLine(
                chain, layered: layered, xs: xs, geometry: geometry,
                offsets: (offsets.upper[index], offsets.lower[index]))
            let firstCentre = DiagramPoint(x: xs[first], y: geometry.y[layered.rank[first]])
            let lastCentre = DiagramPoint(x: xs[last], y: geometry.y[layered.rank[last]])
            let firstNode = members[realIndex(layered, first)]
            let lastNode = members[realIndex(layered, last)]
            path = clip(path, from: firstNode, at: firstCentre, to: lastNode, at: lastCentre)
            if chain.reversed { path = path.reversed().map(\.reversed) }
            var tip: DiagramPoint?
            if graph.edges[edge].arrow, let end = path.last?.p3 {
                tip = end
                path = BezierPath.trimEnd(path, by: LayoutInput.arrowLength)
            }
            var label: DiagramRect?
            if let labelNode = chain.labelNode {
                let size = input.layoutSize(input.labelSize[edge])
                let centre = DiagramPoint(x: xs[labelNode], y: geometry.y[layered.rank[labelNode]])
                label = DiagramRect(
                    x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width,
                    height: size.height)
            }
            add(
                ComponentDrawing.Edge(
                    index: edge, path: path, tip: tip, label: label, isBackEdge: chain.reversed, isSelfLoop: false),
                to: &drawing)
        }
    }

    private func add(_ edge: ComponentDrawing.Edge, to drawing: inout ComponentDrawing) {
        for segment in edge.path {
            drawing.include(segment.p0)
            drawing.include(segment.p1)
            drawing.include(segment.p2)
            drawing.include(segment.p3)
        }
        if let tip = edge.tip { drawing.include(tip) }
        if let label = edge.label { drawing.include(label) }
        drawing.edges.append(edge)
    }

    private func realIndex(_ layered: LayeredGraph, _ v: Int) -> Int {
        if case .real(let local) = layered.kind[v] { return local }
        return 0
    }

    /// Sideways shifts of edge ends on a node's top or bottom side: ends with
    /// arrowheads, and edges that join the same two nodes, are spread out (in
    /// the order of where they come from, so they do not cross) instead of all
    /// meeting in the middle. Other ends meet in the middle, as in dot.
    private func portOffsets(_ layered: LayeredGraph, xs: [Double]) -> (upper: [Double], lower: [Double]) {
        let chains = layered.chains
        var upper = [Double](repeating: 0, count: chains.count)
        var lower = [Double](repeating: 0, count: chains.count)
        // Ends at each real node's bottom side (chains starting there) and top side (chains ending there).
        var bottomEnds = [[Int]](repeating: [], count: members.count)
        var topEnds = [[Int]](repeating: [], count: members.count)
        for (index, chain) in chains.enumerated() {
            bottomEnds[realIndex(layered, chain.nodes[0])].append(index)
            topEnds[realIndex(layered, chain.nodes[chain.nodes.count - 1])].append(index)
        }
        func spread(_ ends: [Int], node: Int, atTop: Bool) -> [(Int, Double)] {
            guard ends.count > 1 else { return [] }
            func neighbour(_ index: Int) -> Int {
                let nodes = chains[index].nodes
                return atTop ? nodes[nodes.count - 2] : nodes[1]
            }
            // An arrowhead sits at a chain's lower end unless the edge was reversed.
            let arrows = ends.filter { graph.edges[chains[$0].edge].arrow && chains[$0].reversed != atTop }.count
            let neighbours = ends.map(neighbour)
            let parallel = Set(neighbours).count < neighbours.count
            guard arrows > 1 || parallel else { return [] }
            let sorted = ends.sorted { a, b in
                let (xa, xb) = (xs[neighbour(a)], xs[neighbour(b)])
                return xa != xb ? xa < xb : a < b
            }
            let width = layered.left[node] * 2
            let spacing = min(14, 0.6 * width / Double(sorted.count - 1))
            return sorted.enumerated().map { position, index in
                (index, (Double(position) - Double(sorted.count - 1) / 2) * spacing)
            }
        }
        for local in members.indices {
            for (index, offset) in spread(bottomEnds[local], node: local, atTop: false) { upper[index] = offset }
            for (index, offset) in spread(topEnds[local], node: local, atTop: true) { lower[index] = offset }
        }
        return (upper, lower)
    }

    /// The chain's path from the upper node's centre to the lower node's centre.
    private func centreLine(
        _ chain: LayeredGraph.Chain, layered: LayeredGraph, xs: [Double], geometry: VerticalGeometry,
        offsets: (upper: Double, lower: Double)
    ) -> [CubicSegment] {
        var path: [CubicSegment] = []
        func line(_ a: DiagramPoint, _ b: DiagramPoint) {
            if LayoutMath.distance(a, b) > 1e-6 { path.append(.line(a, b)) }
        }
        func bend(_ a: DiagramPoint, _ b: DiagramPoint) {
            if abs(a.x - b.x) < 1e-6 {
                line(a, b)
                return
            }
            let middle = (a.y + b.y) / 2
            path.append(
                CubicSegment(
                    p0: a, p1: DiagramPoint(x: a.x, y: middle), p2: DiagramPoint(x: b.x, y: middle), p3: b))
        }
        // Straight through the band and any cluster borders below it; bends only further out.
        func exit(_ r: Int) -> Double { geometry.y[r] + geometry.rankHeight[r] / 2 + geometry.bottomStack[r] }
        func entry(_ r: Int) -> Double { geometry.y[r] - geometry.rankHeight[r] / 2 - geometry.topStack[r] }
        let first = chain.nodes[0]
        let firstRank = layered.rank[first]
        var current = DiagramPoint(x: xs[first] + offsets.upper, y: geometry.y[firstRank])
        let firstExit = DiagramPoint(x: current.x, y: exit(firstRank))
        line(current, firstExit)
        current = firstExit
        for i in 1..<chain.nodes.count {
            let v = chain.nodes[i]
            let r = layered.rank[v]
            let isLast = i == chain.nodes.count - 1
            let x = xs[v] + (isLast ? offsets.lower : 0)
            let start = DiagramPoint(x: x, y: entry(r))
            bend(current, start)
            let end = DiagramPoint(x: x, y: isLast ? geometry.y[r] : exit(r))
            line(start, end)
            current = end
        }
        return path
    }

    /// The path cut where it leaves the first node's outline and where it enters the last one's.
    private func clip(
        _ path: [CubicSegment], from firstNode: Int, at firstCentre: DiagramPoint, to lastNode: Int,
        at lastCentre: DiagramPoint
    ) -> [CubicSegment] {
        let insideFirst = { (p: DiagramPoint) in input.isInside(node: firstNode, center: firstCentre, point: p) }
        let insideLast = { (p: DiagramPoint) in input.isInside(node: lastNode, center: lastCentre, point: p) }
        var clipped = BezierPath.clipEnd(BezierPath.clipStart(path, inside: insideFirst), inside: insideLast)
        if clipped.isEmpty || insideFirst(clipped[clipped.count - 1].p3) {
            // Degenerate (nodes touching): a straight line between the outlines.
            clipped = BezierPath.clipEnd(
                BezierPath.clipStart([.line(firstCentre, lastCentre)], inside: insideFirst), inside: insideLast)
            if clipped.isEmpty { clipped = [.line(firstCentre, lastCentre)] }
        }
        return clipped
    }

    /// Loops on the right of their node (layout space), nested when there are
    /// several, with their labels stacked beside the outermost.
    func routeSelfLoops(xs: [Double], geometry: VerticalGeometry, ranks: [Int], into drawing: inout ComponentDrawing) {
        for (local, loops) in selfLoops.enumerated() where !loops.isEmpty {
            let node = members[local]
            let centre = DiagramPoint(x: xs[local], y: geometry.y[ranks[local]])
            let size = input.layoutSize(input.nodeSize[node])
            let count = loops.count
            let spread = min(size.height * 0.3, 12)
            let labelled = loops.filter { input.labelSize[$0].width > 0 }
            let labelSizes = labelled.map { input.layoutSize(input.labelSize[$0]) }
            let stack =
                labelSizes.map(\.height).reduce(0, +) + LoopGeometry.labelSpacing * Double(max(0, labelSizes.count - 1))
            var labelTop = centre.y - stack / 2
            let labelLeft = centre.x + size.width / 2 + LoopGeometry.reach(count - 1) + 2 + LoopGeometry.labelGap
            for (k, edge) in loops.enumerated() {
                let d = spread * Double(k + 1) / Double(count)
                let start = rightOutline(of: node, centre: centre, width: size.width, dy: -d)
                let end = rightOutline(of: node, centre: centre, width: size.width, dy: d)
                let length = LoopGeometry.length(k)
                // Outer loops are taller as well as wider, so nested loops keep apart.
                let rise = size.height / 2 * (0.5 + 0.5 * Double(k + 1) / Double(count))
                var path = [
                    CubicSegment(
                        p0: start, p1: DiagramPoint(x: start.x + length, y: centre.y - rise),
                        p2: DiagramPoint(x: end.x + length, y: centre.y + rise), p3: end)
                ]
                var tip: DiagramPoint?
                if graph.edges[edge].arrow {
                    tip = end
                    path = BezierPath.trimEnd(path, by: LayoutInput.arrowLength)
                }
                var label: DiagramRect?
                if let position = labelled.firstIndex(of: edge) {
                    let labelSize = labelSizes[position]
                    label = DiagramRect(x: labelLeft, y: labelTop, width: labelSize.width, height: labelSize.height)
                    labelTop += labelSize.height + LoopGeometry.labelSpacing
                }
                add(
                    ComponentDrawing.Edge(
                        index: edge, path: path, tip: tip, label: label, isBackEdge: false, isSelfLoop: true),
                    to: &drawing)
            }
        }
    }

    /// Where a horizontal line `dy` below the centre leaves the node on the right.
    private func rightOutline(of node: Int, centre: DiagramPoint, width: Double, dy: Double) -> DiagramPoint {
        var low = 0.0
        var high = width / 2 + 1
        let y = centre.y + dy
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if input.isInside(node: node, center: centre, point: DiagramPoint(x: centre.x + middle, y: y)) {
                low = middle
            } else {
                high = middle
            }
        }
        return DiagramPoint(x: centre.x + high, y: y)
    }
}
