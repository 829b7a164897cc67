import Testing

@testable import SpecSiteKit

@Suite("Markdown parsing and rendering")
struct MarkdownTests {
    func html(_ markdown: String, allowRawHTML: Bool = false) throws -> String {
        try HTMLRenderer(allowRawHTML: allowRawHTML).render(MarkdownParser.parse(markdown).root)
    }

    @Test func headingsGetGitHubSlugsWithCollisionSuffixes() {
        let document = MarkdownParser.parse(
            """
            # Tasks
            ## Tasks
            ## Tasks
            ## CHUNK-001: Create Color Constants ✅ COMPLETED
            ## What's `new`? (v2.0)
            ## Über Größe
            """)
        #expect(
            document.headings.map(\.id) == [
                "tasks", "tasks-1", "tasks-2", "chunk-001-create-color-constants--completed", "whats-new-v20",
                "über-größe",
            ])
        #expect(document.headings.map(\.line) == [1, 2, 3, 4, 5, 6])
        #expect(document.headings[4].text == "What's new? (v2.0)")
    }

    @Test func sluggerMatchesGitHubOnTrickyInput() {
        var slugger = Slugger()
        #expect(slugger.slug(for: "foo") == "foo")
        #expect(slugger.slug(for: "foo-1") == "foo-1")
        #expect(slugger.slug(for: "foo") == "foo-2")  // foo-1 is taken by a real heading
        #expect(slugger.slug(for: "🚀") == "")
        #expect(slugger.slug(for: "🚀") == "-1")
        #expect(slugger.slug(for: "snake_case and-dash") == "snake_case-and-dash")
    }

    /// The byte path for ASCII headings gives what the scalar path gives.
    @Test func asciiSlugsMatchTheScalarPath() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for byte in 0..<128 {
            let text = "A" + String(UnicodeScalar(UInt8(byte))) + "b"
            #expect(Slugger.slugify(text) == Slugger.slugifyByScalar(text), "byte \(byte)")
        }
        for text in [every, "What's new? (v2.0)", "CHUNK-004: Auth ✅", " Lead  _x_ -- Tail ", "Ünïcode Title"] {
            #expect(Slugger.slugify(text) == Slugger.slugifyByScalar(text), "\(text)")
        }
        #expect(Slugger.slugify("Step 2: Set-up_now!") == "step-2-set-up_now")
    }

    @Test func taskItemsCarryTheirState() {
        let document = MarkdownParser.parse("- [x] done\n- [ ] open\n  - [X] nested\n- plain\n")
        var states: [TaskState?] = []
        document.root.walk { node in
            if case .item(let task) = node.kind { states.append(task) }
            return true
        }
        #expect(states == [.done, .open, .done, nil])
        // cmark-gfm calls an open box checked when `[x]` stands later on its
        // line; the box itself decides, in every list and nesting. (In a
        // block quote cmark-gfm reads no task list at all.)
        let tricky = MarkdownParser.parse(
            "- [ ] Tick every box `[x]`\n\n1. [ ] one [X]\n\n2) [x] two\n\n> * [ ] quoted [x]\n\n- a\n  + [ ] nested [x]\n"
        )
        var trickyStates: [TaskState?] = []
        tricky.root.walk { node in
            if case .item(let task) = node.kind { trickyStates.append(task) }
            return true
        }
        #expect(trickyStates == [.open, .open, .done, nil, nil, .open])
        // CRLF lines, and lines far apart, read the same.
        let crlf = MarkdownParser.parse(
            "# T\r\n\r\n- [x] one\r\n- [ ] two `[x]`\r\n" + String(repeating: "text\r\n", count: 50)
                + "\r\n- [ ] three [X]\r\n- [X] four\r\n")
        var crlfStates: [TaskState?] = []
        crlf.root.walk { node in
            if case .item(let task) = node.kind { crlfStates.append(task) }
            return true
        }
        #expect(crlfStates == [.done, .open, .open, .done])
        let rendered = try? html("- [x] done\n- [ ] open\n")
        #expect(rendered?.contains("<ul class=\"contains-task-list\">") == true)
        #expect(
            rendered?.contains("class=\"task-list-item-checkbox\" disabled checked aria-label=\"Done\"> done") == true)
        #expect(rendered?.contains("class=\"task-list-item-checkbox\" disabled aria-label=\"Not done\"> open") == true)
    }

    @Test func blocksAndInlinesKeepTheirSourceLines() {
        let document = MarkdownParser.parse(
            "intro\n\nA [first](a.md) link\nand a [second](b.md#x)\n![pic](p.png)\n", firstLine: 5)
        #expect(document.links.map(\.destination) == ["a.md", "b.md#x", "p.png"])
        #expect(document.links.map(\.line) == [7, 8, 9])
        #expect(document.links.map(\.isImage) == [false, false, true])
        #expect(document.root.children.map(\.line) == [5, 7])
    }

    @Test func rendersTheGitHubExtensions() throws {
        let output = try html(
            """
            | Left | Centre | Right |
            |:-----|:------:|------:|
            | a | b | c |

            ~~gone~~ and https://example.com and `code <b>`

            ```swift
            let x = 1 < 2
            ```
            """)
        #expect(output.contains("<th style=\"text-align: left\">Left</th>"))
        #expect(output.contains("<th style=\"text-align: center\">Centre</th>"))
        #expect(output.contains("<td style=\"text-align: right\">c</td>"))
        #expect(output.contains("<del>gone</del>"))
        #expect(output.contains("<a href=\"https://example.com\">https://example.com</a>"))
        #expect(output.contains("<code>code &lt;b&gt;</code>"))
        #expect(
            output.contains(
                "<div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-swift\"><span class=\"hl-keyword\">let</span> x = <span class=\"hl-number\">1</span> &lt; <span class=\"hl-number\">2</span>\n</code></pre></div>"
            ))
    }

    @Test func singleTildesAreNotStrikethrough() throws {
        let output = try html("Run @~/.claude/a.md and @~/.claude/b.md in ~30 min, not ~~never~~.\n")
        #expect(output.contains("@~/.claude/a.md and @~/.claude/b.md in ~30 min"))
        #expect(output.contains("<del>never</del>"))
    }

    @Test func footnotesAreNumberedInReferenceOrderAndAnchoredByLabel() throws {
        let output = try html("B first[^b], then A[^a], B again[^b].\n\n[^a]: Note A\n[^b]: Note B\n[^c]: unused\n")
        #expect(output.contains("<a href=\"#fn-b\" id=\"fnref-b\" data-footnote-ref>1</a>"))
        #expect(output.contains("<a href=\"#fn-a\" id=\"fnref-a\" data-footnote-ref>2</a>"))
        #expect(output.contains("id=\"fnref-b-2\""))
        #expect(output.contains("<li id=\"fn-b\">\n<p>Note B"))
        #expect(output.contains("<li id=\"fn-a\">\n<p>Note A"))
        #expect(!output.contains("unused"))
        let document = MarkdownParser.parse("x[^long-label]\n\n[^long-label]: text\n")
        #expect(document.footnoteLabels == ["long-label"])
    }

    @Test func footnoteEndingInAListGetsItsBacklinkAfterTheList() throws {
        let output = try html("x[^n]\n\n[^n]: Intro\n\n    - one\n    - two\n")
        #expect(output.contains("</ul>\n<a href=\"#fnref-n\" class=\"footnote-backref\""))
        #expect(!output.contains("<p> <a href=\"#fnref-n\""))
    }

    @Test func headingAnchorsFollowWhatTheReaderSees() {
        let document = MarkdownParser.parse(
            "## ![logo](x.png) Title\n## Foo[^1] bar\n## 🎉\n## 🎉\n## Section\n\n[^1]: n\n")
        #expect(document.headings.map(\.id) == ["-title", "foo1-bar", "", "-1", "section"])
        #expect(document.headings[0].text == "Title")
        let output = (try? HTMLRenderer().render(document.root)) ?? ""
        #expect(output.contains("<h2>🎉</h2>"), "an empty slug writes no id")
    }

    @Test func linesStayRightAfterMultiLineLinkTitles() {
        let document = MarkdownParser.parse("intro\n\n[t](t.md \"title\nhere\") and [y](y.md)\nnext [z](z.md)\n")
        #expect(document.links.map(\.line) == [3, 4, 5])
    }

    @Test func rawHTMLOutsideTheAllowlistIsEscapedByDefault() throws {
        let output = try html("<script>alert(1)</script>\n\nHi <img src=x onerror=alert(2)> there\n")
        #expect(!output.contains("<script"))
        #expect(output.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(output.contains("Hi <img src=\"x\" alt=\"\"> there"), "an image is kept, without its handler")
        #expect(!output.contains("onerror"))
    }

    @Test func tagFilterAppliesEvenWhenRawHTMLIsAllowed() throws {
        let output = try html(
            "<div class=\"x\">ok</div>\n\n<script>alert(1)</script>\n\nText <b>bold</b> <iframe src=x>\n",
            allowRawHTML: true)
        #expect(output.contains("<div class=\"x\">ok</div>"))
        #expect(output.contains("<b>bold</b>"))
        #expect(output.contains("&lt;script>alert(1)&lt;/script>"))
        #expect(output.contains("&lt;iframe src=x>"))
    }

    @Test func dangerousURLsAreDropped() throws {
        let output = try html(
            "[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) ![z](data:image/png;base64,AAAA) [w](data:text/html,hi)")
        #expect(!output.lowercased().contains("javascript:"))
        #expect(output.contains("src=\"data:image/png;base64,AAAA\""))
        #expect(!output.contains("data:text/html"))
    }

    @Test func tightAndLooseListsRenderLikeGitHub() throws {
        #expect(try html("- a\n- b\n") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(try html("- a\n  - b\n") == "<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>\n")
        #expect(try html("- a\n\n- b\n") == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n")
        #expect(try html("3. c\n4. d\n").hasPrefix("<ol start=\"3\">"))
    }

    @Test func adjacentTextIsMergedSoPluginsSeeMarkersWhole() {
        let document = MarkdownParser.parse("> [!NOTE]\n> body\n")
        let paragraph = document.root.children[0].children[0]
        #expect(paragraph.children.first?.kind == .text("[!NOTE]"))
    }

    @Test func deepNestingIsFlattenedNotFatal() {
        let markdown = String(repeating: ">", count: 5_000) + " deep\n"
        let document = MarkdownParser.parse(markdown)
        #expect(!document.warnings.isEmpty)
        #expect(document.root.plainText.contains("deep"))
        #expect((try? HTMLRenderer().render(document.root)) != nil)
    }

    @Test func blockOverridesReplaceClaimedBlocksOnly() throws {
        let renderer = HTMLRenderer(blockOverride: { node, renderer in
            guard case .codeBlock(let info, let code) = node.kind, info == "shout" else { return nil }
            return "<p class=\"shout\">\(HTMLEscaping.escape(code.uppercased()))</p>\n"
        })
        let output = try renderer.render(MarkdownParser.parse("```shout\nhi <you>\n```\n\n```\nplain\n```\n").root)
        #expect(output.contains("<p class=\"shout\">HI &lt;YOU&gt;\n</p>"))
        #expect(output.contains("<pre tabindex=\"0\"><code>plain\n</code></pre>"))
    }

    @Test func urlsArePercentEncodedAndEscaped() {
        #expect(HTMLEscaping.escapeURL("my doc.html?a=1&b=\"2\"") == "my%20doc.html?a=1&amp;b=%222%22")
        #expect(HTMLEscaping.escapeURL("café.html") == "caf%C3%A9.html")
    }
}

