import Foundation
import FuzzHarness
import Testing

@_spi(Testing) @testable import SpecSiteKit

/// What fuzzing found (`make fuzz`), each kept as the smallest input that
/// showed it, run through the fuzz targets' own pipeline so it stays fixed.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    /// Found as a leak by FuzzPage: each rendered page's block override held
    /// the page's render contexts, which held the renderer and so the override
    /// (and the whole site with every plugin's facts), so no build ever freed
    /// its site. Every input leaked; this is the smallest.
    @Test func aBuildLetsGoOfItsSite() throws {
        let probe = Probe()
        let templates = try SiteTemplates.load(overrides: nil, displayRoot: "templates")
        do {
            let builder = Builder(
                options: BuildOptions(content: "content", output: "", plugins: [ProbePlugin(probe: probe)]),
                diagnostics: DiagnosticLog())
            let site = try builder.build(
                documents: ["PRD.md": Array("# PRD\n\nText.\n".utf8)], config: SiteConfig(), templates: templates)
            #expect(site["PRD.html"] != nil)
        }
        #expect(probe.analysed == 1)
        #expect(probe.fact == nil, "the build ended but its site (with this fact) is still alive")
    }

    /// The fuzz targets build in memory; what they find holds for `specsite
    /// build` only while the two build alike.
    @Test func theMemoryBuildMatchesTheDiskBuild() throws {
        let space = Workspace()
        defer { space.remove() }
        let documents = [
            "PRD.md": "# PRD\n\nSee [the plan](plans/PLAN.md#chunk-001-setup) and [nowhere](nope.md).\n",
            "plans/PLAN.md": "---\ntitle: Plan\n---\n## CHUNK-001: Setup\n\n- [x] One\n- [ ] Two\n",
            ".planning/ROADMAP.md": "# Roadmap\n\n### Phase 1: Start\n",
        ]
        for (path, text) in documents { space.write(path, text) }
        let disk = space.build()
        #expect(disk.error == nil, "\(disk.messages)")

        let log = DiagnosticLog()
        let memory = try Builder(options: BuildOptions(content: space.content, output: ""), diagnostics: log).build(
            documents: documents.mapValues { Array($0.utf8) }, config: SiteConfig(),
            templates: try SiteTemplates.load(overrides: nil, displayRoot: "templates"))
        let written = try FileManager.default.subpathsOfDirectory(atPath: space.output).filter {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: space.output + "/" + $0, isDirectory: &isFolder)
            return exists && !isFolder.boolValue && $0 != SiteWriter.markerName
        }
        #expect(Set(memory.keys) == Set(written))
        for path in written {
            let bytes = try #require(FileManager.default.contents(atPath: space.output + "/" + path))
            #expect(memory[path] == Array(bytes), "\(path) differs")
        }
        #expect(log.all.map(\.description) == disk.messages)
        #expect(disk.messages.contains { $0.contains("broken link 'nope.md'") })
    }

    /// The fuzz input format: files split by 0x1E, each named by its first line.
    @Test func fuzzInputsNameTheirFiles() {
        let files = PageInput.files(
            Array("specsite.yml\ntitle: T\n\u{1E}.planning/ROADMAP.md\n# R\n\u{1E}no path\n".utf8))
        #expect(files["specsite.yml"] == Array("title: T\n".utf8))
        #expect(files[".planning/ROADMAP.md"] == Array("# R\n".utf8))
        #expect(files["PAGE-3.md"] == Array("no path\n".utf8))
        let outcome = PageInput.build(Array("specsite.yml\ntitle: Fuzzed\n\u{1E}A.md\n# A\n".utf8))
        let page = String(decoding: outcome.site["A.html"] ?? [], as: UTF8.self)
        #expect(page.contains("<title>A · Fuzzed</title>"))
    }
}

/// Sees whether a build keeps its facts alive after it ends.
private final class Probe: @unchecked Sendable {
    // @unchecked: both fields are guarded by `lock`.
    private let lock = NSLock()
    private weak var made: ProbeFact.Token?
    private var count = 0

    /// The last fact's token, while anything still holds it.
    var fact: ProbeFact.Token? { lock.withLock { made } }
    /// Pages analysed.
    var analysed: Int { lock.withLock { count } }

    func record(_ token: ProbeFact.Token) {
        lock.withLock {
            made = token
            count += 1
        }
    }
}

private struct ProbeFact: Fact {
    final class Token: Sendable {}
    let token: Token
}

/// Gives every page a fact, and claims no block (so every block asks it).
private struct ProbePlugin: Plugin {
    let id = "probe"
    let probe: Probe

    func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] {
        let token = ProbeFact.Token()
        probe.record(token)
        return [ProbeFact(token: token)]
    }
}
