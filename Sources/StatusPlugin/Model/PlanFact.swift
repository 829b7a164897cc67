import Foundation
import SpecSiteKit

/// What the checklist plugin read from one page.
public struct PlanFact: Fact, Equatable, Codable {
    /// The work items written on the page, in order.
    public var items: [WorkItem] = []
    /// Every checkbox on the page, in order.
    public var entries: [ChecklistEntry] = []
    /// Headings that open a work item, by block key, with the item's index.
    var headingItems: [String: Int] = [:]
    /// Lists drawn as checklists (with their nested lists), by block key.
    var checklistLists: Set<String> = []
    /// The GSD plan the page is, if it is one.
    var plan: GSDPlanInfo?
    /// The GSD summary the page is, if it is one.
    var summary: GSDSummaryInfo?
    /// The GSD verification report the page is, if it is one.
    var verification: GSDVerificationInfo?
    /// A ROADMAP's plan lines (`- [x] 01-01-PLAN.md — …`), by plan id.
    var roadmapPlans: [String: RoadmapPlan] = [:]
    /// Phases a ROADMAP lists only inside archived milestones (`<details>`, `## Archived`).
    var archivedPhases: Set<String> = []
    /// What a GSD `STATE.md` says of the project's progress, if it says.
    var stateProgress: GSDStateProgress?
    /// The planning folder of a GSD page (`.planning`).
    var planningRoot: String?
    /// The plan a GSD `STATE.md` says is under way, if the page is one.
    var position: GSDPositionInfo?
    /// What the reader found wrong on the page, for `status.json` and the dashboard.
    var warnings: [LineMessage] = []
    /// The anchors of a format's task list's tasks, by the line of their box:
    /// `T040`, `task-2.1`; a task id written twice anchors its first box.
    var taskAnchors: [Int: String] = [:]
    /// The page's title, when the page lies in a format's unit (a spec-kit
    /// feature, a Kiro spec): the unit is known, and named, by its pages,
    /// work or none.
    var unitPageTitle: String?
    /// The heading anchors of the units a data page holds (a Task Master
    /// file's tags), by the unit's folder (`tasks.json#master`).
    var unitAnchors: [String: String] = [:]
    /// Those units' headings, by block key, with the unit's folder: drawn with its progress.
    var unitHeadings: [String: String] = [:]
    /// A Backlog.md project's settings, when the page is its `config.yml`.
    var backlogConfig: BacklogConfig?
    /// A BMAD story's acceptance criteria, by number (`2`), with the anchor
    /// each has on the page (`criterion-2`, or its own heading's): the
    /// story's tasks link `(AC: #2)` to it.
    var criteria: [String: String] = [:]
    /// The blocks that hold those criteria and are drawn with their anchors,
    /// by block key: a list (its first item's number) or a paragraph (its number).
    var criterionBlocks: [String: Int] = [:]
    /// The BMAD epics the page plans, by id (`epic-2`), with their titles
    /// (``BMADEpicTitles``).
    var epicTitles: [String: String] = [:]
    /// The lane of each Spec Kitty work package, by id, when the page is a
    /// feature's `status.json` (``KittyStatus``).
    var kittyLanes: [String: String] = [:]
    /// Makes `item` the page's one work item, every box on the page its
    /// own (a Backlog.md task's criteria, a BMAD story's tasks), counted
    /// into its checklist.
    mutating func ownAllBoxes(by item: WorkItem) {
        items = [item]
        headingItems = [:]
        entries = entries.map { entry in
            var entry = entry
            entry.owner = 0
            return entry
        }
        for entry in entries { items[0].checklist.add(entry.countedStatus ?? entry.status) }
    }

    /// The page's checkboxes together.
    public var count: ChecklistCount {
        entries.reduce(into: ChecklistCount()) { $0.add($1.status) }
    }
}

/// One checkbox (or emoji used as one).
public struct ChecklistEntry: Sendable, Equatable, Codable {
    /// The item's text as a reader sees it, without the box.
    public var text: String
    /// Its state.
    public var status: WorkStatus
    /// The file line.
    public var line: Int
    /// 0 for a top-level item, 1 inside it, …
    public var depth: Int
    /// The work item it belongs to (an index into the page's items).
    public var owner: Int?
    /// In a format's task list, the index of the entry that first wrote the
    /// same task id: this box is that task again, drawn, not counted twice.
    public var repeatOf: Int?
    /// The status it is counted with, where that is not the box's own: a
    /// repeated task whose copies disagree counts as its least finished copy.
    public var countedStatus: WorkStatus?
}

/// A GSD `NN-NN-PLAN.md`.
struct GSDPlanInfo: Sendable, Equatable, Codable {
    /// `10-04`.
    var id: String
    /// `10` (the phase number from the file name or `phase:`).
    var phaseNumber: String
    /// The phase folder (`10-visual-design-flow`), when it has one.
    var phaseFolder: String?
    /// Task names in order, with their file lines.
    var tasks: [TaskName]

    /// One task's name and file line.
    struct TaskName: Sendable, Equatable, Codable {
        var name: String
        var line: Int
    }
}

/// A plan line of a ROADMAP: `- [x] 01-02-PLAN.md — Goal engine`.
struct RoadmapPlan: Sendable, Equatable, Codable {
    var status: WorkStatus
    var title: String
    var line: Int
    /// The unfinished word a ticked line still carries (`Task 2 PENDING`),
    /// shown as a hint.
    var unfinishedWord: String?
    /// What the plan is when that word is written as its status (`PENDING`,
    /// `(in progress)`) rather than inside a description: the words beat the
    /// tick, so it is in review when they name a check it waits for
    /// (`operator smoke-check Task 2 PENDING`), blocked when they say so, and
    /// otherwise in progress (the tick says some of it is done).
    var unfinishedStatus: WorkStatus?
    /// The line names no plan yet (`- [ ] 23-01: TBD`): its phase is not
    /// planned, and an open placeholder is no plan of its own.
    var placeholder = false
}

/// `STATE.md`'s own count of the project's progress: front matter
/// `progress: {completed_plans, total_plans, percent}` or a `Progress:` line.
struct GSDStateProgress: Sendable, Equatable, Codable {
    var completedPlans: Int?
    var totalPlans: Int?
    var percent: Double?
    var line: Int
}

/// A GSD `NN-NN-SUMMARY.md`: the plan it closes and when.
struct GSDSummaryInfo: Sendable, Equatable, Codable {
    var planID: String
    /// Its first heading, for a plan known only by its SUMMARY.
    var title: String?
    var completed: String?
    /// A `status:` other than complete (`partial`), which keeps the plan open.
    var status: WorkStatus
    /// The quick task it closes, when it is a quick task's SUMMARY (`planID` is then `quick-13`).
    var quickTask: GSDFiles.QuickTask?
}

/// A GSD `NN-VERIFICATION.md` (or `NN-NN-VERIFICATION.md`).
struct GSDVerificationInfo: Sendable, Equatable, Codable {
    /// `phase-10`, or a plan id.
    var targetID: String
    var status: WorkStatus?
    var statusText: String?
    var line: Int
}

/// `STATE.md`'s Current Position: `Phase: 2 of 4`, `Plan: 2 of 2 in current
/// phase`, `Status: In progress — Task 1 in review`.
struct GSDPositionInfo: Sendable, Equatable, Codable {
    /// `02-02`.
    var planID: String
    var status: WorkStatus
    /// The status line's text after `Status:`.
    var statusText: String
    var note: String?
}
