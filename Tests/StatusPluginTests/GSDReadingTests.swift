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
}
