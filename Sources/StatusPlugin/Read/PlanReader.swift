import Foundation
import SpecSiteKit

/// Reads the work a markdown page writes down: chunk sections, headings with a
/// status marker, their `**Key**: value` lines, checklists, status tables and
/// the Implementation Order table.
///
/// Permissive on purpose: real plans vary, so anything not understood is left
/// as prose (a status word that is not understood is kept as `unknown` with a
/// warning).
struct PlanReader {
    let page: Page
    private(set) var fact = PlanFact()
    private(set) var warnings: [LineMessage] = []
    /// The page's lines, numbered as the file's (and cmark-gfm's) lines.
    private let lines: SourceLines
    /// Open work items: heading level and item index, innermost last.
    private var open: [(level: Int, index: Int)] = []
    /// The nearest heading, for task lists outside any work item.
    private var heading: (text: String, id: String, line: Int)?
    /// The current heading and those it is under, innermost last.
    private var trail: [HeadingFrame] = []
    /// What each heading says about work (nil for none), by block key.
    private var headingReadings: [String: HeadingReading] = [:]
    /// How many headings of the page have each title (``normalized(_:)``).
    private var headingCounts: [String: Int] = [:]
    /// The level of the shallowest headings (below the title) whose own
    /// section has a `**Status**:` line: the level the page writes its units at.
    private var statusLevel: Int?
    /// Whether the current heading or one it is under declares its work optional.
    private var inOptionalSection = false
    /// Items written in a section that declares its work optional, or named
    /// by one (`- Task 3.3: Onboarding Flow` under `### Future / Optional`).
    private var optionalItems: Set<Int> = []
    /// `task 3.3`: labels an optional section lists, for the items they name.
    private var optionalLabels: Set<String> = []
    private var checklistGroups: [String: Int] = [:]
    /// `Implementation Order` rows: chunk id → (phase, priority).
    private var phaseOfChunk: [String: (phase: String, priority: String?)] = [:]
    private var seenIDs: [String: Int] = [:]
    /// Each id's first item and every key in use, so a table of 100,000 rows
    /// finds its chunks without scanning every item for each row.
    private var firstItemWithID: [String: Int] = [:]
    private var keys: Set<String> = []
    /// Status texts already read: a status column repeats a few words
    /// thousands of times, and reading one runs several patterns.
    private var readings: [String: StatusText.Reading] = [:]
    private var statusTables: [PendingTable] = []
    /// Heading items by the label their titles start with (`phase 4`), made
    /// when a table first needs them.
    private var labelledHeadings: [String: Int]?
    /// The page's `work_items` front matter (see ``WorkTableRule``).
    private let pageSwitch: WorkTableRule.Switch
    private let pageSwitchWarning: LineMessage?
    /// Whether a `**Status**:` line makes its heading a work item (see ``statusHeading(key:value:)``).
    private let statusLinesMakeItems: Bool
    /// How many headings (below the title) have a section with a status line:
    /// one alone that names no work (`## Overview` with `**Status**: Draft`) is
    /// the document's status, not a unit of work.
    private var statusHeadingCount = 0
    /// How the page's tables are read when they have no comment of their own.
    private let tableSwitch: WorkTableRule.Switch
    /// A `<!-- specsite:work-items -->` comment waiting for its table, with its line.
    private var tableMarker: (marker: WorkTableRule.Marker, line: Int)?

    /// A heading on the way to the current block.
    private struct HeadingFrame {
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
    private struct PendingTable {
        var header: [String]
        var statusColumn: WorkTableRule.StatusColumn
        var rows: [(row: MarkdownNode, cells: [String])]
        var parent: String?
        var anchor: String?
        /// Written in a section that declares its work optional.
        var optional: Bool
    }

    init(page: Page) {
        self.page = page
        lines = SourceLines(page.markdown, firstLine: page.bodyFirstLine)
        (pageSwitch, pageSwitchWarning) = WorkTableRule.pageSwitch(page.frontMatter)
        // A GSD SUMMARY or VERIFICATION file records work done: its tables list
        // the plans (tracked from their own files), requirements and evidence.
        tableSwitch = pageSwitch == .auto && GSDFiles.isRecord(page.sourcePath) ? .off : pageSwitch
        // GSD's STATE.md and records state the project's position and the
        // work done under headings that are no work (`## Current Position`).
        statusLinesMakeItems =
            !GSDFiles.isRecord(page.sourcePath) && GSDFiles.fileName(page.sourcePath) != "STATE.md"
    }

    /// Reads the page; nothing with `work_items: false`.
    mutating func read() {
        if let pageSwitchWarning { warnings.append(pageSwitchWarning) }
        guard pageSwitch != .off else { return }
        surveyHeadings()
        for block in page.document.root.children { visit(block) }
        if let tableMarker { warnUnused(tableMarker) }
        // Status tables are read last: a table at the top often lists chunks
        // that sections further down describe.
        for table in statusTables { readStatusTable(table) }
        markOptionalLabels()
        for index in fact.items.indices {
            applyImplementationOrder(to: index)
            finish(index)
        }
    }

    // MARK: Blocks

