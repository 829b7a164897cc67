import Foundation
import Testing

/// `specsite check`, run as a CI job runs it: what it prints in each format,
/// its exit status, the rules `specsite.yml` sets, and that it writes nothing.
@Suite("specsite check", .serialized)
struct CheckCommandTests {
    let cli = CommandLineTests()

    /// A folder with one problem of each common kind, at known lines.
    static let pages = [
        "index.md": """
        # Home

        See [the plan](plan.md#no-such-heading) and [the brief](brief.md).

        ![Logo](images/logo.png)
        """,
        "plan.md": """
        # Plan

        ## CHUNK-001: Sign in ✅ COMPLETED

        - [x] Screens
        - [ ] Tests

        ## CHUNK-002: Settings

        **Status**: Sideways
        """,
    ]

    func content(_ pages: [String: String] = pages, settings: String? = nil) throws -> String {
        let root = cli.temporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/spec", withIntermediateDirectories: true)
        for (name, text) in pages { try text.write(toFile: root + "/spec/" + name, atomically: true, encoding: .utf8) }
        if let settings { try settings.write(toFile: root + "/spec/specsite.yml", atomically: true, encoding: .utf8) }
        return root
    }

    @Test func printsEachProblemWithItsRuleAndWritesNothing() throws {
        let root = try content()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try cli.run(["check", "spec"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                spec/index.md:3: warning: broken anchor '#no-such-heading' in link 'plan.md#no-such-heading': \
                plan.md has no such heading or id [broken-anchor]
                spec/index.md:3: warning: broken link 'brief.md': brief.md does not exist [broken-link]
                spec/index.md:5: warning: broken image 'images/logo.png': images/logo.png does not exist [missing-image]
                spec/plan.md:6: note: CHUNK-001: marked done, but 1 of 2 boxes is not ticked [status-hint]
                spec/plan.md:10: warning: unknown status 'Sideways' for CHUNK-002; expected done, in review, in \
                progress, blocked, not started, optional or cancelled (kept as unknown) [unknown-status]

                """, "\(result.stdout)")
        #expect(result.stderr.contains("Checked 2 pages: 0 errors, 4 warnings, 1 note"), "\(result.stderr)")
        // Nothing written: no site, no cache, beside the content or anywhere in it.
        let left = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        #expect(left == ["spec", "spec/index.md", "spec/plan.md"])

        let strict = try cli.run(["check", "spec", "--strict"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stdout == result.stdout)
    }

    @Test func rulesInTheSettingsRaiseLowerAndSilence() throws {
        let settings = """
            rules:
              broken-anchor: error
              missing-image: off
              status-hint: warning
              unknown-status: note
            """
        let root = try content(settings: settings)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try cli.run(["check", "spec"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(
            lines.contains { $0.hasPrefix("spec/index.md:3: error: broken anchor") && $0.hasSuffix("[broken-anchor]") })
        #expect(!result.stdout.contains("[missing-image]"))
        #expect(
            lines.contains(
                "spec/plan.md:6: warning: CHUNK-001: marked done, but 1 of 2 boxes is not ticked [status-hint]"))
        // A rule made a note is printed with --verbose, as a build prints notes.
        #expect(!result.stdout.contains("unknown status"))
        #expect(result.stderr.contains("Checked 2 pages: 1 error, 2 warnings, 0 notes"), "\(result.stderr)")
        let verbose = try cli.run(["check", "spec", "--verbose"], in: root)
        #expect(verbose.stdout.contains("spec/plan.md:10: note: unknown status 'Sideways'"), "\(verbose.stdout)")

        // A build reads the same rules: the raised anchor fails it, and nothing is written.
        let build = try cli.run(["build", "spec", "--output", "site"], in: root)
        #expect(build.status == 1)
        #expect(build.stderr.contains("spec/index.md:3: error: broken anchor"), "\(build.stderr)")
        #expect(!build.stderr.contains("broken image"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/site"))
    }

    @Test func anUnknownRuleOrLevelIsAnErrorAtItsLine() throws {
        let root = try content(settings: "title: Spec\nrules:\n  broken-anchors: error\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let unknown = try cli.run(["check", "spec"], in: root)
        #expect(unknown.status == 1)
        #expect(
            unknown.stdout.hasPrefix(
                "spec/specsite.yml:3: error: unknown rule 'broken-anchors' in 'rules'; known rules: "),
            "\(unknown.stdout)")
        #expect(unknown.stdout.contains("broken-anchor, broken-link,"))
        try "rules:\n  broken-link: loud\n".write(
            toFile: root + "/spec/specsite.yml", atomically: true, encoding: .utf8)
        let level = try cli.run(["check", "spec", "--format", "json"], in: root)
        #expect(level.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(level.stdout.utf8)) as? [String: Any]
        let first = (object?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["message"] as? String == "rule 'broken-link' must be error, warning, note or off")
        #expect(first?["line"] as? Int == 2 && first?["rule"] as? String == "settings")
        // `off` as YAML writes it, bare, is off.
        try "rules:\n  broken-link: off\n  broken-anchor: no\n".write(
            toFile: root + "/spec/specsite.yml", atomically: true, encoding: .utf8)
        let off = try cli.run(["check", "spec"], in: root)
        #expect(off.status == 0 && !off.stdout.contains("[broken-link]") && !off.stdout.contains("[broken-anchor]"))
    }

    @Test func jsonAndGitHubFormatsCarryTheSameDiagnostics() throws {
        let root = try content()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let json = try cli.run(["check", "spec", "--format", "json"], in: root)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 0 && object["warnings"] as? Int == 4 && object["notes"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(
            diagnostics.map { $0["rule"] as? String }
                == ["broken-anchor", "broken-link", "missing-image", "status-hint", "unknown-status"])
        #expect(diagnostics[1]["file"] as? String == "spec/index.md" && diagnostics[1]["line"] as? Int == 3)

        let github = try cli.run(["check", "spec", "--format", "github"], in: root)
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines[1]
                == "::warning file=spec/index.md,line=3,title=broken-link::broken link 'brief.md': brief.md does not exist"
        )
        #expect(lines[3].hasPrefix("::notice file=spec/plan.md,line=6,title=status-hint::CHUNK-001: marked done"))
    }

    /// A message repeated in one file is printed at its first ten lines, as a
    /// build prints it, and counted whole.
    @Test func aRepeatedMessageIsPrintedAtItsFirstLinesAndCountedWhole() throws {
        let links = (1...12).map { "Line \($0): [gone](gone.md)\n\n" }.joined()
        let root = try content(["many.md": "# Many\n\n" + links])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let json = try cli.run(["check", "spec", "--format", "json"], in: root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["diagnostics"] as? [Any])?.count == 10)
        #expect(object["warnings"] as? Int == 12)
        #expect(json.stderr.contains("0 errors, 12 warnings"), "\(json.stderr)")
        let gcc = try cli.run(["check", "spec"], in: root)
        #expect(gcc.stdout.split(separator: "\n").count == 10)
    }

    /// What code scanning reads: the version, the tool and its rules, and each
    /// result's rule, level, message and location.
    @Test func sarifNamesEveryRuleAndLocatesEachResult() throws {
        let root = try content(["odd name.md": "# Odd\n\n[gone](gone.md)\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try cli.run(["check", "spec", "--format", "sarif"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "specsite")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == ids.sorted() && ids.contains("broken-link") && ids.contains("evidence"))
        #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let first = results[0]
        #expect(first["ruleId"] as? String == "broken-link" && first["level"] as? String == "warning")
        #expect(ids[first["ruleIndex"] as? Int ?? -1] == "broken-link")
        #expect(
            (first["message"] as? [String: Any])?["text"] as? String == "broken link 'gone.md': gone.md does not exist")
        let location = try #require(
            ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "spec/odd%20name.md")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 3)
    }

    /// A folder that cannot be checked says why, at its path, with exit 1;
    /// one with no documents is a warning (most often the wrong folder was
    /// named); a base URL `build` refuses is a usage error here too.
    @Test func badInputGetsAClearMessage() throws {
        let root = cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = try cli.run(["check", "nowhere"], in: root)
        #expect(missing.status == 1 && missing.stdout == "nowhere: error: content folder not found [unreadable]\n")
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let empty = try cli.run(["check", "empty"], in: root)
        #expect(
            empty.status == 0
                && empty.stdout
                    == "empty: warning: no documents here (no .md or .markdown file): the site has only its home page"
                    + " [empty-document]\n",
            "\(empty.stdout)")
        #expect(empty.stderr.contains("Checked 0 pages: 0 errors, 1 warning, 0 notes"), "\(empty.stderr)")
        #expect(try cli.run(["check", "empty", "--strict"], in: root).status == 1)
        let url = try cli.run(["check", "empty", "--base-url", "javascript:alert(1)"], in: root)
        #expect(url.status == 2)
    }
}
