import Foundation

/// Where the files a plan names are in the repository: a path from the
/// repository's top, the content folder or the plan's own folder, a glob
/// (`migrations/0035_*.sql`), a bare name (`permissions.ts`) or a path
/// written from a package's folder (`parser/fetch.ts`) matched against the
/// repository's files (``GitRepository/trackedFiles()``). What is not a concrete file (prose with
/// spaces, an API route, a URL, a word with slashes and no extension) is not
/// judged: a careful reader would not call it missing.
struct RepositoryFiles {
    /// How a named file is judged.
    enum Located: Equatable {
        /// The paths it names, relative to the top; `exact` when it was
        /// written as the path found, not as a glob or a bare name that
        /// may name several files.
        case found([String], exact: Bool)
        /// A concrete file that is nowhere.
        case missing
        /// Not a file to look for.
        case unjudged
    }

    /// The repository's top folder, absolute.
    let top: String
    /// The content folder, absolute.
    let content: String
    /// Every file of the repository (HEAD's tree and the index), relative to ``top``.
    let tracked: [String]
    /// Tracked files by their last path component.
    let byName: [String: [String]]

    init(top: String, content: String, tracked: [String]) {
        self.top = top
        self.content = content
        self.tracked = tracked
        var byName: [String: [String]] = [:]
        for path in tracked { byName[(path as NSString).lastPathComponent, default: []].append(path) }
        self.byName = byName
    }

    /// Where `written` (as the plan writes it) is, looked for from the top,
    /// the content folder and `folder` (the plan's own). A file inside the
    /// content folder is a document the plan refers to, not work: unjudged.
    func locate(_ written: String, from folder: String) -> Located {
        guard let name = Self.concrete(written) else { return .unjudged }
        let located = find(name, from: folder)
        if case .found(let paths, _) = located, paths.allSatisfy(isInContent) { return .unjudged }
        return located
    }

    private func find(_ name: String, from folder: String) -> Located {
        if name.contains("*") || name.contains("?") {
            let matches = tracked.filter { path in
                fnmatch(name, path, 0) == 0 || fnmatch("*/" + name, path, 0) == 0
            }
            guard matches.isEmpty else { return .found(matches, exact: false) }
            return name.contains("/") ? .missing : .unjudged
        }
        var inside = false
        for base in [top, content, folder] {
            let path = URL(fileURLWithPath: (base as NSString).appendingPathComponent(name)).standardizedFileURL.path
            // Nothing outside the repository is looked at.
            guard path == top || path.hasPrefix(top + "/") else { continue }
            inside = true
            if FileManager.default.fileExists(atPath: path) {
                return .found([path == top ? "." : String(path.dropFirst(top.count + 1))], exact: true)
            }
        }
        // A path that leads out of the repository from everywhere is not its to judge.
        guard inside else { return .unjudged }
        let last = (name as NSString).lastPathComponent
        if !name.contains("/") {
            if let paths = byName[name], !paths.isEmpty { return .found(paths, exact: false) }
        } else if let paths = byName[last]?.filter({ $0.hasSuffix("/" + name) }), !paths.isEmpty {
            // Written from a package's folder (`parser/fetch.ts` for `packages/api/src/parser/fetch.ts`).
            return .found(paths, exact: false)
        }
        // Only a path with a folder and an extension (`src/a.ts`), or a folder
        // written as one (`src/lib/`), is a file that should be there: a bare
        // `context.go` or `Next.js` in a sentence is as likely a method or a name.
        let isPath = name.contains("/") && (Self.hasExtension(name) || name.hasSuffix("/"))
        return isPath ? .missing : .unjudged
    }

    private func isInContent(_ path: String) -> Bool {
        let absolute = path == "." ? top : top + "/" + path
        return absolute == content || absolute.hasPrefix(content + "/")
    }

    /// The path a plan wrote, cleaned (`a.ts (new)` → `a.ts`, `./a.ts` →
    /// `a.ts`), or nil when it is no concrete path: spaces left, an absolute
    /// path or route (`/api/v1/expenses`), a URL or `file:line`.
    static func concrete(_ written: String) -> String? {
        var name = written.trimmingCharacters(in: .whitespaces)
        // `(new)`, `(modified)` after the path.
        if let open = name.range(of: " ("), name.hasSuffix(")") { name = String(name[..<open.lowerBound]) }
        while name.hasPrefix("./") { name.removeFirst(2) }
        guard !name.isEmpty, !name.contains(where: \.isWhitespace), !name.hasPrefix("/"), !name.hasPrefix("~"),
            !name.contains(":"), !name.contains("("), !name.contains("{"), !name.contains("<")
        else { return nil }
        return name
    }

    /// `a.swift`, `Makefile.am`: a last component with a short extension.
    static func hasExtension(_ name: String) -> Bool {
        let last = (name as NSString).lastPathComponent
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return false }
        let ext = last[last.index(after: dot)...]
        return (1...6).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Documents: what an item names to refer to, more often than to make.
    static func isDocument(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ["md", "markdown", "mdx", "txt", "rst", "adoc"].contains(ext)
    }
}
