/// Where a piece of work stands, as its document (or the evidence in the
/// folder) says. Whether it can go ahead is a separate fact: see
/// ``StatusReport/Readiness``. Waiting for an unfinished dependency is not
/// *blocked*: only an author who writes "blocked" makes an item blocked.
public enum WorkStatus: String, Sendable, CaseIterable, Codable, Comparable {
    /// Finished: `✅ COMPLETED`, `[x]`, a GSD plan with its SUMMARY.
    case done
    /// Finished and waiting for someone to check it: `In review`, `PR open`.
    case inReview = "in-review"
    /// Started and not finished: `🚧 In progress`, `🔄`, `[⏳]`, `[~]`, `60% complete`.
    case inProgress = "in-progress"
    /// Said to be blocked: `❌ Blocked — reason`, `On hold`.
    case blocked
    /// Not begun: `[ ]`, `Not started`, `Planned`.
    case notStarted = "not-started"
    /// Optional work (`Optional`, `Nice to have`, Kiro's `- [ ]*`): shown, never
    /// counted, never holds anything back.
    case optional
    /// Dropped: `[-]`, `Cancelled`. Left out of percentages.
    case cancelled
    /// A status was written but not understood (a warning names it).
    case unknown

    /// How a person reads it: `Done`, `In progress`.
    public var label: String {
        switch self {
        case .done: "Done"
        case .inReview: "In review"
        case .inProgress: "In progress"
        case .blocked: "Blocked"
        case .notStarted: "Not started"
        case .optional: "Optional"
        case .cancelled: "Cancelled"
        case .unknown: "Unknown"
        }
    }

    /// Whether the item counts towards completion (cancelled and optional work do not).
    public var counts: Bool { self != .cancelled && self != .optional }

    /// Whether nothing is left to do for it: done, or dropped. What depends on
    /// it need not wait (optional work never holds anything back either).
    public var isSettled: Bool { self == .done || self == .cancelled || self == .optional }

    /// Sort order for lists: unfinished work first, the way a reader scans a plan.
    private var rank: Int {
        switch self {
        case .blocked: 0
        case .inReview: 1
        case .inProgress: 2
        case .notStarted: 3
        case .unknown: 4
        case .optional: 5
        case .done: 6
        case .cancelled: 7
        }
    }

    /// Orders unfinished work first.
    public static func < (lhs: WorkStatus, rhs: WorkStatus) -> Bool { lhs.rank < rhs.rank }
}
