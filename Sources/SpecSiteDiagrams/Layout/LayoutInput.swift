/// A width and height.
struct LayoutSize: Equatable {
    var width: Double
    var height: Double

    static let zero = LayoutSize(width: 0, height: 0)

    var swapped: LayoutSize { LayoutSize(width: height, height: width) }
}

/// The graph measured and cleaned up once, shared by the layout of every component.
struct LayoutInput {
    /// Length of an arrowhead along the edge.
    static let arrowLength = 8.0
    /// Space between a label's text and its box.
    static let labelPaddingX = 4.0
    static let labelPaddingY = 2.0
    /// Space between a cluster's box and what it holds.
    static let clusterPadding = 10.0
    /// Smallest node width.
    static let minimumNodeWidth = 60.0

    let graph: DiagramGraph
    let style: DiagramStyle
    let direction: DiagramGraph.Direction
    var nodeLines: [[String]] = []
    /// Outline sizes as drawn (page orientation).
    var nodeSize: [LayoutSize] = []
    /// Whether an edge joins two existing nodes.
    var edgeValid: [Bool] = []
    var labelLines: [[String]] = []
    /// Label box sizes as drawn (page orientation); zero without a label.
    var labelSize: [LayoutSize] = []
    /// Cluster parents with invalid indices and cycles removed.
    var clusterParent: [Int?] = []
    /// Each node's clusters, outermost first.
    var nodeClusterPath: [[Int]] = []
    /// Each cluster's ancestors and itself, outermost first.
    var clusterPath: [[Int]] = []
    var clusterLines: [[String]] = []
    var clusterTitleSize: [LayoutSize] = []
    /// Whether a cluster (or one nested in it) has a node.
    var clusterHasNodes: [Bool] = []

    init(graph: DiagramGraph, style: DiagramStyle) {
        self.graph = graph
        self.style = style
        direction = graph.direction
        measureNodes()
        measureEdges()
        measureClusters()
    }

    /// A page-orientation size in layout space (ranks run down the page).
    func layoutSize(_ size: LayoutSize) -> LayoutSize {
        direction.isVertical ? size : size.swapped
    }

    /// Maps an offset in layout space to the page (same for points, before the final shift).
    func toPage(_ p: DiagramPoint) -> DiagramPoint {
        switch direction {
        case .topToBottom: return p
        case .bottomToTop: return DiagramPoint(x: p.x, y: -p.y)
        case .leftToRight: return DiagramPoint(x: p.y, y: p.x)
        case .rightToLeft: return DiagramPoint(x: -p.y, y: p.x)
        }
    }

    /// The inverse of ``toPage(_:)``.
    func fromPage(_ p: DiagramPoint) -> DiagramPoint {
        switch direction {
        case .topToBottom: return p
        case .bottomToTop: return DiagramPoint(x: p.x, y: -p.y)
        case .leftToRight: return DiagramPoint(x: p.y, y: p.x)
        case .rightToLeft: return DiagramPoint(x: p.y, y: -p.x)
        }
    }

    /// Whether a layout-space point is inside node `index` centred at `center`.
    func isInside(node index: Int, center: DiagramPoint, point: DiagramPoint) -> Bool {
        let offset = toPage(DiagramPoint(x: point.x - center.x, y: point.y - center.y))
        let outline = NodeOutline(
            shape: graph.nodes[index].shape, width: nodeSize[index].width, height: nodeSize[index].height)
        return outline.contains(dx: offset.x, dy: offset.y)
    }

    // MARK: - Measuring

    private mutating func measureNodes() {
        for node in graph.nodes {
            let lines = TextMetrics.wrap(node.label, maxWidth: style.maxLabelWidth, fontSize: style.fontSize)
            nodeLines.append(lines)
            nodeSize.append(Self.outlineSize(shape: node.shape, lines: lines, style: style))
        }
    }