    /// Reads each heading once, before the rest: a sub-heading's title depends
    /// on whether the page repeats it, and which headings a `**Status**:` line
    /// makes work on the level the page's other status lines are written at.
    private mutating func surveyHeadings() {
        var itemLevels: [Int] = []
        var current: (level: Int, inItem: Bool, line: Int)?
        var counted: Int?
        for block in page.document.root.children {
            switch block.kind {
            case .heading(let level, _):
                let reading = Self.workItem(fromHeading: headingSource(block), plainText: block.plainText)
                headingReadings[block.blockKey] = reading
                let title = reading?.numberedTitle ?? StatusText.withoutDecoration(block.plainText)
                headingCounts[Self.normalized(title), default: 0] += 1
                while let last = itemLevels.last, last >= level { itemLevels.removeLast() }
                if reading != nil { itemLevels.append(level) }
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
    private func statesStatus(_ block: MarkdownNode) -> Bool {
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
                guard text.range(of: "status", options: .caseInsensitive) != nil,
                    let match = try? Self.metadataLine.firstMatch(in: text),
                    match.1.lowercased().trimmingCharacters(in: .whitespaces) == "status"
                else { return false }
                return StatusText.read(Self.plain(String(match.2))).recognised
            }
        }
    }

    private mutating func visit(_ block: MarkdownNode) {
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
            let plain = block.plainText.trimmingCharacters(in: .whitespaces)
            var reading = headingReadings[block.blockKey]
            let own = reading?.numberedTitle ?? StatusText.withoutDecoration(plain)
            let declaresOptional = Self.declaresOptional(plain)
            inOptionalSection = declaresOptional || trail.contains { $0.optional }
            // `### Implementation` under `## Phase 2: Sync` is shown as
            // `Phase 2: Sync — Implementation`, so phases' sub-headings can be told apart.
            var shown = own
            if reading?.chunkID == nil, let parent = trail.last, parent.level > 1,
                Self.isGeneric(own) || headingCounts[Self.normalized(own), default: 0] > 1
            {
                shown = parent.title + " — " + own
                if var named = reading {
                    named.title = named.number == nil ? shown : parent.title + " — " + named.title
                    reading = named
                }
            }
            trail.append(HeadingFrame(block: block, level: level, title: own, shown: shown, optional: declaresOptional))
            heading = (shown, id, block.line)
            if let reading {
                addItem(reading, level: level, block: block, id: id)
                if inOptionalSection { optionalItems.insert(fact.items.count - 1) }
            }
        case .paragraph:
            readMetadata(block)
        case .list:
            readList(block)
        case .table:
            readTable(block, marker: marker)
        default:
            break
        }
    }

    /// A heading's markdown text without its `#` marks.
    private func headingSource(_ block: MarkdownNode) -> String {
        let text = line(block.line).drop { $0 == " " }
        guard text.hasPrefix("#") else { return block.plainText }
        var body = text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        while body.hasSuffix("#") { body.removeLast() }
        return body.trimmingCharacters(in: .whitespaces)
    }

    private func line(_ fileLine: Int) -> Substring {
        lines[line: fileLine] ?? ""
    }

    // MARK: Headings

    /// What a heading says about work: its chunk id, title and status marker.
    struct HeadingReading: Equatable {
        var chunkID: String?
        /// The author's number when it is the heading's only id: `22` in
        /// `### 22. 🔲 Leads DTO Audit`, `1.2` in `#### 1.2 Integration (90% ✅)`.
        var number: String?
        var title: String
        var marker: String?

        /// The title with the author's number before it (`22. Leads DTO Audit`, `1.2 Integration`).
        var numberedTitle: String {
            guard let number else { return title }
            return number.contains(".") ? "\(number) \(title)" : "\(number). \(title)"
        }
    }

