import SpecSiteKit

/// What changed in the status between two points (a commit and now): items
/// that became done, were added, were reopened, went back a stage, or were
/// removed. Each item is in one list only.
public struct StatusChanges: Sendable, Equatable {
    /// One item's change.
    public struct Change: Sendable, Equatable {
        /// The item now (or, when it was removed, as it was).
        public var item: StatusSnapshot.Item
        /// Its status before; nil when it is new.
        public var before: WorkStatus?
        /// Its status now; nil when it was removed.
        public var after: WorkStatus?
    }

    /// Not done before (or not there), done now.
    public var completed: [Change] = []
    /// Done before, there and not done now.
    public var reopened: [Change] = []
    /// Not done before or now, and at an earlier stage now (in review → in
    /// progress, in progress → not started or blocked).
    public var backwards: [Change] = []
    /// Not there before, there and not done now.
    public var added: [Change] = []
    /// There before, not now (a file renamed since keeps its items).
    public var removed: [Change] = []
    /// The site's units done and counted, before and now.
    public var before: (done: Int, total: Int)
    /// The site's units done and counted now.
    public var after: (done: Int, total: Int)
    /// Each plan's count before and now, in the order of now (plans gone
    /// last), by scope.
    public var plans: [(scope: String, noun: String, before: StatusSnapshot.Plan?, after: StatusSnapshot.Plan?)] = []

    /// What was done before and is not now: reopened items, and removed
    /// items that were done. What `--no-regress` fails on.
    public var regressions: [Change] {
        reopened + removed.filter { $0.before == .done }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        completed.isEmpty && reopened.isEmpty && backwards.isEmpty && added.isEmpty && removed.isEmpty
    }

    /// Compares `old` with `new`; `renames` maps a file's path then to its
    /// path now, so a renamed plan's items are the same items.
    public init(from old: StatusSnapshot, to new: StatusSnapshot, renames: [String: String] = [:]) {
        before = (old.done, old.total)
        after = (new.done, new.total)
        var previous: [String: StatusSnapshot.Item] = [:]
        for item in old.items {
            previous[StatusSnapshot.renamed(item.key, renames), default: item] = item
        }
        var seen: Set<String> = []
        for item in new.items {
            guard seen.insert(item.key).inserted else { continue }
            guard let earlier = previous[item.key] else {
                let change = Change(item: item, before: nil, after: item.status)
                if item.status == .done { completed.append(change) } else { added.append(change) }
                continue
            }
            let change = Change(item: item, before: earlier.status, after: item.status)
            if item.status == .done, earlier.status != .done {
                completed.append(change)
            } else if earlier.status == .done, item.status != .done {
                reopened.append(change)
            } else if let now = Self.stage(item.status), let then = Self.stage(earlier.status), now < then {
                backwards.append(change)
            }
        }
        for item in old.items {
            let key = StatusSnapshot.renamed(item.key, renames)
            guard !seen.contains(key), previous[key] == item else { continue }
            seen.insert(key)
            removed.append(Change(item: item, before: item.status, after: nil))
        }
        var oldPlans: [String: StatusSnapshot.Plan] = [:]
        for plan in old.plans { oldPlans[renames[plan.scope] ?? plan.scope] = plan }
        var listed: Set<String> = []
        for plan in new.plans where listed.insert(plan.scope).inserted {
            plans.append((plan.scope, plan.noun, oldPlans[plan.scope], plan))
        }
        for plan in old.plans where listed.insert(renames[plan.scope] ?? plan.scope).inserted {
            plans.append((plan.scope, plan.noun, plan, nil))
        }
    }

    /// How far along work is, for telling "went backwards"; nil for statuses
    /// outside the flow (cancelled, optional, unknown).
    static func stage(_ status: WorkStatus) -> Int? {
        switch status {
        case .notStarted, .blocked: 0
        case .inProgress: 1
        case .inReview: 2
        case .done: 3
        case .cancelled, .optional, .unknown: nil
        }
    }

    /// The same lists and counts (the plans' counts follow from the lists).
    public static func == (lhs: StatusChanges, rhs: StatusChanges) -> Bool {
        lhs.completed == rhs.completed && lhs.reopened == rhs.reopened && lhs.backwards == rhs.backwards
            && lhs.added == rhs.added && lhs.removed == rhs.removed && lhs.before == rhs.before
            && lhs.after == rhs.after
    }
}
