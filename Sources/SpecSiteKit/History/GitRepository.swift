import Foundation

/// The git history of a content folder, read through the `git` command.
///
/// Why the command and not libgit2: a replay needs two things from git, the
/// first-parent log of the folder with each commit's changed blobs (one
/// `git log --raw` stream) and the bytes of those blobs (one long-lived
/// `git cat-file --batch`). Both are single processes whatever the length of
/// the history, so the command costs two process starts per replay; libgit2
/// would add a system-library target, a C API to wrap, and its own handling
/// of shallow clones, worktrees, `safe.directory` and config, which the
/// command already gets right. Every path is relative to the content folder.
public struct GitRepository: Sendable {
    /// The content folder, as given.
    public let folder: String
    /// The `git` executable.
    let executable: String
    /// Whether the clone holds only part of the history (CI's default `--depth 1`).
    public let isShallow: Bool
    /// The repository's top folder (its work tree).
    public let topLevel: String

    /// Why a folder has no history to read.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// What is missing, as a sentence fragment (`no git command on PATH`).
        public var reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// Opens the repository that holds `folder`, or says why there is none.
    public init(folder: String) throws(Unavailable) {
        guard let git = Self.findExecutable() else { throw Unavailable(reason: "no git command on PATH") }
        self.folder = folder
        self.executable = git
        let probe = GitProcess.run(
            git, ["-C", folder, "rev-parse", "--is-shallow-repository", "--show-toplevel", "--verify", "HEAD"])
        guard probe.status == 0 else {
            let message = String(decoding: probe.error, as: UTF8.self)
            if message.contains("not a git repository") {
                throw Unavailable(reason: "not inside a git repository")
            }
            if message.contains("dubious ownership") {
                throw Unavailable(
                    reason: "git refuses the repository (owned by another user; see git's safe.directory)")
            }
            if message.contains("Needed a single revision") || message.contains("unknown revision") {
                throw Unavailable(reason: "the git repository has no commits yet")
            }
            let first = message.split(separator: "\n").first.map(String.init) ?? "exit \(probe.status)"
            throw Unavailable(reason: "git failed: \(first)")
        }
        let lines = String(decoding: probe.output, as: UTF8.self).split(separator: "\n")
        isShallow = lines.first == "true"
        topLevel = lines.count > 1 ? String(lines[1]) : folder
    }

