import Foundation

extension Array where Element: Sendable {
    /// Maps every element on all cores and returns the results in order
    /// (public so that a plugin can spread its own whole-site work).
    ///
    /// Written here rather than with task groups because each stage is plain
    /// synchronous CPU work over an array: `concurrentPerform` spreads it over
    /// the cores with no task or actor overhead and keeps the build synchronous.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = SendableBuffer(buffer: results)
        self.withUnsafeBufferPointer { elements in
            let input = SendableInput(buffer: elements)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                // Each index is written by exactly one iteration.
                slots.buffer[index] = transform(input.buffer[index])
            }
        }
        return results.map { $0! }
    }
}

/// Carries a buffer into `concurrentPerform`, whose iterations write disjoint slots.
private struct SendableBuffer<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value>
}

private struct SendableInput<Value>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Value>
}

/// Counts finished items of a parallel stage and reports `label n/total` now
/// and then, so a long build shows it is moving.
final class StageProgress: @unchecked Sendable {
    // @unchecked: `done` is guarded by `lock`.
    private let label: String
    private let total: Int
    private let every: Int
    private let report: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    private var done = 0

    init(_ label: String, total: Int, report: (@Sendable (String) -> Void)?) {
        self.label = label
        self.total = total
        self.every = max(total / 50, 25)
        self.report = report
        report?("\(label) \(total)")
    }

    /// Marks one item done.
    func step() {
        guard let report else { return }
        let count: Int = lock.withLock {
            done += 1
            return done
        }
        if count % every == 0 && count < total { report("\(label) \(count)/\(total)") }
    }
}
