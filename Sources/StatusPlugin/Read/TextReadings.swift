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
    // @unchecked: every table is read and written under `lock`.
    private let lock = NSLock()
    private var headings: [Pair: PlanReader.HeadingReading?] = [:]
    private var metadata: [String: PlanReader.MetadataLine?] = [:]
    private var plainValues: [String: String] = [:]
    private var dependencyTexts: [String: StatusText.Dependencies] = [:]
    private var flags: [Question: Bool] = [:]
    private var statuses: [String: StatusText.Reading] = [:]
    private var stated: [String: WorkStatus?] = [:]
    private var count = 0

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

    /// ``PlanReader/workItem(fromHeading:plainText:)`` of a heading.
    func heading(_ key: Pair, _ read: () -> PlanReader.HeadingReading?) -> PlanReader.HeadingReading? {
        remember(\.headings, key, read)
    }

    /// ``PlanReader/metadataLine(in:)`` of a line.
    func metadataLine(_ key: String, _ read: () -> PlanReader.MetadataLine?) -> PlanReader.MetadataLine? {
        remember(\.metadata, key, read)
    }

    /// ``PlanReader/plain(_:)`` of a value.
    func plain(_ key: String, _ read: () -> String) -> String {
        remember(\.plainValues, key, read)
    }

    /// ``StatusText/dependencies(_:)`` of a value.
    func dependencies(_ key: String, _ read: () -> StatusText.Dependencies) -> StatusText.Dependencies {
        remember(\.dependencyTexts, key, read)
    }

    /// ``StatusText/read(_:)`` of a status text.
    func status(_ key: String, _ read: () -> StatusText.Reading) -> StatusText.Reading {
        remember(\.statuses, key, read)
    }

    /// ``PlanReader/statedStatus(_:)`` of a list entry's text.
    func statedStatus(_ key: String, _ read: () -> WorkStatus?) -> WorkStatus? {
        remember(\.stated, key, read)
    }

    /// A yes-or-no reading; `key` names the question and the text.
    func flag(_ key: Question, _ read: () -> Bool) -> Bool {
        remember(\.flags, key, read)
    }

    /// The value kept in `table` for `key`, or `read()`'s, kept. A value that
    /// is itself optional is kept as it is, nil included, and not read again.
    private func remember<Key: Hashable, Value>(
        _ table: ReferenceWritableKeyPath<TextReadings, [Key: Value]>, _ key: Key, _ read: () -> Value
    ) -> Value {
        if let known = lock.withLock({ self[keyPath: table][key] }) { return known }
        let value = read()
        lock.withLock {
            count += 1
            if count > Self.limit {
                headings = [:]
                metadata = [:]
                plainValues = [:]
                dependencyTexts = [:]
                flags = [:]
                statuses = [:]
                stated = [:]
                count = 1
            }
            self[keyPath: table][key] = value
        }
        return value
    }
}
