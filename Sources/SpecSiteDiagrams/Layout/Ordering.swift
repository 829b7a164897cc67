/// Orders the nodes within each rank so few edges cross, as dot's mincross
/// does: a few initial orders, then weighted-median sweeps down and up, each
/// followed by transposition of neighbours, keeping the best order seen.
///
/// Clusters stay in one piece: in every rank the members of a cluster are
/// next to each other, and sibling clusters come in the same order in every
/// rank, so cluster boxes need not overlap.
struct CrossingReduction {
    /// How much work to spend: bigger graphs get fewer starts and sweeps.
    struct Budget {
        var starts: Int
        var iterations: Int
        var transposePasses: Int
        /// Whether to sift (move single nodes to their best place); costly on wide ranks.
        var sifting: Bool
        /// Extra starts from shuffled searches: median sweeps get stuck in
        /// local minima, and small graphs can afford to try again elsewhere.
        var restarts = 0

        static func forGraph(nodeCount: Int, pieceCount: Int) -> Budget {
            let size = nodeCount + pieceCount
            if size > 100_000 { return Budget(starts: 1, iterations: 2, transposePasses: 1, sifting: false) }
            if size > 20_000 { return Budget(starts: 1, iterations: 4, transposePasses: 4, sifting: false) }
            if size > 8_000 { return Budget(starts: 1, iterations: 8, transposePasses: 8, sifting: false) }
            if size > 3_000 { return Budget(starts: 2, iterations: 16, transposePasses: 20, sifting: false) }
            var budget = Budget(starts: 3, iterations: 24, transposePasses: 100, sifting: true)
            // Work grows with size times starts: keep their product about level.
            budget.restarts = min(40, max(0, 8_000 / max(size, 1) - 3))
            return budget
        }
    }

    let graph: LayeredGraph
    let hasClusters: Bool
    /// Innermost cluster of each node, -1 for none: transposition only swaps nodes of the same one.
    let innermost: [Int]
    var layers: [[Int]]
    var pos: [Int]
    /// Where each cluster goes among its siblings (smaller first).
    var clusterKey: [Double]
    /// Neighbours in compressed rows, quick to scan: those of v above are
    /// `upTargets[upOffsets[v]..<upOffsets[v + 1]]`.
    let upOffsets: [Int]
    let upTargets: [Int]
    let downOffsets: [Int]
    let downTargets: [Int]

    /// The best order found for `graph`, rank by rank.
    static func order(_ graph: LayeredGraph, clusterCount: Int) -> [[Int]] {
        var reduction = CrossingReduction(graph: graph, clusterCount: clusterCount)
        guard graph.rankCount > 1 else {
            reduction.layers = reduction.initialOrder(.depthFirst)
            reduction.enforceClusters()
            return reduction.layers
        }
        let pieces = graph.down.reduce(0) { $0 + $1.count }
        let budget = Budget.forGraph(nodeCount: graph.count, pieceCount: pieces)
        var bestLayers: [[Int]] = []
        var bestCrossings = Int.max
        var starts: [InitialOrder] = Array([.depthFirst, .breadthFirstDown, .breadthFirstUp].prefix(budget.starts))
        starts += (0..<budget.restarts).map { .shuffled(seed: UInt64($0 + 1)) }
        for start in starts {
            reduction.setLayers(reduction.initialOrder(start))
            reduction.enforceClusters()
            let crossings = reduction.minimize(budget: budget)
            if crossings < bestCrossings {
                bestCrossings = crossings
                bestLayers = reduction.layers
            }
            if bestCrossings == 0 { break }
        }
        // A last round from the best order, as dot's final pass does.
        if bestCrossings > 0 && budget.starts > 1 {
            reduction.setLayers(bestLayers)
            let crossings = reduction.minimize(budget: budget)
            if crossings < bestCrossings { bestLayers = reduction.layers }
        }
        return bestLayers
    }