    nonisolated(unsafe) static let chunkHeading = /^(?i)(?:[^\w\s]{1,3}\s*)?chunk[\s_-]*0*(\d{1,6})\b\s*(?:[:.—–-]\s*)?/
    nonisolated(unsafe) static let bracketMarker = /\s*\[([A-Za-z][A-Za-z \-_']{1,20})\]\s*$/
    nonisolated(unsafe) static let codeMarker = /\s*\(\s*`([^`]{1,30})`\s*\)\s*$/
    nonisolated(unsafe) static let leadingBracket = /^\[([A-Za-z][A-Za-z \-_']{1,20})\]\s*/

    /// Reads `CHUNK-004: Logo ✅ COMPLETED`, `Chunk 3: Fonts`, `Export ✓`,
    /// `[DONE] Export`, ``Export (`done`)``; nil for a heading that is no work item.
    static func workItem(fromHeading source: String, plainText: String) -> HeadingReading? {
        var text = source.trimmingCharacters(in: .whitespaces)
        var chunkID: String?
        if let match = try? chunkHeading.firstMatch(in: text) {
            chunkID = StatusText.chunkID(number: match.1)
            // A status symbol written before the id is a marker too.
            text = String(text[match.range.upperBound...])
            if let symbol = match.output.0.first, StatusText.isSymbol(symbol) {
                text += " " + String(symbol)
            }
        }
        var marker: String?
        if let match = try? bracketMarker.firstMatch(in: text), StatusText.read(String(match.1)).recognised {
            marker = String(match.1)
            text = String(text[..<match.range.lowerBound])
        } else if let match = try? codeMarker.firstMatch(in: text), StatusText.read(String(match.1)).recognised {
            marker = String(match.1)
            text = String(text[..<match.range.lowerBound])
        } else if let match = try? leadingBracket.firstMatch(in: text), StatusText.read(String(match.1)).recognised {
            marker = String(match.1)
            text = String(text[match.range.upperBound...])
        } else if let split = numberedSymbolMarker(text) {
            marker = split.marker
            text = split.rest
        } else if let split = parenthesisedMarker(text) ?? trailingSymbolMarker(text) ?? dashMarker(text) {
            marker = split.marker
            // `Setup - COMPLETE ✅`, `Phases 1-4 COMPLETE ✅`: the words before
            // the symbol are the marker too.
            if let words = dashMarker(split.rest) ?? capitalStatus(split.rest) {
                marker = text[text.index(text.startIndex, offsetBy: words.rest.count)...]
                    .trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
                text = words.rest
            } else {
                text = split.rest
            }
        }
        var title = text.trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
        guard chunkID != nil || marker != nil else { return nil }
        var number: String?
        if chunkID == nil { (number, title) = splitNumber(title) }
        title = StatusText.withoutDecoration(title)
        return HeadingReading(
            chunkID: chunkID, number: number, title: title.isEmpty ? (chunkID ?? plainText) : title, marker: marker)
    }

    /// `22.`, `1b.`, `3)` or `1.2` at the start of a title: the author's number.
    /// A bare number needs its `.` or `)` (`2026 Roadmap` is a title).
    nonisolated(unsafe) static let leadingNumber = /^(\d{1,4}(?:\.\d{1,4})+|\d{1,4}[a-z]?(?=[.)]))[.)]?\s+/

    /// `22. Leads DTO Audit` → (`22`, `Leads DTO Audit`); no number when nothing follows it.
    static func splitNumber(_ title: String) -> (number: String?, title: String) {
        guard let match = try? leadingNumber.firstMatch(in: title) else { return (nil, title) }
        let rest = title[match.range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
        return rest.isEmpty ? (nil, title) : (String(match.1), rest)
    }

    /// `22. 🔲 Leads DTO Audit` → (`22. Leads DTO Audit`, `🔲`): a status symbol
    /// right after the author's number, as trackers list their queue.
    private static func numberedSymbolMarker(_ text: String) -> (rest: String, marker: String)? {
        guard let match = try? leadingNumber.firstMatch(in: text) else { return nil }
        let after = text[match.range.upperBound...]
        guard let symbol = after.first, StatusText.isSymbol(symbol) else { return nil }
        let rest = after.dropFirst().trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
        guard !rest.isEmpty else { return nil }
        return (String(text[..<match.range.upperBound]) + rest, String(symbol))
    }

    /// `Development (95% ✅)` → (`Development`, `95% ✅`); `Task 1.3 (In
    /// Progress)` → (`Task 1.3`, `In Progress`): a status in the parentheses that
    /// end a heading, taken out whole (no `(95%` is left behind).
    private static func parenthesisedMarker(_ text: String) -> (rest: String, marker: String)? {
        guard text.hasSuffix(")") else { return nil }
        var depth = 0
        var opening: String.Index?
        for index in text.indices.reversed() {
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" { depth -= 1 }
            if depth == 0 {
                opening = index
                break
            }
        }
        guard let opening else { return nil }
        let inner = text[text.index(after: opening)..<text.index(before: text.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        let rest = text[..<opening].trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty, !inner.isEmpty,
            StatusText.isHeadingStatus(inner) || StatusText.isGradedPercentage(inner)
        else { return nil }
        return (rest, inner)
    }

    /// `Phases 1-4 COMPLETE` → (`Phases 1-4`, `COMPLETE`): a status phrase in
    /// capitals that ends the text, before a symbol that marks the heading.
    private static func capitalStatus(_ text: String) -> (rest: String, marker: String)? {
        for phrase in StatusText.headingWords.sorted(by: { $0.count > $1.count }) {
            let capitals = " " + phrase.uppercased()
            guard text.hasSuffix(capitals) else { continue }
            let rest = String(text.dropLast(capitals.count)).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { return (rest, phrase.uppercased()) }
        }
        return nil
    }

    /// `Add the export - COMPLETE` → (`Add the export`, `COMPLETE`): a status
    /// after a dash at the end of a heading (`— DONE`, `– Blocked — legal
    /// review`). A hyphen counts only with spaces round it (`Per-User` is a word).
    private static func dashMarker(_ text: String) -> (rest: String, marker: String)? {
        for index in text.indices {
            let character = text[index]
            guard character == "—" || character == "–" || character == "-" else { continue }
            let next = text.index(after: index)
            if character == "-" {
                guard index > text.startIndex, text[text.index(before: index)] == " ", next < text.endIndex,
                    text[next] == " "
                else { continue }
            }
            let rest = text[..<index].trimmingCharacters(in: .whitespaces)
            let marker = text[next...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty, StatusText.isHeadingStatus(marker) { return (rest, marker) }
        }
        return nil
    }

    /// `Logo ✅ COMPLETED` → (`Logo`, `✅ COMPLETED`): a status symbol at the end
    /// of a heading, followed by at most a few upper-case or status words, or by
    /// a status word and its reason (`❌ Blocked — waiting for legal review`).
    private static func trailingSymbolMarker(_ text: String) -> (rest: String, marker: String)? {
        guard
            let index = text.lastIndex(where: { character in StatusText.isSymbol(character) }),
            index > text.startIndex
        else { return nil }
        let after = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
        // `(~80% of them ✅)`: a symbol inside parentheses is no marker of the heading.
        if after.filter({ $0 == ")" }).count > after.filter({ $0 == "(" }).count { return nil }
        let reading = StatusText.read(after)
        let withReason = reading.recognised && reading.note != nil
        guard after.split(separator: " ").count <= 4 || withReason else { return nil }
        if !after.isEmpty && after.uppercased() != after && !reading.recognised { return nil }
        let rest = String(text[..<index]).trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty else { return nil }
        return (rest, String(text[index...]).trimmingCharacters(in: .whitespaces))
    }

    // MARK: Sections of a heading

    /// Whether a heading declares the work under it optional: `### Future /
    /// Optional`, `### Nice to Have (Can Wait)`, `## Stretch goals`, `## Deferred`.
    static func declaresOptional(_ heading: String) -> Bool {
        let words =
            " "
            + heading.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }
            .joined(separator: " ") + " "
        return [
            " optional ", " nice to have ", " can wait ", " stretch ", " stretch goals ", " deferred ",
            " postponed ", " future work ", " future ideas ",
        ].contains { words.contains($0) }
    }

    /// A heading's title as compared with the page's others: lower case, words only.
    static func normalized(_ title: String) -> String {
        title.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }

    /// Headings that name a step of any phase rather than a piece of work:
    /// `Implementation`, `Tests First (TDD Red Phase)`, `Tasks`, `Acceptance criteria`.
    static let genericTitles: Set<String> = [
        "implementation", "tests", "test", "testing", "tests first", "tasks", "task list", "subtasks", "todo",
        "to do", "todos", "setup", "set up", "verification", "validation", "cleanup", "clean up", "documentation",
        "docs", "polish", "checklist", "steps", "deliverables", "acceptance criteria", "success criteria",
        "definition of done", "next steps", "follow ups", "remaining work", "work items", "action items",
    ]

    /// Whether a title is generic (``genericTitles``), parentheses aside.
    static func isGeneric(_ title: String) -> Bool {
        let bare = title.replacing(/\([^)]*\)/, with: "")
        return genericTitles.contains(normalized(bare))
    }

    /// `Task 3.3` in `- Task 3.3: Onboarding Flow`: a label an optional section
    /// lists to name work written elsewhere.
    nonisolated(unsafe) static let listedLabel =
        /^([A-Za-z][A-Za-z-]{0,20}[ ]+\d{1,4}(?:\.\d{1,4})*[a-z]?)(?=$|[\s:.,;)—–-])/

    /// Items a section that declares its work optional names by label
    /// (`- Task 3.3: Onboarding Flow` under `### Future / Optional`).
    private mutating func markOptionalLabels() {
        guard !optionalLabels.isEmpty else { return }
        for index in fact.items.indices {
            let title = fact.items[index].title.lowercased()
            let named = optionalLabels.contains { label in
                // The label at the start of the title, or after a parent's name (`Phase 3 — Task 3.3`).
                var after: [Substring] = []
                if title.hasPrefix(label) { after.append(title.dropFirst(label.count)) }
                if let range = title.range(of: " — " + label) { after.append(title[range.upperBound...]) }
                return after.contains { rest in rest.first.map { !($0.isLetter || $0.isNumber) } ?? true }
            }
            if named { optionalItems.insert(index) }
        }
    }

    private mutating func addItem(_ reading: HeadingReading, level: Int, block: MarkdownNode, id anchor: String) {
        let id = reading.chunkID ?? reading.number ?? anchor
        var key = page.sourcePath + "#" + id
        if let first = seenIDs[id] {
            warnings.append(
                LineMessage(
                    line: block.line,
                    message: "duplicate id \(id): line \(first) already uses it, and references to \(id) go there;"
                        + " this one is tracked on its own (key \(key)@\(block.line))"))
            key += "@\(block.line)"
        } else {
            seenIDs[id] = block.line
        }
        var item = WorkItem(
            id: id, key: key, kind: reading.chunkID == nil ? .section : .chunk, title: reading.title,
            sourcePath: page.sourcePath, displayPath: page.displayPath, line: block.line,
            anchor: anchor.isEmpty ? nil : anchor)
        if let marker = reading.marker {
            applyStatus(marker, to: &item, line: block.line)
            item.headingMarker = marker
        }
        item.parent = open.last.map { fact.items[$0.index].key }
        append(item)
        fact.headingItems[block.blockKey] = fact.items.count - 1
        open.append((level, fact.items.count - 1))
    }

    private mutating func applyStatus(_ text: String, to item: inout WorkItem, line: Int) {
        let reading = readStatus(text)
        if !reading.recognised {
            warnings.append(
                LineMessage(
                    line: line,
                    message: "unknown status '\(text)' for \(item.id); expected done, in review, in progress,"
                        + " blocked, not started, optional or cancelled (kept as unknown)"))
        }
        if let conflict = reading.conflict {
            item.hint("'\(text)': \(conflict)", line: line)
        }
        // A heading marker and a Status line that disagree: the line is used
        // (it has more detail), and the marker is named.
        if item.statusStated, let marker = item.headingMarker, let previous = item.statusText, previous == marker,
            item.status != reading.status, reading.recognised, item.status != .unknown
        {
            item.hint(
                "the heading says '\(marker)' (\(item.status.label.lowercased())) but the status line says"
                    + " '\(text)' (\(reading.status.label.lowercased())); the status line is used", line: line)
        } else if item.statusStated, let previous = item.statusText, previous != item.headingMarker,
            reading.recognised, item.status != .unknown, StatusText.contradict(item.status, reading.status)
        {
            // Two status lines in one item (its parts' lines, read as its own) that disagree.
            item.hint(
                "an earlier status line says '\(previous)' (\(item.status.label.lowercased())) but this one says"
                    + " '\(text)' (\(reading.status.label.lowercased())); the later one is used", line: line)
        }
        item.status = reading.status
        item.statusStated = true
        item.statusText = text
        item.note = reading.note ?? item.note
        item.completed = item.completed ?? (reading.status == .done ? reading.date : nil)
        item.commits = reading.commits ?? item.commits
    }

    // MARK: Metadata lines

    nonisolated(unsafe) static let metadataLine =
        /^\s*(?:[-*]\s+)?(?:\*\*|__)([^*_:]{1,40}?)(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)\s*(.*)$/

    /// The same lines without bold, for the keys that are unmistakable
    /// (`Depends on: CHUNK-001`, `Status: In progress`, `Deps: 2.1`).
    nonisolated(unsafe) static let plainMetadataLine =
        /^(?i)\s*(?:[-*]\s+)?(status|depends on|dependencies|deps|requires|blocked by|estimated time|estimate|effort)\s*:\s*(.+)$/

    /// Headings that name a unit of work: `Phase 2: Sharing`, `Task 2.1 …`, `Step 3`, `Week 2`, `1.2 Export`.
    nonisolated(unsafe) static let workHeading =
        /^(?i)(?:(?:phase|stage|step|task|milestone|sprint|week|epic|story|feature|iteration|part|chunk)\s+[\dA-Z]|\d+(?:\.\d+)*[.)]?\s)/

