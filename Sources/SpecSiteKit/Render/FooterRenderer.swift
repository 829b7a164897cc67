import Foundation

/// The `footer` setting, markdown, drawn at the foot of every page. Its links
/// are written against the content folder's root, like a page there, and go
/// through the same resolver as pages' links: `.md` files lead to their pages,
/// folders to their indexes, linked files are copied, broken ones are reported
/// once (at the setting's line). Each page then gets them relative to itself.
struct FooterRenderer: Sendable {
    /// The parsed footer; nil when the setting is empty.
    private let document: MarkdownDocument?
    /// Each link as written → as resolved from the site root.
    private let resolved: [String: String]
    private let pretty: Bool
    private let allowRawHTML: Bool

    init(config: SiteConfig, links: LinkResolver, displayPath: String) {
        pretty = config.prettyURLs
        allowRawHTML = config.allowRawHTML
        let text = config.footer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            document = nil
            resolved = [:]
            return
        }
        let document = MarkdownParser.parse(text)
        // The footer stands where the settings file does, at the content root.
        let root = Page(
            sourcePath: "specsite.yml", displayPath: displayPath, outputPath: "index.html", frontMatter: .null,
            title: "", markdown: text, document: document, order: nil)
        final class Collector: @unchecked Sendable {  // filled by one synchronous render below
            var urls: [String: String] = [:]
        }
        let collector = Collector()
        let line = config.footerLine
        _ = try? HTMLRenderer(
            allowRawHTML: config.allowRawHTML,
            rewriteURL: { destination, isImage, _ in
                let url = links.resolve(destination, isImage: isImage, line: line, on: root)
                collector.urls[destination] = url
                return url
            }
        ).render(document.root)
        self.document = document
        resolved = collector.urls
    }

    /// The footer's HTML on the page built at `outputPath`.
    func html(on outputPath: String) -> String {
        guard let document else { return "" }
        let root = OutputPaths.rootPrefix(from: OutputPaths.writtenPath(outputPath, pretty: pretty))
        let renderer = HTMLRenderer(
            allowRawHTML: allowRawHTML,
            rewriteURL: { destination, _, _ in
                let url = resolved[destination] ?? destination
                // Relative to the root: lead there from this page first.
                guard !url.isEmpty, !LinkResolver.hasScheme(url), !url.hasPrefix("/"), !url.hasPrefix("#") else {
                    return url
                }
                return root + url
            })
        return (try? renderer.render(document.root)) ?? ""
    }
}