    /// The commits of the whole repository that changed any of `paths`
    /// (relative to ``topLevel``), newest first, with their full messages
    /// and the files of `paths` each changed. Merged branches' own commits
    /// are included: their messages are where a task's id is named.
    public func commits(touching paths: [String]) throws(Unavailable) -> [GitTouch] {
        guard !paths.isEmpty else { return [] }
        let result = GitProcess.run(
            executable,
            [
                "-C", topLevel, "-c", "log.showSignature=false", "log", "-z", "--name-only", "--no-renames",
                "--format=%x1e%H%x1f%ct%x1f%B%x1d", "HEAD", "--",
            ] + paths.map { ":(literal)" + $0 })
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self)
            throw Unavailable(reason: message.split(separator: "\n").first.map(String.init) ?? "git log failed")
        }
        var touches: [GitTouch] = []
        for record in result.output.split(separator: 0x1E) {
            guard let end = record.firstIndex(of: 0x1D) else { continue }
            let header = record[record.startIndex..<end].split(
                separator: 0x1F, maxSplits: 2, omittingEmptySubsequences: false)
            guard header.count == 3 else { continue }
            let files = record[(end + 1)...].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .map { $0.hasPrefix("\n") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
            touches.append(
                GitTouch(
                    id: String(decoding: header[0], as: UTF8.self),
                    date: Int(String(decoding: header[1], as: UTF8.self)) ?? 0,
                    message: String(decoding: header[2], as: UTF8.self), files: files))
        }
        return touches
    }

    /// Every file of the repository, relative to ``topLevel``: those of
    /// HEAD's tree and those the index adds. HEAD's are read too because
    /// the index alone can be empty or stale (a checkout made without one,
    /// a sparse checkout), and a file committed is in the repository.
    public func trackedFiles() throws(Unavailable) -> [String] {
        var files = Set<String>()
        let tree = GitProcess.run(executable, ["-C", topLevel, "ls-tree", "-r", "-z", "--name-only", "HEAD"])
        // An unborn branch has no HEAD tree: the index is all there is.
        if tree.status == 0 {
            for name in tree.output.split(separator: 0) { files.insert(String(decoding: name, as: UTF8.self)) }
        }
        let index = GitProcess.run(executable, ["-C", topLevel, "ls-files", "-z"])
        guard index.status == 0 else { throw Unavailable(reason: "git ls-files failed") }
        for name in index.output.split(separator: 0) { files.insert(String(decoding: name, as: UTF8.self)) }
        return files.sorted()
    }

    /// The first `git` on `PATH`.
    static func findExecutable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs git in the content folder; throws its first line of stderr on failure.
    func run(_ arguments: [String]) throws(Unavailable) -> [UInt8] {
        let result = GitProcess.run(executable, ["-C", folder] + arguments)
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self)
            let first = message.split(separator: "\n").first.map(String.init) ?? "exit \(result.status)"
            throw Unavailable(reason: first.hasPrefix("fatal: ") ? String(first.dropFirst(7)) : first)
        }
        return result.output
    }

    /// The full id of the commit `revision` names (a tag, a branch, `HEAD~3`,
    /// an id), or of the last first-parent commit of HEAD made on or before
    /// `date` when `revision` is a date (`2026-11-01`, the whole day in UTC;
    /// `2026-11-01 12:00`).
    public func resolve(_ revision: String) throws(Unavailable) -> String {
        let asCommit = GitProcess.run(
            executable, ["-C", folder, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        if asCommit.status == 0 {
            return String(decoding: asCommit.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if Self.looksLikeDate(revision) {
            // A day alone is that whole day in UTC: git would read it as the
            // day at the current time of day, a different commit by the hour.
            let until = revision.utf8.count == 10 ? revision + " 23:59:59 +0000" : revision
            let found = try run(["rev-list", "-1", "--first-parent", "--before=" + until, "HEAD"])
            let id = String(decoding: found, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if id.isEmpty {
                throw Unavailable(
                    reason: "no commit on or before \(revision)"
                        + (isShallow ? " in this shallow clone (fetch more history: git fetch --unshallow)" : ""))
            }
            return id
        }
        throw Unavailable(
            reason: "'\(revision)' names no commit"
                + (isShallow ? " in this shallow clone (fetch it, or the history: git fetch --unshallow)" : ""))
    }

    /// `2026-11-01`, optionally followed by a time.
    static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
    }

    /// The commit's time (seconds since 1970) and subject.
    public func describe(_ commit: String) throws(Unavailable) -> (date: Int, subject: String) {
        let line = String(decoding: try run(["log", "-1", "--format=%ct%x1f%s", commit]), as: UTF8.self)
        let parts = line.trimmingCharacters(in: .newlines).split(separator: "\u{1F}", maxSplits: 1)
        return (Int(parts.first ?? "") ?? 0, parts.count > 1 ? String(parts[1]) : "")
    }

    /// The blobs of the content folder's files at `commit`, by relative path.
    public func tree(at commit: String) throws(Unavailable) -> [String: String] {
        let output = try run(["ls-tree", "-r", "-z", "--end-of-options", commit, "--", "."])
        var files: [String: String] = [:]
        for record in output.split(separator: 0) {
            // `<mode> SP <type> SP <object> TAB <path>`
            guard let tab = record.firstIndex(of: 9) else { continue }
            let fields = record[record.startIndex..<tab].split(separator: 32)
            guard fields.count == 3, fields[1].elementsEqual("blob".utf8) else { continue }
            files[String(decoding: record[(tab + 1)...], as: UTF8.self)] = String(decoding: fields[2], as: UTF8.self)
        }
        return files
    }

    /// Files renamed between `commit` and the working tree, old path to new.
    public func renames(since commit: String) throws(Unavailable) -> [String: String] {
        let output = try run(["diff", "-M", "-z", "--name-status", "--relative", "--end-of-options", commit, "--", "."])
        var renames: [String: String] = [:]
        var fields = output.split(separator: 0, omittingEmptySubsequences: false)[...]
        while let status = fields.popFirst(), !status.isEmpty {
            let isPair = status.first == UInt8(ascii: "R") || status.first == UInt8(ascii: "C")
            guard let first = fields.popFirst() else { break }
            if isPair, let second = fields.popFirst(), status.first == UInt8(ascii: "R") {
                renames[String(decoding: first, as: UTF8.self)] = String(decoding: second, as: UTF8.self)
            }
        }
        return renames
    }

    /// The commits of the content folder, oldest first, along `head`'s first
    /// parents (a branch's own commits count when it is merged), each with
    /// the files it changed against its first parent; only those after
    /// `after` when it is given.
    public func log(head: String, after: String? = nil) throws(Unavailable) -> [GitCommit] {
        try GitLog.parse(
            run([
                "-c", "log.showSignature=false", "log", "--first-parent", "--reverse", "-z", "--raw", "--no-abbrev",
                "-M", "--relative", "--format=%x1e%H%x1f%ct%x1f%s", "--end-of-options",
                after.map { "\($0)..\(head)" } ?? head, "--", ".",
            ]))
    }

    /// Whether `ancestor` is on `commit`'s first-parent line (a history kept
    /// at a branch's tip is not extended after that branch was merged: the
    /// merge's changes are against the other parent).
    public func isFirstParentAncestor(_ ancestor: String, of commit: String) -> Bool {
        let result = GitProcess.run(executable, ["-C", folder, "rev-list", "--first-parent", commit])
        guard result.status == 0 else { return false }
        return result.output.split(separator: UInt8(ascii: "\n")).contains { $0.elementsEqual(ancestor.utf8) }
    }

    /// A reader of blobs by id, through one `git cat-file --batch`.
    public func blobs() throws(Unavailable) -> GitBlobReader {
        try GitBlobReader(executable: executable, folder: folder)
    }
}
