import SpecSiteDiagrams
import SpecSiteKit

/// The dependency graph of the site's work as SVG: one node per item that has
/// or is a dependency, coloured by status (with the status in its tooltip and
/// description, not in colour alone), one arrow from each dependency to what
/// waits for it, documents and planning folders as clusters.
enum DependencyGraph {
    /// What the dashboard shows: the drawing from left to right, and, when
    /// that is wider than a phone's column, the same graph from top to bottom
    /// for narrow screens (a chain of work is tall and narrow that way, so its
    /// labels stay readable instead of shrinking or scrolling out of view).
    struct Drawing {
        var svg: String?
        /// One top-to-bottom drawing per plan, for narrow screens.
        var narrow: [(svg: String, width: Double, caption: String)] = []
        var note: String?
        var width: Double
    }

    /// The graph's layouts: a status change recolours nodes without moving them.
    static let layouts = LayoutMemo(capacity: 16)

    /// A left-to-right drawing wider than this gets a top-to-bottom one for narrow screens.
    static let narrowAbove: Double = 640

    /// The drawings, or nil when no item has a dependency; a note instead when
    /// it has more than `limit` items. `url` gives each item's link.
    static func svg(_ report: StatusReport, limit: Int, url: (WorkItem) -> String?) -> Drawing {
        let linked = Set(
            report.entries.flatMap { entry in entry.dependencies + (entry.dependencies.isEmpty ? [] : [entry.item.key])
            })
        // Archived milestones are history: the graph shows the work at hand.
        let members = report.entries.filter { linked.contains($0.item.key) && !$0.item.archived }
        guard !members.isEmpty else { return Drawing(svg: nil, note: nil, width: 0) }
        guard members.count <= limit else {
            return Drawing(
                svg: nil,
                note: "The dependency graph has \(members.count) items, more than the \(limit) drawn"
                    + " (raise plugins.status.graph_limit to draw it).",
                width: 0)
        }
        var drawing = draw(
            members, report: report, url: url, direction: .leftToRight, idPrefix: "deps", labelWidth: 28)
        guard drawing.width > narrowAbove else { return drawing }
        // For a phone: each plan on its own, top to bottom, with the items of
        // other plans it depends on drawn beside it.
        var scopes: [String] = []
        for entry in members where !scopes.contains(StatusReport.scope(of: entry.item)) {
            scopes.append(StatusReport.scope(of: entry.item))
        }
        for (offset, scope) in scopes.enumerated() {
            let own = members.filter { StatusReport.scope(of: $0.item) == scope }
            let ownKeys = Set(own.map { $0.item.key })
            let outside = Set(own.flatMap(\.dependencies)).subtracting(ownKeys)
            let part = members.filter { ownKeys.contains($0.item.key) || outside.contains($0.item.key) }
            guard part.count > 1 else { continue }
            let tall = draw(
                part, report: report, url: url, direction: .topToBottom, idPrefix: "deps-\(offset)", labelWidth: 16)
            if let svg = tall.svg { drawing.narrow.append((svg, tall.width, clusterLabel(scope, report: report))) }
        }
        return drawing
    }

