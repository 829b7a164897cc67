import Foundation

/// Remembers the last few layouts, so a graph drawn again with the same
/// structure (a dependency graph after one item's status changed colour) is
/// not laid out again. The key is the graph without what layout never reads:
/// node colours, links and tooltips, and how edges are drawn (solid, dotted, thick). Layout is a pure function of the rest,
/// so a remembered layout is the one that would be computed.
public final class LayoutMemo: @unchecked Sendable {
    // @unchecked: `entries` is guarded by `lock`.
    private let lock = NSLock()
    private let capacity: Int
    private var entries: [(graph: DiagramGraph, style: DiagramStyle, layout: DiagramLayout)] = []

    /// A memo of the `capacity` layouts used last.
    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// `LayeredLayout.layout(graph, style:)`, or the remembered one.
    public func layout(_ graph: DiagramGraph, style: DiagramStyle = DiagramStyle()) -> DiagramLayout {
        var key = graph
        for index in key.nodes.indices {
            key.nodes[index].tone = .normal
            key.nodes[index].link = nil
            key.nodes[index].tooltip = nil
        }
        for index in key.edges.indices { key.edges[index].style = .solid }
        let known: DiagramLayout? = lock.withLock {
            guard let found = entries.firstIndex(where: { $0.graph == key && $0.style == style }) else { return nil }
            let entry = entries.remove(at: found)
            entries.append(entry)
            return entry.layout
        }
        if let known { return known }
        let layout = LayeredLayout.layout(graph, style: style)
        lock.withLock {
            entries.append((key, style, layout))
            if entries.count > capacity { entries.removeFirst() }
        }
        return layout
    }
}
