import Foundation
import Testing

@testable import SpecSiteKit

/// The copies for agents: each page's markdown beside its HTML, `llms.txt`
/// and `llms-full.txt`, and the page's link and button to its copy.
@Suite("Markdown copies and llms.txt")
struct MarkdownCopiesTests {
    @Test func linksIntoHiddenFoldersLeadWhereTheSitePutsThem() {
        #expect(MarkdownCopies.visibleDestination(".planning/ROADMAP.md") == "planning/ROADMAP.md")
        #expect(MarkdownCopies.visibleDestination("../.planning/x.md#goals") == "../planning/x.md#goals")
        #expect(MarkdownCopies.visibleDestination("docs/.kiro/specs/a/") == "docs/kiro/specs/a/")
        #expect(
            MarkdownCopies.visibleDestination("..planning/a.md") == "planning/a.md",
            "every leading dot, as the site drops")
        #expect(MarkdownCopies.visibleDestination(".env.example") == nil, "a hidden file keeps its name")
        #expect(MarkdownCopies.visibleDestination("./a/.b") == nil, "the last segment is a file")
        #expect(MarkdownCopies.visibleDestination("../PRD.md") == nil)
        #expect(MarkdownCopies.visibleDestination("https://example.com/.well-known/x") == nil)
        #expect(MarkdownCopies.visibleDestination("/abs/.hidden/x.md") == nil)
        #expect(MarkdownCopies.visibleDestination("#.anchor/.x") == nil)
        #expect(MarkdownCopies.visibleDestination("a/b.md?x=/.y/z") == nil, "a query is not a path")
    }

    @Test func aCopyIsTheTextAsWrittenButForHiddenFolders() {
        let source = """
            ---
            title: Plan
            ---
            See [the roadmap](.planning/ROADMAP.md) and [PRD](PRD.md).\r
            [ref]: <.planning/STATE.md>
            Code: `[x](.planning/ROADMAP.md)` stays a link's text.
            """
        let links = [
            LinkReference(destination: ".planning/ROADMAP.md", line: 4, isImage: false),
            LinkReference(destination: "PRD.md", line: 4, isImage: false),
            LinkReference(destination: ".planning/STATE.md", line: 5, isImage: false),
        ]
        let copy = MarkdownCopies.text(source, links: links)
        #expect(
            copy == """
                ---
                title: Plan
                ---
                See [the roadmap](planning/ROADMAP.md) and [PRD](PRD.md).
                [ref]: <planning/STATE.md>
                Code: `[x](planning/ROADMAP.md)` stays a link's text.
                """)
        let plain = "# Title\n\n[PRD](PRD.md)\n"
        #expect(
            MarkdownCopies.text(plain, links: [LinkReference(destination: "PRD.md", line: 3, isImage: false)]) == plain)
    }

    @Test func copiesSitBesideThePagesAndMatchTheSource() throws {
        let space = Workspace()
        defer { space.remove() }
        let prd =
            "---\ntitle: Product\ndescription: What we build.\n---\n# PRD\r\n\r\nSee the [roadmap](.planning/ROADMAP.md).\r\n"
        space.write("PRD.md", prd)
        space.write("README.md", "# Read me\n\nThe start.\n")
        space.write(".planning/ROADMAP.md", "# Roadmap\n\nBack to the [PRD](../PRD.md).\n")
        space.write("notes/Q&A (draft).md", "# Q&A [draft]\n\nQuestions.\n")
        // Windows-1252: the copy is UTF-8, as the page reads it.
        space.writeBytes("notes/legacy.md", Array("# Caf".utf8) + [0xE9] + Array("\n".utf8))
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")

        #expect(
            space.site("PRD.md")
                == prd.replacingOccurrences(of: ".planning/", with: "planning/").replacingOccurrences(
                    of: "\r\n", with: "\n"))
        #expect(MarkdownCopies.withLineFeeds("a\r\nb\rc\n\r\r\nd") == "a\nb\nc\n\n\nd")
        #expect(space.site("README.md") == "# Read me\n\nThe start.\n", "beside the index.html it builds")
        #expect(space.site("planning/ROADMAP.md") == "# Roadmap\n\nBack to the [PRD](../PRD.md).\n")
        #expect(space.site("notes/legacy.md") == "# Café\n")
        #expect(space.site("notes/Q&A (draft).md") != nil)

        let page = try #require(space.site("planning/ROADMAP.html"))
        #expect(page.contains("<link rel=\"alternate\" type=\"text/markdown\" href=\"ROADMAP.md\">"))
        #expect(page.contains("<a class=\"page-action\" href=\"ROADMAP.md\" type=\"text/markdown\">Markdown</a>"))
        #expect(page.contains("data-markdown=\"ROADMAP.md\""))
        let odd = try #require(space.site("notes/Q&A (draft).html"))
        #expect(odd.contains("href=\"Q&amp;A%20(draft).md\""), "the link is encoded as any link to a file")

        let index = try #require(space.site("llms.txt"))
        #expect(
            index == """
                # Spec

                > The start.

                Each page's markdown sits beside its HTML; `llms-full.txt` holds every document.

                ## Documents

                - [Read me](README.md): The start.
                - [Product](PRD.md): What we build.

                ## planning

                - [Roadmap](planning/ROADMAP.md): Back to the PRD.

                ## notes

                - [Café](notes/legacy.md)
                - [Q&A \\[draft\\]](notes/Q&A%20%28draft%29.md): Questions.

                """, "folders in reading order: \(index)")

        let full = try #require(space.site("llms-full.txt"))
        #expect(
            full.hasPrefix(
                "# Spec\n\n> The start.\n\n# Read me\nSource: README.md\n\n# Read me\n\nThe start.\n\n# Product\n"))
        #expect(full.contains("# Roadmap\nSource: planning/ROADMAP.md\n\n# Roadmap\n\nBack to the [PRD](../PRD.md).\n"))
        for name in ["README.md", "PRD.md", "notes/legacy.md", "planning/ROADMAP.md"] {
            let copy = try #require(space.site(name))
            #expect(full.contains(copy), "\(name) is whole in llms-full.txt")
        }
    }

    @Test func prettyURLsAndAnAbsoluteBaseURL() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "title: Docs\ndescription: All of it.\npretty_urls: true\n")
        space.write("PRD.md", "# PRD\n\nWhat.\n")
        space.write("docs/api.md", "# API\n\nCalls.\n")
        #expect(space.build(baseURL: "https://example.com/app/").error == nil)
        let page = try #require(space.site("docs/api/index.html"))
        #expect(page.contains("href=\"../api.md\""), "from docs/api/ to docs/api.md")
        let index = try #require(space.site("llms.txt"))
        #expect(index.contains("- [PRD](https://example.com/app/PRD.md): What.\n"))
        #expect(index.contains("- [API](https://example.com/app/docs/api.md): Calls.\n"))
        #expect(index.hasPrefix("# Docs\n\n> All of it.\n"))
        #expect(space.site("llms-full.txt")?.contains("# API\nSource: https://example.com/app/docs/api.md\n") == true)
    }

    @Test func llmsFalseWritesNoCopiesAndNoButton() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "llms: false\n")
        space.write("PRD.md", "# PRD\n")
        #expect(space.build().diagnostics.isEmpty)
        #expect(space.site("PRD.md") == nil)
        #expect(space.site("llms.txt") == nil)
        #expect(space.site("llms-full.txt") == nil)
        let page = try #require(space.site("PRD.html"))
        #expect(!page.contains("page-actions"))
        #expect(!page.contains("text/markdown"))
    }

    @Test func llmsMustBeAFlag() {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "llms: sometimes\n")
        space.write("PRD.md", "# PRD\n")
        let outcome = space.build()
        let error = "\(outcome.error.map { "\($0)" } ?? "")" + outcome.messages.joined()
        #expect(error.contains("specsite.yml:1") && error.contains("'llms' must be true or false"), "\(error)")
    }
}
