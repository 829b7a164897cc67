import SpecSiteKit

/// Draws a laid-out ``DiagramGraph`` as SVG: well-formed XML with a
/// `viewBox`, a `<title>` and `<desc>` for screen readers, every label
/// escaped, and colours taken from the theme's `--color-diagram-*` and status
/// custom properties so the drawing follows light and dark.
///
/// Inline in a page, the page's stylesheet supplies those properties. A
/// standalone file (`standalone: true`) carries their light and dark values
/// in its own `<style>`, so it looks the same opened on its own or through
/// `<img>`.
public enum DiagramSVG {
    /// The font the labels are drawn in: the faces whose widths
    /// ``TextMetrics`` measures with, first.
    public static let fontFamily = "Arial, 'Liberation Sans', Helvetica, sans-serif"

    /// What to draw besides the layout.
    public struct Options: Sendable {
        /// The accessible name (`<title>`), e.g. the flow's title.
        public var title: String
        /// The accessible description (`<desc>`), e.g. the steps in words.
        public var description: String
        /// Prefix of every `id` in the drawing, unique within the page it is shown on.
        public var idPrefix: String
        /// Whether the SVG is a file of its own (adds the XML declaration and the theme colours).
        public var standalone: Bool
        /// Extra class names on the `<svg>` element.
        public var className: String

        /// Creates options.
        public init(
            title: String, description: String, idPrefix: String, standalone: Bool = false,
            className: String = "diagram"
        ) {
            self.title = title
            self.description = description
            self.idPrefix = idPrefix
            self.standalone = standalone
            self.className = className
        }
    }

