import Foundation

/// The build cache on disk (``DiskCache``) as the load stage uses it: opening
/// it, reading a page's facts from it, and making the entries the build leaves.
extension Builder {
    /// The digest of each plugin's summary input for the cache on disk: the
    /// pages' paths and titles in order, and the revision of the plugin's
    /// facts on each page that has some. A page with facts but no entry gives
    /// a digest no other build shares.
    static func summaryDigests(
        of site: Site, plugins: [any Plugin], pages: [String: DiskCache.PageEntry]
    ) -> [String: String] {
        var shared = ""
        for page in site.pages {
            for part in [page.sourcePath, page.outputPath, page.title] {
                // Length-prefixed, so no text can pass for two fields.
                shared += "\(part.utf8.count):\(part)"
            }
        }
        var digests: [String: String] = [:]
        for plugin in plugins {
            var text = shared + "\nfacts"
            for page in site.pages {
                let facts = site.factsByPage[page.sourcePath] ?? []
                let kept = pages[page.sourcePath]?.facts.first { $0.plugin == plugin.id }
                if let kept {
                    text += "\(page.sourcePath.utf8.count):\(page.sourcePath)\(kept.revision)"
                } else if !facts.isEmpty && pages[page.sourcePath] == nil {
                    text += UUID().uuidString
                }
            }
            digests[plugin.id] = DiskCache.digest(Array(text.utf8))
        }
        return digests
    }

    /// The build cache on disk and the pages it holds (none when it is
    /// missing or not trusted), or nil when this build uses none: a session's
    /// later builds (which reuse what it keeps in memory), `--no-cache`, or
    /// a plugin that cannot keep its facts (an external one).
    func openDiskCache(
        config: SiteConfig, contentRoot: String, plugins: [any Plugin], firstOfSession: Bool
    ) -> DiskCache.Use? {
        guard let folder = options.cacheFolder, firstOfSession else { return nil }
        if let plugin = plugins.first(where: { $0.factCoding == nil }) {
            diagnostics.note(
                nil, rule: .buildCache, "build cache not used: plugin '\(plugin.id)' cannot keep its facts")
            return nil
        }
        let settings = DiskCache.Settings(
            tool: DiskCache.toolBuild, config: config.sourceText, configFile: config.file, baseURL: options.baseURL,
            displayRoot: options.content, pluginIDs: plugins.map(\.id))
        let output = Self.absolute(options.output)
        let cache = DiskCache(folder: Self.absolute(folder), content: contentRoot, output: output, settings: settings)
        let (contents, problem) = cache.read()
        if let problem { diagnostics.note(cache.file, rule: .buildCache, "build cache ignored: \(problem)") }
        return DiskCache.Use(
            cache: cache, output: output,
            previous: contents ?? DiskCache.Contents(format: DiskCache.format, key: cache.key, pages: [:]))
    }

    /// A page's facts from its entry in the cache on disk, or nil when a
    /// plugin's facts cannot be read back.
    static func decodeFacts(
        _ entry: DiskCache.PageEntry, codings: [String: FactCoding]
    ) -> [(plugin: String, facts: [any Fact])]? {
        var facts: [(plugin: String, facts: [any Fact])] = []
        for kept in entry.facts {
            guard let coding = codings[kept.plugin], let decoded = coding.decode(Array(kept.bytes)) else {
                return nil
            }
            facts.append((kept.plugin, decoded))
        }
        return facts
    }

    /// A page's entry for the cache on disk, or nil when a plugin cannot keep
    /// its facts. Facts equal to those of the page's `previous` entry keep
    /// their revision.
    static func encodeFacts(
        _ facts: [(plugin: String, facts: [any Fact])], digest: String, diagnostics: [Diagnostic],
        codings: [String: FactCoding], previous: DiskCache.PageEntry?
    ) -> DiskCache.PageEntry? {
        var kept: [DiskCache.PluginFacts] = []
        for (plugin, found) in facts {
            guard let coding = codings[plugin], let bytes = coding.encode(found) else { return nil }
            var revision = DiskCache.digest(Array("\(digest) \(plugin)".utf8))
            if let old = previous?.facts.first(where: { $0.plugin == plugin }),
                let decoded = coding.decode(Array(old.bytes)), BuildCache.sameFacts(decoded, found)
            {
                revision = old.revision
            }
            kept.append(DiskCache.PluginFacts(plugin: plugin, bytes: Data(bytes), revision: revision))
        }
        return DiskCache.PageEntry(digest: digest, facts: kept, diagnostics: diagnostics)
    }
}
