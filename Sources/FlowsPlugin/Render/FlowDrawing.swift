import SpecSiteDiagrams
import SpecSiteKit

/// Lays a flow out, draws it, and wraps the drawing in a figure.
enum FlowDrawing {
    /// Largest prose flow drawn left to right; bigger ones, and any that
    /// branch much, read better top to bottom on a page that is taller than wide.
    static let acrossLimit = 5
    /// The width a drawing has in the default theme's text column, in CSS pixels
    /// (measured in a browser: 647 px inside a figure on a wide screen; less on a phone).
    static let columnWidth = 640.0
    /// The same on a phone 390 px wide: less the page's gutters, the figure's padding and border.
    static let phoneColumnWidth = 316.0

    /// Lays the flow out for the page (and for a phone, where it would scroll).
    static func draw(_ flow: inout FlowDefinition) {
        var layout: DiagramLayout
        if flow.notation == .prose {
            let linear = flow.graph.edges.count <= flow.graph.nodes.count
            flow.graph.direction = flow.graph.nodes.count <= acrossLimit && linear ? .leftToRight : .topToBottom
            layout = LayeredLayout.layout(flow.graph)
            // Long names can make even a short chain wider than the column,
            // where it would shrink; down the page it keeps its size.
            if flow.graph.direction == .leftToRight, layout.width > columnWidth {
                flow.graph.direction = .topToBottom
                layout = LayeredLayout.layout(flow.graph)
            }
            // One that scrolls even so opens on where it begins.
            if Double(DiagramFit.minimumWidth(of: layout)) > columnWidth {
                layout = LayeredLayout.layout(flow.graph, style: DiagramFit.startAligned(layout.style))
            }
        } else {
            // The author chose the direction: it is kept while the drawing fits shrunk.
            (layout, flow.turnedToFit) = DiagramFit.layout(&flow.graph, columnWidth: columnWidth)
        }
        flow.layout = layout
        drawNarrow(&flow, across: layout)
    }

    /// The flow's drawing for the page, from the layout `draw` made.
    static func inline(_ flow: FlowDefinition) -> String {
        DiagramSVG.render(
            flow.graph, layout: flow.layout ?? LayeredLayout.layout(flow.graph),
            options: .init(
                title: flow.title, description: describe(flow.graph, screens: flow.showsScreens),
                idPrefix: flow.elementID, className: "flow-svg"))
    }

    /// The flow's drawing for a phone, from the layout `drawNarrow` made; empty when it made none.
    static func narrow(_ flow: FlowDefinition) -> String {
        guard let layout = flow.narrowLayout else { return "" }
        var down = flow.graph
        if flow.narrowTurned { down.direction = .topToBottom }
        return DiagramSVG.render(
            down, layout: layout,
            options: .init(
                title: flow.title, description: describe(down, screens: flow.showsScreens),
                idPrefix: flow.elementID + "-down", className: "flow-svg"))
    }

    /// A drawing that would scroll on a phone even shrunk gets a second one for
    /// narrow screens: top to bottom when it runs across and that is narrower,
    /// and laid out from its start when it would still scroll, so the box opens
    /// on where the flow begins.
    static func drawNarrow(_ flow: inout FlowDefinition, across: DiagramLayout) {
        flow.narrowLayout = nil
        flow.narrowTurned = false
        guard Double(DiagramFit.minimumWidth(of: across)) > phoneColumnWidth else { return }
        var down = flow.graph
        var layout = across
        if !down.direction.isVertical {
            down.direction = .topToBottom
            let turned = LayeredLayout.layout(down)
            if DiagramFit.minimumWidth(of: turned) < DiagramFit.minimumWidth(of: across) {
                layout = turned
                flow.narrowTurned = true
            } else {
                down = flow.graph
            }
        }
        if Double(DiagramFit.minimumWidth(of: layout)) > phoneColumnWidth, !layout.style.alignsToStart {
            layout = LayeredLayout.layout(down, style: DiagramFit.startAligned(layout.style))
        }
        guard flow.narrowTurned || layout.style.alignsToStart != across.style.alignsToStart else { return }
        flow.narrowLayout = layout
    }

    /// The flow as a file of its own, with its light and dark colours in it
    /// (made only when the files are written, from the layout `draw` kept).
    static func standalone(_ flow: FlowDefinition) -> String {
        DiagramSVG.render(
            flow.graph, layout: flow.layout ?? LayeredLayout.layout(flow.graph),
            options: .init(
                title: flow.title, description: describe(flow.graph, screens: flow.showsScreens),
                idPrefix: flow.elementID, standalone: true))
    }

    /// The flow in words for screen readers: its steps, or its size when it is big.
    static func describe(_ graph: DiagramGraph, screens: Bool = true) -> String {
        func name(_ index: Int) -> String {
            graph.nodes.indices.contains(index)
                ? graph.nodes[index].label.split(separator: "\n").joined(separator: " ") : "?"
        }
        let nodes = graph.nodes.count
        let edges = graph.edges.count
        let size =
            screens
            ? "Flow of \(nodes) \(nodes == 1 ? "screen" : "screens") and \(edges) \(edges == 1 ? "step" : "steps")"
            : "Diagram of \(nodes) \(nodes == 1 ? "box" : "boxes") and \(edges) \(edges == 1 ? "link" : "links")"
        guard edges > 0, edges <= 40 else { return size + "." }
        let steps = graph.edges.map { edge in
            name(edge.from) + " to " + name(edge.to) + (edge.label.isEmpty ? "" : " (\(edge.label))")
        }
        return size + ": " + steps.joined(separator: "; ") + "."
    }

