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
    private var headings: [String: PlanReader.HeadingReading?] = [:]
    private var metadata: [String: PlanReader.MetadataLine?] = [:]
    private var plainValues: [String: String] = [:]
    private var dependencyTexts: [String: StatusText.Dependencies] = [:]
    private var flags: [String: Bool] = [:]
    private var statuses: [String: StatusText.Reading] = [:]
    private var stated: [String: WorkStatus?] = [:]
    private var count = 0

    /// Entries kept before all are dropped.
    static let limit = 200_000

    func heading(_ key: String, _ read: () -> PlanReader.HeadingReading?) -> PlanReader.HeadingReading? {
        if let known = lock.withLock({ headings[key] }) { return known }
        let value = read()
        store { $0.headings[key] = .some(value) }
        return value
    }

    func metadataLine(_ key: String, _ read: () -> PlanReader.MetadataLine?) -> PlanReader.MetadataLine? {
        if let known = lock.withLock({ metadata[key] }) { return known }
        let value = read()
        store { $0.metadata[key] = .some(value) }
        return value
    }

    func plain(_ key: String, _ read: () -> String) -> String {
        if let known = lock.withLock({ plainValues[key] }) { return known }
        let value = read()
        store { $0.plainValues[key] = value }
        return value
    }

    func dependencies(_ key: String, _ read: () -> StatusText.Dependencies) -> StatusText.Dependencies {
        if let known = lock.withLock({ dependencyTexts[key] }) { return known }
        let value = read()
        store { $0.dependencyTexts[key] = value }
        return value
    }

    /// ``StatusText/read(_:)`` of a status text.
    func status(_ key: String, _ read: () -> StatusText.Reading) -> StatusText.Reading {
        if let known = lock.withLock({ statuses[key] }) { return known }
        let value = read()
        store { $0.statuses[key] = value }
        return value
    }

    /// ``PlanReader/statedStatus(_:)`` of a list entry's text.
    func statedStatus(_ key: String, _ read: () -> WorkStatus?) -> WorkStatus? {
        if let known = lock.withLock({ stated[key] }) { return known }
        let value = read()
        store { $0.stated[key] = .some(value) }
        return value
    }

    /// A yes-or-no reading; `key` names the question and the text.
    func flag(_ key: String, _ read: () -> Bool) -> Bool {
        if let known = lock.withLock({ flags[key] }) { return known }
        let value = read()
        store { $0.flags[key] = value }
        return value
    }

    private func store(_ add: (TextReadings) -> Void) {
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
            add(self)
        }
    }
}
