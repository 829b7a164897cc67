/// Horizontal positions by Brandes and Köpf ("Fast and Simple Horizontal
/// Coordinate Assignment", 2001): four alignments of nodes with their median
/// neighbours, each compacted, then balanced. Long edges come out as straight
/// vertical runs where they can.
struct HorizontalPlacement {
    let graph: LayeredGraph
    let layers: [[Int]]
    let nodeSeparation: Double
    /// Neighbours without repeats (parallel edges align like one).
    let upper: [[Int]]
    let lower: [[Int]]
    /// For each node, the upper neighbours whose piece to it may not be aligned (type 1 conflicts).
    var conflicted: [[Int]]
    /// Whether the upper-left alignment alone is kept (``DiagramStyle/alignsToStart``).
    let alignsToStart: Bool

    init(graph: LayeredGraph, layers: [[Int]], nodeSeparation: Double, alignsToStart: Bool = false) {
        self.graph = graph
        self.layers = layers
        self.nodeSeparation = nodeSeparation
        self.alignsToStart = alignsToStart
        upper = graph.up.map { Self.unique($0) }
        lower = graph.down.map { Self.unique($0) }
        conflicted = [[Int]](repeating: [], count: graph.count)
    }

    private static func unique(_ list: [Int]) -> [Int] {
        guard list.count > 1 else { return list }
        var seen: [Int] = []
        for v in list where !seen.contains(v) { seen.append(v) }
        return seen
    }

    func separation(_ a: Int, _ b: Int) -> Double {
        graph.separation(a, b, nodeSeparation: nodeSeparation)
    }

    private func hasConflict(upper u: Int, lower v: Int) -> Bool {
        !conflicted[v].isEmpty && conflicted[v].contains(u)
    }

    /// Marks edge pieces that cross an inner segment (between two dummies), which wins alignment.
    private mutating func findConflicts() {
        var position = [Int](repeating: 0, count: graph.count)
        for layer in layers {
            for (index, v) in layer.enumerated() { position[v] = index }
        }
        guard layers.count > 2 else { return }
        for r in 1..<layers.count {
            let previous = layers[r - 1]
            let layer = layers[r]
            var k0 = 0
            var scanPosition = 0
            for (index, v) in layer.enumerated() {
                var inner: Int?
                if graph.isDummy(v) { inner = upper[v].first { graph.isDummy($0) } }
                let k1 = inner.map { position[$0] } ?? previous.count
                if inner != nil || index == layer.count - 1 {
                    for scan in layer[scanPosition...index] {
                        for u in upper[scan] {
                            let p = position[u]
                            if (p < k0 || k1 < p) && !(graph.isDummy(u) && graph.isDummy(scan)) {
                                conflicted[scan].append(u)
                            }
                        }
                    }
                    scanPosition = index + 1
                    k0 = k1
                }
            }
        }
    }

    /// Centre x of every layered node.
    mutating func place() -> [Double] {
        let n = graph.count
        guard n > 0 else { return [] }
        findConflicts()
        if alignsToStart {
            let (root, align) = verticalAlignment(layers, downward: false)
            return horizontalCompaction(layers, root: root, align: align, mirrored: false)
        }
        var results: [[Double]] = []
        var isRightward: [Bool] = []
        for downward in [false, true] {
            for rightward in [false, true] {
                var layering = downward ? Array(layers.reversed()) : layers
                if rightward { layering = layering.map { Array($0.reversed()) } }
                let (root, align) = verticalAlignment(layering, downward: downward)
                var xs = horizontalCompaction(layering, root: root, align: align, mirrored: rightward)
                if rightward { xs = xs.map { -$0 } }
                results.append(xs)
                isRightward.append(rightward)
            }
        }
        // Line the four up on the narrowest, then take the mean of the two middle values per node.
        var narrowest = 0
        var narrowestWidth = Double.infinity
        var bounds: [(Double, Double)] = []
        for (index, xs) in results.enumerated() {
            var low = Double.infinity
            var high = -Double.infinity
            for v in 0..<n {
                low = min(low, xs[v] - graph.left[v])
                high = max(high, xs[v] + graph.right[v])
            }
            bounds.append((xs.min() ?? 0, xs.max() ?? 0))
            if high - low < narrowestWidth {
                narrowestWidth = high - low
                narrowest = index
            }
        }
        for index in results.indices where index != narrowest {
            let delta =
                isRightward[index]
                ? bounds[narrowest].1 - bounds[index].1 : bounds[narrowest].0 - bounds[index].0
            if delta != 0 { results[index] = results[index].map { $0 + delta } }
        }
        var xs = [Double](repeating: 0, count: n)
        for v in 0..<n {
            var values = (results[0][v], results[1][v], results[2][v], results[3][v])
            // The two middle values of four, without allocating.
            if values.0 > values.1 { swap(&values.0, &values.1) }
            if values.2 > values.3 { swap(&values.2, &values.3) }
            xs[v] = (max(values.0, values.2) + min(values.1, values.3)) / 2
        }
        return xs
    }

