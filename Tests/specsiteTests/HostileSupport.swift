import Foundation
import Testing

/// A content folder written by a hostile-input test, built with the real
/// `specsite` binary as a user (or a CI job) would run it.
///
/// The hostile corpus is written as code rather than committed files: many
/// cases are symbolic links, FIFOs, huge or binary files that a repository
/// should not hold, and each case states its expected outcome beside it.
struct HostileSite {
    /// The folder everything of this case lives in (content, output, outside files).
    let root: String
    /// The content folder (`root/content`).
    var content: String { root + "/content" }
    /// The default output folder (`root/site`).
    var output: String { root + "/site" }

    /// Makes a new, empty case folder with an empty content folder.
    init() {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("specsite-hostile-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
    }

    /// Writes `text` to `path`, relative to the content folder, making folders.
    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    /// Writes `data` to `path`, relative to the content folder, making folders.
    func write(_ path: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: content + "/" + path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Makes a symbolic link at `path` (relative to the content folder) pointing to `target` as written.
    func link(_ path: String, to target: String) throws {
        let url = URL(fileURLWithPath: content + "/" + path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// What one run of the binary did.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Seconds the run took.
        var seconds: Double

        /// Exit 0 or 1: the build finished or refused the input, and did not
        /// trap (a trap shows as a signal, which `Process` reports as its number).
        var endedCleanly: Bool { status == 0 || status == 1 }
    }

    /// Runs `specsite ARGUMENTS` (default: build the content into the output),
    /// with `environment` over the tests' own, and a time limit; a run still going then is killed and fails the case.
    func run(_ arguments: [String]? = nil, environment: [String: String] = [:], timeout: Double = 120) throws
        -> Outcome
    {
        let start = Date()
        let output = try runProcess(
            CommandLineTests.binary, arguments ?? ["build", content, "--output", output], in: root,
            environment: environment, timeout: timeout)
        return Outcome(
            status: output.status, stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self), seconds: Date().timeIntervalSince(start))
    }

    /// The text of a built file, relative to the output folder (empty when absent).
    func built(_ path: String) -> String {
        FileManager.default.contents(atPath: output + "/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Every regular file of the output, relative to it, sorted.
    func builtFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: output)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// Removes the case folder.
    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
