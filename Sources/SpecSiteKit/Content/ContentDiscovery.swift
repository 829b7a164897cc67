import Foundation

/// A file found in the content folder.
public struct SourceFile: Sendable, Equatable {
    /// Path relative to the content folder, with `/` separators (`.planning/ROADMAP.md`).
    public var relativePath: String
    /// Absolute path on disk.
    public var absolutePath: String
    /// The file's stamp as discovery found it (links followed), so a
    /// rebuild that only compares stamps need not ask the disk a second
    /// time per file; not part of the file's identity.
    var stamp: SourceStamp?
    /// The part of a data file this page is (``Plugin/dataPageParts(_:data:)``):
    /// `relativePath` is then the part's own, and `absolutePath` the file's.
    var part: DataPagePart?
    /// The parts a data file's own page is split into.
    var parts: [DataPagePart] = []

    /// The content path of the file read: the data file's, for a part of one.
    var filePath: String { part?.file ?? relativePath }

    /// Whether the file is a markdown document (`.md` or `.markdown`).
    public var isMarkdown: Bool {
        guard part == nil else { return false }
        let lower = relativePath.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// Creates a source file.
    public init(relativePath: String, absolutePath: String) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
    }

    /// Whether both name the same file (stamps aside).
    public static func == (first: SourceFile, second: SourceFile) -> Bool {
        first.relativePath == second.relativePath && first.absolutePath == second.absolutePath
    }
}

/// Finds the documents and other files of a content folder.
///
/// Hidden folders such as `.planning/` are included (spec tools keep plans
/// there); `.git/` is not. Every real folder is read once: the folders
/// themselves first, then the folders symbolic links lead to, in order, each
/// skipped with a warning when it was read already (a loop, or a second name
/// for the same folder). So a tree whose links share sub-folders is read in
/// time linear in its size, not exponential. Symbolic links that lead outside
/// the content folder, or into `/proc`, `/sys` or `/dev`, are skipped with a
/// warning naming the link (see ``ContentBoundary``).
public enum ContentDiscovery {
    /// Every regular file under `root`, sorted by relative path. `skip` names
    /// top-level entries to leave out (the site's `templates/`, its config).
    /// With `followLinksOutside`, symbolic links may lead outside `root`.
    public static func scan(
        root: String, displayRoot: String, skip: Set<String> = [], followLinksOutside: Bool = false,
        diagnostics: DiagnosticLog
    ) -> [SourceFile] {
        discover(
            root: root, displayRoot: displayRoot, skip: skip,
            boundary: ContentBoundary(folder: root, followLinksOutside: followLinksOutside), diagnostics: diagnostics
        ).files
    }

    /// What a walk found.
    struct Discovery {
        /// Every regular file, sorted by relative path.
        var files: [SourceFile]
        /// Entries that were skipped although they may look like files a page
        /// links to (symbolic links out of the folder, devices), by relative
        /// path, with the reason, for the messages about those links.
        var refused: [String: String]
    }

    /// Walks `root` (the content folder, or a folder inside it such as
    /// `templates/`) within `boundary`.
    static func discover(
        root: String, displayRoot: String, skip: Set<String> = [], boundary: ContentBoundary,
        diagnostics: DiagnosticLog
    ) -> Discovery {
        var walk = Walk(boundary: boundary, displayRoot: displayRoot, skip: skip, diagnostics: diagnostics)
        walk.run(root: root)
        return Discovery(files: walk.files.sorted { $0.relativePath < $1.relativePath }, refused: walk.refused)
    }