@Suite("Front matter and YAML")
struct FrontMatterTests {
    @Test func splitsFrontMatterAndKeepsLines() throws {
        let split = try FrontMatter.split("---\ntitle: Plan\nplan: 09\n---\n# Body\n")
        #expect(split.yaml == "title: Plan\nplan: 09\n")
        #expect(split.body == "# Body\n")
        #expect(split.bodyFirstLine == 5)
        let value = try YAMLValue.parse(split.yaml!, firstLine: 2)
        #expect(value["plan"]?.string == "09")
        #expect(value["plan"]?.int == 9)
        #expect(value.entries.map(\.line) == [2, 3])
    }

    @Test func windowsLineEndingsWork() throws {
        let split = try FrontMatter.split("---\r\ntitle: Plan\r\nplan: 09\r\n---\r\n# Body\r\n")
        #expect(split.bodyFirstLine == 5)
        let value = try YAMLValue.parse(split.yaml!, firstLine: 2)
        #expect(value["title"]?.string == "Plan")
        #expect(value["plan"]?.string == "09")
        let document = MarkdownParser.parse(split.body, firstLine: split.bodyFirstLine)
        #expect(document.headings.first?.text == "Body")
        #expect(document.headings.first?.line == 5)
    }

    @Test func noFrontMatterLeavesTextAlone() throws {
        let split = try FrontMatter.split("# Title\n---\n")
        #expect(split.yaml == nil)
        #expect(split.bodyFirstLine == 1)
    }

