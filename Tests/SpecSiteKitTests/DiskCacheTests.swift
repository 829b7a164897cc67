import AlertsPlugin
import FlowsPlugin
import Foundation
import StatusPlugin
import Testing
import TokensPlugin

@testable import SpecSiteKit

/// `specsite build` with the cache on disk writes the same bytes, prints the
/// same diagnostics and counts the same as a build without it, after every
/// kind of edit; a cache it cannot trust is ignored.
@Suite("Build cache on disk", .serialized)
struct DiskCacheTests {
    static let plugins = IncrementalBuildTests.plugins

    /// One-off builds (each a new `Builder`, as each `specsite build` is) of
    /// one workspace, with the cache in `cache`.
    struct Builds {
        let space: Workspace
        var cache: String { space.root + "/cache" }

        /// Builds with the cache and without it (into another folder), and
        /// expects the two to agree on every byte, diagnostic and count.
        /// Returns the cached build's summary and diagnostics.
        @discardableResult
        func expectSameAsClean(
            _ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) -> (summary: BuildSummary?, diagnostics: [Diagnostic]) {
            let clean = space.root + "/clean"
            defer { try? FileManager.default.removeItem(atPath: clean) }
            let cached = build(output: space.output, cacheFolder: cache)
            let fresh = build(output: clean, cacheFolder: nil)
            func counts(_ summary: BuildSummary?) -> [Int]? {
                summary.map { [$0.pages, $0.generatedPages, $0.files, $0.warnings] }
            }
            #expect(
                counts(cached.summary) == counts(fresh.summary), "\(step): summaries differ",
                sourceLocation: sourceLocation)
            // Notes about the cache itself are the cached build's own.
            let shown = cached.diagnostics.filter { !$0.message.hasPrefix("build cache ") }
            #expect(
                shown.map(\.description) == fresh.diagnostics.map(\.description), "\(step): diagnostics differ",
                sourceLocation: sourceLocation)
            let written = IncrementalBuildTests.snapshot(space.output)
            let expected = IncrementalBuildTests.snapshot(clean)
            let differing = Set(written.keys).union(expected.keys).filter { written[$0] != expected[$0] }.sorted()
            #expect(
                differing.isEmpty, "\(step): these files differ: \(differing.prefix(8))",
                sourceLocation: sourceLocation)
            return cached
        }

        func build(
            output: String, cacheFolder: String?, keepsNotes: Bool = true
        ) -> (summary: BuildSummary?, diagnostics: [Diagnostic]) {
            IncrementalBuildTests.oneOffBuild(
                space, output: output, cacheFolder: cacheFolder, keepsNotes: keepsNotes)
        }

        /// The cache file (there is one per content and output folder).
        var file: String {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
            return cache + "/" + (names.first { $0.hasPrefix("build-") && $0.hasSuffix(".cache") } ?? "none")
        }
    }

    @Test func everyKindOfEditBuildsWithTheCacheToWhatABuildWithoutItWrites() throws {
        let space = try IncrementalBuildTests.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let builds = Builds(space: space)

        let first = builds.expectSameAsClean("first build")
        let pages = first.summary?.pages ?? 0
        #expect(pages > 20)
        #expect(first.summary?.fromCache == 0)
        // The folder is made git-ignored and marked as a cache.
        #expect(
            FileManager.default.contents(atPath: builds.cache + "/.gitignore").map {
                String(decoding: $0, as: UTF8.self)
            }?
            .contains("\n*\n") == true)
        #expect(FileManager.default.fileExists(atPath: builds.cache + "/CACHEDIR.TAG"))

        let idle = builds.expectSameAsClean("no change")
        #expect(idle.summary?.fromCache == pages && idle.summary?.renderedFromCache == pages)
        #expect(idle.summary?.written == 0)

        // A page of the output changed by hand is drawn again, not taken from there.
        try Data("changed by hand".utf8).write(to: URL(fileURLWithPath: space.output + "/PRD.html"))
        let restored = builds.expectSameAsClean("output changed by hand")
        #expect(restored.summary?.renderedFromCache == pages - 1)

        try IncrementalBuildTests.edit(space, "notes/b.md") {
            $0.replacingOccurrences(of: "More text.", with: "More text, edited.")
        }
        let prose = builds.expectSameAsClean("prose edit").summary
        #expect(prose?.fromCache == pages - 1 && prose?.renderedFromCache == pages - 1)

        // The status summary changes: the pages that draw on it could change.
        try IncrementalBuildTests.edit(space, "IMPLEMENTATION_PLAN.md") {
            $0.replacingOccurrences(of: "- [ ] Long press opens", with: "- [x] Long press opens")
        }
        let tick = builds.expectSameAsClean("checkbox ticked").summary
        #expect(tick?.fromCache == pages - 1)
        // Only those whose slice of it changed: what each page draws of a
        // summary is kept as a fingerprint.
        #expect((tick?.renderedFromCache ?? 0) > pages / 2 && (tick?.renderedFromCache ?? 0) < pages - 1)

        try IncrementalBuildTests.edit(space, ".planning/ROADMAP.md") {
            $0.replacingOccurrences(of: "- [ ] 02-02-PLAN.md", with: "- [x] 02-02-PLAN.md")
        }
        builds.expectSameAsClean("a plan ticked on the ROADMAP")

        try IncrementalBuildTests.edit(space, "DESIGN_SYSTEM.md") {
            $0.replacingOccurrences(of: "`#F5F8FB`", with: "`#F4F7FA`")
        }
        #expect(builds.expectSameAsClean("token value").summary?.fromCache == pages - 1)

        // A title is in every page's navigation.
        try IncrementalBuildTests.edit(space, "notes/a.md") {
            $0.replacingOccurrences(of: "# Notes A", with: "# Notes Alpha")
        }
        #expect(builds.expectSameAsClean("title").summary?.renderedFromCache == 0)

        space.write("notes/c.md", "# Notes C\n\n- [ ] A new task\n- [x] A done one\n")
        #expect(builds.expectSameAsClean("page added").summary?.fromCache == pages)
        try FileManager.default.moveItem(atPath: space.content + "/notes/c.md", toPath: space.content + "/notes/d.md")
        #expect(builds.expectSameAsClean("page renamed").summary?.fromCache == pages)
        try FileManager.default.removeItem(atPath: space.content + "/notes/a.md")
        #expect(builds.expectSameAsClean("page deleted").summary?.fromCache == pages)

        // Warnings found by the analysis are reported again from the cache.
        space.write("broken.md", "---\ntitle: [unclosed\n---\n# Broken\n\n[x](nowhere.md)\n\n`--c: #12345`\n")
        let warned = builds.expectSameAsClean("warnings on a new page")
        #expect((warned.summary?.warnings ?? 0) > 0)
        #expect(builds.expectSameAsClean("warnings again").summary?.fromCache == pages + 1)

        // New settings: nothing read before is trusted.
        let settingsFile = space.content + "/specsite.yml"
        let settings = try String(contentsOfFile: settingsFile, encoding: .utf8)
        try settings.replacingOccurrences(of: "title: Tidepool Spec", with: "title: Tidepool Specs").write(
            toFile: settingsFile, atomically: true, encoding: .utf8)
        let changed = builds.expectSameAsClean("settings changed")
        #expect(changed.summary?.fromCache == 0)
        #expect(changed.diagnostics.contains { $0.message.contains("build cache ignored: it was made by another") })
        #expect(builds.expectSameAsClean("after the settings").summary?.fromCache == pages + 1)
    }

    /// Short enough for the sanitizers (`make test-sanitizers`): pages are
    /// decoded from the cache on many threads at once.
    @Test func aSecondBuildReadsTheCache() throws {
        let space = Workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        try FileManager.default.removeItem(atPath: space.content)
        try FileManager.default.copyItem(
            atPath: IncrementalBuildTests.repository + "/content", toPath: space.content)
        space.write("notes.md", "# Notes\n\nBackups: Time Machine → Backblaze → Arq\n")
        let builds = Builds(space: space)
        // Made by a build that prints no notes, the cache still gives a
        // `--verbose` build every note.
        let quiet = builds.build(output: space.output, cacheFolder: builds.cache, keepsNotes: false)
        let pages = quiet.summary?.pages ?? 0
        #expect(pages > 20 && !quiet.diagnostics.contains { $0.severity == .note })
        let verbose = builds.expectSameAsClean("second build")
        #expect(verbose.summary?.fromCache == pages)
        #expect(verbose.diagnostics.contains { $0.severity == .note && $0.message.hasPrefix("arrows not drawn") })
    }

    /// `serve` starts from the last build's analysis, then keeps its own in memory.
    @Test func aSessionStartsFromTheCache() throws {
        let space = try IncrementalBuildTests.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let builds = Builds(space: space)
        let pages = builds.expectSameAsClean("one-off build").summary?.pages ?? 0
        let session = BuildSession(
            options: BuildOptions(
                content: space.content, output: space.output, plugins: Self.plugins, cacheFolder: builds.cache))
        let first = IncrementalBuildTests.expectSameAsClean(session, space, step: "session's first build")
        #expect(first.summary?.fromCache == pages && first.reparsed == pages)
        try IncrementalBuildTests.edit(space, "notes/b.md") {
            $0.replacingOccurrences(of: "More text.", with: "More text, edited.")
        }
        let edited = IncrementalBuildTests.expectSameAsClean(session, space, step: "session's rebuild")
        #expect(edited.summary?.fromCache == 0 && edited.reparsed == 1)
    }

    @Test func aDamagedOrForeignCacheIsIgnoredAndReplaced() throws {
        let space = try IncrementalBuildTests.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let builds = Builds(space: space)
        let pages = builds.expectSameAsClean("first build").summary?.pages ?? 0
        let good = try #require(FileManager.default.contents(atPath: builds.file))

        func expectIgnored(
            _ bytes: [UInt8], _ reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
        )
            throws
        {
            try Data(bytes).write(to: URL(fileURLWithPath: builds.file))
            let built = builds.expectSameAsClean(reason, sourceLocation: sourceLocation)
            #expect(built.summary?.fromCache == 0, "\(reason): the cache was used", sourceLocation: sourceLocation)
            #expect(
                built.diagnostics.contains { $0.message.hasPrefix("build cache ignored: \(reason)") },
                "\(reason): no note says why", sourceLocation: sourceLocation)
            // Written anew, and trusted by the build after.
            #expect(
                builds.expectSameAsClean(reason + ", then").summary?.fromCache == pages,
                sourceLocation: sourceLocation)
        }

        var flipped = [UInt8](good)
        flipped[flipped.count / 2] ^= 0x20
        try expectIgnored(flipped, "the file is damaged")
        try expectIgnored(Array(good.prefix(good.count - 100)), "the file is damaged")
        try expectIgnored(Array("not a cache\n".utf8), "not a cache file")
        try expectIgnored([], "not a cache file")

        // A well-formed file made under other settings, or whose facts no
        // longer read: its checksum is right, so only its contents can tell.
        func resealed(_ edit: (inout DiskCache.Contents) -> Void) throws -> [UInt8] {
            let lines = [UInt8](good).split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false)
            var contents = try JSONDecoder().decode(DiskCache.Contents.self, from: Data(lines[2]))
            edit(&contents)
            let body = try JSONEncoder().encode(contents)
            return Array("\(DiskCache.magic) \(DiskCache.format)\n\(DiskCache.digest(Array(body)))\n".utf8) + body
        }
        try expectIgnored(try resealed { $0.key = DiskCache.digest([1]) }, "it was made by another build")
        try expectIgnored(try resealed { $0.format += 1 }, "the file cannot be read")

        // Facts that do not decode: those pages are analysed again.
        let garbled = try resealed { contents in
            for (path, entry) in contents.pages where !entry.facts.isEmpty {
                contents.pages[path]!.facts[0].bytes = Data("{".utf8)
            }
        }
        try Data(garbled).write(to: URL(fileURLWithPath: builds.file))
        let reread = builds.expectSameAsClean("facts that do not decode")
        #expect((reread.summary?.fromCache ?? 0) > 0 && (reread.summary?.fromCache ?? 0) < pages)
        #expect(builds.expectSameAsClean("facts reread").summary?.fromCache == pages)
    }

    /// What the cache keeps is what analysis found: every plugin's facts on
    /// every page of the default content and the real corpus read back equal.
    @Test func factsReadBackEqual() throws {
        let space = try IncrementalBuildTests.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let loaded = try Builder(
            options: BuildOptions(content: space.content, output: space.output, plugins: Self.plugins),
            diagnostics: DiagnosticLog()
        ).load()
        let owns: [String: @Sendable (any Fact) -> Bool] = [
            "tokens": { $0 is TokenFact }, "flows": { $0 is FlowFact }, "status": { $0 is PlanFact },
        ]
        var checked = 0
        for plugin in Self.plugins {
            let coding = try #require(plugin.factCoding, "\(plugin.id) cannot keep its facts")
            for page in loaded.site.pages {
                let facts = (loaded.site.factsByPage[page.sourcePath] ?? []).filter { owns[plugin.id]?($0) ?? false }
                guard !facts.isEmpty else { continue }
                let bytes = try #require(coding.encode(facts), "\(plugin.id) on \(page.sourcePath)")
                let decoded = try #require(coding.decode(bytes), "\(plugin.id) on \(page.sourcePath)")
                #expect(BuildCache.sameFacts(facts, decoded), "\(plugin.id) on \(page.sourcePath)")
                checked += 1
            }
        }
        #expect(checked > 20)
        // Facts of another type, or none at all for a plugin that finds none.
        #expect(FactCoding.codable(TokenFact.self).encode([FlowFact(flows: [])]) == nil)
        #expect(FactCoding.none.encode([]) == [] && FactCoding.none.encode([FlowFact(flows: [])]) == nil)
    }

    @Test func theCacheFolderMustBeOutsideTheContentAndTheOutput() throws {
        let space = try IncrementalBuildTests.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let builds = Builds(space: space)
        for folder in [space.content + "/.cache", space.output + "/cache", space.root] {
            let built = builds.build(output: space.output, cacheFolder: folder)
            #expect(built.summary == nil, "\(folder)")
            #expect(built.diagnostics.contains { $0.message.hasPrefix("the cache folder must be outside") })
        }
        #expect(!FileManager.default.fileExists(atPath: space.content + "/.cache"))
        // A folder the user already has keeps its own files: no `.gitignore` is added.
        try FileManager.default.createDirectory(atPath: builds.cache, withIntermediateDirectories: true)
        #expect(builds.build(output: space.output, cacheFolder: builds.cache).summary != nil)
        #expect(!FileManager.default.fileExists(atPath: builds.cache + "/.gitignore"))
        #expect(FileManager.default.fileExists(atPath: builds.file))
    }
}
