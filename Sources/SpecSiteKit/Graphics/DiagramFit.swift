/// How a drawing meets the text column it is shown in: first shrunk to fit while its
/// text stays readable, else laid out top to bottom when that is narrower, and only
/// past that left to scroll sideways (the page's CSS does the shrinking, down to
/// ``minimumWidth(of:)``).
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

    /// A layout of `graph` for a column `columnWidth` pixels wide. A left-to-right (or
    /// right-to-left) drawing too wide for the column even shrunk is laid out top to
    /// bottom instead when that is narrower; `turned` says so, and `graph.direction` is
    /// what was drawn.
    public static func layout(
        _ graph: inout DiagramGraph, columnWidth: Double, style: DiagramStyle = DiagramStyle()
    ) -> (layout: DiagramLayout, turned: Bool) {
        let layout = LayeredLayout.layout(graph, style: style)
        guard !graph.direction.isVertical, layout.width * minimumScale(style) > columnWidth else {
            return (layout, false)
        }
        var down = graph
        down.direction = .topToBottom
        let turned = LayeredLayout.layout(down, style: style)
        guard turned.width < layout.width else { return (layout, false) }
        graph = down
        return (turned, true)
    }
}