    @Test func unclosedFrontMatterIsAnErrorOnLineOne() {
        #expect(throws: YAMLError(line: 1, message: "front matter opened with '---' is never closed")) {
            try FrontMatter.split("---\ntitle: x\n")
        }
    }

    @Test func yamlErrorsPointAtTheFileLine() {
        do {
            _ = try YAMLValue.parse("title: ok\nlist: [a, b\nnext: 1\n", firstLine: 2)
            Issue.record("expected an error")
        } catch {
            #expect(error.line >= 3)
        }
    }

    @Test func valuesKeepTheirTextAsWritten() throws {
        let value = try YAMLValue.parse("phase: 05\nwave: 3\ndepends_on: [\"10-02\", 10-03]\nempty:\nflag: yes\n")
        #expect(value["phase"]?.string == "05")
        #expect(value["depends_on"]?.array?.compactMap(\.string) == ["10-02", "10-03"])
        #expect(value["empty"] == .null)
        #expect(value["flag"]?.bool == true)
    }
}

@Suite("Output paths")
struct OutputPathTests {
    @Test func pagesMapToHTMLWithVisibleFolders() {
        #expect(OutputPaths.page(for: "PRD.md", readmeIsIndex: true) == "PRD.html")
        #expect(OutputPaths.page(for: "docs/README.md", readmeIsIndex: true) == "docs/index.html")
        #expect(OutputPaths.page(for: "docs/README.md", readmeIsIndex: false) == "docs/README.html")
        #expect(
            OutputPaths.page(for: ".planning/phases/01-x/01-01-PLAN.md", readmeIsIndex: true)
                == "planning/phases/01-x/01-01-PLAN.html")
        #expect(OutputPaths.page(for: "notes.markdown", readmeIsIndex: true) == "notes.html")
        #expect(OutputPaths.page(for: "Notes.Md", readmeIsIndex: true) == "Notes.html")
        #expect(OutputPaths.page(for: "Sub/Readme.MD", readmeIsIndex: true) == "Sub/index.html")
    }

    @Test func relativeURLsWorkFromAnyDepth() {
        #expect(OutputPaths.relativeURL(from: "planning/ROADMAP.html", to: "PRD.html") == "../PRD.html")
        #expect(OutputPaths.relativeURL(from: "PRD.html", to: "planning/ROADMAP.html") == "planning/ROADMAP.html")
        #expect(OutputPaths.relativeURL(from: "a/b/c.html", to: "a/d/e.html") == "../d/e.html")
        #expect(OutputPaths.relativeURL(from: "a/b.html", to: "a/b.html") == "b.html")
        #expect(OutputPaths.rootPrefix(from: "a/b/c.html") == "../../")
        #expect(OutputPaths.relativeURL(from: "a.html", to: "javascript:alert(1).html") == "./javascript:alert(1).html")
    }

    /// The byte path for ASCII paths gives what the character path gives.
    @Test func asciiRelativeURLsMatchTheCharacterPath() {
        let paths = [
            "", "/", "PRD.html", "a/b.html", "a/b/c.html", "a/d/e.html", "a//b.html", "/a/b.html", "a/b/", "a/",
            "Q&A #2.html", "a/100%.html", "x?y/z.html", "javascript:alert(1).html", "a/javascript:x.html",
            "planning/phases/01-x/01-01-PLAN.html", "docs/café.html", "docs/e\u{301}/x.html",
        ]
        for from in paths {
            for to in paths {
                #expect(
                    OutputPaths.relativeURL(from: from, to: to)
                        == OutputPaths.relativeURLByCharacter(from: from, to: to),
                    "\(from) → \(to)")
            }
        }
    }

    @Test func resolveRefusesToLeaveTheRoot() {
        #expect(OutputPaths.resolve("../PRD.md", against: "docs/x.md") == "PRD.md")
        #expect(OutputPaths.resolve("./img/a.png", against: "x.md") == "img/a.png")
        #expect(OutputPaths.resolve("../../secret.md", against: "docs/x.md") == nil)
        #expect(OutputPaths.resolve("/PRD.md", against: "docs/x.md") == "PRD.md")
        // ASCII paths are resolved on their bytes: the same paths as by Character.
        let relatives = [
            "", ".", "..", "/", "//", "a", "./a", "../a", "a/../b", "a/./b/", "/a/b", "a//b", "...", "..a", "a..",
            "../../a", "a/b/../../..", "é/../a", "#x", "a?b",
        ]
        let bases = ["", "x.md", "docs/x.md", "a/b/c.md", "/x.md", "a//b.md", "é/x.md"]
        for relative in relatives {
            for base in bases {
                #expect(
                    OutputPaths.resolve(relative, against: base)
                        == OutputPaths.resolveByCharacter(relative, against: base), "\(relative) against \(base)")
            }
        }
    }

    /// Links are split at `#` and `?` by their bytes when ASCII, by Characters otherwise (where
    /// a mark on `#` makes it another character).
    @Test func linksSplitAtTheirFragmentAsCharactersDo() {
        let destinations = ["PRD.md#goals", "#top", "a.md", "a.md#", "a.md#x%20y", "é.md#é", "a#\u{301}b#c", "?q#f"]
        for destination in destinations {
            let split = LinkResolver.split(destination)
            let hash = destination.firstIndex(of: "#")
            #expect(split.path == String(destination[..<(hash ?? destination.endIndex)]), "\(destination)")
            #expect(
                split.fragment.map { $0.isEmpty } == hash.map { destination.index(after: $0) == destination.endIndex })
        }
        #expect(LinkResolver.split("a.md#x%20y").fragment == "x y")
        #expect(LinkResolver.split("a#\u{301}b#c").path == "a#\u{301}b")
        #expect(LinkResolver.firstIndex(of: "?", in: "a.md?q=1").map { $0.utf16Offset(in: "a.md?q=1") } == 4)
    }
}

@Suite("Titles from file names")
struct FileNameTitleTests {
    @Test func namesBecomeReadableTitles() {
        #expect(Navigation.readableTitle("01-foundation") == "Foundation")
        #expect(Navigation.readableTitle("getting_started") == "Getting started")
        #expect(Navigation.readableTitle("01-01-PLAN") == "01-01-PLAN")
        #expect(Navigation.readableTitle("DESIGN_SYSTEM") == "DESIGN SYSTEM")
        #expect(Navigation.readableTitle("planning") == "Planning")
    }
}
