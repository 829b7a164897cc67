import SpecSiteKit

/// Assigns ranks (layers) to the nodes of a DAG with the network simplex
/// method of Gansner et al., as dot does: every edge spans at least its
/// minimum length and the weighted sum of edge lengths is as small as it gets,
/// so edges are short and the drawing compact.
enum Ranking {
    /// One constraint: `rank[to] - rank[from] >= minLength`, costing `weight` per rank spanned.
    struct Edge {
        var from: Int
        var to: Int
        var minLength: Int
        var weight: Int
    }

    /// Ranks for `nodeCount` nodes; each connected part starts at rank 0.
    /// `unit` is the rank step real nodes sit on (2 when ranks are doubled for
    /// labels), used by the balancing pass. `maxIterations` bounds the simplex.
    static func rank(nodeCount: Int, edges: [Edge], unit: Int, maxIterations: Int) -> [Int] {
        guard nodeCount > 0 else { return [] }
        // Parallel edges become one constraint with their weights added.
        var merged: [Edge] = []
        var indexOfPair: [Int: Int] = [:]
        for edge in edges where edge.from != edge.to {
            let key = edge.from * nodeCount + edge.to
            if let index = indexOfPair[key] {
                merged[index].weight += edge.weight
                merged[index].minLength = max(merged[index].minLength, edge.minLength)
            } else {
                indexOfPair[key] = merged.count
                merged.append(edge)
            }
        }
        let parts = components(nodeCount: nodeCount, edges: merged)
        // A root joined to one node of each part with free edges makes the
        // graph connected, so one spanning tree covers every part.
        let root = nodeCount
        var all = merged
        for part in parts {
            all.append(Edge(from: root, to: part[0], minLength: 0, weight: 0))
        }
        var simplex = NetworkSimplex(nodeCount: nodeCount + 1, edges: all, root: root)
        simplex.solve(maxIterations: maxIterations)
        var ranks = Array(simplex.rank.prefix(nodeCount))
        for part in parts {
            let low = part.map { ranks[$0] }.min() ?? 0
            for v in part { ranks[v] -= low }
        }
        balance(&ranks, nodeCount: nodeCount, edges: merged, unit: max(1, unit))
        return ranks
    }

    /// Connected parts (ignoring direction), each listing its nodes in index order.
    static func components(nodeCount: Int, edges: [Edge]) -> [[Int]] {
        var sets = DisjointSets(count: nodeCount)
        for edge in edges { sets.union(edge.from, edge.to) }
        var indexOfRoot = [Int](repeating: -1, count: nodeCount)
        var parts: [[Int]] = []
        for v in 0..<nodeCount {
            let r = sets.root(v)
            if indexOfRoot[r] < 0 {
                indexOfRoot[r] = parts.count
                parts.append([])
            }
            parts[indexOfRoot[r]].append(v)
        }
        return parts
    }

    /// dot's rank balancing: a node with as much weight coming in as going out
    /// can sit on any rank its edges allow; it goes to the least crowded one.
    private static func balance(_ ranks: inout [Int], nodeCount: Int, edges: [Edge], unit: Int) {
        var inWeight = [Int](repeating: 0, count: nodeCount)
        var outWeight = [Int](repeating: 0, count: nodeCount)
        var low = [Int](repeating: Int.min, count: nodeCount)
        var high = [Int](repeating: Int.max, count: nodeCount)
        var incident = [[Int]](repeating: [], count: nodeCount)
        for (index, edge) in edges.enumerated() {
            outWeight[edge.from] += edge.weight
            inWeight[edge.to] += edge.weight
            incident[edge.from].append(index)
            incident[edge.to].append(index)
        }
        let maxRank = ranks.max() ?? 0
        var count = [Int](repeating: 0, count: maxRank + 1)
        for r in ranks { count[r] += 1 }
        for v in 0..<nodeCount where inWeight[v] == outWeight[v] && inWeight[v] > 0 {
            low[v] = Int.min
            high[v] = Int.max
            for e in incident[v] {
                let edge = edges[e]
                if edge.to == v {
                    low[v] = max(low[v], ranks[edge.from] + edge.minLength)
                } else {
                    high[v] = min(high[v], ranks[edge.to] - edge.minLength)
                }
            }
            guard low[v] > Int.min, high[v] < Int.max, low[v] < high[v] else { continue }
            var best = ranks[v]
            var r = ranks[v] - unit
            while r >= low[v] {
                if r >= 0, count[r] < count[best] { best = r }
                r -= unit
            }
            r = ranks[v] + unit
            while r <= high[v] {
                if r <= maxRank, count[r] < count[best] { best = r }
                r += unit
            }
            if best != ranks[v] {
                count[ranks[v]] -= 1
                count[best] += 1
                ranks[v] = best
            }
        }
    }
}

