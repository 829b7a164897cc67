import Foundation

/// How many threads the parallel stages use.
public enum Parallelism {
    /// `SPECSITE_THREADS` (1 to 256) when set, else one per active core. Read
    /// once: every stage of a process uses the same width, and the output is
    /// the same at any width (tests build at several).
    public static let threads: Int = {
        if let text = ProcessInfo.processInfo.environment["SPECSITE_THREADS"], let value = Int(text),
            (1...256).contains(value)
        {
            return value
        }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()
}

extension Array where Element: Sendable {
    /// Maps every element on ``Parallelism/threads`` threads and returns the
    /// results in order (public so that a plugin can spread its own whole-site
    /// work).
    ///
    /// Written here rather than with task groups because each stage is plain
    /// synchronous CPU work over an array and needs no task or actor machinery.
    /// The workers are threads of their own rather than `concurrentPerform`'s,
    /// which never runs more at once than there are cores: a width set above
    /// the core count must really interleave, so tests can show that output
    /// does not depend on it.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let width = Swift.min(Parallelism.threads, count)
        guard width > 1 else { return map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = SendableBuffer(buffer: results)
        self.withUnsafeBufferPointer { elements in
            let input = SendableInput(buffer: elements)
            let next = NextIndex()
            withoutActuallyEscaping(transform) { transform in
                let work = SendableWork {
                    while let index = next.take(below: input.buffer.count) {
                        // Each index is taken by exactly one worker.
                        slots.buffer[index] = transform(input.buffer[index])
                    }
                }
                // POSIX threads rather than `Thread`, because they can be
                // joined: every worker is gone, and has let go of `transform`,
                // before `withoutActuallyEscaping` checks that it did not escape.
                var attributes = pthread_attr_t()
                pthread_attr_init(&attributes)
                defer { pthread_attr_destroy(&attributes) }
                // As much stack as the main thread: layout and rendering recurse.
                pthread_attr_setstacksize(&attributes, 8 << 20)
                var workers: [pthread_t] = []
                for _ in 1..<width {
                    let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
                    var thread = pthread_t()
                    let started = pthread_create(
                        &thread, &attributes,
                        { raw in
                            Unmanaged<WorkBox>.fromOpaque(raw!).takeRetainedValue().work.run()
                            return nil
                        }, box)
                    // A thread that cannot start leaves its share to the others.
                    if started == 0 { workers.append(thread) } else { Unmanaged<WorkBox>.fromOpaque(box).release() }
                }
                work.run()
                for thread in workers { pthread_join(thread, nil) }
            }
        }
        return results.map { $0! }
    }
}

/// Hands out indices to workers, each once.
private final class NextIndex: @unchecked Sendable {
    // @unchecked: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// The loop every worker runs; it only lives while `parallelMap` waits for it.
private struct SendableWork: @unchecked Sendable {
    let run: () -> Void
}

/// Carries the loop to a POSIX thread as one retained pointer.
private final class WorkBox {
    let work: SendableWork
    init(_ work: SendableWork) { self.work = work }
}

/// Carries the results buffer to the workers, which write disjoint slots.
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
