import Foundation
import SpecSiteKit

/// Where one of a format's units stands: a spec-kit feature, a Kiro spec, an
/// OpenSpec change, a Backlog.md task, rolled up from the plans written in
/// its folder; a Task Master tag or a BMAD epic, from its tasks or stories.
public struct WorkUnitProgress: Sendable, Equatable {
    /// The unit.
    public var unit: WorkUnit
    /// Its name: the title of its spec (`Feature Specification: Photo
    /// Albums` gives `Photo Albums`), else its folder's name.
    public var title: String
    /// Done when its tasks and checks are (or, for an OpenSpec change, when
    /// it is archived); in progress once any is; not started before, or when it has
    /// no tasks yet.
    public var status: WorkStatus
    /// Its task lists' progress, each in its own unit, in site order.
    public var plans: [PlanProgress]
    /// Its tasks together: the plans' units summed ("12 of 20 tasks").
    public var tasks: (done: Int, total: Int, inProgress: Int) {
        plans.reduce((0, 0, 0)) { sum, plan in
            let underWay = plan.unit.count(.inProgress) + plan.unit.count(.inReview)
            return (sum.0 + plan.unit.done, sum.1 + plan.unit.total, sum.2 + underWay)
        }
    }
    /// Its checks: the boxes of its task lists that are no tasks (an exit
    /// criterion, a validation checklist), which a done unit has ticked too.
    public var checks: ChecklistCount {
        plans.reduce(ChecklistCount()) { sum, plan in
            plan.others.filter { $0.noun == "check" }.reduce(sum) { sum, checks in
                sum
                    + ChecklistCount(
                        done: checks.done, inProgress: checks.count(.inProgress) + checks.count(.inReview),
                        open: checks.count(.notStarted) + checks.count(.unknown), blocked: checks.count(.blocked))
            }
        }
    }
    /// The noun its tasks are counted in (`task`, or `section` for a task
    /// list written as headings).
    public var taskNoun: String {
        let nouns = Set(plans.map(\.unit.noun))
        return nouns.count == 1 ? nouns.first! : "item"
    }
    /// A Backlog.md task's acceptance criteria, or a Task Master tag's
    /// subtasks: the boxes of its tasks.
    public var criteria: ChecklistCount {
        plans.reduce(ChecklistCount()) { sum, plan in
            plan.entries.reduce(sum) {
                $0 + ($1.item.kind == .task || $1.item.kind == .story ? $1.item.checklist : ChecklistCount())
            }
        }
    }
    /// A spec-kit feature's quality checklists (`checklists/ux.md`).
    public var checklists: [ChecklistGate] = []
    /// Its first page (its spec, else any), which the dashboard links to.
    public var page: String
    /// Its task list's page, when it has one.
    public var tasksPage: String?
    /// The anchor of its heading on that page, when the page holds more
    /// than one unit (a Task Master tag).
    public var anchor: String?

    /// What to pick up next in it: its tasks under way, then its first open
    /// task with the open tasks right after it that may run beside it
    /// (spec-kit's `[P]`), in the order its task list writes them.
    public var next: [NextTask] = []

    /// A task of a unit's task list, as the dashboard offers it.
    public struct NextTask: Sendable, Equatable {
        /// Its text as written (`T012 [P] [US1] Album model in …`).
        public var text: String
        /// Its task id (`T012`, `2.1`), when it starts with one.
        public var id: String?
        /// Its status (in progress, or not started).
        public var status: WorkStatus
        /// Its page.
        public var page: String
        /// Its file line.
        public var line: Int
    }

    /// History: a Kiro spec moved to `_archived/`, a Backlog.md task in
    /// `archive/` or `drafts/`, never counted. (An archived OpenSpec change
    /// is done, and counted.)
    public var isHistory: Bool { unit.archived && unit.format != .openSpec }

    /// A quality checklist: it passes when no box is left open.
    public struct ChecklistGate: Sendable, Equatable {
        /// Its content path.
        public var page: String
        /// Its title.
        public var title: String
        /// Its boxes.
        public var count: ChecklistCount
        /// No box that counts is open.
        public var passes: Bool { count.done == count.total }
    }
}

/// A format's units counted together: "3 of 5 features".
public struct WorkUnitCount: Sendable, Equatable {
    /// The format.
    public var format: PlanFormat
    /// What it calls a unit (`feature`).
    public var kind: String
    /// Units done.
    public var done: Int
    /// Units counted (history left out).
    public var total: Int
    /// `3 of 5 features`.
    public var text: String { "\(done) of \(total) \(UnitProgress.plural(kind, total))" }
}

