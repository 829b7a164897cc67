import Foundation

/// The stages before generating: set up the plugins, find the files, parse and
/// analyse each page (or reuse what the cache holds for its bytes), order the
/// pages, and work out each plugin's summary of the site (or reuse it when its
/// inputs are what they were).
extension Builder {
    /// Sets up the plugins, then parses and analyses the files `scan` finds
    /// within the boundary; `contents` holds the bytes of files kept in
    /// memory, by relative path.
    func load(
        config: SiteConfig, contentRoot: String, contents: [String: [UInt8]] = [:], cache: inout BuildCache,
        scan: (ContentBoundary) -> ContentDiscovery.Discovery
    ) throws -> LoadedSite {
        let display = options.content
        var config = config
        if let baseURL = options.baseURL {
            if let problem = SiteConfig.baseURLProblem(baseURL) {
                throw Diagnostic(.error, file: nil, rule: .settings, "--base-url \(problem)")
            }
            config.baseURL = baseURL
        }
        if let baseURL = config.baseURL, !baseURL.hasSuffix("/") { config.baseURL = baseURL + "/" }

        let configFile = config.file ?? ContentDiscovery.join(display, "specsite.yml")
        let plugins: [any Plugin] =
            options.plugins
            + config.externalPlugins.map {
                ExternalPlugin(config: $0, workingDirectory: contentRoot, configFile: configFile)
            }
        var pluginContexts: [String: PluginContext] = [:]
        for plugin in plugins {
            if pluginContexts[plugin.id] != nil {
                throw Diagnostic(.error, file: configFile, rule: .settings, "two plugins share the id '\(plugin.id)'")
            }
            pluginContexts[plugin.id] = PluginContext(
                settings: config.pluginSettings[plugin.id] ?? .null, config: config, diagnostics: diagnostics,
                contentFolder: contents.isEmpty ? options.content : nil, cacheFolder: options.cacheFolder)
        }
        let contexts = pluginContexts
        // Parses and facts depend on the settings and the plugins: when those
        // change, nothing read before is reused. External plugins run
        // programs whose output may change with no file changing: their pages
        // are always read again.
        let settings = BuildCache.Settings(
            config: config.sourceText, configFile: config.file, baseURL: options.baseURL, pluginIDs: plugins.map(\.id))
        if cache.settings != settings {
            cache.clear()
            cache.settings = settings
        }
        let reusesPages = cache.isEnabled && config.externalPlugins.isEmpty
        // A session reads and writes it on its first build only (it keeps its
        // cache in memory after that), so `serve` starts from the last build's analysis.
        let disk = openDiskCache(
            config: config, contentRoot: contentRoot, plugins: plugins, firstOfSession: cache.pages.isEmpty)
        let codings = Dictionary(
            plugins.compactMap { plugin in plugin.factCoding.map { (plugin.id, $0) } },
            uniquingKeysWith: { first, _ in first })

        progress?("reading \(display)")
        let boundary = ContentBoundary(folder: contentRoot, followLinksOutside: config.followLinksOutside)
        let discovery = scan(boundary)
        let found = discovery.files
        // Markdown documents, and the data files a plugin reads as pages,
        // each followed by the pages it is split into.
        let (markdown, preparsed) = withDataPageParts(
            found.filter { file in file.isMarkdown || plugins.contains { $0.readsAsPage(file.relativePath) } },
            found: found, plugins: plugins, contents: contents, boundary: boundary, cache: &cache)
        var files: [String: SourceFile] = [:]
        for file in found where !file.isMarkdown { files[file.relativePath] = file }

        let parsing = StageProgress("parsing documents", total: markdown.count, report: progress)
        let diagnostics = self.diagnostics
        let rawHTML = config.allowRawHTML
        let previous = cache.pages
        let firstRevision = cache.revision + 1
        let now = SourceStamp.now()
        let diskPages = disk?.previous.pages ?? [:]
        // Not `disk == nil` in the closure: that copies the whole cache for every page.
        let usesDisk = disk != nil
        let recordsAnchors = cache.recordsAnchors
        // A one-off build lets each page's markdown go with its tree and
        // reads the file again to render it, so it holds neither for every
        // page at once. A session holds the files' bytes anyway (to compare
        // the next time), and external plugins' preprocessors are programs
        // not to run twice: those keep the markdown.
        let rereadsPages = !reusesPages && config.externalPlugins.isEmpty
        // Which pages keep their trees: the first documents found, up to
        // `keptTreeBytes` of them, decided from their sizes before any is
        // read, so the same pages keep them on every run.
        var keptBytes = 0
        // A data file split into pages counts a share of its size for each.
        var pagesPerFile: [String: Int] = [:]
        for file in markdown where file.part != nil { pagesPerFile[file.filePath, default: 1] += 1 }
        let keepsTree = markdown.map { file -> Bool in
            var size = contents[file.filePath]?.count ?? file.stamp.map { Int($0.file.size) } ?? Int.max
            if let pages = pagesPerFile[file.filePath], size != Int.max { size /= pages }
            guard size <= options.keptTreeBytes - keptBytes else { return false }
            keptBytes += size
            return true
        }
        let read = markdown.enumerated().map { $0 }.parallelMap { offset, file -> ReadPage in
            defer { parsing.step() }
            // Made only for a page that is read: most of a rebuild's are not.
            // A data file's parts name the file in messages.
            var displayPath: String { ContentDiscovery.join(display, file.filePath) }
            let bytes: [UInt8]
            // Taken before reading: a file written while it is read gets a new stamp.
            var stamp: SourceStamp?
            if let held = contents[file.filePath] {
                bytes = held
            } else {
                if reusesPages {
                    stamp = file.stamp ?? SourceStamp(path: file.absolutePath)
                    if let stamp, let known = previous[file.relativePath], known.stamp == stamp {
                        DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                        return ReadPage(loaded: known, reuse: .untouched)
                    }
                }
                switch boundary.contents(of: file.absolutePath) {
                case .success(let read): bytes = read
                case .failure(let refusal):
                    let problem = Diagnostic(
                        .error, file: displayPath, rule: .unreadable, "cannot read file: \(refusal.reason)")
                    diagnostics.report(problem)
                    return ReadPage(
                        loaded: BuildCache.LoadedPage(
                            bytes: [], stamp: nil, revision: 0, page: nil, facts: [], diagnostics: [problem],
                            summary: ""), reuse: .read)
                }
            }
            let settled = stamp.flatMap { $0.settled(at: now) ? $0 : nil }
            if reusesPages, var known = previous[file.relativePath], known.bytes == bytes {
                DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                known.stamp = settled
                return ReadPage(loaded: known, reuse: .restamped)
            }
            // A log and contexts of the page's own, so what it reports can be
            // reported again when a rebuild reuses its parse and facts.
            let log = DiagnosticLog(recordingInto: diagnostics)
            let pageContexts = contexts.mapValues {
                $0.reporting(to: log)
            }
            let page = PageLoader.load(
                file, bytes: bytes, displayPath: displayPath, plugins: plugins, contexts: pageContexts,
                rawHTML: rawHTML, diagnostics: log, data: preparsed[file.filePath],
                keepsVersions: reusesPages, previous: reusesPages ? previous[file.relativePath]?.page : nil)
            // Loads the page from its file again to render it, quietly (what
            // loading reports was reported now); the file must give the same markdown.
            // (Pages held in memory have no file to read again.)
            let rereads = rereadsPages && contents[file.filePath] == nil
            let hash = rereads ? page.map { Page.markdownHash($0.markdown) } : nil
            let reread: @Sendable () -> Page? = {
                let quiet = DiagnosticLog()
                let quietContexts = contexts.mapValues {
                    $0.reporting(to: quiet)
                }
                guard case .success(let bytes) = boundary.contents(of: file.absolutePath),
                    let again = PageLoader.load(
                        file, bytes: bytes, displayPath: displayPath, plugins: plugins, contexts: quietContexts,
                        rawHTML: rawHTML, diagnostics: quiet),
                    Page.markdownHash(again.markdown) == hash
                else {
                    diagnostics.error(
                        displayPath, rule: .unreadable, "changed while the site was being built; build again")
                    return nil
                }
                return again
            }
            var facts: [(plugin: String, facts: [any Fact])] = []
            let digest = usesDisk ? DiskCache.digest(bytes) : nil
            var entry: DiskCache.PageEntry?
            var fromDisk = false
            if page != nil, let digest, let known = diskPages[file.relativePath], known.digest == digest,
                let decoded = Self.decodeFacts(known, codings: codings)
            {
                DiagnosticLog.replay(known.diagnostics, into: log)
                facts = decoded
                entry = known
                fromDisk = true
            } else if let page {
                // The analysis's own log, so the cache on disk keeps what it
                // reported apart from what parsing did (which is redone).
                let analysisLog = DiagnosticLog(recordingInto: log, keepsNotes: digest != nil || log.keepsNotes)
                let analysisContexts = contexts.mapValues {
                    $0.reporting(to: analysisLog)
                }
                for plugin in plugins {
                    do {
                        let found = try plugin.analyze(page, context: analysisContexts[plugin.id]!)
                        if !found.isEmpty { facts.append((plugin.id, found)) }
                    } catch {
                        PageLoader.report(
                            error, plugin: plugin, displayPath: page.displayPath, line: 1, diagnostics: analysisLog)
                    }
                }
                if let digest {
                    entry = Self.encodeFacts(
                        facts, digest: digest, diagnostics: analysisLog.recorded, codings: codings,
                        previous: diskPages[file.relativePath])
                }
            }
            let revision = firstRevision + offset
            var loaded = BuildCache.LoadedPage(
                bytes: reusesPages ? bytes : [], stamp: settled, revision: revision, page: page, facts: facts,
                diagnostics: log.recorded, summary: page?.summary ?? "")
            if let page {
                loaded.kind = DocumentKind.of(page)
                if recordsAnchors {
                    loaded.anchors = LinkResolver.anchors(of: page, rawHTML: rawHTML).sorted()
                }
                // Everything the later stages read of the tree is read by now:
                // past the budget, rendering parses the page again rather
                // than every tree being held.
                if !keepsTree[offset] {
                    loaded.page = rereads ? page.releasingTree(rereading: reread) : page.releasingTree()
                }
            }
            let before = previous[file.relativePath]
            for (plugin, found) in facts {
                let old = before?.facts.first { $0.plugin == plugin }?.facts
                let kept = before?.factRevisions[plugin]
                loaded.factRevisions[plugin] =
                    reusesPages && old.map { BuildCache.sameFacts($0, found) } == true ? kept ?? revision : revision
            }
            return ReadPage(loaded: loaded, reuse: .read, diskEntry: entry, fromDisk: fromDisk)
        }
        cache.revision = firstRevision + markdown.count
        var reparsed = 0
        var nextDiskPages: [String: DiskCache.PageEntry] = [:]
        var fromDiskCache = 0
        for index in read.indices {
            if read[index].reuse == .read { reparsed += 1 }
            if let entry = read[index].diskEntry { nextDiskPages[markdown[index].relativePath] = entry }
            if read[index].fromDisk { fromDiskCache += 1 }
        }
        let assembly = assemble(read, paths: markdown.map(\.relativePath), reuses: reusesPages, cache: &cache)
        let kinds = assembly.kinds
        var loadedPages = assembly.pages.compactMap { $0 }

        let pages = laidOut(loadedPages, kinds: kinds, cache: &cache)
        loadedPages = []
        var site = Site(config: config, pages: pages, factsByPage: assembly.factsByPage)
        progress?("summarising \(pages.count) pages")
        let generations = summarize(
            &site, plugins: plugins, contexts: contexts, factRevisions: assembly.factRevisions,
            reuses: reusesPages, cache: &cache)
        var loaded = LoadedSite(
            site: site, plugins: plugins, contexts: contexts, files: files, contentRoot: contentRoot,
            displayRoot: display, boundary: boundary, refused: discovery.refused)
        loaded.pageSummaries = assembly.pageSummaries
        loaded.kinds = kinds
        loaded.anchors = assembly.anchors
        loaded.reparsed = reparsed
        loaded.revisions = assembly.revisions
        loaded.factPlugins = assembly.factPlugins
        loaded.generations = generations
        if config.llms {
            for (index, file) in markdown.enumerated() where file.isMarkdown && file.part == nil {
                loaded.pageFiles[file.relativePath] = file.absolutePath
                if let held = contents[file.filePath] {
                    loaded.heldBytes[file.relativePath] = held
                } else if !read[index].loaded.bytes.isEmpty {
                    loaded.heldBytes[file.relativePath] = read[index].loaded.bytes
                }
            }
        }
        if var disk {
            disk.pages = nextDiskPages
            disk.pageDigests = nextDiskPages.mapValues(\.digest)
            disk.summaryDigests = Self.summaryDigests(of: site, plugins: plugins, pages: nextDiskPages)
            loaded.diskCache = disk
            loaded.fromDiskCache = fromDiskCache
        }
        return loaded
    }

