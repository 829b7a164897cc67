import Foundation
import SpecSiteKit

/// Task ids in a task list: which boxes are numbered tasks (`T012`, `2.1`),
/// their anchors, and a task written more than once.
extension PlanReader {
    /// `1. Set up …`, `2.1 Create …`, `4a.2 …`, `T012 …`, `T020a …`, `Task 3: …`: a
    /// box that is a numbered task of its own, as Kiro's and spec-kit's task
    /// lists write them (`T001-T006: Setup (all)` and `T028, T029: Tools` sum
    /// up some of them).
    nonisolated(unsafe) static let numberedTask =
        /(?i)(?:\d{1,3}[.)]\s|\d{1,3}[a-z]?(?:\.\d{1,3}[a-z]?)+[.)]?\s|T\d{2,4}[a-z]?\b(?!\s*(?:[-–,&]|and\b)\s*T\d)|task\s+\d)/

    /// A task id written more than once in a format's task list (the list
    /// copied again as a "Quality Checklist", a phase pasted twice) is one
    /// task. Its later boxes are drawn as written and not counted again; it
    /// is done only when every box of it is ticked, and where they disagree
    /// a hint on the first says which lines to check, rather than one copy
    /// winning unseen.
    mutating func countRepeatedTasksOnce() {
        // A task is its id and its words: the same id over other words is
        // another task that reuses the id (numbering restarted, a phase
        // numbered again), counted on its own, with a hint.
        var tasks: [String: [(index: Int, words: Set<String>)]] = [:]
        var later: [Int: [Int]] = [:]
        var reused: [Int: [Int]] = [:]
        for (index, entry) in fact.entries.enumerated() {
            guard let id = Self.taskID(entry.text) else { continue }
            let words = Self.taskWords(entry.text)
            let earlier = tasks[id, default: []]
            if let same = earlier.first(where: { Self.sameTask($0.words, words) }) {
                later[same.index, default: []].append(index)
            } else {
                if let other = earlier.first { reused[other.index, default: []].append(index) }
                tasks[id, default: []].append((index, words))
            }
        }
        for (index, others) in reused.sorted(by: { $0.key < $1.key }) {
            guard let owner = fact.entries[index].owner, let id = Self.taskID(fact.entries[index].text) else {
                continue
            }
            let lines = ([index] + others).map { String(fact.entries[$0].line) }
            fact.items[owner].hint(
                "\(others.count + 1) tasks have the id \(id) (lines \(lines.joined(separator: ", "))); each is counted",
                line: fact.entries[index].line)
        }
        for (index, repeats) in later.sorted(by: { $0.key < $1.key }) {
            let original = fact.entries[index]
            for repeated in repeats {
                fact.entries[repeated].repeatOf = index
                let entry = fact.entries[repeated]
                if let owner = entry.owner { fact.items[owner].checklist.remove(entry.status) }
            }
            let copies = [original] + repeats.map { fact.entries[$0] }
            guard Set(copies.map(\.status)).count > 1, let owner = original.owner,
                let counted = copies.first(where: { $0.status != .done })?.status
            else { continue }
            fact.items[owner].checklist.remove(original.status)
            fact.items[owner].checklist.add(counted)
            fact.entries[index].countedStatus = counted
            let id = Self.taskID(original.text) ?? ""
            let lines = copies.map { "\($0.status.label.lowercased()) at line \($0.line)" }.joined(separator: ", ")
            let times = copies.count == 2 ? "twice" : "\(copies.count) times"
            fact.items[owner].hint(
                "\(id) is written \(times): \(lines); counted once, as \(counted.label.lowercased())",
                line: original.line)
        }
    }

    /// A task's words after its id, lower-cased, its markers (`[P]`,
    /// `[US1]`) aside: what two copies of it share.
    static func taskWords(_ text: String) -> Set<String> {
        let rest = text.drop { !$0.isWhitespace }.lowercased()
        let words = rest.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return Set(words.filter { $0 != "p" && !($0.hasPrefix("us") && $0.dropFirst(2).allSatisfy(\.isNumber)) })
    }

    /// Whether two texts of one id are the same task: most words of the
    /// shorter are in the longer (a copy edited in passing, `Create quick
    /// actions section` and `… (define actions: …)`), or neither has words.
    static func sameTask(_ one: Set<String>, _ other: Set<String>) -> Bool {
        let shorter = min(one.count, other.count)
        guard shorter > 0 else { return one.count == other.count }
        return one.intersection(other).count * 5 >= shorter * 3
    }

    /// The id a task's text starts with: `T040` (`**T040**` too), `2.1`,
    /// `3`, `4a.2`; nil for a box with no task number, or one that sums up
    /// a range (`T001-T006: …`).
    static func taskID(_ text: String) -> String? {
        guard let match = try? numberedTask.prefixMatch(in: text) else { return nil }
        let id = match.output.trimmingCharacters(in: CharacterSet(charactersIn: " .)\t"))
        return id.lowercased().hasPrefix("task") ? nil : id
    }

    /// The anchor of a task on its page: `T040` as written, `task-2.1` for a
    /// numbered one (a bare number is no id an HTML page can start with).
    static func taskAnchor(_ id: String) -> String {
        id.first?.isLetter == true ? id : "task-" + id
    }
}
