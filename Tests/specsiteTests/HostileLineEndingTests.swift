import Foundation
import Testing

/// Line endings: a content folder saved with CR LF (Windows) or a lone CR (old
/// Mac) is the same content. `specsite status --json`, `specsite tokens` and
/// the built site say the same as for the LF original: the same items,
/// statuses, estimates, checkboxes and tokens, warnings on the same lines, and
/// the same pages byte for byte (cmark-gfm ends every line of a block it hands
/// over with LF, whatever the file had).
@Suite("Hostile input: line endings", .serialized)
struct HostileLineEndingTests {
    /// What the binary said and wrote for one content folder.
    struct Run: Equatable {
        var status: String
        var tokens: String
        /// stderr of status, tokens and build.
        var warnings: [String]
        /// Every built file, by path.
        var site: [String: Data]
    }

    /// A page with something for each reader to warn about, each on a known line.
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
        - [ ] Open

        ## CHUNK-001: Again [DONE]

        A note[^why], a [link](missing.md) and [an anchor](#nowhere).

        ```css
        :root {
          --accent: #FF7A00; // the accent
          --broken: #GGGGGG;
        }
        ```

        ```flow
        Cart -> Pay -> Done
        Pay ->
        ```

        [^why]: Because.

        """

    /// A GSD plan whose `<task>` is never closed.
    static let gsdPlan = """
        ---
        phase: 09-extra
        plan: 01
        wave: 1
        depends_on: []
        ---

        <objective>
        Try the tags.
        </objective>

        <tasks>
        <task type="auto">
          <name>Task 1: Unclosed</name>
          <action>Do it.</action>
        </tasks>

        """

    /// Every file of the example site and the shared corpus (when here), as bytes.
    static func fixture() throws -> [String: Data] {
        var files: [String: Data] = [:]
        func add(_ folder: String, under prefix: String) {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                else { continue }
                files[prefix + path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        add(CommandLineTests.repository + "/content", under: "")
        let corpus = CommandLineTests.repository + "/../shared/corpus/seeds"
        if FileManager.default.fileExists(atPath: corpus) { add(corpus, under: "corpus/") }
        files["PROBLEMS.md"] = Data(problems.utf8)
        files[".planning/phases/09-extra/09-01-PLAN.md"] = Data(gsdPlan.utf8)
        return files
    }

    /// Runs status, tokens and build on `files`, their text files' LFs made `lineBreak`.
    static func run(_ files: [String: Data], lineBreak: String) throws -> Run {
        let site = HostileSite()
        defer { site.remove() }
        for (path, data) in files {
            if path.hasSuffix(".md") || path.hasSuffix(".yml") {
                let text = String(decoding: data, as: UTF8.self)
                try site.write(path, text.replacingOccurrences(of: "\n", with: lineBreak))
            } else {
                try site.write(path, data)
            }
        }
        // The content named as `content`, from the case folder: pages are told
        // apart by the path given, so every case must give the same one.
        let status = try site.run(["status", "content", "--json"])
        let tokens = try site.run(["tokens", "content", "--format", "json"])
        let build = try site.run(["build", "content", "--output", "site"])
        for outcome in [status, tokens, build] { #expect(outcome.status == 0, "\(outcome.stderr)") }
        let warnings = [status, tokens, build].flatMap { outcome in
            // The summary line says how long the build took.
            outcome.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Built ") }
        }
        var built: [String: Data] = [:]
        for path in site.builtFiles() { built[path] = FileManager.default.contents(atPath: site.output + "/" + path) }
        return Run(status: status.stdout, tokens: tokens.stdout, warnings: warnings, site: built)
    }

    @Test func crLfAndLoneCrContentSaysWhatLfContentSays() throws {
        let files = try Self.fixture()
        let original = try Self.run(files, lineBreak: "\n")
        // The LF original is what a careful reader counts.
        for expected in [
            "content/PROBLEMS.md:9: warning: unknown status 'Sort of' for CHUNK-001",
            "content/PROBLEMS.md:10: warning: estimate '99999999999999999999 hours' for CHUNK-001",
            "content/PROBLEMS.md:11: warning: CHUNK-001 depends on CHUNK-009",
            "content/PROBLEMS.md:16: warning: two items have the id CHUNK-001",
            "content/PROBLEMS.md:18: warning: broken link 'missing.md'",
            "content/PROBLEMS.md:18: warning: broken anchor '#nowhere'",
            "content/PROBLEMS.md:23: warning: --broken:",
            "content/PROBLEMS.md:29: warning:",
            "content/.planning/phases/09-extra/09-01-PLAN.md:13: warning:",
        ] {
            #expect(original.warnings.contains { $0.hasPrefix(expected) }, "\(expected) in \(original.warnings)")
        }
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(original.status.utf8)) as? [String: Any])
        #expect((status["items"] as? [Any])?.count ?? 0 > 40)
        #expect(original.tokens.contains("{\"name\": \"accent\""))
        #expect(original.site["IMPLEMENTATION_PLAN.html"] != nil)

        for lineBreak in ["\r\n", "\r"] {
            let converted = try Self.run(files, lineBreak: lineBreak)
            let name = lineBreak.debugDescription
            #expect(converted.status == original.status, "status --json with \(name)")
            #expect(converted.tokens == original.tokens, "tokens with \(name)")
            #expect(converted.warnings == original.warnings, "warnings with \(name)")
            #expect(converted.site.keys.sorted() == original.site.keys.sorted(), "built files with \(name)")
            for (path, data) in original.site where converted.site[path] != data {
                Issue.record("\(path) differs with \(name)")
            }
        }
    }
}
