import Foundation
import SpecSiteKit

/// Decides whether a table lists work, from its header.
///
/// Specs are full of tables with a Status column that are no work: risk
/// matrices, style audits (`❌` for "does not follow the guide"), verification
/// evidence, requirement traceability, feature comparisons, file lists. Counted
/// as work they made the progress numbers wrong. A table is a **work list**
/// when its header has
///
/// - a status column: `Status` (or `Current status`, `Status (May)`), `State`,
///   `Progress`, or a check column: `Done`, `Complete`, `Completed`, `Finished`,
///   a `✅` alone; and
/// - beside it a column that names the work: `ID`, `#`, `Task`, `Feature`,
///   `Phase`, `Chunk`, `Item`, `Story`, `Milestone`, `Deliverable`, `Step`,
///   `Epic`, `Ticket`, `Sprint`, `Work item`, …;
///
/// and no column that marks another kind of table (``otherTableWords``, or a
/// first column naming a file or test, ``subjectWords``), no two columns of
/// marks (✅/❌ per product: a comparison), and no `State` as its first column
/// (the states a screen or a record can be in, each row one state:
/// `State | Renders | Actions`).
///
/// An author overrides the rule per page (front matter `work_items: true`,
/// `false` or `auto`) and per table (an HTML comment before it,
/// `<!-- specsite:work-items -->` or `<!-- specsite:not-work-items -->`).
enum WorkTableRule {
    /// What the author says about a page's or a table's tables.
    enum Switch: Equatable {
        /// The header decides.
        case auto
        /// Every table with a status column is a work list.
        case on
        /// No table is (on a page: nothing is a work item).
        case off
    }

    /// A table's status column.
    struct StatusColumn: Equatable {
        var index: Int
        /// `Done`, `Complete`, `✅`: a column of ticks, where an empty cell, `no`
        /// or a lone `❌` means not done (see ``checkStatusText(_:)``).
        var isCheck: Bool
    }

    /// Why a table is not a work list.
    enum Reason: Equatable {
        /// No column reads as a status.
        case noStatusColumn
        /// A status, but nothing names work (`From | To | Via | Status`).
        case noWorkColumn
        /// A column marks another kind of table (`Risk`, `Evidence`, a first column `File`).
        case otherTable(column: String)
        /// Two or more columns of marks: options compared side by side.
        case comparison
        /// `State` is the first column: each row is a state something can be in.
        case stateTable
    }

    /// What the rule decides for a table.
    enum Decision: Equatable {
        case workList(StatusColumn)
        case notWorkList(Reason)
    }

    // MARK: Words

    /// Status column headers, exactly (`Status`, `✅ Status`).
    static let statusWords: Set<String> = ["status", "state", "progress"]
    /// Check column headers, exactly (`Done`, `Done?`).
    static let checkWords: Set<String> = ["done", "complete", "completed", "finished"]
    /// Symbols that make a header a check column when it has no words (`✅`).
    static let checkSymbols: Set<Unicode.Scalar> = ["✅", "✔", "✓", "☑"]

    /// Words (or their plurals) that name work.
    static let workWords: Set<String> = [
        "id", "#", "no", "nr", "num", "number", "task", "subtask", "feature", "phase", "chunk", "item", "story",
        "milestone", "deliverable", "step", "epic", "ticket", "sprint", "stage", "issue", "bug", "todo", "plan",
        "wave", "action", "job", "work", "pr",
    ]
    /// Phrases that name work.
    static let workPhrases = ["work item", "user story", "action item", "to do", "pull request"]

    /// Words (or their plurals) that mark another kind of table wherever they stand.
    static let otherTableWords: Set<String> = [
        // risk matrices and threat models
        "risk", "likelihood", "probability", "impact", "severity", "mitigation", "contingency", "threat",
        // requirements, traceability, verification
        "requirement", "req", "traceability", "trace", "evidence", "verified", "verification", "criterion",
        "criteria", "result", "truth",
        // audits against a guide
        "rule", "guideline", "guidance", "audit", "compliance", "compliant", "finding", "follows", "followed",
        "violation",
        // comparisons
        "vs", "versus", "comparison", "compare", "compared", "alternative",
    ]
    /// Phrases that mark another kind of table wherever they stand (`Expected`
    /// alone may be a date a milestone is expected).
    static let otherTablePhrases = ["expected result", "expected behavior", "expected behaviour", "expected outcome"]
    /// Words that mark another kind of table when they name what each row is
    /// (the first column after a number): a `File` list, a `Test` list. A
    /// `Files` or `Tests` column further right is a detail of the work.
    static let subjectWords: Set<String> = [
        "file", "filename", "path", "directory", "folder", "dir", "artifact", "test", "scenario", "check",
    ]
    static let subjectPhrases = ["test case"]

