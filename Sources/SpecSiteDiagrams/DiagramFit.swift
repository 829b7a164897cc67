import SpecSiteKit

/// How a drawing meets the text column it is shown in: first shrunk to fit while its
/// text stays readable, else laid out the other way when that is narrower, and only
/// past that left to scroll sideways, opening on its start (the page's CSS does the
/// shrinking, down to ``minimumWidth(of:)``).
public enum DiagramFit {
    /// The body text size of the default theme, in CSS pixels (`--text-base: 1rem`).
    public static let bodyTextSize = 16.0
    /// The smallest node text may be shown at, as a part of ``bodyTextSize``.
    public static let readableShare = 0.7

    /// The most a drawing in `style` may be shrunk: its node labels stay at
    /// ``readableShare`` of body text (0.8 for the default 14 px labels).
    public static func minimumScale(_ style: DiagramStyle = DiagramStyle()) -> Double {
        min(1, bodyTextSize * readableShare / style.fontSize)
    }

    /// The narrowest `layout` may be shown, in whole CSS pixels.
    public static func minimumWidth(of layout: DiagramLayout) -> Int {
        Int(clamping: layout.width * minimumScale(layout.style), to: 0...100_000, rounding: .towardZero)
    }

    /// A layout of `graph` for a column `columnWidth` pixels wide. A drawing too wide
    /// for the column even shrunk is first laid out the other way when that is
    /// narrower: top to bottom for one across the page, and across for one down
    /// it when that then fits;
    /// `turned` says so, and `graph.direction` is what was drawn. One that is
    /// still too wide will scroll, so it is laid out from its start at the left
    /// (``DiagramStyle/alignsToStart``): the box opens on where it begins, not on
    /// the blank beside a centred root.
    public static func layout(
        _ graph: inout DiagramGraph, columnWidth: Double, style: DiagramStyle = DiagramStyle()
    ) -> (layout: DiagramLayout, turned: Bool) {
        let layout = LayeredLayout.layout(graph, style: style)
        guard layout.width * minimumScale(style) > columnWidth else { return (layout, false) }
        var other = graph
        other.direction = graph.direction.isVertical ? .leftToRight : .topToBottom
        let turned = LayeredLayout.layout(other, style: style)
        // Down the page narrower is better; across only when it then fits, as an
        // author's drawing down the page reads better than one across that scrolls.
        let isTurned =
            turned.width < layout.width
            && (graph.direction.isVertical ? turned.width * minimumScale(style) <= columnWidth : true)
        if isTurned { graph = other }
        let best = isTurned ? turned : layout
        guard best.width * minimumScale(style) > columnWidth, !style.alignsToStart else { return (best, isTurned) }
        return (LayeredLayout.layout(graph, style: startAligned(style)), isTurned)
    }

    /// `style`, aligned to the start (``DiagramStyle/alignsToStart``).
    public static func startAligned(_ style: DiagramStyle) -> DiagramStyle {
        var aligned = style
        aligned.alignsToStart = true
        return aligned
    }
}
