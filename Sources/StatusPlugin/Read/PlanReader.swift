import Foundation
import SpecSiteKit

/// Reads the work a markdown page writes down: chunk sections, headings with a
/// status marker, their `**Key**: value` lines, checklists, status tables and
/// the Implementation Order table.
///
/// Permissive on purpose: real plans vary, so anything not understood is left
/// as prose (a status word that is not understood is kept as `unknown` with a
/// warning).
///
/// This file walks the page's blocks and finishes the items; the readers of
/// each kind of block are extensions beside it: `PlanReader+Headings`,
/// `+Metadata`, `+Checklists`, `+Tables` and `+RowNames` (the rows that name
/// work the page already tracks). Their state is the reader's, so
/// it is not private to one file.
struct PlanReader {
    let page: Page
    /// Readings kept across versions of the page (a history replay), or nil.
    let remembered: TextReadings?
    var fact = PlanFact()
    var warnings: [LineMessage] = []
    /// The page's lines, numbered as the file's (and cmark-gfm's) lines.
    let lines: SourceLines
    /// Open work items: heading level and item index, innermost last.
    var open: [(level: Int, index: Int)] = []
    /// The nearest heading, for task lists outside any work item.
    var heading: (text: String, id: String, line: Int)?
    /// The current heading and those it is under, innermost last.
    var trail: [HeadingFrame] = []
    /// What each heading's text says, by its line (a top-level block is
    /// alone on its first line).
    var headingTexts: [Int: HeadingText] = [:]
    /// How many headings of the page have each title (``normalized(_:)``).
    var headingCounts: [String: Int] = [:]
    /// The level of the shallowest headings (below the title) whose own
    /// section has a `**Status**:` line: the level the page writes its units at.
    var statusLevel: Int?
    /// Whether the current heading or one it is under declares its work optional.
    var inOptionalSection = false
    /// What `- [-]` means on this page: in progress in a Kiro spec
    /// (`.kiro/specs/…/tasks.md`, where Kiro marks the task it is working on
    /// so), cancelled everywhere else.
    let dashBox: WorkStatus
    /// Whether the page lies in an archive folder (`_archived/`, `archive/`):
    /// its work is history, shown apart and never counted, as a GSD
    /// milestone's is.
    let isArchived: Bool
    /// Whether the page is a format's task list (a spec-kit feature's or Kiro
    /// spec's `tasks.md`): its tasks are its boxes, and emoji bullets under
    /// them (`- ✅ Created the service`) are notes, not tasks.
    let isUnitTaskList: Bool
    /// What the page's key says its symbols mean, where that differs from
    /// their usual meaning (see ``readKey()``), by the symbol's first scalar.
    var symbolKey: [UInt32: WorkStatus] = [:]
    /// Whether the current heading explains the page's symbols (`## Status
    /// Key`, `### Legend`): its `- ✅ Done` and `- 🔨 In progress` are a key,
    /// not work.
    var inLegendSection = false
    /// Items written in a section that declares its work optional, or named
    /// by one (`- Task 3.3: Onboarding Flow` under `### Future / Optional`).
    var optionalItems: Set<Int> = []
    /// `task 3.3`: labels an optional section lists, for the items they name.
    var optionalLabels: Set<String> = []
    var checklistGroups: [String: Int] = [:]
    /// `Implementation Order` rows: chunk id → (phase, priority).
    var phaseOfChunk: [String: (phase: String, priority: String?)] = [:]
    var seenIDs: [String: Int] = [:]
    /// Each id's first item and every key in use, so a table of 100,000 rows
    /// finds its chunks without scanning every item for each row.
    var firstItemWithID: [String: Int] = [:]
    var keys: Set<String> = []
    /// Status texts already read: a status column repeats a few words
    /// thousands of times, and reading one runs several patterns.
    var readings: [String: StatusText.Reading] = [:]
    var statusTables: [PendingTable] = []
    /// Every heading below the page's title, in order, for the rows of a
    /// table that restate a heading's work (see ``restatedHeading(_:)``).
    var surveyed: [(line: Int, level: Int, title: String, block: String)] = []
    /// What the rows of a work list can name (see ``RowNames``), made when a table first needs it.
    var rowTargets: RowTargets?
    /// The page's `work_items` front matter (see ``WorkTableRule``).
    let pageSwitch: WorkTableRule.Switch
    let pageSwitchWarning: LineMessage?
    /// Whether a `**Status**:` line makes its heading a work item (see ``statusHeading(key:value:)``).
    let statusLinesMakeItems: Bool
    /// How many headings (below the title) have a section with a status line:
    /// one alone that names no work (`## Overview` with `**Status**: Draft`) is
    /// the document's status, not a unit of work.
    var statusHeadingCount = 0
    /// How the page's tables are read when they have no comment of their own.
    let tableSwitch: WorkTableRule.Switch
    /// The document's own status, from a `## Status: ✅ Implemented` heading
    /// before any work: where it says done, work whose status only its boxes
    /// imply is done as the author says, with a hint (see ``finish(_:)``).
    var documentStatus: (text: String, status: WorkStatus, line: Int)?
    /// A `<!-- specsite:work-items -->` comment waiting for its table, with its line.
    var tableMarker: (marker: WorkTableRule.Marker, line: Int)?
    /// The paragraph right before the current block, under the same heading
    /// (`For every task, verify:` before a template's boxes); its text is
    /// made only when a list asks for it (``introduction``).
    var introducingParagraph: MarkdownNode?

