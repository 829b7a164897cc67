import Foundation

/// The `footer` setting, markdown, drawn at the foot of every page with its
/// links made relative to that page: `PRD.md` leads to the built PRD from
/// any folder, and `https:` links are kept.
struct FooterRenderer: Sendable {
    /// The parsed footer; nil when the setting is empty.
    private let document: MarkdownDocument?
    private let outputBySource: [String: String]
    private let pretty: Bool
    private let allowRawHTML: Bool

    init(config: SiteConfig, pages: [Page]) {
        let text = config.footer.trimmingCharacters(in: .whitespacesAndNewlines)
        document = text.isEmpty ? nil : MarkdownParser.parse(text)
        outputBySource = Dictionary(pages.map { ($0.sourcePath, $0.outputPath) }, uniquingKeysWith: { a, _ in a })
        pretty = config.prettyURLs
        allowRawHTML = config.allowRawHTML
    }

    /// The footer's HTML on the page built at `outputPath`.
    func html(on outputPath: String) -> String {
        guard let document else { return "" }
        let renderer = HTMLRenderer(
            allowRawHTML: allowRawHTML,
            rewriteURL: { destination, _, _ in
                guard !destination.isEmpty, !LinkResolver.hasScheme(destination), !destination.hasPrefix("//"),
                    !destination.hasPrefix("#")
                else { return destination }
                let (path, fragment) = LinkResolver.split(destination)
                guard let target = OutputPaths.resolve(path, against: "") else { return destination }
                let built = outputBySource[target] ?? OutputPaths.file(for: target)
                return OutputPaths.link(from: outputPath, to: built, pretty: pretty) + (fragment.map { "#" + $0 } ?? "")
            })
        return (try? renderer.render(document.root)) ?? ""
    }
}
