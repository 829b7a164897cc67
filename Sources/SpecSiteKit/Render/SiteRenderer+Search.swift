import Foundation

/// The search index (see ``SearchIndex``): each page's sections as it is
/// rendered, then the page list and the shards.
extension SiteRenderer {
    /// The numbers pages have in the index: the claimed markdown pages in
    /// reading order, then the plugins' pages. The home page, folder indexes
    /// and 404 page list other pages, so they are not searched.
    func searchNumbers(claimed: Set<String>, pluginPages: [GeneratedPage]) -> [String: Int] {
        var numbers: [String: Int] = [:]
        for page in loaded.site.pages where claimed.contains(page.outputPath) && numbers[page.outputPath] == nil {
            numbers[page.outputPath] = numbers.count
        }
        for page in pluginPages where claimed.contains(page.outputPath) && numbers[page.outputPath] == nil {
            numbers[page.outputPath] = numbers.count
        }
        return numbers
    }

    /// Adds a page to the index and writes its sections' file.
    func index(
        _ document: SearchDocument, outputPath: String, number: Int, into search: SearchIndex, outputs: OutputSet
    ) {
        let url = HTMLEscaping.percentEncodePath(
            OutputPaths.link(from: "index.html", to: outputPath, pretty: loaded.site.config.prettyURLs))
        outputs.add(
            SearchIndex.pagePath(number), search.add(document, number: number, url: url),
            from: "search (\(outputPath))")
    }

    /// Writes the page list and the shards.
    func writeSearchIndex(_ search: SearchIndex, outputs: OutputSet) -> SearchIndex.Written {
        let (files, written) = search.files()
        for file in files { outputs.add(file.path, file.bytes, from: "search") }
        return written
    }
}
