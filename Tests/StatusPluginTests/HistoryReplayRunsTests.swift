import Foundation
import Testing

@testable import SpecSiteKit
@testable import StatusPlugin

/// How the replay shares commits between threads: runs handed out one commit
/// at a time, split when a thread is free, and joined in commit order into
/// the history one run would give.
@Suite("History replay runs", .serialized)
struct HistoryReplayRunsTests {
    /// Takes every commit of `runs`' run `id`.
    static func drain(_ runs: HistoryReplay.ReplayRuns, _ id: Int) -> [Int] {
        var taken: [Int] = []
        while let next = runs.next(in: id) { taken.append(next) }
        return taken
    }

    @Test func aFreeThreadTakesTheLaterHalfOfTheLongestRun() throws {
        let runs = HistoryReplay.ReplayRuns([0..<10, 10..<12], keeping: 2)
        #expect(runs.next(in: 0) == 0)
        // Run 0 has 9 left (1 to 9): the new run takes 5 to 9.
        let first = try #require(runs.split())
        #expect(first.id == 2 && first.start == 5)
        #expect(Self.drain(runs, 0) == [1, 2, 3, 4])
        // Left: run 1 has 2 (10, 11), run 2 has 5 (5 to 9): run 2 is split at 7.
        let second = try #require(runs.split())
        #expect(second.id == 3 && second.start == 7)
        #expect(Self.drain(runs, 2) == [5, 6])
        #expect(Self.drain(runs, 3) == [7, 8, 9])
        // Two left in run 1: halves of one commit would keep fewer than 2.
        #expect(runs.split() == nil)
        #expect(Self.drain(runs, 1) == [10, 11])
        #expect(runs.split() == nil)
    }

    @Test func aStoppedReplayHandsOutNothingMore() {
        let runs = HistoryReplay.ReplayRuns([0..<10], keeping: 1)
        #expect(runs.next(in: 0) == 0)
        runs.stop()
        #expect(runs.next(in: 0) == nil)
        #expect(runs.split() == nil)
    }

    /// A thread keeps its loader and readings from one run to the next, and
    /// the run it takes over may lie before the one it finished: the history
    /// is still the one a single run gives.
    @Test(.enabled(if: StatusHistoryTests.hasGit)) func aThreadReplaysALaterRunThenAnEarlierOneWithTheSameLoader()
        throws
    {
        let repository = try StatusHistoryTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let one = try StatusHistoryTests.replay(repository)
        let content = repository + "/content"
        let git = try GitRepository(folder: content)
        let commits = try git.log(head: try git.resolve("HEAD"))
        #expect(commits.count >= 4)
        let replayer = try HistoryReplay.Replayer(options: StatusHistoryTests.options(content), repository: git)
        for middle in 1..<commits.count {
            var later = commits[middle...].makeIterator()
            let second = try replayer.replay(startingAt: commits[middle - 1].id) { later.next() }
            var earlier = commits[..<middle].makeIterator()
            let first = try replayer.replay(startingAt: nil) { earlier.next() }
            var joined = StatusHistory()
            joined.isShallow = git.isShallow
            joined.extend(with: [first, second])
            #expect(joined == one, "split before commit \(middle)")
        }
    }
}
