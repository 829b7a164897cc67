import Foundation

/// A plugin that is a command, configured under `external_plugins:` in
/// `specsite.yml` (the model is mdBook's preprocessors): specsite runs it with
/// `/bin/sh -c COMMAND` in the content folder, writes one JSON request to its
/// stdin, closes stdin, and reads one JSON response from its stdout.
///
/// - A **preprocessor** gets `{"specsite": 1, "role": "preprocessor", "page":
///   {"path", "front_matter"}, "markdown"}` for every page and answers
///   `{"markdown": "…"}`.
/// - A **renderer** gets `{"specsite": 1, "role": "renderer", "page": {…},
///   "block": {"info", "language", "code", "line"}}` for every fenced code block
///   whose language (first word of the info string) is in `blocks`, and answers
///   `{"html": "…"}`. The HTML is inserted as it is, inside
///   `<div class="external-block" data-plugin="NAME">`: the command is code
///   the site's owner chose to run, so it is trusted like specsite itself.
///
/// Any failure (non-zero exit, a signal, the timeout, output that is not the
/// expected JSON) throws a ``Diagnostic`` naming the plugin and the page, with
/// the end of the command's stderr. Stderr of a successful run is reported as
/// a warning. The command is run once per page or block, possibly from many
/// threads at once; this type holds no mutable state.
public struct ExternalPlugin: Plugin {
    /// The plugin's settings from `specsite.yml`.
    public let config: ExternalPluginConfig
    /// The folder the command runs in (the content folder).
    public let workingDirectory: String
    /// The settings file, as named in messages.
    public let configFile: String

    /// Lines of stderr quoted in messages.
    static let stderrLines = 20
    /// Characters of bad output quoted in messages.
    static let outputExcerpt = 200

    /// Creates the plugin for one `external_plugins:` entry.
    public init(config: ExternalPluginConfig, workingDirectory: String, configFile: String) {
        self.config = config
        self.workingDirectory = workingDirectory
        self.configFile = configFile
    }

    /// `external:` followed by the plugin's name.
    public var id: String { "external:" + config.name }

    /// Whether this plugin renders fenced blocks with this info string: it is a
    /// renderer and the info string's first word is one of its `blocks`.
    public func claims(info: String) -> Bool {
        config.role == .renderer && config.blocks.contains(Self.language(of: info))
    }

    /// Runs a preprocessor on the page's markdown (front matter excluded).
    public func preprocess(_ markdown: String, page: PageSource, context: PluginContext) throws -> String {
        guard config.role == .preprocessor else { return markdown }
        let request: [String: Any] = [
            "specsite": 1,
            "role": "preprocessor",
            "page": Self.pageJSON(path: page.sourcePath, frontMatter: page.frontMatter),
            "markdown": markdown,
        ]
        return try call(
            request, answerKey: "markdown", page: page.displayPath, line: page.firstLine,
            diagnostics: context.diagnostics)
    }

    /// Runs a renderer on a fenced code block it claims; nil for anything else.
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? {
        guard case .codeBlock(let info, let code) = block.kind, claims(info: info) else { return nil }
        let request: [String: Any] = [
            "specsite": 1,
            "role": "renderer",
            "page": Self.pageJSON(path: context.page.sourcePath, frontMatter: context.page.frontMatter),
            "block": [
                "info": info,
                "language": Self.language(of: info),
                "code": code,
                "line": block.line,
            ] as [String: Any],
        ]
        let html = try call(
            request, answerKey: "html", page: context.page.displayPath, line: block.line,
            diagnostics: context.plugin.diagnostics)
        return "<div class=\"external-block\" data-plugin=\"\(HTMLEscaping.escape(config.name))\">\(html)</div>\n"
    }

    // MARK: - Running the command

