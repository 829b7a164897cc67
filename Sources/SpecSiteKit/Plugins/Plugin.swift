import Foundation

/// A plugin: reads pages into facts, may take over the rendering of blocks it
/// understands, may add whole pages and files, and may ship CSS and JS.
///
/// Every requirement has a default that does nothing, so a plugin implements
/// only what it needs. Built-in plugins use nothing but this public API.
///
/// Threading: `preprocess`, `analyze` and `render` are called for many pages at
/// once on different threads; `summarize` and `generate` are called once per build.
///
/// Rebuilds (`specsite serve`) reuse a page's parse and facts while its bytes
/// and the settings stay the same, and its HTML while, besides, the site's
/// shape (titles, paths, anchors) and the inputs of the summaries of the
/// plugins that drew on it stay the same. So `analyze` must read only its
/// page and context, facts must hold no site-wide state (that is what
/// `summarize` is for), and whether `render` claims a block must follow from
/// the block and the page's own facts (what it draws may use the summaries).
public protocol Plugin: Sendable {
    /// A short, stable identifier (`alerts`); also the key of the plugin's
    /// settings under `plugins:` in `specsite.yml`.
    var id: String { get }

    /// Whether a file of the content folder that is not markdown (a Task
    /// Master `tasks.json`, a `sprint-status.yaml`) is a page of this
    /// plugin's: its contents are parsed as YAML (JSON is YAML) into
    /// ``PageSource/data`` and ``Page/data``, its markdown starts empty and
    /// is what this plugin's ``preprocess(_:page:context:)`` writes, and it
    /// is built to its path plus `.html` (`tasks.json.html`). The file itself
    /// is published, as any other file, only where a page links to it.
    /// Decided from the path alone, once per file.
    func readsAsPage(_ sourcePath: String) -> Bool

    /// The pages a data file this plugin reads is split into besides its
    /// own, by name, from its parsed data (a Task Master file's tags): each
    /// is a page of its own at the file's path plus `.` and the name made
    /// safe for a path (``DataPagePart``; `tasks.json.master`, built to
    /// `tasks.json.master.html`), whose markdown ``preprocess(_:page:context:)``
    /// writes from ``PageSource/part``; the file's own page lists them in
    /// ``PageSource/parts``. None (the default): the file is one page.
    func dataPageParts(_ sourcePath: String, data: YAMLValue) -> [String]

    /// Rewrites a page's markdown before it is parsed (front matter excluded).
    func preprocess(_ markdown: String, page: PageSource, context: PluginContext) throws -> String

    /// The sections of a parsed page that are not headings (a plan's
    /// `<verification>` tag that `preprocess` rewrote), by the file line of the
    /// block that opens each; other plugins read them as ``Page/sectionNames``.
    func sectionNames(of page: Page, context: PluginContext) -> [Int: String]

    /// Reads one page and returns what it means. It runs as the page is
    /// read, before output paths are given: `page.outputPath` is empty.
    func analyze(_ page: Page, context: PluginContext) throws -> [any Fact]

    /// Site-wide work done once per build after every page is analysed (a
    /// status report, a token catalog), as a plain value that `render` and
    /// `generate` read with ``Site/summary(_:)``. It must depend only on the
    /// pages' paths, titles and this plugin's facts.
    func summarize(_ site: Site, context: PluginContext) throws -> (any Sendable)?

    /// What of the plugin's summary this page's blocks draw (the status of
    /// the page's items and of what they depend on), as a value two rebuilds
    /// compare: equal slices mean the page would be drawn the same, so a
    /// rebuild after an edit elsewhere need not render it again. Nil (the
    /// default) means the page may draw on the whole summary.
    func summarySlice(for page: Page, site: Site, context: PluginContext) -> SummarySlice?

    /// Returns the HTML that replaces `block`'s default rendering, or nil to
    /// leave the block alone. Called for every block of every page.
    func render(_ block: MarkdownNode, context: RenderContext) throws -> String?

    /// Whole-site pages and files (dashboards, indexes, exports).
    func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput]

    /// CSS and JS files the plugin's HTML needs; pages link them.
    var assets: [Asset] { get }

    /// How the build cache keeps this plugin's facts on disk, or nil (the
    /// default) when it cannot: then no page is taken from the cache, since
    /// any page might hold facts of this plugin.
    var factCoding: FactCoding? { get }
}

extension Plugin {
    /// Reads no data file as a page.
    public func readsAsPage(_ sourcePath: String) -> Bool { false }
    /// Splits no data file.
    public func dataPageParts(_ sourcePath: String, data: YAMLValue) -> [String] { [] }
    /// Leaves the markdown as it is.
    public func preprocess(_ markdown: String, page: PageSource, context: PluginContext) throws -> String { markdown }
    /// Marks no section.
    public func sectionNames(of page: Page, context: PluginContext) -> [Int: String] { [:] }
    /// Finds nothing.
    public func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] { [] }
    /// Has nothing site-wide to work out.
    public func summarize(_ site: Site, context: PluginContext) throws -> (any Sendable)? { nil }
    /// Draws on the whole summary.
    public func summarySlice(for page: Page, site: Site, context: PluginContext) -> SummarySlice? { nil }
    /// Claims no block.
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? { nil }
    /// Adds nothing.
    public func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] { [] }
    /// Needs no assets.
    public var assets: [Asset] { [] }
    /// Cannot keep its facts.
    public var factCoding: FactCoding? { nil }
}

