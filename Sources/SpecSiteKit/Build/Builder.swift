import Foundation

/// What to build and how.
public struct BuildOptions: Sendable {
    /// The content folder, as the user named it (`content`).
    public var content: String
    /// The output folder (`site`).
    public var output: String
    /// A settings file to use instead of `CONTENT/specsite.yml`.
    public var configFile: String?
    /// Overrides `base_url` from the settings.
    public var baseURL: String?
    /// Treat warnings (broken links, unknown settings) as errors.
    public var strict: Bool
    /// The built-in plugins to run, in order; external plugins from the settings run after them.
    public var plugins: [any Plugin]
    /// The folder of the build cache on disk (``DiskCache``), or nil to
    /// build without one. A ``BuildSession`` reads and writes it on its
    /// first build only, and keeps its cache in memory after that.
    public var cacheFolder: String?
    /// How many bytes of markdown keep their parsed trees from analysis to
    /// rendering, counted over the documents in the order they are found:
    /// the pages past it let their trees (and, in a one-off build, their
    /// markdown) go after analysis and are parsed again to render. A tree
    /// takes about seven times its markdown, so a small site parses each page
    /// once and a large one holds at most this much of them; 0 lets every tree go.
    public var keptTreeBytes = BuildOptions.defaultKeptTreeBytes
    /// The default of ``keptTreeBytes``: 8 MB of markdown (some 450 documents
    /// of the benchmark's median size), about 60 MB of trees.
    public static let defaultKeptTreeBytes = 8_000_000

    /// Creates options.
    public init(
        content: String, output: String, configFile: String? = nil, baseURL: String? = nil, strict: Bool = false,
        plugins: [any Plugin] = [], cacheFolder: String? = nil
    ) {
        self.content = content
        self.output = output
        self.configFile = configFile
        self.baseURL = baseURL
        self.strict = strict
        self.plugins = plugins
        self.cacheFolder = cacheFolder
    }

    /// The cache folder `specsite build` uses unless told otherwise:
    /// `.specsite-cache` beside the output folder.
    public static func defaultCacheFolder(output: String) -> String {
        let parent = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().path
        return ContentDiscovery.join(parent, ".specsite-cache")
    }
}

/// What a finished build did.
public struct BuildSummary: Sendable, Equatable {
    /// Markdown pages rendered.
    public var pages: Int
    /// Pages plugins and the builder generated (home page, dashboards).
    public var generatedPages: Int
    /// Every file in the output, pages included.
    public var files: Int
    /// Files whose bytes changed.
    public var written: Int
    /// Files left untouched.
    public var unchanged: Int
    /// Warnings reported.
    public var warnings: Int
    /// Pages whose analysis was taken from the build cache on disk.
    public var fromCache = 0
    /// Pages whose HTML was taken from the output as the build cache allowed, not rendered again.
    public var renderedFromCache = 0
    /// Bytes of the search index (its page list and shards), when the site has one.
    public var searchIndexBytes: Int?
    /// The shards the search index is split into.
    public var searchShards = 0
    /// The largest shard, in bytes.
    public var searchLargestShard = 0
}

/// A build that reported errors (or warnings, with `--strict`) and wrote nothing.
public struct BuildFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Errors reported.
    public var errors: Int
    /// Warnings reported.
    public var warnings: Int
    /// Whether warnings counted as errors.
    public var strict: Bool

    /// A one-line explanation.
    public var description: String {
        var reasons: [String] = []
        if errors > 0 { reasons.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if strict && warnings > 0 { reasons.append("\(warnings) warning\(warnings == 1 ? "" : "s") (--strict)") }
        return "build failed: \(reasons.joined(separator: ", ")); the previous site was left as it was"
    }
}