    /// The SVG of `graph` placed by `layout` (from ``LayeredLayout/layout(_:style:)``).
    public static func render(_ graph: DiagramGraph, layout: DiagramLayout, options: Options) -> String {
        let prefix = sanitizedID(options.idPrefix)
        var svg = opening(
            width: layout.width, height: layout.height, options: options,
            holdsLinks: graph.nodes.contains { $0.link != nil })

        if !layout.clusters.isEmpty {
            svg += "<g class=\"diagram-clusters\">\n"
            // Outer clusters first, so nested boxes are drawn on top of their parents.
            let order = layout.clusters.indices.sorted { depth(of: $0, in: graph) < depth(of: $1, in: graph) }
            for index in order where index < graph.clusters.count {
                svg += cluster(layout.clusters[index], style: layout.style)
            }
            svg += "</g>\n"
        }
        svg += "<g class=\"diagram-edges\">\n"
        for (index, placed) in layout.edges.enumerated() where index < graph.edges.count {
            svg += edge(graph.edges[index], placed, graph: graph)
        }
        svg += "</g>\n<g class=\"diagram-nodes\">\n"
        for (index, placed) in layout.nodes.enumerated() where index < graph.nodes.count {
            svg += node(graph.nodes[index], placed, style: layout.style, id: "\(prefix)-n\(index)")
        }
        svg += "</g>\n"
        let labelled = layout.edges.enumerated().filter { $0.element.labelFrame != nil }
        if !labelled.isEmpty {
            svg += "<g class=\"diagram-edge-labels\">\n"
            for (_, placed) in labelled {
                svg += edgeLabel(
                    placed, style: layout.style,
                    inCluster: placed.labelFrame.map { frame in
                        layout.clusters.contains { $0.frame.contains(frame.center) }
                    } ?? false)
            }
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    // MARK: - Parts

    private static func cluster(_ placed: DiagramLayout.PlacedCluster, style: DiagramStyle) -> String {
        let frame = placed.frame
        var svg = "<g class=\"diagram-cluster\"><rect x=\"\(number(frame.x))\" y=\"\(number(frame.y))\""
        svg += " width=\"\(number(frame.width))\" height=\"\(number(frame.height))\" rx=\"6\""
        svg += " style=\"fill:var(--color-diagram-cluster);stroke:var(--color-diagram-node-border);"
        svg += "stroke-width:1;stroke-dasharray:4 3\"/>"
        let lineHeight = style.labelFontSize * style.lineHeight
        for (row, line) in placed.lines.enumerated() {
            let baseline = frame.y + 6 + style.labelFontSize + Double(row) * lineHeight
            svg +=
                "<text x=\"\(number(frame.x + 8))\" y=\"\(number(baseline))\" font-size=\"\(number(style.labelFontSize))\""
            svg += " font-weight=\"bold\" style=\"fill:var(--color-diagram-label)\">\(escape(line))</text>"
        }
        return svg + "</g>\n"
    }

    private static func edge(
        _ edge: DiagramGraph.Edge, _ placed: DiagramLayout.PlacedEdge, graph: DiagramGraph
    ) -> String {
        guard let first = placed.points.first else { return "" }
        var classes = "diagram-edge"
        if placed.isBackEdge { classes += " diagram-back-edge" }
        if placed.isSelfLoop { classes += " diagram-self-loop" }
        let from = graph.nodes.indices.contains(edge.from) ? graph.nodes[edge.from].id : ""
        let to = graph.nodes.indices.contains(edge.to) ? graph.nodes[edge.to].id : ""
        var svg = "<g class=\"\(classes)\" data-from=\"\(escape(from))\" data-to=\"\(escape(to))\">"
        var path = "M\(number(first.x)) \(number(first.y))"
        var index = 1
        while index + 2 < placed.points.count {
            let (c1, c2, end) = (placed.points[index], placed.points[index + 1], placed.points[index + 2])
            path +=
                " C\(number(c1.x)) \(number(c1.y)) \(number(c2.x)) \(number(c2.y)) \(number(end.x)) \(number(end.y))"
            index += 3
        }
        // Leftover points (a malformed spline) are joined with straight lines rather than dropped.
        while index < placed.points.count {
            path += " L\(number(placed.points[index].x)) \(number(placed.points[index].y))"
            index += 1
        }
        var stroke = "fill:none;stroke:var(--color-diagram-edge)"
        switch edge.style {
        case .solid: stroke += ";stroke-width:1.5"
        case .thick: stroke += ";stroke-width:3"
        case .dotted: stroke += ";stroke-width:1.5;stroke-dasharray:2 3"
        }
        // Edges that go against the flow are dashed, so a loop back reads as one.
        if placed.isBackEdge, edge.style != .dotted { stroke += ";stroke-dasharray:6 4" }
        svg += "<path d=\"\(path)\" style=\"\(stroke)\"/>"
        if edge.arrow, let tip = placed.arrowTip, let base = placed.points.last {
            svg += arrowhead(tip: tip, base: base, thick: edge.style == .thick)
        }
        return svg + "</g>\n"
    }

    /// A filled triangle from `base` to `tip`.
    private static func arrowhead(tip: DiagramPoint, base: DiagramPoint, thick: Bool) -> String {
        var dx = tip.x - base.x
        var dy = tip.y - base.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return "" }
        dx /= length
        dy /= length
        let half = thick ? 5.5 : 4.5
        let left = DiagramPoint(x: base.x - dy * half, y: base.y + dx * half)
        let right = DiagramPoint(x: base.x + dy * half, y: base.y - dx * half)
        return "<polygon points=\"\(number(tip.x)),\(number(tip.y)) \(number(left.x)),\(number(left.y))"
            + " \(number(right.x)),\(number(right.y))\" style=\"fill:var(--color-diagram-edge)\"/>"
    }

    private static func node(
        _ node: DiagramGraph.Node, _ placed: DiagramLayout.PlacedNode, style: DiagramStyle, id: String
    ) -> String {
        let (fill, border, text) = colours(for: node.tone)
        let paint = "fill:var(\(fill));stroke:var(\(border));stroke-width:1.5"
        var svg = ""
        if let link = node.link { svg += "<a href=\"\(escape(link))\">" }
        svg += "<g class=\"diagram-node diagram-\(node.shape.rawValue) diagram-tone-\(node.tone.rawValue)\""
        svg += " id=\"\(id)\" data-id=\"\(escape(node.id))\">"
        let tooltip = [node.label.replacingNewlines(), node.tooltip ?? ""].filter { !$0.isEmpty }
        svg += "<title>\(escape(tooltip.joined(separator: "\n")))</title>"
        svg += outline(node.shape, frame: placed.frame, paint: paint)
        svg += textLines(
            placed.lines, center: placed.frame.center, fontSize: style.fontSize, lineHeight: style.lineHeight,
            colour: text)
        svg += "</g>"
        if node.link != nil { svg += "</a>" }
        return svg + "\n"
    }

    /// The node's outline, drawn inside `frame`.
    private static func outline(_ shape: DiagramGraph.NodeShape, frame: DiagramRect, paint: String) -> String {
        let (x, y, w, h) = (frame.x, frame.y, frame.width, frame.height)
        func rect(_ radius: Double) -> String {
            "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(w))\" height=\"\(number(h))\""
                + " rx=\"\(number(radius))\" style=\"\(paint)\"/>"
        }
        func polygon(_ points: [(Double, Double)]) -> String {
            "<polygon points=\"" + points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
                + "\" style=\"\(paint)\"/>"
        }
        switch shape {
        case .box:
            return rect(3)
        case .rounded:
            return rect(DiagramGraph.NodeShape.roundedRadius(height: h))
        case .stadium:
            return rect(h / 2)
        case .circle:
            let center = frame.center
            return "<ellipse cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" rx=\"\(number(w / 2))\""
                + " ry=\"\(number(h / 2))\" style=\"\(paint)\"/>"
        case .diamond:
            return polygon([(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)])
        case .hexagon:
            let inset = DiagramGraph.NodeShape.hexagonInset(width: w, height: h)
            return polygon([
                (x + inset, y), (x + w - inset, y), (x + w, y + h / 2), (x + w - inset, y + h), (x + inset, y + h),
                (x, y + h / 2),
            ])
        case .parallelogram:
            let slant = DiagramGraph.NodeShape.parallelogramSlant(width: w, height: h)
            return polygon([(x + slant, y), (x + w, y), (x + w - slant, y + h), (x, y + h)])
        case .cylinder:
            let ry = min(8, h / 6)
            let rx = w / 2
            let body =
                "M\(number(x)) \(number(y + ry)) A\(number(rx)) \(number(ry)) 0 0 1 \(number(x + w)) \(number(y + ry))"
                + " V\(number(y + h - ry)) A\(number(rx)) \(number(ry)) 0 0 1 \(number(x)) \(number(y + h - ry)) Z"
            let rim =
                "M\(number(x)) \(number(y + ry)) A\(number(rx)) \(number(ry)) 0 0 0 \(number(x + w)) \(number(y + ry))"
            return "<path d=\"\(body)\" style=\"\(paint)\"/><path d=\"\(rim)\" style=\"fill:none;"
                + paint.split(separator: ";").dropFirst().joined(separator: ";") + "\"/>"
        case .subroutine:
            let inset = 7.0
            let stroke = paint.split(separator: ";").dropFirst().joined(separator: ";")
            return rect(2) + "<path d=\"M\(number(x + inset)) \(number(y)) V\(number(y + h))"
                + " M\(number(x + w - inset)) \(number(y)) V\(number(y + h))\" style=\"fill:none;\(stroke)\"/>"
        }
    }

    /// Centred lines of text around `center`.
    private static func textLines(
        _ lines: [String], center: DiagramPoint, fontSize: Double, lineHeight: Double, colour: String
    ) -> String {
        guard !lines.isEmpty else { return "" }
        let step = fontSize * lineHeight
        // 0.35 em below the centre line puts a Latin line's x-height in the middle.
        let firstBaseline = center.y - Double(lines.count - 1) * step / 2 + fontSize * 0.35
        var svg = "<text x=\"\(number(center.x))\" y=\"\(number(firstBaseline))\" text-anchor=\"middle\""
        svg += " font-size=\"\(number(fontSize))\" style=\"fill:var(\(colour))\">"
        for (row, line) in lines.enumerated() {
            if row == 0 {
                svg += "<tspan x=\"\(number(center.x))\">\(escape(line))</tspan>"
            } else {
                svg += "<tspan x=\"\(number(center.x))\" dy=\"\(number(step))\">\(escape(line))</tspan>"
            }
        }
        return svg + "</text>"
    }

    /// A label on its own backdrop, so a line under it does not cross the
    /// text; inside a cluster the backdrop takes the cluster's fill.
    private static func edgeLabel(_ placed: DiagramLayout.PlacedEdge, style: DiagramStyle, inCluster: Bool) -> String {
        guard let frame = placed.labelFrame else { return "" }
        let backdrop = inCluster ? "--color-diagram-cluster" : "--color-diagram-bg"
        var svg = "<g class=\"diagram-edge-label\"><rect x=\"\(number(frame.x))\" y=\"\(number(frame.y))\""
        svg += " width=\"\(number(frame.width))\" height=\"\(number(frame.height))\" rx=\"3\""
        svg += " style=\"fill:var(\(backdrop));fill-opacity:0.92\"/>"
        svg += textLines(
            placed.labelLines, center: frame.center, fontSize: style.labelFontSize, lineHeight: style.lineHeight,
            colour: "--color-diagram-label")
        return svg + "</g>\n"
    }

    /// Fill, border and text properties of a tone.
    private static func colours(for tone: DiagramGraph.Tone) -> (String, String, String) {
        switch tone {
        case .normal: ("--color-diagram-node", "--color-diagram-node-border", "--color-diagram-node-text")
        case .accent: ("--color-diagram-accent", "--color-diagram-accent-border", "--color-diagram-accent-text")
        case .success: ("--color-success-subtle", "--color-success", "--color-text")
        case .warning: ("--color-warning-subtle", "--color-warning", "--color-text")
        case .danger: ("--color-danger-subtle", "--color-danger", "--color-text")
        case .neutral: ("--color-neutral-subtle", "--color-border-strong", "--color-text")
        }
    }

    private static func depth(of cluster: Int, in graph: DiagramGraph) -> Int {
        var depth = 0
        var current = graph.clusters.indices.contains(cluster) ? graph.clusters[cluster].parent : nil
        // Bounded by the cluster count, so a parent cycle cannot loop forever.
        while let parent = current, depth < graph.clusters.count {
            depth += 1
            current = graph.clusters.indices.contains(parent) ? graph.clusters[parent].parent : nil
        }
        return depth
    }

    /// What every drawing starts with: the XML declaration when standalone,
    /// the `<svg>` element with its size, accessible name and font, `<title>`
    /// and `<desc>`, the theme's colours when standalone, and the background.
    /// A drawing that `holdsLinks` keeps the `<svg>` element's own role (a
    /// graphics document, named the same way), not `img`: an image's content
    /// is hidden from assistive technology, and its links with it, while a
    /// keyboard still reaches them. (The Nu checker allows no role in between.)
    public static func opening(
        width: Double, height: Double, options: Options, fontSize: Double? = nil, holdsLinks: Bool = false
    ) -> String {
        let prefix = sanitizedID(options.idPrefix)
        var svg = options.standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(number(width)) \(number(height))\""
        svg += " width=\"\(number(width))\" height=\"\(number(height))\"\(holdsLinks ? "" : " role=\"img\"")"
        svg += " aria-labelledby=\"\(prefix)-title \(prefix)-desc\" class=\"\(escape(options.className))\""
        svg += " font-family=\"\(fontFamily)\"" + (fontSize.map { " font-size=\"\(number($0))\"" } ?? "") + ">\n"
        svg += "<title id=\"\(prefix)-title\">\(escape(options.title))</title>\n"
        svg += "<desc id=\"\(prefix)-desc\">\(escape(options.description))</desc>\n"
        if options.standalone { svg += standaloneStyle }
        return svg
            + "<rect class=\"diagram-bg\" width=\"100%\" height=\"100%\" style=\"fill:var(--color-diagram-bg)\"/>\n"
    }

