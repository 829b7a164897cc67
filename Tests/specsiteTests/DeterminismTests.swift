import Foundation
import Testing

/// Same input, same bytes: a site rich in what cmark-gfm's extensions parse
/// (bare URLs, `www.` links, e-mail addresses, `~~strikethrough~~`, tables,
/// task lists), built at several thread counts and again, gives one output.
@Suite("Output is the same at any thread count", .serialized)
struct DeterminismTests {
    /// Pages long enough that parsers on different threads overlap for most
    /// of the build, which is when a process-wide parser table would race.
    static func writeCorpus(into site: HostileSite, pages: Int = 120, lines: Int = 120) throws {
        for page in 0..<pages {
            var text = "# Page \(page)\n\n| Link | Done |\n|---|---|\n| https://example.com/t\(page) | ✅ |\n\n"
            for line in 0..<lines {
                text += "See https://example.com/p\(page)/l\(line) and www.site\(line).org/x, "
                text += "write to me\(line)@example.org, ~~old~~ new \(line).\n\n"
            }
            text += "- [x] https://example.com/done\n- [ ] www.example.org/todo\n"
            try site.write(String(format: "folder%02d/page%03d.md", page % 7, page), text)
        }
    }

    /// Every file of a built site with its bytes, by path.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }

    @Test func bareURLsAndStrikethroughAreTheSameAtOneTwoAndEightThreads() throws {
        let site = HostileSite()
        defer { site.remove() }
        try Self.writeCorpus(into: site)
        var first: [String: Data]?
        for threads in [1, 2, 8, 8] {
            let output = site.root + "/site-\(threads)-\(UUID().uuidString)"
            let outcome = try site.run(
                ["build", site.content, "--output", output], environment: ["SPECSITE_THREADS": "\(threads)"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let files = Self.snapshot(output)
            let page = String(decoding: files["folder03/page003.html"] ?? Data(), as: UTF8.self)
            // What a reader sees: every bare URL, www. link and address is a link, every ~~ is struck.
            #expect(page.components(separatedBy: "<a href=\"https://example.com/p3/").count - 1 == 120)
            #expect(page.components(separatedBy: "<a href=\"http://www.site").count - 1 == 120)
            #expect(page.components(separatedBy: "<a href=\"mailto:me").count - 1 == 120)
            #expect(page.components(separatedBy: "<del>old</del>").count - 1 == 120)
            if let first {
                let differing = files.keys.filter { files[$0] != first[$0] }.sorted()
                #expect(
                    Set(files.keys) == Set(first.keys) && differing.isEmpty,
                    "at \(threads) threads these files differ: \(differing.prefix(5))")
            } else {
                first = files
            }
        }
    }

    /// Every plugin's output (tokens, flows, checklists, the dashboard and its
    /// graph, status.json), on the default content and the shared corpus of
    /// real documents when it is there.
    @Test func everyPluginsOutputIsTheSameAtOneTwoAndEightThreads() throws {
        let site = HostileSite()
        defer { site.remove() }
        try FileManager.default.removeItem(atPath: site.content)
        try FileManager.default.copyItem(atPath: CommandLineTests.repository + "/content", toPath: site.content)
        let corpus = CommandLineTests.repository + "/../shared/corpus/seeds"
        if FileManager.default.fileExists(atPath: corpus) {
            try FileManager.default.copyItem(atPath: corpus, toPath: site.content + "/corpus")
        }
        var first: [String: Data]?
        var firstStatus: String?
        // The last build names the same folder another way: nothing on the
        // site may depend on how the user spelled it.
        let content = site.content as NSString
        let spelledOtherwise = content.deletingLastPathComponent + "/./" + content.lastPathComponent + "/"
        for (threads, folder) in [(1, site.content), (2, site.content), (8, site.content), (2, spelledOtherwise)] {
            let environment = ["SPECSITE_THREADS": "\(threads)"]
            let output = site.root + "/site-\(threads)-\(UUID().uuidString)"
            let outcome = try site.run(["build", folder, "--output", output], environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let status = try site.run(["status", site.content, "--json"], environment: environment)
            let files = Self.snapshot(output)
            #expect(files["status.json"] != nil && files["tokens.json"] != nil && files["flows.html"] != nil)
            if let first, let firstStatus {
                let differing = files.keys.filter { files[$0] != first[$0] }.sorted()
                #expect(
                    differing.isEmpty,
                    "at \(threads) threads, from \(folder), these files differ: \(differing.prefix(5))")
                #expect(status.stdout == firstStatus)
            } else {
                first = files
                firstStatus = status.stdout
            }
        }
    }
}
