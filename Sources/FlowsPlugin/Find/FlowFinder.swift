import Foundation
import SpecSiteKit

/// Finds every flow of a page: ```` ```flow ```` and ```` ```mermaid ```` blocks,
/// arrow chains in prose, lists, tables, text code blocks and HTML blocks, and
/// numbered step lists of screens. A chain is kept only with evidence that it
/// is about screens (``ChainEvidence``); chains of one section that share a
/// screen are merged into one flow, and chains of different sections never are.
struct FlowFinder {
    /// A problem found while reading, at a file line.
    struct Warning: Sendable, Equatable {
        var line: Int
        var message: String
    }

    /// Arrows read and left as text, at a file line, with why (`--verbose`).
    struct Skipped: Sendable, Equatable {
        var line: Int
        var chain: String
        var reason: ChainEvidence.Skip
    }

    /// A stretch of the document under one heading (or plan tag).
    struct Section {
        /// The heading's text, or nil before the first.
        var title: String?
        /// Which section, in document order: chains join only within one.
        var index = 0
        /// Whether it, or a heading it stands under, is about flows or navigation.
        var isAboutFlows = false
        /// Whether its heading says names were changed (`Terminology`).
        var isAboutRenames = false
        /// The headings it stands under and its own, outermost first.
        var path: [String] = []
        /// What a flow of the section is called: its heading, or the one above
        /// when its heading only says "diagram" (`#### Flow Diagram`).
        var flowTitle: String?
        /// Whether its own heading says its arrows order other things (phases, tests).
        var ordersOtherThings = false
        /// Whether its own heading speaks of feelings ("Emotions throughout the journey").
        var speaksOfFeelings = false
        /// Whether it, a heading above or the page's title speaks of a system's
        /// architecture, and its own heading not of flows: its diagrams show no screens.
        var isAboutArchitecture = false
    }

    /// Where a chain was written, which decides the evidence it needs.
    enum Place {
        case prose, table, stepList
    }

    /// A chain read from the text, before the evidence is weighed.
    struct Candidate {
        var chain: ArrowChain
        var line: Int
        var anchor: String
        var section: Section
        var place: Place
        /// The words around the chain: its sentence, list item, heading or table header.
        var context: String
        /// Whether the text the chain is in holds box-drawing characters.
        var isInPicture = false
        /// Inline code spans of its block without arrows, as compared (`salesrepository.recordsale`).
        var codeNames: Set<String> = []
        /// The chain's own text: its paragraph, list item, table cell or line, without lead-ins or headers.
        var ownText = ""
        /// The section whose chains it joins: its own, or that of the numbered
        /// list it continues (`3.` after a list that ended at `2.`).
        var joinSection: Int
        /// Whether it stands in an item of a list of `**Action** → what follows` steps.
        var isInActionList = false

        init(
            chain: ArrowChain, line: Int, anchor: String, section: Section, place: Place, context: String,
            ownText: String = "", isInPicture: Bool = false, codeNames: Set<String> = [], joinSection: Int? = nil,
            isInActionList: Bool = false
        ) {
            self.chain = chain
            self.line = line
            self.anchor = anchor
            self.section = section
            self.place = place
            self.context = context
            self.ownText = ownText
            self.isInPicture = isInPicture
            self.codeNames = codeNames
            self.joinSection = joinSection ?? section.index
            self.isInActionList = isInActionList
        }
    }

    /// Whether arrow chains in prose are read (`plugins.flows.prose`).
    var readsProse = true

    /// The flows found, in document order, before layout.
    var flows: [FlowDefinition] = []
    /// Mermaid blocks of other types, by block key.
    private(set) var unsupported: [String: String] = [:]
    /// What could not be read.
    private(set) var warnings: [Warning] = []
    /// Chains read and not drawn, with why.
    var skipped: [Skipped] = []
    /// Old screen names the document says were renamed, by their compared form, with the new name.
    var renames: [String: String] = [:]

