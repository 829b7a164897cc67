import Foundation

/// The version of specsite.
public let specsiteVersion = "0.1.0"

/// The starter spec that `specsite init` writes: one document of each kind.
public enum Scaffold {
    /// The starter's files, by relative path.
    public static var files: [String: String] { EmbeddedFiles.scaffold }

    /// Writes the starter into `folder`, which must not exist or be empty.
    /// Returns the relative paths written.
    @discardableResult
    public static func write(to folder: String) throws(Diagnostic) -> [String] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Diagnostic(.error, file: folder, "a file with this name exists; choose a new folder")
            }
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            guard entries.isEmpty else {
                throw Diagnostic(
                    .error, file: folder, "folder is not empty; specsite init only writes into a new or empty folder")
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
            throw Diagnostic(.error, file: folder, "cannot write the starter: \(ContentDiscovery.describe(error))")
        }
        return paths
    }
}
