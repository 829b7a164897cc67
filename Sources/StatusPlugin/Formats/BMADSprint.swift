import SpecSiteKit

/// A BMAD v6 sprint status file (`sprint-status.yaml`, or a second one such as
/// `sprint-status-story-generator.yaml`): its `development_status:` map of
/// epics (`epic-1`, `epic-3-5`, `supp-epic-1`), their stories (`1-2-login`,
/// `3-5-0-cleanup`, `se1-4-reader`) and retrospectives, each with a status.
///
/// A story belongs to the epic written above it when its key carries that
/// epic's number (`3-5-help-overlay` under `epic-3` is story 5 of epic 3;
/// `3-5-0-cleanup` under `epic-3-5` is story 0 of epic 3.5), else to the
/// epic whose number it carries, else to no epic.
struct BMADSprint: Sendable, Equatable {
    /// One key of the map.
    struct Entry: Sendable, Equatable {
        var key: String
        var status: String?
        /// The file line of the key.
        var line: Int
    }

    /// An epic and what is written under it.
    struct Epic: Sendable, Equatable {
        /// `epic-1`; nil for the stories of no epic.
        var entry: Entry?
        /// What its stories' keys start with (`1-`, `3-5-`, `se1-`).
        var prefix: String?
        var stories: [Entry] = []
        var retrospectives: [Entry] = []

        /// `epic-1`, or `stories` for the stories of no epic.
        var id: String { entry?.key ?? "stories" }
    }

    /// The project's name, as the file gives it.
    var project: String?
    var epics: [Epic]
    /// The line of `development_status:`.
    var line: Int

    /// The epics and stories of a sprint file's data, or nil when it has no
    /// `development_status:` map.
    static func read(_ data: YAMLValue) -> BMADSprint? {
        guard case .mapping(let map)? = data["development_status"] else { return nil }
        var sprint = BMADSprint(
            project: PlanCard.text(data["project"]), epics: [],
            line: data.entries.first { $0.key == "development_status" }?.line ?? 1)
        var noEpic = Epic()
        var current: Int?
        for written in map {
            let entry = Entry(key: written.key, status: PlanCard.text(written.value), line: written.line)
            if written.key.hasSuffix("-retrospective") {
                let epicKey = String(written.key.dropLast("-retrospective".count))
                if let index = sprint.epics.lastIndex(where: { $0.entry?.key == epicKey }) ?? current {
                    sprint.epics[index].retrospectives.append(entry)
                } else {
                    noEpic.retrospectives.append(entry)
                }
            } else if let prefix = Self.storyPrefix(ofEpic: written.key) {
                sprint.epics.append(Epic(entry: entry, prefix: prefix))
                current = sprint.epics.count - 1
            } else if let current, let prefix = sprint.epics[current].prefix, written.key.hasPrefix(prefix) {
                sprint.epics[current].stories.append(entry)
            } else if let index = Self.epic(numbering: written.key, in: sprint.epics) {
                sprint.epics[index].stories.append(entry)
            } else {
                noEpic.stories.append(entry)
            }
        }
        if !noEpic.stories.isEmpty || !noEpic.retrospectives.isEmpty { sprint.epics.append(noEpic) }
        return sprint
    }

    /// `epic-3-5` → `3-5-`, `supp-epic-1` → `se1-`; nil for a key that names no epic.
    static func storyPrefix(ofEpic key: String) -> String? {
        for (lead, storyLead) in [("epic-", ""), ("supp-epic-", "se")] where key.hasPrefix(lead) {
            let number = key.dropFirst(lead.count)
            let parts = number.split(separator: "-", omittingEmptySubsequences: false)
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
                return nil
            }
            return storyLead + number + "-"
        }
        return nil
    }

    /// The epic whose number a story key carries, the longest such number first.
    private static func epic(numbering key: String, in epics: [Epic]) -> Int? {
        epics.indices.filter { epics[$0].prefix.map { key.hasPrefix($0) } ?? false }
            .max { (epics[$0].prefix?.count ?? 0) < (epics[$1].prefix?.count ?? 0) }
    }

    /// `1-2-user-login` → `1.2`, `3-5-0-cleanup` → `3.5.0`, `se1-4-reader` →
    /// `se1.4`: the story's number, its leading numbers joined by dots.
    static func number(of key: String) -> String {
        var numbers: [Substring] = []
        for part in key.split(separator: "-") {
            let isNumber =
                part.allSatisfy(\.isASCIIDigit) || (numbers.isEmpty && part.hasPrefix("se") && part.count > 2)
            guard isNumber else { break }
            numbers.append(part)
        }
        return numbers.isEmpty ? key : numbers.joined(separator: ".")
    }

    /// `1-2-user-login` → `User login`: the key's words after its number.
    static func title(of key: String) -> String {
        let words = key.split(separator: "-").drop { $0.allSatisfy(\.isASCIIDigit) || $0.hasPrefix("se") }
        guard let first = words.first else { return key }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init))
            .joined(separator: " ")
    }

    /// A status as BMAD writes it: `backlog`, `drafted`, `ready-for-dev`,
    /// `in-progress`, `review`, `done` for stories; `contexted` (an early v6
    /// epic status) under way; `optional` for retrospectives. Others are
    /// read as any plan's words are; `standard` says whether BMAD writes it.
    static func status(_ written: String?) -> (status: WorkStatus, recognised: Bool, standard: Bool) {
        guard let written else { return (.notStarted, true, true) }
        switch written.lowercased() {
        case "backlog", "drafted", "ready-for-dev", "ready": return (.notStarted, true, true)
        case "in-progress", "contexted": return (.inProgress, true, true)
        case "review": return (.inReview, true, true)
        case "done": return (.done, true, true)
        case "optional": return (.optional, true, true)
        default:
            let reading = StatusText.read(written)
            return (reading.recognised ? reading.status : .unknown, reading.recognised, false)
        }
    }
}

extension Character {
    /// `0`…`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
