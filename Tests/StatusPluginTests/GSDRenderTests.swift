import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Drawing a rewritten GSD plan, and the plan card.
struct GSDRenderTests {
    // MARK: - The body

    @Test(.enabled(if: GSDTestSupport.hasPlan))
    func thePlanReadsAsSectionsAndTaskCards() throws {
        let plan = try GSDTestSupport.plan()
        let html = try GSDTestSupport.render(plan.body, firstLine: plan.firstLine)
        for tag in [
            "objective", "execution_context", "context", "tasks", "task", "name", "files", "action", "verify", "done",
            "verification", "success_criteria", "output",
        ] {
            #expect(!html.contains("&lt;\(tag)"), "escaped <\(tag)>")
            #expect(!html.contains("&lt;/\(tag)&gt;"), "escaped </\(tag)>")
        }
        #expect(!html.contains("raw-html"))
        #expect(!html.contains("specsite:gsd"))
        #expect(GSDTestSupport.count("<article class=\"gsd-task\">", in: html) == 4)
        // Every Swift block of the actions survives as code.
        #expect(GSDTestSupport.count("<pre tabindex=\"0\"><code class=\"language-swift\">", in: html) == 6)
        #expect(
            html.contains(
                "<span class=\"hl-keyword\">var</span> progress: <span class=\"hl-type\">Double</span> {"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(
            GSDTestSupport.count("<section", in: html) + GSDTestSupport.count("<details", in: html)
                == GSDTestSupport.count("</section>", in: html) + GSDTestSupport.count("</details>", in: html))
        #expect(GSDTestSupport.count("<div", in: html) == GSDTestSupport.count("</div>", in: html))

        #expect(
            html.contains(
                "<section class=\"gsd-section gsd-objective\">\n<h2 class=\"gsd-section-title\">Objective</h2>"))
        #expect(html.contains("<h2 class=\"gsd-section-title\">Success criteria</h2>"))
        #expect(html.contains("<details class=\"gsd-section gsd-execution-context gsd-refs\">"))
        #expect(html.contains("<li><code>@~/.claude/get-shit-done/workflows/execute-plan.md</code></li>"))
        #expect(html.contains("<p class=\"gsd-ref-note\">Files being modified</p>"))
        #expect(
            html.contains(
                "<header class=\"gsd-task-header\"><span class=\"gsd-task-number\">Task 1</span> "
                    + "<span class=\"gsd-chip gsd-chip-type\">auto</span></header>\n"
                    + "<h3 class=\"gsd-task-name\">Update OnboardingStep Progress Calculation</h3>"))
        #expect(
            html.contains(
                "<ul class=\"gsd-file-list\"><li><code>apps/ios/trendy/Models/Onboarding/OnboardingStep.swift</code>"))
        // Task 4's files, one per line, are a list of code chips too.
        #expect(html.contains("<li><code>apps/ios/trendy/Views/RootView.swift</code></li>"))
        #expect(html.contains("<div class=\"gsd-part-label\">Verify</div>"))
        #expect(html.contains("<div class=\"gsd-part-label\">Done</div>"))
        #expect(html.contains("<code>xcodebuild build</code> succeeds"))
    }

    @Test func partsAndChipsOfACheckpoint() throws {
        let text = """
            <tasks>
            <task type="checkpoint:human-verify" gate="blocking" tdd="true">
              <what-built>Dashboard at [the server](http://localhost:3000)</what-built>
              <how-to-verify>
                1. Visit the page
                2. Check the grid
              </how-to-verify>
              <resume-signal>Type "approved"</resume-signal>
            </task>
            </tasks>
            """
        let html = try GSDTestSupport.render(text)
        #expect(html.contains("<article class=\"gsd-task gsd-task-checkpoint\">"))
        #expect(html.contains("<span class=\"gsd-chip gsd-chip-checkpoint\">checkpoint: human-verify</span>"))
        #expect(html.contains("<span class=\"gsd-chip gsd-chip-gate\">gate: blocking</span>"))
        #expect(html.contains("<span class=\"gsd-chip gsd-chip-tdd\">TDD</span>"))
        #expect(html.contains("<div class=\"gsd-part-label\">What built</div>"))
        #expect(html.contains("<a href=\"http://localhost:3000\">the server</a>"))
        #expect(html.contains("<div class=\"gsd-part-label\">How to verify</div>\n<div class=\"gsd-part-body\">\n<ol>"))
        #expect(html.contains("Type &quot;approved&quot;"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }

    @Test func indentedContentRendersAsMarkdownNotCode() throws {
        let text = """
            <tasks>
              <task type="auto">
                <action>
                    Add a property:

                    - one
                    - two
                </action>
              </task>
            </tasks>
            """
        let html = try GSDTestSupport.render(text)
        #expect(!html.contains("<pre>"))
        #expect(html.contains("<p>Add a property:</p>"))
        #expect(html.contains("<li>one</li>"))
    }

    @Test func copiedTextIsEscaped() throws {
        let text = """
            <tasks>
            <task type="a&quot;<b>">
              <name>Task 1: <script>alert(1)</script> & more</name>
              <files><script>x</script>.swift</files>
            </task>
            </tasks>
            """
        let html = try GSDTestSupport.render(text)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"))
        #expect(html.contains("<code>&lt;script&gt;x&lt;/script&gt;.swift</code>"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }

    @Test func taskNumbersAreNotRepeatedInNames() {
        #expect(GSDRender.withoutTaskNumber("Task 2: Do", number: 2) == "Do")
        #expect(GSDRender.withoutTaskNumber("task 2 - Do", number: 2) == "Do")
        #expect(GSDRender.withoutTaskNumber("Task 12: Do", number: 1) == "Task 12: Do")
        #expect(GSDRender.withoutTaskNumber("Task 2:", number: 2) == "Task 2:")
        #expect(GSDRender.withoutTaskNumber("Do", number: nil) == "Do")
    }

    @Test func otherBlocksAreNotClaimed() throws {
        let renderer = HTMLRenderer()
        #expect(try GSDRender.render(MarkdownNode(.paragraph, line: 1), renderer: renderer) == nil)
        #expect(try GSDRender.render(MarkdownNode(.htmlBlock("<div>\n"), line: 1), renderer: renderer) == nil)
        #expect(try GSDRender.render(MarkdownNode(.htmlBlock("<!-- note -->\n"), line: 1), renderer: renderer) == nil)
    }

    @Test func aMarkerRunIntoAnHTMLBlockIsStillDrawn() throws {
        // `<div>` (an HTML block that runs to a blank line) swallows the marker after it.
        let text = "<objective>\n<div>\n</objective>\n"
        let html = try GSDTestSupport.render(text)
        #expect(html.contains("<div>\n</div>\n</section>"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }

    @Test func theStylesheetUsesOnlyTheTheme() {
        let css = GSDRender.stylesheet
        #expect(!css.contains("#"))
        #expect(!css.contains("rgb"))
        for name in ["--color-bg-elevated", "--color-border", "--space-4", "--radius-lg", "--radius-full"] {
            #expect(css.contains("var(\(name))"))
        }
        #expect(GSDTestSupport.count("{", in: css) == GSDTestSupport.count("}", in: css))
    }

    // MARK: - The plan card

    @Test(.enabled(if: GSDTestSupport.hasPlan))
    func theCardOfThePlan() throws {
        let plan = try GSDTestSupport.plan()
        let frontMatter = try YAMLValue.parse(plan.frontMatter, firstLine: 2)
        let card = PlanCard(
            frontMatter: frontMatter, status: .inProgress,
            dependsOn: [("10-02", "10-02-PLAN.html", .done), ("10-03", "10-03-PLAN.html", .inProgress)], taskCount: 4)
        #expect(card.planID == "10-04")
        let html = card.html()
        #expect(html.contains("<h2 class=\"gsd-plan-card-title\">Plan 10-04</h2>"))
        #expect(html.contains("<span class=\"status-badge status-in-progress\">In progress</span>"))
        #expect(html.contains("<dt>Phase</dt><dd>10 · Visual design flow</dd>"))
        #expect(html.contains("<dt>Plan</dt><dd>04</dd>"))
        #expect(html.contains("<dt>Wave</dt><dd>3</dd>"))
        #expect(html.contains("<dt>Type</dt><dd>execute</dd>"))
        #expect(html.contains("<dt>Autonomous</dt><dd>Yes</dd>"))
        #expect(html.contains("<dt>Tasks</dt><dd>4 tasks</dd>"))
        #expect(
            html.contains(
                "<li><a href=\"10-02-PLAN.html\">10-02</a> <span class=\"status-badge status-done\">Done</span></li>"))
        #expect(html.contains("<a href=\"10-03-PLAN.html\">10-03</a>"))
        #expect(html.contains("Files modified (6)"))
        #expect(!html.contains("<details"))
        #expect(GSDTestSupport.count("<li><code>apps/ios/", in: html) == 6)
        #expect(GSDTestSupport.count("<li>", in: section(of: html, from: "gsd-truths")) == 4)
        let artifacts = section(of: html, from: "Artifacts")
        #expect(artifacts.contains("<th>Path</th><th>Provides</th><th>Contains</th>"))
        #expect(GSDTestSupport.count("<tr>", in: artifacts) == 4)
        let links = section(of: html, from: "Key links")
        #expect(links.contains("<th>From</th><th>To</th><th>Via</th><th>Pattern</th>"))
        #expect(GSDTestSupport.count("<tr>", in: links) == 4)
        #expect(links.contains("<td><code>\\.animation\\(.spring</code></td>"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }

    @Test func theCardCopesWithOddFrontMatter() throws {
        let odd = try YAMLValue.parse(
            """
            phase: 05
            plan: 09
            depends_on: "03-01"
            autonomous: sometimes
            files_modified: src/a.swift, src/b.swift
            must_haves:
              truths: "It works"
              artifacts:
                - src/only-a-path.swift
                - path: src/b.swift
                  exports: [GET, POST]
              key_links: not a list
            """)
        let html = PlanCard(frontMatter: odd, completed: "2025-01-02").html()
        #expect(html.contains("Plan 05-09"))
        #expect(html.contains("<dt>Phase</dt><dd>05</dd>"))
        #expect(html.contains("<li><span class=\"gsd-dep\">03-01</span></li>"))
        #expect(html.contains("<dt>Autonomous</dt><dd>sometimes</dd>"))
        #expect(html.contains("<dt>Completed</dt><dd>2025-01-02</dd>"))
        #expect(html.contains("<li><code>src/a.swift</code></li><li><code>src/b.swift</code></li>"))
        #expect(html.contains("<li>It works</li>"))
        #expect(html.contains("<td><code>src/only-a-path.swift</code></td><td></td>"))
        #expect(html.contains("<th>Exports</th>"))
        #expect(html.contains("<td><code>GET, POST</code></td>"))
        #expect(html.contains("<td>not a list</td>"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(
            PlanCard.dependencyIDs(in: try YAMLValue.parse("depends_on: \"[01-01, '01-02']\"")) == ["01-01", "01-02"])
        #expect(PlanCard.dependencyIDs(in: try YAMLValue.parse("depends_on: []")) == [])
        #expect(PlanCard.dependencyIDs(in: try YAMLValue.parse("depends_on:\n  a: b")) == [])
    }

    @Test func theCardOfAlmostNothing() throws {
        for frontMatter in [
            YAMLValue.null, .scalar("plan"), .sequence([]), try YAMLValue.parse("phase: [1, 2]\nwave:\n  a: b"),
        ] {
            let html = PlanCard(frontMatter: frontMatter).html()
            #expect(html.hasPrefix("<section class=\"gsd-plan-card\""))
            #expect(GSDTestSupport.nestingProblems(html) == [])
        }
        #expect(PlanCard(frontMatter: .null).title == "Plan")
        #expect(PlanCard(id: "01.1-02", frontMatter: .null, taskCount: 1).html().contains("<dd>1 task</dd>"))
        #expect(PlanCard.phaseLabel("01.1-hotfix") == "01.1 · Hotfix")
        // What to check follows the title, before the facts.
        var hinted = PlanCard(id: "02-01", frontMatter: .null, taskCount: 1)
        hinted.hints = ["its VERIFICATION says gaps_found", "marked done, but <x> & `y` never were"]
        let shown = hinted.html()
        #expect(
            shown.contains(
                "</div>\n<ul class=\"work-hints\" aria-label=\"Check these\"><li>its VERIFICATION says gaps_found</li>"
                    + "<li>marked done, but &lt;x&gt; &amp; `y` never were</li></ul>\n<dl class=\"gsd-plan-facts\">"))
        #expect(GSDTestSupport.nestingProblems(shown) == [])
    }

    @Test func manyFilesAreCollapsed() throws {
        let files = (1...9).map { "  - src/file\($0).swift" }.joined(separator: "\n")
        let html = PlanCard(frontMatter: try YAMLValue.parse("files_modified:\n" + files)).html()
        #expect(
            html.contains(
                "<details class=\"gsd-plan-files\">\n<summary class=\"gsd-card-heading\">Files modified (9)</summary>"))
    }

    /// The part of `html` from the first `marker` to the end of the table or list after it.
    private func section(of html: String, from marker: String) -> String {
        guard let start = html.range(of: marker) else { return "" }
        let rest = html[start.lowerBound...]
        let end = rest.range(of: "</table>") ?? rest.range(of: "</ul>")
        return String(rest[..<(end?.upperBound ?? rest.endIndex)])
    }
}
