/// Makes a graph acyclic by choosing edges to reverse, as Graphviz's dot
/// does: a depth-first search from the nodes nothing leads to, then any node,
/// in the order they were written, following each node's edges in the order
/// written, reverses the edges that lead back to a node still on its path.
///
/// This keeps the author's order: the start goes on top, and a loop back (a
/// "retry" arrow) is what is reversed, never the step before a check. A
/// feedback arc set that reverses fewer edges can put a check above the start
/// (one step shared by several loops is cheaper to reverse than each loop's
/// way back), which reads upside down. The same graph always reverses the same edges.
enum CycleBreaking {
    /// For each edge (self-loops never), whether it is reversed so that all edges point one way.
    static func reversedEdges(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Bool] {
        depthFirstBackEdges(nodeCount: nodeCount, edges: edges)
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
}
