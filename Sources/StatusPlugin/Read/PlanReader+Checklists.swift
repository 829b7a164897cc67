import Foundation
import SpecSiteKit

/// Checklists: task-list boxes, the boxes cmark does not know (`[~]`,
/// `[⏳]`, `[-]`) and emoji used as boxes.
extension PlanReader {
    /// `Priority High`, `P1` in a checklist's title. A regex literal is compiled
    /// each time its expression runs: the ones on hot paths are kept here.
    nonisolated(unsafe) static let priorityMention = /(?i)\bpriority\s*(\w+)|\b(P[0-9])\b/
    /// A bracketed aside, `(optional)`.
    nonisolated(unsafe) static let bracketed = /\([^)]*\)/

    // MARK: Checklists

    enum Mark {
        case box(WorkStatus)
        case symbol(Character, WorkStatus)
    }

    mutating func readList(_ list: MarkdownNode) {
        // `- **Status:** Done` and `- Depends on: CHUNK-001` in a list of an item's facts.
        for entry in list.children {
            guard case .item(nil) = entry.kind, let paragraph = entry.children.first, case .paragraph = paragraph.kind
            else { continue }
            readMetadata(paragraph)
            if inOptionalSection, let match = try? Self.listedLabel.firstMatch(in: Self.itemText(entry)) {
                optionalLabels.insert(String(match.1).lowercased())
            }
        }
        // A key to the page's symbols, or a tally of them, is no work.
        if Self.keyList(list) != nil { return }
        var collected: [(entry: ChecklistEntry, symbol: Character?, list: String)] = []
        collect(list, depth: 0, into: &collected)
        guard !collected.isEmpty else { return }
        let owner = open.last?.index
        // Emoji bullets are a list style when every item has the same one (a ✅
        // before each acceptance criterion), unless the item is stated done; and
        // outside a work item they need a symbol that is not ✅, ❌ or ⚠️ to be
        // read as status (`✅ Do` / `❌ Don't` lists are advice).
        let symbols = collected.compactMap(\.symbol)
        let boxes = collected.filter { $0.symbol == nil }
        var accepted = boxes
        if !symbols.isEmpty && !isUnitTaskList {
            let uniform = Set(symbols).count == 1 && symbols.count == collected.count
            let ownerDone = owner.map { fact.items[$0].statusStated && fact.items[$0].status == .done } ?? false
            let hasProgressSymbol = symbols.contains { symbol in
                guard let status = StatusText.status(ofSymbol: symbol), !Self.isWarningSign(symbol),
                    !StatusText.isCross(symbol)
                else { return false }
                return status == .inProgress || status == .notStarted
            }
            let isStatus =
                uniform
                ? (ownerDone && symbols.first.map { Self.isDoneSymbol($0) } == true)
                : (owner != nil || hasProgressSymbol)
            if isStatus { accepted = collected }
        }
        guard !accepted.isEmpty, !isNoWorkList(collected) else { return }
        let ownerIndex = owner ?? checklistGroup()
        var lastList: String?
        for var found in accepted {
            found.entry.owner = ownerIndex
            fact.entries.append(found.entry)
            // A list's entries come one after another: its key is kept once.
            if found.list != lastList { fact.checklistLists.insert(found.list) }
            lastList = found.list
            if let ownerIndex { fact.items[ownerIndex].checklist.add(found.entry.status) }
        }
    }

    static func isDoneSymbol(_ symbol: Character) -> Bool {
        StatusText.status(ofSymbol: symbol) == .done
    }

    mutating func collect(
        _ list: MarkdownNode, depth: Int,
        into collected: inout [(entry: ChecklistEntry, symbol: Character?, list: String)]
    ) {
        let listKey = list.blockKey
        for item in list.children {
            guard case .item(let task) = item.kind else { continue }
            let text = Self.itemText(item)
            var mark: Mark?
            if let task {
                mark = .box(Self.boxStatus(task, item: item, text: text))
            } else if let found = Self.nonStandardBox(text, dash: dashBox) {
                mark = .box(found.status)
            } else if let first = text.first, let status = Self.bulletStatus(first) {
                let words = Self.withoutMark(text)
                // The memo's answer may be nil (no status stated): it is not asked twice.
                let stated =
                    remembered.map { $0.statedStatus(words) { Self.statedStatus(words) } } ?? Self.statedStatus(words)
                mark = .symbol(first, stated ?? status)
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
                    (ChecklistEntry(text: shown, status: status, line: item.line, depth: depth), symbol, listKey))
            }
            for child in item.children where child.kind.isList {
                collect(child, depth: depth + 1, into: &collected)
            }
        }
    }

    /// The status of a box cmark read: ticked is done; open is cancelled
    /// when struck out, optional when it says so, else not started. The
    /// count and the drawing both ask here.
    static func boxStatus(_ task: TaskState, item: MarkdownNode, text: String) -> WorkStatus {
        if task == .done { return .done }
        if isStruckOut(item) { return .cancelled }
        return saysOptional(text) ? .optional : .notStarted
    }

    /// `- [ ] ~~T012~~ **Deleted** — …`, `- [ ] ~~Export to PDF~~`: an open
    /// box whose text starts struck out is work the author took back, not
    /// work left (cancelled, as `[-]` is).
    static func isStruckOut(_ item: MarkdownNode) -> Bool {
        guard let first = item.children.first, case .paragraph = first.kind,
            let lead = first.children.first(where: { node in
                // A text that starts with an ASCII letter or mark is not all white
                // space, and is not looked at a character at a time.
                if case .text(let text) = node.kind, !Self.startsVisibly(text), text.allSatisfy(\.isWhitespace) {
                    return false
                }
                return true
            }),
            case .strikethrough = lead.kind
        else { return false }
        return true
    }

    /// Whether `text` starts with an ASCII byte that is no white space.
    static func startsVisibly(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first > 0x20 && first < 0x7F
    }

    /// The status an emoji bullet stands for: a status symbol's, or for
    /// `⚠️` in progress (partly there: `- ⚠️ E2E tests (manual only)` among
    /// ✅ and ❌). The warning sign is read only as a bullet, beside others
    /// (``readList(_:)``): in a heading it warns, and states nothing.
    static func bulletStatus(_ symbol: Character) -> WorkStatus? {
        StatusText.status(ofSymbol: symbol) ?? (isWarningSign(symbol) ? .inProgress : nil)
    }

    /// `⚠` or `⚠️`.
    static func isWarningSign(_ symbol: Character) -> Bool {
        symbol.unicodeScalars.first?.value == 0x26A0
            && symbol.unicodeScalars.dropFirst().allSatisfy { $0.value == 0xFE0F }
    }

    /// The status an emoji bullet's words state, which beats its symbol:
    /// a status word it starts with as a label (`❌ Blocked: API keys`,
    /// `✅ Done — shipped`) or a status in the parentheses it ends with
    /// (`❌ API endpoints (not implemented)`, `⚠️ External integration
    /// (partial)`). Words inside the sentence (`✅ Fix the blocked login`,
    /// `✅ New onboarding screen`) describe the work, not its state.
    static func statedStatus(_ text: String) -> WorkStatus? {
        if let first = StatusText.statusWords(in: text).first, first.offset == 0 {
            let after = text[first.end...].drop { $0 == " " || $0 == "*" || $0 == "_" }
            if after.first.map({ ":—–-(".contains($0) }) ?? true { return first.status }
        }
        if let split = parenthesisedMarker(text) {
            let reading = StatusText.read(split.marker)
            if reading.recognised { return reading.status }
        }
        return nil
    }

    /// `⏳ Not Started`, `✅ Completed: 6 (Phases 1, 2, 3)`: an emoji bullet
    /// that is only a status, alone or with a count. Nil for work
    /// (`✅ Done: the login screen`, `🚧 Signup`).
    static func keyEntry(_ text: String) -> (symbol: Character, status: WorkStatus)? {
        guard let symbol = text.first, bulletStatus(symbol) != nil else { return nil }
        let rest = withoutMark(text)
        guard let first = StatusText.statusWords(in: rest).first, first.offset == 0 else { return nil }
        let after = rest[first.end...].drop { " :—–-=/".contains($0) }
        guard after.isEmpty || after.first!.isNumber else { return nil }
        return (symbol, first.status)
    }

    /// What each symbol stands for, when every entry of `list` is a key entry
    /// (two at least): the list is the page's key to its symbols (`⏳ Not
    /// Started`, `🚧 In Progress`) or a tally of them.
    static func keyList(_ list: MarkdownNode) -> [(symbol: Character, status: WorkStatus)]? {
        var key: [(symbol: Character, status: WorkStatus)] = []
        for item in list.children {
            guard case .item(nil) = item.kind, let entry = keyEntry(itemText(item)) else { return nil }
            key.append(entry)
        }
        return key.count >= 2 ? key : nil
    }

    /// Reads the page's key to its symbols before anything else, so a status
    /// written as a lone symbol anywhere on the page means what the key says
    /// (`⏳` is in progress in most plans, not started where the key says so).
    mutating func readKey() {
        for block in page.document.root.children where block.kind.isList {
            for entry in Self.keyList(block) ?? [] where StatusText.status(ofSymbol: entry.symbol) != entry.status {
                let scalar = entry.symbol.unicodeScalars.first!.value
                if symbolKey[scalar] == nil { symbolKey[scalar] = entry.status }
            }
        }
    }

    /// The text of an item's first paragraph.
    static func itemText(_ item: MarkdownNode) -> String {
        guard let first = item.children.first, case .paragraph = first.kind else { return "" }
        return first.plainText.trimmingSpaces
    }

    /// `(optional)`, `(Deferred to a separate PR)`, `(nice to have)` in an
    /// unticked item: optional work, not counted. The word says so of the
    /// item only when the aside ends after it or goes on with punctuation
    /// or a word of when (`to`, `until`, `if`): in `(optional title and
    /// description)` it describes fields of the work.
    nonisolated(unsafe) static let optionalNote =
        /(?i)\(\s*(?:optional|deferred|postponed|nice[ -]to[ -]have|can wait|stretch(?:\s+goal)?)\s*(?:\)|[,;:.\/—–-][^)]*\)|(?:to|until|till|for|if|in|after|post|pending|unless|when|once|as)\b[^)]*\))/

    /// Whether an unticked item's text says the work is optional or deferred.
    static func saysOptional(_ text: String) -> Bool {
        // Every open box is asked, as it is read and as it is drawn: the
        // expression runs only where an aside and one of its words are.
        guard text.utf8.contains(UInt8(ascii: "(")),
            Self.optionalWords.contains(where: { text.containsBytes(ignoringASCIICase: $0) })
        else { return false }
        return (try? optionalNote.firstMatch(in: text)) != nil
    }

    /// The words ``optionalNote`` needs one of.
    static let optionalWords = ["optional", "deferred", "postponed", "nice", "wait", "stretch"]

    /// `[⏳]`, `[~]`, `[-]`, `[/]`, `[!]` at the start of an item: boxes cmark
    /// does not know. `[-]` is `dash`: cancelled, as most tools write it, or
    /// in progress in a Kiro spec (see ``PlanReader/dashBox``). A box with a
    /// star after it (`[ ]*`, `[x]*`) is Kiro's optional task, which cmark
    /// reads as text: open, it is optional work, never counted; ticked, it is done.
    static func nonStandardBox(_ text: String, dash: WorkStatus = .cancelled) -> (status: WorkStatus, length: Int)? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        var after = text[text.index(after: close)...]
        let starred = after.first == "*"
        if starred { after = after.dropFirst() }
        guard inside.count == 1, after.isEmpty || after.first == " " else { return nil }
        let status: WorkStatus? =
            switch inside.first! {
            case "~", "/", "⏳", "🚧", "🔄", ".", "o": .inProgress
            case "-", "—", "–": dash
            case "!": .blocked
            case "✗", "❌": .notStarted
            case "✓", "✔", "✅", "*", "+": .done
            // Plain boxes reach here only when cmark did not read them: starred.
            case " ": starred ? .optional : nil
            case "x", "X": starred ? .done : nil
            default: nil
            }
        let length = text.distance(from: text.startIndex, to: close) + (starred ? 2 : 1)
        return status.map { ($0, length) }
    }

    /// An item's text without its box or status symbol.
    static func withoutMark(_ text: String) -> String {
        if let box = nonStandardBox(text) {
            return String(text.dropFirst(box.length)).trimmingSpaces
        }
        if let first = text.first, bulletStatus(first) != nil {
            return String(text.dropFirst()).trimmingCharacters(
                in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
        }
        return text
    }

    /// The checklist work item for task lists under the current heading (made on first use).
    mutating func checklistGroup() -> Int? {
        let title = heading?.text ?? page.title
        let id = heading?.id ?? "checklist"
        if let index = checklistGroups[id] { return index }
        var item = WorkItem(
            id: id, key: page.sourcePath + "#" + id, kind: .checklist,
            title: title, sourcePath: page.sourcePath, displayPath: page.displayPath, line: heading?.line ?? 1,
            anchor: heading?.id)
        if let match = try? Self.priorityMention.firstMatch(in: title) {
            item.priority = String(match.1 ?? match.2 ?? "")
        }
        if keys.contains(item.key) { item.key += "@\(item.line)" }
        append(item)
        checklistGroups[id] = fact.items.count - 1
        if inOptionalSection { optionalItems.insert(fact.items.count - 1) }
        return fact.items.count - 1
    }
}