    var candidates: [Candidate] = []
    var section = Section()
    /// The paragraph before the current block (reset by a heading): a list,
    /// table or text block is read with the sentence that leads into it.
    private var leadIn = ""
    /// The lead-in of the list being read.
    var listLead = ""
    /// The list being read, and whether it is one of `**Action** → what follows`
    /// steps once a chain in it asked (most lists hold no chain: not worked out for them).
    private var currentList: (list: MarkdownNode, isActionList: Bool?)?
    /// The headings above the current block, outermost first.
    private var headings: [(level: Int, text: String)] = []
    /// Screen names the document gives outside prose chains, as compared (``ChainEvidence/screenKey(_:)``).
    var screens: Set<String> = []
    let pageTitle: String
    private let sectionNames: [Int: String]
    /// The numbered lists of screens read so far, which a later list may continue.
    var stepLists: [StepList] = []

    /// Code block languages whose lines are read as prose (unlabelled and plain text).
    static let textLanguages: Set<String> = ["", "text", "txt", "plain", "plaintext"]

    /// Reads `page`.
    init(page: Page, readsProse: Bool = true) {
        self.pageTitle = page.title
        self.readsProse = readsProse
        self.sectionNames = page.sectionNames
        section.isAboutArchitecture = ChainEvidence.isAboutArchitecture(page.title)
        visit(page.document.root, list: nil)
        weighChains()
        flows.sort { $0.line < $1.line }
        distinguishTitles()
    }

    // MARK: - Walking the document

    /// Visits a block; `list` is the outermost list around it, which a chain in
    /// one of its items is drawn after.
    private mutating func visit(_ node: MarkdownNode, list: MarkdownNode?) {
        if let name = sectionNames[node.line], node.line > 0, case .htmlBlock = node.kind {
            // A plan section a preprocessor rewrote (`<verification>`).
            if let title = Self.sectionTag("<" + name + ">") { enterSection(title, level: nil) }
        }
        switch node.kind {
        case .document, .blockQuote:
            for child in node.children { visit(child, list: nil) }
        case .list(let info):
            if list == nil {
                listLead = leadIn
                if info.ordered { stepList(node, start: info.start) }
            }
            let outer = currentList
            currentList = (node, nil)
            for child in node.children { visit(child, list: list ?? node) }
            currentList = outer
        case .item:
            for child in node.children { visit(child, list: list) }
        case .heading(let level, _):
            // A chain in a heading is that section's flow, named after it.
            let text = Self.text(of: node)
            enterSection(ArrowChains.clean(text), level: level)
            // `### Home Screen`, or `### Home` under `## Screens`, names a screen;
            // `### 3.2 Capture a Note` under `## User flows` names a flow.
            if ChainEvidence.namesScreens(text)
                || headings.dropLast().contains(where: {
                    ChainEvidence.namesScreens($0.text)
                })
            {
                screens.insert(ChainEvidence.screenKey(text))
            }
            addChains(in: text, line: node.line, anchor: node.blockKey, context: text, code: Self.codeSpans(of: node))
        case .paragraph:
            let text = Self.text(of: node)
            if let name = Self.sectionTag(text) { enterSection(name, level: nil) }
            let lead = listLead
            addChains(
                in: text, line: node.line, anchor: (list ?? node).blockKey,
                context: list == nil ? text : text + "\n" + lead, code: Self.codeSpans(of: node))
            if list == nil { leadIn = text }
        case .table:
            table(node, anchor: (list ?? node).blockKey)
        case .codeBlock(let info, let code):
            codeBlock(node, info: info, code: code)
        case .htmlBlock(let html):
            if let name = Self.sectionTag(html) { enterSection(name, level: nil) }
            let text = Self.textOfHTML(html)
            addChains(in: text, line: node.line, anchor: node.blockKey, context: text)
        default:
            break
        }
    }

