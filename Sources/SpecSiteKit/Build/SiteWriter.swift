import Foundation

/// Writes a built site to its output folder all at once.
///
/// Files go into a staging folder beside the output as they are rendered (so a
/// large site is never held in memory whole); when the build succeeds the
/// staging folder takes the output's place, and when it fails it is deleted
/// and the last good site stays as it was. A file whose bytes did not change is
/// hard-linked from the previous site, so it keeps its modification time
/// (rsync, browsers and CDNs see it unchanged). The output folder holds a
/// marker file; a non-empty folder without one is never replaced, so a
/// mistyped `--output` cannot delete someone's work.
///
/// A build of a ``BuildSession`` that knows the site its previous build
/// committed (``WrittenSite``) updates the output in place instead: only
/// changed files go through the staging folder, and at commit each is renamed
/// over its old version (a reader sees the old file or the new one, never
/// part of one) and files gone from the site are deleted. Swapping the whole
/// folder would cost a link and an unlink per file, seconds at 10,000 pages,
/// and leave a moment with no site for a server to read.
///
/// A build interrupted by SIGINT or SIGTERM (see ``Interruption``) deletes its
/// staging folder through ``abort()`` from another thread: writes in flight
/// finish first and later ones are refused, so nothing is written into a
/// folder being deleted, and a commit in progress completes before it.
public final class SiteWriter: @unchecked Sendable {
    // @unchecked: `madeFolders` and the counters are guarded by `lock`,
    // `phase` and `inFlight` by `state`; the rest is immutable.

    /// Name of the marker file that proves specsite made a folder.
    public static let markerName = ".specsite-build"
    static let markerText = "This folder is built by specsite and replaced on every build. Edit the sources instead.\n"

    /// What a write did.
    public struct Result: Sendable, Equatable {
        /// Files whose bytes are new or changed.
        public var written: Int
        /// Files kept as they were (same bytes, same times).
        public var unchanged: Int
    }

    /// The folder being replaced.
    public let output: String
    private let staging: String
    private let retired: String
    private let lock = NSLock()
    private var madeFolders: Set<String> = [""]
    private var result = Result(written: 0, unchanged: 0)
    /// The site the output holds, when this build updates it in place.
    private let updating: WrittenSite?
    /// Each file of the new site, with its stamp, nil when it could not be
    /// taken (guarded by `lock`).
    private var stamps: [String: FileStamp?] = [:]
    /// Files written into the staging folder, when updating in place (guarded by `lock`).
    private var staged: [String] = []
    /// The site as committed, for the session's next build; nil before a
    /// commit, or when one failed half-way.
    private(set) var written: WrittenSite?

    /// Where the session is: open for writes, swapping into place, or over.
    private enum Phase { case open, committing, closed }
    private let state = NSCondition()
    private var phase = Phase.open
    /// Writes under way; ``abort()`` waits for them before deleting.
    private var inFlight = 0

    /// Sessions not yet committed or aborted, for ``Interruption``.
    private static let live = LiveWriters()

    /// Checks that `output` may be replaced: it does not exist, or is an empty
    /// folder, or is a folder specsite made.
    public static func checkReplaceable(_ output: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw Diagnostic(
                .error, file: output, rule: .output, "the output path is a file, not a folder; choose another --output")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        if !entries.isEmpty && !entries.contains(markerName) {
            throw Diagnostic(
                .error, file: output,
                rule: .output,
                "refusing to replace this folder: it is not empty and was not built by specsite (no \(markerName) file); "
                    + "choose an empty or new --output folder")
        }
    }

    /// Starts a new site for `output`: checks it may be replaced and makes the
    /// staging folder beside it.
    public convenience init(output: String) throws(Diagnostic) {
        try self.init(output: output, previous: nil)
    }