/// A site read and analysed, ready to render: what commands that only read
/// (like a token or status report) need, without writing anything.
public struct LoadedSite: Sendable {
    /// Pages with every plugin's facts.
    public var site: Site
    /// The plugins, built-in then external.
    public var plugins: [any Plugin]
    /// Each plugin's context, by plugin id.
    public var contexts: [String: PluginContext]
    /// Non-markdown files of the content folder, by relative path.
    public var files: [String: SourceFile]
    /// The absolute path of the content folder.
    public var contentRoot: String
    /// The content folder as the user named it.
    public var displayRoot: String
    /// Where content may be read from (the content folder's real path, and
    /// whether links may lead outside it).
    var boundary: ContentBoundary
    /// Entries of the content folder that were skipped (links out of it,
    /// devices), by relative path, with the reason: a page linking one is told why.
    var refused: [String: String]
    /// Each page's summary for listings (``Page/summary``), by source path.
    var pageSummaries: [String: String] = [:]
    /// Each page's kind, by source path.
    var kinds: [String: DocumentKind] = [:]
    /// The ids a reader can jump to on each page, sorted, by source path.
    var anchors: [String: [String]] = [:]
    /// Pages parsed and analysed by this build (the others were reused).
    var reparsed = 0
    /// The revision of each page (see ``BuildCache/LoadedPage/revision``), by source path.
    var revisions: [String: Int] = [:]
    /// The plugins that found facts on each page, by source path.
    var factPlugins: [String: Set<String>] = [:]
    /// The generation of each plugin's summary input (see ``BuildCache/generation(of:for:)``), by plugin id.
    var generations: [String: Int] = [:]
    /// The build cache on disk and what this build leaves in it, when one is used.
    var diskCache: DiskCache.Use?
    /// Pages whose analysis came from the cache on disk.
    var fromDiskCache = 0
    /// Each markdown document's file (absolute path), by source path: its
    /// markdown copy for agents is read from there (see ``MarkdownCopies``).
    var pageFiles: [String: String] = [:]
    /// The bytes of documents already in memory (a build of documents held in
    /// memory, a session's cache), by source path: not read again for a copy.
    var heldBytes: [String: [UInt8]] = [:]
}

/// Builds a site: load → parse (in parallel) → analyse (in parallel) →
/// generate → render (in parallel) → write (atomically).
public struct Builder: Sendable {
    /// The options.
    public let options: BuildOptions
    /// Where diagnostics go.
    public let diagnostics: DiagnosticLog
    /// Called with a short line as each stage starts (for a progress display).
    public let progress: (@Sendable (String) -> Void)?

    /// Creates a builder.
    public init(options: BuildOptions, diagnostics: DiagnosticLog, progress: (@Sendable (String) -> Void)? = nil) {
        self.options = options
        self.diagnostics = diagnostics
        self.progress = progress
    }

    /// Builds the site and writes it. Throws ``BuildFailure`` when errors were
    /// reported (nothing is written then), or a ``Diagnostic`` for a problem
    /// that stopped the build early.
    @discardableResult
    public func build() throws -> BuildSummary {
        var cache = BuildCache(isEnabled: false)
        return try build(cache: &cache).summary
    }

