import Foundation

/// The site's settings, read from `specsite.yml` in the content folder (or the
/// file given with `--config`). Every key is optional.
///
/// ```yaml
/// title: Tidepool Spec
/// description: Product and engineering specs
/// base_url: https://example.github.io/tidepool/
/// allow_raw_html: false
/// plugins:            # settings for built-in plugins, by plugin id
///   alerts: {}
/// external_plugins:   # commands that speak JSON on stdin/stdout (docs/plugins.md)
///   - name: shout
///     command: python3 plugins/shout.py
///     role: preprocessor
/// ```
public struct SiteConfig: Sendable {
    /// The site's name, shown in the header and page titles.
    public var title: String = "Spec"
    /// A one-line description of the site.
    public var description: String = ""
    /// The URL the site is published at, if known (`--base-url` overrides).
    public var baseURL: String?
    /// Pass raw HTML in markdown through (the GFM tag filter still applies).
    public var allowRawHTML: Bool = false
    /// Settings for built-in plugins, by plugin id.
    public var pluginSettings: [String: YAMLValue] = [:]
    /// External command plugins.
    public var externalPlugins: [ExternalPluginConfig] = []
    /// The file the settings came from, if any.
    public var file: String?

    /// Default settings.
    public init() {}

    /// The keys `specsite.yml` understands; anything else is warned about.
    public static let knownKeys: Set<String> = [
        "title", "description", "base_url", "allow_raw_html", "plugins", "external_plugins",
    ]

    /// Reads settings from YAML text. Problems that leave the settings usable are
    /// reported as warnings; a file that cannot be read as settings throws.
    public static func parse(_ yaml: String, file: String, diagnostics: DiagnosticLog) throws(Diagnostic) -> SiteConfig
    {
        var config = SiteConfig()
        config.file = file
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(yaml)
        } catch {
            throw Diagnostic(.error, file: file, line: error.line, "invalid YAML: \(error.message)")
        }
        if root == .null { return config }
        guard case .mapping(let entries) = root else {
            throw Diagnostic(.error, file: file, line: 1, "expected a mapping of settings (key: value)")
        }
        func text(_ entry: YAMLValue.Entry) throws(Diagnostic) -> String {
            guard let value = entry.value.string else {
                throw Diagnostic(.error, file: file, line: entry.line, "'\(entry.key)' must be a single value")
            }
            return value
        }
        for entry in entries {
            switch entry.key {
            case "title": config.title = try text(entry)
            case "description": config.description = try text(entry)
            case "base_url": config.baseURL = try text(entry)
            case "allow_raw_html":
                guard let flag = entry.value.bool else {
                    throw Diagnostic(.error, file: file, line: entry.line, "'allow_raw_html' must be true or false")
                }
                config.allowRawHTML = flag
            case "plugins":
                for plugin in entry.value.entries { config.pluginSettings[plugin.key] = plugin.value }
            case "external_plugins":
                guard case .sequence(let items) = entry.value else {
                    throw Diagnostic(.error, file: file, line: entry.line, "'external_plugins' must be a list")
                }
                for item in items {
                    config.externalPlugins.append(
                        try ExternalPluginConfig(item, file: file, line: entry.line, diagnostics: diagnostics))
                }
            default:
                diagnostics.warning(file, line: entry.line, "unknown setting '\(entry.key)' (ignored)")
            }
        }
        return config
    }
}

/// One external plugin from `specsite.yml`.
public struct ExternalPluginConfig: Sendable, Equatable {
    /// What an external plugin does.
    public enum Role: String, Sendable {
        /// Markdown in, markdown out, before parsing.
        case preprocessor
        /// Code of named fenced blocks in, HTML or SVG out.
        case renderer
    }

    /// The plugin's name, used in messages.
    public var name: String
    /// The shell command to run (via `/bin/sh -c`, in the content folder).
    public var command: String
    /// Preprocessor or renderer.
    public var role: Role
    /// For renderers: the fenced-block info strings it renders (```` ```chart ````).
    public var blocks: [String]
    /// Seconds before the command is stopped and the build fails.
    public var timeout: Double
    /// Line in `specsite.yml`, for messages.
    public var line: Int

    /// Creates a configuration.
    public init(name: String, command: String, role: Role, blocks: [String] = [], timeout: Double = 10, line: Int = 0) {
        self.name = name
        self.command = command
        self.role = role
        self.blocks = blocks
        self.timeout = timeout
        self.line = line
    }

    init(_ value: YAMLValue, file: String, line: Int, diagnostics: DiagnosticLog) throws(Diagnostic) {
        let itemLine = value.entries.first?.line ?? line
        guard case .mapping = value else {
            throw Diagnostic(
                .error, file: file, line: itemLine, "each external plugin must be a mapping with name, command and role"
            )
        }
        guard let name = value["name"]?.string, !name.isEmpty else {
            throw Diagnostic(.error, file: file, line: itemLine, "external plugin without a 'name'")
        }
        guard let command = value["command"]?.string, !command.isEmpty else {
            throw Diagnostic(.error, file: file, line: itemLine, "external plugin '\(name)' has no 'command'")
        }
        guard let roleText = value["role"]?.string, let role = Role(rawValue: roleText) else {
            throw Diagnostic(
                .error, file: file, line: itemLine,
                "external plugin '\(name)' needs 'role: preprocessor' or 'role: renderer'")
        }
        let blocks = (value["blocks"]?.array ?? []).compactMap(\.string)
        if role == .renderer && blocks.isEmpty {
            throw Diagnostic(
                .error, file: file, line: itemLine,
                "external renderer '\(name)' needs 'blocks': the fenced-block info strings it renders")
        }
        var timeout = 10.0
        if let given = value["timeout"] {
            guard let seconds = given.double, seconds > 0 else {
                throw Diagnostic(
                    .error, file: file, line: itemLine,
                    "external plugin '\(name)': 'timeout' must be a positive number of seconds")
            }
            timeout = seconds
        }
        for entry in value.entries where !["name", "command", "role", "blocks", "timeout"].contains(entry.key) {
            diagnostics.warning(
                file, line: entry.line, "unknown setting '\(entry.key)' for external plugin '\(name)' (ignored)")
        }
        self.init(name: name, command: command, role: role, blocks: blocks, timeout: timeout, line: itemLine)
    }
}