    /// The outline that holds `lines` inside the shape's visible area, as ``DiagramSVG`` draws it.
    static func outlineSize(shape: DiagramGraph.NodeShape, lines: [String], style: DiagramStyle) -> LayoutSize {
        let textWidth = lines.map { TextMetrics.width(of: $0, fontSize: style.fontSize) }.max() ?? 0
        let textHeight = Double(max(1, lines.count)) * style.fontSize * style.lineHeight
        var width = textWidth + 2 * style.paddingX
        var height = textHeight + 2 * style.paddingY
        switch shape {
        case .box, .rounded:
            break
        case .subroutine:
            width += 14  // the two inner side lines sit 7px in
        case .cylinder:
            height += 2 * min(8, (height + 16) / 6)  // the top rim's ellipse
        case .stadium:
            width += height  // a half circle at each end
        case .circle:
            let diagonal = (textWidth * textWidth + textHeight * textHeight).squareRoot() + 2 * style.paddingY
            let diameter = max(width, height, diagonal, minimumNodeWidth)
            return LayoutSize(width: diameter, height: diameter)
        case .diamond:
            // The text box's corners must fall inside: tw / W + th / H <= 1 for a diamond of W × H.
            let scale = max(1.4, textWidth / width + textHeight / height + 0.05)
            width *= scale
            height *= scale
        case .hexagon:
            width += height / 2
        case .parallelogram:
            width += 1.5 * min(width / 4, height * 0.3)
        }
        return LayoutSize(width: max(width, minimumNodeWidth), height: height)
    }

    private mutating func measureEdges() {
        let count = graph.nodes.count
        for edge in graph.edges {
            edgeValid.append(edge.from >= 0 && edge.from < count && edge.to >= 0 && edge.to < count)
            let lines =
                edge.label.isEmpty
                ? [] : TextMetrics.wrap(edge.label, maxWidth: style.maxEdgeLabelWidth, fontSize: style.labelFontSize)
            labelLines.append(lines)
            if lines.isEmpty {
                labelSize.append(.zero)
            } else {
                let width = lines.map { TextMetrics.width(of: $0, fontSize: style.labelFontSize) }.max() ?? 0
                let height = Double(lines.count) * style.labelFontSize * style.lineHeight
                labelSize.append(
                    LayoutSize(width: width + 2 * Self.labelPaddingX, height: height + 2 * Self.labelPaddingY))
            }
        }
    }

    private mutating func measureClusters() {
        let count = graph.clusters.count
        clusterParent = graph.clusters.map { cluster in
            cluster.parent.flatMap { (0..<count).contains($0) ? $0 : nil }
        }
        // Cut parent cycles: a cluster whose ancestors lead back to it becomes top level.
        for c in 0..<count {
            var current = clusterParent[c]
            var steps = 0
            while let p = current, steps <= count {
                if p == c {
                    clusterParent[c] = nil
                    break
                }
                current = clusterParent[p]
                steps += 1
            }
        }
        clusterPath = [[Int]](repeating: [], count: count)
        for c in 0..<count {
            var path = [c]
            var current = clusterParent[c]
            while let p = current, path.count <= count {
                path.append(p)
                current = clusterParent[p]
            }
            clusterPath[c] = path.reversed()
        }
        nodeClusterPath = graph.nodes.map { node in
            guard let c = node.cluster, (0..<count).contains(c) else { return [] }
            return clusterPath[c]
        }
        clusterHasNodes = [Bool](repeating: false, count: count)
        for path in nodeClusterPath {
            for c in path { clusterHasNodes[c] = true }
        }
        for cluster in graph.clusters {
            let lines =
                cluster.label.isEmpty
                ? []
                : TextMetrics.wrap(
                    cluster.label, maxWidth: style.maxLabelWidth, fontSize: style.labelFontSize, bold: true)
            clusterLines.append(lines)
            let width = lines.map { TextMetrics.width(of: $0, fontSize: style.labelFontSize, bold: true) }.max() ?? 0
            // DiagramSVG puts the first baseline 6px + one font size below the top.
            let height =
                lines.isEmpty
                ? 0 : 6 + style.labelFontSize * 1.25 + Double(lines.count - 1) * style.labelFontSize * style.lineHeight
            clusterTitleSize.append(LayoutSize(width: width + 16, height: height))
        }
    }
}
