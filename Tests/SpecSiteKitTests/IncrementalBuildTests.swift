import AlertsPlugin
import FlowsPlugin
import Foundation
import StatusPlugin
import Testing
import TokensPlugin

@testable import SpecSiteKit

/// A rebuild reuses what did not change, and writes the same bytes, prints the
/// same diagnostics and counts the same as a clean build of the same folder.
@Suite("Incremental rebuilds", .serialized)
struct IncrementalBuildTests {
    static let plugins: [any Plugin] = [AlertsPlugin(), TokensPlugin(), FlowsPlugin(), StatusPlugin()]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The repository's default content, the shared corpus of real documents
    /// when it is there, and pages of our own that link to each other.
    static func workspace() throws -> Workspace {
        let space = Workspace()
        try FileManager.default.removeItem(atPath: space.content)
        try FileManager.default.copyItem(atPath: repository + "/content", toPath: space.content)
        let corpus = repository + "/../shared/corpus/seeds"
        if FileManager.default.fileExists(atPath: corpus) {
            try FileManager.default.copyItem(atPath: corpus, toPath: space.content + "/corpus")
        }
        space.write("notes/a.md", "# Notes A\n\nSee [B](b.md#second) and [the plan](../IMPLEMENTATION_PLAN.md).\n")
        space.write("notes/b.md", "# Notes B\n\n## First\n\nText.\n\n## Second\n\nMore text.\n")
        // A `nav` entry naming no page: its warning must come again on every
        // rebuild, also when the navigation is the last build's.
        let settings = space.content + "/specsite.yml"
        let text = try String(contentsOfFile: settings, encoding: .utf8)
        try text.replacingOccurrences(
            of: "  - Sprint plan: SPRINT_PLAN.md", with: "  - Sprint plan: SPRINT_PLAN.md\n  - ROADMAP.md"
        )
        .write(toFile: settings, atomically: true, encoding: .utf8)
        return space
    }

