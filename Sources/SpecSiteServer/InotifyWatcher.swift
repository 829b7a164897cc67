#if os(Linux)
    import Foundation
    import Glibc

    /// Linux's inotify: a watch on every folder of the content tree, added as
    /// new folders appear; the parent folder of each watched file outside it.
    ///
    /// A kernel queue overflow (`IN_Q_OVERFLOW`) reports "everything changed".
    /// When the content folder itself goes (deleted, renamed), that is
    /// reported too, and the watcher looks for it every half second and
    /// watches it again when it is back. A new file counts when it is closed
    /// after writing, not when it is created, so a file still being written
    /// is not built half-way (a link, which is never written, counts at once).
    public final class InotifyWatcher: FileWatcher, @unchecked Sendable {
        // @unchecked: `folders`, `rootWatched` and the descriptors are only
        // touched on the watcher's thread, and `stopped` under `condition`.
        /// `inotify`.
        public let mechanism = "inotify"
        private let targets: WatchTargets
        private let onChange: ChangeHandler
        private let descriptor: Int32
        private let wake: (read: Int32, write: Int32)
        private let condition = NSCondition()
        private var stopped = false
        private var finished = false
        /// Watch descriptor → folder relative to the content root.
        private var folders: [Int32: String] = [:]
        /// Watch descriptor → (file path as given, its folder) for files outside the content.
        private var files: [Int32: [(path: String, name: String)]] = [:]
        private var rootWatched = false

        private static let folderMask: UInt32 = UInt32(
            IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
                | IN_MOVE_SELF | IN_ONLYDIR)

        /// Starts watching; throws when inotify cannot be set up (no
        /// descriptors left, the user's watch limit reached).
        public init(_ targets: WatchTargets, onChange: @escaping ChangeHandler) throws {
            self.targets = targets
            self.onChange = onChange
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw WatchError(errno: errno) }
            var pipeEnds: [Int32] = [0, 0]
            guard pipe(&pipeEnds) == 0 else {
                close(descriptor)
                throw WatchError(errno: errno)
            }
            wake = (pipeEnds[0], pipeEnds[1])
            do {
                try watchTree(from: "")
                for file in targets.files { try watchFile(file) }
            } catch {
                close(descriptor)
                close(wake.read)
                close(wake.write)
                throw error
            }
            let thread = Thread { [self] in
                loop()
                condition.withLock {
                    finished = true
                    condition.broadcast()
                }
            }
            thread.name = "specsite.inotify"
            thread.start()
        }

        /// Stops watching and waits for the watcher's thread to end.
        public func stop() {
            let first = condition.withLock {
                defer { stopped = true }
                return !stopped
            }
            guard first else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            condition.withLock { while !finished { condition.wait() } }
            close(descriptor)
            close(wake.read)
            close(wake.write)
        }

        private var isStopped: Bool { condition.withLock { stopped } }

        private func loop() {
            var buffer = [UInt8](repeating: 0, count: 256 * 1024)
            var polls = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            while !isStopped {
                polls[0].revents = 0
                polls[1].revents = 0
                let ready = poll(&polls, 2, rootWatched ? -1 : 500)
                if isStopped { return }
                if ready < 0 && errno != EINTR { return }
                if !rootWatched { lookForRoot() }
                guard ready > 0, polls[0].revents & Int16(POLLIN) != 0 else { continue }
                var changes: [String?] = []
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    parse(buffer, count: count, into: &changes)
                }
                if !changes.isEmpty { report(changes) }
            }
        }

        /// Reports unless stopped, so nothing is reported after ``stop()``.
        private func report(_ changes: [String?]) {
            condition.withLock { if !stopped { onChange(changes) } }
        }

        private func parse(_ buffer: [UInt8], count: Int, into changes: inout [String?]) {
            let headerSize = MemoryLayout<inotify_event>.size
            var offset = 0
            while offset + headerSize <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(offset + headerSize + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + length
                handle(watch: watch, mask: mask, name: name, into: &changes)
            }
        }

        private func handle(watch: Int32, mask: UInt32, name: String, into changes: inout [String?]) {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append(nil)
                return
            }
            if let watched = files[watch] {
                for file in watched where file.name == name { changes.append(file.path) }
                return
            }
            guard let folder = folders[watch] else { return }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[watch] = nil
                if folder.isEmpty { rootGone(&changes) }
                return
            }
            if folder.isEmpty && mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                rootGone(&changes)
                return
            }
            guard !name.isEmpty else { return }
            let relative = folder.isEmpty ? name : folder + "/" + name
            guard !WatchTargets.ignores(relative) else { return }
            let isFolder = mask & UInt32(IN_ISDIR) != 0
            if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                guard !targets.skipsFolder(absolute: targets.content + "/" + relative, name: name) else { return }
                // Files made before the watch was in place would be missed: report them all.
                let before = changes.count
                try? watchTree(from: relative) { changes.append($0) }
                if changes.count == before { changes.append(relative) }
            } else if isFolder && mask & UInt32(IN_MOVED_FROM) != 0 {
                unwatch(under: relative)
                changes.append(relative)
            } else if !isFolder && mask & UInt32(IN_CREATE) != 0 {
                var info = stat()
                let path = targets.content + "/" + relative
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { changes.append(relative) }
            } else {
                changes.append(relative)
            }
        }

        private func rootGone(_ changes: inout [String?]) {
            for watch in folders.keys { inotify_rm_watch(descriptor, watch) }
            folders = [:]
            rootWatched = false
            changes.append(nil)
        }

        private func lookForRoot() {
            guard FileStamp(targets.content, following: true)?.isFolder == true else { return }
            var changes: [String?] = [nil]
            try? watchTree(from: "") { changes.append($0) }
            if rootWatched { report(changes) }
        }

        /// Watches `start` and every folder under it; `found` gets each file.
        private func watchTree(from start: String, found: (String) -> Void = { _ in }) throws {
            var failure: WatchError?
            WatchTree.walk(targets.content, targets: targets, from: start) { relative, stamp in
                guard stamp.isFolder else { return found(relative) }
                let path = relative.isEmpty ? targets.content : targets.content + "/" + relative
                let watch = inotify_add_watch(descriptor, path, Self.folderMask)
                if watch >= 0 {
                    folders[watch] = relative
                    if relative.isEmpty { rootWatched = true }
                } else if errno == ENOSPC || errno == ENOMEM {
                    failure = failure ?? WatchError(errno: errno)
                }
            }
            if let failure { throw failure }
        }

        private func watchFile(_ path: String) throws {
            let folder = (path as NSString).deletingLastPathComponent
            let watch = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, Self.folderMask)
            guard watch >= 0 else { throw WatchError(errno: errno) }
            files[watch, default: []].append((path, (path as NSString).lastPathComponent))
        }

        private func unwatch(under relative: String) {
            for (watch, folder) in folders where folder == relative || folder.hasPrefix(relative + "/") {
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
            }
        }
    }

    /// Why inotify could not watch.
    struct WatchError: Error, CustomStringConvertible {
        var errno: Int32
        var description: String {
            errno == ENOSPC
                ? "the inotify watch limit is reached (sysctl fs.inotify.max_user_watches)"
                : String(cString: strerror(errno))
        }
    }
#endif
