import Foundation
import Testing

@testable import SpecSiteKit

/// A page's tree is let go after analysis and parsed again to render it: the
/// stages between see no tree, and the page renders as if it had been kept.
@Suite("Page trees")
struct PageTreeTests {
    static let markdown = """
        ---
        title: Plan
        order: 2
        ---
        # Plan

        Intro with a [link](other.md#top) and a footnote.[^1]

        ## Tasks

        - [x] one
        - [ ] two
          > quoted `code`

        | a | b |
        | - | - |
        | 1 | 2 |

        [^1]: The note.
        """

    func loaded(_ markdown: String) throws -> Page {
        let file = SourceFile(relativePath: "plans/plan.md", absolutePath: "/nonexistent/plans/plan.md")
        return try #require(
            PageLoader.load(
                file, bytes: Array(markdown.utf8), displayPath: "content/plans/plan.md", plugins: [], contexts: [:],
                diagnostics: DiagnosticLog()))
    }

    @Test func aReleasedTreeParsesBackToTheSameTree() throws {
        let page = try loaded(Self.markdown)
        #expect(page.hasTree)
        let released = page.releasingTree()
        #expect(!released.hasTree)
        #expect(released.document.root.children.isEmpty)
        // What the later stages read stays.
        #expect(released.document.headings == page.document.headings)
        #expect(released.document.links == page.document.links)
        #expect(released.document.footnoteLabels == page.document.footnoteLabels)
        #expect(released.title == "Plan")
        let again = released.withTree()
        #expect(again.hasTree)
        #expect(again.document.root == page.document.root)
        // Lines still count from the file's first line, past the front matter.
        #expect(again.document.root.children.first?.line == 5)
        #expect(released.summary == page.summary)
        #expect(released.summary.hasPrefix("Intro with a link"))
    }

    @Test func aPageWhoseFileCannotBeReadAgainStaysWithoutATree() throws {
        let page = try loaded(Self.markdown)
        let released = page.releasingTree(rereading: { nil })
        #expect(released.markdown.isEmpty)
        #expect(!released.withTree().hasTree)
        #expect(released.summary.isEmpty)
        let again = page.releasingTree(rereading: { page })
        #expect(again.withTree().markdown == page.markdown)
        #expect(again.withTree().document.root == page.document.root)
        #expect(again.summary == page.summary)
    }

    @Test func stagesBetweenAnalysisAndRenderingSeeNoTrees() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("plans/plan.md", Self.markdown)
        space.write("other.md", "# Other {#top}\n\n## Top\n")
        let probe = TreeProbe()
        let outcome = space.build(plugins: [TreeProbePlugin(probe: probe)], keptTreeBytes: 0)
        #expect(outcome.error == nil, "\(outcome.messages)")
        let seen = probe.seen
        #expect(seen.analyzed == [true, true])
        #expect(seen.generated == [false, false])
        // Parsed again on request, with every block.
        #expect(seen.generatedBlocks == [2, 6])
        #expect(seen.rendered.allSatisfy { $0 } && seen.rendered.count >= 8)
        // A one-off build lets the markdown go too, and reads the file again to render.
        #expect(seen.generatedMarkdown == [false, false])
        #expect(seen.renderedMarkdown.allSatisfy { $0 })
        let plan = try #require(space.site("plans/plan.html"))
        #expect(plan.contains("class=\"task-list-item-checkbox\" disabled checked aria-label=\"Done\">"))
        #expect(plan.contains("<code>code</code>"))
        #expect(plan.contains("<td>2</td>"))
        #expect(plan.contains("The note."))
    }

    /// The first documents found keep their trees up to the budget; the rest let them go.
    @Test func treesAreKeptUpToTheBudget() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n\nWords.\n")
        space.write("b.md", "# B\n\nMore words.\n")
        space.write("c.md", "# C\n")
        func treesInGenerate(_ budget: Int) -> [Bool] {
            let probe = TreeProbe()
            let outcome = space.build(plugins: [TreeProbePlugin(probe: probe)], keptTreeBytes: budget)
            #expect(outcome.error == nil, "\(outcome.messages)")
            return probe.seen.generated
        }
        #expect(treesInGenerate(BuildOptions.defaultKeptTreeBytes) == [true, true, true])
        #expect(treesInGenerate(0) == [false, false, false])
        // a.md (12 bytes) fits in 20; b.md (17) does not fit what is left, c.md (4) does.
        #expect(treesInGenerate(20) == [true, false, true])
        let kept = try #require(space.site("b.html"))
        #expect(kept.contains("More words."))
    }

    @Test func aFileChangedWhileTheSiteIsBuiltFailsTheBuild() {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n\nFirst words.\n")
        space.write("b.md", "# B\n")
        let outcome = space.build(plugins: [RewritingPlugin(path: space.content + "/a.md")], keptTreeBytes: 0)
        #expect(outcome.error != nil)
        #expect(
            outcome.messages.contains(
                "\(space.content)/a.md: error: changed while the site was being built; build again"),
            "\(outcome.messages)")
        #expect(space.site("a.html") == nil)
        // Written again with the same bytes, the file is the one that was read.
        space.write("a.md", "# A\n\nFirst words.\n")
        let same = space.build(
            plugins: [RewritingPlugin(path: space.content + "/a.md", text: "# A\n\nFirst words.\n")], keptTreeBytes: 0)
        #expect(same.error == nil, "\(same.messages)")
        #expect(space.site("a.html")?.contains("First words.") == true)
    }
}

/// Writes a content file while the site is built (between analysis and rendering).
private struct RewritingPlugin: Plugin {
    let id = "rewriting"
    let path: String
    var text = "# A\n\nOther words.\n"

    func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return []
    }
}

/// What ``TreeProbePlugin`` saw of the pages' trees, hook by hook.
private final class TreeProbe: @unchecked Sendable {
    // @unchecked: every field is guarded by `lock`.
    private let lock = NSLock()
    struct Seen {
        var analyzed: [Bool] = []
        var generated: [Bool] = []
        var generatedBlocks: [Int] = []
        var rendered: [Bool] = []
        /// Whether each page had its markdown in `generate`, and at each block in `render`.
        var generatedMarkdown: [Bool] = []
        var renderedMarkdown: [Bool] = []
    }
    private var stored = Seen()

    func update(_ change: (inout Seen) -> Void) { lock.withLock { change(&stored) } }
    var seen: Seen { lock.withLock { stored } }
}

private struct TreeProbePlugin: Plugin {
    let id = "tree-probe"
    let probe: TreeProbe

    func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] {
        probe.update { $0.analyzed.append(page.hasTree && !page.document.root.children.isEmpty) }
        return []
    }

    func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        for page in site.pages.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            probe.update {
                $0.generated.append(page.hasTree)
                $0.generatedMarkdown.append(!page.markdown.isEmpty)
                $0.generatedBlocks.append(page.withTree().document.root.children.count)
            }
        }
        return []
    }

    func render(_ node: MarkdownNode, context: RenderContext) throws -> String? {
        probe.update {
            $0.rendered.append(context.page.hasTree)
            $0.renderedMarkdown.append(!context.page.markdown.isEmpty)
        }
        return nil
    }
}
