import Foundation

/// The site's settings, read from `specsite.yml` in the content folder (or the
/// file given with `--config`). Every key is optional.
///
/// ```yaml
/// title: Tidepool Spec
/// description: Product and engineering specs
/// logo: images/logo.svg       # shown before the title in the header
/// footer: "© Tidepool · [Source](https://github.com/org/tidepool)"  # markdown
/// language: en
/// base_url: https://example.github.io/tidepool/
/// pretty_urls: false          # true: PRD/ instead of PRD.html (needs a web server)
/// allow_raw_html: false
/// follow_links_outside: false # true: symbolic links may lead outside the content folder
/// llms: true                  # false: no llms.txt, llms-full.txt or markdown copies for agents
/// search: true                # false: no search index and no search box
/// nav:                        # sidebar order and titles; unlisted pages follow
///   - PRD.md
///   - Architecture: ARCHITECTURE.md
///   - Plans:
///       - IMPLEMENTATION_PLAN.md
///       - .planning/ROADMAP.md
///   - Repository: https://github.com/org/tidepool
/// plugins:            # settings for built-in plugins, by plugin id
///   alerts: {}
/// rules:              # what each kind of problem is: error, warning, note or off
///   broken-anchor: error
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
    /// The URL the site is published at, if known (`--base-url` overrides):
    /// an `http(s)` URL or a path from the server's root (``baseURLProblem(_:)``).
    public var baseURL: String?
    /// Pass raw HTML in markdown through (the GFM tag filter still applies).
    public var allowRawHTML: Bool = false
    /// Let symbolic links in the content folder lead outside it (devices,
    /// FIFOs and `/proc`, `/sys`, `/dev` stay refused).
    public var followLinksOutside: Bool = false
    /// The language of the documents (`lang` of every page).
    public var language: String = "en"
    /// An image in the content folder shown in the header, and the line that names it.
    public var logo: (path: String, line: Int)?
    /// Markdown shown at the foot of every page.
    public var footer: String = ""
    /// The line of `footer` in the settings file, for messages about its links.
    public var footerLine: Int = 0
    /// Write `PRD/index.html` and link to `PRD/`, for sites served by a web server.
    public var prettyURLs: Bool = false
    /// Write copies for agents: `llms.txt`, `llms-full.txt` and each page's
    /// markdown beside its HTML (see ``MarkdownCopies``).
    public var llms: Bool = true
    /// Write the search index and give every page a search box (`search: false` turns both off).
    public var search: Bool = true
    /// The sidebar's order and titles, when given; pages not named follow in
    /// their folders.
    public var nav: [NavItem] = []
    /// Settings for built-in plugins, by plugin id.
    public var pluginSettings: [String: YAMLValue] = [:]
    /// External command plugins.
    public var externalPlugins: [ExternalPluginConfig] = []
    /// What `rules:` makes of each kind of problem (``DiagnosticRule``).
    public var rules = RuleSettings()
    /// The file the settings came from, if any.
    public var file: String?
    /// The settings file's text, as read: a rebuild reuses nothing read
    /// under other settings.
    var sourceText: String?

    /// Default settings.
    public init() {}

    /// The keys `specsite.yml` understands; anything else is warned about.
    public static let knownKeys: Set<String> = [
        "title", "description", "base_url", "allow_raw_html", "plugins", "external_plugins", "language", "logo",
        "footer", "pretty_urls", "nav", "follow_links_outside", "llms", "search", "rules",
    ]

    /// Reads settings from YAML text. Problems that leave the settings usable are
    /// reported as warnings; a file that cannot be read as settings throws.
    public static func parse(_ yaml: String, file: String, diagnostics: DiagnosticLog) throws(Diagnostic) -> SiteConfig
    {
        var config = SiteConfig()
        config.file = file
        config.sourceText = yaml
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(yaml)
        } catch {
            throw Diagnostic(.error, file: file, line: error.line, rule: .settings, "invalid YAML: \(error.message)")
        }
        if root == .null { return config }
        guard case .mapping(let entries) = root else {
            throw Diagnostic(
                .error, file: file, line: 1, rule: .settings, "expected a mapping of settings (key: value)")
        }
        func text(_ entry: YAMLValue.Entry) throws(Diagnostic) -> String {
            guard let value = entry.value.string else {
                throw Diagnostic(
                    .error, file: file, line: entry.line, rule: .settings, "'\(entry.key)' must be a single value")
            }
            return value
        }
        func flag(_ entry: YAMLValue.Entry) throws(Diagnostic) -> Bool {
            guard let flag = entry.value.bool else {
                throw Diagnostic(
                    .error, file: file, line: entry.line, rule: .settings, "'\(entry.key)' must be true or false")
            }
            return flag
        }
        for entry in entries {
            switch entry.key {
            case "title": config.title = try text(entry)
            case "description": config.description = try text(entry)
            case "base_url":
                let url = try text(entry)
                if let problem = Self.baseURLProblem(url) {
                    throw Diagnostic(.error, file: file, line: entry.line, rule: .settings, "'base_url' \(problem)")
                }
                config.baseURL = url
            case "allow_raw_html": config.allowRawHTML = try flag(entry)
            case "pretty_urls": config.prettyURLs = try flag(entry)
            case "llms": config.llms = try flag(entry)
            case "search": config.search = try flag(entry)
            case "follow_links_outside": config.followLinksOutside = try flag(entry)
            case "language": config.language = try text(entry)
            case "footer":
                config.footer = try text(entry)
                config.footerLine = entry.line
            case "logo":
                let path = try text(entry)
                guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("://") else {
                    throw Diagnostic(
                        .error, file: file, line: entry.line,
                        rule: .settings, "'logo' must be the path of an image inside the content folder")
                }
                config.logo = (path, entry.line)
            case "rules":
                config.rules = try RuleSettings.parse(entry.value, file: file, line: entry.line)
            case "nav":
                config.nav = try NavItem.parse(entry.value, file: file, line: entry.line, text: yaml)
            case "plugins":
                for plugin in entry.value.entries {
                    var id = plugin.key
                    if let renamed = Self.renamedPlugins[id] {
                        diagnostics.warning(
                            file, line: plugin.line, rule: .settings,
                            "'plugins.\(id)' is now 'plugins.\(renamed)' (read as that)")
                        id = renamed
                    }
                    config.pluginSettings[id] = plugin.value
                }
            case "external_plugins":
                guard case .sequence(let items) = entry.value else {
                    throw Diagnostic(
                        .error, file: file, line: entry.line, rule: .settings, "'external_plugins' must be a list")
                }
                for item in items {
                    config.externalPlugins.append(
                        try ExternalPluginConfig(item, file: file, line: entry.line, diagnostics: diagnostics))
                }
            default:
                diagnostics.warning(file, line: entry.line, rule: .settings, "unknown setting '\(entry.key)' (ignored)")
            }
        }
        return config
    }

    /// Built-in plugins whose id changed, old to new: settings under the old
    /// key still apply, with a warning, so a site does not silently lose them.
    static let renamedPlugins = ["checklists": "status"]

    /// Why `url` cannot be a base URL, or nil when it can. It is written into
    /// every page's canonical link and the 404 page's `<base>`, so it must be
    /// an `http`/`https` URL with a host, or a path from the server's root
    /// (`/app/`): not `javascript:` or `data:`, not `//host` (another site on
    /// whatever scheme the page came by), and with no query, fragment, space,
    /// quote or control character.
    public static func baseURLProblem(_ url: String) -> String? {
        let unsafe = url.unicodeScalars.first {
            $0.value < 0x21 || $0.value == 0x7F || "\"'<>\\`^{|}".unicodeScalars.contains($0)
        }
        if let unsafe {
            return "must be a URL without spaces, quotes or control characters (found "
                + TerminalText.escaped(String(unsafe)) + ")"
        }
        if url.contains("?") || url.contains("#") { return "must not have a query or fragment" }
        let lowered = url.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let host = url.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            return host.isEmpty ? "must name a host after the scheme (https://example.com/docs/)" : nil
        }
        if url.hasPrefix("/") && !url.hasPrefix("//") { return nil }
        return "must be an http(s) URL (https://org.github.io/app/) or a path from the site's root (/app/)"
    }

    /// Whether the base URL is absolute (`http(s)://…`), which a sitemap needs.
    public var hasAbsoluteBaseURL: Bool {
        guard let lowered = baseURL?.lowercased() else { return false }
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// One entry of the `nav` setting: a page, a link or a titled group.
public indirect enum NavItem: Sendable, Equatable {
    /// A markdown file of the content folder, with the title to show instead of its own.
    case page(path: String, title: String?, line: Int)
    /// A link that leaves the site (`Repository: https://…`).
    case link(title: String, url: String, line: Int)
    /// A titled group of entries.
    case section(title: String, items: [NavItem], line: Int)

    /// Reads `nav:` (a list). `text` is the whole settings file, to find the
    /// lines of plain list items, which YAML does not report.
    static func parse(_ value: YAMLValue, file: String, line: Int, text: String) throws(Diagnostic) -> [NavItem] {
        // The lines YAML's line numbers count (it breaks at NEL, LS and PS too).
        let lines = SourceLines(text, breaks: .yaml).texts
        var searchFrom = line
        /// The first line at or after the previous item that mentions `item`.
        func lineOf(_ item: String) -> Int {
            for index in min(max(searchFrom - 1, 0), lines.count)..<lines.count where lines[index].contains(item) {
                searchFrom = index + 1
                return index + 1
            }
            return line
        }
        func items(_ value: YAMLValue, line: Int) throws(Diagnostic) -> [NavItem] {
            guard case .sequence(let list) = value else {
                throw Diagnostic(
                    .error, file: file, line: line, rule: .settings,
                    "'nav' must be a list of pages, 'Title: page' or 'Title: [list]'")
            }
            var result: [NavItem] = []
            for item in list {
                switch item {
                case .scalar(let path):
                    result.append(.page(path: path, title: nil, line: lineOf(path)))
                case .mapping(let entries) where entries.count == 1:
                    let entry = entries[0]
                    searchFrom = max(searchFrom, entry.line)
                    switch entry.value {
                    case .scalar(let target)
                    where ["http://", "https://", "mailto:"].contains(where: { target.lowercased().hasPrefix($0) }):
                        result.append(.link(title: entry.key, url: target, line: entry.line))
                    case .scalar(let target):
                        result.append(.page(path: target, title: entry.key, line: entry.line))
                    case .sequence:
                        result.append(
                            .section(
                                title: entry.key, items: try items(entry.value, line: entry.line), line: entry.line))
                    default:
                        throw Diagnostic(
                            .error, file: file, line: entry.line,
                            rule: .settings, "nav entry '\(entry.key)' must name a page, a URL or a list")
                    }
                default:
                    throw Diagnostic(
                        .error, file: file, line: item.entries.first?.line ?? line,
                        rule: .settings,
                        "each nav entry is a page path, 'Title: page', 'Title: URL' or 'Title:' with a list")
                }
            }
            return result
        }
        return try items(value, line: line)
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
                .error, file: file, line: itemLine, rule: .settings,
                "each external plugin must be a mapping with name, command and role"
            )
        }
        guard let name = value["name"]?.string, !name.isEmpty else {
            throw Diagnostic(.error, file: file, line: itemLine, rule: .settings, "external plugin without a 'name'")
        }
        guard let command = value["command"]?.string, !command.isEmpty else {
            throw Diagnostic(
                .error, file: file, line: itemLine, rule: .settings, "external plugin '\(name)' has no 'command'")
        }
        guard let roleText = value["role"]?.string, let role = Role(rawValue: roleText) else {
            throw Diagnostic(
                .error, file: file, line: itemLine,
                rule: .settings, "external plugin '\(name)' needs 'role: preprocessor' or 'role: renderer'")
        }
        let blocks = (value["blocks"]?.array ?? []).compactMap(\.string)
        if role == .renderer && blocks.isEmpty {
            throw Diagnostic(
                .error, file: file, line: itemLine,
                rule: .settings, "external renderer '\(name)' needs 'blocks': the fenced-block info strings it renders")
        }
        var timeout = 10.0
        if let given = value["timeout"] {
            guard let seconds = given.double, seconds > 0 else {
                throw Diagnostic(
                    .error, file: file, line: itemLine,
                    rule: .settings, "external plugin '\(name)': 'timeout' must be a positive number of seconds")
            }
            timeout = seconds
        }
        for entry in value.entries where !["name", "command", "role", "blocks", "timeout"].contains(entry.key) {
            diagnostics.warning(
                file, line: entry.line, rule: .settings,
                "unknown setting '\(entry.key)' for external plugin '\(name)' (ignored)")
        }
        self.init(name: name, command: command, role: role, blocks: blocks, timeout: timeout, line: itemLine)
    }
}
