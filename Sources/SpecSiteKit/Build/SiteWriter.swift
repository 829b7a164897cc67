import Foundation

/// Writes a built site to its output folder all at once.
///
/// Files are written into a temporary folder beside the output, which then
/// takes the output's place; a build that fails before that leaves the last
/// good site as it was. A file whose bytes did not change is hard-linked from
/// the previous site, so it keeps its modification time (rsync, browsers and
/// CDNs see it unchanged). The output folder holds a marker file; a non-empty
/// folder without one is never replaced, so a mistyped `--output` cannot
/// delete someone's work.
public enum SiteWriter {
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

    /// Checks that `output` may be replaced: it does not exist, or is an empty
    /// folder, or is a folder specsite made.
    public static func checkReplaceable(_ output: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw Diagnostic(.error, file: output, "the output path is a file, not a folder; choose another --output")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        if !entries.isEmpty && !entries.contains(markerName) {
            throw Diagnostic(
                .error, file: output,
                "refusing to replace this folder: it is not empty and was not built by specsite (no \(markerName) file); "
                    + "choose an empty or new --output folder")
        }
    }

    /// Writes `files` (relative path → bytes) as the new content of `output`.
    public static func write(_ files: [String: [UInt8]], to output: String) throws(Diagnostic) -> Result {
        try checkReplaceable(output)
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent().path
        let name = outputURL.lastPathComponent
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(.error, file: parent, "cannot create the output's parent folder: \(describe(error))")
        }
        let staging = parent + "/.\(name).specsite-new-\(getpid())"
        let retired = parent + "/.\(name).specsite-old-\(getpid())"
        try? manager.removeItem(atPath: staging)
        var result = Result(written: 0, unchanged: 0)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
            var all = files
            all[markerName] = Array(markerText.utf8)
            var madeFolders: Set<String> = [""]
            for path in all.keys.sorted() {
                let bytes = all[path]!
                let folder = (path as NSString).deletingLastPathComponent
                if !madeFolders.contains(folder) {
                    try manager.createDirectory(atPath: staging + "/" + folder, withIntermediateDirectories: true)
                    var ancestor = folder
                    while !ancestor.isEmpty, madeFolders.insert(ancestor).inserted {
                        ancestor = (ancestor as NSString).deletingLastPathComponent
                    }
                }
                let previous = output + "/" + path
                let target = staging + "/" + path
                if sameBytes(previous, bytes), link(previous, target) == 0 {
                    result.unchanged += 1
                    continue
                }
                guard manager.createFile(atPath: target, contents: Data(bytes)) else {
                    throw Diagnostic(
                        .error, file: output + "/" + path, "cannot write file: \(String(cString: strerror(errno)))")
                }
                result.written += 1
            }
        } catch let diagnostic as Diagnostic {
            try? manager.removeItem(atPath: staging)
            throw diagnostic
        } catch {
            try? manager.removeItem(atPath: staging)
            throw Diagnostic(.error, file: output, "cannot write the site: \(describe(error))")
        }
        // Swap: the old site moves aside, the new one takes its name, the old one goes.
        let hadPrevious = manager.fileExists(atPath: output)
        if hadPrevious, rename(output, retired) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: staging)
            throw Diagnostic(.error, file: output, "cannot replace the output folder: \(reason)")
        }
        if rename(staging, output) != 0 {
            let reason = String(cString: strerror(errno))
            if hadPrevious { _ = rename(retired, output) }
            try? manager.removeItem(atPath: staging)
            throw Diagnostic(.error, file: output, "cannot move the new site into place: \(reason)")
        }
        if hadPrevious { try? manager.removeItem(atPath: retired) }
        return result
    }

    private static func sameBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.elementsEqual(bytes)
    }

    private static func describe(_ error: Error) -> String {
        ContentDiscovery.describe(error)
    }
}
