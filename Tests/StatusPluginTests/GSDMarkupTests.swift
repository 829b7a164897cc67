import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Helpers for the GSD tests (in a namespace, so they never clash with the
/// target's other test helpers).
enum GSDTestSupport {
    /// `/work/shared/corpus/seeds/10-04-PLAN.md`, when the checkout has the corpus.
    static let planPath =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/seeds/10-04-PLAN.md").path

    static var hasPlan: Bool { FileManager.default.fileExists(atPath: planPath) }

    /// The 10-04 plan split by hand: front matter (between the `---` lines),
    /// body, and the file line the body starts on.
    static func plan() throws -> (frontMatter: String, body: String, firstLine: Int) {
        let text = try String(contentsOfFile: planPath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let close = try #require(lines.indices.dropFirst().first { lines[$0] == "---" })
        return (
            lines[1..<close].joined(separator: "\n"), lines[(close + 1)...].joined(separator: "\n"), close + 2
        )
    }

    /// Rewrites, parses and renders `markdown` as the builder would with the plugin.
    static func render(_ markdown: String, firstLine: Int = 1) throws -> String {
        let document = MarkdownParser.parse(GSDMarkup.rewrite(markdown).markdown, firstLine: firstLine)
        let renderer = HTMLRenderer(
            allowRawHTML: false,
            blockOverride: { node, renderer in try GSDRender.render(node, renderer: renderer) })
        return try renderer.render(document.root)
    }

    /// Reads the plan body of `markdown` after the rewrite.
    static func read(_ markdown: String, firstLine: Int = 1) -> GSDPlanBody {
        GSDPlanReader.read(MarkdownParser.parse(GSDMarkup.rewrite(markdown).markdown, firstLine: firstLine))
    }

    static func lineCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).count
    }

    static func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    /// Problems with the nesting of the elements the GSD views write (empty when balanced).
    static func nestingProblems(_ html: String) -> [String] {
        let tracked: Set<String> = [
            "section", "article", "div", "details", "summary", "header", "ul", "ol", "li", "pre", "table", "h2", "h3",
            "p", "code",
        ]
        var stack: [String] = []
        var problems: [String] = []
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let closing = rest.first == "/"
            let name = rest.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            guard tracked.contains(name) else { continue }
            if !closing {
                stack.append(name)
            } else if stack.last == name {
                stack.removeLast()
            } else {
                problems.append("</\(name)> with \(stack.last ?? "nothing") open")
            }
        }
        return problems + stack.map { "<\($0)> never closed" }
    }

    /// A plan of `count` tasks in the template's shape.
    static func plan(tasks count: Int) -> String {
        var text = "<objective>\nDo many things.\n</objective>\n\n<tasks>\n"
        for number in 1...count {
            text += """

                <task type="auto">
                  <name>Task \(number): Step \(number)</name>
                  <files>src/a\(number).swift, src/b\(number).swift</files>
                  <action>
                  Change `a\(number)`:
                  ```swift
                  let x = \(number)
                  ```
                  </action>
                  <verify>swift test</verify>
                  <done>Step \(number) works</done>
                </task>

                """
        }
        return text + "</tasks>\n"
    }
}

/// The rewrite of GSD tags into markers, and reading a plan back from them.
struct GSDMarkupTests {
    // MARK: - The corpus plan

    @Test(.enabled(if: GSDTestSupport.hasPlan))
    func thePlanKeepsItsLinesAndReadsAsFourTasks() throws {
        let plan = try GSDTestSupport.plan()
        #expect(plan.firstLine == 46)
        let rewrite = GSDMarkup.rewrite(plan.body)
        #expect(rewrite.isPlan)
        #expect(rewrite.warnings == [])
        #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(plan.body))
        let lines = rewrite.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[343 - 46] == "<!-- specsite:gsd open verification -->")
        #expect(lines[354 - 46] == "<!-- specsite:gsd open success_criteria -->")
        // Those lines are the plan's sections for other plugins (the flows plugin
        // names flows after them), by file line; tasks and their parts are not.
        let sections = GSDMarker.sectionNames(in: MarkdownParser.parse(rewrite.markdown, firstLine: plan.firstLine))
        #expect(sections[343] == "verification")
        #expect(sections[354] == "success_criteria")
        #expect(!sections.values.contains("task") && !sections.values.contains("action"))

