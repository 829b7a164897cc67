import Foundation

/// What the build cache on disk lets a build reuse of the last build's HTML:
/// a page whose inputs have the digest the last build recorded, and whose
/// file in the output folder still holds the bytes it wrote, is not rendered
/// again.
///
/// A page's HTML is made from its bytes, its output path, the site's shape
/// (``BuildCache/SiteShape``: paths, titles, order and anchors of every page,
/// the generated pages, the content's files, the templates) and the summaries
/// of the plugins that drew on it or found facts on it, or only the slice of
/// each it draws (``SummarySlice/fingerprint``), as a session's rebuild
/// reuses it; the settings and the tool's build are in the cache's own key.
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

    /// The digest of the inputs of a page's HTML other than the summaries:
    /// its bytes, its output path and the site's shape; nil when the page's
    /// bytes have no digest.
    func base(sourcePath: String, writtenPath: String) -> String? {
        guard let page = pageDigests[sourcePath] else { return nil }
        // Length-prefixed, so no path can pass for another field.
        let text = "page \(page)\nshape \(shapeDigest)\npath \(writtenPath.utf8.count):\(writtenPath)"
        return DiskCache.digest(Array(text.utf8))
    }

    /// The last build's entry and HTML for the page, updated to this build's
    /// summaries, when its inputs are what they were: the same base, every
    /// plugin with facts on it among those it recorded, and for each of
    /// those either the same summary input or the same slice of the summary
    /// (`slice` gives this build's); and the output still holds the HTML.
    func reusable(
        sourcePath: String, writtenPath: String, factPlugins: Set<String>, slice: (String) -> SummarySlice?
    ) -> (entry: DiskCache.RenderEntry, html: [UInt8])? {
        guard var entry = previous[sourcePath], factPlugins.isSubset(of: entry.plugins),
            base(sourcePath: sourcePath, writtenPath: writtenPath) == entry.base
        else { return nil }
        for plugin in entry.plugins {
            guard let summary = summaryDigests[plugin] else { return nil }
            if entry.summaries[plugin] == summary { continue }
            guard let old = entry.slices[plugin], let now = slice(plugin)?.fingerprint, now == old else {
                return nil
            }
            entry.summaries[plugin] = summary
        }
        guard let data = FileManager.default.contents(atPath: output + "/" + writtenPath) else { return nil }
        let html = [UInt8](data)
        guard DiskCache.digest(html) == entry.html else { return nil }
        return (entry, html)
    }

    /// The entry to record for HTML just rendered, drawn on by `plugins`.
    func entry(
        sourcePath: String, writtenPath: String, plugins: Set<String>, slice: (String) -> SummarySlice?,
        html: [UInt8], diagnostics: [Diagnostic], copied: [String]
    ) -> DiskCache.RenderEntry? {
        guard let base = base(sourcePath: sourcePath, writtenPath: writtenPath) else { return nil }
        var summaries: [String: String] = [:]
        var slices: [String: String] = [:]
        for plugin in plugins {
            // A plugin missing from this build's digests: the entry is never reused.
            guard let summary = summaryDigests[plugin] else { return nil }
            summaries[plugin] = summary
            slices[plugin] = slice(plugin)?.fingerprint
        }
        return DiskCache.RenderEntry(
            base: base, plugins: plugins.sorted(), summaries: summaries, slices: slices,
            html: DiskCache.digest(html), diagnostics: diagnostics, copied: copied)
    }

    /// The digest of the site's shape, as sorted JSON.
    static func digest(of shape: BuildCache.SiteShape) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return DiskCache.digest(Array((try? encoder.encode(shape)) ?? Data(UUID().uuidString.utf8)))
    }
}
