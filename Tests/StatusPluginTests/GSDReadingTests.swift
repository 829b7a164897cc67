import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// How GSD `.planning/` folders written by other teams are read: nested plan
/// blocks, titles, quick tasks, short `depends_on` forms, archived milestones.
@Suite("GSD reading")
struct GSDReadingTests {
    /// The report the plugin makes of these pages, GSD files included.
    func gsdReport(_ pages: [Page]) -> StatusReport {
        StatusReport.make(facts: pages.map { ($0, StatusPlugin.read($0).0) })
    }

    /// A page at `path` as the builder makes it with the plugin: the GSD tags
    /// rewritten before the markdown is parsed.
    static func gsdPage(_ text: String, path: String) throws -> Page {
        var page = try page(text, path: path)
        let body = GSDMarkup.rewrite(page.markdown).markdown
        page.markdown = body
        page.document = MarkdownParser.parse(body, firstLine: page.bodyFirstLine)
        return page
    }

    // MARK: Nested plan blocks

    /// A plan whose `<context>` holds an `<interfaces>` block of fenced code,
    /// as GSD's planner writes it.
    static let nestedContext = """
        <objective>
        Add the pause states.
        </objective>

        <context>
        @.planning/STATE.md
        @.planning/ROADMAP.md

        <interfaces>
        <!-- Key types the executor needs -->

        From workflow/state.go:

        ```go
        type DAGStatus string
        ```

        From workflow/cancel.go:

        ```go
        func Cancel(ctx context.Context) error
        ```
        </interfaces>
        </context>

        <tasks>

        <task type="auto" tdd="true">
          <name>Task 1: Add the states</name>
          <action>Write them.</action>
        </task>

        </tasks>
        """

    @Test func aSectionInsideContextIsNestedNotAWarning() throws {
        let rewrite = GSDMarkup.rewrite(Self.nestedContext)
        #expect(rewrite.warnings == [])
        let body = GSDTestSupport.read(Self.nestedContext)
        #expect(body.sections.map(\.name) == ["objective", "context", "tasks"])
        // `<context>` runs from its tag (line 5) to its close tag (line 24).
        #expect(body.section("context").map { [$0.line, $0.endLine] } == [5, 24])
        #expect(body.tasks.map(\.name) == ["Task 1: Add the states"])
        let html = try GSDTestSupport.render(Self.nestedContext)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(html.contains("type DAGStatus string"))
    }

