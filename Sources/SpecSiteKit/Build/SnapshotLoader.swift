import Foundation

/// Loads past versions of a content folder, held in memory (from git's
/// history), one after another, as ``Builder/load()`` loads the folder on
/// disk: the same discovery rules, parse and plugins' analysis.
///
/// It keeps what it read between versions, so a file whose bytes did not
/// change since the last version is not parsed again: replaying a history
/// costs a parse of each file's changes, not of every file at every commit.
/// The settings are the folder's current ones for every version, and what the
/// versions report (a past warning) goes to a log of its own, not the user's.
/// External plugins are not run: a past version must not start a program.
public final class SnapshotLoader {
    private let builder: Builder
    private let config: SiteConfig
    private var cache = BuildCache(isEnabled: true)

    /// Loads with `builder`'s plugins and the settings `builder.load()` reads.
    public init(options: BuildOptions) throws {
        var options = options
        options.cacheFolder = nil
        let quiet = DiagnosticLog()
        builder = Builder(options: options, diagnostics: quiet)
        var config = try builder.currentConfig()
        config.externalPlugins = []
        self.config = config
        cache.recordsAnchors = false
    }

    /// What a result read with this loader depends on besides the files: the
    /// tool's build (a new one may read pages differently), the content
    /// folder, the settings and the plugins. A cache keyed by it is not used
    /// after any of them changes.
    public var settingsKey: String {
        [
            DiskCache.toolBuild, Builder.absolute(builder.options.content), builder.options.content,
            config.file ?? "", config.sourceText ?? "", builder.options.plugins.map(\.id).joined(separator: ","),
        ].joined(separator: "\u{1F}")
    }

    /// ``settingsKey`` as a SHA-256 in hex, to name a cache file by.
    public var settingsDigest: String { DiskCache.digest(Array(settingsKey.utf8)) }

    /// Whether a content-relative path can be a page of a version: a markdown
    /// file, or a data file a plugin reads as pages, outside `templates/`,
    /// not the settings, not under `.git`.
    public func isPage(_ path: String) -> Bool {
        Builder.isWalkable(path)
            && (SourceFile(relativePath: path, absolutePath: "").isMarkdown
                || builder.options.plugins.contains { $0.readsAsPage(path) })
    }

    /// The site of one version: `documents` maps content-relative paths to
    /// bytes (only paths ``isPage(_:)`` accepts are read).
    public func load(_ documents: [String: [UInt8]]) throws -> LoadedSite {
        let files = documents.keys.filter(isPage).sorted().map {
            SourceFile(relativePath: $0, absolutePath: "/nonexistent/" + $0)
        }
        return try builder.load(
            config: config, contentRoot: builder.options.content, contents: documents, cache: &cache
        ) { _ in ContentDiscovery.Discovery(files: files, refused: [:]) }
    }
}
