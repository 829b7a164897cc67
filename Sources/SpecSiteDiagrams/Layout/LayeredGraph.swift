/// The graph the layout works on once ranks are known: real nodes, plus
/// virtual nodes that split every edge into pieces between neighbouring
/// ranks, label nodes that hold edge labels, and filler nodes that keep a
/// cluster's box in the ranks where it has no node of its own.
///
/// Sizes are in layout space: ranks run down the page (TB); for LR and RL
/// layouts widths and heights were swapped before.
struct LayeredGraph {
    enum Kind: Equatable {
        /// A real node (its index within the component).
        case real(Int)
        /// A bend point of a long edge.
        case virtual
        /// The middle of a labelled edge, as wide as the label.
        case label
        /// Holds a cluster's place in a rank where it has no other node.
        case filler
    }

    /// One edge of the component as a chain of layered nodes, top to bottom.
    struct Chain {
        /// The edge's index in the ``DiagramGraph``.
        var edge: Int
        /// Layered nodes from the upper end to the lower end.
        var nodes: [Int]
        /// Whether the edge points up in the drawing (it was reversed to break a cycle).
        var reversed: Bool
        /// The label node in `nodes`, if the edge has a label.
        var labelNode: Int?
    }

    var kind: [Kind] = []
    var rank: [Int] = []
    /// Extent left of the centre line.
    var left: [Double] = []
    /// Extent right of the centre line (a node with self-loops reaches further right).
    var right: [Double] = []
    var height: [Double] = []
    /// Clusters the node is drawn in, outermost first.
    var clusterPath: [[Int]] = []
    /// Neighbours in the rank above and below, one entry per edge piece.
    var up: [[Int]] = []
    var down: [[Int]] = []

    var chains: [Chain] = []
    var rankCount = 0

    var count: Int { kind.count }

    /// Real nodes and label nodes keep a full node gap from their neighbours; edges pack closer.
    func isSpacious(_ v: Int) -> Bool {
        switch kind[v] {
        case .real, .label: return true
        case .virtual, .filler: return false
        }
    }

    /// Virtual and label nodes belong to an edge; the coordinate step keeps their runs straight.
    func isDummy(_ v: Int) -> Bool {
        switch kind[v] {
        case .virtual, .label: return true
        case .real, .filler: return false
        }
    }

    /// Smallest distance between the centres of `a` (on the left) and `b` in one rank.
    func separation(_ a: Int, _ b: Int, nodeSeparation: Double) -> Double {
        let gap = isSpacious(a) && isSpacious(b) ? nodeSeparation : nodeSeparation / 2
        return right[a] + gap + left[b]
    }

    @discardableResult
    mutating func addNode(
        _ kind: Kind, rank: Int, left: Double, right: Double, height: Double, clusterPath: [Int]
    ) -> Int {
        self.kind.append(kind)
        self.rank.append(rank)
        self.left.append(left)
        self.right.append(right)
        self.height.append(height)
        self.clusterPath.append(clusterPath)
        up.append([])
        down.append([])
        rankCount = max(rankCount, rank + 1)
        return self.kind.count - 1
    }

    mutating func link(_ upper: Int, _ lower: Int) {
        down[upper].append(lower)
        up[lower].append(upper)
    }

    /// Adds a filler node for every rank a cluster spans without a node of its
    /// own there, so its box is one unbroken block in every rank it covers.
    mutating func addClusterFillers(clusterCount: Int) {
        guard clusterCount > 0 else { return }
        var lowest = [Int](repeating: Int.max, count: clusterCount)
        var highest = [Int](repeating: Int.min, count: clusterCount)
        for v in 0..<count {
            for c in clusterPath[v] {
                lowest[c] = min(lowest[c], rank[v])
                highest[c] = max(highest[c], rank[v])
            }
        }
        for c in 0..<clusterCount where lowest[c] <= highest[c] {
            var present = [Bool](repeating: false, count: highest[c] - lowest[c] + 1)
            var path: [Int] = []
            for v in 0..<count where clusterPath[v].contains(c) {
                present[rank[v] - lowest[c]] = true
                if path.isEmpty, let at = clusterPath[v].firstIndex(of: c) {
                    path = Array(clusterPath[v][...at])
                }
            }
            for (offset, isPresent) in present.enumerated() where !isPresent {
                addNode(.filler, rank: lowest[c] + offset, left: 0, right: 0, height: 0, clusterPath: path)
            }
        }
    }
}
