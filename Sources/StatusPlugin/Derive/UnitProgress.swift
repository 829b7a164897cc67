import SpecSiteKit

/// Progress counted in a plan's own unit: "3 of 12 chunks", "10 of 43 plans".
///
/// A plan's chunks, the checklist sections beside them and the rows of a table
/// are different things, so they are never summed into one "items" number: each
/// plan (a document, or a GSD planning folder) is counted in its unit, the kind
/// its work is written as, and the site's numbers add up units of plans.
public struct UnitProgress: Sendable, Equatable, Codable {
    /// The kind counted.
    public var kind: WorkItem.Kind
    /// What one is called, singular (`chunk`, `plan`, `phase`, `checklist section`).
    public var noun: String
    /// How many of each status, among the items of this kind (all of them,
    /// cancelled and optional ones too).
    public var byStatus: [WorkStatus: Int] = [:]
    /// The heading a list of sections is written under, when the plan writes
    /// more than one list (``PlanProgress/sectionLists(_:)``) and this is not its first.
    public var list: String?

    /// Creates the count of `entries` (which are all of `kind`).
    public init(kind: WorkItem.Kind, noun: String? = nil, entries: [StatusReport.Entry]) {
        self.kind = kind
        self.noun = noun ?? Self.noun(of: kind)
        for entry in entries { byStatus[entry.item.status, default: 0] += 1 }
    }

    /// Whether the unit is a box of the lists, not an item (``init(kind:noun:boxes:)``).
    public internal(set) var inBoxes = false

    /// Creates the count of a plan written as checklists alone, in its boxes.
    public init(kind: WorkItem.Kind, noun: String, boxes: ChecklistCount) {
        self.kind = kind
        self.noun = noun
        inBoxes = true
        byStatus = [
            .done: boxes.done, .inProgress: boxes.inProgress, .notStarted: boxes.open, .blocked: boxes.blocked,
            .cancelled: boxes.cancelled, .optional: boxes.optional,
        ].filter { $0.value > 0 }
    }

    /// Items that count (not cancelled, not optional).
    public var total: Int { byStatus.filter { $0.key.counts }.values.reduce(0, +) }
    /// Whether any item counts: a kind beside the unit with none ("0 of 0
    /// sections" for one optional section) is not listed.
    var countsAnything: Bool { total > 0 }
    /// Done items.
    public var done: Int { byStatus[.done] ?? 0 }
    /// Items of one status.
    public func count(_ status: WorkStatus) -> Int { byStatus[status] ?? 0 }

    /// `3 of 12 chunks`, `0 of 1 plan`, `1 of 7 gates`, `0 of 4 sections (Rollout)`.
    public var text: String {
        let count = "\(done) of \(total) \(Self.plural(noun, total))"
        guard let list, noun == Self.noun(of: kind) else { return count }
        return count + " (\(list))"
    }

    /// The noun for `count` of them: `1 plan`, `2 plans`, `0 plans`.
    public static func plural(_ noun: String, _ count: Int) -> String {
        if count == 1 { return noun }
        // `story` → `stories`, `entry` → `entries` (a vowel before the y: `days`).
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        let sibilant = ["s", "x", "z", "ch", "sh"].contains { noun.hasSuffix($0) }
        return noun + (sibilant ? "es" : "s")
    }

    /// The plain name of a kind.
    public static func noun(of kind: WorkItem.Kind) -> String {
        switch kind {
        case .chunk: "chunk"
        case .section: "section"
        case .plan: "plan"
        case .phase: "phase"
        case .row: "row"
        case .checklist: "checklist section"
        case .quick: "quick task"
        case .task: "task"
        case .story: "story"
        }
    }

    /// The order in which a plan's kinds are its unit: the first present is.
    /// Quick tasks come last: beside a roadmap's plans they are counted apart,
    /// never summed into the plans.
    static let unitOrder: [WorkItem.Kind] = [.chunk, .plan, .task, .story, .section, .row, .checklist, .quick]
}

/// The work of one plan: a document, or a GSD planning folder with its phases and plans.
public struct PlanProgress: Sendable, Equatable, Codable {
    /// The document's content path, or the planning folder (`.planning`).
    public var scope: String
    /// Its unit and the count in it.
    public var unit: UnitProgress
    /// The other kinds it writes (phases of a GSD folder, checklist sections
    /// beside chunks), each counted on its own.
    public var others: [UnitProgress]
    /// Its items in the unit, in order.
    public var entries: [StatusReport.Entry]
}

