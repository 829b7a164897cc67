import SpecSiteKit

/// One piece of tracked work: a chunk, a heading with a status marker, a GSD
/// plan or phase, a status-table row, or a group of task-list items.
///
/// Its ``Fields`` live in one shared, copy-on-write box: a site's report copies
/// every item into entries, slices, pages and exports, and a copy of thirty
/// stored properties (most of them strings) cost a retain and a release
/// each; a copy of the box costs one. Read and write the fields as if they
/// were the item's own (`item.status`, `item.checklist.done += 1`).
@dynamicMemberLookup
public struct WorkItem: Sendable, Equatable, Codable {
    /// What kind of text the item was read from.
    public enum Kind: String, Sendable, Codable {
        /// `## CHUNK-004: …`, `### Chunk 3`.
        case chunk
        /// Any other heading with a status marker (`### Export ✓`).
        case section
        /// A GSD plan file (`10-04-PLAN.md`).
        case plan
        /// A GSD phase (a ROADMAP line, or the folder its plans share).
        case phase
        /// A row of a table with a Status column that no section describes.
        case row
        /// Task-list items under a heading that is no other work item.
        case checklist
        /// A GSD quick task (`.planning/quick/13-fix-login/13-PLAN.md`): small
        /// work done outside the roadmap, in no phase.
        case quick
        /// A task file of a backlog (Backlog.md's `backlog/tasks/task-12 -
        /// Title.md`): its front matter states its status and dependencies,
        /// its boxes are its acceptance criteria.
        case task
        /// A BMAD story: a key of a sprint's `sprint-status.yaml`
        /// (`1-2-user-login: done`), or a story file with a `## Status`
        /// section (`docs/stories/1.2.user-login.md`); its boxes are its tasks.
        case story

        /// Read from a GSD planning folder and keyed by it (`.planning#10-04`), not by its file.
        public var isGSD: Bool { self == .plan || self == .phase || self == .quick }
    }

    /// What an item holds, as its reader and the site's assembly set it.
    public struct Fields: Sendable, Equatable, Codable {
        /// The id as people write it: `CHUNK-004`, `10-04`, `phase-2`, or the
        /// heading's anchor for sections and checklists.
        public var id: String
        /// Unique in the site: the source path, `#`, and the id (`PLAN.md#CHUNK-004`);
        /// GSD plans and phases use their planning folder instead of the file.
        public var key: String
        /// The kind.
        public var kind: Kind
        /// The title without id or status marker.
        public var title: String
        /// The status as written (or, for plans and phases, as their files show it).
        public var status: WorkStatus = .notStarted
        /// Whether any text stated the status (a checklist-derived status is not stated).
        public var statusStated = false
        /// The status text as written (`✅ Committed (88c8123..HEAD)`).
        public var statusText: String?
        /// The marker written in the heading (`✅ COMPLETED`), which the page shows as a badge.
        public var headingMarker: String?
        /// Why it is blocked or what is left, when written after the status word.
        public var note: String?
        /// The completion date, as written (`2026-01-12`).
        public var completed: String?
        /// The commit range, as written (`88c8123..HEAD`).
        public var commits: String?
        /// The dependency text as written (`CHUNK-001 (colors), CHUNK-003`).
        public var dependencyText: String?
        /// Dependency ids as written, in order (`CHUNK-001`, `10-02`, `phase-1`).
        public var dependencyIDs: [String] = []
        /// `Previous chunks` / `All previous chunks`: every earlier item of the document.
        public var dependsOnAllPrevious = false
        /// The line the dependencies are written on.
        public var dependencyLine: Int?
        /// The estimated effort.
        public var estimate: Estimate?
        /// Risk, as written (`Low`, `High (timing and permissions)`).
        public var risk: String?
        /// Priority, as written (`CRITICAL`, `P1`, `1`).
        public var priority: String?
        /// Phase name or number, as written or from the Implementation Order table.
        public var phase: String?
        /// GSD wave.
        public var wave: String?
        /// The item's checkboxes (GSD tasks for a plan).
        public var checklist = ChecklistCount()
        /// How many of its boxes are numbered tasks of their own (`- [x] 2.1
        /// Create the models`, `- [ ] T012 …`): a heading over such a list is a
        /// group of tasks, not one (see ``PlanProgress``).
        public var numberedBoxes = 0
        /// Those numbered boxes by status: in a format's task list, where most
        /// boxes carry a task id, the ones without are checks, not tasks.
        public var numberedChecklist = ChecklistCount()
        /// Content path of the page it is written in.
        public var sourcePath: String
        /// The path used in messages (`content/PLAN.md`).
        public var displayPath: String
        /// The file line it starts on.
        public var line: Int
        /// The heading anchor on its page, if any.
        public var anchor: String?
        /// The enclosing item's key (a plan's phase).
        public var parent: String?
        /// The items its dependency ids name and its plan, where that is not
        /// its page: a Task Master tag (`.taskmaster/tasks/tasks.json#master`),
        /// since every tag of one file numbers its tasks from 1.
        public var scope: String?
        /// The page that tells more of it, where that is not the page it is
        /// written in: a BMAD story's file, for a story a sprint status file lists.
        public var file: String?
        /// The outermost heading above a section (below the page's title) that is
        /// no work item (`Production Readiness Gates`): where a document writes
        /// more than one list of sections, the list it belongs to.
        public var area: String?
        /// Where the markers and the evidence disagree (a chunk marked done with
        /// unticked boxes, a roadmap that says done with no SUMMARY): the item keeps
        /// what its author wrote, and these say what to check.
        public var hints: [Hint] = []
        /// Part of a finished, archived milestone (GSD `milestones/`, a collapsed
        /// `<details>` block): history, never offered as next.
        public var archived = false
    }

