import Foundation
import Testing

/// `specsite status`, run as a user runs it: the table, `--json`, the CI gates
/// `--fail-under` and `--require-done`, colour, and the warnings on stderr.
@Suite("specsite status", .serialized)
struct StatusCommandTests {
    let cli = CommandLineTests()

    /// A content folder holding `files` (the helper of the tokens tests).
    func folder(_ files: [String: String]) throws -> String {
        try TokensCommandTests().folder(files)
    }

    /// Six chunks: done, in progress, blocked by a dependency, ready, stated
    /// blocked with a note, cancelled. One of five counted items is done (20%).
    static let plan = """
        # Plan

        ## CHUNK-001: Setup ✅ COMPLETED

        **Dependencies**: None
        **Estimated Time**: 1 hour

        - [x] One
        - [x] Two

        ## CHUNK-002: Models

        **Status**: 🚧 In progress
        **Dependencies**: CHUNK-001
        **Estimated Time**: 2 hours

        - [x] First
        - [ ] Second
        - [ ] Third

        ## CHUNK-003: Screens

        **Status**: not-started
        **Dependencies**: CHUNK-002
        **Estimated Time**: 30 minutes

        ## CHUNK-004: Docs

        **Status**: not-started
        **Dependencies**: CHUNK-001
        **Estimated Time**: 45 minutes

        ## CHUNK-005: Payments

        **Status**: ❌ Blocked — waiting for legal review

        ## CHUNK-006: Fax export

        **Status**: cancelled

        """

    /// Every kind of warning: an unknown status word (line 5), a dependency on a
    /// chunk that does not exist (line 6), a cycle (line 11) and a duplicate id (line 18).
    static let troubled = """
        # Plan

        ## CHUNK-001: Setup

        **Status**: frobnicated
        **Dependencies**: CHUNK-009

        ## CHUNK-002: Models

        **Status**: not-started
        **Dependencies**: CHUNK-003

        ## CHUNK-003: Screens

        **Status**: not-started
        **Dependencies**: CHUNK-002

        ## CHUNK-002: Again

        **Status**: done

        """

    static func table(_ folder: String) -> String {
        """
        Spec: 1 of 5 chunks done (20%), 23.5% by estimate (1 h of 4 h 15 min), 3/5
          checkboxes

        \(folder)/PLAN.md — 1 of 5 chunks
          ✓ done        CHUNK-001  Setup [2/2, 1 h]
          ◐ in progress CHUNK-002  Models [1/3, 2 h]
          ○ not started CHUNK-003  Screens [30 min]
                        waits for CHUNK-002
          ○ not started CHUNK-004  Docs [45 min]
          ✗ blocked     CHUNK-005  Payments
                        blocked: waiting for legal review
          - cancelled   CHUNK-006  Fax export

        Ready next: CHUNK-004
        Critical path: CHUNK-002 → CHUNK-003 (2 h 30 min)

        """
    }

    static let escape = "\u{1B}["

    static func withoutColour(_ text: String) -> String {
        text.replacing(#/\x{1B}\[[0-9;]*m/#, with: "")
    }

    // MARK: The table

    @Test func tableShowsEachItemWithItsStatusChecklistAndEstimate() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let result = try cli.run(["status", content])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // Piped, so no colour.
        #expect(!result.stdout.contains(Self.escape))
        #expect(result.stdout == Self.table(content))
        // Nothing is written: status reads, it does not build.
        #expect(try FileManager.default.contentsOfDirectory(atPath: content) == ["PLAN.md"])
    }

    @Test func configNamesTheSettingsFileWhoseTitleHeadsTheSummary() throws {
        let content = try folder(["PLAN.md": Self.plan, "specsite.yml": "title: Alpha\n", "other.yml": "title: Beta\n"])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let own = try cli.run(["status", content])
        #expect(own.stdout.hasPrefix("Alpha: 1 of 5 chunks done (20%)"), "\(own.stdout)")
        let other = try cli.run(["status", content, "--config", content + "/other.yml"])
        #expect(other.stdout.hasPrefix("Beta: 1 of 5 chunks done (20%)"), "\(other.stdout)")
        let missing = try cli.run(["status", content, "--config", content + "/none.yml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(content)/none.yml: error: settings file not found"), "\(missing.stderr)")
    }