extension StatusReport {
    /// The units the pages lie in, in site order, each rolled up from the
    /// plans written in its folder.
    static func measureUnits(
        facts: [(page: Page, fact: PlanFact)], plans: [PlanProgress], formats: FormatFolders
    ) -> [WorkUnitProgress] {
        var order: [WorkUnit] = []
        var pages: [WorkUnit: [(page: Page, fact: PlanFact)]] = [:]
        for (page, fact) in facts {
            guard let unit = formats.unit(ofPath: page.sourcePath) else { continue }
            if pages[unit] == nil { order.append(unit) }
            pages[unit, default: []].append((page, fact))
        }
        var plansByFolder: [String: [PlanProgress]] = [:]
        for plan in plans {
            guard let unit = formats.unit(ofPath: plan.scope) else { continue }
            plansByFolder[unit.folder, default: []].append(plan)
        }
        var units = order.map { unit in
            let members = pages[unit]!
            let own = plansByFolder[unit.folder] ?? []
            let checklists = members.filter { PlanLayout.isChecklist($0.page.sourcePath, in: unit) }.map {
                WorkUnitProgress.ChecklistGate(page: $0.page.sourcePath, title: $0.page.title, count: $0.fact.count)
            }
            let spec = members.first { Self.specFiles.contains(GSDFiles.fileName($0.page.sourcePath).lowercased()) }
            // A Spec Kitty feature's `tasks.md` lists its work packages.
            let overview = members.first {
                unit.format == .specKitty && $0.page.sourcePath == unit.folder + "/tasks.md"
            }
            let tasksPage =
                (overview ?? members.first { !PlanLayout.isRecord($0.page.sourcePath, in: unit) })?.page.sourcePath
            var progress = WorkUnitProgress(
                unit: unit, title: Self.unitTitle(unit, pages: members.map(\.page)), status: .notStarted,
                plans: own, checklists: checklists, page: (spec ?? overview ?? members[0]).page.sourcePath,
                tasksPage: tasksPage)
            progress.status = Self.unitStatus(progress)
            // History is in no plan: its status is what its own pages say.
            if progress.isHistory, let page = members.first(where: { $0.page.sourcePath == tasksPage }) {
                progress.status =
                    unit.format == .backlogMD
                    ? (page.fact.items.first?.status ?? .notStarted) : page.fact.count.impliedStatus
            }
            // A backlog's task is offered as itself (Ready next), not by its criteria.
            // A Spec Kitty feature's packages are offered as themselves too.
            if !unit.archived, unit.format != .backlogMD, unit.format != .specKitty,
                let tasks = members.first(where: { $0.page.sourcePath == tasksPage })
            {
                progress.next = Self.nextTasks(tasks.fact.entries, page: tasks.page.sourcePath)
            }
            return progress
        }
        // A Task Master file's tags and a BMAD sprint's epics: a unit each,
        // in one page, its tasks or stories its plan (they are offered in
        // Ready next as themselves).
        var anchors: [String: String] = [:]
        for (_, fact) in facts where !fact.unitAnchors.isEmpty { anchors.merge(fact.unitAnchors) { first, _ in first } }
        let epicTitles = BMADEpicTitles.titles(in: facts)
        for plan in plans {
            guard let unit = formats.unit(ofPath: plan.scope), unit.format == .taskMaster || unit.format == .bmad
            else { continue }
            // The data page, or (for a folder of BMAD story files) its first story.
            let file = plan.entries.first?.item.sourcePath ?? String(plan.scope.prefix { $0 != "#" })
            var progress = WorkUnitProgress(
                unit: unit, title: epicTitles[unit.project + "#" + unit.id] ?? Self.dataUnitTitle(unit),
                status: .notStarted, plans: [plan], page: file,
                tasksPage: file)
            progress.anchor = anchors[unit.folder]
            progress.status = Self.unitStatus(progress)
            units.append(progress)
        }
        return units
    }

    /// A data page's unit's name: a tag's name, an epic's (`Epic 3.5`).
    static func dataUnitTitle(_ unit: WorkUnit) -> String {
        unit.format == .bmad ? BMADSprintPage.epicTitle(id: unit.id) : unit.id
    }

    /// The most tasks offered as next in one unit.
    static let nextLimit = 5

    /// A task list's next tasks (see ``WorkUnitProgress/next``): the boxes
    /// with task ids when the list numbers its tasks, else every box.
    static func nextTasks(_ entries: [ChecklistEntry], page: String) -> [WorkUnitProgress.NextTask] {
        // A repeated task is offered once, with the status it is counted with.
        let entries = entries.filter { $0.repeatOf == nil }.map { entry in
            var counted = entry
            counted.status = entry.countedStatus ?? entry.status
            return counted
        }
        let numbered = entries.filter { (try? PlanReader.numberedTask.prefixMatch(in: $0.text)) != nil }
        let tasks = numbered.count * 3 > entries.count * 2 ? numbered : entries
        func task(_ entry: ChecklistEntry) -> WorkUnitProgress.NextTask {
            WorkUnitProgress.NextTask(
                text: entry.text, id: PlanReader.taskID(entry.text), status: entry.status, page: page, line: entry.line)
        }
        // A task that says it depends on one not finished yet waits.
        var statuses: [String: WorkStatus] = [:]
        for entry in tasks {
            if let id = PlanReader.taskID(entry.text), statuses[id] == nil { statuses[id] = entry.status }
        }
        func waits(_ entry: ChecklistEntry) -> Bool {
            TaskDependencies.ids(in: entry.text).contains { statuses[$0].map { !$0.isSettled } ?? false }
        }
        var next = tasks.filter { $0.status == .inProgress || $0.status == .inReview }.prefix(nextLimit).map(task)
        guard next.count < nextLimit,
            let first = tasks.firstIndex(where: { $0.status == .notStarted && !waits($0) })
        else {
            return next
        }
        next.append(task(tasks[first]))
        // The open tasks after it that can run beside it: `[P]` ones.
        for entry in tasks[(first + 1)...] where next.count < nextLimit {
            guard entry.status == .notStarted, Self.isParallel(entry.text) else { break }
            if !waits(entry) { next.append(task(entry)) }
        }
        return next
    }

