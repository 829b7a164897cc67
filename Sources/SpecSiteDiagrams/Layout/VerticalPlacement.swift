/// Rank positions down the page.
extension ComponentLayout {
    /// Where the ranks and cluster boxes go vertically (layout space).
    struct VerticalGeometry {
        /// Centre line of each rank.
        var y: [Double]
        /// Height of each rank's band (its tallest node).
        var rankHeight: [Double]
        /// First and last rank of each cluster present.
        var clusterTop: [Int: Int] = [:]
        var clusterBottom: [Int: Int] = [:]
        /// Room between a cluster's box and its first (last) rank's band: padding, title, nested boxes.
        var topInset: [Int: Double] = [:]
        var bottomInset: [Int: Double] = [:]
        /// Per rank, the deepest cluster inset above (below) its band: edges pass there straight.
        var topStack: [Double] = []
        var bottomStack: [Double] = []
    }

    /// Rank centre lines: each rank as tall as its tallest node, gaps wide
    /// enough for the rank separation and for the cluster borders and titles between.
    func verticalGeometry(_ layered: LayeredGraph, clusters: [Int], doubled: Bool) -> VerticalGeometry {
        let rankCount = max(1, layered.rankCount)
        var height = [Double](repeating: 0, count: rankCount)
        for v in 0..<layered.count { height[layered.rank[v]] = max(height[layered.rank[v]], layered.height[v]) }
        let baseGap = doubled ? style.rankSeparation / 2 : style.rankSeparation
        var geometry = VerticalGeometry(y: [], rankHeight: height)
        geometry.topStack = [Double](repeating: 0, count: rankCount)
        geometry.bottomStack = geometry.topStack
        var topStack = [Double](repeating: 0, count: rankCount)
        var bottomStack = [Double](repeating: 0, count: rankCount)
        if !clusters.isEmpty {
            for v in 0..<layered.count {
                for c in layered.clusterPath[v] {
                    geometry.clusterTop[c] = min(geometry.clusterTop[c] ?? Int.max, layered.rank[v])
                    geometry.clusterBottom[c] = max(geometry.clusterBottom[c] ?? Int.min, layered.rank[v])
                }
            }
            let pad = LayoutInput.clusterPadding
            // Children first: a parent's inset stacks on those of children that share its first or last rank.
            for c in clusters.reversed() {
                guard let top = geometry.clusterTop[c], let bottom = geometry.clusterBottom[c] else { continue }
                var topInset = pad
                var bottomInset = pad
                let title = input.clusterTitleSize[c]
                switch input.direction {
                case .topToBottom:
                    topInset += title.height
                case .bottomToTop:
                    bottomInset += title.height
                case .leftToRight, .rightToLeft:
                    break
                }
                topInset += geometry.topInset[c] ?? 0
                bottomInset += geometry.bottomInset[c] ?? 0
                // Across the ranks (LR, RL) the title runs along the box's side from its first
                // rank's end (the page's left): it must end by that rank's far side, since edges
                // bend in the gaps beyond and would cross it there.
                let titleRun = title.height > 0 ? title.width - 8 : 0
                if input.direction == .leftToRight {
                    topInset = max(topInset, titleRun - height[top])
                } else if input.direction == .rightToLeft {
                    bottomInset = max(bottomInset, titleRun - height[bottom])
                }
                geometry.topInset[c] = topInset
                geometry.bottomInset[c] = bottomInset
                topStack[top] = max(topStack[top], topInset)
                bottomStack[bottom] = max(bottomStack[bottom], bottomInset)
                if let parent = input.clusterParent[c] {
                    // Stored as the child's contribution; the parent's own inset is added when it is reached.
                    if geometry.clusterTop[parent] == top {
                        geometry.topInset[parent] = max(geometry.topInset[parent] ?? 0, topInset)
                    }
                    if geometry.clusterBottom[parent] == bottom {
                        geometry.bottomInset[parent] = max(geometry.bottomInset[parent] ?? 0, bottomInset)
                    }
                }
            }
        }
        var y = [Double](repeating: 0, count: rankCount)
        y[0] = height[0] / 2
        if rankCount > 1 {
            for r in 1..<rankCount {
                // Edges run straight through cluster borders and titles and bend only in the free part.
                let gap = max(baseGap, bottomStack[r - 1] + topStack[r] + style.rankSeparation / 2)
                y[r] = y[r - 1] + height[r - 1] / 2 + gap + height[r] / 2
            }
        }
        geometry.y = y
        geometry.topStack = topStack
        geometry.bottomStack = bottomStack
        return geometry
    }
}