/// The network simplex solver itself, on a connected graph. Pivots update
/// cut values and ranks only along the tree path and subtree they change, as
/// Graphviz does, so big graphs stay fast.
private struct NetworkSimplex {
    let nodeCount: Int
    let edges: [Ranking.Edge]
    let root: Int
    var rank: [Int]
    var outgoing: [[Int]]
    var incoming: [[Int]]
    var inTree: [Bool]
    /// Tree edges at each node.
    var treeAdjacency: [[Int]]
    /// Tree edges in a list searched round-robin for negative cut values.
    var treeEdges: [Int] = []
    var treeSlot: [Int]
    var cut: [Int]
    var parentEdge: [Int]
    var low: [Int]
    var lim: [Int]
    var searchStart = 0
    /// How many negative cut values to compare before picking the most negative (dot's search size).
    let searchSize = 30

    init(nodeCount: Int, edges: [Ranking.Edge], root: Int) {
        self.nodeCount = nodeCount
        self.edges = edges
        self.root = root
        rank = [Int](repeating: 0, count: nodeCount)
        outgoing = [[Int]](repeating: [], count: nodeCount)
        incoming = [[Int]](repeating: [], count: nodeCount)
        for (index, edge) in edges.enumerated() {
            outgoing[edge.from].append(index)
            incoming[edge.to].append(index)
        }
        inTree = [Bool](repeating: false, count: edges.count)
        treeAdjacency = [[Int]](repeating: [], count: nodeCount)
        treeSlot = [Int](repeating: -1, count: edges.count)
        cut = [Int](repeating: 0, count: edges.count)
        parentEdge = [Int](repeating: -1, count: nodeCount)
        low = [Int](repeating: 0, count: nodeCount)
        lim = [Int](repeating: 0, count: nodeCount)
    }

    func slack(_ e: Int) -> Int {
        rank[edges[e].to] - rank[edges[e].from] - edges[e].minLength
    }

    func other(_ e: Int, _ v: Int) -> Int {
        edges[e].from == v ? edges[e].to : edges[e].from
    }

    mutating func solve(maxIterations: Int) {
        longestPath()
        feasibleTree()
        _ = assignRanges(from: root, parent: -1, low: 1)
        computeCutValues()
        var iterations = 0
        while iterations < maxIterations, let leaving = leaveEdge() {
            guard let entering = enterEdge(for: leaving) else { break }
            exchange(leaving: leaving, entering: entering)
            iterations += 1
        }
    }

    /// A first feasible ranking: each node as high as its predecessors allow.
    private mutating func longestPath() {
        var inDegree = incoming.map(\.count)
        var queue = (0..<nodeCount).filter { inDegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for e in outgoing[v] {
                let w = edges[e].to
                rank[w] = max(rank[w], rank[v] + edges[e].minLength)
                inDegree[w] -= 1
                if inDegree[w] == 0 { queue.append(w) }
            }
        }
    }

    private mutating func addTreeEdge(_ e: Int) {
        inTree[e] = true
        treeSlot[e] = treeEdges.count
        treeEdges.append(e)
        treeAdjacency[edges[e].from].append(e)
        treeAdjacency[edges[e].to].append(e)
    }

    /// Grows a spanning tree of tight edges, shifting the tree's ranks to make
    /// the cheapest edge out of it tight whenever it gets stuck.
    private mutating func feasibleTree() {
        var member = [Bool](repeating: false, count: nodeCount)
        var members: [Int] = [root]
        member[root] = true
        var stack = [root]
        while true {
            while let v = stack.popLast() {
                for e in outgoing[v] + incoming[v] {
                    let w = other(e, v)
                    if member[w] || slack(e) != 0 { continue }
                    member[w] = true
                    members.append(w)
                    addTreeEdge(e)
                    stack.append(w)
                }
            }
            if members.count >= nodeCount { break }
            var best = -1
            var bestSlack = Int.max
            for e in edges.indices where member[edges[e].from] != member[edges[e].to] {
                let s = slack(e)
                if s < bestSlack {
                    bestSlack = s
                    best = e
                }
            }
            guard best >= 0 else { break }
            let delta = member[edges[best].from] ? bestSlack : -bestSlack
            for v in members { rank[v] += delta }
            stack = members
        }
    }

    /// Parent edges and low/lim (postorder) numbers of the subtree at `v`; returns the next free number.
    private mutating func assignRanges(from start: Int, parent: Int, low startLow: Int) -> Int {
        var stack: [(node: Int, next: Int)] = [(start, 0)]
        parentEdge[start] = parent
        low[start] = startLow
        var next = startLow
        while !stack.isEmpty {
            let top = stack.count - 1
            let v = stack[top].node
            if stack[top].next < treeAdjacency[v].count {
                let e = treeAdjacency[v][stack[top].next]
                stack[top].next += 1
                if e == parentEdge[v] { continue }
                let w = other(e, v)
                parentEdge[w] = e
                low[w] = next
                stack.append((w, 0))
            } else {
                lim[v] = next
                next += 1
                stack.removeLast()
            }
        }
        return next
    }