    private func verticalAlignment(_ layering: [[Int]], downward: Bool) -> (root: [Int], align: [Int]) {
        let n = graph.count
        var root = Array(0..<n)
        var align = Array(0..<n)
        var position = [Int](repeating: 0, count: n)
        for layer in layering {
            for (index, v) in layer.enumerated() { position[v] = index }
        }
        let neighbours = downward ? lower : upper
        var ws: [Int] = []
        for layer in layering {
            var previousIndex = -1
            for v in layer {
                if neighbours[v].isEmpty { continue }
                ws = neighbours[v]
                if ws.count > 1 { ws.sort { position[$0] < position[$1] } }
                let low = (ws.count - 1) / 2
                let high = ws.count / 2
                for i in low...high {
                    let w = ws[i]
                    let conflict = downward ? hasConflict(upper: v, lower: w) : hasConflict(upper: w, lower: v)
                    if align[v] == v && previousIndex < position[w] && !conflict {
                        align[w] = v
                        root[v] = root[w]
                        align[v] = root[v]
                        previousIndex = position[w]
                    }
                }
            }
        }
        return (root, align)
    }

    /// Places blocks as far left as their neighbours allow, then pulls each
    /// towards its right neighbours (dagre's compaction on the block graph).
    /// A block's members are found by following `align` round from its root.
    private func horizontalCompaction(_ layering: [[Int]], root: [Int], align: [Int], mirrored: Bool) -> [Double] {
        let n = graph.count
        var previous = [Int](repeating: -1, count: n)
        var next = [Int](repeating: -1, count: n)
        var gapBefore = [Double](repeating: 0, count: n)
        for layer in layering where layer.count > 1 {
            for index in 1..<layer.count {
                let u = layer[index - 1]
                let v = layer[index]
                previous[v] = u
                next[u] = v
                // Mirrored, the node on the left of the list is on the right of the drawing.
                gapBefore[v] = mirrored ? separation(v, u) : separation(u, v)
            }
        }
        var inDegree = [Int](repeating: 0, count: n)
        for v in 0..<n where previous[v] >= 0 { inDegree[root[v]] += 1 }
        var order: [Int] = []
        order.reserveCapacity(n)
        var queue: [Int] = []
        for v in 0..<n where root[v] == v && inDegree[v] == 0 { queue.append(v) }
        var head = 0
        while head < queue.count {
            let b = queue[head]
            head += 1
            order.append(b)
            var member = b
            repeat {
                let w = next[member]
                if w >= 0 {
                    inDegree[root[w]] -= 1
                    if inDegree[root[w]] == 0 { queue.append(root[w]) }
                }
                member = align[member]
            } while member != b
        }
        var xs = [Double](repeating: 0, count: n)
        let rootCount = (0..<n).reduce(0) { $0 + (root[$1] == $1 ? 1 : 0) }
        if order.count < rootCount {
            // Not a DAG (cannot happen with a valid alignment): fall back to plain packing.
            for layer in layering {
                var x = 0.0
                for (index, v) in layer.enumerated() {
                    if index > 0 { x += gapBefore[v] }
                    xs[v] = x
                }
            }
            return xs
        }
        for b in order {
            var x = 0.0
            var member = b
            repeat {
                let p = previous[member]
                if p >= 0 { x = max(x, xs[root[p]] + gapBefore[member]) }
                member = align[member]
            } while member != b
            xs[b] = x
        }
        for b in order.reversed() {
            var limit = Double.infinity
            var member = b
            repeat {
                let w = next[member]
                if w >= 0 { limit = min(limit, xs[root[w]] - gapBefore[w]) }
                member = align[member]
            } while member != b
            if limit < .infinity { xs[b] = max(xs[b], limit) }
        }
        for v in 0..<n { xs[v] = xs[root[v]] }
        return xs
    }
}

/// Keeps clusters apart: each cluster gets a left and a right border, and
/// every rank's order (nodes, border, nodes, border …) becomes separation
/// constraints. Positions closest to the wished ones that meet them all are
/// the mean of a push-right and a push-left pass (both feasible, so their mean is).
struct ClusterConstraints {
    struct Constraint {
        var left: Int
        var right: Int
        var gap: Double
    }

    /// Variables: layered nodes first, then for cluster slot k a left border (n + 2k) and a right border (n + 2k + 1).
    var constraints: [Constraint] = []
    var variableCount: Int

    init(variableCount: Int) {
        self.variableCount = variableCount
    }

    mutating func add(_ left: Int, _ right: Int, _ gap: Double) {
        constraints.append(Constraint(left: left, right: right, gap: gap))
    }

    /// Positions meeting every constraint and as close to `wished` as the two passes get; nil if the constraints loop.
    func solve(wished: [Double]) -> [Double]? {
        let n = variableCount
        var outgoing = [[Int]](repeating: [], count: n)
        var incoming = [[Int]](repeating: [], count: n)
        var inDegree = [Int](repeating: 0, count: n)
        for (index, c) in constraints.enumerated() {
            outgoing[c.left].append(index)
            incoming[c.right].append(index)
            inDegree[c.right] += 1
        }
        var order: [Int] = []
        var queue = (0..<n).filter { inDegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            order.append(v)
            for index in outgoing[v] {
                let w = constraints[index].right
                inDegree[w] -= 1
                if inDegree[w] == 0 { queue.append(w) }
            }
        }
        guard order.count == n else { return nil }
        var pushed = wished
        for v in order {
            for index in incoming[v] {
                let c = constraints[index]
                pushed[v] = max(pushed[v], pushed[c.left] + c.gap)
            }
        }
        var pulled = wished
        for v in order.reversed() {
            for index in outgoing[v] {
                let c = constraints[index]
                pulled[v] = min(pulled[v], pulled[c.right] - c.gap)
            }
        }
        return (0..<n).map { (pushed[$0] + pulled[$0]) / 2 }
    }
}
