import Foundation

extension Array where Element: Sendable {
    /// Maps every element on all cores and returns the results in order.
    ///
    /// Written here rather than with task groups because each stage is plain
    /// synchronous CPU work over an array: `concurrentPerform` spreads it over
    /// the cores with no task or actor overhead and keeps the build synchronous.
    func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
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