    /// Starts a section: a heading of `level`, or a plan tag (nil), which
    /// stands under the headings before it.
    private mutating func enterSection(_ title: String, level: Int?) {
        if let level {
            while let last = headings.last, last.level >= level { headings.removeLast() }
            headings.append((level, title))
        }
        leadIn = ""
        let path = level == nil ? headings.map(\.text) + [title] : headings.map(\.text)
        let isAboutFlows =
            ChainEvidence.isAboutFlows(heading: title)
            || headings.contains { ChainEvidence.isAboutFlows(heading: $0.text) }
        // `#### Flow Diagram` under `### User Flow: Onboarding` draws the onboarding flow.
        let named = path.reversed().first { !ChainEvidence.namesOnlyADrawing($0) }
        section = Section(
            title: title, index: section.index + 1, isAboutFlows: isAboutFlows,
            isAboutRenames: ChainEvidence.mentionsRename(title), path: path, flowTitle: named ?? title,
            ordersOtherThings: ChainEvidence.headingOrdersOtherThings(title),
            speaksOfFeelings: ChainEvidence.speaksOfFeelings(title),
            isAboutArchitecture: !ChainEvidence.isAboutFlows(heading: title) && !ChainEvidence.namesScreens(title)
                && (path.contains(where: ChainEvidence.isAboutArchitecture)
                    || ChainEvidence.isAboutArchitecture(pageTitle))
        )
    }

    /// A table's chains, read with its header as their context; a column
    /// headed `Screen` (or page, view) names screens. A table is no sentence:
    /// a chain's first and last names are all of their clause in the cell.
    private mutating func table(_ node: MarkdownNode, anchor: String) {
        let header = node.children.first { if case .tableRow(true) = $0.kind { true } else { false } }
        let titles = header?.children.map(\.plainText) ?? []
        let screenColumns = Set(
            titles.indices.filter {
                let words = ChainEvidence.words(of: titles[$0])
                return words.contains { ["screen", "screens", "page", "view"].contains($0) }
            })
        let context = leadIn + "\n" + titles.joined(separator: " ")
        for row in node.children {
            if case .tableRow(true) = row.kind { continue }
            // Each cell's text is gathered once: it is the row's words and the cell's chain.
            let cellTexts = row.children.map(\.plainText)
            let rowText = cellTexts.joined(separator: " ")
            for rename in ChainEvidence.renames(in: rowText) { noteRename(rename) }
            // Only a cell with an arrow asks (see addChains).
            let renaming =
                cellTexts.contains(where: ArrowChains.mayHoldArrows) && ChainEvidence.saysRenamed(rowText)
            for (column, (cell, text)) in zip(row.children, cellTexts).enumerated() {
                if screenColumns.contains(column), !text.contains(where: { "→⇒⟶>".contains($0) }) {
                    screens.insert(ChainEvidence.screenKey(text))
                }
                // The evidence is the table's header and the chain's own cell: the other
                // cells of a row say what the row is about (a file, a pattern), not the chain.
                addChains(
                    in: text, line: row.line, anchor: anchor, context: context + "\n" + text,
                    code: Self.codeSpans(of: cell), place: .table, renaming: renaming)
            }
        }
    }

    private mutating func codeBlock(_ node: MarkdownNode, info: String, code: String) {
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { $0.lowercased() } ?? ""
        // The code starts on the line after the opening fence.
        let codeLine = node.line + 1
        switch language {
        case "mermaid":
            switch MermaidParser.parse(code) {
            case .flow(let parsed):
                add(parsed, notation: .mermaid, node: node, codeLine: codeLine)
            case .unsupported(let type):
                unsupported[node.blockKey] = type
            }
        case "flow":
            add(FlowBlockParser.parse(code), notation: .flowBlock, node: node, codeLine: codeLine)
        default:
            guard Self.textLanguages.contains(language) else { return }
            let text = Self.withoutComments(code)
            let sketch = Self.isSketch(code)
            for (number, lineText) in Self.statements(of: text, firstLine: codeLine) {
                guard sketch else {
                    let lead = leadIn
                    addChains(in: lineText, line: number, anchor: node.blockKey, context: lead + "\n" + lineText)
                    continue
                }
                // A drawing's arrows are part of the picture: said with --verbose only.
                guard readsProse else { continue }
                for chain in ArrowChains.find(in: lineText) {
                    skipped.append(
                        Skipped(line: number + chain.lineOffset, chain: Self.spelled(chain), reason: .boxArt))
                }
            }
        }
    }