extension PlanProgress {
    /// A list of sections: its heading, its items and what one is called.
    struct SectionList {
        var name: String?
        var entries: [StatusReport.Entry]
        var labels: Set<String>
        /// `gate` when every item's title starts with it (`Gate 3: QA`), else `section`.
        var noun: String {
            labels.count == 1 && labels.first != "" ? labels.first! : UnitProgress.noun(of: .section)
        }
    }

    /// `gate` in `Gate 3: QA`, `phase` in `Phase 2 — Sync`; empty for a title
    /// that starts with no such word (`Core Implementation`, `1.2 Export`,
    /// `Add 2FA`: only words that number units of work or checks are labels).
    nonisolated(unsafe) static let labelWord =
        /^(?i)(phase|stage|step|task|milestone|sprint|week|day|epic|story|feature|iteration|part|gate|checkpoint|release|wave|track|module|level|round)\s+(?:\d|[A-Z]\b)/

    /// The lists a plan's sections are written in, first list first.
    ///
    /// Sections are grouped by their area (``WorkItem/area``, the heading
    /// above them that names no work), and an area's sections join the first
    /// earlier list they share a label word with (`phase` and `phase`, or
    /// none and none): a plan that files its tasks under `## Backend` and
    /// `## Frontend` is one list, an assessment's `## Gates` beside its
    /// `## Phase Breakdown` is another.
    static func sectionLists(_ sections: [StatusReport.Entry]) -> [SectionList] {
        var areas: [(name: String?, entries: [StatusReport.Entry])] = []
        for entry in sections {
            if let index = areas.firstIndex(where: { $0.name == entry.item.area }) {
                areas[index].entries.append(entry)
            } else {
                areas.append((entry.item.area, [entry]))
            }
        }
        var lists: [SectionList] = []
        for area in areas {
            let labels = Set(
                area.entries.map { entry in
                    (try? labelWord.prefixMatch(in: entry.item.title)).map { String($0.1).lowercased() } ?? ""
                })
            if let index = lists.firstIndex(where: { !$0.labels.isDisjoint(with: labels) }) {
                lists[index].entries += area.entries
                lists[index].labels.formUnion(labels)
            } else {
                lists.append(SectionList(name: area.name, entries: area.entries, labels: labels))
            }
        }
        return lists
    }
}