    init(graph: LayeredGraph, clusterCount: Int) {
        self.graph = graph
        innermost = graph.clusterPath.map { $0.last ?? -1 }
        hasClusters = innermost.contains { $0 >= 0 }
        layers = [[Int]](repeating: [], count: graph.rankCount)
        pos = [Int](repeating: 0, count: graph.count)
        clusterKey = [Double](repeating: 0, count: clusterCount)
        (upOffsets, upTargets) = Self.compressed(graph.up)
        (downOffsets, downTargets) = Self.compressed(graph.down)
    }

    private static func compressed(_ lists: [[Int]]) -> ([Int], [Int]) {
        var offsets = [0]
        offsets.reserveCapacity(lists.count + 1)
        var targets: [Int] = []
        for list in lists {
            targets += list
            offsets.append(targets.count)
        }
        return (offsets, targets)
    }

    mutating func setLayers(_ newLayers: [[Int]]) {
        layers = newLayers
        for layer in layers {
            for (index, v) in layer.enumerated() { pos[v] = index }
        }
    }

    // MARK: - Initial orders

    enum InitialOrder: Equatable {
        case depthFirst
        case breadthFirstDown
        case breadthFirstUp
        /// A depth-first search with starts and children in a pseudo-random (but fixed) order.
        case shuffled(seed: UInt64)
    }

    /// Nodes put into their ranks in the order a search of the graph meets them.
    func initialOrder(_ kind: InitialOrder) -> [[Int]] {
        var result = [[Int]](repeating: [], count: graph.rankCount)
        var visited = [Bool](repeating: false, count: graph.count)
        let n = graph.count
        var starts: [Int] = []
        switch kind {
        case .depthFirst, .breadthFirstDown, .shuffled:
            starts = (0..<n).filter { graph.up[$0].isEmpty }
        case .breadthFirstUp:
            starts = (0..<n).filter { graph.down[$0].isEmpty }
        }
        starts += 0..<n
        switch kind {
        case .depthFirst, .shuffled:
            var random = ShuffleGenerator(state: 0)
            var shuffles = false
            if case .shuffled(let seed) = kind {
                random = ShuffleGenerator(state: seed)
                shuffles = true
                random.shuffle(&starts)
            }
            var stack: [Int] = []
            var children: [Int] = []
            for start in starts where !visited[start] {
                stack.append(start)
                while let v = stack.popLast() {
                    if visited[v] { continue }
                    visited[v] = true
                    result[graph.rank[v]].append(v)
                    children = graph.down[v].reversed()
                    if shuffles { random.shuffle(&children) }
                    for w in children where !visited[w] { stack.append(w) }
                }
            }
        case .breadthFirstDown, .breadthFirstUp:
            var queue: [Int] = []
            var head = 0
            for start in starts where !visited[start] {
                visited[start] = true
                queue.append(start)
                while head < queue.count {
                    let v = queue[head]
                    head += 1
                    result[graph.rank[v]].append(v)
                    let first = kind == .breadthFirstDown ? graph.down[v] : graph.up[v]
                    let second = kind == .breadthFirstDown ? graph.up[v] : graph.down[v]
                    for w in first + second where !visited[w] {
                        visited[w] = true
                        queue.append(w)
                    }
                }
            }
        }
        return result
    }