    /// The fields, in a box copies share (``SharedFields``); equal items have equal
    /// fields (one shared box is equal without looking).
    private var fields: SharedFields<Fields>

    /// Reads a field.
    public subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value {
        fields.value[keyPath: path]
    }

    /// Reads or writes a field; a write first copies a box other copies share.
    public subscript<Value>(dynamicMember path: WritableKeyPath<Fields, Value>) -> Value {
        get { fields.value[keyPath: path] }
        // In place: `item.hints.append(…)` does not copy the array out and back.
        _modify { yield &fields.value[keyPath: path] }
    }

    /// Creates an item.
    public init(
        id: String, key: String, kind: Kind, title: String, sourcePath: String, displayPath: String, line: Int,
        anchor: String? = nil
    ) {
        fields = SharedFields(
            Fields(
                id: id, key: key, kind: kind, title: title, sourcePath: sourcePath, displayPath: displayPath,
                line: line, anchor: anchor))
    }

    /// Decodes the fields, as ``Fields`` encodes them.
    public init(from decoder: any Decoder) throws {
        fields = SharedFields(try Fields(from: decoder))
    }

    /// Encodes the fields as ``Fields`` does (the item adds no keys).
    public func encode(to encoder: any Encoder) throws {
        try fields.value.encode(to: encoder)
    }

    /// `content/PLAN.md:25`.
    public var location: String { "\(self.displayPath):\(self.line)" }

    /// Adds a hint once (readers may find the same disagreement twice).
    mutating func hint(_ message: String, line: Int, fromGit: Bool = false) {
        let hint = Hint(message: message, line: line, fromGit: fromGit)
        if !self.hints.contains(hint) { self.hints.append(hint) }
    }
}

/// A disagreement between what an item's author wrote and what the evidence
/// shows, at the file line that shows it.
public struct Hint: Sendable, Equatable, Codable {
    /// What disagrees, in a sentence (`marked done, but 2 of 5 boxes are not ticked`).
    public var message: String
    /// The file line of the evidence (or of the item).
    public var line: Int
    /// Whether git's history gave it (``DiagnosticRule/evidence``) rather
    /// than the plans themselves (``DiagnosticRule/statusHint``).
    public var fromGit: Bool

    /// Creates a hint.
    public init(message: String, line: Int, fromGit: Bool = false) {
        self.message = message
        self.line = line
        self.fromGit = fromGit
    }

    /// The rule `specsite check` reports it under.
    public var rule: DiagnosticRule { fromGit ? .evidence : .statusHint }
}

