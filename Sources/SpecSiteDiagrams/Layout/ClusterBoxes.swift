/// Cluster boxes: every cluster is one block in each rank it spans (see
/// ``CrossingReduction``); here its borders become constraints that keep
/// other nodes out, and clusters without nodes get a placeholder.
extension ComponentLayout {
    /// A cluster with no node of its own, inside one that has nodes here, gets
    /// a placeholder in its parent's first rank, so its box is drawn inside.
    func addEmptyClusters(to layered: inout LayeredGraph) {
        let count = graph.clusters.count
        guard count > 0 else { return }
        var firstRank = [Int](repeating: Int.max, count: count)
        for v in 0..<layered.count {
            for c in layered.clusterPath[v] { firstRank[c] = min(firstRank[c], layered.rank[v]) }
        }
        for c in 0..<count where !input.clusterHasNodes[c] {
            let path = input.clusterPath[c]
            // The innermost enclosing cluster with nodes decides the component and the rank.
            guard let holder = path.dropLast().last(where: { input.clusterHasNodes[$0] }),
                firstRank[holder] < Int.max
            else { continue }
            let title = input.clusterTitleSize[c]
            let size = input.layoutSize(
                LayoutSize(
                    width: max(title.width, LayoutInput.minimumNodeWidth) - 2 * LayoutInput.clusterPadding, height: 0))
            layered.addNode(
                .filler, rank: firstRank[holder], left: size.width / 2, right: size.width / 2, height: size.height,
                clusterPath: path)
        }
    }

    /// Clusters with a node (real or not) in this component, parents before children.
    func clustersInComponent(_ layered: LayeredGraph) -> [Int] {
        var present = [Bool](repeating: false, count: graph.clusters.count)
        for path in layered.clusterPath {
            for c in path { present[c] = true }
        }
        return (0..<graph.clusters.count).filter { present[$0] }.sorted {
            let (da, db) = (depth(of: $0), depth(of: $1))
            return da != db ? da < db : $0 < $1
        }
    }

    func depth(of cluster: Int) -> Int {
        input.clusterPath[cluster].count - 1
    }

    /// Space inside a cluster's box on its left and right (layout space); the title takes the left in LR and RL.
    func horizontalInsets(of cluster: Int) -> (left: Double, right: Double) {
        let pad = LayoutInput.clusterPadding
        if input.direction.isVertical { return (pad, pad) }
        return (pad + input.clusterTitleSize[cluster].height, pad)
    }

