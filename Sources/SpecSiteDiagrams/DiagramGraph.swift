/// A directed graph to be drawn: the screens of a flow, the work items of a
/// plan. Plugins build one, ``LayeredLayout`` places it, ``DiagramSVG`` draws it.
///
/// Nodes and edges refer to each other by index, so a graph with duplicate
/// labels, self-loops or parallel edges is still well defined.
public struct DiagramGraph: Sendable, Equatable, Codable {
    /// Which way the ranks run.
    public enum Direction: String, Sendable, CaseIterable, Codable {
        /// Ranks go down the page (mermaid `TD`/`TB`).
        case topToBottom = "TB"
        /// Ranks go up the page (mermaid `BT`).
        case bottomToTop = "BT"
        /// Ranks go across the page (mermaid `LR`).
        case leftToRight = "LR"
        /// Ranks go right to left (mermaid `RL`).
        case rightToLeft = "RL"

        /// Whether ranks are stacked vertically.
        public var isVertical: Bool { self == .topToBottom || self == .bottomToTop }
    }

    /// How a node is outlined.
    public enum NodeShape: String, Sendable, CaseIterable, Codable {
        /// A rectangle with square corners (a screen; mermaid `[…]`).
        case box
        /// A rectangle with rounded corners (mermaid `(…)`).
        case rounded
        /// A pill: fully rounded ends (a start or end; mermaid `([…])`).
        case stadium
        /// A circle (mermaid `((…))`).
        case circle
        /// A diamond (a decision; mermaid `{…}`).
        case diamond
        /// A hexagon (mermaid `{{…}}`).
        case hexagon
        /// A slanted box (input or output; mermaid `[/…/]`).
        case parallelogram
        /// A cylinder (a store; mermaid `[(…)]`).
        case cylinder
        /// A box with doubled sides (a subroutine; mermaid `[[…]]`).
        case subroutine
    }

    /// The colour role a node is filled with; the SVG maps each to theme
    /// custom properties, so it follows light and dark.
    public enum Tone: String, Sendable, CaseIterable, Codable {
        /// The default diagram node colours.
        case normal
        /// The theme accent (a start or current item).
        case accent
        /// Done.
        case success
        /// In progress or at risk.
        case warning
        /// Blocked or failed.
        case danger
        /// Not started or unknown.
        case neutral
    }

    /// How an edge's line is drawn.
    public enum LineStyle: String, Sendable, CaseIterable, Codable {
        /// A plain line (mermaid `-->`).
        case solid
        /// A dotted line (mermaid `-.->`).
        case dotted
        /// A thick line (mermaid `==>`).
        case thick
    }

    /// One node.
    public struct Node: Sendable, Equatable, Codable {
        /// A stable identifier, unique in the graph (used for SVG ids and links).
        public var id: String
        /// The text shown in the node; `\n` forces a line break, long lines wrap.
        public var label: String
        /// The outline.
        public var shape: NodeShape
        /// The fill colour role.
        public var tone: Tone
        /// The cluster (index into ``DiagramGraph/clusters``) the node is drawn in, if any.
        public var cluster: Int?
        /// A URL the node links to (relative to the page the SVG is shown on), if any.
        public var link: String?
        /// Extra text for the node's tooltip (`<title>`), if any.
        public var tooltip: String?

        /// Creates a node.
        public init(
            id: String, label: String, shape: NodeShape = .box, tone: Tone = .normal, cluster: Int? = nil,
            link: String? = nil, tooltip: String? = nil
        ) {
            self.id = id
            self.label = label
            self.shape = shape
            self.tone = tone
            self.cluster = cluster
            self.link = link
            self.tooltip = tooltip
        }
    }

    /// One edge, from node index `from` to node index `to`.
    public struct Edge: Sendable, Equatable, Codable {
        /// Index of the source node.
        public var from: Int
        /// Index of the target node.
        public var to: Int
        /// Text written along the edge (empty for none); `\n` breaks lines.
        public var label: String
        /// How the line is drawn.
        public var style: LineStyle
        /// Whether an arrowhead is drawn at the target (false for mermaid `---`).
        public var arrow: Bool

        /// Creates an edge.
        public init(from: Int, to: Int, label: String = "", style: LineStyle = .solid, arrow: Bool = true) {
            self.from = from
            self.to = to
            self.label = label
            self.style = style
            self.arrow = arrow
        }
    }

    /// A named group of nodes drawn inside one box (mermaid `subgraph`).
    public struct Cluster: Sendable, Equatable, Codable {
        /// A stable identifier, unique in the graph.
        public var id: String
        /// The title drawn at the top of the box (may be empty).
        public var label: String
        /// The enclosing cluster (index into ``DiagramGraph/clusters``), for nested subgraphs.
        public var parent: Int?

        /// Creates a cluster.
        public init(id: String, label: String, parent: Int? = nil) {
            self.id = id
            self.label = label
            self.parent = parent
        }
    }

    /// The nodes, in the order they were first written (the layout uses this
    /// order to break ties, so output is deterministic).
    public var nodes: [Node]
    /// The edges, in the order they were written.
    public var edges: [Edge]
    /// The clusters.
    public var clusters: [Cluster]
    /// Which way the ranks run.
    public var direction: Direction

    /// Creates a graph.
    public init(nodes: [Node] = [], edges: [Edge] = [], clusters: [Cluster] = [], direction: Direction = .topToBottom) {
        self.nodes = nodes
        self.edges = edges
        self.clusters = clusters
        self.direction = direction
    }
}

extension DiagramGraph.NodeShape {
    // The drawing (DiagramSVG) and the edge clipping (NodeOutline) must agree on
    // these, or lines stop short of the outline or run into it.

    /// Corner radius of a rounded box.
    static func roundedRadius(height: Double) -> Double { min(10, height / 2) }
    /// How far a hexagon's points stand out from its flat top and bottom.
    static func hexagonInset(width: Double, height: Double) -> Double { min(width / 4, height / 2) }
    /// How far a parallelogram's top is shifted from its bottom.
    static func parallelogramSlant(width: Double, height: Double) -> Double { min(width / 4, height * 0.3) }
}
