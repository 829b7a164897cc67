import Foundation

/// A page's file: the template context every page shares and its own, the
/// template rendered, and the content put in place; and the sitemap.
extension SiteRenderer {
    /// What every page's template context shares.
    struct SharedContext: Sendable {
        var config: SiteConfig
        var stylesheets: [String]
        var scripts: [String]
        var logo: String?
        var footer: FooterRenderer
    }

    /// Stands for a page's content while its template is rendered (see ``document(for:navigation:shared:templates:)``):
    /// characters no text of a page has, and an `&`, which a template that escapes the
    /// content would change.
    static let contentMarker = "\u{E000}&specsite-content;\u{E001}"

    /// The page's file: its template, rendered, with its content in place.
    ///
    /// The template is rendered around ``contentMarker`` and the content put where the marker
    /// came out, once, rather than rendered through the template: the Mustache library copies
    /// a block's text twice on its way into the layout, and the Tokens page of a large site is
    /// 60 MB. A template that prints the content any other way (escaped, twice, not at all),
    /// or a page whose other text holds the marker's first character, is rendered whole, as before.
    static func document(
        for view: PageView, navigation: Navigation, shared: SharedContext, templates: SiteTemplates
    ) -> [UInt8] {
        let parts = documentParts(for: view, navigation: navigation, shared: shared, templates: templates)
        var content = parts.content
        return content.withUTF8 { body in
            // Appended from its buffer: appending the string's UTF-8 view went a byte at a time.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(parts.head.count + body.count + parts.tail.count)
            bytes += parts.head
            bytes += body
            bytes += parts.tail
            return bytes
        }
    }

    /// A page's file in three pieces: the template's bytes before the
    /// content, the content, and the template's bytes after it (the whole
    /// file in `head` when the template is rendered with its content).
    struct DocumentParts {
        var head: [UInt8]
        var content = ""
        var tail: [UInt8] = []

        /// Most bytes of the content handed over at once by ``write(to:)``.
        static let slice = 1 << 20

        /// Hands the file's bytes to `write` in order, the content a slice at
        /// a time: a page written so is never held whole beside its content.
        func write(to write: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) {
            try write(head)
            // Sliced from the content's buffer (a slice of its UTF-8 view is
            // copied a byte at a time); `withUTF8` cannot pass a typed error on.
            var content = content
            var failure: Diagnostic?
            content.withUTF8 { bytes in
                var start = 0
                while start < bytes.count {
                    let end = min(start + Self.slice, bytes.count)
                    do throws(Diagnostic) {
                        try write(Array(bytes[start..<end]))
                    } catch {
                        failure = error
                        return
                    }
                    start = end
                }
            }
            if let failure { throw failure }
            if !tail.isEmpty { try write(tail) }
        }
    }

    /// ``document(for:navigation:shared:templates:)`` in the pieces it is made of.
    static func documentParts(
        for view: PageView, navigation: Navigation, shared: SharedContext, templates: SiteTemplates
    ) -> DocumentParts {
        var (template, context) = Self.context(for: view, navigation: navigation, shared: shared)
        func whole() -> DocumentParts {
            context["content"] = view.contentHTML
            return DocumentParts(head: Array(templates.render(template, context).utf8))
        }
        guard !holdsMarker(context) else { return whole() }
        context["content"] = contentMarker
        var skeleton = templates.render(template, context)
        let markers = skeleton.byteRanges(of: contentMarker, limit: 2)
        guard markers.count == 1, let marker = markers.first else { return whole() }
        // The same bytes as the whole render: control characters are replaced scalar by
        // scalar, so replacing them in the content alone is replacing them in its place.
        return skeleton.withUTF8 { frame in
            DocumentParts(
                head: Array(frame[..<marker.lowerBound]),
                content: HTMLEscaping.replacingControlCharacters(view.contentHTML),
                tail: Array(frame[marker.upperBound...]))
        }
    }