    /// `**Status**: …`, `**Estimated Time**: 30 minutes`, `**Dependencies**: …`.
    private mutating func readMetadata(_ block: MarkdownNode) {
        for fileLine in block.line...max(block.line, block.endLine) {
            let text = String(line(fileLine))
            let owner = open.last?.index
            // Outside any work item only a status line matters (it makes its heading one).
            if owner == nil && text.range(of: "status", options: .caseInsensitive) == nil { continue }
            let key: String
            let raw: Substring
            var bold = true
            if let match = try? Self.metadataLine.firstMatch(in: text) {
                (key, raw) = (match.1.lowercased().trimmingCharacters(in: .whitespaces), match.2)
            } else if let match = try? Self.plainMetadataLine.wholeMatch(in: text) {
                (key, raw) = (match.1.lowercased(), match.2)
                bold = false
            } else {
                continue
            }
            let value = Self.plain(String(raw))
            // Only a bold `**Status**:` makes a heading work: `Status: …` in prose
            // (GSD's STATE.md, a screen's description) is no marker.
            guard !value.isEmpty, let index = owner ?? (bold ? statusHeading(key: key, value: value) : nil)
            else { continue }
            apply(key: key, value: value, line: fileLine, to: index)
        }
    }

    /// A heading that is no work item but whose section states a status
    /// (`### Phase 1: Setup` then `- **Status**: complete`) becomes one, a
    /// section, as if the status were its marker. The page's title (level 1)
    /// does not: its status is the document's. A status line under a deeper
    /// heading than the page's others (``statusLevel``: `## Phase 3` states
    /// its status, `#### 3.2 Reconciliation page` then `- **Status:** Pending`)
    /// is its unit's, the heading on that level it is under. Nil when the
    /// status says nothing known (prose that starts with "Status:").
    private mutating func statusHeading(key: String, value: String) -> Int? {
        guard statusLinesMakeItems, key == "status", var position = trail.indices.last, trail[position].level > 1,
            readStatus(value).recognised
        else { return nil }
        if let unit = statusLevel, trail[position].level > unit,
            let enclosing = trail.lastIndex(where: { $0.level <= unit && $0.level > 1 })
        {
            position = enclosing
        }
        let target = trail[position]
        guard case .heading(_, let anchor) = target.block.kind, fact.headingItems[target.block.blockKey] == nil else {
            return nil
        }
        guard statusHeadingCount > 1 || (try? Self.workHeading.firstMatch(in: target.title)) != nil else { return nil }
        let index: Int
        if let group = checklistGroups[anchor], fact.items[group].line == target.block.line {
            // Boxes came first and made it a checklist: the same work, now a section.
            index = group
            fact.items[index].kind = .section
            fact.headingItems[target.block.blockKey] = index
            open.append((target.level, index))
        } else {
            var (number, title) = Self.splitNumber(target.title)
            if target.shown != target.title { (number, title) = (nil, target.shown) }
            let reading = HeadingReading(chunkID: nil, number: number, title: title, marker: nil)
            addItem(reading, level: target.level, block: target.block, id: anchor)
            index = fact.items.count - 1
            if trail[...position].contains(where: \.optional) { optionalItems.insert(index) }
        }
        return index
    }