    private static func draw(
        _ members: [StatusReport.Entry], report: StatusReport, url: (WorkItem) -> String?,
        direction: DiagramGraph.Direction, idPrefix: String, labelWidth: Int
    ) -> Drawing {
        var graph = DiagramGraph(direction: direction)
        var clusters: [String: Int] = [:]
        var nodeIndex: [String: Int] = [:]
        for entry in members {
            let item = entry.item
            let scope = StatusReport.scope(of: item)
            if clusters[scope] == nil {
                clusters[scope] = graph.clusters.count
                graph.clusters.append(
                    DiagramGraph.Cluster(id: "c\(graph.clusters.count)", label: clusterLabel(scope, report: report)))
            }
            nodeIndex[item.key] = graph.nodes.count
            var node = DiagramGraph.Node(id: "n\(graph.nodes.count)", label: label(item, width: labelWidth))
            node.shape = item.kind == .phase ? .stadium : .rounded
            node.tone = tone(item.status, inCycle: entry.inCycle)
            node.cluster = clusters[scope]
            node.link = url(item).map { HTMLEscaping.percentEncodePath($0) }
            let waits = entry.waitingFor.compactMap { report.entry($0)?.item.id }
            node.tooltip =
                "\(item.id): \(item.title)" + (waits.isEmpty ? "" : " (waits for \(waits.joined(separator: ", ")))")
                + " — \(item.status.label)"
            graph.nodes.append(node)
        }
        let edges = reduced(members, report: report)
        for (from, to) in edges {
            guard let source = nodeIndex[from], let target = nodeIndex[to] else { continue }
            var edge = DiagramGraph.Edge(from: source, to: target)
            if report.entry(to)?.waitingFor.contains(from) == true { edge.style = .thick }
            graph.edges.append(edge)
        }
        if clusters.count == 1 {
            graph.clusters = []
            for index in graph.nodes.indices { graph.nodes[index].cluster = nil }
        }
        let layout = layouts.layout(graph)
        let done = members.filter { $0.item.status == .done }.count
        let svg = DiagramSVG.render(
            graph, layout: layout,
            options: DiagramSVG.Options(
                title: "Dependency graph",
                description: "\(members.count) items, \(done) done; an arrow points from a dependency to the work"
                    + " that waits for it",
                idPrefix: idPrefix, className: "dependency-graph"))
        return Drawing(svg: svg, note: nil, width: layout.width)
    }

    /// `CHUNK-004` over its title, wrapped at words into lines of about
    /// `width` characters so nodes stay narrow; never cut (a reader needs the whole title).
    static func label(_ item: WorkItem, width: Int = 28) -> String {
        let title = wrap(item.title, width: width)
        switch item.kind {
        case .chunk, .plan, .quick, .task, .story: return item.id + "\n" + title
        case .phase: return "Phase " + (item.phase ?? item.id) + "\n" + title
        default: return title
        }
    }

    /// Words packed into lines of at most `width` characters (a longer word keeps a line of its own).
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    static func tone(_ status: WorkStatus, inCycle: Bool) -> DiagramGraph.Tone {
        if inCycle { return .danger }
        switch status {
        case .done: return .success
        case .inProgress, .inReview: return .accent
        case .blocked: return .danger
        case .notStarted: return .normal
        case .cancelled, .optional, .unknown: return .neutral
        }
    }

    private static func clusterLabel(_ scope: String, report: StatusReport) -> String {
        if let item = report.entries.first(where: { $0.item.sourcePath == scope })?.item {
            return GSDFiles.fileName(item.sourcePath)
        }
        return scope.isEmpty ? "Plans" : scope
    }

    /// The edges without those implied by a longer path (a transitive
    /// reduction), so `All previous chunks` draws as one arrow, not twenty.
    static func reduced(_ members: [StatusReport.Entry], report: StatusReport) -> [(String, String)] {
        let keys = members.map { $0.item.key }
        let position = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let dependencies = members.map { $0.dependencies.compactMap { position[$0] } }
        var edges: [(String, String)] = []
        for (node, direct) in dependencies.enumerated() {
            // What each direct dependency reaches through others.
            var reachable = Set<Int>()
            var stack = direct.flatMap { dependencies[$0] }
            while let next = stack.popLast() {
                guard reachable.insert(next).inserted, reachable.count <= 4000 else { continue }
                stack += dependencies[next]
            }
            // A dependency in a cycle reaches itself, which says nothing about this edge: keep it.
            for dependency in direct
            where !reachable.contains(dependency) || members[node].inCycle || members[dependency].inCycle {
                edges.append((keys[dependency], keys[node]))
            }
        }
        return edges
    }
}
