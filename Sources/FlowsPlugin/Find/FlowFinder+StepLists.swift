import SpecSiteKit

/// Numbered lists of screens: `1. **Editor** — open the menu`, `2. [Focus
/// Menu](#focus) — …`, each item opening with a bold or linked name.
extension FlowFinder {
    /// A numbered list of screens read, which a later list may continue.
    struct StepList {
        /// The number of its last item.
        var lastNumber: Int
        /// Its last screen, where a list that continues it starts from.
        var lastStep: ArrowChain.Step
        /// The section whose chains it joins.
        var joinSection: Int
    }

    /// Reads a numbered list whose every item opens with a bold or linked
    /// name as a chain of screens, when
    ///
    /// - its own heading is about flows;
    /// - a heading above it is, and its names say they are screens
    ///   (`AuthScreen`, `Home screen`) or are screens named before;
    /// - or it continues such a list: it starts at the number after that
    ///   list's last (`3.` under "Phase 2" after `1.`, `2.` under "Phase 1"),
    ///   and goes on from its last screen. Two lists that continue one list
    ///   branch from it.
    ///
    /// A list of the parts of a window (`**Sidebar items:**`) or under a heading
    /// that names a structure ("Navigation Structure", "Design Principles") is no
    /// flow: its items stand side by side.
    mutating func stepList(_ list: MarkdownNode, start: Int) {
        guard readsProse, let (steps, labelled) = Self.steps(of: list) else { return }
        let continued = start > 1 ? stepLists.last { $0.lastNumber == start - 1 } : nil
        guard steps.count >= (continued == nil ? 2 : 1) else { return }
        let chain = (continued.map { [$0.lastStep] } ?? []) + steps
        guard Set(chain.map { ArrowChains.normalized($0.name) }).count >= 2 else { return }
        let screenNames = steps.filter {
            ChainEvidence.looksLikeScreen($0.name) || screens.contains(ChainEvidence.screenKey($0.name))
        }.count
        let namesScreens = screenNames * 2 >= steps.count
        // `1. **Scoring**: calculate …` labels what a step does, and `1. **Open app** → Sees …`
        // says what an action leads to; `1. **AuthScreen**: …` names where it is.
        guard !(labelled || Self.isActionList(list)) || namesScreens else { return }
        if continued == nil {
            guard !ChainEvidence.listsPlacesSideBySide(leadIn: listLead, heading: section.title) else { return }
            let saysFlow = ChainEvidence.isAboutFlows(heading: section.title ?? "")
            guard saysFlow || (section.isAboutFlows && namesScreens) else { return }
        }
        let joinSection = continued?.joinSection ?? section.index
        stepLists.append(
            StepList(lastNumber: start + steps.count - 1, lastStep: steps[steps.count - 1], joinSection: joinSection))
        candidates.append(
            Candidate(
                chain: ArrowChain(steps: chain, lineOffset: 0), line: list.line, anchor: list.blockKey,
                section: section, place: .stepList, context: "", joinSection: joinSection))
    }

    /// Whether most items of a list (two at least) are an action and what
    /// follows it, one arrow between (`1. **Open app** → Goes to the whiteboard`),
    /// or a case and what to do in it (`- **Retake?** → Tap "Retake" → Return to camera`).
    /// A chain later in such an item (`3. **Browse** → Swipes R1 → R2 → R3`)
    /// walks through that action's outcome, not through screens.
    static func isActionList(_ list: MarkdownNode) -> Bool {
        var actions = 0
        for item in list.children {
            guard let (lead, rest) = leadAndRest(of: item), case .strong = lead.kind else { continue }
            let pieces = ArrowChains.split(rest)
            guard pieces.count >= 2, pieces[0].text.allSatisfy(\.isWhitespace) else { continue }
            // One arrow after the lead; or any number after a case (`**Retake?**`).
            if pieces.count == 2 || lead.plainText.trimmed.hasSuffix("?") { actions += 1 }
        }
        return actions >= 2 && actions * 2 > list.children.count
    }

    /// The first inline of an item's first paragraph that is not blank, and the
    /// text after it; nil when the item does not open with a paragraph.
    private static func leadAndRest(of item: MarkdownNode) -> (lead: MarkdownNode, rest: String)? {
        guard let paragraph = item.children.first, case .paragraph = paragraph.kind,
            let leadIndex = paragraph.children.firstIndex(where: {
                if case .text(let value) = $0.kind { return !value.trimmed.isEmpty } else { return true }
            })
        else { return nil }
        return (paragraph.children[leadIndex], paragraph.children[(leadIndex + 1)...].map(\.plainText).joined())
    }

    /// The screens a numbered list names, one an item, and whether an item's
    /// name is a label followed by a colon (`**Scoring**: …`); nil when an item
    /// does not open with a bold or linked name, or labels a scenario: an item
    /// that is only its name (`1. **Fresh install**:`) over a list of its own.
    /// An item that says more after its name is a step, detail bullets and all
    /// (`1. **AuthScreen**: the user signs up` over `- Taps Sign Up`).
    private static func steps(of list: MarkdownNode) -> (steps: [ArrowChain.Step], labelled: Bool)? {
        var steps: [ArrowChain.Step] = []
        var labelled = false
        for item in list.children {
            guard let (lead, rest) = leadAndRest(of: item) else { return nil }
            switch lead.kind {
            case .strong, .link: break
            default: return nil
            }
            let label = lead.plainText.trimmed
            let saysMore = rest.contains { !$0.isWhitespace && $0 != ":" }
            if !saysMore, label.hasSuffix(":") || rest.contains(":") || item.children.count > 1 { return nil }
            if label.hasSuffix(":") || rest.drop(while: \.isWhitespace).hasPrefix(":") { labelled = true }
            let name = ArrowChains.clean(lead.plainText)
            guard ArrowChains.isName(name) else { return nil }
            steps.append(ArrowChain.Step(name: name, label: ""))
        }
        return (steps, labelled)
    }
}