    /// `[text](url)` and `[text][ref]` in a metadata value.
    nonisolated(unsafe) static let inlineLink = /\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/

    /// Markdown emphasis, code marks and links removed (`**High**` → `High`,
    /// `[CHUNK-007](PLAN.md#chunk-007)` → `CHUNK-007`): values are shown as text.
    static func plain(_ text: String) -> String {
        var text = text
        if text.contains("](") || text.contains("][") {
            text = text.replacing(inlineLink) { String($0.1) }
        }
        return text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
            .replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
    }

    private mutating func apply(key: String, value: String, line: Int, to index: Int) {
        var item = fact.items[index]
        switch key {
        case "status", "state", "progress status":
            // A heading marker and a Status line usually agree; the line has more detail.
            applyStatus(value, to: &item, line: line)
        case "estimated time", "estimate", "estimated", "time estimate", "effort", "estimated effort", "duration",
            "time", "estimated duration", "size":
            item.estimate = readEstimate(value, of: item.id, line: line) ?? item.estimate
        case "dependencies", "dependency", "depends on", "depends", "dependson", "blocked by", "prerequisites",
            "requires", "after", "deps", "dep", "depends upon", "required", "needs", "waits for", "waiting on",
            "prerequisite":
            let dependencies = StatusText.dependencies(value)
            item.dependencyText = value
            item.dependencyIDs = dependencies.ids
            item.dependsOnAllPrevious = dependencies.allPrevious
            item.dependencyLine = line
        case "risk", "risk level", "risks":
            item.risk = value
        case "priority":
            item.priority = value
        case "phase":
            item.phase = value
        case "wave":
            item.wave = value
        case "completed", "completed on", "completion date", "done on", "finished", "date completed":
            item.completed = (try? StatusText.datePattern.firstMatch(in: value)).map { String($0.1) } ?? value
        case "commit", "commits", "commit range":
            item.commits = value
        default:
            break
        }
        fact.items[index] = item
    }

    /// The estimate `value` states, with a warning when its amount is absurd.
    private mutating func readEstimate(_ value: String, of id: String, line: Int) -> Estimate? {
        switch StatusText.readEstimate(value) {
        case .estimate(let estimate):
            return estimate
        case .tooLarge:
            warnings.append(
                LineMessage(
                    line: line,
                    message: "estimate '\(value)' for \(id) is more than a million hours; it is left out"))
            return nil
        case nil:
            return nil
        }
    }

    // MARK: Checklists

    private enum Mark {
        case box(WorkStatus)
        case symbol(Character, WorkStatus)
    }

