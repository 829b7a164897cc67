import Dispatch
import Foundation
import Testing

@testable import SpecSiteKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A folder of scratch scripts for one test, removed when the test ends.
private final class Scratch {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("specsite-external-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes an executable script and returns its path.
    @discardableResult
    func script(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        // Written with O_CLOEXEC: a process another test starts meanwhile must
        // not inherit a writable descriptor, or running the script fails with
        // "Text file busy" (ETXTBSY).
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return file.path
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
}

private let displayPath = "content/notes/page.md"
private let sourcePath = "notes/page.md"
private let firstLine = 4

private func makePlugin(
    _ name: String, _ command: String, role: ExternalPluginConfig.Role = .preprocessor, blocks: [String] = [],
    timeout: Double = 10, in directory: String
) -> ExternalPlugin {
    ExternalPlugin(
        config: ExternalPluginConfig(
            name: name, command: command, role: role, blocks: blocks, timeout: timeout, line: 7),
        workingDirectory: directory, configFile: "content/specsite.yml")
}

private func pluginContext(_ diagnostics: DiagnosticLog = DiagnosticLog()) -> PluginContext {
    PluginContext(settings: .null, config: SiteConfig(), diagnostics: diagnostics)
}

private func pageSource(frontMatter: YAMLValue = .null) -> PageSource {
    PageSource(sourcePath: sourcePath, displayPath: displayPath, frontMatter: frontMatter, firstLine: firstLine)
}

/// A page parsed from `markdown` (starting at file line 4) with a render context for it.
private func renderSetup(_ markdown: String, diagnostics: DiagnosticLog = DiagnosticLog()) -> (
    blocks: [MarkdownNode], context: RenderContext
) {
    let frontMatter = YAMLValue.mapping([YAMLValue.Entry(key: "title", value: .scalar("Charts"), line: 2)])
    let document = MarkdownParser.parse(markdown, firstLine: firstLine)
    let page = Page(
        sourcePath: sourcePath, displayPath: displayPath, outputPath: "notes/page.html", frontMatter: frontMatter,
        title: "Charts", markdown: markdown, document: document, order: nil)
    let context = RenderContext(
        page: page, site: Site(config: SiteConfig(), pages: [page]), renderer: HTMLRenderer(),
        plugin: pluginContext(diagnostics))
    return (document.root.children, context)
}

private func preprocess(_ plugin: ExternalPlugin, _ markdown: String, frontMatter: YAMLValue = .null) throws -> String {
    try plugin.preprocess(markdown, page: pageSource(frontMatter: frontMatter), context: pluginContext())
}

/// The diagnostic `body` throws; records a failure if it throws anything else or nothing.
private func diagnostic(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> Diagnostic? {
    do {
        try body()
        Issue.record("expected a Diagnostic, nothing was thrown", sourceLocation: sourceLocation)
    } catch let diagnostic as Diagnostic {
        return diagnostic
    } catch {
        Issue.record("expected a Diagnostic, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

private func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

/// The example scripts shipped in `examples/plugins/`.
private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/plugins")

/// Whether `text` is well-formed XML.
private func isWellFormedXML(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() && parser.parserError == nil
}

/// Whether a process is gone (or a zombie nobody has reaped yet, which holds nothing open).
private func processIsGone(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return kill(pid, 0) != 0
    }
    // `pid (name) S …`: the state follows the closing parenthesis.
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

@Suite struct ExternalPluginTests {
    // MARK: - Preprocessors

    @Test func preprocessorRewritesMarkdownAndGetsTheDocumentedRequest() throws {
        let scratch = try Scratch()
        try scratch.script(
            "shout.sh",
            """
            #!/bin/sh
            cat > request.json
            python3 -c 'import json; r = json.load(open("request.json")); print(json.dumps({"markdown": r["markdown"].upper()}))'
            """)
        let plugin = makePlugin("shout", "./shout.sh", in: scratch.path)
        #expect(plugin.id == "external:shout")

        let frontMatter = YAMLValue.mapping([
            .init(key: "title", value: .scalar("Plan 09")),
            .init(key: "phase", value: .scalar("05")),
            .init(key: "tags", value: .sequence([.scalar("a"), .scalar("b/c")])),
            .init(key: "owner", value: .null),
            .init(key: "meta", value: .mapping([.init(key: "draft", value: .scalar("true"))])),
        ])
        let result = try preprocess(plugin, "# Hello\n\nSome *text* — ünïcode.\n", frontMatter: frontMatter)
        #expect(result == "# HELLO\n\nSOME *TEXT* — ÜNÏCODE.\n")

        // Keys sorted, scalars as written (strings), null, arrays, objects; run in the working directory.
        let request = try scratch.read("request.json")
        #expect(
            request
                == ##"{"markdown":"# Hello\n\nSome *text* — ünïcode.\n","page":{"front_matter":{"meta":{"draft":"true"},"##
                + ##""owner":null,"phase":"05","tags":["a","b/c"],"title":"Plan 09"},"path":"notes/page.md"},"##
                + ##""role":"preprocessor","specsite":1}"##)
    }

    @Test func pageWithoutFrontMatterSendsAnEmptyObject() throws {
        let scratch = try Scratch()
        try scratch.script("echo.sh", "#!/bin/sh\ncat > request.json\necho '{\"markdown\": \"ok\"}'\n")
        let plugin = makePlugin("echo", "./echo.sh", in: scratch.path)
        #expect(try preprocess(plugin, "text") == "ok")
        #expect(try scratch.read("request.json").contains(#""front_matter":{}"#))
    }

    @Test func preprocessorIgnoresRenderAndRendererIgnoresPreprocess() throws {
        let scratch = try Scratch()
        // Would fail loudly if it were run.
        let preprocessor = makePlugin("pre", "exit 9", in: scratch.path)
        let renderer = makePlugin("ren", "exit 9", role: .renderer, blocks: ["chart"], in: scratch.path)
        let setup = renderSetup("```chart\nA: 1\n```\n")
        #expect(try preprocessor.render(setup.blocks[0], context: setup.context) == nil)
        #expect(try preprocess(renderer, "unchanged") == "unchanged")
    }

    @Test func successfulRunWithStderrIsReportedAsAWarning() throws {
        let scratch = try Scratch()
        let plugin = makePlugin(
            "chatty", "echo 'note: deprecated syntax' >&2; echo '{\"markdown\": \"done\"}'", in: scratch.path)
        let log = DiagnosticLog()
        let result = try plugin.preprocess("x", page: pageSource(), context: pluginContext(log))
        #expect(result == "done")
        #expect(
            log.all == [
                Diagnostic(
                    .warning, file: displayPath, line: firstLine, rule: .plugin,
                    "external plugin 'chatty' on \(displayPath): note: deprecated syntax")
            ])
    }

    @Test(arguments: [false, true])
    func commandRunsInTheWorkingDirectory(shellChangesDirectory: Bool) throws {
        let scratch = try Scratch()
        let folder = scratch.url.appendingPathComponent("it's a folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = try ExternalProcess.run(
            command: "pwd -P", workingDirectory: folder.path, input: [], timeout: 10,
            shellChangesDirectory: shellChangesDirectory)
        #expect(output.termination == .exited(0))
        let printed = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        #expect(printed == folder.resolvingSymlinksInPath().path)
    }

    @Test func missingWorkingDirectoryIsReported() throws {
        let plugin = makePlugin("lost", "true", in: "/nonexistent/specsite-\(UUID().uuidString)")
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(error?.message.contains("external plugin 'lost' could not be started on \(displayPath)") == true)
    }

    // MARK: - Renderers

    @Test func rendererRendersClaimedBlocksOnly() throws {
        let scratch = try Scratch()
        try scratch.script(
            "chart.sh",
            """
            #!/bin/sh
            cat > request.json
            python3 -c '
            import json
            r = json.load(open("request.json"))
            b = r["block"]
            print(json.dumps({"html": "<svg data-lang=\\"%s\\" data-line=\\"%d\\">%s|%s</svg>"
                % (b["language"], b["line"], b["info"], b["code"].strip())}))'
            """)
        let plugin = makePlugin("chart", "./chart.sh", role: .renderer, blocks: ["chart", "pie"], in: scratch.path)
        let setup = renderSetup(
            """
            Intro.

            ```chart Sales by <region>
            North: 3
            ```

            ```python
            print(1)
            ```

            ```charts
            not mine
            ```

            ```
            no info
            ```
            """)
        let blocks = setup.blocks
        #expect(blocks.count == 5)
        let html = try plugin.render(blocks[1], context: setup.context)
        #expect(
            html
                == "<div class=\"external-block\" data-plugin=\"chart\"><svg data-lang=\"chart\" data-line=\"6\">"
                + "chart Sales by <region>|North: 3</svg></div>\n")
        let request = try scratch.read("request.json")
        #expect(
            request
                == #"{"block":{"code":"North: 3\n","info":"chart Sales by <region>","language":"chart","line":6},"#
                + #""page":{"front_matter":{"title":"Charts"},"path":"notes/page.md"},"role":"renderer","specsite":1}"#)

        for index in [0, 2, 3, 4] {
            #expect(try plugin.render(blocks[index], context: setup.context) == nil)
        }
        #expect(plugin.claims(info: "pie"))
        #expect(plugin.claims(info: "pie\tlarge"))
        #expect(!plugin.claims(info: "Chart"))
        #expect(!plugin.claims(info: ""))
    }

    @Test func rendererFailureNamesTheBlockLine() throws {
        let scratch = try Scratch()
        let plugin = makePlugin(
            "chart", "echo 'cannot draw: no data' >&2; exit 2", role: .renderer, blocks: ["chart"], in: scratch.path)
        let setup = renderSetup("# Title\n\n```chart\n```\n")
        let error = diagnostic { _ = try plugin.render(setup.blocks[1], context: setup.context) }
        #expect(error?.file == displayPath)
        #expect(error?.line == 6)
        #expect(error?.message == "external plugin 'chart' failed on \(displayPath) (exit 2): cannot draw: no data")
    }

    @Test func pluginNameIsEscapedInTheWrapper() throws {
        let scratch = try Scratch()
        let plugin = makePlugin(
            "a\"b<c>", "echo '{\"html\": \"<b>x</b>\"}'", role: .renderer, blocks: ["x"], in: scratch.path)
        let setup = renderSetup("```x\n```\n")
        #expect(
            try plugin.render(setup.blocks[0], context: setup.context)
                == "<div class=\"external-block\" data-plugin=\"a&quot;b&lt;c&gt;\"><b>x</b></div>\n")
    }

    // MARK: - The examples in examples/plugins

    @Test func wordcountExampleReplacesThePlaceholder() throws {
        let script = examples.appendingPathComponent("wordcount.py").path
        #expect(FileManager.default.isExecutableFile(atPath: script))
        let scratch = try Scratch()
        let plugin = makePlugin("wordcount", ExternalProcess.shellQuoted(script), in: scratch.path)
        let markdown = """
            # Release notes

            This page has *{{wordcount}}* words, [one link](https://example.com/a-b-c) — don't count URLs.

            ```
            code is {{wordcount}} not counted
            ```

            Inline `{{ wordcount }}` stays. <!-- a hidden comment -->

            """
        // Release, notes, This, page, has, words, one, link, don't, count, URLs, Inline, stays = 13.
        let result = try preprocess(plugin, markdown)
        #expect(result == markdown.replacingOccurrences(of: "*{{wordcount}}*", with: "*13*"))
        #expect(try preprocess(plugin, "No placeholder here.\n") == "No placeholder here.\n")
    }

    @Test func barChartExampleDrawsWellFormedSVG() throws {
        let script = examples.appendingPathComponent("bar-chart.py").path
        #expect(FileManager.default.isExecutableFile(atPath: script))
        let scratch = try Scratch()
        let plugin = makePlugin(
            "bar-chart", ExternalProcess.shellQuoted(script), role: .renderer, blocks: ["bar-chart"], in: scratch.path)
        let setup = renderSetup(
            """
            ```bar-chart Q1 <"draft"> & 'more'
            Apples & pears: 42
            <script>alert(1)</script>: 17.5
            # a comment

            Zero: 0
            ```
            """)
        let html = try #require(try plugin.render(setup.blocks[0], context: setup.context))
        let prefix = "<div class=\"external-block\" data-plugin=\"bar-chart\">"
        #expect(html.hasPrefix(prefix + "<svg "))
        #expect(html.hasSuffix("</svg></div>\n"))
        let svg = String(html.dropFirst(prefix.count).dropLast("</div>\n".count))
        #expect(isWellFormedXML(svg))
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(svg.contains("Apples &amp; pears"))
        #expect(svg.contains("Q1 &lt;&quot;draft&quot;&gt; &amp; &apos;more&apos;"))
        #expect(svg.components(separatedBy: "<rect ").count == 4)

        let bad = renderSetup("Text.\n\n```bar-chart\nA: 1\nnot a row\n```\n")
        let error = diagnostic { _ = try plugin.render(bad.blocks[1], context: bad.context) }
        #expect(error?.line == 6)
        #expect(error?.message.hasPrefix("external plugin 'bar-chart' failed on \(displayPath) (exit 1): ") == true)
        #expect(error?.message.contains("line 8: expected 'Label: number'") == true)
    }

    // MARK: - Failures

    @Test func nonZeroExitReportsTheStderr() throws {
        let scratch = try Scratch()
        let plugin = makePlugin(
            "failing", "echo 'ignored stdout'; echo 'first problem' >&2; echo 'boom: bad thing' >&2; exit 3",
            in: scratch.path)
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        #expect(error.severity == .error)
        #expect(error.file == displayPath)
        #expect(error.line == firstLine)
        #expect(
            error.message
                == "external plugin 'failing' failed on \(displayPath) (exit 3): first problem\n    boom: bad thing")
    }

    @Test func onlyTheLastLinesOfStderrAreQuoted() throws {
        let scratch = try Scratch()
        let plugin = makePlugin(
            "noisy", "i=1; while [ $i -le 100 ]; do echo \"line $i\" >&2; i=$((i+1)); done; exit 1", in: scratch.path)
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        #expect(error.message.contains("line 100"))
        #expect(error.message.contains("line 81\n"))
        #expect(!error.message.contains("line 80\n"))
    }

    @Test func exitWithoutStderrSaysSo() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("quiet", "exit 4", in: scratch.path)
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(
            error?.message == "external plugin 'quiet' failed on \(displayPath) (exit 4) with no message on stderr")
    }

    @Test func killedBySignalIsReported() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("doomed", "echo 'about to die' >&2; kill -9 $$", in: scratch.path)
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(
            error?.message
                == "external plugin 'doomed' was killed by signal 9 (SIGKILL) on \(displayPath): about to die")
    }

