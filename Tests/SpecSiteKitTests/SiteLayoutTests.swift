import Foundation
import Testing

@testable import SpecSiteKit

/// What a reader finds around the document: sidebar, breadcrumbs, previous
/// and next, the home page, folder indexes, 404, and the settings that shape them.
@Suite("Site layout")
struct SiteLayoutTests {

    /// The HTML between `<tag ` / `<tag>` and its closing tag, first occurrence.
    func element(_ html: String, _ open: String, close: String) -> String {
        guard let start = html.range(of: open), let end = html.range(of: close, range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func breadcrumbsFollowFoldersAndEndAtThePage() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(".planning/ROADMAP.md", "# Roadmap\n")
        space.write(".planning/phases/01-foundation/01-01-PLAN.md", "# Plan one\n")
        #expect(space.build().diagnostics.isEmpty)
        let plan = try #require(space.site("planning/phases/01-foundation/01-01-PLAN.html"))
        let crumbs = element(plan, "<nav class=\"breadcrumbs\"", close: "</nav>")
        #expect(
            crumbs.contains(
                """
                <li><a href="../../../index.html">Home</a></li>
                <li><a href="../../index.html">Planning</a></li>
                <li><a href="../index.html">Phases</a></li>
                <li><a href="index.html">Foundation</a></li>
                <li aria-current="page">Plan one</li>
                """), "\(crumbs)")
        let folder = try #require(space.site("planning/phases/index.html"))
        #expect(folder.contains("<li aria-current=\"page\">Phases</li>"))
        #expect(folder.contains("<a href=\"01-foundation/index.html\">Foundation</a>"))
        #expect(space.site("index.html")?.contains("class=\"breadcrumbs\"") == false, "no trail on the home page")
    }