        let body = GSDPlanReader.read(MarkdownParser.parse(rewrite.markdown, firstLine: plan.firstLine))
        #expect(
            body.tasks.map(\.name) == [
                "Task 1: Update OnboardingStep Progress Calculation",
                "Task 2: Update OnboardingContainerView with Spring Animations",
                "Task 3: Update PermissionsView to Use Priming Screens",
                "Task 4: Update Remaining Screens and LaunchLoadingView",
            ])
        #expect(body.tasks.map(\.number) == [1, 2, 3, 4])
        #expect(body.tasks.allSatisfy { $0.type == "auto" })
        #expect(body.tasks.map(\.line) == [85, 121, 161, 272])
        #expect(body.tasks[0].files == ["apps/ios/trendy/Models/Onboarding/OnboardingStep.swift"])
        #expect(
            body.tasks[3].files == [
                "apps/ios/trendy/Views/Onboarding/CreateEventTypeView.swift",
                "apps/ios/trendy/Views/Onboarding/LogFirstEventView.swift",
                "apps/ios/trendy/Views/RootView.swift",
            ])
        #expect(
            body.tasks[0].verify
                == "File compiles without errors\nOnboardingStep.welcome.progress == 0.0\nOnboardingStep.finish.progress == 1.0"
        )
        #expect(body.tasks[0].done == "OnboardingStep has progress computed property for progress bar")
        #expect(body.tasks[0].parts == ["name", "files", "action", "verify", "done"])
        #expect(
            body.sections.map(\.name) == [
                "objective", "execution_context", "context", "tasks", "verification", "success_criteria", "output",
            ])
        #expect(body.section("objective")?.line == 47)
        #expect(body.section("objective")?.endLine == 53)
        #expect(body.section("verification")?.line == 343)
        #expect(
            body.objectiveSummary
                == "Redesign onboarding container navigation with animated transitions and wire all screens together.")
    }

    // MARK: - Shapes of tags

    @Test func oneLineTagsCarryTheirTextExactly() throws {
        let text = "<tasks>\n<task type=\"auto\">\n  <name>Task 1: A `x` --> <b> & y</name>\n</task>\n</tasks>"
        let rewrite = GSDMarkup.rewrite(text)
        let line = rewrite.markdown.split(separator: "\n")[2]
        let segments = try #require(GSDMarker.segments(of: line))
        #expect(segments.map(\.marker.verb) == [.openPart, .closePart])
        #expect(segments[0].text == "Task 1: A `x` --> <b> & y")
        #expect(GSDTestSupport.read(text).tasks.first?.name == "Task 1: A x --> <b> & y")
    }

    @Test func attributesSurviveTheMarker() throws {
        let text =
            "<tasks>\n<task type='checkpoint:human-verify' gate=\"blocking\" note=\"a --> b\" tdd>\n</task>\n</tasks>"
        let line = GSDMarkup.rewrite(text).markdown.split(separator: "\n")[1]
        #expect(line.hasPrefix("<!-- specsite:gsd open task #1 type=\"checkpoint:human&#45;verify\""))
        let marker = try #require(GSDMarker.segments(of: line)?.first?.marker)
        #expect(
            marker.attributes == [
                GSDAttribute(name: "type", value: "checkpoint:human-verify"),
                GSDAttribute(name: "gate", value: "blocking"), GSDAttribute(name: "note", value: "a --> b"),
                GSDAttribute(name: "tdd", value: ""),
            ])
        // One comment per marker: nothing inside ends it early.
        #expect(GSDTestSupport.count("-->", in: String(line)) == 1)
    }

    @Test func filesOnOneLineOrOnePerLine() {
        let text = """
            <tasks>
            <task type="auto">
              <files>src/a.swift, `src/b c.swift`</files>
            </task>
            <task type="auto">
              <files>
                src/one.swift
                src/two`s.swift
              </files>
            </task>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        let lines = rewrite.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[6] == "- `src/one.swift`")
        #expect(lines[7] == "- `` src/two`s.swift ``")
        let tasks = GSDTestSupport.read(text).tasks
        #expect(tasks.map(\.files) == [["src/a.swift", "src/b c.swift"], ["src/one.swift", "src/two`s.swift"]])
    }

    @Test func indentedContentIsDedentedInsideTagsOnly() {
        let text = """
            <objective>
                Indented four: not code.

                    But this is code, relative to the rest.
            </objective>

                Outside the plan's tags indentation stays.
            """
        let lines = GSDMarkup.rewrite(text).markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "Indented four: not code.")
        #expect(lines[3] == "    But this is code, relative to the rest.")
        #expect(lines[6] == "    Outside the plan's tags indentation stays.")
    }

    @Test func contextReferencesBecomeAList() {
        let text = """
            <objective>
            X
            </objective>
            <context>
            @.planning/PROJECT.md
            # Files being modified
            @src/a.swift  # why
            </context>
            """
        let lines = GSDMarkup.rewrite(text).markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[4] == "- `@.planning/PROJECT.md`")
        #expect(lines[5] == "<!-- specsite:gsd note -->Files being modified")
        #expect(lines[6] == "- `@src/a.swift`  # why")
    }

    @Test func unknownTagsInsideATaskAreItsParts() {
        let text = """
            <tasks>
            <task type="checkpoint:human-verify" gate="blocking">
              <what-built>The dashboard</what-built>
              <step>
              Open it
              </step>
              <div>
              kept as HTML
              </div>
            </task>
            </tasks>
            <T> stays prose, and so does <name> here.
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [])
        let lines = rewrite.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3].hasPrefix("<!-- specsite:gsd open-part step"))
        #expect(lines[6] == "<div>")
        #expect(lines[11] == "<T> stays prose, and so does <name> here.")
        #expect(GSDTestSupport.read(text).tasks.first?.parts == ["what-built", "step"])
    }

    @Test func openingAndClosingTagsWithTextOnTheirLines() {
        let text = """
            <tasks>
            <task type="auto">
              <action>Start here
              and end here</action>
              <done>Done</done>
            </task>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [])
        let lines = rewrite.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "<!-- specsite:gsd open-part action -->Start here")
        #expect(lines[3] == "<!-- specsite:gsd text -->and end here<!-- specsite:gsd close-part action -->")
        #expect(GSDTestSupport.read(text).tasks.first?.done == "Done")
    }

    // MARK: - Bad input

    @Test func anUnclosedTaskIsClosedAtTheNextTaskWithAWarning() throws {
        let text = """
            <tasks>
            <task type="auto">
              <name>Task 1: Open</name>
              <action>
              Do it.

            <task type="auto">
              <name>Task 2: Fine</name>
            </task>
            </tasks>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(
            rewrite.warnings == [
                LineMessage(line: 2, message: "`<task>` opened here is never closed"),
                LineMessage(line: 4, message: "`<action>` opened here is never closed"),
            ])
        #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
        #expect(GSDTestSupport.read(text).tasks.map(\.name) == ["Task 1: Open", "Task 2: Fine"])
        let html = try GSDTestSupport.render(text)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(GSDTestSupport.count("<article class=\"gsd-task", in: html) == 2)
    }

    @Test func tagsOpenAtTheEndAreClosedOnTheLastLine() throws {
        for text in ["<tasks>\n<task type=\"auto\">\n<action>\nDo it.", "<tasks>\n<task>\n<action>\nDo it.\n"] {
            let rewrite = GSDMarkup.rewrite(text)
            #expect(rewrite.warnings.map(\.line) == [1, 2, 3])
            #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
            let html = try GSDTestSupport.render(text)
            #expect(GSDTestSupport.nestingProblems(html) == [])
            #expect(html.contains("Do it."))
        }
    }

    @Test func aStrayCloseTagIsDroppedWithAWarning() throws {
        let text = "<objective>\nGoal.\n</objective>\n</action>\nAfter."
        let rewrite = GSDMarkup.rewrite(text)
        #expect(
            rewrite.warnings == [
                LineMessage(line: 4, message: "`</action>` closes nothing: no `<action>` is open here")
            ])
        let html = try GSDTestSupport.render(text)
        #expect(!html.contains("&lt;/action"))
        #expect(html.contains("<p>After.</p>"))
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }

    @Test func aCloseTagOutOfTurnClosesTheInnerTags() throws {
        let text = """
            <tasks>
            <task type="auto">
            <action>
            Work.
            </task>
            <task type="auto">
            </tasks>
            <verification>
            Check.
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings.map(\.line) == [3, 6, 8])
        let html = try GSDTestSupport.render(text)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(html.contains("<h2 class=\"gsd-section-title\">Verification</h2>"))
    }

    @Test func tagsInsideFencedCodeAreLeftAlone() {
        let text = """
            <objective>
            Show the format:
              ```xml
              <task type="auto">
              </objective>
              ```
            ~~~~
            <tasks>
            ~~~~
            </objective>
            """
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [])
        let lines = rewrite.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines[2...8]) == [
                "  ```xml", "  <task type=\"auto\">", "  </objective>", "  ```", "~~~~", "<tasks>", "~~~~",
            ])
        #expect(lines[9] == "<!-- specsite:gsd close objective -->")
    }

    @Test func aFenceNeverClosedInsideATagDoesNotSwallowThePlan() throws {
        let text = "<tasks>\n<task>\n<action>\n```swift\nlet a = 1\n</action>\n</task>\n</tasks>\n"
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings.map(\.line) == [4])
        #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
        let html = try GSDTestSupport.render(text)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(html.contains("let a = 1"))
    }

    @Test func otherPagesComeBackByteIdentical() {
        let pages = [
            "# Notes\n\n<div>\n<details>\n<summary>More</summary>\n\nText with <T> and <name>.\n</details>\n</div>\n",
            "Windows\r\nlines\r\n<objective>?\r\n",
            "```md\n<objective>\n<tasks>\n<task type=\"auto\">\n```\n",
            "    <tasks>\n",
            "",
        ]
        for page in pages {
            let rewrite = GSDMarkup.rewrite(page)
            #expect(rewrite.markdown == page)
            #expect(!rewrite.isPlan)
            #expect(rewrite.warnings == [])
        }
        // Four spaces in is code, not a tag; two spaces in is still a tag line.
        #expect(GSDMarkup.isPlan("  <objective>\n  Goal\n  </objective>"))
    }

    @Test func windowsLineEndingsAreKept() {
        let text = "<objective>\r\n  Goal.\r\n</objective>\r\n"
        let rewrite = GSDMarkup.rewrite(text)
        #expect(
            rewrite.markdown
                == "<!-- specsite:gsd open objective -->\r\nGoal.\r\n<!-- specsite:gsd close objective -->\r\n")
        #expect(GSDTestSupport.read(text).objectiveSummary == "Goal.")
    }

    @Test func textThatLooksLikeAMarkerStaysText() throws {
        let text = "<objective>\n<!-- specsite:gsd close objective -->\n</objective>\n<!-- specsite:gsd open task -->"
        let html = try GSDTestSupport.render(text)
        #expect(GSDTestSupport.nestingProblems(html) == [])
        #expect(GSDTestSupport.count("<!-- specsite:gsd", in: GSDMarkup.rewrite(text).markdown) == 2)
        #expect(html.contains("&lt;!-- specsite:gsd open task --&gt;"))
    }

    @Test func aMarkerWrittenOnAnotherPageIsNotDrawn() throws {
        let text = "# Notes\n\n<!-- specsite:gsd open task #1 -->\nText.\n\n```\n<!-- specsite:gsd open task -->\n```\n"
        let rewrite = GSDMarkup.rewrite(text)
        #expect(!rewrite.isPlan)
        #expect(rewrite.markdown.contains("\n&lt;!-- specsite:gsd open task #1 -->\nText."))
        #expect(rewrite.markdown.contains("```\n<!-- specsite:gsd open task -->\n```"), "code keeps its text")
        let html = try GSDTestSupport.render(text)
        #expect(!html.contains("<article"))
        #expect(html.contains("&lt;!-- specsite:gsd open task #1 --&gt;"))
    }

    @Test func markersShownInCodeStayCode() throws {
        let text = "<objective>\nThe rewrite writes:\n```\n<!-- specsite:gsd open task #1 -->\n```\n</objective>\n"
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [])
        #expect(rewrite.markdown.contains("```\n<!-- specsite:gsd open task #1 -->\n```"))
        let html = try GSDTestSupport.render(text)
        #expect(html.contains("<pre tabindex=\"0\"><code>&lt;!-- specsite:gsd open task #1 --&gt;\n</code></pre>"))
        #expect(!html.contains("<article"))
    }

    // Its speed is measured by `make bench`, not here.
    @Test func fiveThousandTasksAreAllRead() {
        let text = GSDTestSupport.plan(tasks: 5000)
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.warnings == [])
        #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
        let body = GSDPlanReader.read(MarkdownParser.parse(rewrite.markdown))
        #expect(body.tasks.count == 5000)
        #expect(body.tasks.last?.name == "Task 5000: Step 5000")
        #expect(body.tasks.last?.files == ["src/a5000.swift", "src/b5000.swift"])
    }

    @Test func randomTagSoupStaysBalanced() throws {
        // Lines that make the rewrite and cmark-gfm disagree if anything does:
        // HTML blocks around fences, fences in lists, lines that look like markers.
        let vocabulary = [
            "<objective>", "</objective>", "<tasks>", "</tasks>", "<task type=\"auto\">", "  <task>", "</task>",
            "  <name>Task: x</name>", "<files>a, b</files>", "  <files>", "  </files>", "  <action>", "  </action>",
            "<action>Start", "end</action>", "  <verify>", "</verify>", "<done>ok</done>", "<context>", "</context>",
            "@src/a.swift", "# note", "```", "```swift", "   ```", "~~~", "    indented", "- item", "1. step", "",
            "text", "<div>", "</div>", "<!-- c", "-->", "<details>", "> quote", "| a | b |", "|---|---|",
            "<step>", "</step>", "<what-built>x</what-built>", "<!-- specsite:gsd open task -->", "<T>", "> <task>",
            "- <action>", "  - ```", "<pre>", "</pre>", "<script>", "1. ```swift", "---", "[^1]: note", "    ```",
            "\t<task>", "  ~~~~", "x</name>", "<options>", "<option id=\"a\"><name>n</name></option>", "</options>",
            "<execution_context>", "</execution_context>", "> ```", "  ```", "<!-- specsite:gsd text -->x",
        ]
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<1000 {
            let lines = (0..<(1 + next(40))).map { _ in vocabulary[next(vocabulary.count)] }
            let text = "<tasks>\n" + lines.joined(separator: "\n")
            let rewrite = GSDMarkup.rewrite(text)
            #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
            _ = GSDPlanReader.read(MarkdownParser.parse(rewrite.markdown))
            let problems = GSDTestSupport.nestingProblems(try GSDTestSupport.render(text))
            #expect(problems == [], "\(text)")
        }
    }

    @Test func aNestingBombNeverCrashes() throws {
        let text =
            "<objective>\n" + String(repeating: "<step>\n", count: 3000) + "<tasks>\n<task>\n"
            + String(repeating: "<step>\n", count: 3000) + String(repeating: "</step>\n", count: 3001)
        let rewrite = GSDMarkup.rewrite(text)
        #expect(GSDTestSupport.lineCount(rewrite.markdown) == GSDTestSupport.lineCount(text))
        let html = try GSDTestSupport.render(text)
        #expect(GSDTestSupport.nestingProblems(html) == [])
    }
}
