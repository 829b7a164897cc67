import SpecSiteDiagrams
import SpecSiteKit

/// One diagram of every screen and step of the site: the flows joined where
/// they name the same screen (case and spacing aside), each screen linking to
/// the flows that pass through it. It answers "where can I get to from here"
/// across sections and documents, which the flows, one per section, do not.
struct ScreenMap {
    /// A flow that passes through a screen, as the Flows page links it.
    struct Visit: Equatable {
        var title: String
        var anchor: String
    }

    /// Most screens drawn; a bigger map is listed only, since no layout of
    /// thousands of boxes can be read on a page.
    static let drawingLimit = 300

    /// The screens and steps, joined.
    private(set) var graph = DiagramGraph()
    /// The flows through each screen of ``graph``, by node index, in page order.
    private(set) var visits: [[Visit]] = []

    /// Joins the flows of `entries`, in the Flows page's order.
    init(flows: [FlowDefinition]) {
        var index: [String: Int] = [:]
        var edges: Set<[Int]> = []
        for flow in flows {
            var local: [Int] = []
            for node in flow.graph.nodes {
                // A renamed screen is one screen under its new name (its first line).
                let renamed = node.tooltip?.hasPrefix(FlowFinder.formerly) == true
                let lines = node.label.split(whereSeparator: \.isNewline)
                let label = renamed ? String(lines.first ?? "") : lines.joined(separator: " ")
                let key = ArrowChains.normalized(label)
                let position: Int
                if let known = index[key] {
                    position = known
                } else {
                    position = graph.nodes.count
                    index[key] = position
                    graph.nodes.append(
                        DiagramGraph.Node(
                            id: key, label: renamed ? label : node.label,
                            shape: node.shape == .diamond ? .diamond : .box))
                    visits.append([])
                }
                let visit = Visit(title: flow.title, anchor: flow.elementID)
                if !visits[position].contains(visit) { visits[position].append(visit) }
                local.append(position)
            }
            for edge in flow.graph.edges {
                let from = local[edge.from]
                let to = local[edge.to]
                guard from != to, edges.insert([from, to]).inserted else { continue }
                graph.edges.append(DiagramGraph.Edge(from: from, to: to))
            }
        }
        for position in graph.nodes.indices {
            let through = visits[position]
            // One flow: straight to it; more: to the screen's line in the list below the map.
            graph.nodes[position].link = through.count == 1 ? "#" + through[0].anchor : "#" + anchor(of: position)
            graph.nodes[position].tooltip = "In " + through.map(\.title).joined(separator: "; ")
        }
    }

    /// The `id` of a screen's line in the list under the map.
    func anchor(of position: Int) -> String {
        "screen-\(position + 1)"
    }

    /// The map's section of the Flows page: the drawing (when it is small
    /// enough to read), then every screen with links to its flows.
    var html: String {
        guard !graph.nodes.isEmpty else { return "" }
        var html = "<section class=\"screen-map\" aria-labelledby=\"screen-map\">\n"
        html += "<h2 id=\"screen-map\">Screen map</h2>\n"
        html += "<p class=\"flow-where\">Every screen and step of the flows below, joined where they name the same"
        html += " screen. Select a screen to see the flows it is in.</p>\n"
        if graph.nodes.count <= Self.drawingLimit {
            let layout = LayeredLayout.layout(graph)
            let minimum = Int(clamping: layout.width * 0.6, to: 0...100_000, rounding: .towardZero)
            // Not a `flow` figure: it is no flow of a document, has no file, and is no "written at".
            html += "<figure class=\"flow-map\" id=\"screen-map-figure\">\n"
            html += "<div class=\"flow-drawing\" style=\"--flow-min-width: \(minimum)px\">\n"
            html += DiagramSVG.render(
                graph, layout: layout,
                options: .init(
                    title: "Screen map", description: FlowDrawing.describe(graph), idPrefix: "screen-map",
                    className: "flow-svg"))
            let nodes = graph.nodes.count
            let steps = graph.edges.count
            html += "</div>\n<figcaption><span class=\"flow-title\">Screen map</span> <span class=\"flow-meta\">"
            html += "\(nodes) \(nodes == 1 ? "screen" : "screens"), \(steps) \(steps == 1 ? "step" : "steps")"
            html += "</span></figcaption>\n</figure>\n"
        } else {
            html += "<p class=\"flow-where\">\(graph.nodes.count) screens are too many to draw in one map"
            html += " (the limit is \(Self.drawingLimit)); they are listed below.</p>\n"
        }
        html += "<ul class=\"screen-list\">\n"
        for position in graph.nodes.indices {
            let name = graph.nodes[position].label.split(whereSeparator: \.isNewline).joined(separator: " ")
            html += "<li id=\"\(anchor(of: position))\"><strong>\(HTMLEscaping.escape(name))</strong>: "
            html += visits[position].map { visit in
                "<a href=\"#\(HTMLEscaping.escape(visit.anchor))\">\(HTMLEscaping.escape(visit.title))</a>"
            }.joined(separator: ", ")
            html += "</li>\n"
        }
        html += "</ul>\n</section>\n"
        return html
    }
}
