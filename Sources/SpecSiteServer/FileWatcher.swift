import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `specsite serve` watches: the content folder (its markdown, its
/// `templates/` and `specsite.yml` live inside it) and a settings file given
/// with `--config` outside it; never the output folder, the builder's staging
/// and lock files, `.git/` or editors' temporary files.
public struct WatchTargets: Sendable {
    /// The content folder, as the user named it.
    public var content: String
    /// Files outside the content folder to watch too, as the user named them.
    public var files: [String]
    /// The output folder: nothing in it is a change.
    public var output: String

    /// Creates the targets.
    public init(content: String, files: [String] = [], output: String) {
        self.content = content
        self.files = files
        self.output = output
    }

    /// Whether a change at `relative` (a path inside the content folder) is
    /// noise: version control, editors' swap, backup and probe files, the
    /// builder's own staging, old-site and lock entries.
    public static func ignores(_ relative: String) -> Bool {
        let components = relative.split(separator: "/")
        if components.contains(where: { $0 == ".git" || $0 == ".hg" || $0 == ".svn" }) { return true }
        guard let name = components.last else { return false }
        if name == "4913" || name == ".DS_Store" || name.hasSuffix("~") { return true }
        for suffix in [".swp", ".swx", ".swo", ".tmp", "___jb_tmp___", "___jb_old___"] where name.hasSuffix(suffix) {
            return true
        }
        // GNU sed -i's temporary file (`sedXXXXXX`), renamed over the file it edits.
        if name.count == 9 && name.hasPrefix("sed") && name.allSatisfy({ $0.isLetter || $0.isNumber }) { return true }
        // Emacs locks and autosaves; Foundation's atomic writes (`.dat.nosyncXXXX`, renamed into place).
        if name.hasPrefix(".#") || (name.hasPrefix("#") && name.hasSuffix("#")) || name.hasPrefix(".dat.nosync") {
            return true
        }
        return name.hasPrefix(".") && name.contains(".specsite-")
    }

    /// Whether a folder is left unwatched: the output and the builder's own folders beside it.
    func skipsFolder(absolute: String, name: String) -> Bool {
        if name == ".git" || (name.hasPrefix(".") && name.contains(".specsite-")) { return true }
        guard let outputReal = SiteFiles.realPath(output), let real = SiteFiles.realPath(absolute) else { return false }
        return real == outputReal || real.hasPrefix(outputReal + "/")
    }
}

/// Something that reports file changes until stopped.
public protocol FileWatcher: AnyObject, Sendable {
    /// Which mechanism it is, for the start-up line (`inotify`, `polling`).
    var mechanism: String { get }
    /// Stops watching; no report is made after it returns.
    func stop()
}

/// How changes are reported: paths relative to the content folder (or a
/// watched file's path as given), nil for "anything may have changed".
public typealias ChangeHandler = @Sendable ([String?]) -> Void

/// Makes the best watcher this system has: inotify on Linux, polling
/// elsewhere, or when inotify cannot start (its watch limit reached);
/// `polling` forces polling.
public enum Watchers {
    /// Starts a watcher over `targets`; `fallback` says why polling was used, if it was.
    public static func start(
        _ targets: WatchTargets, polling: Bool = false, onChange: @escaping ChangeHandler
    ) -> (watcher: any FileWatcher, fallback: String?) {
        #if os(Linux)
            if !polling {
                do {
                    return (try InotifyWatcher(targets, onChange: onChange), nil)
                } catch {
                    return (PollingWatcher(targets, onChange: onChange), "inotify unavailable (\(error)); polling")
                }
            }
        #endif
        return (PollingWatcher(targets, onChange: onChange), nil)
    }
}

/// A walk of the watched tree, shared by both watchers.
enum WatchTree {
    /// Every folder (relative, "" for the root) and file under `root`, by
    /// relative path, with its stamp; folders reached twice (through links)
    /// are walked once.
    static func walk(
        _ root: String, targets: WatchTargets, from start: String = "",
        visit: (_ relative: String, _ stamp: FileStamp) -> Void
    ) {
        var seen: Set<FileStamp.Identity> = []
        var pending = [start]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? root : root + "/" + relative
            guard let stamp = FileStamp(absolute, following: true), stamp.isFolder,
                seen.insert(stamp.identity).inserted
            else { continue }
            visit(relative, stamp)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard !WatchTargets.ignores(child), let entry = FileStamp(root + "/" + child, following: true) else {
                    continue
                }
                if entry.isFolder {
                    if !targets.skipsFolder(absolute: root + "/" + child, name: name) { pending.append(child) }
                } else {
                    visit(child, entry)
                }
            }
        }
    }
}

/// What polling compares: a file's identity, size and modification time.
struct FileStamp: Equatable, Sendable {
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }
    var identity: Identity
    var size: Int64
    var modified: Int64
    var isFolder: Bool

    init?(_ path: String, following: Bool) {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        isFolder = (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The fallback: a snapshot of every watched path's stamp, taken again every
/// `interval` seconds and compared.
public final class PollingWatcher: FileWatcher, @unchecked Sendable {
    // @unchecked: `stopped` is only touched under `condition`; the snapshot only on the thread.
    /// `polling`.
    public let mechanism = "polling"
    private let condition = NSCondition()
    private var stopped = false

    /// Takes the first snapshot and starts polling.
    public init(_ targets: WatchTargets, interval: Double = 0.3, onChange: @escaping ChangeHandler) {
        let first = Self.snapshot(targets)
        let thread = Thread { [self] in poll(targets, from: first, interval: interval, onChange: onChange) }
        thread.name = "specsite.poll"
        thread.start()
    }

    private func poll(
        _ targets: WatchTargets, from first: [String: FileStamp], interval: Double, onChange: ChangeHandler
    ) {
        var snapshot = first
        while condition.withLock({
            if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
            return !stopped
        }) {
            let next = Self.snapshot(targets)
            var changed: [String?] = []
            for (path, stamp) in next where snapshot[path] != stamp { changed.append(path) }
            for path in snapshot.keys where next[path] == nil { changed.append(path) }
            snapshot = next
            if !changed.isEmpty { condition.withLock { if !stopped { onChange(changed) } } }
        }
    }

    /// Stops polling.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    static func snapshot(_ targets: WatchTargets) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        WatchTree.walk(targets.content, targets: targets) { relative, stamp in
            // A folder's own time changes when an entry is added or removed.
            stamps[relative.isEmpty ? "." : relative] = stamp
        }
        for file in targets.files { stamps[file] = FileStamp(file, following: true) }
        return stamps
    }
}
