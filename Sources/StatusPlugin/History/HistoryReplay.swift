import Foundation
import SpecSiteKit

/// Replays commits in contiguous segments side by side, one per thread: each
/// segment starts from the folder as it was before its first commit, with a
/// loader and a `git cat-file` of its own, and records what changed at each
/// commit. ``StatusHistory/extend(with:)`` joins the segments in order, so
/// the result is the same however many there are.
enum HistoryReplay {
    /// What one commit changed.
    struct Step {
        /// Files renamed, old path to new.
        var moves: [String: String] = [:]
        /// The counts after it; nil when it changed no page.
        var point: StatusHistory.Point?
        /// The items done after it.
        var done = KeyChange()
        /// The items there after it.
        var present = KeyChange()
    }

    /// How a set of item keys changed at a step: all of them at a segment's
    /// first point, else what came and went since the point before.
    struct KeyChange {
        var all: [String]?
        var added: [String] = []
        var removed: [String] = []

        init() {}

        init(from before: Set<String>?, to now: Set<String>) {
            if let before {
                added = now.subtracting(before).sorted()
                removed = before.subtracting(now).sorted()
            } else {
                all = now.sorted()
            }
        }

        /// Keeps in `dates` the date each key of the set came into it, the
        /// earlier date for a key that stayed.
        func apply(to dates: inout [String: Int], date: Int) {
            if let all {
                var kept: [String: Int] = [:]
                for key in all { kept[key] = dates[key] ?? date }
                dates = kept
            } else {
                for key in removed { dates[key] = nil }
                for key in added where dates[key] == nil { dates[key] = date }
            }
        }
    }

    /// The steps of one run of commits.
    struct Segment {
        var steps: [Step] = []
    }

    /// Fewer commits than this a thread are replayed on fewer threads:
    /// starting a segment reads every page of the folder.
    static let commitsPerThread = 50

    static func run(
        _ commits: [GitCommit], startingAfter base: String?, options: BuildOptions, repository: GitRepository,
        threads: Int, commitsPerThread: Int = commitsPerThread
    ) throws -> [Segment] {
        guard !commits.isEmpty else { return [] }
        let count = max(1, min(threads, commits.count / max(1, commitsPerThread)))
        let bounds = (0...count).map { $0 * commits.count / count }
        let ranges = (0..<count).map { bounds[$0]..<bounds[$0 + 1] }
        let results = ranges.parallelMap { range -> Result<Segment, Error> in
            Result {
                let start = range.lowerBound == 0 ? base : commits[range.lowerBound - 1].id
                return try replay(commits[range], startingAt: start, options: options, repository: repository)
            }
        }
        return try results.map { try $0.get() }
    }

    /// Replays `commits` from the folder as it was at `start` (empty when nil).
    static func replay(
        _ commits: ArraySlice<GitCommit>, startingAt start: String?, options: BuildOptions, repository: GitRepository
    ) throws -> Segment {
        // The status plugin remembers its readings of unchanged lines between
        // commits; each segment has its own, so threads never wait on a lock.
        var options = options
        let readings = TextReadings()
        options.plugins = options.plugins.map { $0 is StatusPlugin ? StatusPlugin(readings: readings) : $0 }
        let loader = try SnapshotLoader(options: options)
        let blobs = try repository.blobs()
        var documents: [String: [UInt8]] = [:]
        // The version before the first commit, to measure its progress against.
        var previous: StatusSnapshot?
        if let start {
            for (path, blob) in try repository.tree(at: start) where loader.isPage(path) {
                documents[path] = blobs.read(blob)
            }
            previous = StatusSnapshot(StatusPlugin.report(for: try loader.load(documents).site))
        }
        var segment = Segment()
        var done: Set<String>?
        var present: Set<String>?
        for commit in commits {
            var step = Step()
            var changed = false
            for change in commit.changes {
                if let old = change.oldPath, documents.removeValue(forKey: old) != nil { changed = true }
                if let old = change.oldPath, let new = change.newPath, old != new { step.moves[old] = new }
                if let new = change.newPath, let blob = change.blob, loader.isPage(new), let bytes = blobs.read(blob) {
                    documents[new] = bytes
                    changed = true
                }
            }
            if changed {
                let snapshot = StatusSnapshot(StatusPlugin.report(for: try loader.load(documents).site))
                let doneNow = Set(snapshot.items.lazy.filter { $0.status == .done }.map(\.key))
                let presentNow = Set(snapshot.items.lazy.map(\.key))
                step.done = KeyChange(from: done, to: doneNow)
                step.present = KeyChange(from: present, to: presentNow)
                (done, present) = (doneNow, presentNow)
                let change = previous.map { snapshot.change(since: $0, renames: step.moves) } ?? StatusSnapshot.Change()
                previous = snapshot
                var plans: [String: StatusHistory.PlanCount] = [:]
                for plan in snapshot.plans {
                    let known = plans[plan.scope] ?? StatusHistory.PlanCount(done: 0, total: 0)
                    let own = change.byPlan[plan.scope]
                    plans[plan.scope] = StatusHistory.PlanCount(
                        done: known.done + plan.done, total: known.total + plan.total,
                        progress: own?.progress ?? 0, arrived: own?.arrived ?? 0)
                }
                step.point = StatusHistory.Point(
                    commit: commit.id, date: commit.date, subject: commit.subject, done: snapshot.done,
                    total: snapshot.total, progress: change.progress, arrived: change.arrived, plans: plans)
            }
            if changed || !step.moves.isEmpty { segment.steps.append(step) }
        }
        return segment
    }
}