    private mutating func readList(_ list: MarkdownNode) {
        // `- **Status:** Done` and `- Depends on: CHUNK-001` in a list of an item's facts.
        for entry in list.children {
            guard case .item(nil) = entry.kind, let paragraph = entry.children.first, case .paragraph = paragraph.kind
            else { continue }
            readMetadata(paragraph)
            if inOptionalSection, let match = try? Self.listedLabel.firstMatch(in: Self.itemText(entry)) {
                optionalLabels.insert(String(match.1).lowercased())
            }
        }
        var collected: [(entry: ChecklistEntry, symbol: Character?, list: String)] = []
        collect(list, depth: 0, into: &collected)
        guard !collected.isEmpty else { return }
        let owner = open.last?.index
        // Emoji bullets are a list style when every item has the same one (a ✅
        // before each acceptance criterion), unless the item is stated done; and
        // outside a work item they need a symbol that is not ✅ or ❌ to be read
        // as status (`✅ Do` / `❌ Don't` lists are advice).
        let symbols = collected.compactMap(\.symbol)
        let boxes = collected.filter { $0.symbol == nil }
        var accepted = boxes
        if !symbols.isEmpty {
            let uniform = Set(symbols).count == 1 && symbols.count == collected.count
            let ownerDone = owner.map { fact.items[$0].statusStated && fact.items[$0].status == .done } ?? false
            let hasProgressSymbol = symbols.contains { symbol in
                guard let status = StatusText.status(ofSymbol: symbol) else { return false }
                return status == .inProgress || status == .notStarted
            }
            let isStatus =
                uniform
                ? (ownerDone && symbols.first.map { Self.isDoneSymbol($0) } == true)
                : (owner != nil || hasProgressSymbol)
            if isStatus { accepted = collected }
        }
        guard !accepted.isEmpty else { return }
        let ownerIndex = owner ?? checklistGroup()
        for var found in accepted {
            found.entry.owner = ownerIndex
            fact.entries.append(found.entry)
            fact.checklistLists.insert(found.list)
            if let ownerIndex { fact.items[ownerIndex].checklist.add(found.entry.status) }
        }
    }

    private static func isDoneSymbol(_ symbol: Character) -> Bool {
        StatusText.status(ofSymbol: symbol) == .done
    }

    private mutating func collect(
        _ list: MarkdownNode, depth: Int,
        into collected: inout [(entry: ChecklistEntry, symbol: Character?, list: String)]
    ) {
        for item in list.children {
            guard case .item(let task) = item.kind else { continue }
            let text = Self.itemText(item)
            var mark: Mark?
            if let task {
                mark = .box(task == .done ? .done : (Self.saysOptional(text) ? .optional : .notStarted))
            } else if let found = Self.nonStandardBox(text) {
                mark = .box(found.status)
            } else if let first = text.first, let status = StatusText.status(ofSymbol: first) {
                mark = .symbol(first, status)
            }
            if let mark {
                let status: WorkStatus
                let symbol: Character?
                switch mark {
                case .box(let value):
                    status = value
                    symbol = nil
                case .symbol(let character, let value):
                    status = value
                    symbol = character
                }
                let shown = Self.withoutMark(text)
                collected.append(
                    (ChecklistEntry(text: shown, status: status, line: item.line, depth: depth), symbol, list.blockKey))
            }
            for child in item.children where child.kind.isList {
                collect(child, depth: depth + 1, into: &collected)
            }
        }
    }

    /// The text of an item's first paragraph.
    static func itemText(_ item: MarkdownNode) -> String {
        guard let first = item.children.first, case .paragraph = first.kind else { return "" }
        return first.plainText.trimmingCharacters(in: .whitespaces)
    }

    /// `(optional)`, `(Deferred to a separate PR)`, `(nice to have)` in an
    /// unticked item: optional work, not counted.
    nonisolated(unsafe) static let optionalNote =
        /(?i)\(\s*(?:optional|deferred|postponed|nice[ -]to[ -]have|can wait|stretch)\b[^)]*\)/

    /// Whether an unticked item's text says the work is optional or deferred.
    static func saysOptional(_ text: String) -> Bool {
        (try? optionalNote.firstMatch(in: text)) != nil
    }