    /// `T012 [P] …`: spec-kit's mark of a task that can run beside others.
    static func isParallel(_ text: String) -> Bool {
        text.contains("[P]")
    }

    /// The files that state what a unit is: spec-kit's spec, Kiro's
    /// requirements, OpenSpec's proposal.
    static let specFiles: Set<String> = ["spec.md", "requirements.md", "proposal.md"]

    /// Done, in progress or not started, from the unit's task lists.
    static func unitStatus(_ progress: WorkUnitProgress) -> WorkStatus {
        if progress.unit.archived && progress.unit.format == .openSpec { return .done }
        // A backlog's task file is the task: its status is the task's.
        if progress.unit.format == .backlogMD {
            return progress.plans.lazy.flatMap(\.entries).first { $0.item.kind == .task }?.item.status ?? .notStarted
        }
        let tasks = progress.tasks
        let checks = progress.checks
        if tasks.total > 0 && tasks.done == tasks.total && checks.done == checks.total { return .done }
        if tasks.done > 0 || tasks.inProgress > 0 || checks.done + checks.inProgress > 0 { return .inProgress }
        let blocked = progress.plans.contains { $0.unit.count(.blocked) > 0 }
        return blocked ? .blocked : .notStarted
    }

    /// The unit's name from its pages' titles, its spec's first: `Feature
    /// Specification: Photo Albums` and `Tasks: Photo Albums` give `Photo
    /// Albums`; titles every unit has (`Requirements Document`,
    /// `Implementation Plan`) name none, and the folder's name stands.
    static func unitTitle(_ unit: WorkUnit, pages: [Page]) -> String {
        // A Spec Kitty feature is named by its documents, not by one of its
        // work packages or by its lanes' page.
        let pages =
            unit.format == .specKitty
            ? pages.filter {
                !KittyStatus.isStatusFile($0.sourcePath)
                    && !$0.sourcePath.dropFirst(unit.folder.count + 1).contains("/")
            } : pages
        let ordered =
            pages.filter { specFiles.contains(GSDFiles.fileName($0.sourcePath).lowercased()) }
            + pages.filter { !specFiles.contains(GSDFiles.fileName($0.sourcePath).lowercased()) }
        for page in ordered {
            var title = page.title.trimmingSpaces
            if let colon = title.firstIndex(of: ":") {
                let label = title[..<colon].lowercased()
                if Self.titleLabels.contains(where: { label.hasSuffix($0) }) {
                    title = String(title[title.index(after: colon)...]).trimmingSpaces
                }
            }
            // `Recipe Import — Requirements`, `Sync Design Document`: the name
            // is what comes before the document's kind.
            for suffix in Self.titleSuffixes where title.lowercased().hasSuffix(suffix) && title.count > suffix.count {
                title = String(title.dropLast(suffix.count)).trimmingCharacters(in: CharacterSet(charactersIn: " —–-:"))
                break
            }
            let plain = title.lowercased()
            if title.isEmpty || Self.genericTitles.contains(plain) || plain == unit.id.lowercased() { continue }
            return title
        }
        return unit.id
    }

    /// Labels a unit's page titles start with (`Feature Specification:`).
    static let titleLabels = [
        "specification", "spec", "tasks", "task list", "implementation plan", "plan", "proposal", "change",
        "requirements", "design", "requirements document", "design document", "work packages",
    ]
    /// Kinds of document a unit's page title may end with, longest first.
    static let titleSuffixes = [
        " requirements document", " design document", " implementation plan", " requirements", " design",
        " tasks",
    ]
    /// Titles every unit of a format has, which name no unit.
    static let genericTitles: Set<String> = [
        "requirements", "requirements document", "design", "design document", "implementation plan", "tasks",
        "task list", "tasks document", "implementation tasks", "proposal", "change proposal", "feature specification",
        "specification", "technical design", "plan", "implementation plan template", "spec",
    ]

    /// The units counted by format: "3 of 5 features" (history left out; an
    /// archived OpenSpec change is a done change).
    public var unitCounts: [WorkUnitCount] {
        var counts: [WorkUnitCount] = []
        // Cancelled and optional units are left out, as such items are.
        for progress in workUnits where !progress.isHistory && progress.status.counts {
            let done = progress.status == .done ? 1 : 0
            if let index = counts.firstIndex(where: {
                $0.format == progress.unit.format && $0.kind == progress.unit.kind
            }) {
                counts[index].done += done
                counts[index].total += 1
            } else {
                counts.append(
                    WorkUnitCount(format: progress.unit.format, kind: progress.unit.kind, done: done, total: 1))
            }
        }
        return counts
    }
}
