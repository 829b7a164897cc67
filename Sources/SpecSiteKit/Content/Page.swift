/// One markdown document of the site, parsed and ready for plugins.
public struct Page: Sendable {
    /// Path relative to the content folder (`.planning/ROADMAP.md`).
    public var sourcePath: String
    /// The path used in messages (`content/.planning/ROADMAP.md`).
    public var displayPath: String
    /// Path of the built page relative to the output folder (`planning/ROADMAP.html`).
    public var outputPath: String
    /// The front matter, as written (`.null` when there is none).
    public var frontMatter: YAMLValue
    /// The page title: front matter `title`, else the first H1, else the file name.
    public var title: String
    /// The markdown after the front matter.
    public var markdown: String
    /// The parsed document. Its tree (`document.root`) is there while the
    /// page is read and analysed and while it renders; in between, during
    /// `summarize` and `generate`, a page past the first
    /// ``BuildOptions/keptTreeBytes`` of documents has none (``hasTree`` is
    /// false) and keeps only the headings, links, footnotes and anchors, so
    /// a large site does not hold every page's tree at once. What a
    /// site-wide stage needs of a page's blocks is read in `analyze` and kept as a fact.
    public var document: MarkdownDocument
    /// Whether ``document`` holds the page's tree; see ``document``.
    public private(set) var hasTree = true
    /// Loads the page again from its file, when its ``markdown`` was let go
    /// with its tree (see ``releasingTree(rereading:)``); nil after an error it reported.
    private var reread: (@Sendable () -> Page?)?
    /// Front matter `order`, if given.
    public var order: Double?
    /// A data page's contents, parsed (a `tasks.json`; see
    /// ``Plugin/readsAsPage(_:)``); `.null` for a markdown document, and
    /// once the page's tree is let go (see ``releasingTree(rereading:)``).
    public var data: YAMLValue = .null
    /// The part of its data file the page is (see
    /// ``Plugin/dataPageParts(_:data:)``); nil for any other page.
    public var part: DataPagePart?
    /// The pages a data file's own page is split into; empty for any other page.
    public var parts: [DataPagePart] = []
    /// The file line `markdown` starts on (after the front matter).
    public var bodyFirstLine: Int = 1
    /// Sections that are not headings, by the file line of the block that opens
    /// each, with the name the plugin that marked them gives (`verification`);
    /// see ``Plugin/sectionNames(of:context:)``.
    public var sectionNames: [Int: String] = [:]

    /// Creates a page.
    public init(
        sourcePath: String, displayPath: String, outputPath: String, frontMatter: YAMLValue, title: String,
        markdown: String, document: MarkdownDocument, order: Double?
    ) {
        self.sourcePath = sourcePath
        self.displayPath = displayPath
        self.outputPath = outputPath
        self.frontMatter = frontMatter
        self.title = title
        self.markdown = markdown
        self.document = document
        self.order = order
    }

    /// The page with its tree let go: what the stages between analysis and
    /// rendering hold of it. The tree is about seven times the size of the
    /// markdown, and parsing it again to render costs far less than holding
    /// every page's tree through the build (see ``withTree()``).
    ///
    /// With `rereading`, the markdown goes too (it is as large as the file),
    /// and ``withTree()`` loads the page from its file again with it: the
    /// same bytes through the same preprocessors give the same markdown,
    /// which `rereading` checks.
    func releasingTree(rereading: (@Sendable () -> Page?)? = nil) -> Page {
        guard hasTree else { return self }
        var page = self
        page.document.root = MarkdownNode(.document, line: document.root.line, endLine: document.root.endLine)
        // What parsing a new version in part needs, of no use without the tree.
        page.document.anchorBases = []
        page.document.countsThrough = []
        // A data page's data was read into facts by now; its markdown renders it.
        page.data = .null
        page.hasTree = false
        if let rereading {
            page.markdown = ""
            page.reread = rereading
        }
        return page
    }

    /// The page with its tree: parsed again from ``markdown`` (the text after
    /// the preprocessors, so the same tree as the first parse) when it was let
    /// go, or loaded again from its file when its markdown went too (then an
    /// error is reported if the file no longer holds what was read first, and
    /// the tree stays empty). What loading warns about was reported the first
    /// time. A plugin that needs a page's blocks in `summarize` or `generate`
    /// can call it, at the cost of a parse; reading them in `analyze` costs nothing more.
    public func withTree() -> Page {
        guard !hasTree else { return self }
        var page = self
        if let reread {
            guard let again = reread() else { return self }
            page.markdown = again.markdown
            page.document.root = again.document.root
            page.reread = nil
        } else {
            page.document.root = MarkdownParser.parse(markdown, firstLine: bodyFirstLine).root
        }
        page.hasTree = true
        return page
    }

