import Foundation
import Testing

/// End-to-end tests: the real `specsite` binary on real folders, as a user runs it.
@Suite("specsite command line", .serialized)
struct CommandLineTests {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `specsite` binary next to the test bundle (both are products of one build).
    static let binary: String = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("specsite").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return repository + "/.build/debug/specsite"
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], in directory: String? = nil) throws -> Run {
        let output = try runProcess(Self.binary, arguments, in: directory)
        return Run(
            status: output.status, stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self))
    }

    func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("specsite-cli-\(UUID().uuidString)")
            .path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func read(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func versionAndHelp() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try run(["build", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--base-url"))
        #expect(help.stdout.contains("--strict"))
    }

    /// Arrows in prose that are not screen flows are skipped quietly, and named
    /// at their line with `--verbose`, as notes that `--strict` does not count.
    @Test func verboseNamesTheArrowsItSkipped() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/spec", withIntermediateDirectories: true)
        try "# Notes\n\nBackups: Time Machine → Backblaze → Arq\n".write(
            toFile: folder + "/spec/notes.md", atomically: true, encoding: .utf8)
        let quiet = try run(["build", folder + "/spec", "--output", folder + "/a", "--strict"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("note:"), "\(quiet.stderr)")
        let verbose = try run(["build", folder + "/spec", "--output", folder + "/b", "--strict", "--verbose"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(
            verbose.stderr.contains(
                "notes.md:3: note: arrows not drawn as a flow, not about screens"),
            "\(verbose.stderr)")
        #expect(!verbose.stderr.contains("warning"), "\(verbose.stderr)")
    }

    /// The second build of the same folder takes each page's analysis from
    /// the cache beside the output and writes the same site; `--no-cache`
    /// neither reads nor writes one.
    @Test func buildKeepsItsCacheBesideTheOutput() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/spec", withIntermediateDirectories: true)
        try "# Plan\n\n- [x] One\n- [ ] Two\n\n`--brand: #0A7AFF`\n".write(
            toFile: folder + "/spec/plan.md", atomically: true, encoding: .utf8)
        let uncached = try run(["build", "spec", "--output", "plain", "--no-cache"], in: folder)
        #expect(uncached.status == 0, "\(uncached.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/.specsite-cache"))
        let first = try run(["build", "spec", "--output", "site"], in: folder)
        #expect(first.status == 0 && !first.stderr.contains("reused from the cache"), "\(first.stderr)")
        #expect(read(folder + "/.specsite-cache/.gitignore").contains("\n*\n"))
        let second = try run(["build", "spec", "--output", "site"], in: folder)
        #expect(
            second.stderr.contains("reused from the cache: 1 page's analysis, 1 page's HTML"), "\(second.stderr)")
        #expect(read(folder + "/site/plan.html") == read(folder + "/plain/plan.html"))
        #expect(read(folder + "/site/plan.html").contains("1 of 2"))
        let elsewhere = try run(["build", "spec", "--output", "site", "--cache-dir", "spec/cache"], in: folder)
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("the cache folder must be outside the content"))
        #expect(try run(["build", "spec", "--no-cache", "--cache-dir", "c"], in: folder).status == 2)
    }

    @Test func usageErrorsExitWithTwo() throws {
        let result = try run(["build", "--no-such-flag"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-flag"))
        #expect(try run(["frobnicate"]).status == 2)
    }

    @Test func buildsTheDefaultContentWithoutWarnings() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["build", Self.repository + "/content", "--output", folder + "/site", "--strict"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        #expect(result.stderr.contains("Built "))
        let home = read(folder + "/site/index.html")
        #expect(home.contains("<title>Home · Tidepool Spec</title>"))
        for page in ["PRD.html", "ARCHITECTURE.html", "UX_SPEC.html", "DESIGN_SYSTEM.html", "IMPLEMENTATION_PLAN.html"]
        {
            #expect(home.contains("href=\"\(page)\""), "home links \(page)")
            #expect(FileManager.default.fileExists(atPath: folder + "/site/" + page))
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/site/planning/ROADMAP.html"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/images/home-sketch.svg"))
        let prd = read(folder + "/site/PRD.html")
        #expect(prd.contains("markdown-alert-note"), "alerts plugin renders callouts")
        #expect(prd.contains("href=\"ARCHITECTURE.html#data-model\""))
    }

    @Test func diagnosticsComeOutInTheSameOrderEveryTime() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 1...40 {
            let text = "# Page \(index)\n\n[broken](missing-\(index).md)\n"
            _ = FileManager.default.createFile(atPath: folder + "/p\(index).md", contents: Data(text.utf8))
        }
        var outputs: Set<String> = []
        for attempt in 1...3 {
            let result = try run(["build", folder, "--output", folder + "-site-\(attempt)"])
            #expect(result.status == 0)
            outputs.insert(
                result.stderr.split(separator: "\n").filter { $0.contains("warning:") }.joined(separator: "\n"))
            try? FileManager.default.removeItem(atPath: folder + "-site-\(attempt)")
        }
        #expect(outputs.count == 1)
        #expect(outputs.first?.split(separator: "\n").count == 40)
    }

    @Test func missingContentFailsWithOne() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["build", folder + "/nope", "--output", folder + "/site"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(folder)/nope: error: content folder not found"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/site"))
    }

    /// A site whose folder cannot be replaced (its parent is read-only) fails
    /// with exit 1 and a message naming it, and the previous site stays as it
    /// was. Root writes anywhere, so as root the build runs as `nobody`.
    @Test func aReadOnlyOutputFolderFailsWithOne() throws {
        let folder = temporaryFolder()
        defer {
            chmod(folder + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: folder + "/spec", withIntermediateDirectories: true)
        try "# Spec\n\nText.\n".write(toFile: folder + "/spec/index.md", atomically: true, encoding: .utf8)
        let site = folder + "/locked/site"
        let first = try run(["build", folder + "/spec", "--output", site, "--no-cache"])
        try #require(first.status == 0, "\(first.stderr)")
        let before = read(site + "/index.html")
        try "# Spec\n\nChanged.\n".write(toFile: folder + "/spec/index.md", atomically: true, encoding: .utf8)
        // Readable by anyone, as a checkout is; only the site's parent is locked.
        _ = try runProcess("/bin/chmod", ["-R", "a+rX", folder])
        chmod(folder + "/locked", 0o555)
        let arguments = ["build", folder + "/spec", "--output", site, "--no-cache"]
        let result: Run
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
            let output = try runProcess("/usr/sbin/runuser", ["-u", "nobody", "--", Self.binary] + arguments)
            result = Run(
                status: output.status, stdout: String(decoding: output.stdout, as: UTF8.self),
                stderr: String(decoding: output.stderr, as: UTF8.self))
            // The binary must be one `nobody` can run (a checkout under a private home is not).
            if result.status != 0 && !result.stderr.contains(folder) { return }
        } else {
            result = try run(arguments)
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(site): error: cannot"), "\(result.stderr)")
        #expect(read(site + "/index.html") == before)
        #expect(before.contains("Text."))
    }

    @Test func initScaffoldsASiteThatBuildsCleanly() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = try run(["init", folder + "/spec"])
        #expect(created.status == 0, "\(created.stderr)")
        for file in [
            "PRD.md", "ARCHITECTURE.md", "UX_SPEC.md", "DESIGN_SYSTEM.md", "IMPLEMENTATION_PLAN.md",
            ".planning/ROADMAP.md", "specsite.yml",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder + "/spec/" + file), "\(file)")
        }
        let again = try run(["init", folder + "/spec"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("not empty"))
        let built = try run(["build", folder + "/spec", "--output", folder + "/out", "--strict"])
        #expect(built.status == 0, "\(built.stderr)")
    }

    /// `init --layout` adds a plan in a planning tool's layout, which builds
    /// with no warning into a unit of that format with its work counted.
    @Test func initWritesAStarterInEveryLayout() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = [
            "spec-kit": "001-first-feature in-progress 1/5", "kiro": "first-feature in-progress 2/4",
            "openspec": "add-first-feature in-progress 1/3", "backlog-md": "task-2 in-progress 0/1",
            "task-master": "master in-progress 1/3", "bmad": "epic-1 in-progress 1/3",
            "spec-kitty": "001-first-feature in-progress 1/2",
        ]
        for (layout, unit) in expected.sorted(by: { $0.key < $1.key }) {
            let content = folder + "/" + layout
            let created = try run(["init", content, "--layout", layout])
            #expect(created.status == 0, "\(layout): \(created.stderr)")
            let built = try run(["build", content, "--output", content + "-site", "--strict"])
            #expect(built.status == 0, "\(layout): \(built.stderr)")
            let data = try #require(FileManager.default.contents(atPath: content + "-site/status.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let units = (json["work_units"] as? [[String: Any]] ?? []).filter { $0["format"] as? String == layout }
            let shown = units.map { unit -> String in
                let tasks = unit["tasks"] as? [String: Int] ?? [:]
                return "\(unit["id"] ?? "") \(unit["status"] ?? "") \(tasks["done"] ?? -1)/\(tasks["total"] ?? -1)"
            }
            #expect(shown.contains(unit), "\(layout): \(shown)")
        }
        let unknown = try run(["init", folder + "/other", "--layout", "jira"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no starter for the layout 'jira'; choose one of backlog-md, bmad, kiro"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/other"))
    }

    /// The build `init` suggests writes beside the new folder, never into it.
    @Test func initSuggestsAnOutputBesideTheFolder() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = try run(["init", "spec//"], in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("files in spec/:"), "\(created.stdout)")
        #expect(created.stdout.contains("Next: specsite build spec --output spec-site\n"), "\(created.stdout)")
        let built = try run(["build", "spec", "--output", "spec-site"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")

        // `.` is the folder itself: its site goes beside it, by full path.
        try FileManager.default.createDirectory(atPath: folder + "/here", withIntermediateDirectories: true)
        let here = try run(["init", "."], in: folder + "/here")
        #expect(here.status == 0, "\(here.stderr)")
        let resolved = URL(fileURLWithPath: folder + "/here").standardizedFileURL.path
        #expect(here.stdout.contains("Next: specsite build . --output \(resolved)-site\n"), "\(here.stdout)")
        #expect(try run(["build", ".", "--output", resolved + "-site"], in: folder + "/here").status == 0)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.corpus)))
    func buildsTheSharedCorpus() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["build", Self.corpus, "--output", folder + "/site"])
        #expect(result.status == 0, "\(result.stderr)")
        // The design system really links to two files its authors did not ship.
        #expect(
            result.stderr.contains(
                "DESIGN_SYSTEM.md:1135: warning: broken link './05-DATABASE-SCHEMA.md': 05-DATABASE-SCHEMA.md does not exist"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("DESIGN_SYSTEM.md:1136: warning: broken link './archived/'"))
        let plan = read(folder + "/site/ONBOARDING_IMPLEMENTATION_PLAN.html")
        #expect(plan.contains("<title>iOS Onboarding Implementation Plan · Spec</title>"))
        #expect(plan.contains("id=\"chunk-001-create-color-constants-file\""))
        let gsd = read(folder + "/site/10-04-PLAN.html")
        #expect(!gsd.contains("<objective>"), "GSD tags are escaped, not passed through")
        #expect(!gsd.contains("phase: 10-visual-design-flow"), "front matter is data, not rendered")
        for page in ["DESIGN_SYSTEM.html", "IMPLEMENTATION_GUIDE_SKILL.html", "SPRINT_7_PARITY_PLAN.html"] {
            #expect(!read(folder + "/site/" + page).isEmpty, "\(page)")
        }
    }

    static var corpus: String {
        (repository as NSString).deletingLastPathComponent + "/shared/corpus/seeds"
    }
}
