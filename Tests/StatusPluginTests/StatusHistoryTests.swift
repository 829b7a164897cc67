import Foundation
import Testing

@testable import SpecSiteKit
@testable import StatusPlugin

/// The status replayed over git: a repository made by
/// `Tests/fixtures/history/make-repo.sh` (chunks ticked, one reopened and done
/// again, one added, the plan renamed, a commit outside the content folder),
/// with every number counted by hand from the script.
@Suite("Status history", .serialized)
struct StatusHistoryTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/history/make-repo.sh").path

    static let hasGit = GitRepository.findExecutable() != nil

    /// A new fixture repository; its content folder is `<dir>/content`.
    static func makeRepository() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path
        try shell("bash '\(script)' '\(folder)'")
        return folder
    }

    /// Runs a shell command; throws with its output when it fails.
    @discardableResult
    static func shell(_ command: String, in directory: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(command): \(output)"])
        }
        return output
    }

    static func options(_ content: String) -> BuildOptions {
        BuildOptions(content: content, output: "", plugins: [StatusPlugin()])
    }

    static func replay(_ repository: String, cache: String? = nil, threads: Int = 1, perThread: Int = 50) throws
        -> StatusHistory
    {
        let content = repository + "/content"
        return try StatusHistory.replay(
            options: options(content), repository: GitRepository(folder: content), cache: cache, threads: threads,
            commitsPerThread: perThread)
    }

    static func day(_ seconds: Int) -> String { StatusHistoryText.day(seconds) }

    /// Each commit that changed a document: its day, done and total. The
    /// README-only commit of 2026-01-27 is not one; the rename is.
    static let expectedPoints: [(String, Int, Int)] = [
        ("2026-01-05", 0, 6), ("2026-01-07", 1, 6), ("2026-01-12", 2, 6), ("2026-01-19", 2, 6),
        ("2026-01-20", 3, 7), ("2026-01-26", 3, 7), ("2026-02-02", 5, 7),
    ]

    @Test(.enabled(if: hasGit)) func everyCommitThatChangedADocumentIsAPointWithItsCounts() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let history = try Self.replay(repository)
        #expect(
            history.points.map { (Self.day($0.date), $0.done, $0.total) }.elementsEqual(Self.expectedPoints, by: ==))
        #expect(history.points.map(\.subject).first == "Plan six chunks")
        // One plan, under its last name from the first commit on.
        #expect(history.points.allSatisfy { Array($0.plans.keys) == ["plans/IMPLEMENTATION_PLAN.md"] })
        #expect(history.points.map { $0.plans["plans/IMPLEMENTATION_PLAN.md"]!.done } == [0, 1, 2, 2, 3, 3, 5])
        #expect(!history.isShallow)
    }

    @Test(.enabled(if: hasGit)) func eachItemIsDoneFromTheLastTimeItBecameDone() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let history = try Self.replay(repository)
        let plan = "plans/IMPLEMENTATION_PLAN.md#"
        #expect(
            history.completed.mapValues(Self.day) == [
                plan + "CHUNK-001": "2026-01-07",
                // Done on the 12th, reopened on the 26th, done again on 2 February.
                plan + "CHUNK-002": "2026-02-02",
                plan + "CHUNK-003": "2026-01-20",
                plan + "CHUNK-004": "2026-01-26",
                plan + "CHUNK-005": "2026-02-02",
            ])
    }

    @Test(.enabled(if: hasGit)) func weeksPaceAndForecastCountFromCommitDates() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let trend = StatusTrend(try Self.replay(repository))
        #expect(
            trend.weeks.map { Self.day($0.start) } == [
                "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02",
            ])
        #expect(trend.weeks.map(\.done) == [1, 2, 3, 3, 5])
        #expect(trend.weeks.map(\.total) == [6, 6, 7, 7, 7])
        #expect(trend.weeks.map(\.net) == [1, 1, 1, 0, 2])
        #expect(trend.window == 5)
        #expect(trend.pace == 1)
        // The sample deviation of 1, 1, 1, 0, 2: √(2 / 4).
        #expect(abs(trend.spread! - 0.5.squareRoot()) < 1e-12)
        #expect(trend.remaining == 2)
        // Two left at one a week from 2 February; at 1.71 and 0.29 a week.
        #expect(trend.forecast.map { Self.day($0.likely) } == "2026-02-16")
        #expect(trend.forecast.map { Self.day($0.early) } == "2026-02-10")
        #expect(trend.forecast.flatMap { $0.late.map(Self.day) } == "2026-03-22")
    }

    @Test(.enabled(if: hasGit)) func segmentsSideBySideGiveTheSameHistoryAsOneRun() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let one = try Self.replay(repository)
        for threads in [2, 3, 7] {
            #expect(try Self.replay(repository, threads: threads, perThread: 1) == one, "\(threads) segments")
        }
    }

    @Test(.enabled(if: hasGit)) func aCachedHistoryIsReadBackAndOnlyNewCommitsAreReplayed() throws {
        let repository = try Self.makeRepository()
        let cache = repository + "-cache"
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let first = try Self.replay(repository, cache: cache)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(files.count == 1 && files[0].hasPrefix("status-history-") && files[0].hasSuffix(".json"), "\(files)")
        #expect(try Self.replay(repository, cache: cache) == first)
        // A new commit ticks CHUNK-006: replayed from the kept end, the same as from scratch.
        let plan = repository + "/content/plans/IMPLEMENTATION_PLAN.md"
        let text = try String(contentsOfFile: plan, encoding: .utf8)
        let ticked = text.replacingOccurrences(
            of: "## CHUNK-006: Part 6\n\n**Status**: Not started", with: "## CHUNK-006: Part 6\n\n**Status**: ✅ Done")
        #expect(ticked != text)
        try ticked.write(toFile: plan, atomically: true, encoding: .utf8)
        try Self.shell(
            "git add -A && GIT_COMMITTER_DATE=2026-02-09T12:00:00Z GIT_AUTHOR_DATE=2026-02-09T12:00:00Z"
                + " git commit -q -m 'CHUNK-006 done'", in: repository)
        let resumed = try Self.replay(repository, cache: cache)
        let fresh = try Self.replay(repository)
        #expect(resumed == fresh)
        #expect(resumed.points.count == 8)
        #expect(resumed.points.last?.done == 6 && resumed.points.last?.total == 7)
        #expect(resumed.completed["plans/IMPLEMENTATION_PLAN.md#CHUNK-006"].map(Self.day) == "2026-02-09")
    }

    @Test(.enabled(if: hasGit)) func aShallowCloneStartsAtItsOldestCommitAndSaysSo() throws {
        let repository = try Self.makeRepository()
        let clone = repository + "-shallow"
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            try? FileManager.default.removeItem(atPath: clone)
        }
        try Self.shell("git clone -q --depth 2 'file://\(repository)' '\(clone)'")
        let history = try Self.replay(clone)
        #expect(history.isShallow)
        // The clone holds the README commit (its oldest, so every file is new
        // in it) and the last one.
        #expect(
            history.points.map { (Self.day($0.date), $0.done, $0.total) }.elementsEqual(
                [("2026-01-27", 3, 7), ("2026-02-02", 5, 7)], by: ==))
        #expect(history.completed["plans/IMPLEMENTATION_PLAN.md#CHUNK-001"].map(Self.day) == "2026-01-27")
        #expect(StatusHistoryText.text(history, content: "content").contains("This clone is shallow"))
        // A reference the clone does not hold is an error that says why.
        let content = clone + "/content"
        #expect(throws: GitRepository.Unavailable.self) { try GitRepository(folder: content).resolve("v0.1") }
        do {
            _ = try GitRepository(folder: content).resolve("v0.1")
        } catch {
            #expect(error.reason.contains("shallow clone"), "\(error.reason)")
        }
    }

    @Test(.enabled(if: hasGit)) func changesSinceATagFollowTheRenamedPlan() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let content = repository + "/content"
        let git = try GitRepository(folder: content)
        let tag = try git.resolve("v0.1")
        let then = try StatusHistory.snapshot(at: tag, options: Self.options(content), repository: git)
        #expect(then.items.map(\.key).first == "PLAN.md#CHUNK-001")
        #expect((then.done, then.total) == (2, 6))
        let renames = try git.renames(since: tag)
        #expect(renames == ["PLAN.md": "plans/IMPLEMENTATION_PLAN.md"])
        // Untick CHUNK-001 in the working tree, not committed: a regression.
        let plan = content + "/plans/IMPLEMENTATION_PLAN.md"
        let text = try String(contentsOfFile: plan, encoding: .utf8)
        try text.replacingOccurrences(
            of: "## CHUNK-001: Part 1\n\n**Status**: ✅ Done", with: "## CHUNK-001: Part 1\n\n**Status**: In progress"
        ).write(toFile: plan, atomically: true, encoding: .utf8)
        let loaded = try Builder(options: Self.options(content), diagnostics: DiagnosticLog()).load()
        let now = StatusSnapshot(StatusPlugin.report(for: loaded.site))
        let changes = StatusChanges(from: then, to: now, renames: renames)
        #expect(changes.completed.map(\.item.id) == ["CHUNK-003", "CHUNK-004", "CHUNK-005"])
        #expect(changes.completed.map(\.before) == [.inProgress, .notStarted, .notStarted])
        #expect(changes.reopened.map(\.item.id) == ["CHUNK-001"])
        #expect(changes.added.map(\.item.id) == ["CHUNK-007"])
        #expect(changes.backwards.isEmpty && changes.removed.isEmpty)
        #expect(changes.regressions.map(\.item.id) == ["CHUNK-001"])
        #expect(changes.before == (2, 6) && changes.after == (4, 7))
        // A date names the last commit on or before it: a day is the whole
        // day in UTC, whatever the time now (the tag's commit is at 12:00).
        #expect(try git.resolve("2026-01-13") == tag)
        #expect(try git.resolve("2026-01-12") == tag)
        #expect(try git.resolve("2026-01-11") != tag)
    }

    @Test func changesTellBackwardsFromReopenedAndRemoved() throws {
        func item(_ id: String, _ status: WorkStatus) -> StatusSnapshot.Item {
            StatusSnapshot.Item(
                key: "PLAN.md#\(id)", id: id, title: id, status: status, kind: .chunk, file: "PLAN.md", line: 1)
        }
        var old = StatusSnapshot(StatusReport())
        var new = old
        old.items = [
            item("A", .inReview), item("B", .inProgress), item("C", .done), item("D", .done), item("E", .notStarted),
        ]
        new.items = [item("A", .inProgress), item("B", .blocked), item("C", .cancelled), item("E", .blocked)]
        let changes = StatusChanges(from: old, to: new)
        #expect(changes.backwards.map(\.item.id) == ["A", "B"])
        #expect(changes.reopened.map(\.item.id) == ["C"])
        #expect(changes.removed.map(\.item.id) == ["D"])
        #expect(changes.regressions.map(\.item.id) == ["C", "D"])
        #expect(changes.completed.isEmpty && changes.added.isEmpty)
    }

    @Test func gitLogRecordsAreReadWithRenamesAndOddSubjects() {
        let bytes =
            Array(
                "\u{1E}\(String(repeating: "a", count: 40))\u{1F}100\u{1F}Subject: with\u{1F} odd bytes\0\n".utf8)
            + Array(":000000 100644 0000 1111 A\0new.md\0:100644 100644 1111 2222 R090\0old.md\0moved.md\0".utf8)
            + Array(":100644 000000 2222 0000 D\0gone.md\0".utf8)
            + Array("\u{1E}\(String(repeating: "b", count: 40))\u{1F}200\u{1F}\0".utf8)
        let commits = GitLog.parse(bytes)
        #expect(commits.count == 2)
        #expect(commits[0].subject == "Subject: with\u{1F} odd bytes")
        #expect(commits[0].date == 100)
        #expect(
            commits[0].changes == [
                .init(oldPath: nil, newPath: "new.md", blob: "1111"),
                .init(oldPath: "old.md", newPath: "moved.md", blob: "2222"),
                .init(oldPath: "gone.md", newPath: nil, blob: nil),
            ])
        #expect(commits[1].changes.isEmpty && commits[1].subject.isEmpty)
    }

    @Test func weeksStartOnMondayInUTC() {
        // 2026-01-05 was a Monday; 2026-01-11 23:59:59 is still its week.
        let monday = 1_767_571_200
        #expect(Self.day(monday) == "2026-01-05")
        #expect(StatusTrend.weekStart(monday) == monday)
        #expect(StatusTrend.weekStart(monday + 7 * 86_400 - 1) == monday)
        #expect(StatusTrend.weekStart(monday + 7 * 86_400) == monday + 7 * 86_400)
        #expect(StatusTrend.weekStart(0) == -3 * 86_400)
    }

    @Test func noForecastWithoutTwoWeeksOrWithoutProgress() {
        var history = StatusHistory()
        let start = 1_767_614_400
        history.points = [
            .init(commit: "a", date: start, subject: "", done: 0, total: 4, plans: [:]),
            .init(commit: "b", date: start + 86_400, subject: "", done: 1, total: 4, progress: 1, plans: [:]),
        ]
        #expect(StatusTrend(history).forecast == nil)
        #expect(StatusHistoryText.forecast(StatusTrend(history)).contains("not enough history"))
        history.points.append(
            .init(commit: "c", date: start + 15 * 86_400, subject: "", done: 0, total: 4, progress: -1, plans: [:]))
        let trend = StatusTrend(history)
        #expect(trend.weeks.map(\.net) == [1, 0, -1])
        #expect(trend.forecast == nil)
        #expect(StatusHistoryText.forecast(trend).contains("no net progress"))
    }

    @Test func workAddedOrRemovedMovesTheCountsButIsNoProgress() {
        func item(_ id: String, _ status: WorkStatus, plan: String = "PLAN.md") -> (String, WorkStatus, String) {
            (id, status, plan)
        }
        func snapshot(_ items: [(String, WorkStatus, String)]) -> StatusSnapshot {
            var snapshot = StatusSnapshot(StatusReport())
            for (id, status, plan) in items {
                snapshot.units["\(plan)#\(id)"] = .init(
                    scope: plan, done: status == .done ? 1 : 0, total: status.counts ? 1 : 0)
            }
            return snapshot
        }
        let before = snapshot([
            item("A", .notStarted), item("B", .done), item("C", .inProgress), item("D", .done), item("E", .notStarted),
        ])
        let after = snapshot([
            // A done (+1), B reopened (−1), C cancelled (no longer counts: 0), D removed (0),
            // E unchanged, F added done (0), G in a new plan, added done (0).
            item("A", .done), item("B", .inProgress), item("C", .cancelled), item("E", .notStarted),
            item("F", .done), item("G", .done, plan: "NEW.md"),
        ])
        let change = after.change(since: before)
        #expect(change.progress == 0)
        // F and G were written down already done: added, not ticked.
        #expect(change.arrived == 2)
        #expect(change.byPlan.mapValues { [$0.progress, $0.arrived] } == ["PLAN.md": [0, 1], "NEW.md": [0, 1]])
        let ticked = snapshot([
            item("A", .done), item("B", .done), item("C", .done), item("D", .done), item("E", .notStarted),
        ])
        #expect(ticked.change(since: before).progress == 2 && ticked.change(since: before).arrived == 0)
        // A renamed file keeps its items.
        var moved = StatusSnapshot(StatusReport())
        moved.units = Dictionary(
            uniqueKeysWithValues: ticked.units.map { ("plans/PLAN.md#" + $0.key.dropFirst("PLAN.md#".count), $0.value) }
        )
        #expect(moved.change(since: before).progress == 0)
        #expect(moved.change(since: before, renames: ["PLAN.md": "plans/PLAN.md"]).progress == 2)
    }

    /// Five chunks that name files: one done with its file committed after
    /// the plan, one done whose file is missing, one done whose file no commit
    /// changed since the plan was written, one not started whose file a
    /// commit naming it changed, one in progress with an unnamed commit.
    @Test(.enabled(if: hasGit)) func evidenceHintsCompareWhatIsMarkedWithTheRepository() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chunk = { (number: Int, status: String, file: String) in
            "## CHUNK-00\(number): Part \(number)\n\n**Status**: \(status)\n\n**Files**: `\(file)`\n\n"
        }
        let plan =
            "# Plan\n\n" + chunk(1, "✅ Done", "src/a.swift") + chunk(2, "✅ Done", "src/missing.swift")
            + chunk(3, "✅ Done", "src/old.swift") + chunk(4, "Not started", "src/d.swift")
            + chunk(5, "In progress", "src/e.swift")
        try FileManager.default.createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try plan.write(toFile: folder + "/PLAN.draft", atomically: true, encoding: .utf8)
        let commit = { (day: String, message: String) in
            "git add -A && GIT_AUTHOR_DATE=\(day)T12:00:00Z GIT_COMMITTER_DATE=\(day)T12:00:00Z git commit -q -m '\(message)'"
        }
        try Self.shell(
            [
                "git init -q -b main . && git config user.name T && git config user.email t@example.com",
                "git config commit.gpgsign false", "mkdir -p src && echo old > src/old.swift",
                commit("2026-01-01", "Old code"), "mv PLAN.draft content/PLAN.md", commit("2026-01-05", "Plan"),
                "echo a > src/a.swift", commit("2026-01-06", "Add a"), "echo d > src/d.swift",
                commit("2026-01-07", "Implement chunk-004 (CHUNK-004)"), "echo e > src/e.swift",
                commit("2026-01-08", "wip"),
            ].joined(separator: " && "), in: folder)
        let content = folder + "/content"
        // The site's report carries the hints as it loads: plan pages and
        // the dashboard draw the same items.
        let loaded = try Builder(options: Self.options(content), diagnostics: DiagnosticLog()).load()
        let report = StatusPlugin.report(for: loaded.site)
        let reading = try #require(report.git)
        #expect(reading.warnings.isEmpty && reading.evidenceNote == nil, "\(reading)")
        let hints = Dictionary(
            uniqueKeysWithValues: report.entries.map { ($0.item.id, $0.item.hints.map(\.message)) })
        #expect(hints["CHUNK-001"] == [])
        #expect(
            hints["CHUNK-002"] == [
                "marked done, but 1 of the 1 files it names has never been in the repository: `src/missing.swift`"
            ])
        #expect(
            hints["CHUNK-003"] == [
                "marked done, but no commit has changed the files it names since it was written (2026-01-05)"
            ])
        let named = try #require(hints["CHUNK-004"]?.first)
        #expect(
            named.hasPrefix("not marked done, but commit ")
                && named.hasSuffix(" (2026-01-07) names CHUNK-004 and changed the files it names"), "\(named)")
        #expect(hints["CHUNK-005"] == [])
        // The author's statuses stay as written.
        #expect(report.entries.map(\.item.status) == [.done, .done, .done, .notStarted, .inProgress])
        #expect(report.checkThese.map(\.item.id) == ["CHUNK-002", "CHUNK-003", "CHUNK-004"])
        // A checkout with no index (or a stale one) still has HEAD's files.
        try Self.shell("rm .git/index", in: folder)
        let indexless = try Builder(options: Self.options(content), diagnostics: DiagnosticLog()).load()
        #expect(
            StatusPlugin.report(for: indexless.site).checkThese.map(\.item.id) == [
                "CHUNK-002", "CHUNK-003", "CHUNK-004",
            ])
        // Outside git, or with the code elsewhere, nothing is flagged and a note says why.
        try Self.shell("rm -rf .git", in: folder)
        let reloaded = try Builder(options: Self.options(content), diagnostics: DiagnosticLog()).load()
        let outside = StatusPlugin.report(for: reloaded.site)
        let none = try #require(outside.git)
        #expect(
            none.evidenceNote == "The files items name were not checked against git: not inside a git repository")
        #expect(none.outsideGit)
        #expect(outside.checkThese.isEmpty)
    }

    @Test func anIdIsNamedAsAWholeWord() {
        #expect(StatusEvidence.mentions("Implement CHUNK-004: login", "CHUNK-004"))
        #expect(StatusEvidence.mentions("chunk-004 done", "CHUNK-004"))
        #expect(!StatusEvidence.mentions("CHUNK-0041 done", "CHUNK-004"))
        #expect(!StatusEvidence.mentions("XCHUNK-004", "CHUNK-004"))
        #expect(StatusEvidence.mentions("plan 10-04.", "10-04"))
        #expect(!StatusEvidence.mentions("plan 10-04.5", "10-04"))
        #expect(!StatusEvidence.namesItself("export-screen"))
        #expect(StatusEvidence.namesItself("T012"))
    }

    /// The replay (memos, segments, pages kept between versions) counts each
    /// commit as a fresh read of that commit's files does.
    @Test(.enabled(if: hasGit)) func everyPointIsWhatAFreshReadOfItsCommitCounts() throws {
        let repository = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let history = try Self.replay(repository, threads: 3, perThread: 2)
        #expect(history.points.count == 7)
        for point in history.points {
            let folder = repository + "-at-" + point.commit.prefix(8)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Self.shell(
                "mkdir -p '\(folder)' && git archive \(point.commit) content | tar -x -C '\(folder)'", in: repository)
            let loaded = try Builder(options: Self.options(folder + "/content"), diagnostics: DiagnosticLog()).load()
            let fresh = StatusSnapshot(StatusPlugin.report(for: loaded.site))
            #expect((fresh.done, fresh.total) == (point.done, point.total), "\(point.subject)")
        }
    }

    /// A history kept at a branch's tip, then the branch merged after another
    /// commit on main: main's first-parent line never held that tip, so the
    /// history is replayed again, not extended from the tip.
    @Test(.enabled(if: hasGit)) func aHistoryKeptOnAMergedBranchIsNotExtendedAcrossTheMerge() throws {
        let repository = try Self.makeRepository()
        let cache = repository + "-cache"
        defer {
            try? FileManager.default.removeItem(atPath: repository)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let plan = "content/plans/IMPLEMENTATION_PLAN.md"
        func tick(_ number: Int, day: String, message: String) throws {
            let path = repository + "/" + plan
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(
                of: "## CHUNK-00\(number): Part \(number)\n\n**Status**: Not started",
                with: "## CHUNK-00\(number): Part \(number)\n\n**Status**: ✅ Done"
            ).write(toFile: path, atomically: true, encoding: .utf8)
            try Self.shell(
                "git add -A && GIT_COMMITTER_DATE=\(day)T12:00:00Z GIT_AUTHOR_DATE=\(day)T12:00:00Z"
                    + " git commit -q -m '\(message)'", in: repository)
        }
        _ = try Self.replay(repository, cache: cache)
        try Self.shell("git checkout -q -b side", in: repository)
        try tick(6, day: "2026-02-05", message: "CHUNK-006 on a branch")
        #expect(try Self.replay(repository, cache: cache).points.count == 8)
        try Self.shell("git checkout -q main", in: repository)
        try tick(7, day: "2026-02-06", message: "CHUNK-007 on main")
        try Self.shell(
            "GIT_COMMITTER_DATE=2026-02-07T12:00:00Z GIT_AUTHOR_DATE=2026-02-07T12:00:00Z"
                + " git merge -q --no-ff -m 'Merge side' side", in: repository)
        let kept = try Self.replay(repository, cache: cache)
        let fresh = try Self.replay(repository)
        #expect(kept == fresh)
        // Main's line: the fixture's seven, the commit on main, the merge.
        #expect(fresh.points.map { Self.day($0.date) }.suffix(3) == ["2026-02-02", "2026-02-06", "2026-02-07"])
        #expect(fresh.points.last.map { "\($0.done) of \($0.total)" } == "7 of 7")
    }

    /// What a plan writes as a file, judged as a careful reader would.
    @Test func namedFilesAreFoundAsWrittenByGlobByNameOrFromAPackageFolder() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: top) }
        let tracked = [
            "packages/api/src/parser/fetch.ts", "packages/db/migrations/0035_drax.sql", "src/app.ts", "docs/PLAN.md",
        ]
        for path in tracked {
            let file = top + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let files = RepositoryFiles(top: top, content: top + "/docs", tracked: tracked)
        let folder = top + "/docs"
        #expect(files.locate("src/app.ts", from: folder) == .found(["src/app.ts"], exact: true))
        #expect(files.locate("./src/app.ts (modified)", from: folder) == .found(["src/app.ts"], exact: true))
        #expect(
            files.locate("packages/db/migrations/0035_*.sql", from: folder)
                == .found(["packages/db/migrations/0035_drax.sql"], exact: false))
        #expect(files.locate("fetch.ts", from: folder) == .found(["packages/api/src/parser/fetch.ts"], exact: false))
        #expect(
            files.locate("parser/fetch.ts", from: folder) == .found(["packages/api/src/parser/fetch.ts"], exact: false))
        // Missing: a path with a folder and an extension, or a folder.
        #expect(files.locate("src/gone.ts", from: folder) == .missing)
        #expect(files.locate("src/lib/", from: folder) == .missing)
        #expect(files.locate("packages/db/migrations/0099_*.sql", from: folder) == .missing)
        // Not judged: prose, routes, names that may be methods or products, the spec's own documents.
        for text in [
            "context.go", "Next.js", "filter/search/page", "/api/v1/expenses", "https://example.com/a.ts",
            "messages/(all 11 locales)/navbar.json", "PLAN.md", "a.ts:12", "../../../etc/passwd.txt",
        ] {
            #expect(files.locate(text, from: folder) == .unjudged, "\(text)")
        }
    }

    /// Work written down already done is shown beside the pace, and a
    /// forecast from ticks alone says what it leaves out.
    @Test func workWrittenDownAlreadyDoneIsSaidBesideThePace() {
        let start = 1_767_614_400
        var history = StatusHistory()
        history.points = [
            .init(commit: "a", date: start, subject: "", done: 0, total: 10, plans: [:]),
            .init(
                commit: "b", date: start + 7 * 86_400, subject: "", done: 6, total: 14, progress: 1, arrived: 5,
                plans: [:]),
            .init(
                commit: "c", date: start + 14 * 86_400, subject: "", done: 12, total: 20, progress: 1, arrived: 5,
                plans: [:]),
        ]
        let trend = StatusTrend(history)
        #expect(trend.weeks.map(\.arrived) == [0, 5, 5])
        #expect(trend.weeks.map(\.net) == [0, 1, 1])
        #expect(abs(trend.arrivals! - 10.0 / 3) < 1e-9)
        #expect(StatusHistoryText.pace(trend)?.hasSuffix("; 3.3 a week more were added already done") == true)
        #expect(
            StatusHistoryText.forecast(trend).hasSuffix(
                "; most work here is written down already done, which this forecast does not count"))
        #expect(
            StatusHistoryText.text(history, content: "c").contains("Week of      Done             Net     Added done"))
    }
}
