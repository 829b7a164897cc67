import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Lines that look like tasks but that markdown reads as text are named at
/// their lines, never dropped silently; boxes, code and prose are not.
@Suite("Lines that look like tasks")
struct UnreadTasksTests {
    @Test func whatLooksLikeATask() {
        #expect(UnreadTasks.problem("[ ] Deploy to staging") == "no list marker before the box")
        #expect(UnreadTasks.problem("[x] Deploy to staging") == "no list marker before the box")
        #expect(UnreadTasks.problem("- [] T005 Deploy") == "the box is empty: '[]' needs a space, '[ ]'")
        #expect(UnreadTasks.problem("-[ ] T005 Deploy") == "no space after the list marker")
        #expect(UnreadTasks.problem("1.[x] Deploy") == "no space after the list marker")
        #expect(UnreadTasks.problem("- [ x] Deploy") == "a space beside the x in the box")
        // Boxes markdown reads, the formats' own marks, links and lone boxes are no such line.
        for line in [
            "- [ ] Deploy", "- [x] Deploy", "1. [X] Deploy", "- [~] Deploy", "- [-] Deploy", "- [ ]* 2.3 Tests",
            "[x]: https://example.com", "[ ]", "    [ ] indented code", "[link] text", "- [P] T001",
        ] {
            #expect(UnreadTasks.problem(Substring(line)) == nil, "\(line)")
        }
    }

    /// Lines are numbered as cmark-gfm numbers them, whatever ends them.
    @Test func linesEndedOnWindowsAndOldMacs() throws {
        let site = try BuiltSite(["WIN.md": "# Plan\r\n\r\n[ ] Deploy\r\n", "MAC.md": "# Plan\r\r- [] Deploy\r"])
        defer { site.remove() }
        let lines = try site.build().map { "\(($0.file ?? "").suffix(6)):\($0.line ?? 0)" }
        #expect(lines == ["MAC.md:3", "WIN.md:3"])
    }

    @Test func namedAtTheirLines() throws {
        let site = try BuiltSite([
            "PLAN.md": """
            # Plan

            - [x] Read
            [ ] Not read, no dash
            - [] Not read, empty box

            ```
            [ ] in code
            ```
            """
        ])
        defer { site.remove() }
        let messages = try site.build().map { "\($0.line ?? 0): \($0.message)" }
        #expect(
            messages == [
                "4: this line looks like a task but is not read as one (no list marker before the box); a task is a"
                    + " list item that starts '- [ ] ' or '- [x] '",
                "5: this line looks like a task but is not read as one (the box is empty: '[]' needs a space, '[ ]');"
                    + " a task is a list item that starts '- [ ] ' or '- [x] '",
            ])
    }
}