    /// Each plugin's summary of `site`, stored in it, reused from the cache
    /// when the plugin's summary input (every page's path and title, and
    /// where its facts on each page last changed) is what it was; returns the
    /// generation of each plugin's input, which the later stages key by.
    func summarize(
        _ site: inout Site, plugins: [any Plugin], contexts: [String: PluginContext],
        factRevisions: [String: [String: Int]], reuses: Bool, cache: inout BuildCache
    ) -> [String: Int] {
        // A plain loop by index: a closure over the pages copied each one
        // (a large value) once per plugin.
        var pageKeys: [BuildCache.SummaryInput.PageKey] = []
        pageKeys.reserveCapacity(site.pages.count)
        for index in site.pages.indices {
            pageKeys.append(
                BuildCache.SummaryInput.PageKey(
                    sourcePath: site.pages[index].sourcePath, outputPath: site.pages[index].outputPath,
                    title: site.pages[index].title))
        }
        // Each page's fact revisions looked up once for every plugin, not once per plugin.
        var factKeys: [String: [BuildCache.SummaryInput.FactKey]] = [:]
        for plugin in plugins { factKeys[plugin.id] = [] }
        for page in pageKeys {
            guard let revisions = factRevisions[page.sourcePath] else { continue }
            for (plugin, revision) in revisions where factKeys[plugin] != nil {
                factKeys[plugin]!.append(
                    BuildCache.SummaryInput.FactKey(sourcePath: page.sourcePath, revision: revision))
            }
        }
        var generations: [String: Int] = [:]
        var summaries: [String: any Sendable] = [:]
        var kept: [String: BuildCache.Summary] = [:]
        var pending: [(index: Int, generation: Int)] = []
        for (index, plugin) in plugins.enumerated() {
            let input = BuildCache.SummaryInput(pages: pageKeys, facts: factKeys[plugin.id] ?? [])
            let generation = cache.generation(of: plugin.id, for: input)
            generations[plugin.id] = generation
            if reuses, let known = cache.summaries[plugin.id], known.generation == generation {
                DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                summaries[plugin.id] = known.value
                kept[plugin.id] = known
                continue
            }
            pending.append((index, generation))
        }
        // The plugins that must summarise again do so side by side: on a large site
        // the tokens catalog and the status report each take a while, and none reads
        // another's summary (the site gets them all at once, below). Each reports
        // into a log of its own; the build's diagnostics are printed sorted.
        let frozen = site
        let diagnostics = self.diagnostics
        let displayPath = options.content
        let made = pending.parallelMap { entry -> (value: (any Sendable)?, log: DiagnosticLog) in
            let plugin = plugins[entry.index]
            let log = DiagnosticLog(recordingInto: diagnostics)
            let shared = contexts[plugin.id]!
            var value: (any Sendable)?
            do {
                value = try plugin.summarize(
                    frozen, context: shared.reporting(to: log))
            } catch {
                PageLoader.report(error, plugin: plugin, displayPath: displayPath, line: 0, diagnostics: log)
            }
            return (value, log)
        }
        for (entry, result) in zip(pending, made) {
            let id = plugins[entry.index].id
            summaries[id] = result.value
            if reuses {
                kept[id] = BuildCache.Summary(
                    generation: entry.generation, value: result.value, diagnostics: result.log.recorded)
            }
        }
        site.summaries = summaries
        cache.summaries = kept
        return generations
    }
}

