/// A point in diagram coordinates (CSS pixels, y grows downwards).
public struct DiagramPoint: Sendable, Equatable, Codable {
    /// Horizontal position.
    public var x: Double
    /// Vertical position.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in diagram coordinates.
public struct DiagramRect: Sendable, Equatable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centre point.
    public var center: DiagramPoint { DiagramPoint(x: x + width / 2, y: y + height / 2) }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }

    /// Whether `point` lies inside the rectangle or on its edge.
    public func contains(_ point: DiagramPoint) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// Whether the two rectangles share any interior area (touching edges do not count).
    public func intersects(_ other: DiagramRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// Sizes the layout works with; the defaults suit a documentation page.
public struct DiagramStyle: Sendable, Equatable, Codable {
    /// Font size of node labels, in pixels.
    public var fontSize: Double
    /// Font size of edge and cluster labels, in pixels.
    public var labelFontSize: Double
    /// Distance between baselines of wrapped lines, as a multiple of the font size.
    public var lineHeight: Double
    /// Widest a node label line may be before it wraps, in pixels.
    public var maxLabelWidth: Double
    /// Widest an edge label line may be before it wraps, in pixels.
    public var maxEdgeLabelWidth: Double
    /// Space between a node's text and its outline, across and along the text.
    public var paddingX: Double
    /// Space between a node's text and its outline, above and below.
    public var paddingY: Double
    /// Smallest gap between neighbouring nodes in one rank.
    public var nodeSeparation: Double
    /// Smallest gap between ranks.
    public var rankSeparation: Double
    /// Space kept around the whole drawing.
    public var margin: Double
    /// Whether each node lines up with its first neighbour in the rank before
    /// (one of Brandes–Köpf's four alignments alone) rather than midway between
    /// the four: the drawing hangs from its start at the left edge (the top,
    /// across the page), so one that must scroll opens on where it begins.
    public var alignsToStart = false

    /// Creates a style.
    public init(
        fontSize: Double = 14, labelFontSize: Double = 12, lineHeight: Double = 1.3, maxLabelWidth: Double = 180,
        maxEdgeLabelWidth: Double = 140, paddingX: Double = 14, paddingY: Double = 9, nodeSeparation: Double = 28,
        rankSeparation: Double = 44, margin: Double = 12
    ) {
        self.fontSize = fontSize
        self.labelFontSize = labelFontSize
        self.lineHeight = lineHeight
        self.maxLabelWidth = maxLabelWidth
        self.maxEdgeLabelWidth = maxEdgeLabelWidth
        self.paddingX = paddingX
        self.paddingY = paddingY
        self.nodeSeparation = nodeSeparation
        self.rankSeparation = rankSeparation
        self.margin = margin
    }
}

/// Where everything of a ``DiagramGraph`` goes: the result of ``LayeredLayout``,
/// the input of ``DiagramSVG``. Coordinates are final (direction applied,
/// margin included): (0, 0) is the drawing's top-left corner.
public struct DiagramLayout: Sendable, Equatable, Codable {
    /// One placed node.
    public struct PlacedNode: Sendable, Equatable, Codable {
        /// The node's outline box (a diamond or circle is drawn inside it).
        public var frame: DiagramRect
        /// The label's lines after wrapping, top to bottom.
        public var lines: [String]
        /// The rank (layer) the node sits in, 0 first.
        public var rank: Int
    }

    /// One routed edge.
    public struct PlacedEdge: Sendable, Equatable, Codable {
        /// The line as a cubic Bézier spline: the start point, then three
        /// points (control, control, end) per segment. The last point touches
        /// the target's outline (or the arrowhead's base when `arrow` is set).
        public var points: [DiagramPoint]
        /// The arrowhead's tip (on the target's outline) when the edge has an arrow.
        public var arrowTip: DiagramPoint?
        /// The label's box, clear of every node and every other label, if the edge has a label.
        public var labelFrame: DiagramRect?
        /// The label's lines after wrapping.
        public var labelLines: [String]
        /// Whether the edge goes against the flow (it was reversed to break a cycle).
        public var isBackEdge: Bool
        /// Whether the edge starts and ends at the same node.
        public var isSelfLoop: Bool
    }

    /// One placed cluster.
    public struct PlacedCluster: Sendable, Equatable, Codable {
        /// The box around the cluster's nodes and its title.
        public var frame: DiagramRect
        /// The title's lines.
        public var lines: [String]
    }

    /// Width of the whole drawing.
    public var width: Double
    /// Height of the whole drawing.
    public var height: Double
    /// One entry per graph node, same indices.
    public var nodes: [PlacedNode]
    /// One entry per graph edge, same indices.
    public var edges: [PlacedEdge]
    /// One entry per graph cluster, same indices.
    public var clusters: [PlacedCluster]
    /// The style the layout was made with (the SVG uses its font sizes).
    public var style: DiagramStyle
}