    // MARK: - Standalone colours

    /// Light and dark values of every custom property the drawing uses, as the
    /// default theme (`templates/assets/specsite.css`) defines them; a test
    /// keeps the two in step.
    static let themeColours: [(name: String, light: String, dark: String)] = [
        ("--color-diagram-bg", "#ffffff", "#101418"),
        ("--color-diagram-node", "#f1f5fb", "#1b2330"),
        ("--color-diagram-node-border", "#7d8896", "#6e7a88"),
        ("--color-diagram-node-text", "#1f2328", "#e6edf3"),
        ("--color-diagram-edge", "#59636e", "#8b96a3"),
        ("--color-diagram-label", "#59636e", "#9ea8b3"),
        ("--color-diagram-accent", "#e8f0fc", "#142740"),
        ("--color-diagram-accent-border", "#0b5cc4", "#6cb0ff"),
        ("--color-diagram-accent-text", "#1f2328", "#e6edf3"),
        ("--color-diagram-cluster", "#f6f8fa", "#161b22"),
        ("--color-text", "#1f2328", "#e6edf3"),
        ("--color-border-strong", "#768390", "#6e7781"),
        ("--color-success", "#1a7f37", "#3fb950"),
        ("--color-success-subtle", "#e6f6ea", "#12261a"),
        ("--color-warning", "#8a5d00", "#d29922"),
        ("--color-warning-subtle", "#fdf5dc", "#2a2110"),
        ("--color-danger", "#c81e2a", "#f85149"),
        ("--color-danger-subtle", "#fdeceb", "#2d1618"),
        ("--color-neutral-subtle", "#eef1f4", "#212830"),
    ]

    static let standaloneStyle: String = {
        let light = themeColours.map { "\($0.name):\($0.light)" }.joined(separator: ";")
        let dark = themeColours.map { "\($0.name):\($0.dark)" }.joined(separator: ";")
        return "<style>svg{\(light)}@media (prefers-color-scheme: dark){svg{\(dark)}}</style>\n"
    }()

    // MARK: - Formatting

    /// Text escaped for XML.
    static func escape(_ text: String) -> String { HTMLEscaping.escapeXML(text) }

    /// An id made of letters, digits, `-` and `_` only, starting with a letter.
    static func sanitizedID(_ text: String) -> String {
        var id = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                        || scalar == "_")
                    ? Character(scalar) : "-"
            })
        if id.first.map({ !$0.isLetter }) ?? true { id = "d" + id }
        return id
    }

    /// A coordinate: two decimals at most (``NumberText``).
    static func number(_ value: Double) -> String { NumberText.format(value, decimals: 2) }
}

extension String {
    /// The text with line breaks as spaces (for one-line tooltips and descriptions).
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
