import Foundation
import SpecSiteKit

/// The rows of a work list that name work the page already tracks.
///
/// Plans often repeat their tasks in a table: a tracker above the sections
/// that describe each task, a list of branches at the end, a summary of the
/// phases below. A row that names a section (by its label, the author's
/// number or its title) is that section; one that names a heading whose work
/// is tracked under it (`| Phase 4 | ✅ Completed |` beside `## Phase 4:
/// Screens` and its checklists) restates that work; a `TOTAL` row sums the
/// others. None of them is new work: counted again they would double the
/// tasks and offer stale rows as next.
extension PlanReader {
    /// What a row's name cell says: its labels (`task 1.1`, `phase 4`), the
    /// author's number (`1.1`) and its words (`weightdisplay`, or the
    /// description's when the name only numbers the work).
    struct RowNames {
        var labels: [String] = []
        var number: String?
        var words: [String] = []
        /// The words a name writes after its label (`Critical Fixes` in
        /// `Phase 1: Critical Fixes`): a heading found by the label must agree
        /// with them, so `Phase 2 Features Complete` is not `## Phase 2: Database`.
        var confirm: String?
    }

    /// What the rows of a page's work lists can name, made when a table first needs it.
    struct RowTargets {
        /// Heading items by each label in their titles (`phase 2` and `task 1.1`
        /// in `Phase 2: Task 1.1 - WeightDisplay`), the first of a label.
        var itemByLabel: [String: Int] = [:]
        /// Heading items by the author's number (`22` in `### 22. 🔲 Leads audit`).
        var itemByNumber: [String: Int] = [:]
        /// Heading items by their words without labels, numbers and
        /// parentheses; nil where two items have the same words.
        var itemByWords: [String: Int?] = [:]
        /// Headings that are no item, as indices of ``PlanReader/surveyed``, in order.
        var headingByLabel: [String: [Int]] = [:]
        var headingByWords: [String: [Int]] = [:]
    }

    /// A label of work anywhere in a title: `Task 1.1`, `Phase 2`, `Step 3b`, `Sprint #4`.
    nonisolated(unsafe) static let workLabel =
        /(?i)\b(phase|stage|step|task|subtask|milestone|sprint|week|day|epic|story|feature|iteration|part|gate|checkpoint|release|wave|track|module|level|round|item|ticket|issue|chunk)s?[\s_-]*#?(\d{1,4}(?:\.\d{1,4})*[a-z]?)(?![A-Za-z0-9]|\.\d)/

    /// `1.1 WeightDisplay`, `3) Export`: a number, then what it numbers.
    nonisolated(unsafe) static let numberedName = /^#?(\d{1,4}(?:\.\d{1,4})*[a-z]?)[.):]?\s+(.+)$/

    /// `TOTAL`, `Sum`, `Overall`: a row that adds the others up.
    static let sumNames: Set<String> = [
        "total", "totals", "sum", "subtotal", "sub total", "grand total", "overall", "overall total", "all",
    ]

    /// Whether a row's name says it sums the rows above it.
    static func isSum(_ name: String) -> Bool {
        sumNames.contains(normalized(name))
    }

    /// The labels of work in a title, as compared (`task 1.1`).
    static func workLabels(in title: String) -> [String] {
        title.matches(of: workLabel).map { $0.1.lowercased() + " " + $0.2.lowercased() }
    }

    /// A title's own words: no labels of work, no leading number, nothing in
    /// parentheses (`currentday advancement` for `Task 1.1: currentDay
    /// Advancement (GAP-13)`).
    static func ownWords(of title: String) -> String {
        var text = title.replacing(Self.bracketed, with: " ")
        text = text.replacing(workLabel, with: " ")
        if let titled = try? titleLabel.prefixMatch(in: text) { text = String(text[titled.range.upperBound...]) }
        if let numbered = try? leadingNumber.prefixMatch(in: text) { text = String(text[numbered.range.upperBound...]) }
        return normalized(text)
    }

    /// What the name of a row says, with the word its column gives a bare
    /// number (`1.1` under `Task` is `task 1.1`).
    static func rowNames(name: String, column: Int, cells: [String], header: [String], status: Int) -> RowNames {
        var names = RowNames()
        let columnWord = header.indices.contains(column) ? WorkTableRule.words(header[column]) : []
        let word = columnWord.lazy.map { $0.hasSuffix("s") ? String($0.dropLast()) : $0 }.first { candidate in
            (try? workLabel.wholeMatch(in: candidate + " 1")) != nil
        }
        let bare = name.trimmingCharacters(in: CharacterSet(charactersIn: "# "))
        if (try? bareLabel.wholeMatch(in: name)) != nil {
            if bare.first?.isLetter == true {
                names.labels.append(labelKey(name[...]))
            } else {
                names.number = bare.lowercased()
            }
        } else if let numbered = try? numberedName.wholeMatch(in: name) {
            names.number = numbered.1.lowercased()
            names.words.append(ownWords(of: String(numbered.2)))
            names.confirm = names.words.last
        } else {
            if let titled = try? titleLabel.prefixMatch(in: name) { names.labels.append(labelKey(titled.1)) }
            names.labels += workLabels(in: name)
            names.words.append(ownWords(of: name))
            names.confirm = names.words.last
        }
        if let number = names.number, let word { names.labels.append(word + " " + number) }
        // A name that only numbers the work is told by its description.
        let title = rowTitle(name: name, column: column, cells: cells, header: header, status: status)
        if title != name { names.words.append(ownWords(of: title)) }
        names.words.removeAll(where: \.isEmpty)
        return names
    }