extension StatusReport {
    /// Each plan's progress in its own unit, in site order. Archived history
    /// is left out (it is shown apart).
    func measurePlans() -> [PlanProgress] {
        var order: [String] = []
        var byScope: [String: [Entry]] = [:]
        for entry in entries where !entry.item.archived {
            let scope = Self.scope(of: entry.item)
            if byScope[scope] == nil { order.append(scope) }
            byScope[scope, default: []].append(entry)
        }
        return order.compactMap { scope -> PlanProgress? in
            var members = byScope[scope]!
            if let tasks = Self.unitTaskList(scope: scope, members: members, formats: formats) { return tasks }
            // Sections in sections (`## Phase 1 🚧` holding `### Task 1.1 ✅`): the
            // work left is in the innermost ones, so they are the unit; a section
            // that holds others is counted apart, as a group, never twice.
            let sectionKeys = Set(members.filter { $0.item.kind == .section }.map { $0.item.key })
            let holders = Set(
                members.filter { $0.item.kind == .section }.compactMap { $0.item.parent }.filter(sectionKeys.contains))
            let groups = members.filter { holders.contains($0.item.key) }
            members.removeAll { holders.contains($0.item.key) }
            var kinds = Dictionary(grouping: members, by: { $0.item.kind })
            guard let firstKind = UnitProgress.unitOrder.first(where: { kinds[$0] != nil }) else {
                // Only phases: a roadmap with no plans yet counts its phases.
                guard let phases = kinds[.phase] else { return nil }
                return PlanProgress(
                    scope: scope, unit: UnitProgress(kind: .phase, entries: phases), others: [], entries: phases)
            }
            // A kind with nothing that counts (an `### Metrics (Optional)`
            // section alone) is never the unit over one that has work: "0 of 0
            // sections" would hide the 190 boxes beside it.
            var unitKind =
                UnitProgress.unitOrder.first { kind in
                    kinds[kind] != nil && Self.hasCountedWork(kind, in: kinds)
                } ?? firstKind
            // A roadmap whose later phases have no plans yet ("Plans: TBD") is
            // counted in phases: its plans alone would say 6 of 6 done when
            // three phases have not begun.
            if unitKind == .plan, let phases = kinds[.phase] {
                let planned = Set(kinds[.plan, default: []].compactMap { $0.item.parent })
                if phases.contains(where: { !planned.contains($0.item.key) && !$0.item.status.isSettled }) {
                    unitKind = .phase
                }
            }
            var unitEntries = kinds[unitKind]!
            // Beside sections, a heading whose work is only its boxes (`### Task
            // 2.2` with a checklist, no marker) is one more section, its status
            // the one its boxes imply; counted apart it made "5 of 5 sections"
            // of a plan with six tasks left.
            // A plan written as checklists alone (a sprint's priorities, a task
            // list) is counted in its boxes: each box is a task, and "0 of 4
            // checklist sections" would hide that 20 of 30 tasks are done.
            // Unless words say otherwise of a list (a document whose status says
            // it is implemented, its boxes never ticked): then its lists are the unit.
            if unitKind == .checklist, let lists = kinds[.checklist] {
                // An optional or cancelled list's boxes are not counted either.
                let boxes = lists.reduce(ChecklistCount()) { sum, list in
                    let own = list.item.checklist
                    guard !list.item.status.counts else { return sum + own }
                    let all = own.total + own.cancelled + own.optional
                    return sum
                        + (list.item.status == .cancelled
                            ? ChecklistCount(cancelled: all) : ChecklistCount(optional: all))
                }
                let stated = lists.contains {
                    $0.item.status.counts && $0.item.status != $0.item.checklist.impliedStatus
                }
                if boxes.total + boxes.cancelled + boxes.optional > 0, !stated {
                    return PlanProgress(
                        scope: scope, unit: UnitProgress(kind: .checklist, noun: "task", boxes: boxes), others: [],
                        entries: lists)
                }
            }
            // Only a heading that names work (`Task 2.2`, `Phase 3`, `1.4 …`):
            // `## Success Criteria` with boxes beside the phases is no phase.
            if unitKind == .section, let lists = kinds[.checklist] {
                let tasks = lists.filter { (try? PlanReader.workHeading.firstMatch(in: $0.item.title)) != nil }
                if !tasks.isEmpty {
                    unitEntries = (unitEntries + tasks).sorted { $0.item.line < $1.item.line }
                    let taskKeys = Set(tasks.map { $0.item.key })
                    let rest = lists.filter { !taskKeys.contains($0.item.key) }
                    kinds[.checklist] = rest.isEmpty ? nil : rest
                }
            }
            // Sections that are only groups of numbered tasks (`## Core
            // Implementation (Completed)` over `- [x] 1. Set up …`, `- [x] 2.1
            // Create …`): the tasks are the work, counted in their boxes, and
            // the headings are groups beside them ("90 of 90 tasks", not "1 of
            // 1 section").
            if unitKind == .section, unitEntries.allSatisfy(Self.isTaskGroup) {
                let lists = unitEntries + kinds[.checklist, default: []]
                let boxes = lists.reduce(ChecklistCount()) { $0 + $1.item.checklist }
                var others = [UnitProgress(kind: .section, noun: "section group", entries: groups + unitEntries)]
                for kind in [WorkItem.Kind.phase] + UnitProgress.unitOrder where kind != .section && kind != .checklist
                {
                    if let more = kinds[kind] { others.append(UnitProgress(kind: kind, entries: more)) }
                }
                return PlanProgress(
                    scope: scope, unit: UnitProgress(kind: .checklist, noun: "task", boxes: boxes),
                    others: others.filter(\.countsAnything), entries: lists)
            }
            var others: [UnitProgress] = []
            // A document that writes several lists of sections (an assessment's
            // phases, then its gates) counts its first in the unit and each
            // other apart: "2 of 56 sections, 1 of 7 gates", never one sum.
            if unitKind == .section {
                let lists = PlanProgress.sectionLists(unitEntries.filter { $0.item.kind == .section })
                for list in lists.dropFirst() {
                    let keys = Set(list.entries.map { $0.item.key })
                    unitEntries.removeAll { keys.contains($0.item.key) }
                    var count = UnitProgress(kind: .section, noun: list.noun, entries: list.entries)
                    count.list = list.name
                    others.append(count)
                }
            }
            for kind in [WorkItem.Kind.phase] + UnitProgress.unitOrder where kind != unitKind {
                if let more = kinds[kind] { others.append(UnitProgress(kind: kind, entries: more)) }
            }
            if !groups.isEmpty {
                others.append(UnitProgress(kind: .section, noun: "section group", entries: groups))
            }
            return PlanProgress(
                scope: scope, unit: UnitProgress(kind: unitKind, entries: unitEntries),
                others: others.filter(\.countsAnything), entries: unitEntries)
        }
    }