    private mutating func add(
        _ parsed: ParsedFlow, notation: FlowDefinition.Notation, node: MarkdownNode, codeLine: Int
    ) {
        for warning in parsed.warnings {
            warnings.append(Warning(line: codeLine + warning.line, message: warning.message))
        }
        guard !parsed.graph.nodes.isEmpty else {
            warnings.append(
                Warning(line: node.line, message: "this \(notation.rawValue) block has no screens; it is shown as code")
            )
            return
        }
        // The boxes of an architecture diagram are a system's parts, not screens.
        if !section.isAboutArchitecture {
            for node in parsed.graph.nodes { screens.insert(ChainEvidence.screenKey(node.label)) }
        }
        var flow = FlowDefinition(
            graph: parsed.graph, title: parsed.title ?? section.flowTitle ?? pageTitle, notation: notation,
            line: node.line, anchor: node.blockKey, replacesBlock: true)
        flow.titleIsBorrowed = parsed.title == nil
        flow.showsScreens = !section.isAboutArchitecture
        flows.append(flow)
    }

    /// Reads the chains of `text`. `renaming` says the words around it (a table
    /// row) speak of renaming, so `Old → New` in it may be a rename.
    mutating func addChains(
        in text: String, line: Int, anchor: String, context contextText: @autoclosure () -> String,
        code codeSpans: @autoclosure () -> Set<String> = [], place: Place = .prose, renaming rowRenames: Bool = false
    ) {
        for rename in ChainEvidence.renames(in: text) { noteRename(rename) }
        // Most texts hold no arrow, so no chain: the context and the code
        // spans are not worked out for them (the context is the section's
        // lead-in and more, and every table cell would be walked for code).
        guard readsProse, ArrowChains.mayHoldArrows(text) else { return }
        let context = contextText()
        let code = codeSpans()
        // In a terminology section, or next to "renamed", `Categories → Piles` is a rename.
        let renaming = section.isAboutRenames || rowRenames || ChainEvidence.saysRenamed(context)
        let chains = ArrowChains.find(
            in: text, minimumScreens: renaming ? 2 : ArrowChains.minimumScreens, wholeClauses: place == .table)
        for chain in chains {
            let distinct = Set(chain.steps.map { ArrowChains.normalized($0.name) }).count
            if renaming, chain.steps.count == 2 {
                // "User edits name in `Detail` → hits Return" renames nothing.
                let isRename = ChainEvidence.isRenameStatement(chain)
                if isRename { noteRename((chain.steps[0].name, chain.steps[1].name)) }
                skipped.append(
                    Skipped(
                        line: line + chain.lineOffset, chain: Self.spelled(chain), reason: isRename ? .rename : .tooFew)
                )
                continue
            }
            guard distinct >= ArrowChains.minimumScreens else { continue }
            candidates.append(
                Candidate(
                    chain: chain, line: line + chain.lineOffset, anchor: anchor, section: section, place: place,
                    context: context, ownText: text, isInPicture: ChainEvidence.hasBoxArt(text), codeNames: code,
                    isInActionList: place == .prose && isInActionList()))
        }
    }

    /// Whether the text being read stands in a list of `**Action** → what follows` steps.
    private mutating func isInActionList() -> Bool {
        guard let current = currentList else { return false }
        if let known = current.isActionList { return known }
        let answer = Self.isActionList(current.list)
        currentList?.isActionList = answer
        return answer
    }

    mutating func noteRename(_ rename: (old: String, new: String)) {
        let old = ArrowChains.normalized(rename.old)
        guard old != ArrowChains.normalized(rename.new), renames[old] == nil else { return }
        renames[old] = ArrowChains.clean(rename.new)
    }

    /// `A → B → C`, for notes.
    static func spelled(_ chain: ArrowChain) -> String {
        chain.steps.map(\.name).joined(separator: " → ")
    }
}