    @Test func previousAndNextFollowTheSidebar() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("PRD.md", "# PRD\n")
        space.write("ARCHITECTURE.md", "# Architecture\n")
        space.write("notes/a.md", "# A\n")
        space.build()
        let prd = try #require(space.site("PRD.html"))
        #expect(prd.contains("<a class=\"page-nav-prev\" rel=\"prev\" href=\"index.html\">"))
        #expect(prd.contains("<a class=\"page-nav-next\" rel=\"next\" href=\"ARCHITECTURE.html\">"))
        let architecture = try #require(space.site("ARCHITECTURE.html"))
        #expect(architecture.contains("rel=\"next\" href=\"notes/index.html\""), "a folder's index comes first")
        let note = try #require(space.site("notes/a.html"))
        #expect(note.contains("rel=\"prev\" href=\"index.html\""))
        #expect(!note.contains("rel=\"next\""), "the last page has no next")
    }

    @Test func documentsAreOrderedAndGroupedByKind() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("IMPLEMENTATION_PLAN.md", "# Plan\n\nNine chunks.\n")
        space.write("DESIGN_SYSTEM.md", "# Design\n")
        space.write("UX_SPEC.md", "# UX\n")
        space.write("ARCHITECTURE.md", "# Arch\n")
        space.write("PRD.md", "# Requirements\n\n**Status**: Draft\n**Owner**: Ana\n\nA calm water tracker.\n")
        space.write("GLOSSARY.md", "# Words\n")
        space.write("ux/flows.md", "---\nkind: plans\n---\n# Flows, but a plan\n")
        space.build()
        let home = try #require(space.site("index.html"))
        let order = ["prd", "architecture", "ux", "design", "plans", "other"].compactMap {
            home.range(of: "data-kind=\"\($0)\"")?.lowerBound
        }
        #expect(order.count == 6 && order == order.sorted(), "groups in reading order")
        let plans = element(home, "data-kind=\"plans\"", close: "</section>")
        #expect(plans.contains("ux/flows.html") && plans.contains("IMPLEMENTATION_PLAN.html"), "front matter kind wins")
        #expect(home.contains("<p class=\"summary\">A calm water tracker.</p>"), "metadata lines are not a summary")
        let nav = element(home, "<nav id=\"site-nav\"", close: "</nav>")
        let titles = ["Requirements", "Arch", "UX", "Design", "Plan", "Words"].compactMap {
            nav.range(of: ">\($0)</a>")?.lowerBound
        }
        #expect(titles.count == 6 && titles == titles.sorted(), "the sidebar reads PRD first: \(nav)")
    }

    @Test func aHugeFolderListsAWindowAndEachPageFindsItself() throws {
        let space = Workspace()
        defer { space.remove() }
        for index in 1...150 { space.write("notes/n\(String(format: "%03d", index)).md", "# Note \(index)\n") }
        #expect(space.build().diagnostics.isEmpty)
        let first = try #require(space.site("notes/n001.html"))
        let nav = element(first, "<nav id=\"site-nav\"", close: "</nav>")
        #expect(nav.components(separatedBy: "<li><a").count - 1 == Navigation.windowSize + 1, "home + window")
        #expect(nav.contains("<li class=\"nav-more\"><a href=\"index.html\">All 150 documents</a></li>"))
        let late = try #require(space.site("notes/n140.html"))
        #expect(
            late.contains(
                """
                <li class="nav-gap" aria-hidden="true">…</li>
                <li><a href="n138.html">Note 138</a></li>
                <li><a href="n139.html">Note 139</a></li>
                <li><a aria-current="page" href="n140.html">Note 140</a></li>
                <li><a href="n141.html">Note 141</a></li>
                <li><a href="n142.html">Note 142</a></li>
                <li class="nav-gap" aria-hidden="true">…</li>
                <li class="nav-more">
                """), "the page and its neighbours follow the window")
        #expect(late.contains("rel=\"prev\" href=\"n139.html\"") && late.contains("rel=\"next\" href=\"n141.html\""))
        let index = element(try #require(space.site("notes/index.html")), "<article", close: "</article>")
        #expect(index.components(separatedBy: "<li><a href=\"n").count - 1 == 150, "the index lists every page")
    }

    @Test func navSettingOrdersAndRetitlesTheSidebar() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("PRD.md", "# Product Requirements Document\n")
        space.write("b.md", "# B\n")
        space.write("plans/p.md", "# P\n")
        space.write(
            "specsite.yml",
            """
            title: T
            nav:
              - Requirements: PRD.md
              - Work:
                  - plans/p.md
                  - missing.md
              - Repo: https://example.com/repo
            """)
        let outcome = space.build()
        #expect(
            outcome.messages == [
                "\(space.content)/specsite.yml:6: warning: nav names 'missing.md', which is not a page"
            ])
        let b = try #require(space.site("b.html"))
        let nav = element(b, "<nav id=\"site-nav\"", close: "</nav>")
        let positions = [
            "index.html\">Home", "PRD.html\">Requirements", "nav-group\">Work", "plans/p.html\">P",
            "example.com/repo\">Repo", "b.html\">B",
        ].map { nav.range(of: $0)?.lowerBound }
        #expect(
            !positions.contains(nil) && positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(nav)")
        #expect(!nav.contains("nav-section\"><a href=\"plans/"), "a page the nav names leaves its folder's list")
        #expect(try #require(space.site("PRD.html")).contains("rel=\"next\" href=\"plans/p.html\""))
    }

    @Test func prettyURLsWriteFoldersAndLinkToThem() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("PRD.md", "# PRD\n\nSee [the plan](plans/a.md#b) and ![x](images/x.png).\n")
        space.write("plans/a.md", "# A\n\n## B\n\n[back](../PRD.md)\n")
        space.writeBytes("images/x.png", [0x89, 0x50, 0x4E, 0x47])
        space.write("specsite.yml", "pretty_urls: true\n")
        #expect(space.build(baseURL: "https://org.github.io/app/").diagnostics.isEmpty)
        let prd = try #require(space.site("PRD/index.html"))
        #expect(prd.contains("<a href=\"../plans/a/#b\">the plan</a>"))
        #expect(prd.contains("<img src=\"../images/x.png\" alt=\"x\">"))
        #expect(prd.contains("href=\"../assets/specsite.css\""))
        #expect(prd.contains("<link rel=\"canonical\" href=\"https://org.github.io/app/PRD/\">"))
        #expect(prd.contains("<a aria-current=\"page\" href=\"./\">PRD</a>"))
        let plan = try #require(space.site("plans/a/index.html"))
        #expect(plan.contains("<a href=\"../../PRD/\">back</a>"))
        #expect(plan.contains("<li><a href=\"../\">Plans</a></li>"), "breadcrumb to the folder index")
        let sitemap = try #require(space.site("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://org.github.io/app/</loc>"))
        #expect(sitemap.contains("<loc>https://org.github.io/app/plans/a/</loc>"))
        #expect(!sitemap.contains("404"))
        #expect(space.site("404.html")?.contains("<base href=\"https://org.github.io/app/\">") == true)
    }

    @Test func logoFooterAndLanguageComeFromTheSettings() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("docs/a.md", "# A\n")
        space.write("PRD.md", "# PRD\n")
        space.write("brand/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        space.write(
            "specsite.yml",
            "logo: brand/logo.svg\nlanguage: de\nfooter: \"Ask [the PRD](PRD.md) or [us](https://x.org) <b>now</b>\"\n")
        #expect(space.build().diagnostics.isEmpty)
        let page = try #require(space.site("docs/a.html"))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"de\">"))
        #expect(page.contains("<img class=\"site-logo\" src=\"../brand/logo.svg\" alt=\"\">"))
        #expect(space.site("brand/logo.svg") != nil, "the logo is copied")
        #expect(
            page.contains("Ask <a href=\"../PRD.html\">the PRD</a> or <a href=\"https://x.org\">us</a> <b>now</b>"))
        #expect(page.contains("Source: <code>docs/a.md</code>"))

        space.write("specsite.yml", "logo: brand/missing.svg\nlogo_url: x\n")
        let outcome = space.build()
        #expect(
            outcome.messages == [
                "\(space.content)/specsite.yml:1: warning: logo 'brand/missing.svg' is not a file in the content folder",
                "\(space.content)/specsite.yml:2: warning: unknown setting 'logo_url' (ignored)",
            ])
    }

    @Test func aSiteOverridesOneTemplateBlock() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n\n## One\n\n## Two\n")
        space.write(
            "templates/page.mustache",
            "{{<layout}}{{$footer}}<p class=\"custom\">Internal: {{page.title}}</p>{{/footer}}{{/layout}}\n")
        #expect(space.build().diagnostics.isEmpty)
        let page = try #require(space.site("a.html"))
        #expect(page.contains("<p class=\"custom\">Internal: A</p>"))
        #expect(!page.contains("Built with specsite"), "the block is replaced")
        #expect(page.contains("<nav aria-label=\"On this page\">"), "the rest of the layout stays")
        #expect(page.contains("<a href=\"#one\">One</a>"))
    }

    /// The content is put into the rendered template where it came out once, raw; a template
    /// that prints it escaped, twice or not at all, and a page whose title holds the marker's
    /// first character, get what a whole render gives.
    @Test func templatesGetTheContentAsTheyPrintIt() throws {
        let cases: [(template: String, check: (String) -> Bool)] = [
            (
                "<main>{{{content}}}</main>\n",
                {
                    $0.hasPrefix("<main><h1") && $0.hasSuffix("<p>x &amp; y</p>\n</main>\n")
                        && $0.contains("A \u{E000}")
                }
            ),
            ("<main>{{content}}</main>\n", { $0.contains("&lt;p&gt;x &amp;amp; y&lt;/p&gt;") }),
            ("{{{content}}}|{{{content}}}\n", { $0.components(separatedBy: "<p>x &amp; y</p>").count == 3 }),
            ("<p>{{page.title}}</p>\n", { $0 == "<p>A \u{E000}</p>\n" }),
            ("{{#content}}[{{{.}}}]{{/content}}\n", { $0.hasPrefix("[<h1") && $0.hasSuffix("</p>\n]\n") }),
        ]
        for (template, check) in cases {
            let space = Workspace()
            defer { space.remove() }
            space.write("a.md", "# A \u{E000}\n\nx & y\n")
            space.write("b.md", "# B\n\nplain\n")
            space.write("templates/page.mustache", template)
            space.build()
            let page = try #require(space.site("a.html"))
            #expect(check(page), "\(template): \(page)")
            // Page b's title has no marker character: its content is put in place.
            let other = try #require(space.site("b.html"))
            let expected = [
                "<main>{{{content}}}</main>\n": "<p>plain</p>\n</main>\n",
                "<main>{{content}}</main>\n": "&lt;p&gt;plain&lt;/p&gt;\n</main>\n",
                "{{{content}}}|{{{content}}}\n": "<p>plain</p>\n\n",
                "<p>{{page.title}}</p>\n": "<p>B</p>\n",
                "{{#content}}[{{{.}}}]{{/content}}\n": "<p>plain</p>\n]\n",
            ]
            #expect(other.hasSuffix(expected[template]!), "\(template): \(other)")
            #expect(!other.contains("specsite-content"), "\(template): \(other)")
        }
    }

    @Test func titlesWithMarkupStayText() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "---\ntitle: \"<img src=x onerror=alert(1)>\"\n---\n\n## <script>alert(1)</script> & co\n")
        space.write("b.md", "# <b>Bold</b> & \"quoted\"\n")
        space.build()
        let a = try #require(space.site("a.html"))
        #expect(!a.contains("<img src=x") && !a.contains("<script>alert"))
        #expect(a.contains("<title>&lt;img src=x onerror=alert(1)&gt; · Spec</title>"))
        #expect(a.contains("<li aria-current=\"page\">&lt;img src=x onerror=alert(1)&gt;</li>"))
        let b = try #require(space.site("b.html"))
        // The heading keeps its allowed <b>; titles show only its text.
        #expect(b.contains("<title>Bold &amp; &quot;quoted&quot; · Spec</title>"))
        #expect(b.contains("<li aria-current=\"page\">Bold &amp; &quot;quoted&quot;</li>"))
        #expect(b.contains("rel=\"prev\" href=\"a.html\"><span class=\"page-nav-label\">Previous</span>"))
        #expect(b.contains("<span class=\"page-nav-title\">&lt;img src=x onerror=alert(1)&gt;</span>"))
    }

    @Test func documentKindsFromNamesTitlesAndFrontMatter() {
        func kind(_ path: String, title: String = "", frontMatter: String = "") -> DocumentKind {
            let front = frontMatter.isEmpty ? YAMLValue.null : (try? YAMLValue.parse(frontMatter)) ?? .null
            let page = Page(
                sourcePath: path, displayPath: path, outputPath: path, frontMatter: front, title: title,
                markdown: "", document: MarkdownParser.parse(""), order: nil)
            return DocumentKind.of(page)
        }
        #expect(kind("PRD.md") == .prd)
        #expect(kind("docs/product-requirements.md") == .prd)
        #expect(kind("ARCHITECTURE.md") == .architecture)
        #expect(kind("UX_SPEC.md") == .ux)
        #expect(kind("DESIGN_SYSTEM.md") == .design)
        #expect(kind("ONBOARDING_IMPLEMENTATION_PLAN.md") == .plans)
        #expect(kind("SPRINT_7_PARITY_PLAN.md") == .plans)
        #expect(kind(".planning/phases/10-x/10-04-PLAN.md") == .plans)
        #expect(kind("IMPLEMENTATION_GUIDE_SKILL.md") == .other)
        #expect(kind("notes.md", title: "Screen flows for onboarding") == .ux)
        #expect(kind("explanation.md") == .other, "whole words only")
        #expect(kind("x.md", frontMatter: "kind: design") == .design)
    }

    @Test func byteSearchReplacesEveryExactMatch() {
        #expect("a<b>c<b>".replacingBytes("<b>", with: "[B]") == "a[B]c[B]")
        #expect("ééé".replacingBytes("é", with: "e") == "eee")
        #expect("aaaa".replacingBytes("aa", with: "b") == "bb", "matches do not overlap")
        #expect("abc".replacingBytes("x", with: "y") == "abc")
        #expect("abc".replacingBytes("", with: "y") == "abc")
        #expect("<a href=\"x\">".containsBytes("href=\"x\"") && !"ab".containsBytes("abc"))
        // Against a naive search over texts made of a few pieces, at every length and place.
        let pieces = ["a", "b", "ab", "A", "B", "é", "→", " ", "aab"]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            var target = ""
            for _ in 0..<8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            for _ in 0..<2 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                target += pieces[Int(state >> 33) % 3]
            }
            let bytes = Array(text.utf8)
            let needle = Array(target.utf8)
            let naive =
                bytes.count >= needle.count
                && (0...(bytes.count - needle.count)).contains {
                    Array(bytes[$0..<($0 + needle.count)]) == needle
                }
            #expect(text.containsBytes(target) == naive, "\(target) in \(text)")
            #expect(
                text.containsBytes(ignoringASCIICase: target) == text.lowercased().containsBytes(target),
                "\(target) in \(text), any case")
        }
    }

    /// The case-folding byte search finds a word in any ASCII case, and
    /// finds it wherever lowercasing the text would.
    @Test func byteSearchIgnoringASCIICase() {
        #expect("A Checklist TEMPLATE".containsBytes(ignoringASCIICase: "template"))
        #expect("For EaCh task".containsBytes(ignoringASCIICase: "each"))
        #expect(!"Tem-plate".containsBytes(ignoringASCIICase: "template"))
        // `@` is `` ` `` with 0x20 set, and `[` is `{`: neither becomes a letter.
        #expect(!"@ny [ach".containsBytes(ignoringASCIICase: "any"))
        #expect(!"écrits".containsBytes(ignoringASCIICase: "each"))
        let texts = ["Light Mode", "DARK", "nIgHt", "ÀNY every", "day light", "Statut", "STATUS:", "déjà vu", ""]
        for text in texts {
            for word in ["light", "dark", "night", "any", "every", "tatu"] {
                #expect(
                    text.containsBytes(ignoringASCIICase: word) == text.lowercased().containsBytes(word),
                    "\(word) in \(text)")
            }
        }
    }

    @Test func metadataLinesAreSkippedWithWindowsLineEnds() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "PRD.md",
            "---\r\ntitle: P\r\n---\r\n# P\r\n\r\n**Status**: Draft\r\n**Owner**: Ana\r\n\r\nThe real summary.\r\n")
        space.build()
        #expect(space.site("index.html")?.contains("<p class=\"summary\">The real summary.</p>") == true)
    }

    @Test func aLogoThatAPageAlsoLinksIsCopiedOnce() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        space.write("PRD.md", "# PRD\n\n![logo](images/logo.svg)\n")
        space.write("specsite.yml", "logo: images/logo.svg\n")
        let outcome = space.build()
        #expect(outcome.error == nil && outcome.diagnostics.isEmpty, "\(outcome.messages)")
        #expect(space.site("images/logo.svg") != nil)
    }

    @Test func prettyURLsTakeAPageBesideItsFolderAsTheFolderIndex() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("api.md", "# API\n\nSee [the prototype](proto.html).\n")
        space.write("api/endpoints.md", "# Endpoints\n")
        space.write("proto.html", "<p>prototype</p>")
        space.write("specsite.yml", "pretty_urls: true\n")
        let outcome = space.build()
        #expect(outcome.error == nil && outcome.diagnostics.isEmpty, "\(outcome.messages)")
        let api = try #require(space.site("api/index.html"))
        #expect(api.contains("<h1 id=\"api\">API"), "the page is the folder's index")
        #expect(api.contains("<a href=\"../proto.html\">the prototype</a>"), "a copied file keeps its path")
        #expect(api.contains("<li class=\"nav-section open\"><a aria-current=\"page\" href=\"./\">API</a>"))
        let endpoints = try #require(space.site("api/endpoints/index.html"))
        #expect(endpoints.contains("<li><a href=\"../\">API</a></li>"), "the breadcrumb leads to it")
        #expect(endpoints.contains("<a aria-current=\"page\" href=\"./\">Endpoints</a>"))
        #expect(endpoints.contains("rel=\"prev\" href=\"../\""))
    }

    @Test func aWritten404IsTheNotFoundPage() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("404.md", "# Lost?\n\nTry the [PRD](PRD.md).\n")
        space.write("PRD.md", "# PRD\n")
        space.build(baseURL: "https://ex.com/p/")
        let page = try #require(space.site("404.html"))
        #expect(page.contains("<base href=\"https://ex.com/p/\">"))
        #expect(page.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!page.contains("rel=\"canonical\""))
        #expect(!page.contains("skip-link"), "under <base>, #content would lead to the home page")
        let prd = try #require(space.site("PRD.html"))
        #expect(!prd.contains("404.html"), "not in the sidebar or previous/next")
        #expect(space.site("index.html")?.contains("404.html") == false, "not on the home page")
    }

    @Test func footerLinksResolveLikePageLinks() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("PRD.md", "# PRD\n\n## Top\n")
        space.write("sub/a.md", "# A\n")
        space.write("docs/spec.pdf", "%PDF")
        space.write(
            "specsite.yml",
            "title: T\nfooter: \"[Sub](sub/) [Q](PRD.md?x=1#top) [Spec](docs/spec.pdf) [Gone](gone.md)\"\n")
        let outcome = space.build()
        #expect(
            outcome.messages == [
                "\(space.content)/specsite.yml:2: warning: broken link 'gone.md': gone.md does not exist"
            ], "reported once, at the setting")
        let page = try #require(space.site("sub/a.html"))
        let footer = element(page, "<footer", close: "</footer>")
        #expect(footer.contains("<a href=\"../sub/index.html\">Sub</a>"), "\(footer)")
        #expect(footer.contains("<a href=\"../PRD.html?x=1#top\">Q</a>"))
        #expect(footer.contains("<a href=\"../docs/spec.pdf\">Spec</a>"))
        #expect(space.site("docs/spec.pdf") == "%PDF", "a file the footer links is copied")
    }

    @Test func navLinksOutMustBeWebLinks() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        space.write("specsite.yml", "nav:\n  - X: javascript://%0aalert(1)\n  - Web: https://example.com\n")
        let outcome = space.build()
        #expect(outcome.messages.count == 1 && outcome.messages[0].contains("nav names 'javascript://%0aalert(1)'"))
        let page = try #require(space.site("a.html"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("<a class=\"nav-external\" href=\"https://example.com\">Web</a>"))
        #expect(!page.contains("<meta name=\"description\""), "no empty description")
    }

    @Test func navNamesFoldersAndGeneratedPagesAndListsAPageOnce() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        space.write("sub/b.md", "# B\n")
        space.write("specsite.yml", "nav:\n  - Start: index.md\n  - All of sub: sub/\n  - a.md\n  - Again: a.md\n")
        let outcome = space.build()
        #expect(outcome.diagnostics.isEmpty, "\(outcome.messages)")
        let page = try #require(space.site("a.html"))
        let nav = element(page, "<nav id=\"site-nav\"", close: "</nav>")
        #expect(nav.contains("<a href=\"index.html\">Start</a>"))
        #expect(nav.contains("<a href=\"sub/index.html\">All of sub</a>"))
        #expect(nav.components(separatedBy: "aria-current").count == 2, "one marked link: \(nav)")
        #expect(!nav.contains(">Again<"))
    }
}
