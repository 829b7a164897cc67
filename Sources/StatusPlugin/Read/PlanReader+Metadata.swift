import Foundation
import SpecSiteKit

/// `**Key**: value` lines under a work item: status, estimate, dependencies
/// and the rest.
extension PlanReader {
    /// Whether `text` holds "status" in any case, as Foundation's case-insensitive
    /// search finds it. Every line of a plan's paragraphs is asked, so its bytes
    /// are looked at first: no match is possible without `tatu` in ASCII letters
    /// of either case (no other character folds to t, a or u; `ſ` folds to s).
    static func mentionsStatus(_ text: String) -> Bool {
        text.containsBytes(ignoringASCIICase: "tatu") && text.range(of: "status", options: .caseInsensitive) != nil
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

    /// A `**Key**: value` line (`bold`), or one of the unmistakable keys
    /// without bold (`Status: In progress`): the key in lower case, and the
    /// value as written and as plain text.
    struct MetadataLine: Equatable {
        var key: String
        var raw: String
        var bold: Bool
        /// ``plain(_:)`` of `raw`: made with the line, so that a replay
        /// remembers both in one entry.
        var value: String

        init(key: String, raw: String, bold: Bool) {
            self.key = key
            self.raw = raw
            self.bold = bold
            value = PlanReader.plain(raw)
        }
    }

    /// The metadata `text` states, or nil.
    func metadataLine(_ text: String) -> MetadataLine? {
        guard let remembered else { return Self.metadataLine(in: text) }
        return remembered.metadataLine(text) { Self.metadataLine(in: text) }
    }

    static func metadataLine(in text: String) -> MetadataLine? {
        // Both expressions need a colon; the first needs `**` or `__`, the
        // second one of its keys, found by letters no non-ASCII character
        // folds to (not `s`, `k` or `i`). Lines of prose lack them, and skip
        // the expressions (the engine tries the first at every character).
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: ":")) else { return nil }
        if text.containsBytes("**") || text.containsBytes("__"), let match = try? metadataLine.firstMatch(in: text) {
            return MetadataLine(key: match.1.lowercased().trimmingSpaces, raw: String(match.2), bold: true)
        }
        if plainKeyHints.contains(where: { text.containsBytes(ignoringASCIICase: $0) }),
            let match = try? plainMetadataLine.wholeMatch(in: text)
        {
            return MetadataLine(key: match.1.lowercased(), raw: String(match.2), bold: false)
        }
        return nil
    }

    /// A part of each key ``plainMetadataLine`` knows, in letters that only
    /// ASCII letters fold to: `tatu` (status), `dep` (depends on,
    /// dependencies, deps), `requ`, `bloc`, `mate` (estimate, estimated
    /// time), `ffort`.
    static let plainKeyHints = ["tatu", "dep", "requ", "bloc", "mate", "ffort"]

    /// ``StatusText/dependencies(_:)``, remembered in a replay.
    func dependencies(_ value: String) -> StatusText.Dependencies {
        guard let remembered else { return StatusText.dependencies(value) }
        return remembered.dependencies(value) { StatusText.dependencies(value) }
    }

    /// A yes-or-no reading of `text` (question `number`), remembered in a replay.
    func remembered(_ number: UInt8, _ text: String, _ read: () -> Bool) -> Bool {
        guard let remembered else { return read() }
        return remembered.flag(TextReadings.Question(number: number, text: text), read)
    }

    /// `**Status**: …`, `**Estimated Time**: 30 minutes`, `**Dependencies**: …`.
    mutating func readMetadata(_ block: MarkdownNode) {
        for fileLine in block.line...max(block.line, block.endLine) {
            // Every metadata line has a colon; most lines of prose have none,
            // and are passed over before they are copied.
            let source = line(fileLine)
            guard source.utf8.contains(UInt8(ascii: ":")) else { continue }
            let text = String(source)
            let owner = open.last?.index
            // Outside any work item only a status line matters (it makes its heading one).
            if owner == nil && !Self.mentionsStatus(text) { continue }
            guard let found = metadataLine(text) else { continue }
            let (key, bold) = (found.key, found.bold)
            let value = found.value
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
    mutating func statusHeading(key: String, value: String) -> Int? {
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
        // Most values have no emphasis or code marks: nothing to replace
        // (each replacement goes through NSString).
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "`") })
        else { return text.trimmingSpaces }
        return text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
            .replacingOccurrences(of: "`", with: "").trimmingSpaces
    }

    mutating func apply(key: String, value: String, line: Int, to index: Int) {
        var item = takeItem(index)
        defer { fact.items[index] = item }
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
            let named = dependencies(value)
            item.dependencyText = value
            item.dependencyIDs = named.ids
            item.dependsOnAllPrevious = named.allPrevious
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
    }

    /// The estimate `value` states, with a warning when its amount is absurd.
    mutating func readEstimate(_ value: String, of id: String, line: Int) -> Estimate? {
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
}