/// A page before parsing, as preprocessors see it.
public struct PageSource: Sendable {
    /// Path relative to the content folder.
    public var sourcePath: String
    /// The path used in messages.
    public var displayPath: String
    /// The front matter, as written.
    public var frontMatter: YAMLValue
    /// File line of the markdown's first line.
    public var firstLine: Int
    /// A data page's contents, parsed (see ``Plugin/readsAsPage(_:)``);
    /// `.null` for a markdown document.
    public var data: YAMLValue
    /// The part of its data file this page is (see
    /// ``Plugin/dataPageParts(_:data:)``); nil for a file's own page.
    public var part: DataPagePart?
    /// The pages a data file's own page is split into; empty for any other page.
    public var parts: [DataPagePart]

    /// Creates a page source.
    public init(
        sourcePath: String, displayPath: String, frontMatter: YAMLValue, firstLine: Int, data: YAMLValue = .null,
        part: DataPagePart? = nil, parts: [DataPagePart] = []
    ) {
        self.sourcePath = sourcePath
        self.displayPath = displayPath
        self.frontMatter = frontMatter
        self.firstLine = firstLine
        self.data = data
        self.part = part
        self.parts = parts
    }
}

/// One of the pages a data file is split into (see
/// ``Plugin/dataPageParts(_:data:)``): a Task Master tag's tasks.
public struct DataPagePart: Sendable, Hashable, Codable {
    /// Its name, as the plugin gave it (`feature-auth`).
    public var name: String
    /// The data file's content path (`.taskmaster/tasks/tasks.json`).
    public var file: String
    /// The page's own content path: the file's, a dot and the name made
    /// safe for a path (`.taskmaster/tasks/tasks.json.feature-auth`).
    public var sourcePath: String
    /// Its place among the file's parts, from 0: pages read in that order,
    /// right after the file's own.
    public var index: Int

    /// Creates a part.
    public init(name: String, file: String, sourcePath: String, index: Int) {
        self.name = name
        self.file = file
        self.sourcePath = sourcePath
        self.index = index
    }

    /// The parts named `names` of the data file at `file`, in order: each
    /// name's ASCII letters, digits, `-` and `_` kept and any other run of
    /// characters made one `-` (`Sprint 2/UI` → `Sprint-2-UI`), a name
    /// with none of them called `part`; a path given twice or already
    /// `taken` by a file gets `-2`, `-3`.
    public static func parts(of file: String, names: [String], taken: Set<String> = []) -> [DataPagePart] {
        var used = taken
        used.insert(file)
        return names.enumerated().map { index, name in
            var slug = ""
            for scalar in name.unicodeScalars {
                let keeps =
                    scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                if keeps {
                    slug.unicodeScalars.append(scalar)
                } else if !slug.isEmpty, !slug.hasSuffix("-") {
                    slug += "-"
                }
            }
            while slug.hasSuffix("-") { slug.removeLast() }
            if slug.isEmpty { slug = "part" }
            // `tasks.json.md` would be a markdown path, built where the file's own page is.
            if ["md", "markdown"].contains(slug.lowercased()) { slug += "_" }
            var path = file + "." + slug
            var number = 2
            while used.contains(path) {
                path = file + "." + slug + "-\(number)"
                number += 1
            }
            used.insert(path)
            return DataPagePart(name: name, file: file, sourcePath: path, index: index)
        }
    }
}

/// What a plugin may use while it works.
public struct PluginContext: Sendable {
    /// The plugin's settings from `plugins.<id>` in `specsite.yml` (`.null` when absent).
    public var settings: YAMLValue
    /// The site's settings.
    public var config: SiteConfig
    /// Where to report warnings and errors (`path:line: …`).
    public var diagnostics: DiagnosticLog
    /// The content folder on disk as the user named it, for a plugin that
    /// reads more than its files (the status plugin reads its git history);
    /// nil when the pages come from memory (a replayed commit, fuzzing).
    public var contentFolder: String?
    /// The build cache's folder; nil with `--no-cache`.
    public var cacheFolder: String?

    /// Creates a context.
    public init(
        settings: YAMLValue, config: SiteConfig, diagnostics: DiagnosticLog, contentFolder: String? = nil,
        cacheFolder: String? = nil
    ) {
        self.settings = settings
        self.config = config
        self.diagnostics = diagnostics
        self.contentFolder = contentFolder
        self.cacheFolder = cacheFolder
    }

