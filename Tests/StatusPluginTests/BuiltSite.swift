import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// A site built with the checklists plugin into a throwaway folder: from
/// files written under its own `content/`, or from a content folder given.
struct BuiltSite {
    let root: String
    let content: String
    var output: String { root + "/site" }

    /// Writes `files` (content paths to text) under `content/`.
    init(_ files: [String: String]) throws {
        root = Self.temporaryRoot()
        content = root + "/content"
        for (path, text) in files {
            let full = content + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    /// Builds `content`, a folder that exists, leaving it as it is.
    init(content: String) {
        root = Self.temporaryRoot()
        self.content = content
    }

    private static func temporaryRoot() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("checklists-\(UUID().uuidString)").path
    }

    /// Builds the content into `site/` with the checklists plugin; the diagnostics reported.
    func build() throws -> [Diagnostic] {
        let log = DiagnosticLog()
        let builder = Builder(
            options: BuildOptions(content: content, output: output, plugins: [StatusPlugin()]), diagnostics: log)
        do {
            try builder.build()
        } catch {
            Issue.record("the build failed: \(error); \(log.all.map(\.description))")
            throw error
        }
        return log.all
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output + "/" + path)
    }

    /// A file of the built site, as text.
    func text(_ path: String) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: output + "/" + path), "no \(path) in the site")
        return try #require(String(data: data, encoding: .utf8))
    }

    /// A JSON object file of the built site.
    func json(_ path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(try text(path).utf8))
        return try #require(object as? [String: Any], "\(path) is not a JSON object")
    }

    /// The items of status.json by key.
    func items() throws -> [String: [String: Any]] {
        let list = try #require(try json(StatusPlugin.jsonPath)["items"] as? [[String: Any]])
        var byKey: [String: [String: Any]] = [:]
        for item in list {
            let key = try #require(item["key"] as? String)
            #expect(byKey[key] == nil, "key \(key) twice")
            byKey[key] = item
        }
        return byKey
    }

    /// Removes the throwaway folder (never a content folder given).
    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A JSON number, however the parser hands it over; with `key`, the number under it.
func number(_ value: Any?, _ key: String? = nil) -> Double? {
    var value = value
    if let key { value = (value as? [String: Any])?[key] }
    switch value {
    case let value as Int: return Double(value)
    case let value as Double: return value
    case let value as NSNumber: return value.doubleValue
    default: return nil
    }
}

/// `html` from `marker` to the next `<h2` (or the end).
func section(after marker: String, in html: String) throws -> String {
    let start = try #require(html.range(of: marker), "no \(marker)")
    let rest = html[start.upperBound...]
    return String(rest[..<(rest.range(of: "<h2")?.lowerBound ?? rest.endIndex)])
}
