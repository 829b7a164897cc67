import Foundation

extension Builder {
    /// Runs every stage of ``build()`` — load, generate, render each page —
    /// so every problem a build would report is reported to ``diagnostics``,
    /// but writes nothing: no site, no build cache. The output folder is not
    /// looked at. Returns the loaded site, for what a command adds to the
    /// report (the plans' hints).
    ///
    /// Throws a ``Diagnostic`` for a problem that stops a build early
    /// (settings that cannot be read, a template that does not parse);
    /// everything else is in ``diagnostics``.
    public func check() throws -> LoadedSite {
        var cache = BuildCache(isEnabled: false)
        let loaded = try load()
        warnIfEmpty(loaded)
        let templates = try SiteTemplates.load(
            overrides: loaded.contentRoot + "/templates",
            displayRoot: ContentDiscovery.join(options.content, "templates"),
            boundary: loaded.boundary, diagnostics: diagnostics)
        var renderer = SiteRenderer(
            loaded: loaded, templates: templates, generated: generate(loaded, cache: &cache),
            diagnostics: diagnostics,
            progress: StageProgress("checking pages", total: loaded.site.pages.count, report: progress))
        // Rendered to nowhere: broken links and anchors, missing images and
        // the plugins' drawing problems are found while rendering.
        _ = renderer.render { _, _, _ in }
        return loaded
    }
}