    /// A fixed-seed generator for the shuffled starts, so results never vary between runs.
    struct ShuffleGenerator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func shuffle(_ list: inout [Int]) {
            guard list.count > 1 else { return }
            for i in stride(from: list.count - 1, to: 0, by: -1) { list.swapAt(i, next(i + 1)) }
        }
    }

    // MARK: - Counting

    /// Crossings between ranks `r` and `r + 1` (Barth, Jünger and Mutzel's accumulator tree).
    func crossings(below r: Int) -> Int {
        let southCount = layers[r + 1].count
        guard southCount > 1, layers[r].count > 1 else { return 0 }
        var firstIndex = 1
        while firstIndex < southCount { firstIndex *= 2 }
        var tree = [Int](repeating: 0, count: 2 * firstIndex - 1)
        firstIndex -= 1
        var total = 0
        var scratch: [Int] = []
        for v in layers[r] {
            scratch.removeAll(keepingCapacity: true)
            for k in downOffsets[v]..<downOffsets[v + 1] { scratch.append(pos[downTargets[k]]) }
            if scratch.count > 1 { scratch.sort() }
            for p in scratch {
                var index = p + firstIndex
                tree[index] += 1
                while index > 0 {
                    if index % 2 == 1 { total += tree[index + 1] }
                    index = (index - 1) / 2
                    tree[index] += 1
                }
            }
        }
        return total
    }

    func totalCrossings() -> Int {
        var total = 0
        for r in 0..<(max(layers.count, 1) - 1) { total += crossings(below: r) }
        return total
    }

    // MARK: - Minimizing

    /// Median sweeps and transposition until they stop helping; leaves the best order in `layers`.
    mutating func minimize(budget: Budget) -> Int {
        var best = totalCrossings()
        var bestLayers = layers
        var trying = 0
        let minQuit = 8
        let convergence = 0.995
        for iteration in 0..<budget.iterations {
            if best == 0 { break }
            let reverse = iteration % 4 < 2
            if hasClusters { updateClusterKeys() }
            medianSweep(downward: iteration % 2 == 0, reverse: reverse)
            transpose(reverse: reverse, maxPasses: budget.transposePasses)
            let current = totalCrossings()
            if current <= best {
                if Double(current) < convergence * Double(best) { trying = 0 }
                best = current
                bestLayers = layers
            } else {
                trying += 1
                if trying >= minQuit { break }
            }
        }
        setLayers(bestLayers)
        if best > 0 {
            if budget.sifting { sift() }
            transpose(reverse: false, maxPasses: budget.transposePasses)
            best = totalCrossings()
        }
        return best
    }

    /// dot's weighted median of neighbour positions (nil without neighbours: the node stays put).
    static func median(_ positions: [Int]) -> Double? {
        let count = positions.count
        guard count > 0 else { return nil }
        let m = count / 2
        if count % 2 == 1 { return Double(positions[m]) }
        if count == 2 { return Double(positions[0] + positions[1]) / 2 }
        let left = Double(positions[m - 1] - positions[0])
        let right = Double(positions[count - 1] - positions[m])
        if left + right == 0 { return Double(positions[m - 1] + positions[m]) / 2 }
        return (Double(positions[m - 1]) * right + Double(positions[m]) * left) / (left + right)
    }

    mutating func medianSweep(downward: Bool, reverse: Bool) {
        let ranks = downward ? Array(1..<layers.count) : Array((0..<(layers.count - 1)).reversed())
        var scratch: [Int] = []
        for r in ranks {
            var keys = [Double?](repeating: nil, count: layers[r].count)
            for (index, v) in layers[r].enumerated() {
                scratch.removeAll(keepingCapacity: true)
                if downward {
                    for k in upOffsets[v]..<upOffsets[v + 1] { scratch.append(pos[upTargets[k]]) }
                } else {
                    for k in downOffsets[v]..<downOffsets[v + 1] { scratch.append(pos[downTargets[k]]) }
                }
                if scratch.count > 1 { scratch.sort() }
                keys[index] = Self.median(scratch)
            }
            arrange(rank: r, keys: keys, reverse: reverse)
        }
    }

    /// Reorders one rank by `keys` (one per current position); nodes without a key keep their place.
    mutating func arrange(rank r: Int, keys: [Double?], reverse: Bool) {
        let layer = layers[r]
        let order: [Int]
        if hasClusters {
            order = arrangeGroup(Array(layer.indices), depth: 0, keys: keys, reverse: reverse, layer: layer)
        } else {
            order = Self.sortKeepingFixed(Array(layer.indices), keys: keys, reverse: reverse)
        }
        let newLayer = order.map { layer[$0] }
        layers[r] = newLayer
        for (index, v) in newLayer.enumerated() { pos[v] = index }
    }

    /// `items` sorted by key; items without a key stay in their slots. Ties keep (or with `reverse`, flip) their order.
    static func sortKeepingFixed(_ items: [Int], keys: [Double?], reverse: Bool) -> [Int] {
        var movable: [(key: Double, slot: Int)] = []
        for slot in items.indices {
            if let key = keys[slot] { movable.append((key, slot)) }
        }
        movable.sort { a, b in
            if a.key != b.key { return a.key < b.key }
            return reverse ? a.slot > b.slot : a.slot < b.slot
        }
        var result = items
        var next = 0
        for slot in items.indices where keys[slot] != nil {
            result[slot] = items[movable[next].slot]
            next += 1
        }
        return result
    }

    /// Sorts positions `members` of a rank that share the clusters above `depth`,
    /// keeping each deeper cluster in one block and sibling blocks in the global order.
    private func arrangeGroup(_ members: [Int], depth: Int, keys: [Double?], reverse: Bool, layer: [Int]) -> [Int] {
        var entryMembers: [[Int]] = []
        var entryCluster: [Int] = []
        var entryOfCluster: [Int: Int] = [:]
        for p in members {
            let path = graph.clusterPath[layer[p]]
            if path.count > depth {
                let c = path[depth]
                if let entry = entryOfCluster[c] {
                    entryMembers[entry].append(p)
                } else {
                    entryOfCluster[c] = entryMembers.count
                    entryMembers.append([p])
                    entryCluster.append(c)
                }
            } else {
                entryMembers.append([p])
                entryCluster.append(-1)
            }
        }
        var entryKeys = [Double?](repeating: nil, count: entryMembers.count)
        for entry in entryMembers.indices {
            if entryCluster[entry] < 0 {
                entryKeys[entry] = keys[entryMembers[entry][0]]
            } else {
                entryMembers[entry] = arrangeGroup(
                    entryMembers[entry], depth: depth + 1, keys: keys, reverse: reverse, layer: layer)
                let known = entryMembers[entry].compactMap { keys[$0] }
                entryKeys[entry] = known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
            }
        }
        var order = Self.sortKeepingFixed(Array(entryMembers.indices), keys: entryKeys, reverse: reverse)
        // Sibling clusters take the slots clusters got, in the order they have in every rank.
        let clusterSlots = order.indices.filter { entryCluster[order[$0]] >= 0 }
        if clusterSlots.count > 1 {
            let clusterEntries = clusterSlots.map { order[$0] }.sorted { a, b in
                let (ka, kb) = (clusterKey[entryCluster[a]], clusterKey[entryCluster[b]])
                return ka != kb ? ka < kb : entryCluster[a] < entryCluster[b]
            }
            for (slot, entry) in zip(clusterSlots, clusterEntries) { order[slot] = entry }
        }
        return order.flatMap { entryMembers[$0] }
    }

    /// Each cluster's mean relative position over all its nodes: the order sibling clusters keep.
    mutating func updateClusterKeys() {
        var sum = [Double](repeating: 0, count: clusterKey.count)
        var count = [Int](repeating: 0, count: clusterKey.count)
        for layer in layers {
            let size = Double(layer.count)
            for (index, v) in layer.enumerated() {
                let relative = (Double(index) + 0.5) / size
                for c in graph.clusterPath[v] {
                    sum[c] += relative
                    count[c] += 1
                }
            }
        }
        for c in clusterKey.indices where count[c] > 0 { clusterKey[c] = sum[c] / Double(count[c]) }
    }

    /// Makes every rank's clusters contiguous and consistently ordered, moving nodes as little as possible.
    mutating func enforceClusters() {
        for layer in layers {
            for (index, v) in layer.enumerated() { pos[v] = index }
        }
        guard hasClusters else { return }
        updateClusterKeys()
        for r in layers.indices {
            arrange(rank: r, keys: layers[r].indices.map { Double($0) }, reverse: false)
        }
    }

    // MARK: - Transposition

    /// Swaps neighbours while that removes crossings (with `reverse`, also on ties, to leave plateaus).
    mutating func transpose(reverse: Bool, maxPasses: Int) {
        var candidate = [Bool](repeating: true, count: layers.count)
        var passes = 0
        while passes < maxPasses {
            var delta = 0
            for r in layers.indices where candidate[r] {
                delta += transposeStep(r, reverse: reverse, candidate: &candidate)
            }
            passes += 1
            if delta < 1 { break }
        }
    }

    private mutating func transposeStep(_ r: Int, reverse: Bool, candidate: inout [Bool]) -> Int {
        candidate[r] = false
        guard layers[r].count > 1 else { return 0 }
        // The rank is taken out of `layers` while it is worked on, so swapping two of its
        // nodes is a write to a local array, not a uniqueness check of both levels.
        var layer: [Int] = []
        swap(&layer, &layers[r])
        defer { swap(&layer, &layers[r]) }
        var improvement = 0
        for index in 0..<(layer.count - 1) {
            let v = layer[index]
            let w = layer[index + 1]
            if innermost[v] != innermost[w] { continue }
            let (before, after) = crossings(r, v, w)
            if after < before || (before > 0 && reverse && after == before) {
                layer[index] = w
                layer[index + 1] = v
                pos[v] = index + 1
                pos[w] = index
                improvement += before - after
                candidate[r] = true
                if r > 0 { candidate[r - 1] = true }
                if r + 1 < layers.count { candidate[r + 1] = true }
            }
        }
        return improvement
    }

    // MARK: - Sifting

    /// Moves each node, one at a time, to the place in its rank (within its
    /// cluster's run) where it crosses least with both neighbouring ranks.
    mutating func sift() {
        for r in layers.indices where layers[r].count > 1 {
            for v in layers[r] {
                let index = pos[v]
                let layer = layers[r]
                var low = index
                while low > 0 && innermost[layer[low - 1]] == innermost[v] { low -= 1 }
                var high = index
                while high + 1 < layer.count && innermost[layer[high + 1]] == innermost[v] { high += 1 }
                var best = 0
                var bestIndex = index
                var change = 0
                var p = index - 1
                while p >= low {
                    let w = layer[p]
                    let (wFirst, vFirst) = crossings(r, w, v)
                    change += vFirst - wFirst
                    if change < best {
                        best = change
                        bestIndex = p
                    }
                    p -= 1
                }
                change = 0
                p = index + 1
                while p <= high {
                    let w = layer[p]
                    let (vFirst, wFirst) = crossings(r, v, w)
                    change += wFirst - vFirst
                    if change < best {
                        best = change
                        bestIndex = p
                    }
                    p += 1
                }
                guard bestIndex != index else { continue }
                layers[r].remove(at: index)
                layers[r].insert(v, at: bestIndex)
                for k in min(index, bestIndex)...max(index, bestIndex) { pos[layers[r][k]] = k }
            }
        }
    }

    /// Crossings between the edges of `v` and `w` (rank `r`) with `v` left of
    /// `w`, and with `w` left of `v`.
    private func crossings(_ r: Int, _ v: Int, _ w: Int) -> (vFirst: Int, wFirst: Int) {
        var vFirst = 0
        var wFirst = 0
        // Transposition and sifting ask this for every pair of neighbours in every pass (over a
        // million times for a large screen map): the arrays are read through buffers, without
        // a bounds check at each step. Every index is a node's or an edge's, in range by construction.
        pos.withUnsafeBufferPointer { pos in
            if r > 0 {
                upOffsets.withUnsafeBufferPointer { offsets in
                    upTargets.withUnsafeBufferPointer { targets in
                        Self.count(v, w, offsets, targets, pos, &vFirst, &wFirst)
                    }
                }
            }
            if r + 1 < layers.count {
                downOffsets.withUnsafeBufferPointer { offsets in
                    downTargets.withUnsafeBufferPointer { targets in
                        Self.count(v, w, offsets, targets, pos, &vFirst, &wFirst)
                    }
                }
            }
        }
        return (vFirst, wFirst)
    }

    @inline(__always)
    private static func count(
        _ v: Int, _ w: Int, _ offsets: UnsafeBufferPointer<Int>, _ targets: UnsafeBufferPointer<Int>,
        _ pos: UnsafeBufferPointer<Int>, _ vFirst: inout Int, _ wFirst: inout Int
    ) {
        let wStart = offsets[w]
        let wEnd = offsets[w + 1]
        guard wStart < wEnd else { return }
        for i in offsets[v]..<offsets[v + 1] {
            let x = pos[targets[i]]
            for j in wStart..<wEnd {
                let y = pos[targets[j]]
                if x > y {
                    vFirst += 1
                } else if x < y {
                    wFirst += 1
                }
            }
        }
    }
}