    /// The same context, reporting to `log`.
    public func reporting(to log: DiagnosticLog) -> PluginContext {
        var context = self
        context.diagnostics = log
        return context
    }
}

/// What a plugin may use while it renders a block.
public struct RenderContext {
    /// The page being rendered.
    public var page: Page
    /// The whole site, with every plugin's facts.
    public var site: Site
    /// The page's renderer: call ``HTMLRenderer/renderChildren(of:)`` to render a
    /// claimed block's own content with the default rules (and other plugins).
    public var renderer: HTMLRenderer
    /// The plugin's context.
    public var plugin: PluginContext

    /// Creates a render context.
    public init(page: Page, site: Site, renderer: HTMLRenderer, plugin: PluginContext) {
        self.page = page
        self.site = site
        self.renderer = renderer
        self.plugin = plugin
    }

    /// The relative URL from this page to a path in the built site (`tokens.html`),
    /// written the way the site writes links (pretty URLs or not).
    public func url(to outputPath: String) -> String {
        OutputPaths.link(from: page.outputPath, to: outputPath, pretty: site.config.prettyURLs)
    }
}

/// A page or file a plugin adds to the site.
public enum GeneratedOutput: Sendable {
    /// A page rendered with the site's page template and listed in navigation.
    case page(GeneratedPage)
    /// A file written as it is (`tokens.json`, `badge.svg`).
    case file(path: String, contents: [UInt8])
    /// A file whose bytes are made when it is written, and let go once
    /// written: a large site's thousands of diagrams and its exports are not
    /// all held at once. `contents` runs on any thread, once per build.
    case deferredFile(path: String, contents: @Sendable () -> [UInt8])

    /// A file's path and bytes (made now, for a deferred one); nil for a page.
    public var file: (path: String, contents: [UInt8])? {
        switch self {
        case .page: nil
        case .file(let path, let contents): (path, contents)
        case .deferredFile(let path, let contents): (path, contents())
        }
    }

    /// The output with a deferred file's bytes made: what a session keeps to
    /// write again when the plugin's inputs have not changed.
    public var made: GeneratedOutput {
        guard case .deferredFile(let path, let contents) = self else { return self }
        return .file(path: path, contents: contents())
    }
}

/// A whole page a plugin writes (a dashboard, an index).
public struct GeneratedPage: Sendable, Equatable {
    /// Where it goes, relative to the output folder (`status.html`).
    public var outputPath: String
    /// Its title.
    public var title: String
    /// The HTML of its main content. Internal URLs must be relative to
    /// `outputPath`, made with ``Site/url(from:to:)`` so they follow the site's
    /// URL style.
    public var contentHTML: String
    /// Where it sorts among the top-level pages (lower first; pages without one come last).
    public var order: Double?
    /// The template it is drawn with (`page`; the home page uses `home`).
    public var template: String

    /// Creates a generated page.
    public init(
        outputPath: String, title: String, contentHTML: String, order: Double? = nil, template: String = "page"
    ) {
        self.outputPath = outputPath
        self.title = title
        self.contentHTML = contentHTML
        self.order = order
        self.template = template
    }
}

/// A CSS or JS file a plugin ships; written under `assets/` and linked from
/// every page.
public struct Asset: Sendable, Equatable {
    /// File name under `assets/` (`alerts.css`).
    public var name: String
    /// The file's text.
    public var contents: String

    /// Creates an asset.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// The part of a plugin's summary one page draws (see
/// ``Plugin/summarySlice(for:site:context:)``): any equatable value, compared
/// with the one the page was last rendered with.
public struct SummarySlice: Sendable {
    private let value: any Sendable
    private let equals: @Sendable (any Sendable) -> Bool
    private let makeFingerprint: (@Sendable () -> String?)?

    /// Wraps `value`.
    public init<Value: Equatable & Sendable>(_ value: Value) {
        self.value = value
        self.equals = { ($0 as? Value) == value }
        self.makeFingerprint = nil
    }

    /// Wraps `value`, which the build cache on disk can also compare with
    /// the slice of an earlier build (see ``fingerprint``).
    public init<Value: Equatable & Sendable & Encodable>(_ value: Value) {
        self.value = value
        self.equals = { ($0 as? Value) == value }
        self.makeFingerprint = {
            // Sorted keys: a dictionary's order must not change the digest.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(value)).map { DiskCache.digest(Array($0)) }
        }
    }

    /// Whether `other` wraps an equal value of the same type.
    public func matches(_ other: SummarySlice) -> Bool { equals(other.value) }

    /// The SHA-256 of the value's type and JSON, worked out when asked, or
    /// nil for a value that is not `Encodable`. Equal fingerprints mean
    /// equal values (the synthesised coding writes every stored property);
    /// the converse may fail (a set's order), which costs a render, never
    /// a stale page.
    var fingerprint: String? {
        makeFingerprint?().map { DiskCache.digest(Array("\(type(of: value)) \($0)".utf8)) }
    }
}
