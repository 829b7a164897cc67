import Foundation
import SpecSiteKit

/// Reads a GSD `ROADMAP.md`: phase lines (`- [x] Phase 2: Reminders (3/3
/// plans) — completed 2026-01-12`) become phase items, plan lines (`- [x]
/// 01-01-PLAN.md — …`) state their plan's status, `### Phase N: …` sections
/// give a phase its `**Depends on**:`, and a progress table's Status column
/// fills in what the lines leave out.
struct RoadmapReader {
    let page: Page
    private(set) var fact = PlanFact()
    private(set) var warnings: [LineMessage] = []
    private let root: String
    private var phaseIndex: [String: Int] = [:]
    /// Phases whose line is an open box and nothing more (see ``apply(_:of:to:)``).
    private var openBoxOnly: Set<Int> = []
    private var currentPhase: String?
    /// The page's lines, found when a phase section first needs them.
    private var lines: SourceLines?
    /// Phases written only inside an archived milestone, in order; added when
    /// the page is read, unless a current phase has the same number.
    private var archivedItems: [WorkItem] = []

    /// What ``phaseLine`` captures: number, title, the parenthesis, and the text after a dash.
    typealias PhaseLine = (Substring, Substring, Substring, Substring?, Substring?, Substring?)

    nonisolated(unsafe) static let phaseLine: Regex<PhaseLine> =
        /^(?i)\**\s*phase\s+(\d{1,3}(?:\.\d+)?)\s*\**\s*[:.—–-]\s*\**([^*(—–]+?)\**\s*(?:\(([^)]*)\))?(?:\s*[—–]+\s*(.*)|\s+-+\s+(.*))?\s*$/
    nonisolated(unsafe) static let planLine = /^\**(\d{1,3}(?:\.\d+)?)-(\d{1,3})(?:-PLAN\.md)?\**\b/
    /// `TBD`, `TODO`, `To be planned`, `?`, `…`: the words of a plan line
    /// that names no plan yet (GSD writes `- [ ] 23-01: TBD` under `**Plans**: TBD`).
    nonisolated(unsafe) static let placeholderTitle =
        /(?i)[(\[]?\s*(?:plans?\s+)?(?:tbd|tba|todo|to\s+do|to\s+be\s+(?:determined|decided|defined|planned|written|added)|not\s+yet\s+planned|placeholder|\?+|\.{3}|…)\s*[)\]]?\.?/
    nonisolated(unsafe) static let phaseHeading = /^(?i)phase\s+(\d{1,3}(?:\.\d+)?)\s*[:.—–-]/
    /// `**Phase 1-11** — Full MVP`, `Phases 12–16: …`: a line that sums up
    /// several phases, which is none of them (read as phase 1 titled "11" otherwise).
    nonisolated(unsafe) static let phaseRange =
        /^(?i)\**\s*phases?\s+(\d{1,3})\s*(?:[-–—]|to)\s*(\d{1,3})(?!\.\d|\d)\s*\**\s*(?:[:.—–-]|\(|$)/

    /// Readings kept across versions of the page (a history replay), or nil.
    let remembered: TextReadings?

    init(page: Page, remembered: TextReadings? = nil) {
        self.page = page
        self.remembered = remembered
        root = GSDFiles.planningRoot(of: page.sourcePath)
        fact.planningRoot = root
    }

    /// ``StatusText/read(_:)``, remembered in a replay.
    func read(_ text: String) -> StatusText.Reading {
        remembered?.status(text) { StatusText.read(text) } ?? StatusText.read(text)
    }

    /// Whether the page is a roadmap.
    static func isRoadmap(_ page: Page) -> Bool {
        let name = GSDFiles.fileName(page.sourcePath)
        return name == "ROADMAP.md" || name.hasSuffix("-ROADMAP.md")
    }

    /// A heading that opens a finished milestone's section (`## Archived: v0.1`).
    nonisolated(unsafe) static let archivedHeading = /(?i)\barchived\b|^\W*(?:archive|history)\W*$/
    /// GSD folds a shipped milestone into `<details><summary>✅ v1.0 MVP … SHIPPED …</summary>`.
    nonisolated(unsafe) static let archivedSummary = /(?i)<summary>[^<]*(?:\bshipped\b|\barchived?\b|\bcomplete\b|✅)/

    mutating func read() {
        // An archived milestone's phases and plans reuse the current ones'
        // numbers; its plans are read from their own folder, not from here.
        var archivedLevel: Int?
        var openDetails = 0
        for block in page.document.root.children {
            if case .heading(let level, _) = block.kind {
                if let archived = archivedLevel, level <= archived { archivedLevel = nil }
                if (try? Self.archivedHeading.firstMatch(in: block.plainText)) != nil { archivedLevel = level }
            }
            if case .htmlBlock(let html) = block.kind {
                if openDetails > 0 || (try? Self.archivedSummary.firstMatch(in: html)) != nil {
                    openDetails += html.ranges(of: "<details").count
                }
                openDetails = max(0, openDetails - html.ranges(of: "</details>").count)
            }
            guard archivedLevel == nil, openDetails == 0 else {
                if case .list = block.kind { readArchivedList(block) }
                continue
            }
            switch block.kind {
            case .heading:
                let text = block.plainText.trimmingSpaces
                currentPhase = (try? Self.phaseHeading.firstMatch(in: text)).map { StatusText.phaseID($0.1) }
                if let currentPhase, phaseIndex[currentPhase] == nil {
                    // A phase described only by its section (no checklist line).
                    addPhase(id: currentPhase, title: text, line: block.line, anchor: block.kind.headingID)
                } else if let currentPhase, let index = phaseIndex[currentPhase], fact.items[index].anchor == nil {
                    fact.items[index].anchor = block.kind.headingID
                }
            case .list:
                readList(block)
            case .paragraph:
                readDetails(block)
            case .table:
                readTable(block)
            default:
                break
            }
        }
        // A phase of an archived milestone that a current phase renumbered
        // (`Phase numbers restarted at 1`) is another phase: only its number
        // is kept, so the current one is not taken for history. A milestone's
        // archive (`milestones/v1.1-ROADMAP.md`) repeats the blocks of the
        // milestones before it: those phases are the current ROADMAP's to list.
        let isCurrent = GSDFiles.fileName(page.sourcePath) == "ROADMAP.md"
        for item in archivedItems where isCurrent && phaseIndex[item.id] == nil {
            fact.items.append(item)
            phaseIndex[item.id] = fact.items.count - 1
        }
    }

    /// Phase lines inside an archived milestone (`<details>`, `## Archived`):
    /// history, not current work. Each becomes an archived phase item, with its
    /// title, status and plan count; a line the author left unticked is current
    /// work inside the block, and says so with a hint. A line that sums up a
    /// range of phases (`Phase 1-11`) archives each of them.
    private mutating func readArchivedList(_ list: MarkdownNode) {
        for entry in list.children {
            let text = Self.lineText(entry)
            if let range = try? Self.phaseRange.firstMatch(in: text), let low = Int(range.1), let high = Int(range.2),
                low <= high, high - low < 1000
            {
                for number in low...high { fact.archivedPhases.insert("phase-\(number)") }
            } else if let match = try? Self.phaseLine.firstMatch(in: text) {
                let id = StatusText.phaseID(match.1)
                var item =
                    archivedItems.first { $0.id == id }
                    ?? WorkItem(
                        id: id, key: root + "#" + id, kind: .phase, title: "", sourcePath: page.sourcePath,
                        displayPath: page.displayPath, line: entry.line)
                item.phase = String(id.dropFirst("phase-".count))
                apply(match, of: entry, to: &item)
                if item.status == .done {
                    item.archived = true
                    fact.archivedPhases.insert(id)
                } else {
                    item.hint(
                        "it is listed inside an archived milestone, but its line says"
                            + " \(item.status.label.lowercased())", line: entry.line)
                }
                archivedItems.removeAll { $0.id == id }
                archivedItems.append(item)
            }
            for child in entry.children where child.kind.isList { readArchivedList(child) }
        }
    }

    private mutating func addPhase(id: String, title: String, line: Int, anchor: String?) {
        var clean = title
        if let match = try? Self.phaseHeading.firstMatch(in: clean) { clean = String(clean[match.range.upperBound...]) }
        var item = WorkItem(
            id: id, key: root + "#" + id, kind: .phase,
            title: clean.trimmingSpaces, sourcePath: page.sourcePath,
            displayPath: page.displayPath, line: line, anchor: anchor)
        item.phase = String(id.dropFirst("phase-".count))
        fact.items.append(item)
        phaseIndex[id] = fact.items.count - 1
    }

    /// A list item's text with runs of white space made one space, and at most
    /// 2,000 characters: the phase line pattern has several optional spaces in a
    /// row, which a long run of spaces would make it try in cubic time.
    static func lineText(_ entry: MarkdownNode) -> String {
        let text = PlanReader.itemText(entry)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(2_000).description
    }

    private mutating func readList(_ list: MarkdownNode) {
        for entry in list.children {
            guard case .item(let task) = entry.kind else { continue }
            let text = Self.lineText(entry)
            if (try? Self.phaseRange.firstMatch(in: text)) != nil {
                // A summary of several phases names none of them.
            } else if let match = try? Self.phaseLine.firstMatch(in: text) {
                let id = StatusText.phaseID(match.1)
                if phaseIndex[id] == nil {
                    addPhase(id: id, title: String(match.2), line: entry.line, anchor: nil)
                }
                guard let index = phaseIndex[id] else { continue }
                if apply(match, of: entry, to: &fact.items[index]) { openBoxOnly.insert(index) }
            } else if let match = try? Self.planLine.firstMatch(in: text) {
                let id = StatusText.planID(phase: match.1, plan: match.2)
                if let task {
                    var title = String(text[match.range.upperBound...])
                    title = title.trimmingCharacters(in: CharacterSet(charactersIn: " :—–-*"))
                    let unfinished = task == .done ? StatusText.unfinishedStatement(in: title) : nil
                    fact.roadmapPlans[id] = RoadmapPlan(
                        status: task == .done ? .done : .notStarted, title: title.isEmpty ? "Plan \(id)" : title,
                        line: entry.line, unfinishedWord: unfinished?.word,
                        unfinishedStatus: unfinished.flatMap {
                            $0.isStatus ? Self.unfinishedStatus($0.word, in: title) : nil
                        }, placeholder: (try? Self.placeholderTitle.wholeMatch(in: title)) != nil)
                }
            }
            for child in entry.children where child.kind.isList { readList(child) }
        }
    }

    /// What a phase line says: its title, status (the box, else the words
    /// after the title), completion date and plan count (`(2/3 plans)`).
    /// True when an open box is all it says: a progress table's words
    /// (`Awaiting Operator Smoke-Check`) say more, and the folder's evidence
    /// (every plan has a SUMMARY) may outweigh it.
    @discardableResult
    private func apply(_ match: Regex<PhaseLine>.Match, of entry: MarkdownNode, to item: inout WorkItem) -> Bool {
        let text = Self.lineText(entry)
        item.title = String(match.2).trimmingSpaces
        item.line = entry.line
        // The words after the title are its description (`- Fix failing sync
        // tests`) unless they open with a status (`— completed 2026-01-12`);
        // the parenthesis (`(3/3 plans)`, `(in progress)`) is always read.
        let after = [match.4, match.5].compactMap { $0.map(String.init) }.first
        let opensWithStatus = after.map { text in
            let opens = {
                StatusText.statusWords(in: text).first?.offset == 0 || text.first.map(StatusText.isSymbol) == true
            }
            return remembered?.flag(TextReadings.Question(number: 3, text: text), opens) ?? opens()
        }
        let rest = [match.3.map(String.init), opensWithStatus == true ? after : nil].compactMap { $0 }.joined(
            separator: " ")
        var reading = read(rest)
        reading.date = reading.date ?? after.flatMap { read($0).date }
        var boxAlone = false
        if case .item(let task) = entry.kind, let task {
            item.status = task == .done ? .done : (reading.recognised ? reading.status : .notStarted)
            if task == .open && item.status == .done { item.status = .inProgress }
            item.statusStated = true
            item.statusText = text
            boxAlone = task == .open && !reading.recognised
        } else if reading.recognised {
            item.status = reading.status
            item.statusStated = true
            item.statusText = text
        }
        item.completed = (item.status == .done ? reading.date : nil) ?? item.completed
        if let plans = match.3, let counts = try? /(\d+)\s*\/\s*(\d+)/.firstMatch(in: plans),
            let done = Int(counts.1), let total = Int(counts.2), total >= done
        {
            item.checklist = ChecklistCount(done: done, open: total - done)
        }
        return boxAlone
    }

    /// `**Depends on**: Phase 1` under `### Phase 2: …`.
    private mutating func readDetails(_ block: MarkdownNode) {
        guard let currentPhase, let index = phaseIndex[currentPhase] else { return }
        let lines = self.lines ?? SourceLines(page.markdown, firstLine: page.bodyFirstLine)
        self.lines = lines
        for fileLine in block.line...max(block.line, block.endLine) {
            guard let line = lines[line: fileLine],
                let match = try? PlanReader.metadataLine.firstMatch(in: String(line))
            else { continue }
            let key = match.1.lowercased().trimmingSpaces
            guard key == "depends on" || key == "dependencies" else { continue }
            let value = PlanReader.plain(String(match.2))
            let dependencies = StatusText.dependencies(value)
            fact.items[index].dependencyIDs = dependencies.ids.filter { $0.hasPrefix("phase-") }
            fact.items[index].dependencyText = value
            fact.items[index].dependencyLine = fileLine
        }
    }

    /// `| 1. Foundation | 2/2 | Complete | 2026-01-12 |`.
    private mutating func readTable(_ table: MarkdownNode) {
        let rows = table.children.map { row in row.children.map { $0.plainText.trimmingSpaces } }
        guard let header = rows.first?.map({ $0.lowercased() }),
            let statusColumn = header.firstIndex(where: { $0 == "status" })
        else { return }
        let completedColumn = header.firstIndex { $0.hasPrefix("completed") }
        for (row, cells) in zip(table.children.dropFirst(), rows.dropFirst()) {
            guard let first = cells.first, cells.indices.contains(statusColumn),
                let number = try? /^(?i)(?:phase\s+)?(\d{1,3}(?:\.\d+)?)\b/.firstMatch(in: first),
                let index = phaseIndex[StatusText.phaseID(number.1)]
            else { continue }
            var item = fact.items[index]
            if !item.statusStated || openBoxOnly.contains(index) {
                let reading = read(cells[statusColumn])
                // An open box's "not started" gives way to the table's words; nothing else does.
                guard reading.recognised || !item.statusStated else { continue }
                if reading.recognised {
                    item.status = reading.status
                    item.statusStated = true
                    item.statusText = cells[statusColumn]
                } else {
                    warnings.append(
                        LineMessage(
                            line: row.line,
                            rule: .unknownStatus,
                            message: "unknown status '\(cells[statusColumn])' for \(item.id); expected done, in"
                                + " progress, blocked, not started or cancelled (kept as unknown)"))
                    item.status = .unknown
                    item.statusStated = true
                }
            }
            if item.completed == nil, let completedColumn, cells.indices.contains(completedColumn) {
                item.completed = (try? StatusText.datePattern.firstMatch(in: cells[completedColumn])).map {
                    String($0.1)
                }
            }
            fact.items[index] = item
        }
    }

    /// The status of a ticked plan line whose words say it is unfinished (see
    /// ``RoadmapPlan/unfinishedStatus``).
    static func unfinishedStatus(_ word: String, in title: String) -> WorkStatus {
        if (try? StatusText.reviewWords.firstMatch(in: title)) != nil { return .inReview }
        return ["blocked", "on hold"].contains(word.lowercased()) ? .blocked : .inProgress
    }
}

extension MarkdownNode.Kind {
    /// A heading's anchor id, if this is a heading with one.
    var headingID: String? {
        if case .heading(_, let id) = self, !id.isEmpty { return id }
        return nil
    }
}