    /// Builds the site, reusing what `cache` holds from an earlier build of the
    /// same folders and leaving in it what the next build can reuse. The
    /// stages, each run once: load (discover, parse and analyse each page, then
    /// summarise the site) → generate → render each page → write.
    func build(cache: inout BuildCache) throws -> (summary: BuildSummary, work: BuildWork) {
        var clock = StageClock()
        let contentRoot = try checkFolders()
        let loaded = try load(contentRoot: contentRoot, cache: &cache)
        warnIfEmpty(loaded)
        clock.lap("load")
        let templates = try SiteTemplates.load(
            overrides: contentRoot + "/templates", displayRoot: ContentDiscovery.join(options.content, "templates"),
            boundary: loaded.boundary, diagnostics: diagnostics)
        let generated = generate(loaded, cache: &cache)
        clock.lap("generate")
        // Taken out of the cache: after a build that fails, or a commit that
        // fails half-way, the next build writes the site whole.
        let committed = cache.isEnabled ? cache.written : nil
        cache.written = nil
        let writer = try SiteWriter(output: options.output, previous: committed)
        // Consumed: the renderer lets each generated output go once written.
        var renderer = SiteRenderer(
            loaded: loaded, templates: templates, generated: consume generated, diagnostics: diagnostics,
            progress: StageProgress("rendering pages", total: loaded.site.pages.count, report: progress))
        if cache.isEnabled {
            renderer.generations = loaded.generations
            renderer.keepsForNextBuild = true
            renderer.previous = cache.shape.map { ($0, cache.rendered) }
            renderer.previousGenerated = cache.generatedHTML
            renderer.previousSearch = cache.search
            renderer.previousIndexPages = cache.indexPages
            renderer.previousSetup = cache.renderSetup
        }
        renderer.diskUse = loaded.diskCache
        let rendered = renderer.render(into: writer)
        clock.lap("render")
        if cache.isEnabled {
            cache.shape = rendered.shape
            if rendered.patchesPrevious {
                // Let go of the renderer's reference first, so the entries are patched, not copied.
                renderer.previous = nil
                for path in rendered.dropped { cache.rendered[path] = nil }
                for (path, entry) in rendered.pages { cache.rendered[path] = entry }
            } else {
                cache.rendered = rendered.pages
            }
            cache.generatedHTML = rendered.generatedHTML
            cache.search = rendered.searchMade
            cache.indexPages = rendered.indexPages
            cache.renderSetup = rendered.setup
        }
        do {
            try stopIfFailed()
        } catch {
            writer.abort()
            throw error
        }
        progress?("writing \(rendered.files) files")
        let result = try writer.commit()
        if cache.isEnabled { cache.written = writer.written }
        if let disk = loaded.diskCache {
            let contents = DiskCache.Contents(
                format: DiskCache.format, key: disk.cache.key, pages: disk.pages, rendered: rendered.diskRendered)
            do {
                if contents != disk.previous { try disk.cache.write(contents) }
            } catch {
                diagnostics.note(
                    disk.cache.file, rule: .buildCache, "could not write the build cache: \(error.localizedDescription)"
                )
            }
        }
        clock.lap("commit")
        var summary = BuildSummary(
            pages: loaded.site.pages.count, generatedPages: rendered.generatedPages, files: rendered.files + 1,
            written: result.written, unchanged: result.unchanged, warnings: diagnostics.warningCount)
        summary.fromCache = loaded.fromDiskCache
        summary.renderedFromCache = rendered.fromDiskCache
        if let search = rendered.search {
            summary.searchIndexBytes = search.indexBytes
            summary.searchShards = search.shards
            summary.searchLargestShard = search.largestShard
        }
        return (
            summary, BuildWork(reparsed: loaded.reparsed, rerendered: rendered.rerendered, stages: clock.stages)
        )
    }

    /// Reads, parses, analyses and summarises the content without rendering or writing.
    public func load() throws -> LoadedSite {
        var cache = BuildCache(isEnabled: false)
        return try load(contentRoot: try checkContent(), cache: &cache)
    }

    /// A site of no document is most often the wrong folder named: said, for
    /// a build and a check, rather than a site of nothing written quietly.
    func warnIfEmpty(_ loaded: LoadedSite) {
        guard loaded.site.pages.isEmpty else { return }
        diagnostics.warning(
            loaded.displayRoot, rule: .emptyDocument,
            "no documents here (no .md or .markdown file): the site has only its home page")
    }

    private func stopIfFailed() throws {
        let failure = BuildFailure(
            errors: diagnostics.errorCount, warnings: diagnostics.warningCount, strict: options.strict)
        if failure.errors > 0 || (failure.strict && failure.warnings > 0) { throw failure }
    }

