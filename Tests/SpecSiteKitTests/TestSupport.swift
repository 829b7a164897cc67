import Foundation

@testable import SpecSiteKit

/// A throwaway folder with a `content/` to build and a `site/` to build into.
struct Workspace {
    let root: String
    var content: String { root + "/content" }
    var output: String { root + "/site" }

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("specsite-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
    }

    /// Writes a file under `content/` (or anywhere with an absolute path).
    func write(_ path: String, _ text: String) {
        writeBytes(path, Array(text.utf8))
    }

    func writeBytes(_ path: String, _ bytes: [UInt8]) {
        let full = path.hasPrefix("/") ? path : content + "/" + path
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    /// A file of the built site, as text.
    func site(_ path: String) -> String? {
        FileManager.default.contents(atPath: output + "/" + path).flatMap { String(data: $0, encoding: .utf8) }
    }

    struct Outcome {
        var summary: BuildSummary?
        var error: Error?
        var diagnostics: [Diagnostic]

        var messages: [String] { diagnostics.map(\.description) }
    }

    /// Builds `content/` into `site/` (or `output`).
    @discardableResult
    func build(
        output: String? = nil, strict: Bool = false, baseURL: String? = nil, configFile: String? = nil,
        plugins: [any Plugin] = [], keptTreeBytes: Int = BuildOptions.defaultKeptTreeBytes
    ) -> Outcome {
        let log = DiagnosticLog()
        var options = BuildOptions(
            content: content, output: output ?? self.output, configFile: configFile, baseURL: baseURL,
            strict: strict, plugins: plugins)
        options.keptTreeBytes = keptTreeBytes
        let builder = Builder(options: options, diagnostics: log)
        do {
            let summary = try builder.build()
            return Outcome(summary: summary, error: nil, diagnostics: log.all)
        } catch {
            return Outcome(summary: nil, error: error, diagnostics: log.all)
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The shared corpus of real spec documents, when it is present beside the project.
let corpusSeeds: String? = {
    let path = (repositoryRoot as NSString).deletingLastPathComponent + "/shared/corpus/seeds"
    return FileManager.default.fileExists(atPath: path) ? path : nil
}()

/// A small deterministic generator (SplitMix64), so a shuffle or a random
/// edit is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