    /// The task list of a format's unit (a spec-kit feature's `tasks.md`, a
    /// Kiro spec's) counted in its boxes, whatever its headings say: its
    /// phases are groups of tasks (`## Phase 3.7: CLI ✅` over two open
    /// boxes is not a done unit). Where more than two thirds of the boxes
    /// carry a task id (`T001`, `2.1`), the boxes without one are checks (an old template's
    /// "Validation Checklist"), counted apart. Nil when the page is no unit's
    /// task list, has no boxes, or writes its tasks as headings over boxes
    /// with no ids (`## Task 3: …` over acceptance criteria): then the
    /// headings are the work, as in any plan.
    static func unitTaskList(scope: String, members: [Entry], formats: FormatFolders) -> PlanProgress? {
        // Formats whose work is items of their own (a backlog's task, a
        // Task Master task, a BMAD story) are counted in those, not in boxes.
        guard let unit = formats.unit(ofPath: scope), [.specKit, .kiro, .openSpec].contains(unit.format),
            !PlanLayout.isRecord(scope, in: unit)
        else { return nil }
        let all = members.reduce(ChecklistCount()) { $0 + $1.item.checklist }
        let numbered = members.reduce(ChecklistCount()) { $0 + $1.item.numberedChecklist }
        guard all.boxes > 0 else { return nil }
        let lists = members.filter { $0.item.kind == .checklist || $0.item.kind == .section }
        if numbered.boxes * 3 > all.boxes * 2 {
            let checks = all - numbered
            return PlanProgress(
                scope: scope, unit: UnitProgress(kind: .checklist, noun: "task", boxes: numbered),
                others: checks.total > 0 ? [UnitProgress(kind: .checklist, noun: "check", boxes: checks)] : [],
                entries: lists)
        }
        if numbered.boxes == 0 && members.contains(where: { $0.item.kind == .section || $0.item.kind == .chunk }) {
            return nil
        }
        return PlanProgress(
            scope: scope, unit: UnitProgress(kind: .checklist, noun: "task", boxes: all), others: [], entries: lists)
    }

    /// Whether a plan's items of `kind` hold anything that counts: an item not
    /// cancelled or optional, or (for checklists) a box that counts. Sections
    /// count the headings of work whose only content is their boxes, which
    /// join them (`### Task 2.2`).
    static func hasCountedWork(_ kind: WorkItem.Kind, in kinds: [WorkItem.Kind: [Entry]]) -> Bool {
        let entries = kinds[kind, default: []]
        if entries.contains(where: { $0.item.status.counts }) { return true }
        switch kind {
        case .checklist:
            return entries.contains { $0.item.checklist.total > 0 }
        case .section:
            return kinds[.checklist, default: []].contains { entry in
                entry.item.status.counts && (try? PlanReader.workHeading.firstMatch(in: entry.item.title)) != nil
            }
        default:
            return false
        }
    }

    /// A section whose heading names no piece of work (no `Task 3`, `Phase
    /// 2`, no author's number) and whose boxes are numbered tasks of their own,
    /// most of them: a group of tasks, not a task.
    static func isTaskGroup(_ entry: Entry) -> Bool {
        let item = entry.item
        guard item.kind == .section, item.numberedBoxes >= 2, item.numberedBoxes * 2 >= item.checklist.total,
            (try? PlanReader.workHeading.firstMatch(in: item.title)) == nil,
            (try? /\d{1,4}(?:\.\d{1,4})*[a-z]?/.wholeMatch(in: item.id)) == nil
        else { return false }
        return true
    }

    /// Archived milestones' items (checklists aside), and their counts by kind
    /// in the order the kinds come ("2 of 2 plans, 2 of 2 phases"): what the
    /// dashboard and the terminal say of history.
    public var archived: (entries: [Entry], counts: [UnitProgress]) {
        let archived = entries.filter { $0.item.archived && $0.item.kind != .checklist }
        var kinds: [WorkItem.Kind] = []
        for entry in archived where !kinds.contains(entry.item.kind) { kinds.append(entry.item.kind) }
        let counts = kinds.map { kind in UnitProgress(kind: kind, entries: archived.filter { $0.item.kind == kind }) }
        return (archived, counts)
    }

    /// The site's units summed by kind (`12 chunks`, `43 plans`, `30 tasks`), for the headline.
    public var units: [UnitProgress] {
        var merged: [UnitProgress] = []
        for plan in plans {
            if let index = merged.firstIndex(where: { $0.kind == plan.unit.kind && $0.noun == plan.unit.noun }) {
                for (status, count) in plan.unit.byStatus { merged[index].byStatus[status, default: 0] += count }
            } else {
                merged.append(plan.unit)
            }
        }
        let rank = { (unit: UnitProgress) in UnitProgress.unitOrder.firstIndex(of: unit.kind) ?? Int.max }
        return merged.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
    }
}
