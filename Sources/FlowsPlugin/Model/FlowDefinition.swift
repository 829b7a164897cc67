import SpecSiteDiagrams
import SpecSiteKit

/// One flow a document writes down, ready to draw.
public struct FlowDefinition: Sendable, Equatable, Codable {
    /// How the flow was written.
    public enum Notation: String, Sendable, Equatable, Codable {
        /// Arrow chains in paragraphs, lists, tables, text code blocks or HTML blocks.
        case prose
        /// A fenced ```` ```flow ```` block.
        case flowBlock = "flow"
        /// A fenced ```` ```mermaid ```` flowchart.
        case mermaid
    }

    /// The screens and steps, and how they connect.
    public var graph: DiagramGraph
    /// The flow's name: its own title, else the section it is written in, else the page's title.
    public var title: String
    /// How it was written.
    public var notation: Notation
    /// Whether the title is the section's or page's, not one the flow gives itself.
    var titleIsBorrowed = false
    /// Whether its boxes are screens. An architecture diagram (a system's
    /// parts and services) is drawn, but it is left out of the screen map and
    /// its caption counts boxes, not screens.
    public var showsScreens = true
    /// The file line where it is written (the first chain of a merged flow).
    public var line: Int
    /// The block the drawing goes with (``SpecSiteKit/MarkdownNode/blockKey``).
    public var anchor: String
    /// Whether the drawing takes the block's place (a flow or mermaid block)
    /// rather than following it (prose, which stays as written).
    public var replacesBlock: Bool
    /// Under `site/flows/`: the file name of the standalone SVG, unique in the site.
    public var fileName: String = ""
    /// Where everything goes, once laid out.
    public var layout: DiagramLayout?
    /// Whether a flow is drawn the other way than written (top to bottom for one
    /// written across, or across), being too wide for the column even shrunk (the caption says so).
    var turnedToFit = false
    /// The layout of the drawing shown instead on a phone, where the page's
    /// would scroll: top to bottom, or from its start (nil when there is none).
    var narrowLayout: DiagramLayout?
    /// Whether the phone's drawing runs top to bottom where the page's runs across.
    var narrowTurned = false

    // The drawings are made from the layouts when a page or file is written,
    // not kept: at 10,000 pages they were 73 MB of every build's peak.

    /// The drawing, for the page (ids start with ``elementID``).
    public var inlineSVG: String { FlowDrawing.inline(self) }
    /// The drawing shown instead on a phone (empty when there is none).
    var narrowSVG: String { FlowDrawing.narrow(self) }
    /// The width of ``narrowSVG``, in CSS pixels.
    var narrowWidth: Double { narrowLayout?.width ?? 0 }

    /// The drawing as a file of its own, with its light and dark colours.
    public var standaloneSVG: String { FlowDrawing.standalone(self) }

    /// The `id` of the flow's figure, unique in the site.
    public var elementID: String {
        "flow-" + (fileName.hasSuffix(".svg") ? String(fileName.dropLast(4)) : fileName)
    }

    /// `4 screens, 3 steps`, or for a diagram of other things `4 boxes, 3 links`.
    public var summary: String {
        let nodes = graph.nodes.count
        let edges = graph.edges.count
        let words = showsScreens ? ("screen", "screens", "step", "steps") : ("box", "boxes", "link", "links")
        return "\(nodes) \(nodes == 1 ? words.0 : words.1), \(edges) \(edges == 1 ? words.2 : words.3)"
    }
}

/// The flows of one page, what it could not draw, and where.
public struct FlowFact: Fact, Equatable, Codable {
    /// The page's flows, in the order they are written.
    public var flows: [FlowDefinition]
    /// Mermaid blocks of a type specsite does not draw, by block key, with the type.
    public var unsupported: [String: String]

    /// The indices of ``flows`` drawn with each block, by block key: `render`
    /// is asked about every block of the page.
    let flowsByAnchor: [String: [Int]]

    /// Creates the fact.
    public init(flows: [FlowDefinition], unsupported: [String: String] = [:]) {
        self.flows = flows
        self.unsupported = unsupported
        var byAnchor: [String: [Int]] = [:]
        for (index, flow) in flows.enumerated() { byAnchor[flow.anchor, default: []].append(index) }
        self.flowsByAnchor = byAnchor
    }
}
