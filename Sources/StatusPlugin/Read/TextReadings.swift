import Foundation

/// Readings of a heading or a line that depend on its text alone, remembered
/// across the versions of a page that a history replay reads.
///
/// A replay reads a plan again at every commit that changed it, and a commit
/// changes a line or two: without this, each of hundreds of headings and
/// status lines would go through the same regular expressions a thousand
/// times. One-off builds read each text once and do not use it. Shared by
/// the threads that read pages, behind a lock; emptied when it grows past
/// ``limit`` entries, so a long history cannot fill the memory.
final class TextReadings: @unchecked Sendable {
    // @unchecked: `tables` is read and written under `lock` only. An
    // `NSLock`, not the stdlib's `Mutex`: under the thread sanitizer on
    // Linux, accesses made while holding the `Mutex` were reported as
    // races, as if there were no lock.
    private let lock = NSLock()
    private var tables = Tables()

    private struct Tables {
        var headings: [Pair: PlanReader.HeadingText] = [:]
        var metadata: [String: PlanReader.MetadataLine?] = [:]
        var dependencyTexts: [String: StatusText.Dependencies] = [:]
        var flags: [Question: Bool] = [:]
        var statuses: [String: StatusText.Reading] = [:]
        var stated: [String: WorkStatus?] = [:]
        var count = 0
    }

    /// Entries kept before all are dropped.
    static let limit = 200_000

    /// Two texts read together (a heading's source and its plain text):
    /// kept as they are, not joined into a new string at every lookup.
    struct Pair: Hashable {
        var first: String
        var second: String
    }

    /// A yes-or-no question (its number) asked of a text.
    struct Question: Hashable {
        var number: UInt8
        var text: String
    }

    /// ``PlanReader/HeadingText`` of a heading.
    func heading(_ key: Pair, _ read: () -> PlanReader.HeadingText) -> PlanReader.HeadingText {
        lock.withLock { tables.headings[key] } ?? keep(read()) { $0.headings[key] = $1 }
    }

    /// ``PlanReader/metadataLine(in:)`` of a line.
    func metadataLine(_ key: String, _ read: () -> PlanReader.MetadataLine?) -> PlanReader.MetadataLine? {
        lock.withLock { tables.metadata[key] } ?? keep(read()) { $0.metadata[key] = $1 }
    }

    /// ``StatusText/dependencies(_:)`` of a value.
    func dependencies(_ key: String, _ read: () -> StatusText.Dependencies) -> StatusText.Dependencies {
        lock.withLock { tables.dependencyTexts[key] } ?? keep(read()) { $0.dependencyTexts[key] = $1 }
    }

    /// ``StatusText/read(_:)`` of a status text.
    func status(_ key: String, _ read: () -> StatusText.Reading) -> StatusText.Reading {
        lock.withLock { tables.statuses[key] } ?? keep(read()) { $0.statuses[key] = $1 }
    }

    /// ``PlanReader/statedStatus(_:)`` of a list entry's text.
    func statedStatus(_ key: String, _ read: () -> WorkStatus?) -> WorkStatus? {
        lock.withLock { tables.stated[key] } ?? keep(read()) { $0.stated[key] = $1 }
    }

    /// A yes-or-no reading; `key` names the question and the text.
    func flag(_ key: Question, _ read: () -> Bool) -> Bool {
        lock.withLock { tables.flags[key] } ?? keep(read()) { $0.flags[key] = $1 }
    }

    /// Keeps `value` with `store`, which writes it into its table in place,
    /// and returns it. A value that is itself optional is kept as it is, nil
    /// included, so it is not read again.
    private func keep<Value>(_ value: Value, _ store: (inout Tables, Value) -> Void) -> Value {
        lock.withLock {
            tables.count += 1
            if tables.count > Self.limit { tables = Tables(count: 1) }
            store(&tables, value)
        }
        return value
    }
}