    @Test func anInnerSectionLeftOpenIsStillReported() throws {
        // The author never closed `<interfaces>`; `</context>` closes both.
        let text = """
            <objective>
            Gate the scheduler.
            </objective>

            <context>
            @workflow/scheduler.go

            <interfaces>
            <read_first>
            - workflow/scheduler.go
            </read_first>

            Key contracts.
            </context>

            <tasks>
            <task type="auto">
              <name>Task 1: Gate</name>
            </task>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [LineMessage(line: 8, message: "`<interfaces>` opened here is never closed")])
        #expect(GSDTestSupport.read(text).sections.map(\.name) == ["objective", "context", "tasks"])
        #expect(GSDTestSupport.nestingProblems(try GSDTestSupport.render(text)) == [])
    }

    @Test func aSectionLeftOpenBeforeTheNextIsStillReported() throws {
        // `<objective>` is never closed: `<context>` follows it, it does not nest in it.
        let text = """
            <objective>
            Goal.

            <context>
            @a.md
            </context>

            <tasks>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [LineMessage(line: 1, message: "`<objective>` opened here is never closed")])
        #expect(GSDTestSupport.read(text).sections.map(\.name) == ["objective", "context", "tasks"])
    }

    @Test func aNestedBlockWarnsNothingOnTheBuiltSite() throws {
        let plan = "---\nphase: 01-core\nplan: 01\nwave: 1\ndepends_on: []\n---\n\n" + Self.nestedContext + "\n"
        let site = try BuiltSite([".planning/phases/01-core/01-01-PLAN.md": plan])
        defer { site.remove() }
        #expect(try site.build().map(\.description) == [])
    }

    // MARK: Plan titles

    static func plan(front: String = "", objective: String) -> String {
        "---\nphase: 30-deploy\nplan: 02\nwave: 1\ndepends_on: []\n\(front)---\n\n<objective>\n\(objective)\n</objective>\n"
    }

    static func planTitle(_ text: String) throws -> String? {
        let page = try gsdPage(text, path: ".planning/phases/30-deploy/30-02-PLAN.md")
        return StatusPlugin.read(page).0.items.first?.title
    }

    @Test func theFrontMatterNameIsThePlansTitle() throws {
        let objective = "Resume DAGs that are still pausing. Then the helpers."
        #expect(
            try Self.planTitle(Self.plan(front: "name: Resume from Pausing + State Helpers\n", objective: objective))
                == "Resume from Pausing + State Helpers")
        #expect(
            try Self.planTitle(Self.plan(front: "title: \"Event-Path Finalization\"\n", objective: objective))
                == "Event-Path Finalization")
        // No name: the objective's first sentence; an empty name says nothing.
        #expect(
            try Self.planTitle(Self.plan(front: "name: \"\"\n", objective: objective))
                == "Resume DAGs that are still pausing")
    }

    @Test func aSentenceDoesNotEndInsideBrackets() throws {
        let objective =
            "Ship the boot-time env validator (D-18 .. D-21) and sweep all `process.env.*` lookups [see A. B]"
            + " instead. `Redis.fromEnv()` is kept."
        #expect(
            try Self.planTitle(Self.plan(objective: objective))
                == "Ship the boot-time env validator (D-18 .. D-21) and sweep all process.env.* lookups [see A. B]"
                + " instead")
        // A bracket left open keeps the whole line: a title is never cut.
        let open = try Self.planTitle(Self.plan(objective: "Do (this. And that"))
        #expect(open == "Do (this. And that")
    }

    // MARK: depends_on

    static func plan(_ id: String, folder: String, dependsOn: String) -> String {
        "---\nphase: \(folder)\nplan: \(id.split(separator: "-").last!)\nwave: 1\ndepends_on: \(dependsOn)\n---\n\n"
            + "<objective>\nPlan \(id).\n</objective>\n"
    }

    @Test func shortDependenciesNameAPlanOfTheSamePhase() throws {
        let files: [(id: String, folder: String, depends: String)] = [
            ("05-01", "05-fixes", "[]"),
            ("05-02", "05-fixes", "[\"01\"]"),
            ("05-03", "05-fixes", "[\"05-01-PLAN.md\", \"02\"]"),
            ("30.1-01", "30.1-idor", "[]"),
            ("30.1-02", "30.1-idor", "\"01\""),
        ]
        var warnings: [LineMessage] = []
        var pages: [Page] = []
        for file in files {
            let page = try Self.gsdPage(
                Self.plan(file.id, folder: file.folder, dependsOn: file.depends),
                path: ".planning/phases/\(file.folder)/\(file.id)-PLAN.md")
            warnings += StatusPlugin.read(page).1
            pages.append(page)
        }
        #expect(warnings == [])
        let report = gsdReport(pages)
        #expect(report.warnings.isEmpty)
        let deps = files.map { report.entry(".planning#" + $0.id)?.item.dependencyIDs ?? ["missing"] }
        #expect(deps == [[], ["05-01"], ["05-01", "05-02"], [], ["30.1-01"]])
        #expect(report.entry(".planning#05-02")?.waitingFor == [".planning#05-01"])
        #expect(report.entry(".planning#05-03")?.waitingFor == [".planning#05-01", ".planning#05-02"])
        #expect(report.readyNext.map(\.item.id) == ["05-01", "30.1-01"])
    }
}