    /// Moves nodes so no cluster's box takes in a node that is not its own,
    /// and returns the boxes' left and right sides.
    func separateClusters(
        _ layered: LayeredGraph, layers: [[Int]], xs: [Double], clusters: [Int]
    ) -> ([Double], [Int: (left: Double, right: Double)]) {
        let n = layered.count
        var slot = [Int: Int]()
        for (k, c) in clusters.enumerated() { slot[c] = k }
        func leftBorder(_ c: Int) -> Int { n + 2 * slot[c]! }
        func rightBorder(_ c: Int) -> Int { n + 2 * slot[c]! + 1 }
        let between = style.nodeSeparation / 2
        var system = ClusterConstraints(variableCount: n + 2 * clusters.count)
        enum Token {
            case node(Int)
            case open(Int)
            case close(Int)
        }
        // Across-the-page titles (TB, BT) sit over the left of the box's first rank (last for
        // BT): keep that rank's nodes right of the title, so no edge runs up into it.
        var titleRank = [Int](repeating: -1, count: graph.clusters.count)
        if input.direction.isVertical {
            for v in 0..<n {
                for c in layered.clusterPath[v] where input.clusterTitleSize[c].height > 0 {
                    let r = layered.rank[v]
                    if titleRank[c] < 0 {
                        titleRank[c] = r
                    } else {
                        titleRank[c] = input.direction == .topToBottom ? min(titleRank[c], r) : max(titleRank[c], r)
                    }
                }
            }
        }
        func leftInset(_ c: Int, rank: Int) -> Double {
            let inset = horizontalInsets(of: c).left
            return titleRank[c] == rank ? max(inset, input.clusterTitleSize[c].width) : inset
        }
        for (rank, layer) in layers.enumerated() {
            var tokens: [Token] = []
            var open: [Int] = []
            for v in layer {
                let path = layered.clusterPath[v]
                var shared = 0
                while shared < min(open.count, path.count) && open[shared] == path[shared] { shared += 1 }
                while open.count > shared { tokens.append(.close(open.removeLast())) }
                for c in path[shared...] {
                    open.append(c)
                    tokens.append(.open(c))
                }
                tokens.append(.node(v))
            }
            while let c = open.popLast() { tokens.append(.close(c)) }
            for (a, b) in zip(tokens, tokens.dropFirst()) {
                switch (a, b) {
                case (.node(let u), .node(let v)):
                    system.add(u, v, layered.separation(u, v, nodeSeparation: style.nodeSeparation))
                case (.node(let u), .open(let c)):
                    system.add(u, leftBorder(c), layered.right[u] + between)
                case (.close(let c), .node(let v)):
                    system.add(rightBorder(c), v, between + layered.left[v])
                case (.close(let c), .open(let d)):
                    system.add(rightBorder(c), leftBorder(d), between)
                case (.open(let c), .node(let v)):
                    system.add(leftBorder(c), v, leftInset(c, rank: rank) + layered.left[v])
                case (.open(let c), .open(let d)):
                    system.add(leftBorder(c), leftBorder(d), leftInset(c, rank: rank))
                case (.node(let u), .close(let c)):
                    system.add(u, rightBorder(c), layered.right[u] + horizontalInsets(of: c).right)
                case (.close(let d), .close(let c)):
                    system.add(rightBorder(d), rightBorder(c), horizontalInsets(of: c).right)
                case (.open, .close):
                    break  // an opened cluster always holds a node first
                }
            }
        }
        var wished = xs + [Double](repeating: 0, count: 2 * clusters.count)
        // Borders wish to hug their contents; children first, so parents can hug them.
        var low = [Double](repeating: .infinity, count: clusters.count)
        var high = [Double](repeating: -.infinity, count: clusters.count)
        // And to leave their title rank's nodes where they are.
        var titleLow = [Double](repeating: .infinity, count: clusters.count)
        for v in 0..<n {
            for c in layered.clusterPath[v] where titleRank[c] == layered.rank[v] {
                let k = slot[c]!
                titleLow[k] = min(titleLow[k], xs[v] - layered.left[v] - input.clusterTitleSize[c].width)
            }
            guard let c = layered.clusterPath[v].last, let k = slot[c] else { continue }
            low[k] = min(low[k], xs[v] - layered.left[v])
            high[k] = max(high[k], xs[v] + layered.right[v])
        }
        for c in clusters.reversed() {
            let k = slot[c]!
            let insets = horizontalInsets(of: c)
            let left = min(low[k] - insets.left, titleLow[k])
            let right = high[k] + insets.right
            wished[n + 2 * k] = left
            wished[n + 2 * k + 1] = right
            if input.direction.isVertical {
                system.add(leftBorder(c), rightBorder(c), input.clusterTitleSize[c].width)
            }
            if let parent = input.clusterParent[c], let pk = slot[parent] {
                low[pk] = min(low[pk], left)
                high[pk] = max(high[pk], right)
            }
        }
        guard let solved = system.solve(wished: wished) else {
            var frames: [Int: (left: Double, right: Double)] = [:]
            for c in clusters { frames[c] = (wished[leftBorder(c)], wished[rightBorder(c)]) }
            return (xs, frames)
        }
        var frames: [Int: (left: Double, right: Double)] = [:]
        for c in clusters { frames[c] = (solved[leftBorder(c)], solved[rightBorder(c)]) }
        return (Array(solved.prefix(n)), frames)
    }
}
