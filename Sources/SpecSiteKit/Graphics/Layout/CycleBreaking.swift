/// Makes a graph acyclic by choosing edges to reverse: the greedy feedback
/// arc set of Eades, Lin and Smyth (1993). Ties go to the node written first,
/// so the same graph always reverses the same edges.
enum CycleBreaking {
    /// For each edge (no self-loops), whether it has to be reversed so that all edges point one way.
    static func reversedEdges(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Bool] {
        guard nodeCount > 0, !edges.isEmpty else { return [Bool](repeating: false, count: edges.count) }
        var outgoing = [[Int]](repeating: [], count: nodeCount)
        var incoming = [[Int]](repeating: [], count: nodeCount)
        var outDegree = [Int](repeating: 0, count: nodeCount)
        var inDegree = [Int](repeating: 0, count: nodeCount)
        for (index, edge) in edges.enumerated() where edge.from != edge.to {
            outgoing[edge.from].append(index)
            incoming[edge.to].append(index)
            outDegree[edge.from] += 1
            inDegree[edge.to] += 1
        }
        var removed = [Bool](repeating: false, count: nodeCount)
        var remaining = nodeCount
        var front: [Int] = []  // sources and chosen nodes, in order
        var back: [Int] = []  // sinks, last first
        var sinks: [Int] = (0..<nodeCount).filter { outDegree[$0] == 0 }
        var sources: [Int] = (0..<nodeCount).filter { inDegree[$0] == 0 && outDegree[$0] > 0 }
        var sinkHead = 0
        var sourceHead = 0

        func remove(_ v: Int) {
            removed[v] = true
            remaining -= 1
            for e in outgoing[v] {
                let w = edges[e].to
                if removed[w] { continue }
                inDegree[w] -= 1
                if inDegree[w] == 0 { sources.append(w) }
            }
            for e in incoming[v] {
                let u = edges[e].from
                if removed[u] { continue }
                outDegree[u] -= 1
                if outDegree[u] == 0 { sinks.append(u) }
            }
        }

        while remaining > 0 {
            var progress = true
            while progress {
                progress = false
                while sinkHead < sinks.count {
                    let v = sinks[sinkHead]
                    sinkHead += 1
                    if removed[v] { continue }
                    back.append(v)
                    remove(v)
                    progress = true
                }
                while sourceHead < sources.count {
                    let v = sources[sourceHead]
                    sourceHead += 1
                    if removed[v] { continue }
                    front.append(v)
                    remove(v)
                    progress = true
                    // Sinks first again, as in the algorithm.
                    if sinkHead < sinks.count { break }
                }
            }
            if remaining == 0 { break }
            // Every remaining node lies on a cycle: take the one with most out minus in.
            var best = -1
            var bestDelta = Int.min
            for v in 0..<nodeCount where !removed[v] {
                let delta = outDegree[v] - inDegree[v]
                if delta > bestDelta {
                    bestDelta = delta
                    best = v
                }
            }
            front.append(best)
            remove(best)
        }
        var position = [Int](repeating: 0, count: nodeCount)
        for (index, v) in (front + back.reversed()).enumerated() {
            position[v] = index
        }
        return edges.map { $0.from != $0.to && position[$0.from] > position[$0.to] }
    }
}