extension Builder {
    /// `pages` with their output paths, in reading order: the last build's
    /// layout when every page's path, order and kind are what they were.
    func laidOut(_ pages: [Page], kinds: [String: DocumentKind], cache: inout BuildCache) -> [Page] {
        // Every page's kind is known once it was read; without one there is no key.
        let keys = pages.compactMap { page in
            kinds[page.sourcePath].map {
                BuildCache.PageLayout.Key(sourcePath: page.sourcePath, order: page.order, kind: $0)
            }
        }
        let keyed = keys.count == pages.count
        if cache.isEnabled, keyed, let layout = cache.layout, layout.keys == keys {
            return layout.readingOrder.map { index in
                var page = pages[index]
                page.outputPath = layout.outputPaths[index]
                return page
            }
        }
        let assigned = assignOutputPaths(pages)
        let sorted = PageOrder.sorted(assigned, kinds: kinds)
        // A clash (two pages built to one path) fails the build: nothing to keep.
        if cache.isEnabled, keyed, assigned.count == pages.count {
            let position = Dictionary(
                pages.enumerated().map { ($1.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
            var outputPaths = pages.map(\.outputPath)
            for page in assigned { outputPaths[position[page.sourcePath]!] = page.outputPath }
            cache.layout = BuildCache.PageLayout(
                keys: keys, outputPaths: outputPaths, readingOrder: sorted.map { position[$0.sourcePath]! })
        } else {
            cache.layout = nil
        }
        return sorted
    }
}

extension Builder {
    /// What reading one markdown file gave.
    struct ReadPage {
        enum Reuse {
            /// The last build's entry, its stamp unchanged: the file was not read.
            case untouched
            /// The last build's entry with a new stamp: the file was read and its bytes were the same.
            case restamped
            /// Parsed and analysed anew (or the file could not be read).
            case read
        }
        var loaded: BuildCache.LoadedPage
        var reuse: Reuse
        /// What to keep of it in the cache on disk.
        var diskEntry: DiskCache.PageEntry? = nil
        /// Whether its analysis came from the cache on disk.
        var fromDisk = false
    }

    /// The per-page tables the later stages look up, from what was read.
    /// In a session, the last build's tables are patched where a page's
    /// revision changed rather than made again: at 10,000 pages, making
    /// them (and freeing the last ones) was a large part of a rebuild.
    /// Also leaves each page's entry in `cache.pages`.
    func assemble(
        _ read: [ReadPage], paths: [String], reuses: Bool, cache: inout BuildCache
    ) -> BuildCache.Assembly {
        if reuses, var assembly = cache.assembly, assembly.paths == paths {
            // Taken out while it is patched, so its tables are not copied.
            cache.assembly = nil
            for index in read.indices where read[index].reuse != .untouched {
                let path = paths[index]
                let entry = read[index].loaded
                cache.pages[path] = entry.revision > 0 ? entry : nil
                guard entry.revision != assembly.pageRevisions[index] || entry.revision == 0 else { continue }
                assembly.set(entry, at: index, path: path)
            }
            cache.assembly = assembly
            return assembly
        }
        var assembly = BuildCache.Assembly(paths: paths)
        var entries: [String: BuildCache.LoadedPage] = [:]
        for index in read.indices {
            let path = paths[index]
            if reuses, read[index].loaded.revision > 0 { entries[path] = read[index].loaded }
            assembly.set(read[index].loaded, at: index, path: path)
        }
        cache.pages = entries
        cache.assembly = reuses ? assembly : nil
        return assembly
    }
}
