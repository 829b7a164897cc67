import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `specsite status --since`, `--no-regress`, `--history` and `--format`, run
/// as a CI job runs them, on the repository `Tests/fixtures/history/make-repo.sh`
/// makes (its numbers are counted by hand in StatusHistoryTests).
@Suite("specsite status over git history", .serialized)
struct StatusHistoryCommandTests {
    let cli = CommandLineTests()

    static let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

    /// A new fixture repository.
    func repository() throws -> String {
        let folder = cli.temporaryFolder() + "/repo"
        let made = try runProcess(
            "/bin/bash", [CommandLineTests.repository + "/Tests/fixtures/history/make-repo.sh", folder])
        try #require(made.status == 0, "\(String(decoding: made.stderr, as: UTF8.self))")
        return folder
    }

    /// Marks CHUNK-001 in progress in the working tree (not committed).
    func reopenFirstChunk(_ repository: String) throws {
        let plan = repository + "/content/plans/IMPLEMENTATION_PLAN.md"
        let text = try String(contentsOfFile: plan, encoding: .utf8)
        let reopened = text.replacingOccurrences(
            of: "## CHUNK-001: Part 1\n\n**Status**: ✅ Done", with: "## CHUNK-001: Part 1\n\n**Status**: In progress")
        try #require(reopened != text)
        try reopened.write(toFile: plan, atomically: true, encoding: .utf8)
    }

