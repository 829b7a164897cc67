import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// A plan saved on Windows (CR LF) or an old Mac (lone CR) is the same plan:
/// the same items, statuses, estimates and checkboxes, and warnings at the
/// same lines, as its LF original.
struct LineEndingTests {
    static let endings = ["\r\n", "\r"]

    /// `text` with every LF replaced by `lineBreak`.
    static func converted(_ text: String, _ lineBreak: String) -> String {
        text.replacingOccurrences(of: "\n", with: lineBreak)
    }

    static let plan = """
        # Plan

        ## CHUNK-001: Setup

        **Status**: ✅ Done
        **Estimated Time**: 30 minutes

        - [x] Create the project
        - [ ] Write the README

        ## CHUNK-002: Screens

        **Status**: Not started
        **Estimated Time**: 1.5 hours
        **Dependencies**: CHUNK-001

        - [ ] Draw the screens
        - [ ] Review them

        """

    /// The status lines say CHUNK-001 is done (its checklist alone would make
    /// it in progress) and give both estimates and CHUNK-002's dependency.
    @Test func aWindowsPlanCountsAsItsOriginal() throws {
        for lineBreak in ["\n"] + Self.endings {
            let report = report([try page(Self.converted(Self.plan, lineBreak))])
            let name = lineBreak.debugDescription
            #expect(report.countProgress == (1, 2), "\(name)")
            #expect(report.estimateProgress == (30, 120), "\(name)")
            #expect(report.checkboxes.done == 1 && report.checkboxes.total == 4, "\(name)")
            #expect(report.entries.map(\.item.dependencyIDs) == [[], ["CHUNK-001"]], "\(name)")
            #expect(report.readyNext.map(\.item.id) == ["CHUNK-002"], "\(name)")
        }
    }

    /// A page with a problem for each reader that reports lines.
    static let problems = """
        ---
        title: Problems
        ---

        # Problems

        ## CHUNK-001: One

        **Status**: Sort of
        **Estimated Time**: 99999999999999999999 hours
        **Dependencies**: CHUNK-009

        - [x] Done

        ## CHUNK-001: Again [DONE]

        A note[^why] and a [link](missing.md).

        [^why]: Because.

        """

    @Test func warningsStayOnTheirLines() throws {
        let original = try Self.built(["PROBLEMS.md": Self.problems])
        #expect(
            original.diagnostics.contains(
                "content/PROBLEMS.md:9: warning: unknown status 'Sort of' for CHUNK-001;"
                    + " expected done, in review, in progress, blocked, not started, optional or cancelled"
                    + " (kept as unknown)"),
            "\(original.diagnostics)")
        #expect(original.diagnostics.contains { $0.hasPrefix("content/PROBLEMS.md:10: warning: estimate '9999") })
        #expect(original.diagnostics.contains { $0.hasPrefix("content/PROBLEMS.md:11: warning: CHUNK-001 depends") })
        #expect(
            original.diagnostics.contains { $0.hasPrefix("content/PROBLEMS.md:15: warning: two items have the id") })
        #expect(original.diagnostics.contains { $0.hasPrefix("content/PROBLEMS.md:17: warning: broken link") })
        for lineBreak in Self.endings {
            let converted = try Self.built(["PROBLEMS.md": Self.converted(Self.problems, lineBreak)])
            #expect(converted.diagnostics == original.diagnostics, "\(lineBreak.debugDescription)")
            #expect(converted.status == original.status, "\(lineBreak.debugDescription)")
        }
    }

    /// The example site (plans, sprint plan, design system and `.planning/`)
    /// and the shared corpus when it is here: status.json and the warnings are
    /// the same whatever the line endings.
    @Test func representativeDocumentsGiveTheSameStatus() throws {
        var files = try Self.documents(in: repositoryRoot + "/content")
        if hasCorpus {
            for (path, text) in try Self.documents(in: corpusSeeds) { files["corpus/" + path] = text }
        }
        #expect(files.keys.contains(".planning/ROADMAP.md") && files.keys.contains("IMPLEMENTATION_PLAN.md"))
        let original = try Self.built(files)
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(original.status.utf8)) as? [String: Any])?["items"]
                as? [Any])
        #expect(items.count > 40)
        for lineBreak in Self.endings {
            let converted = try Self.built(files.mapValues { Self.converted($0, lineBreak) })
            #expect(converted.diagnostics == original.diagnostics, "\(lineBreak.debugDescription)")
            #expect(converted.status == original.status, "\(lineBreak.debugDescription)")
        }
    }

    // MARK: - Support

    /// The markdown and YAML files under `folder`, by path relative to it.
    static func documents(in folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".md") || path.hasSuffix(".yml") else { continue }
            files[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        }
        return files
    }

    /// `files` built with the checklists plugin: its status.json and its
    /// diagnostics (paths from the content folder's parent).
    static func built(_ files: [String: String]) throws -> (status: String, diagnostics: [String]) {
        let site = try BuiltSite(files)
        defer { site.remove() }
        let diagnostics = try site.build().map {
            $0.description.replacingOccurrences(of: site.root + "/", with: "")
        }
        return (try site.text(StatusPlugin.jsonPath), diagnostics)
    }
}

/// The repository's top folder, found from this file.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
