import Foundation
import Testing

/// The recipes of `docs/publishing.md`, run as written: every `specsite`
/// command of its GitHub workflow and GitLab job, and its plain script, on a
/// copy of `content/` in a git repository with a base commit. An option the
/// page names that the command line no longer takes fails here.
@Suite("publishing recipes", .serialized)
struct PublishingRecipeTests {
    let cli = CommandLineTests()

    /// The page's fenced blocks: (info string, lines).
    static func blocks(of markdown: String) -> [(info: String, lines: [String])] {
        var blocks: [(String, [String])] = []
        var open: (info: String, lines: [String])?
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let current = open {
                    blocks.append((current.info, current.lines))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        return blocks
    }

    /// The shell commands of a YAML recipe's steps (`run: …`, the lines of a
    /// `run: |` block, a GitLab `- …` script line) that run specsite.
    static func commands(inYAML lines: [String]) -> [String] {
        lines.compactMap { line in
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("- ") { text.removeFirst(2) }
            if text.hasPrefix("run: ") { text.removeFirst(5) }
            let runsSpecsite = text.hasPrefix("specsite ") || text.contains("then specsite ")
            return runsSpecsite ? text : nil
        }
    }

    func git(_ arguments: [String], in folder: String) throws {
        let result = try runProcess(
            "/usr/bin/env", ["git"] + arguments, in: folder,
            environment: [
                "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
                "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
            ])
        #expect(result.status == 0, "git \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
    }

    @Test func everyRecipeRunsAsWrittenOnTheDefaultContent() throws {
        let page = try String(contentsOfFile: CommandLineTests.repository + "/docs/publishing.md", encoding: .utf8)
        let blocks = Self.blocks(of: page)
        let yaml = blocks.filter { $0.info == "yaml" }.flatMap { Self.commands(inYAML: $0.lines) }
        let scripts = blocks.filter { $0.info == "sh" }.map { $0.lines.joined(separator: "\n") }
        // The GitHub workflow's check, build and status, its SARIF step, the
        // GitLab jobs' check and status, and check and build, and one script.
        #expect(yaml.count == 8, "\(yaml)")
        #expect(scripts.count == 1)

        let root = cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let copy = try runProcess("/bin/cp", ["-R", CommandLineTests.repository + "/content", root + "/content"])
        #expect(copy.status == 0)
        try git(["init", "-q", "-b", "main"], in: root)
        try git(["add", "content"], in: root)
        try git(["commit", "-q", "-m", "Base"], in: root)
        let base = String(
            decoding: try runProcess("/usr/bin/env", ["git", "rev-parse", "HEAD"], in: root).stdout, as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        try "# Release notes\n\nOne more line.\n".write(
            toFile: root + "/content/RELEASE_NOTES.md", atomically: true, encoding: .utf8)
        try git(["add", "content"], in: root)
        try git(["commit", "-q", "-m", "Change"], in: root)

        let binaries = URL(fileURLWithPath: CommandLineTests.binary).deletingLastPathComponent().path
        let environment = [
            "PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "BASE_URL": "https://example.github.io/app/", "BASE_SHA": base,
            "CI_PAGES_URL": "https://example.gitlab.io/app", "CI_MERGE_REQUEST_DIFF_BASE_SHA": base,
        ]
        for command in yaml + scripts {
            let result = try runProcess(
                "/bin/bash", ["-euo", "pipefail", "-c", command], in: root, environment: environment)
            #expect(
                result.status == 0,
                "\(command)\n\(String(decoding: result.stdout, as: UTF8.self))\(String(decoding: result.stderr, as: UTF8.self))"
            )
        }
        // What the recipes leave: the sites, the status change and the SARIF log.
        for site in ["site", "public"] {
            let index = cli.read(root + "/" + site + "/index.html")
            #expect(index.contains("<link rel=\"canonical\""), "\(site)/index.html")
        }
        #expect(cli.read(root + "/site/index.html").contains("https://example.github.io/app/"))
        #expect(cli.read(root + "/public/index.html").contains("https://example.gitlab.io/app/"))
        #expect(cli.read(root + "/status-change.md").contains("since"), "\(cli.read(root + "/status-change.md"))")
        let sarif = try JSONSerialization.jsonObject(with: Data(cli.read(root + "/specsite.sarif").utf8))
        #expect((sarif as? [String: Any])?["version"] as? String == "2.1.0")
    }
}
