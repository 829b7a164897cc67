import Foundation
import Testing

@testable import SpecSiteServer

@Suite("Debouncing changes")
struct DebouncerTests {
    @Test func tenThousandEventsAtOnceAreOneBatch() {
        var state = DebounceState(quiet: 0.075, cap: 1)
        for index in 0..<10_000 { state.add("docs/page-\(index % 500).md", at: Double(index) * 0.000_001) }
        #expect(state.take(at: 0.05) == nil, "still inside the quiet time")
        let batch = state.take(at: 0.2)
        #expect(batch?.events == 10_000)
        #expect(batch?.paths.count == 500, "each path once")
        #expect(batch?.paths.first == "docs/page-0.md")
        #expect(state.take(at: 10) == nil)
        #expect(state.deadline == nil)
    }

    @Test func aStreamWithGapsIsOneBatchPerBurst() {
        var state = DebounceState(quiet: 0.075, cap: 1)
        var batches: [ChangeBatch] = []
        // Three bursts (an editor's write-and-rename, a checkout, one save), 0.5 s apart.
        let events: [(Double, String)] = [
            (0.000, "a.md.tmp"), (0.001, "a.md"),
            (0.500, "b.md"), (0.520, "c.md"), (0.560, "d.md"), (0.600, "b.md"),
            (1.200, "e.md"),
        ]
        var time = 0.0
        var next = 0
        while time < 2 {
            while next < events.count, events[next].0 <= time {
                state.add(events[next].1, at: events[next].0)
                next += 1
            }
            if let batch = state.take(at: time) { batches.append(batch) }
            time += 0.005
        }
        #expect(batches.map(\.paths) == [["a.md.tmp", "a.md"], ["b.md", "c.md", "d.md"], ["e.md"]])
        #expect(batches.map(\.events) == [2, 4, 1])
    }

    @Test func eventsThatNeverStopAreCutAtTheCap() {
        var state = DebounceState(quiet: 0.075, cap: 1)
        var batches: [ChangeBatch] = []
        var time = 0.0
        while time < 2.5 {
            state.add("busy.md", at: time)
            if let batch = state.take(at: time) { batches.append(batch) }
            time += 0.01
        }
        #expect(batches.count == 2, "one a second, not none")
    }

    @Test func aQueueOverflowMarksTheBatchEverything() {
        var state = DebounceState()
        state.add("a.md", at: 0)
        state.add(nil, at: 0.01)
        let batch = state.take(at: 1)
        #expect(batch?.everything == true)
        #expect(batch?.paths == ["a.md"])
    }

    @Test func theLiveDebouncerDeliversABurstAsOneBatch() {
        let delivered = Delivered()
        let debouncer = Debouncer(quiet: 0.2, cap: 5) { delivered.append($0) }
        defer { debouncer.stop() }
        debouncer.add(contentsOf: (0..<10_000).map { "file-\($0).md" })
        #expect(eventually { delivered.count == 1 })
        usleep(500_000)
        #expect(delivered.count == 1)
        #expect(delivered.first?.paths.count == 10_000)
    }
}

/// Batches delivered on the debouncer's thread.
final class Delivered: @unchecked Sendable {
    // @unchecked: `batches` is only touched under `lock`.
    private let lock = NSLock()
    private var batches: [ChangeBatch] = []
    func append(_ batch: ChangeBatch) { lock.withLock { batches.append(batch) } }
    var count: Int { lock.withLock { batches.count } }
    var first: ChangeBatch? { lock.withLock { batches.first } }
    var all: [ChangeBatch] { lock.withLock { batches } }
}
