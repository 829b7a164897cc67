import Foundation
import Testing

/// Script payloads in every place content text reaches HTML, SVG, JSON and the
/// terminal: file and folder names, settings, front matter, headings, links,
/// code, tables, alerts, tokens, flows, mermaid, chunks and GSD plans. Each is
/// shown as text (or dropped, for URLs), never run: `check_injection.py`
/// parses every built page and SVG and reports any element, attribute or URL
/// that content made.
@Suite("Hostile input: injection", .serialized)
struct HostileInjectionTests {
    static let checker = CommandLineTests.repository + "/Tests/hostile/check_injection.py"
    static let script = "<script>alert(1)</script>"
    static let image = "<img src=x onerror=alert(1)>"
    static let escape = "\u{1B}]0;owned\u{07}\u{1B}[2J"

    /// Writes a site with a payload in every place the plugins read text.
    static func writeSite(_ site: HostileSite) throws {
        try site.write(
            "specsite.yml",
            """
            title: "</title>\(script)"
            description: "\\" onmouseover=\\"alert(1)"
            footer: "[home](javascript:alert(1)) \(image)"
            nav:
              - "\(image)": PRD.md
            """)
        try site.write(
            "PRD.md",
            """
            ---
            title: "PRD \(script)"
            description: "\(image)"
            ---
            # Heading \(image)

            Text with \(script) and <svg onload=alert(1)> inline.
            [click](javascript:alert(1)) [quote](" onmouseover="alert(1)) [data](data:text/html,<script>alert(1)</script>)
            ![alt" onerror="alert(1)](x.png) <javascript:alert(1)> [enc](jav&#x09;ascript:alert(1))

            ```"><script>alert(1)</script>
            code \(script)
            ```

            | \(image) | <a href="javascript:alert(1)">x</a> |
            |---|---|
            | \(script) | cell |

            Footnote[^x].

            [^x]: \(image)

            > [!NOTE] \(script)
            > body \(image)

            <iframe src="https://example.com"></iframe>
            <div onclick="alert(1)">raw block</div>
            """)
        try site.write(
            "DESIGN_SYSTEM.md",
            """
            # Design system \(escape)

            ```css
            :root {
              --color-brand: #1E88E5;
              --color-x"><script>alert(1)</script>: #ff0000;
              --color-evil: url(javascript:alert(1));
              --font-body: "</style><script>alert(1)</script>", sans-serif;
            }
            ```

            | Token | Value |
            |---|---|
            | \(image) | #00ff00 |
            """)
        try site.write(
            "UX_SPEC.md",
            """
            # UX spec

            ## Screen flows

            - Welcome\(script) → Home" onclick="alert(1) → Settings</text><script>alert(1)</script>
            - Home" onclick="alert(1) → History → Day Detail \(image)

            ```mermaid
            flowchart TD
              A["\(image)"] --> B[</text><script>alert(1)</script>]
              B -->|"\(script)"| C{"</svg><script>alert(1)</script>"}
              click A "javascript:alert(1)"
              click B callback "\(script)"
            ```

            ```flow
            Start\(script) -> Middle" onload="alert(1) -> End
            ```
            """)
        try site.write(
            "PLAN.md",
            """
            # Plan \(escape)

            ## CHUNK-001: \(script) ✅ COMPLETED

            **Dependencies**: None
            **Estimated Time**: 30 minutes

            - [x] \(image)

            ## CHUNK-002: Second \(escape)title 🚧 IN PROGRESS

            **Dependencies**: CHUNK-001, CHUNK-\(image)
            **Estimated Time**: 1 hour

            - [ ] \(script)

            ## CHUNK-003: Third

            ❌ Blocked — waiting on \(script)\(escape)
            """)
        try site.write(
            ".planning/phases/01-x/01-01-PLAN.md",
            """
            ---
            phase: 01-x
            plan: 01
            depends_on: ["\(script)"]
            files_modified: ["\(image)"]
            ---

            <objective>
            \(script) \(escape)
            </objective>

            <tasks>
            <task type="auto">
              <name>\(image)</name>
              <action>\(script)</action>
            </task>
            </tasks>
            """)
        try site.write("<img src=x onerror=alert(1)>.md", "# File named like markup\n")
        try site.write("a\" onmouseover=\"alert(1)/page.md", "# Folder named with a quote\n")
    }

