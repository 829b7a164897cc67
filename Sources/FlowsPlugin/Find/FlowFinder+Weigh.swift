import SpecSiteDiagrams
import SpecSiteKit

/// Weighing the chains read, and joining those of one section into flows.
extension FlowFinder {
    /// Why a chain is not drawn, or nil when it is.
    func skipReason(_ candidate: Candidate) -> ChainEvidence.Skip? {
        if candidate.isInPicture { return .boxArt }
        let names = candidate.chain.steps.map { ArrowChains.normalized($0.name) }
        if names.contains(where: candidate.codeNames.contains) { return .inlineCode }
        if !candidate.chain.endsAreWhole { return .cutName }
        if ChainEvidence.isMenuPath(candidate.chain) { return .menuPath }
        if candidate.place == .stepList { return nil }
        // What the chain is, as its own words say, whatever its section.
        if ChainEvidence.namesCounts(candidate.chain) { return .counts }
        if ChainEvidence.definesTemplate(candidate.ownText) { return .template }
        if candidate.section.speaksOfFeelings || ChainEvidence.speaksOfFeelings(candidate.ownText) { return .feelings }
        if ChainEvidence.namesAreQuoted(candidate.chain, in: candidate.ownText) { return .wording }
        if ChainEvidence.namesKnownScreens(candidate.chain, screens: screens) { return nil }
        // A table in a flow section may list files or colours: its chains need
        // the table's header or their own cell to speak of screens or paths.
        if candidate.place == .table {
            return ChainEvidence.speaksOfFlows(table: candidate.context) ? nil : .table
        }
        // In a list of `**Action** → what follows` steps, the arrows say what
        // each action leads to: a journey of actions, which its heading does
        // not make screens.
        if candidate.section.isAboutFlows, !candidate.isInActionList { return nil }
        // Screen words in a section about phases or tests do not make its chains screens.
        if !candidate.section.ordersOtherThings,
            ChainEvidence.mentionsScreens(candidate.context, besides: candidate.chain)
        {
            return nil
        }
        return candidate.section.isAboutFlows ? .actionOutcome : .notScreens
    }

    /// Keeps the chains with evidence and joins those of one section that
    /// share a screen (union-find over section and screen name) into one flow each.
    mutating func weighChains() {
        var kept: [Candidate] = []
        for candidate in candidates {
            if let reason = skipReason(candidate) {
                skipped.append(Skipped(line: candidate.line, chain: Self.spelled(candidate.chain), reason: reason))
            } else {
                kept.append(candidate)
            }
        }
        skipped.sort { ($0.line, $0.chain) < ($1.line, $1.chain) }
        guard !kept.isEmpty else { return }
        var sets = DisjointSets(count: kept.count)
        var owner: [String: Int] = [:]
        for (index, entry) in kept.enumerated() {
            for step in entry.chain.steps {
                let key = "\(entry.joinSection)\u{0}" + renamed(ArrowChains.normalized(step.name))
                if let other = owner[key] {
                    sets.union(index, other)
                } else {
                    owner[key] = index
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for index in kept.indices { groups[sets.root(index), default: []].append(index) }
        for first in groups.keys.sorted() {
            let members = groups[first]!.map { kept[$0] }
            var flow = FlowDefinition(
                graph: Self.graph(of: members.map(\.chain), renames: renames),
                title: title(of: members.map(\.section)), notation: .prose, line: members[0].line,
                anchor: members[0].anchor, replacesBlock: false)
            flow.titleIsBorrowed = true
            flows.append(flow)
        }
    }

    /// A flow's title: its section's, or for lists that continue one another
    /// across sections ("Phase 1", "Phase 2"), the heading they all stand under.
    private func title(of sections: [Section]) -> String {
        guard let first = sections.first else { return pageTitle }
        guard sections.contains(where: { $0.index != first.index }) else { return first.flowTitle ?? pageTitle }
        var common = first.path
        for section in sections.dropFirst() {
            common = Array(zip(common, section.path).prefix { $0 == $1 }.map(\.0))
        }
        return common.last ?? pageTitle
    }

    /// Flows of one section would all be called after it; each is told apart
    /// by the screen it starts from: "Navigation (from Widget)".
    mutating func distinguishTitles() {
        var counts: [String: Int] = [:]
        for flow in flows { counts[flow.title, default: 0] += 1 }
        for index in flows.indices where flows[index].titleIsBorrowed && counts[flows[index].title, default: 0] > 1 {
            guard let start = flows[index].graph.nodes.first?.label else { continue }
            let name = start.split(whereSeparator: \.isNewline).joined(separator: " ")
            flows[index].title += " (from \(name))"
        }
    }

    /// What the tooltip of a renamed screen starts with, before its old name.
    static let formerly = "formerly "

    /// The name a screen goes by now, as compared.
    private func renamed(_ key: String) -> String {
        renames[key].map(ArrowChains.normalized) ?? key
    }

    /// The graph of some chains: one node per screen name (case and spacing
    /// aside), one edge per pair of neighbours; labels of repeated edges joined.
    /// A screen the document says was renamed is drawn under its new name, so
    /// old and new chains are one path; where a chain wrote the old name, the
    /// box says so too ("Piles (formerly Categories)"): the drawing never
    /// silently disagrees with the text above it.
    static func graph(of chains: [ArrowChain], renames: [String: String] = [:]) -> DiagramGraph {
        var graph = DiagramGraph()
        var nodeIndex: [String: Int] = [:]
        var edgeIndex: [Int: [Int: Int]] = [:]
        func node(_ written: String) -> Int {
            let old = ArrowChains.normalized(written)
            let name = renames[old] ?? written
            let key = ArrowChains.normalized(name)
            let index: Int
            if let known = nodeIndex[key] {
                index = known
            } else {
                let isDecision = name.hasSuffix("?")
                graph.nodes.append(
                    DiagramGraph.Node(id: key, label: name, shape: isDecision ? .diamond : .box))
                index = graph.nodes.count - 1
                nodeIndex[key] = index
            }
            if key != old, graph.nodes[index].tooltip == nil {
                graph.nodes[index].tooltip = formerly + written
                graph.nodes[index].label = name + "\n(" + formerly + written + ")"
            }
            return index
        }
        for chain in chains {
            var previous: Int?
            for step in chain.steps {
                let current = node(step.name)
                if let from = previous {
                    if let existing = edgeIndex[from]?[current] {
                        if !step.label.isEmpty {
                            let labels = graph.edges[existing].label.split(separator: "/").map { $0.trimmed }
                            if !labels.contains(step.label[...]) {
                                graph.edges[existing].label +=
                                    graph.edges[existing].label.isEmpty ? step.label : " / " + step.label
                            }
                        }
                    } else {
                        graph.edges.append(DiagramGraph.Edge(from: from, to: current, label: step.label))
                        edgeIndex[from, default: [:]][current] = graph.edges.count - 1
                    }
                }
                previous = current
            }
        }
        // Where the flow begins reads at a glance: screens nothing leads to are
        // drawn as starts.
        let targets = Set(graph.edges.map(\.to))
        for index in graph.nodes.indices where !targets.contains(index) && graph.nodes[index].shape == .box {
            graph.nodes[index].shape = .stadium
            graph.nodes[index].tone = .accent
        }
        return graph
    }
}