    /// A hash of the markdown, to tell that a page loaded again is the one
    /// loaded first. Seeded per process, so it is never written anywhere.
    static func markdownHash(_ markdown: String) -> Int {
        var hasher = Hasher()
        var markdown = markdown
        markdown.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }

    /// Whether the page is a markdown document, not a data page (a
    /// `tasks.json`) or one of its parts.
    public var isDocument: Bool {
        guard part == nil else { return false }
        let lower = sourcePath.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// The folders the page sits in, as the reader sees them (`["planning", "phases"]`).
    public var sectionPath: [String] {
        Array(outputPath.split(separator: "/").dropLast().map(String.init))
    }

    /// The front matter's `description` (or `summary`), else the first
    /// paragraph of prose, shortened, for listings. A block of
    /// `**Status**: …` / `**Owner**: …` lines is metadata, not a summary.
    /// It reads the tree: the build works it out while the page has one.
    public var summary: String {
        guard hasTree else {
            // A file that no longer gives the page (reported) has no summary.
            let page = withTree()
            return page.hasTree ? page.summary : ""
        }
        if let description = frontMatter["description"]?.string ?? frontMatter["summary"]?.string {
            return description
        }
        // The page's lines, found once and only when a paragraph may be
        // metadata: a plan of thousands of such blocks rescanned the page for each.
        var lines: SourceLines?
        for block in document.root.children {
            guard case .paragraph = block.kind else { continue }
            let text = block.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            if block.endLine > block.line {
                let found = lines ?? SourceLines(markdown, firstLine: bodyFirstLine)
                lines = found
                if isMetadata(from: block.line, to: block.endLine, lines: found) { continue }
            }
            return text.count > 200 ? String(text.prefix(199)) + "…" : text
        }
        return ""
    }

    /// Whether the file lines `from...to` are all `**Key**: value` lines.
    private func isMetadata(from: Int, to: Int, lines: SourceLines) -> Bool {
        (from...to).allSatisfy { number in
            guard let line = lines[line: number] else { return false }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("**") || trimmed.hasPrefix("__") else { return false }
            let marker = trimmed.prefix(2)
            let rest = trimmed.dropFirst(2)
            guard let close = rest.range(of: marker) else { return false }
            let key = rest[..<close.lowerBound]
            let after = rest[close.upperBound...]
            return key.count <= 40 && (key.hasSuffix(":") || after.hasPrefix(":"))
        }
    }
}

/// A fact a plugin learned from a page (a design token, a flow, a work item).
/// Each plugin defines its own fact types; other plugins and templates find
/// them by type with ``Site/facts(of:)``.
public protocol Fact: Sendable {}

/// The whole site after analysis: every page in reading order and every fact.
public struct Site: Sendable {
    /// The settings.
    public var config: SiteConfig
    /// Every markdown page, in navigation order.
    public var pages: [Page] {
        didSet { positions = Self.positions(of: pages) }
    }
    /// Each page's index in ``pages``, by source path (the first, should two share one).
    private var positions: [String: Int]
    /// The facts each plugin found, per page source path.
    public var factsByPage: [String: [any Fact]]
    /// What each plugin's ``Plugin/summarize(_:context:)`` worked out, by plugin id.
    public var summaries: [String: any Sendable] = [:]

    /// Creates a site.
    public init(config: SiteConfig, pages: [Page], factsByPage: [String: [any Fact]] = [:]) {
        self.config = config
        self.pages = pages
        self.positions = Self.positions(of: pages)
        self.factsByPage = factsByPage
    }

    private static func positions(of pages: [Page]) -> [String: Int] {
        Dictionary(pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The relative URL a link on the built page `from` to the built path `to`
    /// is written with (`../PRD.html`, or `../PRD/` with pretty URLs). Both
    /// paths are as without pretty URLs, as `Page.outputPath` gives them.
    public func url(from: String, to: String) -> String {
        OutputPaths.link(from: from, to: to, pretty: config.prettyURLs)
    }

    /// The page built from `sourcePath`, if any.
    public func page(at sourcePath: String) -> Page? {
        positions[sourcePath].map { pages[$0] }
    }

    /// The summary of type `type` a plugin worked out for this build, if any
    /// (the plugin with the smallest id, should two give the same type).
    public func summary<T>(_ type: T.Type) -> T? {
        for id in summaries.keys.sorted() { if let summary = summaries[id] as? T { return summary } }
        return nil
    }

    /// Every fact of type `type`, with the page it came from, in page order.
    public func facts<T: Fact>(of type: T.Type) -> [(page: Page, fact: T)] {
        pages.flatMap { page in
            (factsByPage[page.sourcePath] ?? []).compactMap { $0 as? T }.map { (page, $0) }
        }
    }
}