    /// `Req. ID` → `req id`; `#` stays a word; `✅` has none.
    static func words(_ cell: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in cell.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
                continue
            }
            if !current.isEmpty { words.append(current) }
            current = ""
            if character == "#" { words.append("#") }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether `word` or its singular (`tasks`, `risks`, `mitigations`) is in `set`.
    private static func contains(_ set: Set<String>, _ word: String) -> Bool {
        if set.contains(word) { return true }
        if word.hasSuffix("es"), set.contains(String(word.dropLast(2))) { return true }
        return word.hasSuffix("s") && set.contains(String(word.dropLast()))
    }

    private static func hasPhrase(_ phrases: [String], in words: [String]) -> Bool {
        let joined = " " + words.joined(separator: " ") + " "
        return phrases.contains { joined.contains(" " + $0 + " ") }
    }

    // MARK: Columns

    /// The status column: `Status` before `Current status` before `State` or
    /// `Progress` before `Done` before `✅`, the first of a kind.
    static func statusColumn(in header: [String]) -> StatusColumn? {
        var best: (rank: Int, index: Int)?
        for (index, cell) in header.enumerated() {
            guard let rank = statusRank(cell) else { continue }
            if best == nil || rank < best!.rank { best = (rank, index) }
        }
        return best.map { StatusColumn(index: $0.index, isCheck: $0.rank >= 3) }
    }

    /// 0 `Status`, 1 `Implementation status`, 2 `State`/`Progress` (with a
    /// qualifier), 3 `Done`, 4 `✅` alone; nil for any other header.
    private static func statusRank(_ cell: String) -> Int? {
        let words = words(cell)
        if words == ["status"] { return 0 }
        if words.count == 1, statusWords.contains(words[0]) { return 2 }
        if words.count >= 2, words.count <= 3 {
            if words.last == "status" || words.first == "status" { return 1 }
            if let last = words.last, statusWords.contains(last) { return 2 }
        }
        if words.count == 1, checkWords.contains(words[0]) { return 3 }
        if words.isEmpty, cell.unicodeScalars.contains(where: { checkSymbols.contains($0) }) { return 4 }
        return nil
    }

    /// The first column (after a number or id) that marks another kind of
    /// table, or a column anywhere that does; nil when none does.
    static func otherTableColumn(in header: [String], statusColumn: Int) -> String? {
        for cell in header {
            let words = words(cell)
            if words.contains(where: { contains(otherTableWords, $0) }) || hasPhrase(otherTablePhrases, in: words) {
                return cell
            }
        }
        let numbers: Set<String> = ["#", "id", "no", "nr", "num", "number"]
        let subject = header.enumerated().first { offset, cell in
            offset != statusColumn && !words(cell).allSatisfy { numbers.contains($0) }
        }
        if let subject {
            let words = words(subject.element)
            if words.contains(where: { contains(subjectWords, $0) }) || hasPhrase(subjectPhrases, in: words) {
                return subject.element
            }
        }
        return nil
    }

    /// Whether a column other than the status column names work.
    static func hasWorkColumn(in header: [String], statusColumn: Int) -> Bool {
        header.enumerated().contains { offset, cell in
            guard offset != statusColumn else { return false }
            let words = words(cell)
            return words.contains { contains(workWords, $0) } || hasPhrase(workPhrases, in: words)
        }
    }

    // MARK: Comparisons

    /// Symbols a comparison puts in each option's column.
    static let markSymbols: Set<Unicode.Scalar> = [
        "✅", "❌", "✓", "✗", "✔", "✘", "☑", "☐", "⬜", "⚠", "➖", "⛔", "🟢", "🟡", "🔴", "⭕",
    ]

    /// `✅`, `❌ (plugin)`, `yes`, `partial`: a mark, not a sentence.
    static func isMark(_ cell: String) -> Bool {
        let text = cell.trimmingSpaces
        if let first = text.unicodeScalars.first, markSymbols.contains(first) { return true }
        return ["yes", "no", "partial", "partly", "y", "n"].contains(text.lowercased())
    }

    /// Columns other than the status column whose cells are mostly marks.
    static func markColumns(in body: [[String]], statusColumn: Int) -> Int {
        let width = body.map(\.count).max() ?? 0
        var count = 0
        for column in 0..<width where column != statusColumn {
            let cells = body.compactMap { $0.indices.contains(column) ? $0[column] : nil }
                .filter { !$0.isEmpty && !["-", "—", "–"].contains($0) }
            guard cells.count >= 2 else { continue }
            if cells.filter(isMark).count * 2 > cells.count { count += 1 }
        }
        return count
    }

