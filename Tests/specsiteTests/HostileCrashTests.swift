import Foundation
import Testing

/// Inputs that once trapped the Swift runtime (a crash with no message for
/// the user and no site), each built with the real binary: the build must
/// finish, say what it could not use with file and line, and write the site.
@Suite struct HostileCrashTests {
    /// Builds `site` and checks that the run ended by itself, cleanly and in time.
    private func build(_ site: HostileSite, _ arguments: [String]? = nil) throws -> HostileSite.Outcome {
        let outcome = try site.run(arguments)
        #expect(outcome.endedCleanly, "exit \(outcome.status): \(outcome.stderr.suffix(2000))")
        #expect(outcome.seconds < 120)
        return outcome
    }

    /// Foundation's `deletingLastPathComponent` traps on Linux for a
    /// one-character path, which the writer asked for the folder `a`.
    @Test func oneCharacterFolderIsBuilt() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("a/page.md", "# In a\n")
        try site.write("1/x/deep.md", "# Deep\n")
        let outcome = try build(site)
        #expect(outcome.status == 0)
        #expect(site.built("a/page.html").contains("In a"))
        #expect(site.built("1/x/deep.html").contains("Deep"))
        #expect(site.built("a/index.html").contains("page.html"))
    }

    /// With pretty URLs every page is a folder: `b.md` becomes `b/index.html`.
    @Test func oneCharacterPageWithPrettyURLsIsBuilt() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("specsite.yml", "pretty_urls: true\n")
        try site.write("b.md", "# Bee\n")
        let outcome = try build(site)
        #expect(outcome.status == 0)
        #expect(site.built("b/index.html").contains("Bee"))
    }

    /// 10^20 hours passed the estimate reader and trapped the conversion to
    /// whole minutes on the Status page; now it is left out with a warning.
    @Test func absurdEstimateIsLeftOutWithAWarning() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            "PLAN.md",
            """
            # Plan

            ## CHUNK-001: Huge

            **Estimated Time**: 99999999999999999999 hours

            ## CHUNK-002: Fine

            **Estimated Time**: 2 hours

            ## CHUNK-003: Endless

            **Estimate**: \(String(repeating: "9", count: 400)) days

            """)
        let outcome = try build(site)
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.contains(
                "content/PLAN.md:5: warning: estimate '99999999999999999999 hours' for CHUNK-001 is more than a"
                    + " million hours; it is left out"))
        // Four hundred nines are read as infinity, which was dropped without a word.
        #expect(outcome.stderr.contains("content/PLAN.md:13: warning: estimate '999"))
        let status = site.built("status.json")
        #expect(status.contains("\"total\" : 120"), "\(status)")
        #expect(site.built("status.html").contains("2 h"))
        #expect(site.built("PLAN.html").contains("Huge"))
    }

    /// The same in a status table's Estimate column.
    @Test func absurdEstimateInAStatusTableIsLeftOutWithAWarning() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            "PLAN.md",
            """
            # Plan

            | Task | Status | Estimate |
            | --- | --- | --- |
            | Login | Done | 99999999999999999999 h |
            | Logout | Not started | 1 h |

            """)
        let outcome = try build(site)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("content/PLAN.md:5: warning: estimate '99999999999999999999 h' for login"))
        #expect(site.built("status.json").contains("\"total\" : 60"))
    }

    /// cmark-gfm counts a lone carriage return as a line break and the GSD
    /// rewrite did not, so a block it found past the rewrite's last line made a
    /// range run backwards.
    @Test func loneCarriageReturnsAfterAGSDTagAreLines() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            ".planning/phases/01-x/01-01-PLAN.md",
            "<objective>\nGoal\r\r\r\r\r<div>x</div>\n</objective>\n\n<tasks>\r<task type=\"auto\">\r"
                + "<name>Write it</name>\r<action>\rWrite `x`\r</action>\r</task>\r</tasks>\r")
        let outcome = try build(site)
        #expect(outcome.status == 0)
        let page = site.built("planning/phases/01-x/01-01-PLAN.html")
        #expect(page.contains("<section class=\"gsd-section gsd-objective\">"))
        #expect(page.contains("<h3 class=\"gsd-task-name\">Write it</h3>"))
        #expect(page.contains("<p>Write <code>x</code></p>"))
    }

    /// A paragraph reading `<!-- specsite:gsd open -->` (a marker with no name)
    /// made the flows plugin cut a name out of a range that ran backwards.
    @Test func markerWithoutANameIsText() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            "ux.md", "# UX\n\n## Navigation flow\n\n\\<!-- specsite:gsd open -->\n\nLogin → Home → Settings\n")
        let outcome = try build(site)
        #expect(outcome.status == 0)
        #expect(site.built("ux.html").contains("&lt;!-- specsite:gsd open --&gt;"))
        #expect(site.built("flows.html").contains("Login"))
    }

    /// `order: nan` made the reading order's comparison no order: the pages
    /// with a number were no longer sorted by it.
    @Test func nanOrderIsNoOrder() throws {
        let site = HostileSite()
        defer { site.remove() }
        for (name, order) in [("a", "3"), ("b", "nan"), ("c", "1"), ("d", "2"), ("e", "NaN"), ("f", "0")] {
            try site.write("\(name).md", "---\norder: \(order)\n---\n# Page \(name)\n")
        }
        let outcome = try build(site)
        #expect(outcome.status == 0)
        func next(_ page: String) -> String? {
            let html = site.built(page)
            guard let range = html.range(of: "rel=\"next\" href=\"") else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }
        // f (0), c (1), d (2), a (3), then the pages without an order by name.
        #expect(next("f.html") == "c.html")
        #expect(next("c.html") == "d.html")
        #expect(next("d.html") == "a.html")
        #expect(next("a.html") == "b.html")
        #expect(next("b.html") == "e.html")
    }

    /// The nav reader looked up its items' lines in the settings split at line
    /// feeds only, past the end when YAML counted more lines: a Windows
    /// `specsite.yml` (CR LF) with a nav group, or lone CRs in a value.
    @Test func navOfASettingsFileWithOtherLineBreaks() throws {
        for settings in [
            "title: T\r\nnav:\r\n  - A: a.md\r\n  - B:\r\n      - b.md\r\n      - zz.md\r\n",
            "footer: \"x\r\r\r\r\"\nnav:\n  - A: a.md\n  - B:\n      - b.md\n      - zz.md\n",
        ] {
            let site = HostileSite()
            defer { site.remove() }
            try site.write("specsite.yml", settings)
            try site.write("a.md", "# Alpha\n")
            try site.write("b.md", "# Beta\n")
            let outcome = try build(site)
            #expect(outcome.status == 0)
            // YAML counts CR LF as one line break and a lone CR as one too.
            let line = settings.hasPrefix("title") ? 6 : 10
            #expect(
                outcome.stderr.contains(
                    "content/specsite.yml:\(line): warning: nav names 'zz.md', which is not a page"),
                "\(outcome.stderr)")
            #expect(site.built("a.html").contains("Beta"))
        }
    }
}