    /// Starts a new site for `output`, updating it in place when it still
    /// holds the site `previous` describes (its marker file unchanged).
    init(output: String, previous: WrittenSite?) throws(Diagnostic) {
        try Self.checkReplaceable(output)
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent().path
        let name = outputURL.lastPathComponent
        self.output = outputURL.path
        if let previous, previous.output == outputURL.path, let marker = previous.files[Self.markerName],
            FileStamp(path: outputURL.path + "/" + Self.markerName) == marker
        {
            updating = previous
        } else {
            updating = nil
        }
        staging = parent + "/.\(name).specsite-new-\(getpid())"
        retired = parent + "/.\(name).specsite-old-\(getpid())"
        let manager = FileManager.default
        Self.removeAbandonedStaging(in: parent, name: name)
        do {
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? manager.removeItem(atPath: staging)
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw Diagnostic(
                .error, file: output, rule: .output, "cannot create the site's staging folder: \(describe(error))")
        }
        Self.live.add(self)
    }

    /// Aborts every session still open: called when the process is
    /// interrupted, so no staging folder is left behind.
    static func abortAll() {
        for writer in live.all() { writer.abort() }
    }

    /// Writes one file of the new site (`path` relative to the output).
    /// `unchanged` says the bytes are those the session's previous build
    /// wrote there, so an update in place need not read the old file to
    /// compare. Safe to call from several threads at once.
    public func add(_ path: String, _ bytes: [UInt8], unchanged: Bool = false) throws(Diagnostic) {
        try begin()
        defer { end() }
        let previous = output + "/" + path
        if let updating {
            // Kept when the file is still the one the last build committed.
            if let known = updating.files[path], FileStamp(path: previous) == known,
                unchanged || Self.stamp(previous, ifHolding: bytes) != nil
            {
                lock.withLock {
                    stamps[path] = known
                    result.unchanged += 1
                }
                return
            }
        }
        try makeFolder(of: path)
        let target = staging + "/" + path
        if updating == nil, let stamp = Self.stamp(previous, ifHolding: bytes), link(previous, target) == 0 {
            lock.withLock {
                stamps[path] = stamp
                result.unchanged += 1
            }
            return
        }
        // A plain write: FileManager.createFile writes each file to a temporary
        // name and renames it, which the staging folder already makes unnecessary.
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic(
                .error, file: previous, rule: .output, "cannot write file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try Self.writeAll(bytes, to: descriptor, naming: previous)
        let stamp = FileStamp(descriptor: descriptor)
        lock.withLock {
            stamps[path] = stamp
            if updating != nil { staged.append(path) }
            result.written += 1
        }
    }

    /// Writes one file of the new site in pieces, as `produce` hands them
    /// over (`llms-full.txt`, as large as every document together, is
    /// never held whole), then kept as ``add(_:_:unchanged:)`` keeps a file
    /// whose bytes did not change. Safe beside `add` on other threads.
    public func stream(
        _ path: String, _ produce: (_ write: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        try begin()
        defer { end() }
        let previous = output + "/" + path
        try makeFolder(of: path)
        let descriptor = open(staging + "/" + path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic(
                .error, file: previous, rule: .output, "cannot write file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try produce { (bytes: [UInt8]) throws(Diagnostic) in try Self.writeAll(bytes, to: descriptor, naming: previous)
        }
        // Bytes the output holds already are kept as `add` keeps them: the
        // file of the last build (its stamp unchanged) in an update in place,
        // else linked from the previous site.
        let target = staging + "/" + path
        if let stamp = Self.stamp(previous, ifHoldingFile: target) {
            if let updating {
                if let known = updating.files[path], known == stamp {
                    unlink(target)
                    lock.withLock {
                        stamps[path] = known
                        result.unchanged += 1
                    }
                    return
                }
            } else if link(previous, target + ".link") == 0 {
                // Linked beside it and renamed over it: the written copy stays if either fails.
                if rename(target + ".link", target) == 0 {
                    lock.withLock {
                        stamps[path] = stamp
                        result.unchanged += 1
                    }
                    return
                }
                unlink(target + ".link")
            }
        }
        let stamp = FileStamp(descriptor: descriptor)
        lock.withLock {
            stamps[path] = stamp
            if updating != nil { staged.append(path) }
            result.written += 1
        }
    }

    /// Makes the staging folder that `path` is written in, once.
    private func makeFolder(of path: String) throws(Diagnostic) {
        // Not `NSString.deletingLastPathComponent`: on Linux it traps on a
        // one-character path (`a`, the parent folder of `a/page.html`).
        let folder = OutputPaths.folderOf(path)
        guard !lock.withLock({ madeFolders.contains(folder) }) else { return }
        do {
            try FileManager.default.createDirectory(atPath: staging + "/" + folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                .error, file: output + "/" + folder, rule: .output, "cannot create folder: \(describe(error))")
        }
        lock.withLock {
            var ancestor = folder
            while !ancestor.isEmpty, madeFolders.insert(ancestor).inserted {
                ancestor = OutputPaths.folderOf(ancestor)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`; errors name `file`.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, naming file: String) throws(Diagnostic) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(
                    .error, file: file, rule: .output, "cannot write file: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The stamp of the regular file at `path` when it holds the bytes of the
    /// file at `other`, compared a megabyte at a time.
    private static func stamp(_ path: String, ifHoldingFile other: String) -> FileStamp? {
        var info = stat()
        var otherInfo = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, stat(other, &otherInfo) == 0,
            info.st_size == otherInfo.st_size
        else { return nil }
        guard let old = FileHandle(forReadingAtPath: path), let new = FileHandle(forReadingAtPath: other) else {
            return nil
        }
        defer {
            try? old.close()
            try? new.close()
        }
        while true {
            let a = (try? old.read(upToCount: 1 << 20)) ?? Data()
            let b = (try? new.read(upToCount: 1 << 20)) ?? Data()
            guard a == b else { return nil }
            if a.isEmpty { return FileStamp(info) }
        }
    }

    /// Starts a write; refused once the session is over.
    private func begin() throws(Diagnostic) {
        state.lock()
        defer { state.unlock() }
        guard phase == .open else {
            throw Diagnostic(.error, file: output, rule: .output, "the build was stopped; nothing more is written")
        }
        inFlight += 1
    }

    private func end() {
        state.lock()
        inFlight -= 1
        state.broadcast()
        state.unlock()
    }

    /// Moves to `next` from `.open` once no write is in flight; false when
    /// the session had already left `.open` (then any commit has finished).
    private func leaveOpen(for next: Phase) -> Bool {
        state.lock()
        defer { state.unlock() }
        while phase == .committing { state.wait() }
        guard phase == .open else { return false }
        phase = next
        while inFlight > 0 { state.wait() }
        return true
    }

    private func finishSession() {
        state.lock()
        phase = .closed
        state.broadcast()
        state.unlock()
        Self.live.remove(self)
    }

    /// Puts the new site in place of the old one.
    public func commit() throws(Diagnostic) -> Result {
        if let updating {
            lock.withLock { stamps[Self.markerName] = updating.files[Self.markerName] }
        } else {
            try add(Self.markerName, Array(Self.markerText.utf8))
        }
        guard leaveOpen(for: .committing) else {
            throw Diagnostic(
                .error, file: output, rule: .output, "the build was stopped; the previous site was left as it was")
        }
        defer { finishSession() }
        if let updating { return try update(updating) }
        let manager = FileManager.default
        let hadPrevious = manager.fileExists(atPath: output)
        if hadPrevious, rename(output, retired) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: staging)
            throw Diagnostic(.error, file: output, rule: .output, "cannot replace the output folder: \(reason)")
        }
        if rename(staging, output) != 0 {
            let reason = String(cString: strerror(errno))
            if hadPrevious { _ = rename(retired, output) }
            try? manager.removeItem(atPath: staging)
            throw Diagnostic(.error, file: output, rule: .output, "cannot move the new site into place: \(reason)")
        }
        if hadPrevious { try? manager.removeItem(atPath: retired) }
        return lock.withLock {
            written =
                stamps.values.contains(nil) ? nil : WrittenSite(output: output, files: stamps.compactMapValues { $0 })
            return result
        }
    }

    /// Brings the output from the site `previous` describes to the new one:
    /// deletes files the new site has not, then renames each staged file over
    /// its old version.
    private func update(_ previous: WrittenSite) throws(Diagnostic) -> Result {
        let (stamps, staged, result) = lock.withLock { (self.stamps, self.staged, self.result) }
        let manager = FileManager.default
        defer { try? manager.removeItem(atPath: staging) }
        var emptied: Set<String> = []
        // Only a file that is still the one written: through a folder someone
        // replaced with a link, the path leads to another file, left alone.
        for path in previous.files.keys.sorted() where stamps[path] == nil {
            guard FileStamp(path: output + "/" + path) == previous.files[path] else { continue }
            unlink(output + "/" + path)
            var folder = OutputPaths.folderOf(path)
            while !folder.isEmpty, emptied.insert(folder).inserted { folder = OutputPaths.folderOf(folder) }
        }
        // Deepest first; a folder that still holds files stays.
        for folder in emptied.sorted(by: { $0.count > $1.count }) { rmdir(output + "/" + folder) }
        var checked: Set<String> = [""]
        for path in staged.sorted() {
            let folder = OutputPaths.folderOf(path)
            // A folder on the way that is a link (or a file) could lead out
            // of the output: refused, and the next build replaces the site whole.
            var ancestor = folder
            while !checked.contains(ancestor) {
                var info = stat()
                if lstat(output + "/" + ancestor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                    throw Diagnostic(
                        .error, file: output + "/" + ancestor,
                        rule: .output,
                        "is not a folder of the site (changed by hand?); the next build writes the site whole")
                }
                checked.insert(ancestor)
                ancestor = OutputPaths.folderOf(ancestor)
            }
            do {
                if !folder.isEmpty {
                    try manager.createDirectory(atPath: output + "/" + folder, withIntermediateDirectories: true)
                }
            } catch {
                throw Diagnostic(
                    .error, file: output + "/" + folder,
                    rule: .output, "cannot create folder: \(describe(error)); the next build writes the site whole")
            }
            if rename(staging + "/" + path, output + "/" + path) != 0 {
                throw Diagnostic(
                    .error, file: output + "/" + path,
                    rule: .output,
                    "cannot update file: \(String(cString: strerror(errno))); the next build writes the site whole")
            }
        }
        if !stamps.values.contains(nil) {
            written = WrittenSite(output: output, files: stamps.compactMapValues { $0 })
        }
        return result
    }

    /// Throws the new site away; the output folder is left as it was. Safe
    /// to call from any thread, while others write: it waits for their
    /// writes in flight, refuses later ones, and lets a commit under way finish.
    public func abort() {
        guard leaveOpen(for: .closed) else { return }
        try? FileManager.default.removeItem(atPath: staging)
        finishSession()
    }

    /// Removes staging folders left by builds that were killed (Ctrl-C, a
    /// crash): they carry the process id, and that process is gone.
    private static func removeAbandonedStaging(in parent: String, name: String) {
        let prefixes = [".\(name).specsite-new-", ".\(name).specsite-old-"]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            guard let prefix = prefixes.first(where: { entry.hasPrefix($0) }),
                let pid = pid_t(entry.dropFirst(prefix.count)), pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + entry)
            }
        }
    }

    /// The stamp of the regular file at `path` when it holds `bytes`, else nil.
    private static func stamp(_ path: String, ifHolding bytes: [UInt8]) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else {
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // memcmp, not `elementsEqual`, which compares Data and an array a byte
        // at a time through their iterators: seconds on a large site.
        let same = data.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in
                old.count == new.count && memcmp(old.baseAddress!, new.baseAddress!, new.count) == 0
            }
        }
        return same ? FileStamp(info) : nil
    }

    private func describe(_ error: Error) -> String {
        ContentDiscovery.describe(error)
    }
}

/// The ``SiteWriter`` sessions of the process that are still open.
private final class LiveWriters: @unchecked Sendable {
    // @unchecked: `writers` is guarded by `lock`.
    private let lock = NSLock()
    private var writers: [ObjectIdentifier: SiteWriter] = [:]

    func add(_ writer: SiteWriter) { lock.withLock { writers[ObjectIdentifier(writer)] = writer } }
    func remove(_ writer: SiteWriter) { lock.withLock { _ = writers.removeValue(forKey: ObjectIdentifier(writer)) } }
    func all() -> [SiteWriter] { lock.withLock { Array(writers.values) } }
}
