import Foundation
import Testing

@testable import SpecSiteKit

@Suite("Builder")
struct BuilderTests {
    @Test func buildsPagesWithTitlesRewrittenLinksAndAnchors() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("PRD.md", "# Product Requirements\n\nSee [the plan](plans/PLAN.md#chunk-001-setup--completed).\n")
        space.write(
            "plans/PLAN.md", "---\ntitle: The Plan\n---\n## CHUNK-001: Setup ✅ COMPLETED\n\nBack to [PRD](../PRD.md).\n"
        )
        space.write("notes.md", "Just text, no heading.\n")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")
        let prd = try #require(space.site("PRD.html"))
        #expect(prd.contains("<title>Product Requirements · Spec</title>"))
        #expect(prd.contains("<a href=\"plans/PLAN.html#chunk-001-setup--completed\">the plan</a>"))
        let plan = try #require(space.site("plans/PLAN.html"))
        #expect(plan.contains("<title>The Plan · Spec</title>"))
        #expect(plan.contains("<h2 id=\"chunk-001-setup--completed\">"))
        #expect(plan.contains("<a href=\"../PRD.html\">PRD</a>"))
        #expect(space.site("notes.html")?.contains("<title>Notes · Spec</title>") == true)
        #expect(space.site("index.html")?.contains("Product Requirements") == true)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.messages)")
    }

    @Test func reportsBrokenLinksAndAnchorsWithFileAndLine() {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "A.md",
            "# A\n\n[missing](nope.md)\n\n[bad anchor](B.md#nowhere)\n[self](#also-nowhere)\n\n![img](missing.png)\n")
        space.write("B.md", "# B\n")
        let outcome = space.build()
        #expect(outcome.error == nil)
        let messages = outcome.messages
        #expect(messages.contains { $0.hasPrefix("\(space.content)/A.md:3: warning: broken link 'nope.md'") })
        #expect(messages.contains { $0.hasPrefix("\(space.content)/A.md:5: warning: broken anchor '#nowhere'") })
        #expect(messages.contains { $0.hasPrefix("\(space.content)/A.md:6: warning: broken anchor '#also-nowhere'") })
        #expect(messages.contains { $0.hasPrefix("\(space.content)/A.md:8: warning: broken image 'missing.png'") })
        let strict = space.build(strict: true)
        #expect(strict.error as? BuildFailure == BuildFailure(errors: 0, warnings: 4, strict: true))
    }

    @Test func linksThatLeaveTheContentFolderAreReportedAndNotFollowed() {
        let space = Workspace()
        defer { space.remove() }
        space.write("/" + space.root + "/secret.md", "secret")
        space.write("A.md", "[out](../secret.md)\n")
        let outcome = space.build()
        #expect(
            outcome.messages.contains { $0.contains("A.md:1: warning: link '../secret.md' leaves the content folder") })
        #expect(space.site("secret.html") == nil)
        #expect(space.site("A.html")?.contains("href=\"../secret.md\"") == true)
    }

    @Test func fileNamesWithSpacesAndHashesLinkCorrectly() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("Q&A #2.md", "# Questions\n")
        space.write("my notes.md", "# Notes\n\n[q](Q%26A%20%232.md#questions) and [self](my%20notes.md)\n")
        let outcome = space.build()
        #expect(outcome.diagnostics.isEmpty, "\(outcome.messages)")
        let notes = try #require(space.site("my notes.html"))
        #expect(notes.contains("<a href=\"Q&amp;A%20%232.html#questions\">q</a>"))
        #expect(notes.contains("<a href=\"my%20notes.html\">self</a>"))
        #expect(space.site("index.html")?.contains("href=\"Q&amp;A%20%232.html\"") == true)
    }

    @Test func queryFolderAndRootLinksResolve() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "docs/a.md", "# A\n\n[tab](?tab=2) [sub](../Sub/) [root](/) [hidden](../.planning/) [q](b.md?x=1#b)\n")
        space.write("docs/b.md", "# B\n")
        space.write("Sub/Readme.md", "# Sub\n")
        space.write(".planning/index.md", "# Plans\n")
        space.write("empty/x.md", "# X\n\n[up](../empty/)\n")
        let outcome = space.build()
        let a = try #require(space.site("docs/a.html"))
        #expect(a.contains("<a href=\"?tab=2\">tab</a>"))
        #expect(a.contains("<a href=\"../Sub/index.html\">sub</a>"))
        #expect(a.contains("<a href=\"../index.html\">root</a>"))
        #expect(a.contains("<a href=\"../planning/index.html\">hidden</a>"))
        #expect(a.contains("<a href=\"b.html?x=1#b\">q</a>"))
        // A folder without an index gets a generated one that lists its pages.
        #expect(space.site("empty/x.html")?.contains("<a href=\"index.html\">up</a>") == true)
        #expect(space.site("empty/index.html")?.contains("<a href=\"x.html\">X</a>") == true)
        #expect(outcome.messages.isEmpty, "\(outcome.messages)")
    }

    @Test func fileNamesThatLookLikeSchemesStayRelative() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("javascript:alert(1).md", "# Evil\n")
        space.write("a.md", "[e](./javascript:alert(1).md)\n")
        space.build()
        let home = try #require(space.site("index.html"))
        #expect(!home.contains("href=\"javascript:"))
        #expect(home.contains("href=\"./javascript:alert(1).html\""))
        #expect(space.site("a.html")?.contains("href=\"./javascript:alert(1).html\"") == true)
    }

    @Test func footnoteAnchorsAreValidLinkTargets() {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "Text[^note].\n\nSee [the note](#fn-note).\n\n[^note]: A note.\n")
        let outcome = space.build()
        #expect(outcome.diagnostics.isEmpty, "\(outcome.messages)")
        #expect(space.site("a.html")?.contains("<li id=\"fn-note\">") == true)
    }

    @Test func eachPageMarksItsOwnSidebarLink() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("top.md", "# Top\n")
        space.write("plans/a.md", "# Plan A\n")
        space.write("plans/b.md", "# Plan B\n")
        space.build()
        let a = try #require(space.site("plans/a.html"))
        let b = try #require(space.site("plans/b.html"))
        #expect(a.contains("<a aria-current=\"page\" href=\"a.html\">Plan A</a>"))
        #expect(a.contains("<a href=\"b.html\">Plan B</a>"))
        #expect(b.contains("<a aria-current=\"page\" href=\"b.html\">Plan B</a>"))
        #expect(b.contains("<a href=\"a.html\">Plan A</a>"))
        #expect(b.contains("<a href=\"index.html\">Plans</a>"), "the folder leads to its generated index")
        #expect(b.contains("<a href=\"../top.html\">Top</a>"))
        #expect(space.site("top.html")?.contains("<a href=\"plans/index.html\">Plans</a>") == true, "closed folder")
        #expect(space.site("top.html")?.contains("Plan A") == false, "a closed folder lists no pages")
        let index = try #require(space.site("plans/index.html"))
        #expect(index.contains("<a aria-current=\"page\" href=\"index.html\">Plans</a>"))
    }

    @Test func copiesReferencedFilesOnly() {
        let space = Workspace()
        defer { space.remove() }
        space.write("img/used.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        space.write("img/unused.svg", "<svg/>")
        space.write(".planning/notes.md", "![sketch](../img/used.svg)\n")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")
        #expect(space.site("img/used.svg") != nil)
        #expect(space.site("img/unused.svg") == nil)
        #expect(space.site("planning/notes.html")?.contains("src=\"../img/used.svg\"") == true)
    }

    @Test func escapesScriptsInDocumentsAndTitles() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("x.md", "# <script>alert('t')</script> Title\n\n<script>alert(1)</script>\n")
        space.build()
        let page = try #require(space.site("x.html"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func rawHTMLOptInKeepsHTMLButFiltersScripts() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "title: Raw\nallow_raw_html: true\n")
        space.write("x.md", "<details><summary>More</summary>\n\nHidden\n\n</details>\n\n<script>alert(1)</script>\n")
        space.build()
        let page = try #require(space.site("x.html"))
        #expect(page.contains("<details><summary>More</summary>"))
        #expect(page.contains("&lt;script>alert(1)"))
    }

    @Test func ordersByFrontMatterThenNumericPrefixThenName() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("b.md", "# B\n")
        space.write("a.md", "# A\n")
        space.write("10-ten.md", "# Ten\n")
        space.write("2-two.md", "# Two\n")
        space.write("z.md", "---\norder: 1\n---\n# Z first\n")
        space.write("sub/x.md", "# X\n")
        let log = DiagnosticLog()
        let loaded = try Builder(options: BuildOptions(content: space.content, output: space.output), diagnostics: log)
            .load()
        #expect(loaded.site.pages.map(\.sourcePath) == ["z.md", "2-two.md", "10-ten.md", "a.md", "b.md", "sub/x.md"])
    }

    @Test func twoBuildsAreByteIdenticalAndUnchangedFilesKeepTheirTimes() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n\n[B](B.md)\n")
        space.write("B.md", "# B\n")
        #expect(space.build().error == nil)
        let first = try snapshot(space.output)
        let attributes = try FileManager.default.attributesOfItem(atPath: space.output + "/B.html")
        Thread.sleep(forTimeInterval: 1.1)
        space.write("A.md", "# A\n\n[B](B.md), changed\n")
        let second = space.build()
        #expect(second.summary?.unchanged ?? 0 > 0)
        let again = try FileManager.default.attributesOfItem(atPath: space.output + "/B.html")
        #expect(attributes[.modificationDate] as? Date == again[.modificationDate] as? Date)
        space.write("A.md", "# A\n\n[B](B.md)\n")
        #expect(space.build().error == nil)
        #expect(try snapshot(space.output) == first)
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n")
        #expect(space.build().error == nil)
        let before = try snapshot(space.output)
        space.write("B.md", "---\ntitle: [unclosed\n---\n# B\n")
        let outcome = space.build(strict: true)
        #expect(outcome.error is BuildFailure)
        #expect(
            outcome.messages.contains { $0.contains("B.md:2: warning: invalid front matter") }, "\(outcome.messages)")
        #expect(try snapshot(space.output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: space.root).filter {
            $0.contains("specsite-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func stagingLeftByAKilledBuildIsCleanedUp() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n")
        // A pid that cannot be running: above the kernel's pid limit.
        space.write(space.root + "/.site.specsite-new-99999999/A.html", "stale")
        #expect(space.build().error == nil)
        let entries = try FileManager.default.contentsOfDirectory(atPath: space.root)
        #expect(entries.sorted() == ["content", "site"])
    }

    @Test func refusesOutputFoldersThatOverlapTheContent() {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n")
        for output in [space.content, space.content + "/site", space.root] {
            let outcome = space.build(output: output)
            #expect(
                (outcome.error as? Diagnostic)?.message.contains("outside the content folder") == true, "\(output)")
        }
    }

    @Test func refusesToReplaceAFolderItDidNotCreate() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n")
        space.write(space.output + "/precious.txt", "mine")
        let outcome = space.build()
        #expect((outcome.error as? Diagnostic)?.message.contains("not built by specsite") == true)
        #expect(space.site("precious.txt") == "mine")
        space.write(space.root + "/file-output", "a file")
        let fileOutcome = space.build(output: space.root + "/file-output")
        #expect((fileOutcome.error as? Diagnostic)?.message.contains("is a file") == true)
    }

    @Test func badFilesGetClearMessagesAndTheRestStillBuilds() throws {
        let space = Workspace()
        defer { space.remove() }
        space.writeBytes("latin1.md", Array("# Caf".utf8) + [0xE9] + Array("\n\nline two\n".utf8))
        space.write("empty.md", "")
        space.write("good.md", "# Good\n")
        try FileManager.default.createSymbolicLink(atPath: space.content + "/loop", withDestinationPath: space.content)
        try FileManager.default.createSymbolicLink(
            atPath: space.content + "/dangling.md", withDestinationPath: "/nonexistent/x.md")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")
        #expect(outcome.messages.contains { $0.contains("latin1.md:1: warning: file is not valid UTF-8") })
        #expect(outcome.messages.contains { $0.contains("empty.md:1: warning: empty document") })
        #expect(outcome.messages.contains { $0.contains("/loop: warning: symbolic link loop") })
        #expect(outcome.messages.contains { $0.contains("dangling.md: warning: broken symbolic link") })
        #expect(space.site("latin1.html")?.contains("Café") == true)
        #expect(space.site("good.html") != nil)
    }

    @Test func brokenFrontMatterIsAWarningAndThePageStillRenders() throws {
        let space = Workspace()
        defer { space.remove() }
        // An unquoted ": " inside a value, as agents write them.
        space.write("plan.md", "---\nphase: 01\nmust_haves: Log water: one tap\n---\n# Plan\n\nThe prose.\n")
        space.write("open.md", "---\ntitle: never closed\n\n# Open\n")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")
        #expect(
            outcome.messages.contains { $0.contains("plan.md:3: warning: invalid front matter, page read without it") })
        #expect(outcome.messages.contains { $0.contains("open.md:1: warning: invalid front matter") })
        let plan = try #require(space.site("plan.html"))
        #expect(plan.contains("The prose.") && !plan.contains("must_haves"), "the YAML is dropped, the prose kept")
        // Never closed: nothing can be told apart, so the whole file is the page.
        #expect(space.site("open.html")?.contains("title: never closed") == true)
    }

    @Test func missingContentFolderIsAnError() {
        let space = Workspace()
        defer { space.remove() }
        try? FileManager.default.removeItem(atPath: space.content)
        let outcome = space.build()
        #expect((outcome.error as? Diagnostic)?.description == "\(space.content): error: content folder not found")
    }

    @Test func unknownSettingsAreWarnedWithTheirLine() {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "title: T\ncolour: blue\n")
        space.write("A.md", "# A\n")
        let outcome = space.build()
        #expect(
            outcome.messages.contains("\(space.content)/specsite.yml:2: warning: unknown setting 'colour' (ignored)"))
    }

    @Test func baseURLAddsCanonicalLinksAndASitemap() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("docs/A.md", "# A\n")
        space.build(baseURL: "https://org.github.io/app")
        #expect(
            space.site("docs/A.html")?.contains(
                "<link rel=\"canonical\" href=\"https://org.github.io/app/docs/A.html\">") == true)
        let sitemap = try #require(space.site("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://org.github.io/app/docs/A.html</loc>"))
        #expect(sitemap.contains("<loc>https://org.github.io/app/index.html</loc>"))
    }

    @Test func siteTemplatesOverrideTheDefaults() {
        let space = Workspace()
        defer { space.remove() }
        space.write("templates/page.mustache", "<p>custom {{page.title}}</p>{{{content}}}")
        space.write("A.md", "# A\n")
        space.build()
        #expect(space.site("A.html")?.hasPrefix("<p>custom A</p>") == true)
        #expect(space.site("templates/page.html") == nil)
    }

    @Test func templateSyntaxErrorsNameTheFileAndLine() {
        let space = Workspace()
        defer { space.remove() }
        space.write("templates/page.mustache", "line one\n{{#open}}\nnever closed\n")
        space.write("A.md", "# A\n")
        let outcome = space.build()
        let message = (outcome.error as? Diagnostic)?.description ?? ""
        #expect(message.contains("templates/page.mustache:"))
        #expect(message.contains("template syntax error"))
    }

    func snapshot(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = FileManager.default.contents(atPath: folder + "/" + path) }
        }
        return result
    }
}

