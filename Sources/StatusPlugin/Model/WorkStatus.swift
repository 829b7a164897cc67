/// Where a piece of work stands.
public enum WorkStatus: String, Sendable, CaseIterable, Codable, Comparable {
    /// Finished: `✅ COMPLETED`, `[x]`, a GSD plan with its SUMMARY.
    case done
    /// Started and not finished: `🚧 In progress`, `🔄`, `[⏳]`, `[~]`.
    case inProgress = "in-progress"
    /// Said to be blocked: `❌ Blocked — reason`.
    case blocked
    /// Not begun: `[ ]`, `Not started`, `Planned`.
    case notStarted = "not-started"
    /// Dropped: `[-]`, `Cancelled`. Left out of percentages.
    case cancelled
    /// A status was written but not understood (a warning names it).
    case unknown

    /// How a person reads it: `Done`, `In progress`.
    public var label: String {
        switch self {
        case .done: "Done"
        case .inProgress: "In progress"
        case .blocked: "Blocked"
        case .notStarted: "Not started"
        case .cancelled: "Cancelled"
        case .unknown: "Unknown"
        }
    }

    /// Whether the item counts towards completion (cancelled work does not).
    public var counts: Bool { self != .cancelled }

    /// Sort order for lists: unfinished work first, the way a reader scans a plan.
    private var rank: Int {
        switch self {
        case .blocked: 0
        case .inProgress: 1
        case .notStarted: 2
        case .unknown: 3
        case .done: 4
        case .cancelled: 5
        }
    }

    /// Orders unfinished work first.
    public static func < (lhs: WorkStatus, rhs: WorkStatus) -> Bool { lhs.rank < rhs.rank }
}