/// Effort as a range in minutes (`2 hours` is 120…120, `8-10 days` is 3840…4800:
/// a working day is 8 hours and a week 5 days).
public struct Estimate: Sendable, Equatable, Codable {
    /// The lower bound, in minutes.
    public var low: Double
    /// The upper bound, in minutes.
    public var high: Double
    /// The text it was read from.
    public var text: String

    /// Creates an estimate.
    public init(low: Double, high: Double, text: String) {
        self.low = low
        self.high = high
        self.text = text
    }

    /// The middle of the range, used for sums and the critical path.
    public var minutes: Double { (low + high) / 2 }

    /// The largest amount read as an estimate: a million hours. Larger ones are
    /// reported and left out, so sums of estimates stay far inside the range of
    /// whole minutes (`Int`) that they are shown and exported in.
    public static let maximumMinutes: Double = 60_000_000
}

/// Checkbox counts.
public struct ChecklistCount: Sendable, Equatable, Codable {
    /// `[x]`
    public var done = 0
    /// `[~]`, `[⏳]`
    public var inProgress = 0
    /// `[ ]`
    public var open = 0
    /// `[-]`
    public var cancelled = 0
    /// Blocked entries (`- ❌ …`).
    public var blocked = 0
    /// Optional entries (`- [ ]*`): shown, never counted.
    public var optional = 0

    /// Creates counts.
    public init(
        done: Int = 0, inProgress: Int = 0, open: Int = 0, cancelled: Int = 0, blocked: Int = 0, optional: Int = 0
    ) {
        self.done = done
        self.inProgress = inProgress
        self.open = open
        self.cancelled = cancelled
        self.blocked = blocked
        self.optional = optional
    }

    /// Every entry that counts (cancelled and optional ones do not).
    public var total: Int { done + inProgress + open + blocked }

    /// Done out of total, 0…1 (nil when there is nothing to count).
    public var fraction: Double? { total == 0 ? nil : Double(done) / Double(total) }

    /// Adds one entry.
    public mutating func add(_ status: WorkStatus) {
        switch status {
        case .done: done += 1
        case .inProgress, .inReview: inProgress += 1
        case .optional: optional += 1
        case .cancelled: cancelled += 1
        case .blocked: blocked += 1
        case .notStarted, .unknown: open += 1
        }
    }

    /// What is left of a count once a part of it is taken away.
    public static func - (lhs: ChecklistCount, rhs: ChecklistCount) -> ChecklistCount {
        ChecklistCount(
            done: lhs.done - rhs.done, inProgress: lhs.inProgress - rhs.inProgress, open: lhs.open - rhs.open,
            cancelled: lhs.cancelled - rhs.cancelled, blocked: lhs.blocked - rhs.blocked,
            optional: lhs.optional - rhs.optional)
    }

    /// Every box, counted or not.
    public var boxes: Int { total + cancelled + optional }

    /// Takes one entry away (one ``add(_:)`` put in).
    public mutating func remove(_ status: WorkStatus) {
        switch status {
        case .done: done -= 1
        case .inProgress, .inReview: inProgress -= 1
        case .optional: optional -= 1
        case .cancelled: cancelled -= 1
        case .blocked: blocked -= 1
        case .notStarted, .unknown: open -= 1
        }
    }

    /// Adds another count.
    public static func + (lhs: ChecklistCount, rhs: ChecklistCount) -> ChecklistCount {
        ChecklistCount(
            done: lhs.done + rhs.done, inProgress: lhs.inProgress + rhs.inProgress, open: lhs.open + rhs.open,
            cancelled: lhs.cancelled + rhs.cancelled, blocked: lhs.blocked + rhs.blocked,
            optional: lhs.optional + rhs.optional)
    }

    /// The status a checklist shows on its own: all done, some started, or none.
    public var impliedStatus: WorkStatus {
        if total == 0 { return cancelled > 0 ? .cancelled : (optional > 0 ? .optional : .notStarted) }
        if done == total { return .done }
        if done + inProgress > 0 { return .inProgress }
        return blocked > 0 ? .blocked : .notStarted
    }
}
