import Foundation
import SpecSiteKit

/// The status model replayed over a content folder's git history: the
/// site's and each plan's count after every commit that changed a document,
/// and the date each item that is done now became done.
public struct StatusHistory: Sendable, Equatable, Codable {
    /// The counts after one commit.
    public struct Point: Sendable, Equatable, Codable {
        /// The commit's full id.
        public var commit: String
        /// When it reached the branch (committer time, seconds since 1970).
        public var date: Int
        /// The first line of its message.
        public var subject: String
        /// Units done in the site.
        public var done: Int
        /// Units that count in the site.
        public var total: Int
        /// Net units done at this commit: the change in done units of the
        /// items there before and after whose count did not change (work
        /// added or removed is no progress; a reopened item is negative).
        /// Zero at the first commit of a history.
        public var progress = 0
        /// Units done of items that were not there before this commit: work
        /// written down already done (zero at the first commit).
        public var arrived = 0
        /// Each plan's count, by scope (the plan's path at that commit, after
        /// later renames: one plan keeps one line through its moves).
        public var plans: [String: PlanCount]
    }

    /// A plan's done and total units.
    public struct PlanCount: Sendable, Equatable, Codable {
        /// Units done.
        public var done: Int
        /// Units that count.
        public var total: Int
        /// Net units done in it at this commit (as ``Point/progress``).
        public var progress = 0
        /// Units added already done in it at this commit (as ``Point/arrived``).
        public var arrived = 0
    }

    /// One point per commit that changed a document, oldest first.
    public var points: [Point] = []
    /// For each item done at the last commit, by key: when it last became
    /// done (committer time). An item reopened and done again counts from
    /// the second time.
    public var completed: [String: Int] = [:]
    /// For each item there at the last commit, by key: when it was first
    /// there (since it was last absent; a renamed file keeps its items').
    public var written: [String: Int] = [:]
    /// Whether the clone holds only part of the history: the first point
    /// is then the oldest commit it has, not the plan's beginning.
    public var isShallow = false

    /// The history of the content folder `options` names, replayed commit by
    /// commit with `options`' plugins. With a `cache` folder, the history is
    /// kept there: read back when neither HEAD nor the settings changed, and
    /// replayed from where it ended when HEAD only moved forward. The commits
    /// are replayed in up to `threads` runs side by side, each of at least
    /// `commitsPerThread` commits (the result is the same however they are cut).
    public static func replay(
        options: BuildOptions, repository: GitRepository, cache: String? = nil, threads: Int = Parallelism.threads,
        commitsPerThread: Int = 50
    ) throws -> StatusHistory {
        let loader = try SnapshotLoader(options: options)
        let settings = loader.settingsKey
        let head = try repository.resolve("HEAD")
        let store = cache.map { HistoryCache(folder: $0, digest: loader.settingsDigest) }
        let kept = store?.read(settings: settings)
        // A clone deepened since (or made shallow) has a history of another length.
        let usable = kept.flatMap { $0.history.isShallow == repository.isShallow ? $0 : nil }
        if let usable, usable.head == head { return usable.history }
        var history = StatusHistory()
        var after: String?
        if let kept = usable, repository.isFirstParentAncestor(kept.head, of: head) {
            history = kept.history
            after = kept.head
        }
        history.isShallow = repository.isShallow
        let commits = try repository.log(head: head, after: after)
        history.extend(
            with: try HistoryReplay.run(
                commits, startingAfter: after, options: options, repository: repository, threads: threads,
                commitsPerThread: commitsPerThread))
        store?.write(.init(settings: settings, head: head, history: history))
        return history
    }

    /// Adds the points of replayed segments, oldest first, and works out when
    /// each item done at the end became done.
    mutating func extend(with segments: [HistoryReplay.Segment]) {
        var renames: [(at: Int, from: String, to: String)] = []
        for segment in segments {
            for step in segment.steps {
                if !step.moves.isEmpty {
                    completed = Dictionary(
                        completed.map { (StatusSnapshot.renamed($0.key, step.moves), $0.value) },
                        uniquingKeysWith: { first, _ in first })
                    written = Dictionary(
                        written.map { (StatusSnapshot.renamed($0.key, step.moves), $0.value) },
                        uniquingKeysWith: { first, _ in first })
                    for (from, to) in step.moves.sorted(by: { $0.key < $1.key }) {
                        renames.append((points.count, from, to))
                    }
                }
                guard let point = step.point else { continue }
                step.done.apply(to: &completed, date: point.date)
                step.present.apply(to: &written, date: point.date)
                points.append(point)
            }
        }
        // Points before a rename name the plan by its old path: move them,
        // oldest rename first, so a plan moved twice ends at its last name.
        for rename in renames {
            for index in 0..<rename.at {
                if let count = points[index].plans.removeValue(forKey: rename.from) {
                    points[index].plans[rename.to] = count
                }
            }
        }
    }

    /// The status at one commit, with the folder's current settings.
    public static func snapshot(
        at commit: String, options: BuildOptions, repository: GitRepository
    ) throws -> StatusSnapshot {
        let loader = try SnapshotLoader(options: options)
        let blobs = try repository.blobs()
        var documents: [String: [UInt8]] = [:]
        for (path, blob) in try repository.tree(at: commit) where loader.isPage(path) {
            if let bytes = blobs.read(blob) { documents[path] = bytes }
        }
        return StatusSnapshot(StatusPlugin.report(for: try loader.load(documents).site))
    }
}
