import Foundation
import SpecSiteKit
import Synchronization

/// A replayed history kept in a cache folder (the build cache's), with the
/// commit it ends at and the settings it was read with, so that a build
/// with no new commit does not replay anything. The last history read or
/// made is also kept in memory, so `serve` does not decode it at each rebuild.
struct HistoryCache {
    /// What the file holds.
    struct Contents: Codable {
        /// The file's format: a cache of another format is ignored.
        var format = HistoryCache.format
        /// The settings the history was read with (``SnapshotLoader/settingsKey``).
        var settings: String
        /// The commit the history ends at.
        var head: String
        /// The history.
        var history: StatusHistory
    }

    /// Raised when what a point or the status model holds changes.
    static let format = 4

    let folder: String
    /// ``SnapshotLoader/settingsDigest``: folders and settings that differ
    /// keep their histories in files of their own.
    let digest: String

    var file: String {
        (folder as NSString).appendingPathComponent("status-history-\(digest.prefix(24)).json")
    }

    /// The last history read or written in this process.
    private static let recent = Mutex<Contents?>(nil)

    /// The kept history, when there is one for these settings.
    func read(settings: String) -> Contents? {
        if let recent = Self.recent.withLock({ $0 }), recent.settings == settings { return recent }
        guard let data = FileManager.default.contents(atPath: file),
            let contents = try? JSONDecoder().decode(Contents.self, from: data),
            contents.format == Self.format, contents.settings == settings
        else { return nil }
        Self.recent.withLock { $0 = contents }
        return contents
    }

    /// Keeps the history; a cache that cannot be written is only slower next time.
    func write(_ contents: Contents) {
        Self.recent.withLock { $0 = contents }
        guard let data = try? JSONEncoder().encode(contents) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written beside and moved into place: a reader never sees half a file.
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, file) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
