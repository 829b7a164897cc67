import Foundation
import Testing

/// `specsite tokens` and the token files a build writes, run as a user runs them.
@Suite("specsite tokens", .serialized)
struct TokensCommandTests {
    let cli = CommandLineTests()

    func folder(_ files: [String: String]) throws -> String {
        let root = cli.temporaryFolder()
        for (name, text) in files {
            try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
        }
        return root
    }

    static let design = """
        # Design

        ```css
        :root { --accent: #FF7A00; /* buttons */ --space-4: 16px; }
        @media (prefers-color-scheme: dark) { :root { --accent: #FF9233; } }
        ```
        """

    @Test func printsEachFormatWithoutBuilding() throws {
        let content = try folder(["design.md": Self.design])
        let css = try cli.run(["tokens", content, "--format", "css"])
        #expect(css.status == 0)
        #expect(css.stdout.contains("  --accent: #FF7A00; /* buttons */\n"))
        #expect(css.stdout.contains("    --accent: #FF9233;\n"))
        let dtcg = try cli.run(["tokens", content])
        #expect(dtcg.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dtcg.stdout.utf8)) as? [String: Any])
        #expect(((root["light"] as? [String: Any])?["accent"] as? [String: Any])?["$type"] as? String == "color")
        let json = try cli.run(["tokens", content, "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["accent", "space-4", "accent"])
        // Sources are named relative to the content folder.
        #expect((list.first?["source"] as? [String: Any])?["file"] as? String == "design.md")
        #expect(!FileManager.default.fileExists(atPath: content + "/site"))
    }

    @Test func warningsGoToStderrAndStrictFails() throws {
        let content = try folder(["design.md": "```ts\nconst Colors = { bad: '#12345', good: '#FFF' };\n```\n"])
        let lenient = try cli.run(["tokens", content, "--format", "json"])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("design.md:2: warning: Colors.bad: "))
        let strict = try cli.run(["tokens", content, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
        let usage = try cli.run(["tokens", content, "--format", "yaml"])
        #expect(usage.status == 2)
        let missing = try cli.run(["tokens", content + "/nowhere"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("content folder not found"))
    }

    /// A mistyped `export_from` is reported by `specsite tokens` as by `build`,
    /// once, at its line, and fails `--strict`.
    @Test func aMistypedExportSettingIsReportedAtItsLine() throws {
        let content = try folder([
            "design.md": Self.design, "specsite.yml": "title: T\nplugins:\n  tokens:\n    export_from: [desing]\n",
        ])
        let lenient = try cli.run(["tokens", content, "--format", "css"])
        #expect(lenient.status == 0)
        let said = lenient.stderr.components(separatedBy: "unknown document kind 'desing'").count - 1
        #expect(said == 1, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("specsite.yml:4: warning: unknown document kind 'desing'"))
        let strict = try cli.run(["tokens", content, "--strict"])
        #expect(strict.status == 1)
    }

    @Test func aBuildWritesTheTokensPageAndExportsThatReadBack() throws {
        let content = try folder(["design.md": Self.design])
        let output = cli.temporaryFolder() + "/site"
        let build = try cli.run(["build", content, "--output", output])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOfFile: output + "/tokens.html", encoding: .utf8)
        #expect(page.contains("<h1 id=\"tokens\">Tokens</h1>"))
        #expect(page.contains("assets/tokens.css"))
        let json = try String(contentsOfFile: output + "/tokens.json", encoding: .utf8)
        #expect(json.contains("\"source\": \"design.md:4\""))
        let design = try String(contentsOfFile: output + "/design.html", encoding: .utf8)
        #expect(design.contains("<div class=\"tokens-block\">"))

        // The export, put back as content, yields the same tokens.
        let again = try folder(["tokens.md": "# Tokens\n\n```json\n" + json + "```\n"])
        let first = try cli.run(["tokens", content, "--format", "css"]).stdout
        let second = try cli.run(["tokens", again, "--format", "css"]).stdout
        #expect(first == second)
    }
}