    /// Words too common to tell two titles apart.
    static let commonWords: Set<String> = ["a", "an", "the", "and", "or", "of", "for", "to", "in", "on", "with", "by"]

    /// Whether the words a row writes after its label (`confirm`) agree with a
    /// title found by that label: one's words are all among the other's
    /// (`Setup` and `Setup & Infrastructure`), or either has none.
    static func agree(_ confirm: String?, _ title: String) -> Bool {
        guard let confirm else { return true }
        let mine = Set(confirm.split(separator: " ").map(String.init)).subtracting(commonWords)
        let theirs = Set(ownWords(of: title).split(separator: " ").map(String.init)).subtracting(commonWords)
        return mine.isEmpty || theirs.isEmpty || mine.isSubset(of: theirs) || theirs.isSubset(of: mine)
    }

    /// The labels, numbers and words of the page's headings (made once).
    mutating func makeRowTargets() -> RowTargets {
        if let rowTargets { return rowTargets }
        var targets = RowTargets()
        for index in fact.headingItems.values.sorted() {
            let item = fact.items[index]
            var labels = Self.workLabels(in: item.title)
            if let titled = try? Self.titleLabel.prefixMatch(in: item.title) {
                labels.insert(Self.labelKey(titled.1), at: 0)
            }
            for label in labels where targets.itemByLabel[label] == nil { targets.itemByLabel[label] = index }
            if item.kind == .section, (try? /\d{1,4}(?:\.\d{1,4})*[a-z]?/.wholeMatch(in: item.id)) != nil,
                targets.itemByNumber[item.id.lowercased()] == nil
            {
                targets.itemByNumber[item.id.lowercased()] = index
            }
            let words = Self.ownWords(of: item.title)
            if !words.isEmpty { targets.itemByWords[words] = targets.itemByWords[words] == nil ? index : .some(nil) }
        }
        for (offset, heading) in surveyed.enumerated() where fact.headingItems[heading.block] == nil {
            var labels = Self.workLabels(in: heading.title)
            if let titled = try? Self.titleLabel.prefixMatch(in: heading.title) {
                labels.insert(Self.labelKey(titled.1), at: 0)
            }
            for label in Set(labels) { targets.headingByLabel[label, default: []].append(offset) }
            let words = Self.ownWords(of: heading.title)
            if !words.isEmpty { targets.headingByWords[words, default: []].append(offset) }
        }
        rowTargets = targets
        return targets
    }

    /// The section (or chunk) a row names: by a label (`Task 1.1` for a row
    /// `1.1` under `Task`), the author's number, or the same words.
    mutating func describedItem(_ names: RowNames) -> Int? {
        let targets = makeRowTargets()
        for label in names.labels {
            if let index = targets.itemByLabel[label], Self.agree(names.confirm, fact.items[index].title) {
                return index
            }
        }
        if let number = names.number, let index = targets.itemByNumber[number],
            Self.agree(names.confirm, fact.items[index].title)
        {
            return index
        }
        for words in names.words { if let found = targets.itemByWords[words], let index = found { return index } }
        return nil
    }

    /// The heading (no item itself) a row names whose work is tracked under
    /// it, and that work's count: the row restates it. Where several
    /// headings have the row's label (`### Phase 1 Tasks` over the table,
    /// `## Phase 1: Critical Fixes` over the tasks), the first with work under it.
    mutating func restatedHeading(_ names: RowNames) -> (title: String, line: Int, items: [Int], count: ChecklistCount)?
    {
        let targets = makeRowTargets()
        let candidates =
            names.labels.flatMap { targets.headingByLabel[$0] ?? [] }.filter {
                Self.agree(names.confirm, surveyed[$0].title)
            } + names.words.flatMap { targets.headingByWords[$0] ?? [] }
        for offset in candidates {
            if let found = work(under: offset) { return found }
        }
        return nil
    }

    /// The items under a heading (no item itself) and the count of their work; nil when nothing is tracked there.
    func work(under offset: Int) -> (title: String, line: Int, items: [Int], count: ChecklistCount)? {
        let heading = surveyed[offset]
        let end = surveyed[(offset + 1)...].first { $0.level <= heading.level }?.line ?? Int.max
        var count = ChecklistCount()
        var items: [Int] = []
        for (index, item) in fact.items.enumerated() where item.line >= heading.line && item.line < end {
            switch item.kind {
            case .checklist: count = count + item.checklist
            case .section, .chunk: count.add(item.status)
            default: continue
            }
            items.append(index)
        }
        guard count.total > 0 else { return nil }
        return (heading.title, heading.line, items, count)
    }

    /// A row that restates a heading's work: nothing new is counted; where
    /// the row's status contradicts the work under the heading, the first
    /// item there gets a hint naming what the table says.
    mutating func restate(
        _ heading: (title: String, line: Int, items: [Int], count: ChecklistCount), name: String,
        statusText: String, line: Int
    ) {
        let reading = readStatus(statusText)
        let implied = heading.count.impliedStatus
        guard reading.recognised, StatusText.contradict(reading.status, implied), let first = heading.items.first
        else { return }
        let count = heading.count
        fact.items[first].hint(
            "the table says '\(name)' is '\(statusText)' (\(reading.status.label.lowercased())), but \(count.done) of"
                + " \(count.total) under '\(heading.title)' \(count.done == 1 ? "is" : "are") done; those are counted",
            line: line)
    }
}
