import Foundation

/// A file found in the content folder.
public struct SourceFile: Sendable, Equatable {
    /// Path relative to the content folder, with `/` separators (`.planning/ROADMAP.md`).
    public var relativePath: String
    /// Absolute path on disk.
    public var absolutePath: String

    /// Whether the file is a markdown document (`.md` or `.markdown`).
    public var isMarkdown: Bool {
        let lower = relativePath.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// Creates a source file.
    public init(relativePath: String, absolutePath: String) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
    }
}

/// Finds the documents and other files of a content folder.
///
/// Hidden folders such as `.planning/` are included (spec tools keep plans
/// there); `.git/` is not. Symbolic links are followed once: a link back into a
/// folder already being walked is reported as a loop and skipped.
public enum ContentDiscovery {
    /// Every regular file under `root`, sorted by relative path. `skip` names
    /// top-level entries to leave out (the site's `templates/`, its config).
    public static func scan(
        root: String, displayRoot: String, skip: Set<String> = [], diagnostics: DiagnosticLog
    ) -> [SourceFile] {
        var files: [SourceFile] = []
        var visiting: Set<String> = []
        walk(
            directory: root, relative: "", displayRoot: displayRoot, skip: skip, visiting: &visiting, files: &files,
            diagnostics: diagnostics)
        return files.sorted { $0.relativePath < $1.relativePath }
    }

    private static func walk(
        directory: String, relative: String, displayRoot: String, skip: Set<String>, visiting: inout Set<String>,
        files: inout [SourceFile], diagnostics: DiagnosticLog
    ) {
        let real = realPath(directory) ?? directory
        guard visiting.insert(real).inserted else {
            diagnostics.warning(
                join(displayRoot, relative), "symbolic link loop: this folder is already being read (skipped)")
            return
        }
        defer { visiting.remove(real) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            diagnostics.error(join(displayRoot, relative), "cannot read folder: \(describe(error))")
            return
        }
        for name in names {
            if name == ".git" || (relative.isEmpty && skip.contains(name)) { continue }
            let path = directory + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                let reason = errno == ELOOP ? "symbolic link loop" : "broken symbolic link"
                diagnostics.warning(join(displayRoot, childRelative), "\(reason) (skipped)")
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(
                    directory: path, relative: childRelative, displayRoot: displayRoot, skip: skip,
                    visiting: &visiting, files: &files, diagnostics: diagnostics)
            case S_IFREG:
                files.append(SourceFile(relativePath: childRelative, absolutePath: path))
            default:
                // FIFOs, sockets and devices: reading one could block forever.
                if name.lowercased().hasSuffix(".md") || name.lowercased().hasSuffix(".markdown") {
                    diagnostics.warning(join(displayRoot, childRelative), "not a regular file (skipped)")
                }
            }
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