    /// Cut values of all tree edges, children before parents.
    private mutating func computeCutValues() {
        var order: [Int] = []
        order.reserveCapacity(nodeCount)
        var stack = [root]
        while let v = stack.popLast() {
            order.append(v)
            for e in treeAdjacency[v] where e != parentEdge[v] { stack.append(other(e, v)) }
        }
        for child in order.reversed() where child != root {
            let treeEdge = parentEdge[child]
            let childIsTail = edges[treeEdge].from == child
            var value = edges[treeEdge].weight
            for (list, isOut) in [(outgoing[child], true), (incoming[child], false)] {
                for e in list where e != treeEdge {
                    let pointsToHead = isOut == childIsTail
                    let weight = edges[e].weight
                    value += pointsToHead ? weight : -weight
                    if inTree[e] {
                        value += pointsToHead ? -cut[e] : cut[e]
                    }
                }
            }
            cut[treeEdge] = value
        }
    }

    /// A tree edge with a negative cut value: the most negative among the next few found, searching round-robin.
    private mutating func leaveEdge() -> Int? {
        let count = treeEdges.count
        guard count > 0 else { return nil }
        var best: Int?
        var found = 0
        var index = searchStart % count
        for _ in 0..<count {
            let e = treeEdges[index]
            if cut[e] < 0 {
                if best == nil || cut[e] < cut[best!] { best = e }
                found += 1
                if found >= searchSize { break }
            }
            index = (index + 1) % count
        }
        searchStart = index
        return best
    }

    private func isInSubtree(_ v: Int, low subtreeLow: Int, lim subtreeLim: Int) -> Bool {
        subtreeLow <= lim[v] && lim[v] <= subtreeLim
    }

    /// The non-tree edge with the least slack that reconnects the subtree cut off by `leaving`.
    private func enterEdge(for leaving: Int) -> Int? {
        let tail = edges[leaving].from
        let head = edges[leaving].to
        // The subtree below the leaving edge; edges must enter it (if it holds the tail) or leave it.
        let (subtree, searchOut) = lim[tail] < lim[head] ? (tail, false) : (head, true)
        let subtreeLow = low[subtree]
        let subtreeLim = lim[subtree]
        var best: Int?
        var bestSlack = Int.max
        var stack = [subtree]
        while let v = stack.popLast() {
            for e in searchOut ? outgoing[v] : incoming[v] where !inTree[e] {
                let w = other(e, v)
                if isInSubtree(w, low: subtreeLow, lim: subtreeLim) { continue }
                let s = slack(e)
                if best == nil || s < bestSlack {
                    bestSlack = s
                    best = e
                }
            }
            for e in treeAdjacency[v] where e != parentEdge[v] { stack.append(other(e, v)) }
        }
        return best
    }

    /// Swaps a tree edge for a non-tree edge: re-ranks the cut-off subtree so
    /// the new edge is tight, fixes cut values on the tree path between the new
    /// edge's ends, and renumbers the subtree that changed.
    private mutating func exchange(leaving: Int, entering: Int) {
        let delta = slack(entering)
        if delta > 0 {
            let tail = edges[leaving].from
            let head = edges[leaving].to
            if lim[tail] < lim[head] {
                shiftSubtree(at: tail, by: -delta)
            } else {
                shiftSubtree(at: head, by: delta)
            }
        }
        let value = cut[leaving]
        let lca = updateCuts(from: edges[entering].from, to: edges[entering].to, value: value, forward: true)
        _ = updateCuts(from: edges[entering].to, to: edges[entering].from, value: value, forward: false)
        cut[entering] = -value
        cut[leaving] = 0
        inTree[leaving] = false
        inTree[entering] = true
        let slot = treeSlot[leaving]
        treeEdges[slot] = entering
        treeSlot[entering] = slot
        treeSlot[leaving] = -1
        for v in [edges[leaving].from, edges[leaving].to] {
            treeAdjacency[v].removeAll { $0 == leaving }
        }
        treeAdjacency[edges[entering].from].append(entering)
        treeAdjacency[edges[entering].to].append(entering)
        _ = assignRanges(from: lca, parent: parentEdge[lca], low: low[lca])
    }

    /// Adds `delta` to the ranks of the subtree at `v` (still hanging from its parent edge).
    private mutating func shiftSubtree(at v: Int, by delta: Int) {
        var stack = [v]
        while let x = stack.popLast() {
            rank[x] += delta
            for e in treeAdjacency[x] where e != parentEdge[x] { stack.append(other(e, x)) }
        }
    }

    /// Walks up from `v` to the lowest common ancestor with `w`, changing the cut values on the way.
    private mutating func updateCuts(from start: Int, to w: Int, value: Int, forward: Bool) -> Int {
        var v = start
        while !isInSubtree(w, low: low[v], lim: lim[v]) {
            let e = parentEdge[v]
            guard e >= 0 else { break }
            let sameWay = v == edges[e].from ? forward : !forward
            cut[e] += sameWay ? value : -value
            v = lim[edges[e].from] > lim[edges[e].to] ? edges[e].from : edges[e].to
        }
        return v
    }
}