    /// `[⏳]`, `[~]`, `[-]`, `[/]`, `[!]` at the start of an item: boxes cmark does not know.
    static func nonStandardBox(_ text: String) -> (status: WorkStatus, length: Int)? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        let after = text[text.index(after: close)...]
        guard inside.count == 1, after.isEmpty || after.first == " " else { return nil }
        let status: WorkStatus? =
            switch inside.first! {
            case "~", "/", "⏳", "🚧", "🔄", ".", "o": .inProgress
            case "-", "—", "–": .cancelled
            case "!", "✗", "❌": .blocked
            case "✓", "✔", "✅", "*", "+": .done
            default: nil
            }
        return status.map { ($0, text.distance(from: text.startIndex, to: close) + 1) }
    }

    /// An item's text without its box or status symbol.
    static func withoutMark(_ text: String) -> String {
        if let box = nonStandardBox(text) {
            return String(text.dropFirst(box.length)).trimmingCharacters(in: .whitespaces)
        }
        if let first = text.first, StatusText.isSymbol(first) {
            return String(text.dropFirst()).trimmingCharacters(
                in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
        }
        return text
    }

    /// The checklist work item for task lists under the current heading (made on first use).
    private mutating func checklistGroup() -> Int? {
        let title = heading?.text ?? page.title
        let id = heading?.id ?? "checklist"
        if let index = checklistGroups[id] { return index }
        var item = WorkItem(
            id: id, key: page.sourcePath + "#" + id, kind: .checklist,
            title: title, sourcePath: page.sourcePath, displayPath: page.displayPath, line: heading?.line ?? 1,
            anchor: heading?.id)
        if let match = try? /(?i)\bpriority\s*(\w+)|\b(P[0-9])\b/.firstMatch(in: title) {
            item.priority = String(match.1 ?? match.2 ?? "")
        }
        if keys.contains(item.key) { item.key += "@\(item.line)" }
        append(item)
        checklistGroups[id] = fact.items.count - 1
        if inOptionalSection { optionalItems.insert(fact.items.count - 1) }
        return fact.items.count - 1
    }

    // MARK: Tables

    /// A work-items comment that no table follows.
    private mutating func warnUnused(_ marker: (marker: WorkTableRule.Marker, line: Int)) {
        let name = marker.marker == .workItems ? WorkTableRule.workItemsComment : WorkTableRule.notWorkItemsComment
        warnings.append(
            LineMessage(
                line: marker.line,
                message: "\(name) applies to the table right after it, and none follows (ignored)"))
    }

    private mutating func readTable(_ table: MarkdownNode, marker: WorkTableRule.Marker?) {
        // The table's own comment wins over the page's front matter.
        let mode: WorkTableRule.Switch =
            switch marker {
            case .workItems: .on
            case .notWorkItems: .off
            default: tableSwitch
            }
        guard mode != .off else { return }
        let rows = table.children.map { row in row.children.map { $0.plainText.trimmingCharacters(in: .whitespaces) } }
        guard let header = rows.first?.map({ $0.lowercased() }), rows.count > 1 else { return }
        let body = Array(zip(table.children.dropFirst(), rows.dropFirst()))
        // The Implementation Order table maps chunks to phases; one with a
        // status column is a work list, read below.
        if let chunks = header.firstIndex(where: { $0.hasPrefix("chunk") }),
            let phase = header.firstIndex(where: { $0 == "phase" || $0 == "stage" || $0 == "milestone" }),
            !header.contains(where: { $0 == "status" || $0 == "state" || $0 == "progress" })
        {
            let priority = header.firstIndex { $0 == "priority" }
            for (_, cells) in body where cells.indices.contains(chunks) && cells.indices.contains(phase) {
                let dependencies = StatusText.dependencies(cells[chunks])
                for id in dependencies.ids {
                    phaseOfChunk[id] = (cells[phase], priority.flatMap { cells.indices.contains($0) ? cells[$0] : nil })
                }
            }
            return
        }
        let statusColumn: WorkTableRule.StatusColumn
        switch WorkTableRule.decide(header: rows[0], body: Array(rows.dropFirst()), mode: mode) {
        case .workList(let column):
            statusColumn = column
        case .notWorkList(.noStatusColumn) where marker == .workItems:
            warnings.append(
                LineMessage(
                    line: table.line,
                    message: "\(WorkTableRule.workItemsComment) marks a table with no status column (Status, State,"
                        + " Progress, Done, ✅); it is read as prose"))
            return
        case .notWorkList:
            return
        }
        // A Status column of work, not of screen states (`Empty day`, `On pace`):
        // most of its cells must be status words, unless the author said it is work.
        if mode == .auto {
            let cells = rows.dropFirst().compactMap { row in
                row.indices.contains(statusColumn.index) ? statusText(row[statusColumn.index], in: statusColumn) : nil
            }.filter { !$0.isEmpty }
            var recognised = 0
            for cell in cells where readStatus(cell).recognised { recognised += 1 }
            guard recognised * 2 > cells.count else { return }
        }
        statusTables.append(
            PendingTable(
                header: header, statusColumn: statusColumn, rows: body.map { ($0.0, $0.1) },
                parent: open.last.map { fact.items[$0.index].key }, anchor: heading?.id,
                optional: inOptionalSection))
    }

    /// A status cell as a status text: a check column's empty cell is not started.
    private func statusText(_ cell: String, in column: WorkTableRule.StatusColumn) -> String {
        column.isCheck ? WorkTableRule.checkStatusText(cell) : cell
    }

    private mutating func readStatusTable(_ table: PendingTable) {
        let (header, statusColumn) = (table.header, table.statusColumn.index)
        for (row, cells) in table.rows where cells.indices.contains(statusColumn) {
            let statusText = statusText(cells[statusColumn], in: table.statusColumn)
            guard !statusText.isEmpty else { continue }
            // The row's own chunk id is in its name cell or an id column, never in
            // a column of what it depends on (`| Add login | ✅ | CHUNK-002 |`).
            let named = cells.indices.first { $0 != statusColumn && !cells[$0].isEmpty }
            let idCells = cells.indices.filter { column in
                column != statusColumn && header.indices.contains(column)
                    && (column == named || header[column].hasPrefix("chunk") || header[column] == "id")
                    && !["depend", "block", "require", "after", "prereq"].contains { header[column].contains($0) }
            }
            let chunk = idCells.lazy.compactMap { try? Self.chunkHeading.firstMatch(in: cells[$0]) }.first
            if let chunk, let index = firstItemWithID[StatusText.chunkID(number: chunk.1)] {
                fillStatus(of: index, from: statusText, line: row.line)
                continue
            }
            guard let nameColumn = cells.indices.first(where: { $0 != statusColumn && !cells[$0].isEmpty }) else {
                continue
            }
            let name = cells[nameColumn]
            if chunk == nil, let index = headingItem(labelled: name) {
                fillStatus(of: index, from: statusText, line: row.line)
                continue
            }
            let id = chunk.map { StatusText.chunkID(number: $0.1) } ?? Slugger.slugify(name)
            guard !id.isEmpty else { continue }
            let others = cells.enumerated().filter { $0.offset != statusColumn }.map(\.element)
            var title = others.dropFirst().first { !$0.isEmpty && StatusText.readEstimate($0) == nil } ?? name
            if chunk == nil {
                title = Self.rowTitle(
                    name: name, column: nameColumn, cells: cells, header: header, status: statusColumn)
            }
            var item = WorkItem(
                id: id, key: page.sourcePath + "#" + id, kind: chunk == nil ? .row : .chunk, title: title,
                sourcePath: page.sourcePath, displayPath: page.displayPath, line: row.line, anchor: table.anchor)
            if keys.contains(item.key) { item.key += "@\(row.line)" }
            applyStatus(statusText, to: &item, line: row.line)
            for (offset, column) in header.enumerated() where cells.indices.contains(offset) && offset != statusColumn {
                let value = cells[offset]
                if column.contains("depend") {
                    let dependencies = StatusText.dependencies(value)
                    item.dependencyIDs = dependencies.ids
                    item.dependencyText = value
                    item.dependencyLine = row.line
                } else if column.contains("estimate") || column == "effort" || column == "time" {
                    item.estimate = readEstimate(value, of: item.id, line: row.line)
                } else if column == "priority" {
                    item.priority = value
                } else if column.contains("note") {
                    item.note = item.note ?? (value.isEmpty ? nil : value)
                }
            }
            item.parent = table.parent
            append(item)
            if table.optional { optionalItems.insert(fact.items.count - 1) }
        }
    }

    /// The section a row describes: the row fills a status the section left
    /// out; where both state one and they contradict each other (done and not
    /// started, not in progress and in review), the section's is kept (it says
    /// more) and a hint says what the table says.
    private mutating func fillStatus(of index: Int, from statusText: String, line: Int) {
        var item = fact.items[index]
        if !item.statusStated {
            applyStatus(statusText, to: &item, line: line)
        } else {
            let reading = readStatus(statusText)
            if reading.recognised, StatusText.contradict(reading.status, item.status) {
                item.hint(
                    "the table says '\(statusText)' (\(reading.status.label.lowercased())) but the section says"
                        + " '\(item.statusText ?? item.status.label)' (\(item.status.label.lowercased())); the"
                        + " section is used", line: line)
            }
        }
        fact.items[index] = item
    }

    /// The first heading item whose title starts with a row's label (`Phase 4`
    /// for `## Phase 4 - Property-wise Reporting`, not for `Phase 4.1` or
    /// `Phase 40`): a table of phases and the phases' own sections.
    private mutating func headingItem(labelled name: String) -> Int? {
        guard name.contains(where: \.isLetter), (try? Self.bareLabel.wholeMatch(in: name)) != nil else { return nil }
        if labelledHeadings == nil {
            var labels: [String: Int] = [:]
            for index in fact.headingItems.values.sorted() {
                guard let match = try? Self.titleLabel.prefixMatch(in: fact.items[index].title) else { continue }
                let label = Self.labelKey(match.1)
                if labels[label] == nil { labels[label] = index }
            }
            labelledHeadings = labels
        }
        return labelledHeadings?[Self.labelKey(name[...])]
    }

    /// `Phase 4` at the start of a title, not followed by more of a word or number.
    nonisolated(unsafe) static let titleLabel =
        /([A-Za-z][A-Za-z.]{0,15}[\s_-]*\d{1,4}(?:\.\d{1,4})*[a-z]?)(?![A-Za-z0-9]|\.\d)/

    /// A label as compared: lower case, one space between its parts (`T-01` is `t 01`).
    static func labelKey(_ label: Substring) -> String {
        label.lowercased().split { $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" }.joined(separator: " ")
    }

    /// Header words of a column that says what a row's work is.
    static let descriptionWords: Set<String> = [
        "description", "title", "name", "summary", "task", "feature", "item", "deliverable", "goal", "scope",
        "what", "work", "details", "subject", "story", "step", "milestone", "epic", "action", "objective", "focus",
    ]

    /// `Phase 1`, `3`, `T-01`, `#4`, `1.2`: a name that only numbers the work.
    nonisolated(unsafe) static let bareLabel = /^#?\s*(?:[A-Za-z][A-Za-z.]{0,15}[\s_-]*)?\d{1,4}(?:\.\d{1,4})*[a-z]?$/

    /// A row's title: its first cell, joined with the column that says what the
    /// work is when that cell only numbers it (`Phase 1` and `Backend wiring` →
    /// `Phase 1: Backend wiring`; a bare `3` gives way to its task).
    static func rowTitle(name: String, column: Int, cells: [String], header: [String], status: Int) -> String {
        guard (try? bareLabel.wholeMatch(in: name)) != nil else { return name }
        let described = cells.indices.first { index in
            guard index != column, index != status, !cells[index].isEmpty, header.indices.contains(index) else {
                return false
            }
            return WorkTableRule.words(header[index]).contains { word in
                descriptionWords.contains(word)
                    || (word.hasSuffix("s") && descriptionWords.contains(String(word.dropLast())))
            }
        }
        guard let described else { return name }
        let description = cells[described]
        return name.allSatisfy { $0.isNumber || $0 == "#" || $0 == "." || $0 == " " }
            ? description : name + ": " + description
    }

    private mutating func readStatus(_ text: String) -> StatusText.Reading {
        if let known = readings[text] { return known }
        let reading = StatusText.read(text)
        readings[text] = reading
        return reading
    }

    private mutating func append(_ item: WorkItem) {
        var item = item
        item.title = StatusText.withoutDecoration(item.title)
        if firstItemWithID[item.id] == nil { firstItemWithID[item.id] = fact.items.count }
        keys.insert(item.key)
        fact.items.append(item)
    }

    // MARK: Finishing

    private mutating func applyImplementationOrder(to index: Int) {
        guard fact.items[index].kind == .chunk, let mapping = phaseOfChunk[fact.items[index].id] else { return }
        if fact.items[index].phase == nil { fact.items[index].phase = mapping.phase }
        if fact.items[index].priority == nil { fact.items[index].priority = mapping.priority }
    }

    /// An item with no stated status takes its checklist's; one whose stated
    /// status its boxes contradict keeps it, with a hint.
    private mutating func finish(_ index: Int) {
        var item = fact.items[index]
        let boxes = item.checklist
        if !item.statusStated {
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
        fact.items[index] = item
    }

    /// The line of the first box of an item that is not ticked.
    private func firstOpenBox(of index: Int) -> Int? {
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