@Suite("Builder on hostile input")
struct HostileInputTests {
    @Test func aTwentyMegabyteDocumentBuilds() throws {
        let space = Workspace()
        defer { space.remove() }
        var text = "# Huge\n\n"
        let section =
            "## Section\n\nSome *text* with a [link](#huge) and `code`.\n\n- [ ] a task\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        while text.utf8.count < 20_000_000 { text += section }
        space.write("huge.md", text)
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages.prefix(3))")
        let page = try #require(space.site("huge.html"))
        #expect(page.utf8.count > 20_000_000)
        #expect(page.contains("id=\"section-1000\""))
    }

    @Test func pathologicalMarkdownDoesNotHang() {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "brackets.md", String(repeating: "[", count: 50_000) + "\n\n" + String(repeating: "*a ", count: 50_000))
        space.write(
            "nesting.md",
            String(repeating: "> ", count: 10_000) + "deep\n\n" + String(repeating: "- ", count: 5_000) + "x\n")
        space.write("long-heading.md", "# " + String(repeating: "Very long heading ", count: 20) + "\n")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages.prefix(3))")
        #expect(outcome.messages.contains { $0.contains("nesting.md:1: warning: nesting deeper than 64 levels") })
        #expect(space.site("long-heading.html")?.contains("<title>Very long heading") == true)
    }

    @Test func fifosAreSkippedNotRead() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("A.md", "# A\n")
        #expect(mkfifo(space.content + "/pipe.md", 0o644) == 0)
        let outcome = space.build()
        #expect(outcome.error == nil)
        #expect(outcome.messages.contains { $0.contains("pipe.md: warning: not a regular file (skipped)") })
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func unreadableFilesAreErrors() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("secret.md", "# Secret\n")
        chmod(space.content + "/secret.md", 0)
        let outcome = space.build()
        #expect(outcome.error is BuildFailure)
        #expect(outcome.messages.contains { $0.contains("secret.md: error: cannot read file") })
    }

    @Test func pagesThatWouldCollideAreAnError() {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        space.write("a.markdown", "# A again\n")
        let outcome = space.build()
        #expect(outcome.error is BuildFailure)
        #expect(outcome.messages.contains { $0.contains("builds to the same page as") })
    }
}