    @Test(.enabled(if: hasGit)) func sinceATagListsWhatBecameDoneAndWhatWasAdded() throws {
        let repository = try repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let result = try cli.run(["status", "content", "--since", "v0.1"], in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Since v0.1 (869732d041, 2026-01-12): 2 of 6 → 5 of 7 done (+3)
                  plans/IMPLEMENTATION_PLAN.md: 2 of 6 chunks → 5 of 7 chunks

                Completed (3)
                  ✓ CHUNK-003  Part 3  [in progress → done]  content/plans/IMPLEMENTATION_PLAN.md:15
                  ✓ CHUNK-004  Part 4  [not started → done]  content/plans/IMPLEMENTATION_PLAN.md:21
                  ✓ CHUNK-005  Part 5  [not started → done]  content/plans/IMPLEMENTATION_PLAN.md:27

                Added (1)
                  + CHUNK-007  Part 7  [not started]  content/plans/IMPLEMENTATION_PLAN.md:39

                """)
        // A date names the last commit on or before it: the same point.
        let byDate = try cli.run(["status", "content", "--since", "2026-01-13"], in: repository)
        #expect(byDate.stdout.hasPrefix("Since 2026-01-13 (869732d041, 2026-01-12): 2 of 6 → 5 of 7 done (+3)"))
        // Nothing regressed: the gate passes.
        let gate = try cli.run(["status", "content", "--no-regress", "v0.1"], in: repository)
        #expect(gate.status == 0, "\(gate.stderr)")
    }

    @Test(.enabled(if: hasGit)) func noRegressFailsOnAnItemReopenedSinceWithAnnotationsForGitHub() throws {
        let repository = try repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try reopenFirstChunk(repository)
        let result = try cli.run(
            ["status", "content", "--no-regress", "v0.1", "--fail-under", "90", "--format", "github"], in: repository)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                ::notice title=Status since v0.1::2 of 6 → 4 of 7 done (+2)
                ::error file=content/plans/IMPLEMENTATION_PLAN.md,line=3,title=Status regression::CHUNK-001 was done at v0.1 and is in progress now
                ::error title=Status gate::57.1%25 of the work is done (4 of 7 chunks), under the required 90%25

                """)
        #expect(
            result.stderr == """
                status: CHUNK-001 was done at v0.1 and is in progress now (content/plans/IMPLEMENTATION_PLAN.md:3)
                status: 1 item done at v0.1 not done now
                status: 57.1% of the work is done (4 of 7 chunks), under the required 90%

                """)
        // --since reports the same without failing.
        let since = try cli.run(["status", "content", "--since", "v0.1", "--format", "markdown"], in: repository)
        #expect(since.status == 0)
        #expect(
            since.stdout.contains("#### Reopened (1)\n\n| Item | Title | Status | Where |\n| --- | --- | --- | --- |\n")
        )
        #expect(
            since.stdout.contains(
                "| CHUNK-001 | Part 1 | done → in progress | `content/plans/IMPLEMENTATION_PLAN.md:3` |"))
        let json = try JSONSerialization.jsonObject(
            with: Data(try cli.run(["status", "content", "--since", "v0.1", "--json"], in: repository).stdout.utf8))
        let object = try #require(json as? [String: Any])
        #expect(
            (object["reopened"] as? [[String: Any]])?.first?["key"] as? String
                == "plans/IMPLEMENTATION_PLAN.md#CHUNK-001")
        #expect((object["since"] as? [String: Any])?["reference"] as? String == "v0.1")
    }

    @Test(.enabled(if: hasGit)) func historyPrintsEachWeekThePaceAndTheForecast() throws {
        let repository = try repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let result = try cli.run(["status", "content", "--history"], in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                History of content: 7 commits changed the documents, 2026-01-05 to 2026-02-02

                  Week of      Done             Net
                  2026-01-05   1 of 6           +1
                  2026-01-12   2 of 6           +1
                  2026-01-19   3 of 7           +1
                  2026-01-26   3 of 7           ±0
                  2026-02-02   5 of 7           +2

                Pace: 1 a week over the last 5 weeks (± 0.7)
                Forecast: 2 left; done about 2026-02-16 (2026-02-10 to 2026-03-22)

                """)
    }

    @Test(.enabled(if: hasGit)) func badReferencesAndFoldersOutsideGitAreClearErrors() throws {
        let repository = try repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let unknown = try cli.run(["status", "content", "--since", "v9"], in: repository)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: content: cannot read the status at v9: 'v9' names no commit\n")
        let outside = cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "# Plan\n\n## CHUNK-001: One\n\n**Status**: done\n".write(
            toFile: outside + "/PLAN.md", atomically: true, encoding: .utf8)
        let noGit = try cli.run(["status", outside, "--no-regress", "HEAD"])
        #expect(noGit.status == 1)
        #expect(noGit.stderr == "error: \(outside): cannot read the status at HEAD: not inside a git repository\n")
        let both = try cli.run(["status", "content", "--history", "--since", "v0.1"], in: repository)
        #expect(both.status == 2)
        #expect(both.stderr.contains("--history shows the whole history"))
    }

    /// An evidence hint is shown under its item on the plan's own page, as
    /// on the dashboard and in `specsite status`; `--no-evidence` leaves it out.
    @Test(.enabled(if: hasGit)) func evidenceHintsShowUnderTheirItemsOnThePlanPage() throws {
        let repository = cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try FileManager.default.createDirectory(atPath: repository + "/content", withIntermediateDirectories: true)
        try """
        # Plan

        ## CHUNK-001: Login

        **Status**: ✅ Done

        **Files**: `src/login.swift`

        ## CHUNK-002: Logout

        **Status**: ✅ Done

        **Files**: `src/logout.swift`

        """.write(toFile: repository + "/content/PLAN.md", atomically: true, encoding: .utf8)
        let made = try runProcess(
            "/bin/bash",
            [
                "-c",
                "git init -q -b main . && git config user.name T && git config user.email t@example.com"
                    + " && git config commit.gpgsign false && mkdir src && echo x > src/logout.swift"
                    + " && git add -A && git commit -q -m 'Log in and out'",
            ], in: repository)
        try #require(made.status == 0, "\(made.text)")
        let hint = "marked done, but 1 of the 1 files it names has never been in the repository: `src/login.swift`"
        let shown = "<ul class=\"work-hints\" aria-label=\"Check these\"><li>\(hint)</li></ul>"
        let result = try cli.run(["build", "content", "--output", "site"], in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        let plan = cli.read(repository + "/site/PLAN.html")
        #expect(plan.components(separatedBy: shown).count == 2, "\(plan)")
        // Under CHUNK-001's heading, before CHUNK-002's.
        let login = try #require(plan.range(of: "id=\"chunk-001-login\""))
        let logout = try #require(plan.range(of: "id=\"chunk-002-logout\""))
        let hintAt = try #require(plan.range(of: shown))
        #expect(login.upperBound < hintAt.lowerBound && hintAt.upperBound < logout.lowerBound)
        #expect(cli.read(repository + "/site/status.html").contains(hint))
        let table = try cli.run(["status", "content"], in: repository)
        // The table wraps the hint at the terminal's width.
        #expect(
            table.stdout.contains("  CHUNK-001: marked done, but 1 of the 1 files it names has never been in")
                && table.stdout.contains("`src/login.swift` (content/PLAN.md:3)"), "\(table.stdout)")
        let off = try cli.run(["build", "content", "--output", "off", "--no-evidence"], in: repository)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!cli.read(repository + "/off/PLAN.html").contains("work-hints"))
    }

    @Test(.enabled(if: hasGit)) func aBuildDrawsTheHistoryAndWritesItsFiles() throws {
        let repository = try repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let result = try cli.run(["build", "content", "--output", "site"], in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        let site = repository + "/site"
        let page = cli.read(site + "/status.html")
        #expect(page.contains("<h2 id=\"progress-over-time\">Progress over time</h2>"))
        #expect(page.contains("<strong>Pace</strong>: 1 a week over the last 5 weeks (± 0.7)."))
        #expect(page.contains("<strong>Forecast</strong>: 2 left; done about 2026-02-16 (2026-02-10 to 2026-03-22)."))
        // Recently completed, newest first, on the days git shows.
        let recent =
            (page.components(separatedBy: "id=\"recently-completed\"").last ?? "").components(separatedBy: "<h2")
            .first ?? ""
        let days = recent.matches(of: /<time>([0-9-]+)<\/time>/).map { String($0.1) }
        #expect(days == ["2026-02-02", "2026-02-02", "2026-01-26", "2026-01-20", "2026-01-07"])
        // The files, well-formed, and the same bytes from a second build.
        let svg = cli.read(site + "/status-burnup.svg")
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        let history = try JSONSerialization.jsonObject(with: Data(cli.read(site + "/status-history.json").utf8))
        #expect(((history as? [String: Any])?["points"] as? [Any])?.count == 7)
        let again = try cli.run(["build", "content", "--output", "again", "--no-cache"], in: repository)
        #expect(again.status == 0)
        for file in ["status.html", "status-burnup.svg", "status-history.json"] {
            #expect(cli.read(site + "/" + file) == cli.read(repository + "/again/" + file), "\(file)")
        }
        // `history: false` leaves it out.
        try "plugins:\n  status:\n    history: false\n".write(
            toFile: repository + "/content/specsite.yml", atomically: true, encoding: .utf8)
        let off = try cli.run(["build", "content", "--output", "off"], in: repository)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!cli.read(repository + "/off/status.html").contains("progress-over-time"))
        #expect(!FileManager.default.fileExists(atPath: repository + "/off/status-history.json"))
    }
}