    @Test func invalidJSONQuotesTheOutput() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("garbled", "echo 'this is not json'; echo 'warning: odd' >&2", in: scratch.path)
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(
            error?.message
                == "external plugin 'garbled' returned invalid JSON on \(displayPath): stdout is not a JSON object;"
                + " expected {\"markdown\": \"…\"}; it wrote: this is not json: warning: odd")
    }

    @Test func invalidJSONQuotesOnlyTheFirst200Characters() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("long", "printf 'y%.0s' $(seq 1 1000)", in: scratch.path)
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        #expect(error.message.contains("; it wrote: " + String(repeating: "y", count: 200) + "…"))
        #expect(!error.message.contains(String(repeating: "y", count: 201)))
    }

    @Test func emptyOutputIsReported() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("silent", "true", in: scratch.path)
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(
            error?.message
                == "external plugin 'silent' returned invalid JSON on \(displayPath): it wrote nothing to stdout;"
                + " expected {\"markdown\": \"…\"}")
    }

    @Test func responseWithoutTheKeyIsInvalid() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("wrongkey", "echo '{\"html\": \"<p>hi</p>\"}'; echo 'sent html' >&2", in: scratch.path)
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(
            error?.message
                == "external plugin 'wrongkey' returned invalid JSON on \(displayPath): the response has no"
                + " \"markdown\" key; expected {\"markdown\": \"…\"}; it wrote: {\"html\": \"<p>hi</p>\"}: sent html")

        let numeric = makePlugin("number", "echo '{\"markdown\": 5}'", in: scratch.path)
        let numberError = diagnostic { _ = try preprocess(numeric, "x") }
        #expect(numberError?.message.contains("\"markdown\" in the response is not a string") == true)
    }

    @Test func commandNotFoundSaysSo() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("missing", "specsite-no-such-command-4711 --flag", in: scratch.path)
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        #expect(
            error.message.hasPrefix(
                "external plugin 'missing' failed on \(displayPath) (exit 127: command not found; check its"
                    + " 'command' in content/specsite.yml:7): "))
        #expect(error.message.contains("specsite-no-such-command-4711"))  // sh's own message
        #expect(error.message.contains("not found"))
    }

    @Test func hungPluginTimesOut() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("sleepy", "echo 'starting' >&2; sleep 30", timeout: 0.5, in: scratch.path)
        let start = DispatchTime.now()
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        let elapsed = seconds(since: start)
        #expect(elapsed >= 0.4)
        #expect(elapsed < 4)
        #expect(
            error.message
                == "external plugin 'sleepy' timed out after 0.5 s on \(displayPath) (raise its 'timeout' in"
                + " content/specsite.yml:7 if it needs longer): starting")
    }

    @Test func backgroundGrandchildHoldingStdoutIsKilled() throws {
        let scratch = try Scratch()
        try scratch.script(
            "daemon.sh",
            """
            #!/bin/sh
            sleep 30 &
            echo $! > grandchild.pid
            echo 'left a sleeper behind' >&2
            echo '{"markdown": "done"}'
            """)
        let plugin = makePlugin("daemon", "./daemon.sh", timeout: 1, in: scratch.path)
        let start = DispatchTime.now()
        let error = try #require(diagnostic { _ = try preprocess(plugin, "x") })
        #expect(seconds(since: start) < 4)
        #expect(error.message.contains("external plugin 'daemon' timed out after 1 s on \(displayPath)"))
        #expect(error.message.contains("left a sleeper behind"))

        let pid = try #require(
            Int32(try scratch.read("grandchild.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = processIsGone(pid)
        let waitStart = DispatchTime.now()
        while !gone && seconds(since: waitStart) < 2 {
            usleep(20_000)
            gone = processIsGone(pid)
        }
        #expect(gone, "the backgrounded grandchild \(pid) survived the timeout")
    }

    @Test func pluginThatClosesItsOutputsButKeepsRunningTimesOut() throws {
        let scratch = try Scratch()
        let plugin = makePlugin("lingering", "exec >&- 2>&-; sleep 30", timeout: 0.5, in: scratch.path)
        let start = DispatchTime.now()
        let error = diagnostic { _ = try preprocess(plugin, "x") }
        #expect(seconds(since: start) < 4)
        #expect(error?.message.contains("timed out after 0.5 s") == true)
    }

    @Test func pluginIgnoringStdinAndWritingMegabytesDoesNotDeadlock() throws {
        let scratch = try Scratch()
        // 2 MB of input it never reads, 5 MB of valid output.
        let plugin = makePlugin(
            "flood",
            #"python3 -c 'import json, sys; sys.stdout.write(json.dumps({"markdown": "z" * 5000000}))'"#,
            timeout: 20, in: scratch.path)
        let start = DispatchTime.now()
        let result = try preprocess(plugin, String(repeating: "input line\n", count: 200_000))
        #expect(result.utf8.count == 5_000_000)
        #expect(result.allSatisfy { $0 == "z" })
        #expect(seconds(since: start) < 15)

        // 5 MB that is not JSON: reported with a short excerpt.
        let garbage = makePlugin(
            "garbage", "head -c 5000000 /dev/zero | tr '\\0' 'g'", timeout: 20, in: scratch.path)
        let error = try #require(
            diagnostic { _ = try preprocess(garbage, String(repeating: "input line\n", count: 200_000)) })
        #expect(error.message.contains("external plugin 'garbage' returned invalid JSON on \(displayPath)"))
        #expect(error.message.count < 600)
    }

    @Test func concurrentCallsKeepTheirOwnPipes() throws {
        let scratch = try Scratch()
        try scratch.script(
            "reverse.sh",
            #"""
            #!/bin/sh
            exec python3 -c 'import json, sys; r = json.load(sys.stdin); print(json.dumps({"markdown": r["page"]["path"] + ":" + r["markdown"][::-1]}))'
            """#)
        let plugin = makePlugin("reverse", "./reverse.sh", in: scratch.path)
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int: String] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let page = PageSource(
                sourcePath: "page\(index).md", displayPath: "content/page\(index).md", frontMatter: .null, firstLine: 1)
            let value: String
            do {
                value = try plugin.preprocess("abc\(index)", page: page, context: pluginContext())
            } catch {
                value = "error: \(error)"
            }
            results.lock.withLock { results.values[index] = value }
        }
        for index in 0..<12 {
            #expect(results.values[index] == "page\(index).md:\(String("abc\(index)".reversed()))")
        }
    }
}
