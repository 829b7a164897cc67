import Foundation

extension Builder {
    /// Builds markdown documents held in memory as ``build()`` builds a content
    /// folder — every stage and plugin, the same diagnostics in ``diagnostics`` —
    /// but reads and writes no file, and returns the site's files by path.
    ///
    /// It exists for fuzzing and tests, which run the whole pipeline on many
    /// inputs and have no use for a site on disk. `documents` maps content-relative paths
    /// (`.planning/ROADMAP.md`) to bytes. Paths a folder walk could not give
    /// (empty, `.` or `..` components, `.git`, the top-level `templates` and
    /// `specsite.yml`) and files that are neither markdown nor a plugin's data
    /// pages are left out, so there is nothing to copy. The settings' external plugins are not run: no input
    /// may start a process. The site is returned even when errors were
    /// reported, where ``build()`` would write nothing.
    @_spi(Testing)
    public func build(
        documents: [String: [UInt8]], config: SiteConfig, templates: SiteTemplates
    ) throws -> [String: [UInt8]] {
        var config = config
        config.externalPlugins = []
        let files = documents.keys.filter(Self.isWalkable).sorted().map {
            SourceFile(relativePath: $0, absolutePath: "/nonexistent/" + $0)
        }.filter { file in file.isMarkdown || options.plugins.contains { $0.readsAsPage(file.relativePath) } }
        var cache = BuildCache(isEnabled: false)
        let loaded = try load(config: config, contentRoot: options.content, contents: documents, cache: &cache) { _ in
            ContentDiscovery.Discovery(files: files, refused: [:])
        }
        let site = MemorySite()
        var renderer = SiteRenderer(
            loaded: loaded, templates: templates, generated: generate(loaded, cache: &cache),
            diagnostics: diagnostics,
            progress: StageProgress("rendering pages", total: loaded.site.pages.count, report: nil))
        _ = renderer.render { path, bytes, _ in site.add(path, bytes) }
        return site.files
    }

    /// Whether `path` is a relative path `ContentDiscovery.scan` could return.
    static func isWalkable(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return !components.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0 == ".git" || $0.contains("\0") }
            && components.first != "templates" && path != "specsite.yml"
    }
}

/// The files of a site built in memory; `add` is called from several threads.
private final class MemorySite: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: [String: [UInt8]] = [:]

    func add(_ path: String, _ bytes: [UInt8]) {
        lock.withLock { stored[path] = bytes }
    }

    var files: [String: [UInt8]] { lock.withLock { stored } }
}