    /// The content folder's absolute path, or an error naming what is wrong.
    private func checkContent() throws(Diagnostic) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.content, isDirectory: &isDirectory) else {
            throw Diagnostic(.error, file: options.content, rule: .unreadable, "content folder not found")
        }
        guard isDirectory.boolValue else {
            throw Diagnostic(
                .error, file: options.content, rule: .unreadable,
                "content path is a file; give the folder that holds the documents")
        }
        return ContentDiscovery.realPath(options.content) ?? options.content
    }

    /// Refuses an output folder that is, contains or lies inside the content folder.
    private func checkFolders() throws(Diagnostic) -> String {
        let content = try checkContent()
        let output = Self.absolute(options.output)
        if output == content || output.hasPrefix(content + "/") || content.hasPrefix(output + "/") || output == "/" {
            throw Diagnostic(
                .error, file: options.output,
                rule: .output,
                "the output folder must be outside the content folder (\(options.content)) and must not contain it")
        }
        try SiteWriter.checkReplaceable(options.output)
        if let folder = options.cacheFolder {
            let cache = Self.absolute(folder)
            for (name, root) in [("content", content), ("output", output)]
            where cache == root || cache.hasPrefix(root + "/") || root.hasPrefix(cache + "/") {
                throw Diagnostic(
                    .error, file: folder,
                    rule: .output,
                    "the cache folder must be outside the \(name) folder (\(name == "content" ? options.content : options.output)) and must not contain it"
                )
            }
        }
        return content
    }

    /// An absolute path with symbolic links resolved as far as the path exists.
    public static func absolute(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        var existing = standardized
        var rest: [String] = []
        while ContentDiscovery.realPath(existing) == nil, existing != "/" {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let base = ContentDiscovery.realPath(existing) ?? existing
        return rest.isEmpty ? base : ([base == "/" ? "" : base] + rest).joined(separator: "/")
    }

    private func load(contentRoot: String, cache: inout BuildCache) throws -> LoadedSite {
        try load(config: try loadConfig(contentRoot: contentRoot), contentRoot: contentRoot, cache: &cache) {
            boundary in
            ContentDiscovery.discover(
                root: contentRoot, displayRoot: options.content, skip: ["templates", "specsite.yml"],
                boundary: boundary, diagnostics: diagnostics)
        }
    }

    /// The settings a build of the content folder reads now.
    func currentConfig() throws -> SiteConfig {
        try loadConfig(contentRoot: try checkContent())
    }

    /// The settings, whose rules the log applies from now on (a log a
    /// session reuses forgets the rules of settings since removed).
    private func loadConfig(contentRoot: String) throws(Diagnostic) -> SiteConfig {
        let config = try readConfig(contentRoot: contentRoot)
        diagnostics.apply(config.rules)
        return config
    }

    private func readConfig(contentRoot: String) throws(Diagnostic) -> SiteConfig {
        let path: String
        let display: String
        if let file = options.configFile {
            path = file
            display = file
            guard FileManager.default.fileExists(atPath: file) else {
                throw Diagnostic(.error, file: file, rule: .unreadable, "settings file not found")
            }
        } else {
            path = contentRoot + "/specsite.yml"
            display = ContentDiscovery.join(options.content, "specsite.yml")
            guard FileManager.default.fileExists(atPath: path) else { return SiteConfig() }
            // Read as content is (the setting that could allow links out is
            // inside it): a link out, a FIFO or /proc file is refused by name.
            if case .failure(let refusal) = ContentBoundary(folder: contentRoot).contents(of: path) {
                throw Diagnostic(
                    .error, file: display,
                    rule: .unreadable,
                    "cannot read settings: the file \(refusal.reason)"
                        + (refusal == .outside ? "; name a settings file elsewhere with --config" : ""))
            }
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw Diagnostic(
                .error, file: display, rule: .unreadable, "cannot read settings (missing, unreadable or not UTF-8)")
        }
        return try SiteConfig.parse(text, file: display, diagnostics: diagnostics)
    }

    /// Gives each page its output path; two sources that would land on the same
    /// page (`a.md` and `a.markdown`, `.planning/` and `planning/`) are an error.
    func assignOutputPaths(_ pages: [Page]) -> [Page] {
        // Not `NSString.deletingLastPathComponent`, which traps on Linux for a one-character path.
        func folder(_ path: String) -> String { OutputPaths.folderOf(path) }
        let foldersWithIndex = Set(
            pages.filter {
                OutputPaths.isIndex(
                    OutputPaths.stem(of: String($0.sourcePath.split(separator: "/").last ?? "")),
                    readmeIsIndex: false)
            }.map { folder($0.sourcePath) })
        var taken: [String: String] = [:]
        var result: [Page] = []
        for var page in pages {
            page.outputPath = OutputPaths.page(
                for: page.sourcePath, readmeIsIndex: !foldersWithIndex.contains(folder(page.sourcePath)))
            if let other = taken[page.outputPath] {
                diagnostics.error(
                    page.displayPath,
                    rule: .duplicateOutput,
                    "builds to the same page as \(ContentDiscovery.join(options.content, other)) (\(page.outputPath)); rename one"
                )
                continue
            }
            taken[page.outputPath] = page.sourcePath
            result.append(page)
        }
        return result
    }
}