    // MARK: Decision

    /// Whether the table with `header` (its cells as read) and `body` (the other
    /// rows) is a work list. With `.on` any table with a status column is;
    /// `.off` is decided by the caller, who leaves the table alone.
    static func decide(header: [String], body: [[String]], mode: Switch) -> Decision {
        guard let status = statusColumn(in: header) else { return .notWorkList(.noStatusColumn) }
        if mode == .on { return .workList(status) }
        if let column = otherTableColumn(in: header, statusColumn: status.index) {
            return .notWorkList(.otherTable(column: column))
        }
        // Found in a spec-kit contract: `State | Renders | Actions` lists a
        // panel's states (`none`, `open`, `stale`); "Actions" named the work.
        if status.index == 0, words(header[0]) == ["state"] { return .notWorkList(.stateTable) }
        guard hasWorkColumn(in: header, statusColumn: status.index) else { return .notWorkList(.noWorkColumn) }
        if markColumns(in: body, statusColumn: status.index) >= 2 { return .notWorkList(.comparison) }
        return .workList(status)
    }

    /// The status a check column's cell states: `done` for `yes`, `x`, `[x]`;
    /// `not started` for an empty cell, `no`, `[ ]` or a lone `❌` (not done,
    /// rather than blocked); anything else as written.
    static func checkStatusText(_ cell: String) -> String {
        let text = cell.trimmingSpaces
        switch text.lowercased() {
        case "", "no", "n", "false", "[ ]", "☐", "⬜", "❌", "✗", "✘", "-", "—", "–": return "not started"
        case "yes", "y", "true", "x", "[x]": return "done"
        default: return text
        }
    }

    // MARK: Switches

    /// What a `<!-- specsite:… -->` comment says about the table after it.
    enum Marker: Equatable {
        case workItems
        case notWorkItems
        /// A `specsite:` comment about work items that is neither (a typo).
        case unknown(String)
    }

    static let workItemsComment = "specsite:work-items"
    static let notWorkItemsComment = "specsite:not-work-items"

    /// The marker an HTML block is, or nil when it is none (any other HTML).
    static func marker(in html: String) -> Marker? {
        // Every marker is a comment that says `specsite:` and `work` (in any
        // case; no other character lowercases to `specsite` or `wor`). Other
        // HTML, GSD plans' `<task>` blocks and the GSD markers among it, is
        // passed over first, and spaces are trimmed by scalar: Foundation's
        // trimming costs tens of thousands of instructions a call.
        guard html.containsBytes(ignoringASCIICase: "specsite"), html.containsBytes(ignoringASCIICase: "wor") else {
            return nil
        }
        let text = String(trimmingSpace(html[...]))
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        let inner = String(trimmingSpace(text.dropFirst(4).dropLast(3)))
        guard !inner.contains("-->") else { return nil }
        switch inner.lowercased() {
        case workItemsComment: return .workItems
        case notWorkItemsComment: return .notWorkItems
        default:
            let lower = inner.lowercased()
            guard lower.hasPrefix("specsite:"), lower.contains("work") else { return nil }
            return .unknown(inner)
        }
    }

    /// `text` without the white space and line breaks (Foundation's
    /// `whitespacesAndNewlines`, all of them single scalars) at its ends,
    /// as `trimmingCharacters(in:)` leaves it.
    static func trimmingSpace(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        let space = CharacterSet.whitespacesAndNewlines
        guard let first = scalars.firstIndex(where: { !space.contains($0) }),
            let last = scalars.lastIndex(where: { !space.contains($0) })
        else { return "" }
        return Substring(scalars[first...last])
    }

    /// The page's `work_items` front matter, with a warning at its line when
    /// the value is not `true`, `false` or `auto` (the page is then read as auto).
    static func pageSwitch(_ frontMatter: YAMLValue) -> (Switch, LineMessage?) {
        guard let entry = frontMatter.entries.first(where: { $0.key == "work_items" }) else { return (.auto, nil) }
        if let value = entry.value.bool { return (value ? .on : .off, nil) }
        if entry.value.string?.lowercased().trimmingSpaces == "auto" { return (.auto, nil) }
        let shown =
            switch entry.value {
            case .scalar(let text): "'\(text)'"
            case .null: "no value"
            case .sequence: "a list"
            case .mapping: "a mapping"
            }
        return (
            .auto,
            LineMessage(
                line: entry.line,
                message: "work_items has \(shown); expected true, false or auto (the page's tables are read as"
                    + " auto: the header decides)")
        )
    }
}
