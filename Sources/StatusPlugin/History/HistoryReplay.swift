import Foundation
import SpecSiteKit

/// Replays commits in contiguous segments side by side: each segment starts
/// from the folder as it was before its first commit and records what
/// changed at each commit. Each thread has a loader and a `git cat-file` of
/// its own, and a thread that finishes early takes over the later half of the
/// longest segment still going (``ReplayRuns``).
/// ``StatusHistory/extend(with:)`` joins the segments in commit order, so the
/// result is the same however many there are and whichever thread replayed
/// each.
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

        /// The change in the keys of the items `holds` accepts, from the
        /// items at the point before (nil at a segment's first point) to
        /// `now`'s. Most commits keep every item in its place: those are
        /// compared side by side, without a set of every key.
        init(
            from before: [StatusSnapshot.Item]?, to now: [StatusSnapshot.Item],
            holding holds: (StatusSnapshot.Item) -> Bool
        ) {
            guard let before, before.count == now.count, zip(before, now).allSatisfy({ $0.key == $1.key }) else {
                func keys(_ items: [StatusSnapshot.Item]) -> Set<String> { Set(items.lazy.filter(holds).map(\.key)) }
                self.init(from: before.map(keys), to: keys(now))
                return
            }
            self.init()
            // A report's keys are unique, so side by side is as a set would tell.
            for (old, new) in zip(before, now) where holds(old) != holds(new) {
                if holds(new) { added.append(new.key) } else { removed.append(new.key) }
            }
            added.sort()
            removed.sort()
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

    /// Replays `commits` after `base` on up to `threads` threads. Each thread
    /// starts with an equal share; one that finishes early takes the later
    /// half of the run with most commits left, so a thread slowed by larger
    /// versions (or by the machine) is helped instead of waited for. A run is
    /// split only while each half keeps half of `commitsPerThread`.
    static func run(
        _ commits: [GitCommit], startingAfter base: String?, options: BuildOptions, repository: GitRepository,
        threads: Int, commitsPerThread: Int = commitsPerThread
    ) throws -> [Segment] {
        guard !commits.isEmpty else { return [] }
        let count = max(1, min(threads, commits.count / max(1, commitsPerThread)))
        let bounds = (0...count).map { $0 * commits.count / count }
        let runs = ReplayRuns((0..<count).map { bounds[$0]..<bounds[$0 + 1] }, keeping: max(1, commitsPerThread / 2))
        let results = Array(0..<count).parallelMap { first -> Result<[(start: Int, segment: Segment)], Error> in
            do {
                let replayer = try Replayer(options: options, repository: repository)
                var replayed: [(start: Int, segment: Segment)] = []
                var run: (id: Int, start: Int)? = (first, bounds[first])
                while let current = run {
                    let start = current.start == 0 ? base : commits[current.start - 1].id
                    let segment = try replayer.replay(startingAt: start) {
                        runs.next(in: current.id).map { commits[$0] }
                    }
                    replayed.append((current.start, segment))
                    run = runs.split()
                }
                return .success(replayed)
            } catch {
                runs.stop()
                return .failure(error)
            }
        }
        // The runs in commit order, whichever thread replayed each.
        return try results.flatMap { try $0.get() }.sorted { $0.start < $1.start }.map(\.segment)
    }

    /// What one thread replays with: a loader, which keeps what it read from
    /// one version to the next, its own `git cat-file`, and the status
    /// plugin's readings of unchanged lines (its own, so threads never wait on
    /// a lock). Kept from one run to the next the thread replays.
    final class Replayer {
        let loader: SnapshotLoader
        let blobs: GitBlobReader
        let repository: GitRepository

        init(options: BuildOptions, repository: GitRepository) throws {
            var options = options
            let readings = TextReadings()
            options.plugins = options.plugins.map { $0 is StatusPlugin ? StatusPlugin(readings: readings) : $0 }
            loader = try SnapshotLoader(options: options)
            blobs = try repository.blobs()
            self.repository = repository
        }

        /// Replays the commits `next` hands out, oldest first, from the folder
        /// as it was at `start` (empty when nil).
        func replay(startingAt start: String?, next: () -> GitCommit?) throws -> Segment {
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
            // The items at the point before, in this segment.
            var before: [StatusSnapshot.Item]?
            while let commit = next() {
                var step = Step()
                var changed = false
                for change in commit.changes {
                    if let old = change.oldPath, documents.removeValue(forKey: old) != nil { changed = true }
                    if let old = change.oldPath, let new = change.newPath, old != new { step.moves[old] = new }
                    if let new = change.newPath, let blob = change.blob, loader.isPage(new),
                        let bytes = blobs.read(blob)
                    {
                        documents[new] = bytes
                        changed = true
                    }
                }
                if changed {
                    let snapshot = StatusSnapshot(StatusPlugin.report(for: try loader.load(documents).site))
                    step.done = KeyChange(from: before, to: snapshot.items) { $0.status == .done }
                    step.present = KeyChange(from: before, to: snapshot.items) { _ in true }
                    before = snapshot.items
                    let change =
                        previous.map { snapshot.change(since: $0, renames: step.moves) } ?? StatusSnapshot.Change()
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

    /// The runs of commits being replayed, each a range of commit indices that
    /// its thread takes one at a time and that a finished thread can split.
    final class ReplayRuns: @unchecked Sendable {
        // @unchecked: `runs` and `stopped` are read and written under `lock`.
        private let lock = NSLock()
        private var runs: [(next: Int, end: Int)]
        private var stopped = false
        private let keeping: Int

        /// `keeping`: the fewest commits each half of a split run keeps.
        init(_ ranges: [Range<Int>], keeping: Int) {
            runs = ranges.map { ($0.lowerBound, $0.upperBound) }
            self.keeping = keeping
        }

        /// The next commit of run `id`, or nil at its end (or once a replay failed).
        func next(in id: Int) -> Int? {
            lock.withLock {
                guard !stopped, runs[id].next < runs[id].end else { return nil }
                defer { runs[id].next += 1 }
                return runs[id].next
            }
        }

        /// A new run, the later half of the run with most commits left, or
        /// nil when no run has enough left to share.
        func split() -> (id: Int, start: Int)? {
            lock.withLock {
                guard !stopped,
                    let longest = runs.indices.max(by: {
                        runs[$0].end - runs[$0].next < runs[$1].end - runs[$1].next
                    })
                else { return nil }
                let left = runs[longest].end - runs[longest].next
                guard left >= 2 * keeping else { return nil }
                let middle = runs[longest].next + left / 2
                runs.append((middle, runs[longest].end))
                runs[longest].end = middle
                return (runs.count - 1, middle)
            }
        }

        /// Ends every run: a replay failed, and its error is the result.
        func stop() {
            lock.withLock { stopped = true }
        }
    }
}