    /// Sends `request`, returns the string under `answerKey` in the response, or
    /// throws a diagnostic at `page`:`line` saying what went wrong.
    private func call(
        _ request: [String: Any], answerKey: String, page: String, line: Int, diagnostics: DiagnosticLog
    ) throws(Diagnostic) -> String {
        let subject = "external plugin '\(config.name)'"
        func failure(_ message: String) -> Diagnostic {
            Diagnostic(.error, file: page, line: line, rule: .plugin, message)
        }

        let input: Data
        do {
            input = try JSONSerialization.data(
                withJSONObject: request, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw failure("\(subject) could not be given \(page): \(error.localizedDescription)")
        }

        let output: ExternalProcess.Output
        do {
            output = try ExternalProcess.run(
                command: config.command, workingDirectory: workingDirectory, input: [UInt8](input),
                timeout: config.timeout)
        } catch {
            throw failure("\(subject) could not be started on \(page): \(error.message)")
        }
        let stderr = Self.stderrExcerpt(output.stderr)
        let stderrSuffix = stderr.isEmpty ? "" : ": " + stderr

        switch output.termination {
        case .timedOut:
            throw failure(
                "\(subject) timed out after \(Self.seconds(config.timeout)) s on \(page)"
                    + " (raise its 'timeout' in \(configLocation) if it needs longer)\(stderrSuffix)")
        case .outputTooLarge:
            throw failure(
                "\(subject) wrote more than \(ExternalProcess.maximumOutput >> 20) MB to stdout on \(page)"
                    + " and was stopped\(stderrSuffix)")
        case .signaled(let signal):
            throw failure(
                "\(subject) was killed by signal \(signal)\(Self.signalName(signal)) on \(page)\(stderrSuffix)")
        case .exited(127):
            throw failure(
                "\(subject) failed on \(page) (exit 127: command not found; check its 'command' in \(configLocation))"
                    + stderrSuffix)
        case .exited(126):
            throw failure(
                "\(subject) failed on \(page) (exit 126: command not executable; check its 'command' in"
                    + " \(configLocation))\(stderrSuffix)")
        case .exited(let status) where status != 0:
            let detail = stderr.isEmpty ? " with no message on stderr" : stderrSuffix
            throw failure("\(subject) failed on \(page) (exit \(status))\(detail)")
        case .exited:
            break
        }

        let problem: String
        if let object = try? JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any] {
            if let answer = object[answerKey] as? String {
                if !stderr.isEmpty {
                    diagnostics.warning(page, line: line, rule: .plugin, "\(subject) on \(page)\(stderrSuffix)")
                }
                return answer
            }
            problem =
                object[answerKey] == nil
                ? "the response has no \"\(answerKey)\" key" : "\"\(answerKey)\" in the response is not a string"
        } else if output.stdout.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            problem = "it wrote nothing to stdout"
        } else {
            problem = "stdout is not a JSON object"
        }
        throw failure(
            "\(subject) returned invalid JSON on \(page): \(problem); expected {\"\(answerKey)\": \"…\"}"
                + "\(Self.outputExcerpt(output.stdout))\(stderrSuffix)")
    }

    /// `specsite.yml:12`, where the plugin is configured.
    private var configLocation: String {
        config.line > 0 ? "\(configFile):\(config.line)" : configFile
    }

    // MARK: - JSON and message helpers

    /// The request's `page` object. Front matter is always an object (empty
    /// when the page has none); scalars are strings, as written.
    static func pageJSON(path: String, frontMatter: YAMLValue) -> [String: Any] {
        let matter: Any =
            if case .null = frontMatter { [String: Any]() } else { json(frontMatter) }
        return ["path": path, "front_matter": matter]
    }

    /// A YAML value as a JSON-serialisable value: scalars as strings (their
    /// source text), null, arrays and objects (a repeated key keeps its first value).
    static func json(_ value: YAMLValue) -> Any {
        switch value {
        case .scalar(let text):
            return text
        case .null:
            return NSNull()
        case .sequence(let items):
            return items.map(json)
        case .mapping(let entries):
            var object: [String: Any] = [:]
            for entry in entries where object[entry.key] == nil { object[entry.key] = json(entry.value) }
            return object
        }
    }

    /// The first word of a fenced block's info string (```` ```bar-chart title ```` → `bar-chart`).
    static func language(of info: String) -> String {
        info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
    }

    /// The last lines of stderr, trimmed; continuation lines indented.
    static func stderrExcerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            String($0.prefix(500))
        }
        if lines.count > stderrLines {
            lines = ["…"] + lines.suffix(stderrLines)
        }
        return lines.joined(separator: "\n    ")
    }

    /// `; it wrote: "…"` with the start of the output, for invalid responses.
    static func outputExcerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(outputExcerpt * 4), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        let excerpt = text.count > outputExcerpt ? String(text.prefix(outputExcerpt)) + "…" : text
        return "; it wrote: \(excerpt)"
    }

    /// `10` or `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// ` (SIGKILL)` for the usual signals.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
            SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
        ]
        return names[signal].map { " (\($0))" } ?? ""
    }
}