    /// Whether any text of a template context holds the marker's first character.
    private static func holdsMarker(_ value: Any) -> Bool {
        switch value {
        case let text as String: text.containsBytes("\u{E000}")
        case let texts as [String]: texts.contains { holdsMarker($0) }
        case let fields as [String: String]: fields.values.contains { holdsMarker($0) }
        case let fields as [String: Any]: fields.values.contains { holdsMarker($0) }
        default: false
        }
    }

    /// The template a page is drawn with, and what it is given, but its content.
    private static func context(
        for view: PageView, navigation: Navigation, shared: SharedContext
    ) -> (template: String, context: [String: Any]) {
        let config = shared.config
        let writtenAt = OutputPaths.writtenPath(view.outputPath, pretty: config.prettyURLs)
        let root = OutputPaths.rootPrefix(from: writtenAt)
        // A written 404.md is drawn as the 404 page too.
        let template = view.outputPath == NotFoundPage.path ? NotFoundPage.template : view.template
        var page: [String: Any] = ["title": view.title, "path": view.outputPath]
        // Absent rather than nil or empty: Mustache prints a nil as "nil" and
        // takes an empty string as true.
        if let source = view.sourcePath { page["source"] = source }
        if let copy = view.markdownCopy {
            page["markdown"] = HTMLEscaping.percentEncodePath(
                OutputPaths.urlPath(OutputPaths.fileLink(from: view.outputPath, to: copy, pretty: config.prettyURLs)))
        }
        let summary = view.summary.isEmpty ? config.description : view.summary
        if !summary.isEmpty { page["summary"] = summary }
        var context: [String: Any] = [
            "site": ["title": config.title, "description": config.description, "language": config.language],
            "page": page,
            "nav": navigation.html(current: view.outputPath),
            "breadcrumbs": navigation.breadcrumbs(current: view.outputPath, title: view.title),
            "footer": shared.footer.html(on: view.outputPath),
            "root": root,
            "home": navigation.url(from: view.outputPath, to: "index.html"),
            "stylesheets": shared.stylesheets.map { root + $0 },
            "scripts": shared.scripts.map { root + $0 },
            "version": specsiteVersion,
        ]
        if config.search { context["search"] = true }
        if let logo = shared.logo { context["logo"] = root + HTMLEscaping.percentEncodePath(OutputPaths.urlPath(logo)) }
        if !view.tocHTML.isEmpty { context["toc"] = view.tocHTML }
        let (previous, next) = navigation.neighbours(of: view.outputPath)
        func link(_ entry: Navigation.Entry) -> [String: String] {
            [
                "title": entry.title,
                "url": HTMLEscaping.percentEncodePath(
                    OutputPaths.link(from: view.outputPath, to: entry.path, pretty: config.prettyURLs)),
            ]
        }
        if template != NotFoundPage.template {
            if let previous { context["prev"] = link(previous) }
            if let next { context["next"] = link(next) }
            context["hasPageNav"] = previous != nil || next != nil
        }
        if let baseURL = config.baseURL {
            if template == NotFoundPage.template {
                // Served at any missing address: resolve its links from the site root.
                context["baseHref"] = baseURL
            } else {
                context["canonical"] = baseURL + publicPath(view.outputPath, pretty: config.prettyURLs)
            }
        }
        return (template, context)
    }

    /// A page's path after the base URL: `docs/PRD.html`, `docs/PRD/` (pretty), `` for the home page.
    static func publicPath(_ path: String, pretty: Bool) -> String {
        let url = OutputPaths.link(from: "index.html", to: path, pretty: pretty)
        return HTMLEscaping.percentEncodePath(url == "./" ? "" : url)
    }

    static func sitemap(baseURL: String, paths: [String], pretty: Bool) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths.sorted() {
            xml += "<url><loc>"
            HTMLEscaping.append(baseURL + publicPath(path, pretty: pretty), to: &xml)
            xml += "</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}
