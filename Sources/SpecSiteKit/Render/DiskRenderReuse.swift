import Foundation

/// What the build cache on disk lets a build reuse of the last build's HTML:
/// a page whose inputs have the digest the last build recorded, and whose
/// file in the output folder still holds the bytes it wrote, is not rendered
/// again.
///
/// A page's HTML is made from its bytes, its output path, the site's shape
/// (``BuildCache/SiteShape``: paths, titles, order and anchors of every page,
/// the generated pages, the content's files, the templates) and the summaries
/// of the plugins that drew on it or found facts on it, as a session's
/// rebuild reuses it; the settings and the tool's build are in the cache's
/// own key.
struct DiskRenderReuse: Sendable {
    /// The output folder, whose files the last build wrote.
    let output: String
    /// What the last build recorded of each page's HTML, by source path.
    let previous: [String: DiskCache.RenderEntry]
    /// Each page's bytes digest, by source path.
    let pageDigests: [String: String]
    /// The digest of each plugin's summary input, by plugin id.
    let summaryDigests: [String: String]
    /// The digest of the site's shape.
    let shapeDigest: String

    init(use: DiskCache.Use, shape: BuildCache.SiteShape) {
        output = use.output
        previous = use.previous.rendered
        pageDigests = use.pageDigests
        summaryDigests = use.summaryDigests
        shapeDigest = Self.digest(of: shape)
    }

    /// The digest of the inputs of a page's HTML, drawn on by `plugins`
    /// (sorted), or nil when the page's bytes have no digest.
    func key(sourcePath: String, writtenPath: String, plugins: [String]) -> String? {
        guard let page = pageDigests[sourcePath] else { return nil }
        // One line per input; no input holds a line break but the path,
        // which is escaped by the encoding.
        var text = "page \(page)\nshape \(shapeDigest)\n"
        text += "path " + String(decoding: (try? JSONEncoder().encode(writtenPath)) ?? Data(), as: UTF8.self) + "\n"
        for plugin in plugins {
            text += "summary \(plugin) \(summaryDigests[plugin] ?? "none")\n"
        }
        return DiskCache.digest(Array(text.utf8))
    }

    /// The last build's entry and HTML for the page, when its inputs are what
    /// they were, every plugin with facts on it is among those it recorded,
    /// and the output still holds the HTML it wrote.
    func reusable(
        sourcePath: String, writtenPath: String, factPlugins: Set<String>
    ) -> (entry: DiskCache.RenderEntry, html: [UInt8])? {
        guard let entry = previous[sourcePath], factPlugins.isSubset(of: entry.plugins),
            key(sourcePath: sourcePath, writtenPath: writtenPath, plugins: entry.plugins) == entry.key,
            let data = FileManager.default.contents(atPath: output + "/" + writtenPath)
        else { return nil }
        let html = [UInt8](data)
        guard DiskCache.digest(html) == entry.html else { return nil }
        return (entry, html)
    }

    /// The entry to record for HTML just rendered.
    func entry(
        sourcePath: String, writtenPath: String, plugins: Set<String>, html: [UInt8], diagnostics: [Diagnostic],
        copied: [String]
    ) -> DiskCache.RenderEntry? {
        let sorted = plugins.sorted()
        guard let key = key(sourcePath: sourcePath, writtenPath: writtenPath, plugins: sorted) else { return nil }
        return DiskCache.RenderEntry(
            key: key, plugins: sorted, html: DiskCache.digest(html), diagnostics: diagnostics, copied: copied)
    }

    /// The digest of the site's shape, as sorted JSON.
    static func digest(of shape: BuildCache.SiteShape) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return DiskCache.digest(Array((try? encoder.encode(shape)) ?? Data(UUID().uuidString.utf8)))
    }
}