    /// The text of ``introducingParagraph``.
    var introduction: String? { introducingParagraph?.plainText }

    /// A heading on the way to the current block.
    struct HeadingFrame {
        var block: MarkdownNode
        var level: Int
        /// Its own title (`Implementation`).
        var title: String
        /// The title shown for it (`Phase 2: Sync — Implementation`).
        var shown: String
        /// Whether it declares the work under it optional (`### Nice to Have`).
        var optional: Bool
    }

    /// A work list (see ``WorkTableRule``), kept until the sections are read.
    struct PendingTable {
        var header: [String]
        var statusColumn: WorkTableRule.StatusColumn
        var rows: [(row: MarkdownNode, cells: [String])]
        var parent: String?
        var anchor: String?
        /// Written in a section that declares its work optional.
        var optional: Bool
    }

    /// What `- [-]` means in the page at a content path: in progress under
    /// `.kiro/` or in a folder the settings name as Kiro's, cancelled
    /// elsewhere. The page's reader and its drawing ask the same question.
    static func dashBox(forPath sourcePath: String, formats: FormatFolders) -> WorkStatus {
        // Asked of every page and every list drawn: by bytes, and of the
        // settings only when they name folders (the tools' own Kiro layout
        // lies under `.kiro/`).
        let folders = sourcePath.utf8.split(separator: UInt8(ascii: "/")).dropLast()
        let kiro = Array(".kiro".utf8)
        let underKiro = folders.contains { folder in
            folder.count == kiro.count
                && zip(folder, kiro).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) == $1 }
        }
        if underKiro { return .inProgress }
        return !formats.folders.isEmpty && formats.unit(ofPath: sourcePath)?.format == .kiro ? .inProgress : .cancelled
    }

    /// `formats` tells the page's unit: a unit's task list is read as one.
    init(page: Page, formats: FormatFolders = FormatFolders(), remembered: TextReadings? = nil) {
        self.page = page
        self.remembered = remembered
        lines = SourceLines(page.markdown, firstLine: page.bodyFirstLine)
        (pageSwitch, pageSwitchWarning) = WorkTableRule.pageSwitch(page.frontMatter)
        let folders = page.sourcePath.split(separator: "/").dropLast().map { $0.lowercased() }
        dashBox = Self.dashBox(forPath: page.sourcePath, formats: formats)
        isArchived = folders.contains { Self.archiveFolders.contains($0) }
        isUnitTaskList =
            formats.unit(ofPath: page.sourcePath).map { !PlanLayout.isRecord(page.sourcePath, in: $0) } ?? false
        // A GSD SUMMARY or VERIFICATION file records work done: its tables list
        // the plans (tracked from their own files), requirements and evidence.
        tableSwitch = pageSwitch == .auto && GSDFiles.isRecord(page.sourcePath) ? .off : pageSwitch
        // GSD's STATE.md and records state the project's position and the
        // work done under headings that are no work (`## Current Position`).
        statusLinesMakeItems =
            !GSDFiles.isRecord(page.sourcePath) && GSDFiles.fileName(page.sourcePath) != "STATE.md"
    }

    /// Folder names that hold finished or abandoned plans.
    static let archiveFolders: Set<String> = ["archive", "archived", "_archive", "_archived", ".archive", "archives"]

    /// Reads the page; nothing with `work_items: false`.
    mutating func read() {
        if let pageSwitchWarning { warnings.append(pageSwitchWarning) }
        guard pageSwitch != .off else { return }
        surveyHeadings()
        readKey()
        for block in page.document.root.children { visit(block) }
        if let tableMarker { warnUnused(tableMarker) }
        // Status tables are read last: a table at the top often lists chunks
        // that sections further down describe.
        for table in statusTables { readStatusTable(table) }
        markOptionalLabels()
        if isUnitTaskList { countRepeatedTasksOnce() }
        var anchored = Set<String>()
        for entry in fact.entries
        where entry.repeatOf == nil
            && remembered(2, entry.text, { (try? Self.numberedTask.prefixMatch(in: entry.text)) != nil })
        {
            if isUnitTaskList, let id = Self.taskID(entry.text), anchored.insert(id).inserted {
                fact.taskAnchors[entry.line] = Self.taskAnchor(id)
            }
            guard let owner = entry.owner else { continue }
            fact.items[owner].numberedBoxes += 1
            fact.items[owner].numberedChecklist.add(entry.countedStatus ?? entry.status)
        }
        for index in fact.items.indices {
            applyImplementationOrder(to: index)
            finish(index)
        }
    }

    // MARK: Blocks

    /// Reads each heading once, before the rest: a sub-heading's title depends
    /// on whether the page repeats it, and which headings a `**Status**:` line
    /// makes work on the level the page's other status lines are written at.
    mutating func surveyHeadings() {
        var itemLevels: [Int] = []
        var current: (level: Int, inItem: Bool, line: Int)?
        var counted: Int?
        for block in page.document.root.children {
            switch block.kind {
            case .heading(let level, _):
                let text = headingText(block)
                headingTexts[block.line] = text
                headingCounts[text.surveyKey, default: 0] += 1
                if level > 1 { surveyed.append((block.line, level, text.surveyTitle, block.blockKey)) }
                while let last = itemLevels.last, last >= level { itemLevels.removeLast() }
                if text.reading != nil { itemLevels.append(level) }
                current = (level, !itemLevels.isEmpty, block.line)
            case .paragraph, .list:
                guard statusLinesMakeItems, let current, !current.inItem, current.level > 1, statesStatus(block)
                else { continue }
                if counted != current.line {
                    statusHeadingCount += 1
                    counted = current.line
                }
                // Level 2 is as shallow as the page's units go (1 is its title).
                guard statusLevel != 2, current.level < (statusLevel ?? .max) else { continue }
                statusLevel = current.level
            default:
                break
            }
        }
    }

    /// Whether a paragraph, or a list of facts, has a `**Status**:` line that says a known status.
    func statesStatus(_ block: MarkdownNode) -> Bool {
        var paragraphs = [block]
        if case .list = block.kind {
            paragraphs = block.children.compactMap { entry in
                guard case .item(nil) = entry.kind, let first = entry.children.first, case .paragraph = first.kind
                else { return nil }
                return first
            }
        }
        return paragraphs.contains { paragraph in
            (paragraph.line...max(paragraph.line, paragraph.endLine)).contains { fileLine in
                let text = String(line(fileLine))
                guard Self.mentionsStatus(text), let found = metadataLine(text), found.bold, found.key == "status"
                else { return false }
                return StatusText.read(found.value).recognised
            }
        }
    }

    mutating func visit(_ block: MarkdownNode) {
        if case .htmlBlock(let html) = block.kind, let marker = WorkTableRule.marker(in: html) {
            if let tableMarker { warnUnused(tableMarker) }
            if case .unknown(let text) = marker {
                warnings.append(
                    LineMessage(
                        line: block.line,
                        message: "unknown comment '\(text)'; expected \(WorkTableRule.workItemsComment) or"
                            + " \(WorkTableRule.notWorkItemsComment) (ignored)"))
                tableMarker = nil
            } else {
                tableMarker = (marker, block.line)
            }
            return
        }
        let marker = tableMarker?.marker
        if let tableMarker, !block.kind.isTable { warnUnused(tableMarker) }
        tableMarker = nil
        switch block.kind {
        case .heading(let level, let id):
            while let last = open.last, last.level >= level { open.removeLast() }
            while let last = trail.last, last.level >= level { trail.removeLast() }
            let text = headingTexts[block.line] ?? headingText(block)
            var reading = text.reading
            let own = text.title
            let declaresOptional = text.declaresOptional
            inOptionalSection = declaresOptional || trail.contains { $0.optional }
            inLegendSection = text.isLegend
            // `### Implementation` under `## Phase 2: Sync` is shown as
            // `Phase 2: Sync — Implementation`, so phases' sub-headings can be told apart.
            var shown = own
            if reading?.chunkID == nil, let parent = trail.last, parent.level > 1,
                text.isGeneric || headingCounts[text.normalizedTitle, default: 0] > 1
            {
                shown = parent.title + " — " + own
                if var named = reading {
                    named.title = named.number == nil ? shown : parent.title + " — " + named.title
                    reading = named
                }
            }
            if level <= 2, fact.items.isEmpty, documentStatus == nil,
                let match = try? Self.documentStatusHeading.wholeMatch(in: headingSource(block))
            {
                let text = String(match.1).trimmingSpaces
                let said = readStatus(text)
                if said.recognised { documentStatus = (text, said.status, block.line) }
            }
            trail.append(HeadingFrame(block: block, level: level, title: own, shown: shown, optional: declaresOptional))
            heading = (shown, id, block.line)
            if let reading {
                addItem(reading, level: level, block: block, id: id)
                if inOptionalSection { optionalItems.insert(fact.items.count - 1) }
            }
        case .paragraph:
            readMetadata(block)
        case .list where !inLegendSection:
            readList(block)
        case .table where !inLegendSection || marker == .workItems:
            readTable(block, marker: marker)
        default:
            break
        }
        if case .paragraph = block.kind { introducingParagraph = block } else { introducingParagraph = nil }
    }

    /// A heading's markdown text without its `#` marks.
    func headingSource(_ block: MarkdownNode) -> String {
        let line = line(block.line)
        guard let body = Self.afterHashes(line) ?? Self.afterHashesByCharacter(line) else { return block.plainText }
        var text = body.trimmingSpaces
        // A last character `#` ends in the byte `#`: most titles do not, and
        // are spared the comparison of characters.
        while text.utf8.last == UInt8(ascii: "#"), text.hasSuffix("#") { text.removeLast() }
        return text.trimmingSpaces
    }

    /// What follows the leading spaces and `#` marks of an ATX heading's
    /// line, found by bytes (asked of every heading at every version of a
    /// replay); nil when a byte next to a cut is not ASCII, where a
    /// combining mark could make it part of a character, and the cut is
    /// left to ``afterHashesByCharacter(_:)``; `.some(nil)` when the line
    /// does not start with `#`.
    static func afterHashes(_ line: Substring) -> Substring?? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { index = bytes.index(after: index) }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "#") else {
            return index < bytes.endIndex && bytes[index] >= 0x80 ? nil : .some(nil)
        }
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: "#") { index = bytes.index(after: index) }
        guard index == bytes.endIndex || bytes[index] < 0x80 else { return nil }
        return .some(line[index...])
    }

    /// ``afterHashes(_:)`` by characters, for the lines it leaves.
    static func afterHashesByCharacter(_ line: Substring) -> Substring? {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix("#") else { return nil }
        return text.drop { $0 == "#" }
    }

    func line(_ fileLine: Int) -> Substring {
        lines[line: fileLine] ?? ""
    }

    mutating func readStatus(_ text: String) -> StatusText.Reading {
        if let known = readings[text] { return known }
        var reading = remembered?.status(text) { StatusText.read(text) } ?? StatusText.read(text)
        // A lone symbol means what the page's key says it means.
        let trimmed = text.trimmingSpaces
        if !symbolKey.isEmpty, let symbol = trimmed.first, trimmed.count == 1,
            let status = symbolKey[symbol.unicodeScalars.first!.value]
        {
            reading.status = status
            reading.recognised = true
        }
        readings[text] = reading
        return reading
    }

    mutating func append(_ item: WorkItem) {
        var item = item
        item.title = StatusText.withoutDecoration(item.title)
        if firstItemWithID[item.id] == nil { firstItemWithID[item.id] = fact.items.count }
        keys.insert(item.key)
        fact.items.append(item)
    }

    // MARK: Finishing

    mutating func applyImplementationOrder(to index: Int) {
        guard fact.items[index].kind == .chunk, let mapping = phaseOfChunk[fact.items[index].id] else { return }
        if fact.items[index].phase == nil { fact.items[index].phase = mapping.phase }
        if fact.items[index].priority == nil { fact.items[index].priority = mapping.priority }
    }

    /// An item with no stated status takes its checklist's; one whose stated
    /// status its boxes contradict keeps it, with a hint.
    mutating func finish(_ index: Int) {
        var item = takeItem(index)
        defer { fact.items[index] = item }
        let boxes = item.checklist
        if !item.statusStated, let documentStatus, documentStatus.status == .done, item.kind != .row {
            // The document says it is done (`## Status: ✅ Implemented`) and this
            // work says nothing of its own: the author's word stands, and boxes
            // left open are named.
            item.status = .done
            let left = boxes.total - boxes.done
            item.hint(
                left > 0
                    ? "the document's status says '\(documentStatus.text)' (line \(documentStatus.line)), but \(left) of \(boxes.total) \(UnitProgress.plural("box", boxes.total)) \(left == 1 ? "is" : "are") not ticked"
                    : "done as the document's status says ('\(documentStatus.text)', line \(documentStatus.line))",
                line: left > 0 ? (firstOpenBox(of: index) ?? item.line) : item.line)
        } else if !item.statusStated {
            item.status = boxes.impliedStatus
        } else if boxes.total > 0 {
            let left = boxes.total - boxes.done
            if item.status == .done && left > 0 {
                item.hint(
                    "marked done, but \(left) of \(boxes.total) \(UnitProgress.plural("box", boxes.total)) \(left == 1 ? "is" : "are") not ticked",
                    line: firstOpenBox(of: index) ?? item.line)
            } else if item.status == .notStarted && boxes.done > 0 {
                item.hint(
                    "marked not started, but \(boxes.done) of \(boxes.total) \(UnitProgress.plural("box", boxes.total)) \(boxes.done == 1 ? "is" : "are") ticked",
                    line: item.line)
            }
        }
        // Work a section declares optional is optional until it is under way
        // (its boxes are not: they count as the author ticked them).
        if optionalItems.contains(index) && item.status == .notStarted { item.status = .optional }
        if isArchived { item.archived = true }
    }

    /// Item `index`, taken out of the list (a placeholder stands in) so that
    /// its fields have one owner and are changed in place; the caller puts
    /// it back. A copy beside the list's would copy every field at its
    /// first change.
    mutating func takeItem(_ index: Int) -> WorkItem {
        let item = fact.items[index]
        fact.items[index] = Self.placeholder
        return item
    }

    /// What stands in a taken item's place (``takeItem(_:)``).
    static let placeholder = WorkItem(
        id: "", key: "", kind: .section, title: "", sourcePath: "", displayPath: "", line: 0)

    /// The line of the first box of an item that is not ticked.
    func firstOpenBox(of index: Int) -> Int? {
        fact.entries.first { $0.owner == index && $0.status != .done && $0.status.counts }?.line
    }
}

extension MarkdownNode.Kind {
    /// Whether this is a list.
    var isList: Bool {
        if case .list = self { return true }
        return false
    }

    /// Whether this is a table.
    var isTable: Bool {
        if case .table = self { return true }
        return false
    }
}