    /// Runs `specsite status` through `env` with `settings` (`-u NAME`, `NAME=value`).
    /// `swift test` sets NO_COLOR=1 for the tests, which would hide the pipe rule.
    func runStatus(environment settings: [String], _ arguments: [String]) throws -> CommandLineTests.Run {
        let output = try runProcess("/usr/bin/env", settings + [CommandLineTests.binary, "status"] + arguments)
        return CommandLineTests.Run(
            status: output.status, stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self))
    }

    @Test func colourIsOffWhenPipedAndCanBeForcedEitherWay() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        // stdout is a pipe: no colour even with NO_COLOR unset.
        let piped = try runStatus(environment: ["-u", "NO_COLOR"], [content])
        #expect(piped.status == 0)
        #expect(piped.stdout == Self.table(content))
        let plain = try cli.run(["status", content, "--no-color"])
        #expect(plain.status == 0)
        #expect(plain.stdout == Self.table(content))
        let forced = try cli.run(["status", content, "--color"])
        #expect(forced.status == 0)
        #expect(forced.stdout.hasPrefix("\u{1B}[1mSpec\u{1B}[0m: 1 of 5 chunks done"), "\(forced.stdout)")
        #expect(forced.stdout.contains("  \u{1B}[32m✓ done       \u{1B}[0m CHUNK-001"))
        #expect(forced.stdout.contains("  \u{1B}[34m◐ in progress\u{1B}[0m CHUNK-002"))
        #expect(forced.stdout.contains("  \u{1B}[0m○ not started\u{1B}[0m CHUNK-003"))
        #expect(forced.stdout.contains("  \u{1B}[31m✗ blocked    \u{1B}[0m CHUNK-005"))
        #expect(forced.stdout.contains("\u{1B}[1mReady next: \u{1B}[0mCHUNK-004"))
        // Colour changes nothing but the colour.
        #expect(Self.withoutColour(forced.stdout) == plain.stdout)
        // JSON is never coloured.
        let json = try cli.run(["status", content, "--json", "--color"])
        #expect(!json.stdout.contains(Self.escape))
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
    }

    /// Whether `script` (util-linux) can give the command a terminal.
    static let hasScript: Bool = {
        #if os(Linux)
            return FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        #else
            return false
        #endif
    }()

    /// Runs `specsite status` with a terminal for stdout (and stderr), under `env` settings.
    func runOnTerminal(_ environment: String, _ arguments: [String]) throws -> String {
        let command =
            (["env", environment, CommandLineTests.binary, "status"] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let output = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(output.status == 0, "\(output.text)")
        return String(decoding: output.stdout, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test(.enabled(if: Self.hasScript))
    func colourFollowsTheTerminalAndNoColor() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let coloured = try runOnTerminal("-uNO_COLOR", [content])
        #expect(coloured.contains("  \u{1B}[32m✓ done       \u{1B}[0m CHUNK-001"), "\(coloured)")
        #expect(Self.withoutColour(coloured) == Self.table(content))
        let noColor = try runOnTerminal("NO_COLOR=1", [content])
        #expect(noColor == Self.table(content), "\(noColor)")
        // An empty NO_COLOR asks for nothing (no-color.org).
        let empty = try runOnTerminal("NO_COLOR=", [content])
        #expect(empty.contains("\u{1B}[32m✓ done"), "\(empty)")
        let flag = try runOnTerminal("-uNO_COLOR", [content, "--no-color"])
        #expect(flag == Self.table(content), "\(flag)")
        let forced = try runOnTerminal("NO_COLOR=1", [content, "--color"])
        #expect(forced.contains("\u{1B}[32m✓ done"), "\(forced)")
    }

    // MARK: --json

    struct StatusFile: Decodable {
        struct Summary: Decodable {
            struct Minutes: Decodable {
                var done: Double
                var total: Double
            }
            struct Count: Decodable {
                var done: Int
                var total: Int
            }
            struct Unit: Decodable {
                var kind: String
                var noun: String
                var done: Int
                var total: Int
                var text: String
            }
            var total: Int
            var done: Int
            var percent: Double
            var units: [Unit]
            var statuses: [String: Int]
            var waiting: Int
            var ready: Int
            var checkThese: Int
            var estimateMinutes: Minutes
            var checkboxes: Count
            var criticalPath: [String]
            var criticalPathMinutes: Double
        }
        struct Item: Decodable {
            struct Source: Decodable {
                var file: String
                var line: Int
            }
            struct Checklist: Decodable {
                var done: Int
                var inProgress: Int
                var open: Int
                var blocked: Int
                var cancelled: Int
                var optional: Int
                var total: Int
            }
            struct Estimate: Decodable {
                var text: String
                var minMinutes: Double
                var maxMinutes: Double
            }
            var id: String
            var key: String
            var kind: String
            var title: String
            var status: String
            var readiness: String
            var source: Source
            var deps: [String]
            var depKeys: [String]
            var waitingFor: [String]
            var waitingForKeys: [String]
            var blockedReason: String?
            var archived: Bool?
            var ready: Bool
            var inCycle: Bool
            var checklist: Checklist
            var estimate: Estimate?
            var note: String?
            var missingDeps: [String]?
        }
        struct Warning: Decodable {
            var file: String
            var line: Int
            var message: String
        }
        struct CheckThis: Decodable {
            var id: String
            var key: String
            var file: String
            var line: Int
            var message: String
        }
        var schema: Int
        var summary: Summary
        var items: [Item]
        var checkThese: [CheckThis]
        var warnings: [Warning]
    }

    /// The keys docs/checklists.md documents for `status.json`.
    static let summaryKeys: Set<String> = [
        "total", "done", "percent", "units", "statuses", "waiting", "ready", "check_these", "estimate_minutes",
        "checkboxes", "critical_path", "critical_path_minutes", "work_units",
    ]
    static let itemKeys: Set<String> = [
        "id", "key", "kind", "format", "title", "status", "readiness", "source", "deps", "dep_keys", "waiting_for",
        "waiting_for_keys", "ready", "in_cycle", "checklist",
    ]
    static let optionalItemKeys: Set<String> = [
        "estimate", "anchor", "status_text", "note", "completed", "commits", "risk", "priority", "phase", "wave",
        "parent", "missing_deps", "blocked_reason", "hints", "archived", "work_unit",
    ]
    static let kinds: Set<String> = ["chunk", "section", "plan", "phase", "row", "checklist"]
    static let statuses: Set<String> = [
        "done", "in-review", "in-progress", "blocked", "not-started", "optional", "cancelled", "unknown",
    ]
    static let readiness: Set<String> = ["ready", "waiting", "settled"]

    /// Decodes `--json` output, checking its keys against the documented schema.
    func decode(_ json: String) throws -> StatusFile {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["schema", "summary", "plans", "work_units", "items", "check_these", "warnings"])
        #expect(Set((root["summary"] as? [String: Any] ?? [:]).keys) == Self.summaryKeys)
        for item in root["items"] as? [[String: Any]] ?? [] {
            let keys = Set(item.keys)
            #expect(Self.itemKeys.isSubset(of: keys), "missing \(Self.itemKeys.subtracting(keys))")
            #expect(
                keys.isSubset(of: Self.itemKeys.union(Self.optionalItemKeys)),
                "undocumented \(keys.subtracting(Self.itemKeys.union(Self.optionalItemKeys)))")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let file = try decoder.decode(StatusFile.self, from: Data(json.utf8))
        #expect(file.schema == 2)
        #expect(Set(file.summary.statuses.keys) == Self.statuses)
        for item in file.items {
            #expect(Self.kinds.contains(item.kind), "\(item.kind)")
            #expect(Self.statuses.contains(item.status), "\(item.status)")
            #expect(Self.readiness.contains(item.readiness), "\(item.readiness)")
        }
        return file
    }

    @Test func jsonFollowsTheDocumentedSchema() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let result = try cli.run(["status", content, "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let file = try decode(result.stdout)
        let summary = file.summary
        #expect(summary.total == 5)
        #expect(summary.done == 1)
        #expect(summary.percent == 20)
        #expect(summary.units.map(\.text) == ["1 of 5 chunks"])
        #expect(summary.statuses["in-progress"] == 1)
        // Only CHUNK-005 is said to be blocked; CHUNK-003 waits for CHUNK-002.
        #expect(summary.statuses["blocked"] == 1)
        #expect(summary.statuses["not-started"] == 2)
        #expect(summary.statuses["cancelled"] == 1)
        #expect(summary.waiting == 1)
        #expect(summary.ready == 1)
        #expect(summary.checkThese == 0)
        #expect(summary.estimateMinutes.done == 60)
        #expect(summary.estimateMinutes.total == 255)
        #expect(summary.checkboxes.done == 3)
        #expect(summary.checkboxes.total == 5)
        #expect(summary.criticalPath == ["CHUNK-002", "CHUNK-003"])
        #expect(summary.criticalPathMinutes == 150)
        #expect(file.warnings.isEmpty)

        #expect(file.items.map(\.id) == ["CHUNK-001", "CHUNK-002", "CHUNK-003", "CHUNK-004", "CHUNK-005", "CHUNK-006"])
        #expect(file.items.map(\.title) == ["Setup", "Models", "Screens", "Docs", "Payments", "Fax export"])
        #expect(file.items.map(\.kind) == Array(repeating: "chunk", count: 6))
        #expect(file.items.map(\.key) == file.items.map { "PLAN.md#" + $0.id })
        #expect(
            file.items.map(\.status) == ["done", "in-progress", "not-started", "not-started", "blocked", "cancelled"])
        #expect(file.items.map(\.readiness) == ["settled", "ready", "waiting", "ready", "ready", "settled"])
        // Sources are named relative to the content folder, at the heading's line.
        #expect(file.items.map(\.source.file) == Array(repeating: "PLAN.md", count: 6))
        #expect(file.items.map(\.source.line) == [3, 11, 21, 27, 33, 37])
        #expect(file.items.map(\.deps) == [[], ["CHUNK-001"], ["CHUNK-002"], ["CHUNK-001"], [], []])
        #expect(
            file.items.map(\.depKeys) == [
                [], ["PLAN.md#CHUNK-001"], ["PLAN.md#CHUNK-002"], ["PLAN.md#CHUNK-001"], [], [],
            ])
        #expect(file.items.map(\.waitingFor) == [[], [], ["CHUNK-002"], [], [], []])
        #expect(file.items.map(\.waitingForKeys) == [[], [], ["PLAN.md#CHUNK-002"], [], [], []])
        #expect(file.items.map(\.ready) == [false, false, false, true, false, false])
        #expect(file.items.allSatisfy { !$0.inCycle })
        #expect(file.items.map(\.checklist.done) == [2, 1, 0, 0, 0, 0])
        #expect(file.items.map(\.checklist.open) == [0, 2, 0, 0, 0, 0])
        #expect(file.items.map(\.checklist.total) == [2, 3, 0, 0, 0, 0])
        #expect(file.items.map { $0.estimate?.text } == ["1 hour", "2 hours", "30 minutes", "45 minutes", nil, nil])
        #expect(file.items.map { $0.estimate?.minMinutes } == [60, 120, 30, 45, nil, nil])
        #expect(file.items[4].note == "waiting for legal review")
        #expect(file.items.map(\.blockedReason) == [nil, nil, nil, nil, "waiting for legal review", nil])
    }

    /// The table's rows, as (status label, id, the row's words with its
    /// wrapped title lines), notes left out.
    static func rows(_ table: String) -> [(label: String, id: String, words: [Substring])] {
        var rows: [(label: String, id: String, words: [Substring])] = []
        for line in table.split(separator: "\n") {
            let symbol = line.dropFirst(2).first
            if line.hasPrefix("  "), !line.hasPrefix("   "), let symbol, "✓◐◑✗○◌-?".contains(symbol) {
                let rest = line.dropFirst(4)  // two spaces, the symbol, a space
                let label = rest.prefix(11).trimmingCharacters(in: .whitespaces)
                let words = rest.dropFirst(12).split(separator: " ")
                rows.append((label, String(words.first ?? ""), Array(words.dropFirst())))
            } else if line.hasPrefix("                "), !rows.isEmpty {
                let text = line.drop { $0 == " " }
                guard !text.hasPrefix("waits for"), !text.hasPrefix("blocked:") else { continue }
                rows[rows.count - 1].words += text.split(separator: " ")
            }
        }
        return rows
    }

    /// The headline: the first lines, up to the first blank one, joined.
    static func headline(_ table: String) -> String {
        table.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// A wrapped line of the table (`Ready next:`, `Critical path:`), joined.
    static func paragraph(startingWith prefix: String, in table: String) -> String? {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
        var text = String(lines[start])
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  "), !line.hasPrefix("   ") || true, !line.isEmpty,
                line.first == " ", !line.dropFirst(2).first.map({ "✓◐◑✗○◌-?".contains($0) })!
            else { break }
            text += " " + line.trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    @Test func jsonAndTableAgreeOnTheDefaultContent() throws {
        let table = try cli.run(["status", "content"], in: CommandLineTests.repository)
        let json = try cli.run(["status", "content", "--json"], in: CommandLineTests.repository)
        #expect(table.status == 0 && json.status == 0)
        let file = try decode(json.stdout)
        let summary = file.summary
        let first = Self.headline(table.stdout)
        let match = try #require(first.firstMatch(of: #/: (.+?) done \(([\d.]+)%\)/#))
        #expect(String(match.output.1) == summary.units.map(\.text).joined(separator: ", "))
        #expect(summary.units.reduce(0) { $0 + $1.done } == summary.done)
        #expect(summary.units.reduce(0) { $0 + $1.total } == summary.total)
        #expect(Double(match.output.2) == summary.percent)
        #expect(first.contains(", \(summary.checkboxes.done)/\(summary.checkboxes.total) checkboxes"))

        // One row per current item but phases, with the same status and checklist
        // count; archived history is one line.
        let rows = Self.rows(table.stdout)
        // Phases are rows where a plan is counted in phases (a roadmap with unplanned phases).
        let phasesAreUnits = summary.units.contains { $0.kind == "phase" }
        let items = file.items.filter { ($0.kind != "phase" || phasesAreUnits) && $0.archived != true }
        #expect(rows.count == items.count)
        var unmatched = rows
        for item in items {
            let label = item.status.replacingOccurrences(of: "-", with: " ")
            let index = unmatched.firstIndex {
                $0.label == label && $0.id == item.id
                    && (item.checklist.total == 0
                        || $0.words.contains { $0.hasPrefix("[\(item.checklist.done)/\(item.checklist.total)") })
            }
            #expect(index != nil, "no row for \(item.key) (\(label))")
            if let index { unmatched.remove(at: index) }
        }
        #expect(unmatched.isEmpty)
        #expect(rows.filter { $0.label == "done" }.count == items.filter { $0.status == "done" }.count)
        #expect(table.stdout.contains("\nArchived — 2 of 2 plans, 2 of 2 phases done (history, not counted)\n"))

        // Ready next lists what summary.ready counts: ready items but checklists of their own and phases.
        let ready = file.items.filter { $0.ready && $0.kind != "phase" && $0.kind != "checklist" }.map(\.id)
        #expect(summary.ready == ready.count)
        // Ids two documents share are named with their document.
        let shared = Set(
            file.items.map(\.id).filter { id in Set(file.items.filter { $0.id == id }.map(\.source.file)).count > 1 })
        func named(_ id: String) -> String {
            guard shared.contains(id),
                let item = file.items.first(where: { $0.id == id && $0.ready })
                    ?? file.items.first(where: { $0.id == id })
            else { return id }
            return id + " (" + item.source.file + ")"
        }
        #expect(
            Self.paragraph(startingWith: "Ready next: ", in: table.stdout) == "Ready next: "
                + ready.map(named).joined(separator: ", "))
        #expect(
            Self.paragraph(startingWith: "Critical path: ", in: table.stdout)?.hasPrefix(
                "Critical path: "
                    + summary.criticalPath.map { shared.contains($0) ? "\($0) (SPRINT_PLAN.md)" : $0 }.joined(
                        separator: " → ")) == true)
    }

    // MARK: --fail-under

    @Test func failUnderPassesAtOrAboveAndFailsBelowSayingWhy() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        for threshold in ["0", "10", "20", "19.99"] {
            let result = try cli.run(["status", content, "--fail-under", threshold])
            #expect(result.status == 0, "--fail-under \(threshold): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
        let below = try cli.run(["status", content, "--fail-under", "20.5"])
        #expect(below.status == 1)
        #expect(below.stderr == "status: 20% of the work is done (1 of 5 chunks), under the required 20.5%\n")
        // The table is still printed.
        #expect(below.stdout == Self.table(content))
        let all = try cli.run(["status", content, "--fail-under", "100"])
        #expect(all.status == 1)
        #expect(all.stderr.contains("under the required 100%"), "\(all.stderr)")
        // With --json the reason stays on stderr and stdout stays JSON.
        let json = try cli.run(["status", content, "--json", "--fail-under", "90"])
        #expect(json.status == 1)
        #expect(json.stderr == "status: 20% of the work is done (1 of 5 chunks), under the required 90%\n")
        #expect(try decode(json.stdout).summary.percent == 20)
    }

    @Test(arguments: [
        (["--fail-under", "150"], "--fail-under takes a percentage from 0 to 100, not 150"),
        (["--fail-under", "100.5"], "--fail-under takes a percentage from 0 to 100, not 100.5"),
        (["--fail-under=-1"], "--fail-under takes a percentage from 0 to 100, not -1"),
        (["--fail-under", "nan"], "--fail-under takes a percentage from 0 to 100, not nan"),
        (["--fail-under", "abc"], "The value 'abc' is invalid for '--fail-under <fail-under>'"),
        // Read as an option, not a number: still a usage error, not a crash.
        (["--fail-under", "-1"], "Missing value for '--fail-under <fail-under>'"),
        (["--fail-under"], "Missing value for '--fail-under <fail-under>'"),
        (["--require-done"], "Missing value for '--require-done <require-done>'"),
    ])
    func badGateValuesAreUsageErrors(arguments: [String], message: String) throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let result = try cli.run(["status", content] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: specsite status"))
        #expect(result.stdout.isEmpty)
    }

    /// Two of three done is 66.67%, shown as 66.7%; `--fail-under 66.7` fails
    /// with a reason that says 66.7% is under 66.7%.
    @Test func failUnderReasonDoesNotContradictItself() throws {
        let content = try folder([
            "PLAN.md": """
            # Plan

            ## CHUNK-001: One ✅

            ## CHUNK-002: Two ✅

            ## CHUNK-003: Three

            **Status**: not-started

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let result = try cli.run(["status", content, "--fail-under", "66.7"])
        #expect(result.stdout.hasPrefix("Spec: 2 of 3 chunks done (66.7%)"), "\(result.stdout)")
        // 66.66…% is shown as 66.7% and compared as shown.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let above = try cli.run(["status", content, "--fail-under", "66.8"])
        #expect(above.status == 1)
        #expect(above.stderr == "status: 66.7% of the work is done (2 of 3 chunks), under the required 66.8%\n")
    }

    // MARK: --require-done

    @Test func requireDonePassesWhenEveryItemNamedIsDone() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        // Ids are normalised (chunk-1 is CHUNK-001), and a key from status.json works too.
        let result = try cli.run([
            "status", content, "--require-done", "CHUNK-001", "chunk-001", "chunk-1", "Chunk 1", "PLAN.md#CHUNK-001",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == Self.table(content))
        let both = try cli.run(["status", content, "--require-done", "CHUNK-001", "--fail-under", "20"])
        #expect(both.status == 0, "\(both.stderr)")
    }

    @Test func requireDoneNamesEachItemThatIsNotDone() throws {
        let content = try folder(["PLAN.md": Self.plan])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let result = try cli.run([
            "status", content, "--require-done", "CHUNK-001", "chunk-2", "CHUNK-003", "CHUNK-004", "chunk-005",
            "CHUNK-006", "CHUNK-042",
        ])
        #expect(result.status == 1)
        #expect(result.stdout == Self.table(content))
        #expect(
            result.stderr.split(separator: "\n") == [
                "status: CHUNK-002 is in progress, not done (\(content)/PLAN.md:11)",
                "status: CHUNK-003 is not started, not done; it waits for CHUNK-002 (\(content)/PLAN.md:21)",
                "status: CHUNK-004 is not started, not done (\(content)/PLAN.md:27)",
                "status: CHUNK-005 is blocked (waiting for legal review), not done (\(content)/PLAN.md:33)",
                "status: CHUNK-006 is cancelled, not done (\(content)/PLAN.md:37)",
                "status: no work item is called CHUNK-042",
            ])
        // Each gate reports its own failure.
        let gates = try cli.run(["status", content, "--json", "--fail-under", "50", "--require-done", "CHUNK-2"])
        #expect(gates.status == 1)
        #expect(
            gates.stderr.split(separator: "\n") == [
                "status: 20% of the work is done (1 of 5 chunks), under the required 50%",
                "status: CHUNK-002 is in progress, not done (\(content)/PLAN.md:11)",
            ])
        #expect(try decode(gates.stdout).summary.total == 5)
    }

    // MARK: Warnings and bad input

    @Test func warningsGoToStderrWithTheirLineAndLeaveStdoutClean() throws {
        let content = try folder(["PLAN.md": Self.troubled])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let expected = [
            "\(content)/PLAN.md:5: warning: unknown status 'frobnicated' for CHUNK-001; expected done, in review,"
                + " in progress, blocked, not started, optional or cancelled (kept as unknown)",
            "\(content)/PLAN.md:6: warning: CHUNK-001 depends on CHUNK-009, but no chunk CHUNK-009 is defined",
            "\(content)/PLAN.md:11: warning: dependency cycle: CHUNK-002 → CHUNK-003 → CHUNK-002"
                + " (CHUNK-002 at PLAN.md:11, CHUNK-003 at PLAN.md:16)",
            "\(content)/PLAN.md:18: warning: two items have the id CHUNK-002 (lines 8 and 18): a dependency on"
                + " CHUNK-002 means line 8's; this one is tracked on its own (key PLAN.md#CHUNK-002@18)",
        ]
        let table = try cli.run(["status", content])
        #expect(table.status == 0, "warnings alone do not fail")
        #expect(table.stderr.split(separator: "\n").map(String.init) == expected)
        #expect(!table.stdout.contains("warning"))
        #expect(table.stdout.contains("  ? unknown     CHUNK-001  Setup\n"))
        // In a cycle, they wait for each other: not started as written, not blocked.
        #expect(table.stdout.contains("  ○ not started CHUNK-002  Models\n                waits for CHUNK-003\n"))
        #expect(table.stdout.contains("  ○ not started CHUNK-003  Screens\n                waits for CHUNK-002\n"))
        #expect(table.stdout.contains("  ✓ done        CHUNK-002  Again\n"))

        let json = try cli.run(["status", content, "--json"])
        #expect(json.status == 0)
        #expect(json.stderr.split(separator: "\n").map(String.init) == expected)
        let file = try decode(json.stdout)
        #expect(file.items.map(\.status) == ["unknown", "not-started", "not-started", "done"])
        #expect(file.items.map(\.readiness) == ["ready", "waiting", "waiting", "settled"])
        #expect(file.items.map(\.inCycle) == [false, true, true, false])
        #expect(file.items[0].missingDeps == ["CHUNK-009"])
        // The duplicate keeps its own key.
        #expect(file.items.map(\.key).last == "PLAN.md#CHUNK-002@18")
        // The pages' warnings first, then what only the whole site shows.
        #expect(file.warnings.map(\.line) == [5, 18, 6, 11])
        #expect(file.warnings[2].message == "CHUNK-001 depends on CHUNK-009, but no chunk CHUNK-009 is defined")
    }

    /// status.json names files relative to the content folder, in its items and
    /// its warnings alike, so it is the same wherever the folder is.
    @Test func jsonWarningsNameFilesRelativeToTheContentFolder() throws {
        let content = try folder(["PLAN.md": Self.troubled])
        defer { try? FileManager.default.removeItem(atPath: content) }
        let json = try cli.run(["status", content, "--json"])
        let file = try decode(json.stdout)
        #expect(file.items.first?.source.file == "PLAN.md")
        #expect(file.warnings.count == 4)
        #expect(file.warnings.map(\.file) == ["PLAN.md", "PLAN.md", "PLAN.md", "PLAN.md"])
        #expect(!file.warnings.contains { $0.message.contains(content) })
        // Named from the folder's parent, the file is byte-identical.
        let parent = (content as NSString).deletingLastPathComponent
        let relative = try cli.run(["status", (content as NSString).lastPathComponent, "--json"], in: parent)
        #expect(relative.stdout == json.stdout)
    }

    @Test func aMissingContentFolderIsAnError() throws {
        let root = cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = try cli.run(["status", root + "/nope"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "\(root)/nope: error: content folder not found\n")
        let json = try cli.run(["status", root + "/nope", "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
        try Self.plan.write(toFile: root + "/PLAN.md", atomically: true, encoding: .utf8)
        let file = try cli.run(["status", root + "/PLAN.md"])
        #expect(file.status == 1)
        #expect(file.stdout.isEmpty)
        #expect(file.stderr.contains("\(root)/PLAN.md: error: content path is a file"), "\(file.stderr)")
    }

    @Test func aFolderWithoutPlansHasNothingToDo() throws {
        let empty = cli.temporaryFolder()
        let prose = try folder(["notes.md": "# Notes\n\nNo plans here.\n"])
        defer {
            try? FileManager.default.removeItem(atPath: empty)
            try? FileManager.default.removeItem(atPath: prose)
        }
        for content in [empty, prose] {
            let table = try cli.run(["status", content])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(
                table.stdout
                    == "Spec: no work items found (no chunks, sections with a status, checklists or GSD plans)\n")
            #expect(table.stderr.isEmpty, "\(table.stderr)")
            let json = try cli.run(["status", content, "--json"])
            #expect(json.status == 0)
            let file = try decode(json.stdout)
            #expect(file.items.isEmpty)
            #expect(file.summary.total == 0)
            #expect(file.summary.done == 0)
            #expect(file.summary.criticalPath.isEmpty)
            // A gate over nothing fails: the job is pointed at the wrong folder.
            for gate in [["--require-done", "CHUNK-001"], ["--fail-under", "0"]] {
                let named = try cli.run(["status", content] + gate)
                #expect(named.status == 1)
                #expect(named.stderr == "status: no work items found in \(content); nothing to gate on\n")
            }
        }
    }

    // MARK: The default content

    @Test func theDefaultContentsStatus() throws {
        let repository = CommandLineTests.repository
        let result = try cli.run(["status"], in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // CONTENT defaults to content.
        #expect(try cli.run(["status", "content"], in: repository).stdout == result.stdout)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Each plan in its own unit; the archived milestone is history, not counted.
        #expect(
            Self.headline(result.stdout)
                == "Tidepool Spec: 6 of 21 chunks, 1 of 4 phases done (28%), 25% by estimate (9 h of 4 d 4 h),"
                + " 46/98 checkboxes")
        #expect(lines.contains("Ready next: CHUNK-005 (IMPLEMENTATION_PLAN.md)"))
        // STATE.md says 02-02 is under way.
        #expect(lines.contains { $0.hasPrefix("  ◐ in progress 02-02  ") })
        #expect(
            Self.paragraph(startingWith: "Critical path: ", in: result.stdout)
                == "Critical path: CHUNK-002 (SPRINT_PLAN.md) → CHUNK-003 (SPRINT_PLAN.md) → CHUNK-008"
                + " (SPRINT_PLAN.md) → CHUNK-009 (SPRINT_PLAN.md) → CHUNK-011 (9 h 30 min)")
        for group in [
            "content/IMPLEMENTATION_PLAN.md — 3 of 9 chunks",
            "content/SPRINT_PLAN.md — 3 of 12 chunks, 1 of 1 row, 0 of 5 checklist sections",
            ".planning plans — 1 of 4 phases, 3 of 6 plans",
            "Archived — 2 of 2 plans, 2 of 2 phases done (history, not counted)",
        ] {
            #expect(lines.contains(group), "\(group)")
        }
        #expect(lines.contains("  ✓ done        CHUNK-001  Design Tokens and Color Assets [8/8, 1 h 30 min]"))
        // Waiting for CHUNK-004 is not blocked: CHUNK-008 stays not started.
        let widget = try #require(lines.firstIndex(of: "  ○ not started CHUNK-008  Home Screen Widget [0/4, 2 h]"))
        #expect(lines[widget + 1] == "                waits for CHUNK-004")
        let healthKit = try #require(
            lines.firstIndex { $0.hasPrefix("  ✗ blocked     CHUNK-007  HealthKit Sync") })
        #expect(
            lines[healthKit + 1] == "                blocked: waiting for the HealthKit entitlement review (submitted")
        // Every line fits 80 columns; titles wrap, ids are whole.
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(!result.stdout.contains("…"))

        #expect(try cli.run(["status", "--fail-under", "28"], in: repository).status == 0)
        let gate = try cli.run(["status", "--fail-under", "35"], in: repository)
        #expect(gate.status == 1)
        #expect(
            gate.stderr
                == "status: 28% of the work is done (6 of 21 chunks, 1 of 4 phases), under the required 35%\n")
        // CHUNK-005 is done in the sprint plan but not in the implementation plan.
        let next = try cli.run(["status", "--require-done", "CHUNK-005"], in: repository)
        #expect(next.status == 1)
        #expect(next.stderr == "status: CHUNK-005 is not started, not done (content/IMPLEMENTATION_PLAN.md:177)\n")
        let sprint = try cli.run(["status", "--require-done", "SPRINT_PLAN.md#CHUNK-005", "phase-1"], in: repository)
        #expect(sprint.status == 0, "\(sprint.stderr)")
    }
}
