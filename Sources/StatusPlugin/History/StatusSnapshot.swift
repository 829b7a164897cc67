import SpecSiteKit

/// What the status model said at one point: every work item's status and each
/// plan's count in its unit. Small and plain, so a history of thousands of
/// commits keeps one per commit, and two can be compared.
public struct StatusSnapshot: Sendable, Equatable, Codable {
    /// One work item.
    public struct Item: Sendable, Equatable, Codable {
        /// Its key in the site (`PLAN.md#CHUNK-004`).
        public var key: String
        /// Its id as written (`CHUNK-004`).
        public var id: String
        /// Its title.
        public var title: String
        /// Its status as written.
        public var status: WorkStatus
        /// What it was read from.
        public var kind: WorkItem.Kind
        /// The file it is written in, as the user names it (`content/PLAN.md`).
        public var file: String
        /// Its line there.
        public var line: Int
    }

    /// An item's share of its plan's count.
    public struct UnitCount: Sendable, Equatable, Codable {
        /// Its plan's scope.
        public var scope: String
        /// Units of it done.
        public var done: Int
        /// Units of it that count.
        public var total: Int
    }

    /// One plan's count in its own unit.
    public struct Plan: Sendable, Equatable, Codable {
        /// The document's content path, or the planning folder.
        public var scope: String
        /// What one unit is called (`chunk`).
        public var noun: String
        /// Units done.
        public var done: Int
        /// Units that count.
        public var total: Int
    }

    /// The work items of every kind a plan counts in, in site order.
    public var items: [Item]
    /// Each plan, in site order.
    public var plans: [Plan]
    /// The done and counted units of each item a plan counts in (one for an
    /// item, its boxes for a list of a plan counted in boxes), by key, with
    /// its plan's scope: what tells progress from work added or removed.
    public var units: [String: UnitCount] = [:]
    /// Units done in the site (each plan in its unit, as the headline counts).
    public var done: Int
    /// Units that count in the site.
    public var total: Int

    /// The snapshot of a report.
    public init(_ report: StatusReport) {
        items = report.entries.compactMap { entry in
            let item = entry.item
            guard StatusReport.trackedKinds.contains(item.kind) else { return nil }
            return Item(
                key: item.key, id: item.id, title: item.title, status: item.status, kind: item.kind,
                file: item.displayPath, line: item.line)
        }
        plans = report.plans.map {
            Plan(scope: $0.scope, noun: $0.unit.noun, done: $0.unit.done, total: $0.unit.total)
        }
        for plan in report.plans {
            for entry in plan.entries {
                let item = entry.item
                let counted = item.status.counts
                units[item.key] =
                    plan.unit.inBoxes
                    ? UnitCount(
                        scope: plan.scope, done: counted ? item.checklist.done : 0,
                        total: counted ? item.checklist.total : 0)
                    : UnitCount(scope: plan.scope, done: item.status == .done ? 1 : 0, total: counted ? 1 : 0)
            }
        }
        (done, total) = report.countProgress
    }

    /// What changed in done units from `before` to this snapshot.
    struct Change: Equatable {
        /// Units done of items there at both whose count of units did not
        /// change: work added or removed, an item that gained boxes or was
        /// cancelled, is no progress; a reopened item is negative progress.
        var progress = 0
        /// Units done of items not there before: work added already done.
        var arrived = 0
        /// Both, by plan scope.
        var byPlan: [String: (progress: Int, arrived: Int)] = [:]

        static func == (lhs: Change, rhs: Change) -> Bool {
            lhs.progress == rhs.progress && lhs.arrived == rhs.arrived
                && lhs.byPlan.mapValues { [$0.progress, $0.arrived] }
                    == rhs.byPlan.mapValues { [$0.progress, $0.arrived] }
        }
    }

    /// The change from `before`; `renames` are the files renamed between
    /// the two (old path to new), whose items are the same items.
    func change(since before: StatusSnapshot, renames: [String: String] = [:]) -> Change {
        var earlier = before.units
        if !renames.isEmpty {
            earlier = Dictionary(
                earlier.map { (Self.renamed($0.key, renames), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        var change = Change()
        for (key, now) in units {
            guard let then = earlier[key] else {
                guard now.done > 0 else { continue }
                change.arrived += now.done
                change.byPlan[now.scope, default: (0, 0)].arrived += now.done
                continue
            }
            guard then.total == now.total, then.done != now.done else { continue }
            change.progress += now.done - then.done
            change.byPlan[now.scope, default: (0, 0)].progress += now.done - then.done
        }
        return change
    }

    /// `3 of 12 chunks`.
    static func count(_ done: Int, _ total: Int, noun: String) -> String {
        "\(done) of \(total) \(UnitProgress.plural(noun, total))"
    }
}

extension StatusSnapshot {
    /// An item's key with its file's path changed by a rename (`old.md#X` → `new.md#X`).
    static func renamed(_ key: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty, let hash = key.lastIndex(of: "#") else { return key }
        let path = String(key[..<hash])
        if let moved = renames[path] { return moved + key[hash...] }
        // A part of a data file (`tasks.json/master`) moves with its file.
        if let slash = path.lastIndex(of: "/"), let moved = renames[String(path[..<slash])] {
            return moved + path[slash...] + key[hash...]
        }
        return key
    }
}