    /// Every file of a folder with its bytes, by path, and every folder in it
    /// (`path/`, with no bytes), so a folder left empty shows too.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                files[path + "/"] = Data()
            } else {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }

    /// Rebuilds with `session` and builds clean into another folder, and
    /// expects the two to agree on every byte, diagnostic and count.
    @discardableResult
    static func expectSameAsClean(
        _ session: BuildSession, _ space: Workspace, step: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> RebuildReport {
        let report = session.rebuild()
        let clean = space.root + "/clean-\(UUID().uuidString)"
        let (summary, diagnostics) = oneOffBuild(space, output: clean)
        defer { try? FileManager.default.removeItem(atPath: clean) }
        // Which files were written differs, by design: the rebuild replaced a site.
        func counts(_ summary: BuildSummary?) -> [Int]? {
            summary.map { [$0.pages, $0.generatedPages, $0.files, $0.warnings] }
        }
        #expect(counts(report.summary) == counts(summary), "\(step): summaries differ", sourceLocation: sourceLocation)
        #expect(
            report.diagnostics.map(\.description) == diagnostics.map(\.description),
            "\(step): diagnostics differ", sourceLocation: sourceLocation)
        guard summary != nil else { return report }
        let rebuilt = snapshot(space.output)
        let fresh = snapshot(clean)
        let differing = Set(rebuilt.keys).union(fresh.keys).filter { rebuilt[$0] != fresh[$0] }.sorted()
        #expect(
            differing.isEmpty, "\(step): these files differ: \(differing.prefix(8))", sourceLocation: sourceLocation)
        return report
    }

    /// A one-off build of the workspace's content (as `specsite build` runs
    /// one), with what it printed; what stopped it early is printed with the rest.
    static func oneOffBuild(
        _ space: Workspace, output: String, cacheFolder: String? = nil, keepsNotes: Bool = false
    ) -> (summary: BuildSummary?, diagnostics: [Diagnostic]) {
        let log = DiagnosticLog(keepsNotes: keepsNotes)
        let builder = Builder(
            options: BuildOptions(content: space.content, output: output, plugins: plugins, cacheFolder: cacheFolder),
            diagnostics: log)
        var summary: BuildSummary?
        do {
            summary = try builder.build()
        } catch let diagnostic as Diagnostic {
            log.report(diagnostic)
        } catch {}
        return (summary, log.notes + log.shown)
    }

    static func edit(_ space: Workspace, _ path: String, _ change: (String) -> String) throws {
        let full = space.content + "/" + path
        let text = try String(contentsOfFile: full, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit of \(path) changed nothing")
        try changed.write(toFile: full, atomically: true, encoding: .utf8)
    }

    @Test func everyKindOfEditRebuildsToWhatACleanBuildWrites() throws {
        let space = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        let session = BuildSession(
            options: BuildOptions(content: space.content, output: space.output, plugins: Self.plugins))
        let first = Self.expectSameAsClean(session, space, step: "first build")
        let pages = first.summary?.pages ?? 0
        #expect(pages > 0)
        #expect(first.reparsed == pages && first.rerendered == pages)

        // Nothing changed: nothing is parsed or rendered again.
        let idle = Self.expectSameAsClean(session, space, step: "no change")
        #expect(idle.reparsed == 0 && idle.rerendered == 0)
        #expect(idle.summary?.written == 0)
        #expect(idle.diagnostics.contains { $0.description.contains("nav names 'ROADMAP.md', which is not a page") })

        // The site updated in place is checked against what the session
        // wrote: a file someone changed, replaced or deleted in the output is
        // written again, though its page did not change.
        let index = space.output + "/index.html"
        let original = try Data(contentsOf: URL(fileURLWithPath: index))
        try Data("changed by hand".utf8).write(to: URL(fileURLWithPath: index))
        try FileManager.default.removeItem(atPath: space.output + "/assets")
        let restored = Self.expectSameAsClean(session, space, step: "output changed by hand")
        #expect(restored.rerendered == 0 && (restored.summary?.written ?? 0) >= 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == original)
        try FileManager.default.removeItem(atPath: space.output)
        Self.expectSameAsClean(session, space, step: "output deleted")

        // A folder of the output replaced by a link out of it: nothing is
        // written or deleted through it, and the next build replaces the site.
        let elsewhere = space.root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: elsewhere + "/mine.css"))
        try FileManager.default.removeItem(atPath: space.output + "/assets")
        try FileManager.default.createSymbolicLink(atPath: space.output + "/assets", withDestinationPath: elsewhere)
        let refused = session.rebuild()
        #expect(refused.failure != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["mine.css"])
        Self.expectSameAsClean(session, space, step: "output folder replaced by a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["mine.css"])

        // A page whose stamp is trusted (written long enough ago), rewritten
        // to the same size with its old modification time, as an unpacker or
        // `touch -d` leaves it: still read again.
        let page = space.content + "/notes/b.md"
        var info = stat()
        #expect(stat(page, &info) == 0)
        let written = info.modificationTime
        let age = Double(SourceStamp.now() - max(Int(written.tv_sec), Int(info.statusChangeTime.tv_sec)))
        Thread.sleep(forTimeInterval: max(0, Double(SourceStamp.settleSeconds) + 1 - age))
        let settled = Self.expectSameAsClean(session, space, step: "pages settled")
        #expect(settled.reparsed == 0)
        // Written in place, so the file keeps its inode.
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let handle = try #require(FileHandle(forWritingAtPath: page))
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Text.", with: "Txet.").utf8))
        try handle.close()
        let times = [written, written]
        #expect(utimensat(AT_FDCWD, page, times, 0) == 0)
        #expect(stat(page, &info) == 0 && info.modificationTime.tv_nsec == written.tv_nsec)
        let sameSize = Self.expectSameAsClean(session, space, step: "same size, old time")
        #expect(sameSize.reparsed == 1)

        // Prose on a page no plugin reads: that page alone.
        try Self.edit(space, "notes/b.md") { $0.replacingOccurrences(of: "More text.", with: "More text, edited.") }
        let prose = Self.expectSameAsClean(session, space, step: "prose edit")
        #expect(prose.reparsed == 1 && prose.rerendered == 1)

        // A checkbox of the plan: the plan, and what draws the status.
        try Self.edit(space, "IMPLEMENTATION_PLAN.md") {
            $0.replacingOccurrences(of: "- [ ] Long press opens", with: "- [x] Long press opens")
        }
        let tick = Self.expectSameAsClean(session, space, step: "checkbox ticked")
        #expect(tick.reparsed == 1 && tick.rerendered < pages / 2)

        // A plan ticked on the ROADMAP: its own page and the plan that waited
        // for it show the change, though neither file changed.
        try Self.edit(space, ".planning/ROADMAP.md") {
            $0.replacingOccurrences(of: "- [ ] 02-02-PLAN.md", with: "- [x] 02-02-PLAN.md")
        }
        let ticked = Self.expectSameAsClean(session, space, step: "a plan ticked on the ROADMAP")
        #expect(ticked.reparsed == 1 && ticked.rerendered >= 3)

        // A token's value: the design system, and the Tokens page.
        try Self.edit(space, "DESIGN_SYSTEM.md") { $0.replacingOccurrences(of: "`#F5F8FB`", with: "`#F4F7FA`") }
        let token = Self.expectSameAsClean(session, space, step: "token value")
        #expect(token.reparsed == 1 && token.rerendered < pages / 2)

        // A GSD summary: the plan it closes shows as done on the ROADMAP and
        // on the plan's own page, which did not change.
        space.write(
            ".planning/phases/02-reminders/02-02-SUMMARY.md",
            "# Phase 2 Plan 2: Gap closure Summary\n\n**Rescheduled on delete.**\n\n**Completed:** 2026-01-22\n"
                + "**Tasks:** 2/2\n")
        let summary = Self.expectSameAsClean(session, space, step: "GSD summary added")
        #expect(summary.reparsed == 1 && summary.rerendered > 1)

        // A heading another page links to: the anchor checks must see it.
        try Self.edit(space, "notes/b.md") { $0.replacingOccurrences(of: "## Second", with: "## Third") }
        Self.expectSameAsClean(session, space, step: "heading renamed (a link breaks)")

        // A title: every sidebar.
        try Self.edit(space, "notes/a.md") { $0.replacingOccurrences(of: "# Notes A", with: "# Notes Alpha") }
        Self.expectSameAsClean(session, space, step: "title")

        // Front matter that moves a page in the reading order, then one that
        // moves it to another group of the home page: the layout and the
        // index pages the last build kept no longer hold.
        try Self.edit(space, "notes/b.md") { "---\norder: 1\n---\n" + $0 }
        Self.expectSameAsClean(session, space, step: "order changed")
        try Self.edit(space, "notes/b.md") { $0.replacingOccurrences(of: "order: 1\n", with: "order: 1\nkind: plan\n") }
        Self.expectSameAsClean(session, space, step: "kind changed")

        // Added, renamed and deleted pages.
        space.write("notes/c.md", "# Notes C\n\n- [ ] A new task\n- [x] A done one\n")
        let added = Self.expectSameAsClean(session, space, step: "page added")
        #expect(added.reparsed == 1)
        try FileManager.default.moveItem(atPath: space.content + "/notes/c.md", toPath: space.content + "/notes/d.md")
        Self.expectSameAsClean(session, space, step: "page renamed")
        try FileManager.default.removeItem(atPath: space.content + "/notes/a.md")
        Self.expectSameAsClean(session, space, step: "page deleted")
        try FileManager.default.removeItem(atPath: space.content + "/notes")
        Self.expectSameAsClean(session, space, step: "folder deleted")

        // A page that no longer reads: the build fails, and the next one recovers.
        space.write("broken.md", "---\ntitle: [unclosed\n---\n# Broken\n\n[x](nowhere.md)\n")
        Self.expectSameAsClean(session, space, step: "warnings on a new page")
        space.write("templates/page.mustache", "{{#content}}unclosed")
        let failed = Self.expectSameAsClean(session, space, step: "template syntax error")
        #expect(failed.summary == nil && failed.failure != nil)
        #expect(failed.diagnostics.contains { $0.file?.hasSuffix("templates/page.mustache") == true })
        try FileManager.default.removeItem(atPath: space.content + "/templates")
        Self.expectSameAsClean(session, space, step: "template fixed")

        // A template of the site's own: every page is drawn anew.
        space.write("templates/partials/footer-extra.mustache", "")
        let layout = try String(contentsOfFile: space.content + "/specsite.yml", encoding: .utf8)
        try (layout.replacingOccurrences(of: "title: Tidepool Spec", with: "title: Tidepool Specs")).write(
            toFile: space.content + "/specsite.yml", atomically: true, encoding: .utf8)
        let settings = Self.expectSameAsClean(session, space, step: "settings changed")
        #expect(settings.reparsed == settings.summary?.pages)
    }

    /// A data file split into pages (a Task Master file's tags): a rebuild
    /// after a tag is added, edited or taken away writes what a clean build
    /// writes, and one after no change reads nothing again.
    @Test func aDataFilesPagesFollowItsEdits() throws {
        let space = Workspace()
        defer { try? FileManager.default.removeItem(atPath: space.root) }
        func tasks(_ tags: [(String, String)]) -> String {
            "{\n"
                + tags.map { name, status in
                    "  \"\(name)\": {\"tasks\": [{\"id\": 1, \"title\": \"Task of \(name)\", \"status\": \"\(status)\"}]}"
                }.joined(separator: ",\n") + "\n}\n"
        }
        space.write("README.md", "# Home\n\nSee [the tasks](.taskmaster/tasks/tasks.json).\n")
        space.write(".taskmaster/tasks/tasks.json", tasks([("master", "done"), ("auth", "pending")]))
        let session = BuildSession(
            options: BuildOptions(content: space.content, output: space.output, plugins: Self.plugins))
        let first = Self.expectSameAsClean(session, space, step: "two tags")
        #expect(first.summary?.pages == 4)
        #expect(space.site("taskmaster/tasks/tasks.json.auth.html")?.contains("Task of auth") == true)
        let idle = Self.expectSameAsClean(session, space, step: "no change")
        #expect(idle.reparsed == 0)
        space.write(".taskmaster/tasks/tasks.json", tasks([("master", "done"), ("auth", "done"), ("ui", "pending")]))
        let added = Self.expectSameAsClean(session, space, step: "a tag added, another done")
        #expect(added.summary?.pages == 5)
        #expect(space.site("taskmaster/tasks/tasks.json.ui.html")?.contains("Task of ui") == true)
        space.write(".taskmaster/tasks/tasks.json", tasks([("master", "done")]))
        let one = Self.expectSameAsClean(session, space, step: "one tag left")
        #expect(one.summary?.pages == 2)
        #expect(space.site("taskmaster/tasks/tasks.json.auth.html") == nil)
        #expect(space.site("taskmaster/tasks/tasks.json.html")?.contains("Task of master") == true)
    }
}
