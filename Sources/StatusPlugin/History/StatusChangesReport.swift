import Foundation
import SpecSiteKit

/// `specsite status --since REF` as text for a terminal, markdown for a pull
/// request comment, JSON, and GitHub workflow commands.
public struct StatusChangesReport: Sendable {
    /// The revision as the user wrote it (`v1.0`, `main`, `2026-11-01`).
    public var reference: String
    /// The commit it names.
    public var commit: String
    /// That commit's committer time (seconds since 1970).
    public var date: Int
    /// What changed from it to now.
    public var changes: StatusChanges

    /// Creates the report of `changes` since `reference`.
    public init(reference: String, commit: String, date: Int, changes: StatusChanges) {
        self.reference = reference
        self.commit = commit
        self.date = date
        self.changes = changes
    }

    /// `2026-11-01` in UTC: the same text on every machine.
    public static func day(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private var short: String { String(commit.prefix(10)) }

    /// `v1.0 (1a2b3c4d5e, 2026-11-01)`.
    private var since: String {
        reference.hasPrefix(short) ? "\(short) (\(Self.day(date)))" : "\(reference) (\(short), \(Self.day(date)))"
    }

    /// `12 → 18 of 30 done (+6)`, or `2 of 6 → 5 of 7 done (+3)` when the total changed.
    private var headline: String {
        let (before, after) = (changes.before, changes.after)
        let delta = after.done - before.done
        let sign = delta > 0 ? "+\(delta)" : delta < 0 ? "−\(-delta)" : "±0"
        let counts =
            before.total == after.total
            ? "\(before.done) → \(after.done) of \(after.total)"
            : "\(before.done) of \(before.total) → \(after.done) of \(after.total)"
        return "\(counts) done (\(sign))"
    }

    /// The lists, titled, in the order a reader wants them.
    private var sections: [(title: String, symbol: String, changes: [StatusChanges.Change])] {
        [
            ("Completed", "✓", changes.completed), ("Reopened", "↺", changes.reopened),
            ("Went backwards", "↓", changes.backwards), ("Added", "+", changes.added),
            ("Removed", "−", changes.removed),
        ].filter { !$0.2.isEmpty }
    }

    private static func transition(_ change: StatusChanges.Change) -> String {
        switch (change.before, change.after) {
        case (nil, let after?): after.label.lowercased()
        case (let before?, nil): "was \(before.label.lowercased())"
        case (let before?, let after?): "\(before.label.lowercased()) → \(after.label.lowercased())"
        case (nil, nil): ""
        }
    }

    /// Each plan whose count changed: its scope, and `2 → 5 of 7 chunks`.
    private func planLines() -> [(scope: String, counts: String)] {
        changes.plans.compactMap { plan in
            if let old = plan.before, let new = plan.after, old.done == new.done, old.total == new.total { return nil }
            let counts: String
            switch (plan.before, plan.after) {
            case (let old?, let new?) where old.total == new.total:
                counts = "\(old.done) → " + StatusSnapshot.count(new.done, new.total, noun: plan.noun)
            case (let old?, let new?):
                counts =
                    StatusSnapshot.count(old.done, old.total, noun: plan.noun) + " → "
                    + StatusSnapshot.count(new.done, new.total, noun: plan.noun)
            case (nil, let new?): counts = "new, " + StatusSnapshot.count(new.done, new.total, noun: plan.noun)
            case (let old?, nil):
                counts = "removed (was " + StatusSnapshot.count(old.done, old.total, noun: plan.noun) + ")"
            case (nil, nil): return nil
            }
            return (plan.scope, counts)
        }
    }

    /// For a terminal.
    public var text: String {
        var out = "Since \(since): \(headline)\n"
        for line in planLines() { out += "  \(line.scope): \(line.counts)\n" }
        if changes.isEmpty { return out + "\nNo work item changed status.\n" }
        for section in sections {
            out += "\n\(section.title) (\(section.changes.count))\n"
            let width = min(section.changes.map { $0.item.id.count }.max() ?? 0, 24)
            for change in section.changes {
                let id = change.item.id.padding(toLength: max(width, change.item.id.count), withPad: " ", startingAt: 0)
                out += "  \(section.symbol) \(id)  \(change.item.title)  [\(Self.transition(change))]"
                out += "  \(change.item.file):\(change.item.line)\n"
            }
        }
        return out
    }

    /// For a pull request comment.
    public var markdown: String {
        var out = "### Status since \(Self.escape(since))\n\n**\(headline)**\n"
        let plans = planLines()
        if !plans.isEmpty {
            out += "\n" + plans.map { "- `\($0.scope)`: \(Self.escape($0.counts))" }.joined(separator: "\n") + "\n"
        }
        if changes.isEmpty { return out + "\nNo work item changed status.\n" }
        for section in sections {
            out += "\n#### \(section.title) (\(section.changes.count))\n\n| Item | Title | Status | Where |\n"
            out += "| --- | --- | --- | --- |\n"
            for change in section.changes {
                out += "| \(Self.escape(change.item.id)) | \(Self.escape(change.item.title)) | "
                out += "\(Self.escape(Self.transition(change))) | `\(change.item.file):\(change.item.line)` |\n"
            }
        }
        return out
    }

    /// Markdown text with what could start markup or break a table escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|#!~".contains(character) { out.append("\\") }
            out.append(character == "\n" ? " " : character)
        }
        return out
    }

    /// As JSON, with sorted keys.
    public var json: String {
        func list(_ changes: [StatusChanges.Change]) -> JSONValue {
            .array(
                changes.map { change in
                    .object([
                        ("after", change.after.map { .string($0.rawValue) } ?? .null),
                        ("before", change.before.map { .string($0.rawValue) } ?? .null),
                        ("file", .string(change.item.file)), ("id", .string(change.item.id)),
                        ("key", .string(change.item.key)), ("kind", .string(change.item.kind.rawValue)),
                        ("line", .int(change.item.line)), ("title", .string(change.item.title)),
                    ])
                })
        }
        func count(_ value: (done: Int, total: Int)) -> JSONValue {
            .object([("done", .int(value.done)), ("total", .int(value.total))])
        }
        let plans: [JSONValue] = changes.plans.map { plan in
            .object([
                ("after", plan.after.map { count(($0.done, $0.total)) } ?? .null),
                ("before", plan.before.map { count(($0.done, $0.total)) } ?? .null),
                ("noun", .string(plan.noun)), ("scope", .string(plan.scope)),
            ])
        }
        let value = JSONValue.object([
            ("added", list(changes.added)), ("after", count(changes.after)), ("backwards", list(changes.backwards)),
            ("before", count(changes.before)), ("completed", list(changes.completed)),
            ("plans", .array(plans)), ("removed", list(changes.removed)), ("reopened", list(changes.reopened)),
            (
                "since",
                .object([
                    ("commit", .string(commit)), ("date", .string(Self.day(date))), ("reference", .string(reference)),
                ])
            ),
        ])
        return value.prettyText + "\n"
    }

    /// GitHub workflow commands: a notice with the headline, and a warning on
    /// each item that is no longer done (an error when `regressionsFail`).
    public func github(regressionsFail: Bool) -> String {
        var out = GitHubAnnotation.line(.notice, title: "Status since \(reference)", message: headline)
        for change in changes.regressions {
            let message =
                change.after == nil
                ? "\(change.item.id) was done at \(reference) and is gone"
                : "\(change.item.id) was done at \(reference) and is \(change.after!.label.lowercased()) now"
            out += GitHubAnnotation.line(
                regressionsFail ? .error : .warning, file: change.item.file, line: change.item.line,
                title: "Status regression", message: message)
        }
        return out
    }
}