    /// A folder by device and inode: the same folder whatever path reaches it.
    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private struct Walk {
        let boundary: ContentBoundary
        let displayRoot: String
        let skip: Set<String>
        let diagnostics: DiagnosticLog
        var files: [SourceFile] = []
        var refused: [String: String] = [:]
        /// Folders read (or being read), with the relative path they were read under.
        var visited: [FolderID: String] = [:]
        /// Symbolic links to folders, followed once the real folders are read.
        var links: [(path: String, relative: String)] = []

        init(boundary: ContentBoundary, displayRoot: String, skip: Set<String>, diagnostics: DiagnosticLog) {
            self.boundary = boundary
            self.displayRoot = displayRoot
            self.skip = skip
            self.diagnostics = diagnostics
        }

        mutating func run(root: String) {
            // A folder such as templates/ may itself be a link out.
            let real = ContentDiscovery.realPath(root) ?? root
            if let refusal = boundary.refusal(realPath: real) {
                var link = stat()
                let what =
                    lstat(root, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
                    ? "symbolic link to '\(Self.linkText(root))' " : ""
                diagnostics.warning(displayRoot, rule: .unreadable, "\(what)\(refusal.reason) (skipped)")
                return
            }
            var info = stat()
            guard stat(root, &info) == 0 else {
                diagnostics.error(
                    displayRoot, rule: .unreadable, "cannot read folder: \(String(cString: strerror(errno)))")
                return
            }
            visited[FolderID(info)] = ""
            read(folder: root, relative: "")
            // A queue, not recursion: links found in linked folders join the end.
            var next = 0
            while next < links.count {
                let link = links[next]
                next += 1
                follow(link.path, relative: link.relative)
            }
        }

        private func display(_ relative: String) -> String {
            ContentDiscovery.join(displayRoot, relative)
        }

        private mutating func read(folder: String, relative: String) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                diagnostics.error(
                    display(relative), rule: .unreadable, "cannot read folder: \(ContentDiscovery.describe(error))")
                return
            }
            for name in names {
                if name == ".git" || (relative.isEmpty && skip.contains(name)) { continue }
                let path = folder + "/" + name
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }  // gone since the folder was listed
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    readLink(path, relative: childRelative)
                case S_IFDIR:
                    guard stat(path, &info) == 0, enter(path, info: info, relative: childRelative) else { continue }
                    read(folder: path, relative: childRelative)
                case S_IFREG:
                    var file = SourceFile(relativePath: childRelative, absolutePath: path)
                    file.stamp = SourceStamp(info)
                    files.append(file)
                default:
                    skipSpecialFile(name, relative: childRelative)
                }
            }
        }

        /// Marks a real folder as read; false (with a warning) when it was
        /// read already or is a kernel file system mounted in the content folder.
        private mutating func enter(_ path: String, info: stat, relative: String) -> Bool {
            if ContentBoundary.onKernelFileSystem(path: path) {
                diagnostics.warning(
                    display(relative), rule: .unreadable, "a kernel file system (like /proc) is never read (skipped)")
                return false
            }
            if let first = visited[FolderID(info)] {
                diagnostics.warning(
                    display(relative), rule: .unreadable, "this folder is already read as \(display(first)) (skipped)")
                return false
            }
            visited[FolderID(info)] = relative
            return true
        }

        private mutating func readLink(_ path: String, relative: String) {
            var info = stat()
            guard stat(path, &info) == 0, let real = ContentDiscovery.realPath(path) else {
                let reason = errno == ELOOP ? "symbolic link loop" : "broken symbolic link"
                diagnostics.warning(display(relative), rule: .unreadable, "\(reason) (skipped)")
                return
            }
            // The link's own text names it in messages: the real path of
            // `/proc/self/…` changes from run to run, and output must not.
            let target = Self.linkText(path)
            if let refusal = boundary.refusal(realPath: real) {
                var message = "symbolic link to '\(target)' \(refusal.reason) (skipped"
                if refusal == .outside { message += "; 'follow_links_outside: true' in specsite.yml allows it" }
                diagnostics.warning(display(relative), rule: .unreadable, message + ")")
                refused[relative] = "a symbolic link that \(refusal.reason)"
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                links.append((path, relative))
            case S_IFREG:
                if ContentBoundary.onKernelFileSystem(path: path) {
                    diagnostics.warning(
                        display(relative), rule: .unreadable,
                        "symbolic link to '\(target)' leads into a kernel file system (skipped)")
                    refused[relative] = "a symbolic link into a kernel file system"
                    return
                }
                var file = SourceFile(relativePath: relative, absolutePath: path)
                file.stamp = SourceStamp(info)
                files.append(file)
            default:
                skipSpecialFile((relative as NSString).lastPathComponent, relative: relative)
            }
        }

        /// Reads the folder a symbolic link leads to, unless it is read already.
        private mutating func follow(_ path: String, relative: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }  // changed since it was found
            if let first = visited[FolderID(info)] {
                let parent = ContentDiscovery.realPath((path as NSString).deletingLastPathComponent) ?? ""
                let real = ContentDiscovery.realPath(path) ?? path
                if parent == real || parent.hasPrefix(real == "/" ? "/" : real + "/") {
                    diagnostics.warning(
                        display(relative), rule: .unreadable,
                        "symbolic link loop: it leads to a folder that holds it (skipped)")
                } else {
                    diagnostics.warning(
                        display(relative),
                        rule: .unreadable, "symbolic link to a folder already read as \(display(first)) (skipped)")
                }
                return
            }
            let real = ContentDiscovery.realPath(path) ?? path
            if boundary.root != "/" && boundary.root.hasPrefix(real == "/" ? "/" : real + "/") {
                // With links outside allowed: a folder holding the content folder
                // would read the content again, and the output, and maybe the disk.
                diagnostics.warning(
                    display(relative),
                    rule: .unreadable,
                    "symbolic link to '\(Self.linkText(path))' leads to a folder that holds the content folder (skipped)"
                )
                refused[relative] = "a symbolic link to a folder that holds the content folder"
                return
            }
            guard enter(path, info: info, relative: relative) else { return }
            read(folder: path, relative: relative)
        }

        /// FIFOs, sockets and devices: reading one could block for ever.
        private mutating func skipSpecialFile(_ name: String, relative: String) {
            refused[relative] = "not a regular file"
            if name.lowercased().hasSuffix(".md") || name.lowercased().hasSuffix(".markdown") {
                diagnostics.warning(display(relative), rule: .unreadable, "not a regular file (skipped)")
            }
        }

        /// What a symbolic link says, as written.
        static func linkText(_ path: String) -> String {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        }
    }

    static func join(_ root: String, _ relative: String) -> String {
        if relative.isEmpty { return root }
        if root.isEmpty || root == "." { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func describe(_ error: Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            posix.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}
