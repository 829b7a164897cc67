import SpecSiteKit

/// Places a ``DiagramGraph`` in layers, the way Graphviz's dot does
/// (Gansner, Koutsofios, North and Vo, "A Technique for Drawing Directed
/// Graphs", 1993):
///
/// 1. nodes are sized to their wrapped labels;
/// 2. cycles are broken by reversing the edges a depth-first search from the
///    first nodes written finds going back, as dot does, which are then drawn
///    as back edges;
/// 3. ranks come from network simplex, so edges are short; when edges have
///    labels, ranks are doubled and each label sits in an in-between rank;
/// 4. long edges are split by virtual nodes;
/// 5. the order within ranks is improved by weighted median sweeps and
///    transposition, keeping clusters together;
/// 6. x positions come from Brandes–Köpf, y from the ranks' heights;
/// 7. edges are cubic Bézier curves through their virtual nodes, clipped to
///    the node outlines, with room for arrowheads.
///
/// Disconnected parts are laid out one by one and placed side by side. The
/// result depends only on the graph and the style: no hashing order, no randomness.
public enum LayeredLayout {
    /// Lays out `graph` with the sizes in `style`.
    public static func layout(_ graph: DiagramGraph, style: DiagramStyle = DiagramStyle()) -> DiagramLayout {
        let input = LayoutInput(graph: graph, style: style)
        var drawings: [ComponentDrawing] = []
        for component in components(of: input) {
            drawings.append(component.run())
        }
        drawings += emptyClusters(input, drawings: drawings)
        return assemble(input, drawings: drawings)
    }

    /// Number of pairwise crossings between drawn edges (for tests and
    /// benchmarks): each edge's curve is sampled into a polyline (arrowhead
    /// included) and intersections are counted, skipping pairs of edges that
    /// share an end node.
    public static func crossings(in layout: DiagramLayout, of graph: DiagramGraph) -> Int {
        var lines: [[DiagramPoint]] = []
        var ends: [(Int, Int)] = []
        for (index, placed) in layout.edges.enumerated() where index < graph.edges.count {
            var line = BezierPath.polyline(of: placed.points)
            if let tip = placed.arrowTip { line.append(tip) }
            lines.append(line)
            ends.append((graph.edges[index].from, graph.edges[index].to))
        }
        return CrossingCounter.count(lines, endpoints: ends)
    }

    // MARK: - Components

    /// Groups of nodes laid out together: joined by edges, or in the same top-level cluster.
    private static func components(of input: LayoutInput) -> [ComponentLayout] {
        let graph = input.graph
        let n = graph.nodes.count
        guard n > 0 else { return [] }
        var sets = DisjointSets(count: n)
        for (index, edge) in graph.edges.enumerated() where input.edgeValid[index] && edge.from != edge.to {
            sets.union(edge.from, edge.to)
        }
        var firstOfCluster = [Int](repeating: -1, count: graph.clusters.count)
        for v in 0..<n {
            guard let top = input.nodeClusterPath[v].first else { continue }
            if firstOfCluster[top] < 0 { firstOfCluster[top] = v } else { sets.union(firstOfCluster[top], v) }
        }
        var groupOfRoot = [Int](repeating: -1, count: n)
        var groups: [[Int]] = []
        var localIndex = [Int](repeating: 0, count: n)
        for v in 0..<n {
            let root = sets.root(v)
            if groupOfRoot[root] < 0 {
                groupOfRoot[root] = groups.count
                groups.append([])
            }
            localIndex[v] = groups[groupOfRoot[root]].count
            groups[groupOfRoot[root]].append(v)
        }
        var groupEdges = [[Int]](repeating: [], count: groups.count)
        var loops = groups.map { [[Int]](repeating: [], count: $0.count) }
        for (index, edge) in graph.edges.enumerated() where input.edgeValid[index] {
            let group = groupOfRoot[sets.root(edge.from)]
            if edge.from == edge.to {
                loops[group][localIndex[edge.from]].append(index)
            } else {
                groupEdges[group].append(index)
            }
        }
        return groups.indices.map { g in
            ComponentLayout(
                input: input, members: groups[g], localIndex: localIndex, edges: groupEdges[g], selfLoops: loops[g])
        }
    }

