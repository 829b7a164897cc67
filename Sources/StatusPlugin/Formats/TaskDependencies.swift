import SpecSiteKit

/// What a task of a format's task list says it waits for, in its own words:
/// spec-kit's `(depends on T012, T013)`, `[depends on T024-T035 complete]`,
/// `blocked by T004`; Kiro's `_Depends: 1.2, 2.1_`. A task that waits for an
/// unfinished one is not offered as next; an id the list does not have is a
/// warning.
enum TaskDependencies {
    /// `depends on`, `depends:`, `blocked by`, then ids, ranges and the words between them.
    nonisolated(unsafe) static let phrase =
        /(?i)(?:^|[^a-z])(?:depends\s+on|depends\s*:|blocked\s+by)\s*:?\s*((?:\**(?:T\d{2,4}[a-z]?|\d{1,3}(?:\.\d{1,3})*)\**(?:\s*[-–]\s*\**(?:T\d{2,4}[a-z]?|\d{1,3}(?:\.\d{1,3})*)\**)?(?:\s*(?:,|and|&)\s*)?)+)/

    /// One id or a range of them.
    nonisolated(unsafe) static let idOrRange =
        /(T\d{2,4}[a-z]?|\d{1,3}(?:\.\d{1,3})*)(?:\s*[-–]\s*(T\d{2,4}[a-z]?|\d{1,3}(?:\.\d{1,3})*))?/

    /// The ids a task's text says it waits for, in order, ranges written out
    /// (`T001-T003` is T001, T002, T003); none for text that names none.
    static func ids(in text: String) -> [String] {
        // The regex runs only where its words are.
        guard text.containsBytes(ignoringASCIICase: "depend") || text.containsBytes(ignoringASCIICase: "blocked")
        else { return [] }
        var found: [String] = []
        for match in text.matches(of: phrase) {
            for part in match.output.1.matches(of: idOrRange) {
                let first = String(part.output.1)
                guard let last = part.output.2.map(String.init) else {
                    found.append(first)
                    continue
                }
                found += range(from: first, to: last) ?? [first, last]
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    /// `T001`…`T003` written out, keeping the digits' width; nil for a range
    /// that is not two spec-kit ids in order, or longer than a task list is.
    private static func range(from first: String, to last: String) -> [String]? {
        guard first.hasPrefix("T"), last.hasPrefix("T"), let low = Int(first.dropFirst()),
            let high = Int(last.dropFirst()), low <= high, high - low <= 500
        else { return nil }
        let width = first.count - 1
        return (low...high).map { number in
            let digits = String(number)
            return "T" + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    /// Warnings for the tasks of a task list that wait for an id the list does not have.
    static func missing(in entries: [ChecklistEntry]) -> [LineMessage] {
        let known = Set(entries.compactMap { PlanReader.taskID($0.text) })
        guard !known.isEmpty else { return [] }
        // Only ids written as the list writes its own: in a list of `T012`s,
        // "depends on 3 services" names no task.
        let lettered = known.contains { $0.hasPrefix("T") }
        var warnings: [LineMessage] = []
        for entry in entries {
            let absent = ids(in: entry.text).filter { !known.contains($0) && $0.hasPrefix("T") == lettered }
            guard !absent.isEmpty else { continue }
            let task = PlanReader.taskID(entry.text).map { $0 + " depends on " } ?? "this task depends on "
            warnings.append(
                LineMessage(
                    line: entry.line, rule: .dependency,
                    message: task + absent.joined(separator: ", ") + ", which this task list does not have"))
        }
        return warnings
    }
}