    /// The figure shown in a page and on the Flows page.
    /// `drawing` replaces the inline SVG (the Flows page of a big site shows the files instead).
    static func figure(
        _ flow: FlowDefinition, fileURL: String?, pageURL: String?, drawing: String? = nil
    ) -> String {
        var html = "<figure class=\"flow\" id=\"\(HTMLEscaping.escape(flow.elementID))\""
        html += " data-notation=\"\(flow.notation.rawValue)\">\n"
        // A wide flow shrinks to the column while its labels stay readable;
        // past that the drawing scrolls.
        let minimum = flow.layout.map(DiagramFit.minimumWidth) ?? 0
        // On a phone the drawing down the page takes the place of the one across (CSS below).
        let narrow = drawing == nil && flow.narrowLayout != nil
        html += "<div class=\"flow-drawing\(narrow ? " flow-across" : "")\" style=\"--flow-min-width: \(minimum)px\">\n"
        html += drawing ?? flow.inlineSVG
        html += "</div>\n"
        if narrow {
            let least = Int(
                clamping: flow.narrowWidth * DiagramFit.minimumScale(), to: 0...100_000, rounding: .towardZero)
            html += "<div class=\"flow-drawing flow-down\" style=\"--flow-min-width: \(least)px\">\n"
            html += flow.narrowSVG + "</div>\n"
        }
        html += "<figcaption><span class=\"flow-title\">\(HTMLEscaping.escape(flow.title))</span>"
        html += " <span class=\"flow-meta\">\(flow.summary)"
        if flow.turnedToFit {
            html +=
                flow.graph.direction.isVertical
                ? " · drawn top to bottom to fit the page" : " · drawn across to fit the page"
        }
        if narrow, flow.narrowTurned {
            html += "<span class=\"flow-down-note\"> · drawn top to bottom to fit the screen</span>"
        }
        if let fileURL { html += " · <a href=\"\(HTMLEscaping.escapeURL(fileURL))\">SVG</a>" }
        if let pageURL { html += " · <a href=\"\(HTMLEscaping.escapeURL(pageURL))\">All flows</a>" }
        html += "</span></figcaption>\n</figure>\n"
        return html
    }

    /// The figures' look: scrolls sideways rather than shrinking text past
    /// reading size, and keeps to the theme's colours.
    static let stylesheet = """
        .doc figure.flow, .doc figure.flow-map {
          margin: var(--space-4, 1rem) 0;
          padding: var(--space-3, .75rem);
          border: 1px solid var(--color-border);
          border-radius: var(--radius-md, 8px);
          background: var(--color-diagram-bg);
        }
        /* Shadows at a side that has more drawing to scroll to (the usual
           local/scroll background pair): a cut-off flow shows it goes on. */
        .doc .flow-drawing {
          overflow-x: auto;
          text-align: center;
          background:
            linear-gradient(to right, var(--color-diagram-bg) 30%, transparent) left / 2.5rem 100% no-repeat local,
            linear-gradient(to left, var(--color-diagram-bg) 30%, transparent) right / 2.5rem 100% no-repeat local,
            radial-gradient(farthest-side at 0 50%, var(--color-overlay), transparent) left / .9rem 100% no-repeat scroll,
            radial-gradient(farthest-side at 100% 50%, var(--color-overlay), transparent) right / .9rem 100% no-repeat scroll;
        }
        .doc .flow-drawing img { max-width: 100%; height: auto; }
        .doc .flow-down, .doc .flow-down-note { display: none; }
        @media (max-width: 40rem) {
          .doc .flow-across { display: none; }
          .doc .flow-down { display: block; }
          .doc .flow-down-note { display: inline; }
        }
        .doc .flow-drawing svg {
          max-width: 100%;
          height: auto;
          min-width: var(--flow-min-width, 0px);
        }
        .doc .flow-drawing svg a:focus-visible .diagram-node > :not(title):first-of-type {
          stroke: var(--color-focus);
          stroke-width: 3;
        }
        .doc figure.flow figcaption, .doc figure.flow-map figcaption {
          display: flex;
          flex-wrap: wrap;
          gap: .25rem .75rem;
          justify-content: space-between;
          margin-top: var(--space-2, .5rem);
          font-size: var(--text-sm, .875rem);
          color: var(--color-text-muted);
        }
        .doc figure.flow .flow-title, .doc figure.flow-map .flow-title { font-weight: 600; color: var(--color-text); }
        .doc .screen-list { columns: 2 16rem; font-size: var(--text-sm, .875rem); }
        .doc .screen-list li { break-inside: avoid; }
        .doc .flow-source { margin: calc(-1 * var(--space-2, .5rem)) 0 var(--space-4, 1rem); }
        .doc .flow-source > summary {
          cursor: pointer;
          font-size: var(--text-sm, .875rem);
          color: var(--color-text-muted);
        }
        .doc .flow-note {
          margin-top: calc(-1 * var(--space-2, .5rem));
          font-size: var(--text-sm, .875rem);
          color: var(--color-text-muted);
        }
        .doc .flow-where { font-size: var(--text-sm, .875rem); color: var(--color-text-muted); }
        @media print {
          .doc figure.flow, .doc figure.flow-map { break-inside: avoid; }
          .doc .flow-source { display: none; }
        }

        """
}