    /// Clusters with no node at all still get a box (their title, and any
    /// empty clusters nested in them), placed after the rest.
    private static func emptyClusters(_ input: LayoutInput, drawings: [ComponentDrawing]) -> [ComponentDrawing] {
        let count = input.graph.clusters.count
        var placed = [Bool](repeating: false, count: count)
        for drawing in drawings {
            for cluster in drawing.clusters { placed[cluster.index] = true }
        }
        var children = [[Int]](repeating: [], count: count)
        for c in 0..<count where !placed[c] {
            if let parent = input.clusterParent[c], !placed[parent] { children[parent].append(c) }
        }
        let pad = LayoutInput.clusterPadding
        // Page-orientation boxes, nested top to bottom under their parent's title.
        func box(_ c: Int, at origin: DiagramPoint, into boxes: inout [(Int, DiagramRect)]) -> LayoutSize {
            let title = input.clusterTitleSize[c]
            var y = origin.y + title.height + pad
            var width = max(title.width, LayoutInput.minimumNodeWidth)
            for child in children[c] {
                let size = box(child, at: DiagramPoint(x: origin.x + pad, y: y), into: &boxes)
                y += size.height + pad
                width = max(width, size.width + 2 * pad)
            }
            let size = LayoutSize(width: width, height: max(y - origin.y, title.height + 2 * pad))
            boxes.append((c, DiagramRect(x: origin.x, y: origin.y, width: size.width, height: size.height)))
            return size
        }
        var result: [ComponentDrawing] = []
        for c in 0..<count where !placed[c] {
            if let parent = input.clusterParent[c], !placed[parent] { continue }
            var boxes: [(Int, DiagramRect)] = []
            _ = box(c, at: DiagramPoint(x: 0, y: 0), into: &boxes)
            var drawing = ComponentDrawing()
            for (cluster, rect) in boxes {
                // Back to layout space, so the final turn puts the titles on top.
                let a = input.fromPage(DiagramPoint(x: rect.x, y: rect.y))
                let b = input.fromPage(DiagramPoint(x: rect.maxX, y: rect.maxY))
                let frame = DiagramRect(
                    x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
                drawing.clusters.append((cluster, frame))
                drawing.include(frame)
            }
            result.append(drawing)
        }
        return result
    }

    // MARK: - Final placement

    /// Puts the components side by side (across the ranks), turns layout
    /// space into the page's direction and shifts everything inside the margin.
    private static func assemble(_ input: LayoutInput, drawings: [ComponentDrawing]) -> DiagramLayout {
        let graph = input.graph
        let style = input.style
        var nodes = graph.nodes.indices.map { index in
            DiagramLayout.PlacedNode(
                frame: DiagramRect(x: style.margin, y: style.margin, width: 0, height: 0),
                lines: input.nodeLines[index], rank: 0)
        }
        var edges = graph.edges.indices.map { index in
            DiagramLayout.PlacedEdge(
                points: [], arrowTip: nil, labelFrame: nil, labelLines: input.labelLines[index], isBackEdge: false,
                isSelfLoop: false)
        }
        var clusters = graph.clusters.indices.map { index in
            DiagramLayout.PlacedCluster(
                frame: DiagramRect(x: style.margin, y: style.margin, width: 0, height: 0),
                lines: input.clusterLines[index])
        }
        // Layout space → page, before the final shift.
        var cursor = 0.0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func page(_ p: DiagramPoint, _ dx: Double, _ dy: Double) -> DiagramPoint {
            let q = input.toPage(DiagramPoint(x: p.x + dx, y: p.y + dy))
            minX = min(minX, q.x)
            maxX = max(maxX, q.x)
            minY = min(minY, q.y)
            maxY = max(maxY, q.y)
            return q
        }
        func pageRect(_ r: DiagramRect, _ dx: Double, _ dy: Double) -> DiagramRect {
            let a = page(DiagramPoint(x: r.x, y: r.y), dx, dy)
            let b = page(DiagramPoint(x: r.maxX, y: r.maxY), dx, dy)
            return DiagramRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
        for drawing in drawings where drawing.minX <= drawing.maxX {
            let dx = cursor - drawing.minX
            let dy = -drawing.minY
            cursor += drawing.maxX - drawing.minX + style.nodeSeparation
            for node in drawing.nodes {
                let size = input.layoutSize(input.nodeSize[node.index])
                let frame = DiagramRect(
                    x: node.center.x - size.width / 2, y: node.center.y - size.height / 2, width: size.width,
                    height: size.height)
                nodes[node.index].frame = pageRect(frame, dx, dy)
                nodes[node.index].rank = node.rank
            }
            for edge in drawing.edges {
                edges[edge.index].points = BezierPath.points(of: edge.path).map { page($0, dx, dy) }
                edges[edge.index].arrowTip = edge.tip.map { page($0, dx, dy) }
                edges[edge.index].labelFrame = edge.label.map { pageRect($0, dx, dy) }
                edges[edge.index].isBackEdge = edge.isBackEdge
                edges[edge.index].isSelfLoop = edge.isSelfLoop
            }
            for cluster in drawing.clusters {
                clusters[cluster.index].frame = pageRect(cluster.frame, dx, dy)
            }
        }
        guard minX <= maxX else {
            return DiagramLayout(
                width: 2 * style.margin, height: 2 * style.margin, nodes: nodes, edges: edges, clusters: clusters,
                style: style)
        }
        let shiftX = style.margin - minX
        let shiftY = style.margin - minY
        func shift(_ p: DiagramPoint) -> DiagramPoint { DiagramPoint(x: p.x + shiftX, y: p.y + shiftY) }
        func shift(_ r: DiagramRect) -> DiagramRect {
            DiagramRect(x: r.x + shiftX, y: r.y + shiftY, width: r.width, height: r.height)
        }
        for drawing in drawings {
            for node in drawing.nodes { nodes[node.index].frame = shift(nodes[node.index].frame) }
            for edge in drawing.edges {
                edges[edge.index].points = edges[edge.index].points.map(shift)
                edges[edge.index].arrowTip = edges[edge.index].arrowTip.map(shift)
                edges[edge.index].labelFrame = edges[edge.index].labelFrame.map(shift)
            }
            for cluster in drawing.clusters { clusters[cluster.index].frame = shift(clusters[cluster.index].frame) }
        }
        return DiagramLayout(
            width: maxX - minX + 2 * style.margin, height: maxY - minY + 2 * style.margin, nodes: nodes,
            edges: edges, clusters: clusters, style: style)
    }
}