    @Test func nothingContentWroteRunsInAnyPageSVGOrJSON() throws {
        let site = HostileSite()
        defer { site.remove() }
        try Self.writeSite(site)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let check = try runProcess("/usr/bin/env", ["python3", Self.checker, site.output])
        let report = String(decoding: check.stdout + check.stderr, as: UTF8.self)
        #expect(check.status == 0, "\(report)")
        #expect(report.contains(" 0 findings"), "\(report)")
        // An allowed element keeps only its safe attributes; the rest is shown
        // as text, not dropped: a reader sees what the author wrote.
        #expect(site.built("PRD.html").contains("Heading <img src=\"x\" alt=\"\">"))
        #expect(site.built("PRD.html").contains("Text with &lt;script&gt;alert(1)&lt;/script&gt; and &lt;svg"))
        #expect(site.built("PLAN.html").contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // The status export keeps the title as written, escaped as JSON.
        let status = try JSONSerialization.jsonObject(with: Data(site.built("status.json").utf8))
        #expect("\(status)".contains("alert(1)"))
        // And the whole site: no raw ESC or BEL from the content in any file.
        for path in site.builtFiles() where path.hasSuffix(".html") || path.hasSuffix(".json") {
            let text = site.built(path)
            #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), "control character in \(path)")
        }
    }

    /// The checker itself: every kind of finding it looks for, in a folder made
    /// to hold one of each, so a checker that found nothing would fail here.
    @Test func theCheckerFindsEachKindOfInjection() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            "page.html",
            """
            <p>\(Self.image)<a href=" java script:alert(1)">x</a><a href="javascript:alert(1)">y</a></p>
            <script>alert(1)</script><script src="https://evil.example/x.js"></script>
            <iframe src="x"></iframe><meta http-equiv="refresh" content="0;url=x">
            <p>&lt;img src=x onerror=alert(1)&gt; is text</p>
            """)
        try site.write(
            "drawing.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script><g onload=\"x\"/></svg>")
        try site.write("broken.svg", "<svg><text>a < b</text></svg>")
        try site.write("data.json", "{\"a\": ")
        let check = try runProcess("/usr/bin/env", ["python3", Self.checker, site.content])
        let report = String(decoding: check.stdout, as: UTF8.self)
        #expect(check.status == 1)
        for finding in [
            "event handler onerror", "href='javascript:alert(1)'", "inline script: 'alert(1)'", "script from outside",
            "<iframe> element", "meta refresh", "<script> in SVG", "event handler onload", "SVG is not well-formed",
            "JSON does not parse",
        ] {
            #expect(report.contains(finding), "\(finding) not found in \(report)")
        }
        #expect(report.contains("checked 4 files, 10 findings"), "\(report)")
    }

    @Test func theTerminalShowsControlCharactersAsEscapes() throws {
        let site = HostileSite()
        defer { site.remove() }
        try Self.writeSite(site)
        // A link whose percent-escaped newline would forge a second diagnostic line.
        try site.write(
            "LINKS.md", "# Links\n\n[next](missing%0aPRD.md:1:%20error:%20forged.md)\n[bell](gone\u{07}.md)\n")
        let build = try site.run()
        #expect(!build.stderr.contains("\u{1B}") && !build.stderr.contains("\u{07}"), "\(build.stderr)")
        for line in build.stderr.split(separator: "\n") {
            #expect(
                line.hasPrefix("LINKS.md") || line.hasPrefix(site.content) || line.hasPrefix("Built")
                    || line.hasPrefix("warning") || line.hasPrefix("content"),
                "a line that does not start as a diagnostic: \(line)")
        }
        let status = try site.run(["status", site.content, "--no-color"])
        #expect(!status.stdout.contains("\u{1B}") && !status.stdout.contains("\u{07}"), "\(status.stdout)")
        #expect(status.stdout.contains("\\x1B]0;owned\\x07"), "\(status.stdout)")
        // With colour on, the only escapes are the table's own colours.
        let coloured = try site.run(["status", site.content, "--color"])
        let withoutColours = coloured.stdout.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(!withoutColours.contains("\u{1B}") && !withoutColours.contains("\u{07}"), "\(coloured.stdout)")
    }
}
