import Foundation

/// The version of specsite.
public let specsiteVersion = "0.1.0"

/// The starter spec that `specsite init` writes: one document of each kind.
public enum Scaffold {
    /// The starter's files, by relative path.
    public static var files: [String: String] { EmbeddedFiles.scaffold }

    /// The planning layouts a starter can add its plan in (`spec-kit`,
    /// `kiro`, `openspec`, `backlog-md`, `task-master`, `bmad`, `spec-kitty`), sorted.
    public static var layouts: [String] {
        Set(EmbeddedFiles.starters.keys.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
    }

    /// The starter's files with a layout's plan beside them (a spec-kit
    /// feature, a Kiro spec, …), by relative path; nil for a layout there is none of.
    public static func files(layout: String?) -> [String: String]? {
        guard let layout else { return files }
        let prefix = layout + "/"
        let plan = EmbeddedFiles.starters.filter { $0.key.hasPrefix(prefix) }
        guard !plan.isEmpty else { return nil }
        var all = files
        for (path, text) in plan { all[String(path.dropFirst(prefix.count))] = text }
        return all
    }

    /// Writes the starter into `folder`, which must not exist or be empty,
    /// with `layout`'s plan beside it when one is named.
    /// Returns the relative paths written.
    @discardableResult
    public static func write(to folder: String, layout: String? = nil) throws(Diagnostic) -> [String] {
        guard let files = files(layout: layout) else {
            throw Diagnostic(
                .error, file: nil,
                rule: .output,
                "no starter for the layout '\(layout ?? "")'; choose one of \(layouts.joined(separator: ", "))")
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Diagnostic(
                    .error, file: folder, rule: .output, "a file with this name exists; choose a new folder")
            }
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            guard entries.isEmpty else {
                throw Diagnostic(
                    .error, file: folder, rule: .output,
                    "folder is not empty; specsite init only writes into a new or empty folder")
            }
        }
        let paths = files.keys.sorted()
        do {
            for path in paths {
                let target = folder + "/" + path
                try manager.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(files[path]!.utf8).write(to: URL(fileURLWithPath: target))
            }
        } catch {
            throw Diagnostic(
                .error, file: folder, rule: .output, "cannot write the starter: \(ContentDiscovery.describe(error))")
        }
        return paths
    }
}
