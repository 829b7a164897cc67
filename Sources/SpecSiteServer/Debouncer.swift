import Foundation

/// What a burst of file changes comes to: the paths, in the order first seen.
public struct ChangeBatch: Equatable, Sendable {
    /// Paths that changed (relative to the content folder, or as the user named them), each once.
    public var paths: [String] = []
    /// Whether the watcher lost track (a kernel queue overflow, the content
    /// folder deleted or back): everything may have changed.
    public var everything = false
    /// Change events received, repeats included.
    public var events = 0

    /// Creates an empty batch.
    public init() {}

    /// Whether nothing has been added.
    public var isEmpty: Bool { events == 0 }
}

/// Turns a stream of change events into batches, so that a burst (an editor's
/// save-and-rename, a `git checkout` of 500 files, an agent rewriting 30) is
/// one rebuild: a batch is due once no event has come for `quiet` seconds, or
/// `cap` seconds after its first event when events never stop.
///
/// The clock is passed in, so tests can drive it.
public struct DebounceState: Sendable {
    /// Seconds of silence that end a burst.
    public var quiet: Double
    /// The longest a batch waits after its first event.
    public var cap: Double
    private var batch = ChangeBatch()
    private var seen: Set<String> = []
    private var first: Double = 0
    private var last: Double = 0

    /// A state with no events pending.
    public init(quiet: Double = 0.075, cap: Double = 1.0) {
        self.quiet = quiet
        self.cap = cap
    }

    /// Records one event at time `now` (seconds, any origin); `path` nil means everything changed.
    public mutating func add(_ path: String?, at now: Double) {
        if batch.isEmpty { first = now }
        last = now
        batch.events += 1
        if let path {
            if seen.insert(path).inserted { batch.paths.append(path) }
        } else {
            batch.everything = true
        }
    }

    /// When the pending batch is due, or nil when nothing is pending.
    public var deadline: Double? {
        batch.isEmpty ? nil : min(last + quiet, first + cap)
    }

    /// The pending batch if it is due at `now` (and forgets it), else nil.
    public mutating func take(at now: Double) -> ChangeBatch? {
        guard let deadline, now >= deadline else { return nil }
        defer {
            batch = ChangeBatch()
            seen = []
        }
        return batch
    }
}

/// ``DebounceState`` on a thread of its own: events come in from any thread
/// through ``add(_:)``, and `deliver` is called with each due batch, one at a
/// time, on the debouncer's thread.
public final class Debouncer: @unchecked Sendable {
    // @unchecked: `state` and `stopped` are only touched under `condition`.
    private let condition = NSCondition()
    private var state: DebounceState
    private var stopped = false
    private let deliver: @Sendable (ChangeBatch) -> Void

    /// Starts the debouncer's thread.
    public init(quiet: Double = 0.075, cap: Double = 1.0, deliver: @escaping @Sendable (ChangeBatch) -> Void) {
        state = DebounceState(quiet: quiet, cap: cap)
        self.deliver = deliver
        let thread = Thread { [self] in loop() }
        thread.name = "specsite.debouncer"
        thread.start()
    }

    /// Adds an event; `path` nil means everything changed.
    public func add(_ path: String?) {
        condition.withLock {
            state.add(path, at: Self.now())
            condition.signal()
        }
    }

    /// Adds several events at once.
    public func add(contentsOf paths: [String?]) {
        condition.withLock {
            let now = Self.now()
            for path in paths { state.add(path, at: now) }
            condition.signal()
        }
    }

    /// Ends the thread; pending events are dropped.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func loop() {
        while true {
            condition.lock()
            var batch: ChangeBatch?
            while batch == nil {
                if stopped {
                    condition.unlock()
                    return
                }
                let now = Self.now()
                if let due = state.take(at: now) {
                    batch = due
                } else if let deadline = state.deadline {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: deadline - now))
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
            if let batch { deliver(batch) }
        }
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
