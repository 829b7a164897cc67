import Foundation

/// The search index (see ``SearchIndex``): each page's sections as it is
/// rendered, then the page list and the shards.
extension SiteRenderer {
    /// The numbers pages have in the index: the claimed markdown pages in
    /// reading order, then the plugins' pages. The home page, folder indexes
    /// and 404 page list other pages, so they are not searched. A plugin's
    /// page at a markdown page's path (an error the build reports) is not.
    func searchNumbers(
        claimed: Set<String>, pluginPages: [GeneratedPage]
    ) -> (markdown: [String: Int], plugins: [String: Int]) {
        var markdown: [String: Int] = [:]
        for page in loaded.site.pages where claimed.contains(page.outputPath) && markdown[page.outputPath] == nil {
            markdown[page.outputPath] = markdown.count
        }
        var plugins: [String: Int] = [:]
        for page in pluginPages
        where claimed.contains(page.outputPath) && markdown[page.outputPath] == nil && plugins[page.outputPath] == nil {
            plugins[page.outputPath] = markdown.count + plugins.count
        }
        return (markdown, plugins)
    }

    /// Adds a page to the index and writes its file; returns what it gave
    /// the index. `kept` says the entry is the last build's.
    @discardableResult
    func index(
        _ entry: SearchIndex.PageEntry, outputPath: String, number: Int, into search: SearchIndex, outputs: OutputSet,
        kept: Bool = false
    ) -> SearchIndex.PageEntry {
        let url = HTMLEscaping.percentEncodePath(
            OutputPaths.link(from: "index.html", to: outputPath, pretty: loaded.site.config.prettyURLs))
        outputs.add(
            SearchIndex.pagePath(number), search.add(entry, number: number, url: url, kept: kept),
            from: "search (\(outputPath))")
        return entry
    }

    /// Writes the page list and the shards (the last build's, when they are the same).
    func writeSearchIndex(
        _ search: SearchIndex, numbers: (markdown: [String: Int], plugins: [String: Int]), outputs: OutputSet
    ) -> SearchIndex.Made {
        let made = search.files(
            numbers: numbers.markdown.merging(numbers.plugins) { first, _ in first }, previous: previousSearch)
        for file in made.files { outputs.add(file.path, file.bytes, from: "search", unchanged: made.reused) }
        return made
    }
}
