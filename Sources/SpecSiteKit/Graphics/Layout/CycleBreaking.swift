/// Makes a graph acyclic by choosing edges to reverse.
///
/// Two candidates: the greedy feedback arc set of Eades, Lin and Smyth
/// (1993), which reverses few edges, and dot's depth-first search from the
/// first nodes written, which reverses the edges that lead back to where the
/// flow came from (a "retry" arrow rather than the step before it). The
/// search wins unless it reverses more edges. Ties go to the node written
/// first, so the same graph always reverses the same edges.
enum CycleBreaking {
    /// For each edge (self-loops never), whether it is reversed so that all edges point one way.
    static func reversedEdges(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Bool] {
        let greedy = greedyFeedbackArcs(nodeCount: nodeCount, edges: edges)
        let search = depthFirstBackEdges(nodeCount: nodeCount, edges: edges)
        let greedyCount = greedy.reduce(0) { $0 + ($1 ? 1 : 0) }
        let searchCount = search.reduce(0) { $0 + ($1 ? 1 : 0) }
        return searchCount <= greedyCount ? search : greedy
    }

    /// Edges that lead back to a node still on the stack of a depth-first
    /// search started at sources (then any node) in the order written.
    static func depthFirstBackEdges(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Bool] {
        var reversed = [Bool](repeating: false, count: edges.count)
        guard nodeCount > 0 else { return reversed }
        var outgoing = [[Int]](repeating: [], count: nodeCount)
        var hasIncoming = [Bool](repeating: false, count: nodeCount)
        for (index, edge) in edges.enumerated() where edge.from != edge.to {
            outgoing[edge.from].append(index)
            hasIncoming[edge.to] = true
        }
        // 0: unseen, 1: on the stack, 2: done.
        var state = [UInt8](repeating: 0, count: nodeCount)
        let starts = (0..<nodeCount).filter { !hasIncoming[$0] } + Array(0..<nodeCount)
        var stack: [(node: Int, next: Int)] = []
        for start in starts where state[start] == 0 {
            state[start] = 1
            stack.append((start, 0))
            while !stack.isEmpty {
                let top = stack.count - 1
                let v = stack[top].node
                guard stack[top].next < outgoing[v].count else {
                    state[v] = 2
                    stack.removeLast()
                    continue
                }
                let e = outgoing[v][stack[top].next]
                stack[top].next += 1
                let w = edges[e].to
                switch state[w] {
                case 0:
                    state[w] = 1
                    stack.append((w, 0))
                case 1:
                    reversed[e] = true
                default:
                    break
                }
            }
        }
        return reversed
    }

    /// Eades–Lin–Smyth: sinks to the end, sources to the front, otherwise the
    /// node with most out minus in edges next; edges pointing backwards in
    /// that sequence are reversed.
    static func greedyFeedbackArcs(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Bool] {
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
