import Foundation
import SpecSiteKit

/// The whole-site Tokens page: every token by kind, then by the document it
/// is written in, with a filter box, the exports, and hints about colours
/// that repeat or cannot be told apart.
struct TokensPage {
    let catalog: TokenCatalog
    let site: Site
    /// The documents whose tokens `tokens.json` and `tokens.css` hold; nil when
    /// they are not written.
    let exportedFrom: Set<String>?
    /// Pages by the path messages and tokens name them with.
    private let pages: [String: Page]

    init(catalog: TokenCatalog, site: Site, exportedFrom: Set<String>?) {
        self.catalog = catalog
        self.site = site
        self.exportedFrom = exportedFrom
        pages = Dictionary(site.pages.map { ($0.displayPath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The generated page.
    var page: GeneratedPage {
        GeneratedPage(outputPath: TokensPlugin.pagePath, title: "Tokens", contentHTML: content, order: 900)
    }

    private var content: String {
        let tokens = catalog.unique.tokens
        var views = TokenViews(catalog: catalog)
        views.relativeFile = relative
        let documents = Set(tokens.map(\.source.file)).count
        // Past a few thousand tokens, cards would make a page of tens of
        // megabytes; a row per token keeps it readable and small.
        let compact = tokens.count > Self.cardLimit
        let names = TokenViews.paired(tokens).count
        let hints = self.hints()
        var html = "<h1 id=\"tokens\">Tokens</h1>\n"
        html +=
            "<p class=\"tk-lead\">\(names) token\(names == 1 ? "" : "s")"
            + (names == tokens.count ? "" : " (\(tokens.count) values, light and dark counted apart)")
            + " from \(documents) document\(documents == 1 ? "" : "s"), grouped by kind."
        if !hints.summary.isEmpty { html += " <a href=\"#hints\">\(hints.summary)</a>." }
        html += "</p>\n"
        if let exportedFrom {
            let sources = Set(tokens.map(\.source.file))
            let left = sources.subtracting(exportedFrom).count
            html +=
                "<p class=\"tk-exports\">Download: <a href=\"tokens.json\" download>tokens.json</a> "
                + "(W3C Design Tokens format) · <a href=\"tokens.css\" download>tokens.css</a> (CSS custom properties)"
            if exportedFrom.isEmpty {
                html += ", empty: no design-system document holds tokens"
            } else {
                let names = exportedFrom.map(relative).sorted().map { "<code>\(HTMLEscaping.escape($0))</code>" }
                html += ", from \(names.joined(separator: ", "))"
            }
            if left > 0 {
                html +=
                    ". Tokens of \(left) other document\(left == 1 ? "" : "s") (plans, guides, examples) are listed here"
                    + " but not exported; <code>plugins.tokens.export_from</code> in <code>specsite.yml</code> chooses"
            }
            html += ".</p>\n"
        }
        html +=
            "<div class=\"tk-filter\" hidden><label for=\"tk-filter\">Filter tokens</label>"
            + "<input type=\"search\" id=\"tk-filter\" placeholder=\"Name, value or kind\" autocomplete=\"off\">"
            + "<p class=\"tk-filter-count\" aria-live=\"polite\"></p></div>\n"

        for kind in DesignToken.Kind.allCases {
            let ofKind = tokens.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            let anchor = "kind-" + kind.rawValue.lowercased()
            html += "<section class=\"tk-section\" aria-labelledby=\"\(anchor)\">"
            html +=
                "<h2 id=\"\(anchor)\">\(kind.title) <span class=\"tk-count\">\(Set(ofKind.map(\.name)).count)</span></h2>\n"
            var files: [String] = []
            var byFile: [String: [DesignToken]] = [:]
            for token in ofKind {
                if byFile[token.source.file] == nil { files.append(token.source.file) }
                byFile[token.source.file, default: []].append(token)
            }
            for file in files {
                let fromFile = byFile[file] ?? []
                html += "<section class=\"tk-document\">"
                html += "<h3 id=\"\(anchor)-\(Self.slug(relative(file)))\">\(documentLink(file))</h3>"
                html +=
                    compact
                    ? compactTable(fromFile) : views.grid(fromFile, sourceLinks: { self.sourceLink($0) })
                html += "</section>\n"
            }
            html += "</section>\n"
        }
        // Hints come last: they are worth reading once, the tokens every time.
        return html + hints.html
    }

    /// A document as the content folder names it (`DESIGN_SYSTEM.md`), not as
    /// the build was invoked (`./content/DESIGN_SYSTEM.md`): the page must not
    /// change with how the folder was spelled.
    private func relative(_ file: String) -> String { pages[file]?.sourcePath ?? file }

    /// Up to this many tokens the page draws cards; beyond it, table rows.
    static let cardLimit = 2_000
    /// Hints listed of each sort; the rest are counted.
    static let hintLimit = 100

    /// One row per token: its colour or value, name, mode and source.
    private func compactTable(_ tokens: [DesignToken]) -> String {
        var html =
            "<div class=\"table-wrap\"><table class=\"tk-table\"><thead><tr><th>Token</th><th>Mode</th>"
            + "<th>Value</th><th>Written at</th></tr></thead><tbody>"
        var documents: [String: (name: String, href: String?)] = [:]
        for token in tokens {
            let file = token.source.file
            let document = documents[file] ?? self.document(file)
            documents[file] = document
            let css = TokenExport.cssValue(token.value)
            let search = [token.name, token.kind.title, token.written, css].joined(separator: " ").lowercased()
            var dot = ""
            if case .color(let color) = token.value {
                dot = "<span class=\"tk-dot\" style=\"--tk-color: \(color.hex)\" aria-hidden=\"true\"></span>"
            }
            html +=
                "<tr class=\"tk-row\" data-search=\"\(HTMLEscaping.escape(search))\">"
                + "<td><code>\(HTMLEscaping.escape(token.name))</code></td><td>\(HTMLEscaping.escape(token.condition))</td>"
                + "<td>\(dot)<code>\(HTMLEscaping.escape(css))</code></td><td>\(sourceLink(token, in: document))</td></tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// Duplicate and near-duplicate colours, as hints, and a one-line summary of them.
    private func hints() -> (html: String, summary: String) {
        let duplicates = catalog.duplicateColors
        let near = catalog.nearDuplicateColors()
        let conflicts = catalog.conflictsBetweenDocuments
        guard !duplicates.isEmpty || !near.isEmpty || !conflicts.isEmpty else { return ("", "") }
        var counts: [String] = []
        if !conflicts.isEmpty {
            counts.append("\(conflicts.count) name\(conflicts.count == 1 ? "" : "s") with different values")
        }
        if !duplicates.isEmpty {
            counts.append("\(duplicates.count) colour\(duplicates.count == 1 ? "" : "s") written under several names")
        }
        if !near.isEmpty {
            counts.append("\(near.count) pair\(near.count == 1 ? "" : "s") too close to tell apart")
        }
        var html = "<section class=\"tk-hints\" aria-labelledby=\"hints\"><h2 id=\"hints\">Hints</h2>"
        if !conflicts.isEmpty {
            html +=
                "<h3 id=\"hints-conflicts\">Same name, different values</h3><p>The first, in reading order, "
                + "is the one listed above and exported.</p><ul>"
            for (kept, dropped) in conflicts.prefix(Self.hintLimit) {
                html +=
                    "<li><code>\(HTMLEscaping.escape(kept.name))</code>\(modeSuffix(kept)): "
                    + "<code>\(HTMLEscaping.escape(TokenExport.cssValue(kept.value)))</code> at \(sourceLink(kept)), "
                    + "<code>\(HTMLEscaping.escape(TokenExport.cssValue(dropped.value)))</code> at \(sourceLink(dropped))</li>"
            }
            html += "</ul>" + more(conflicts.count)
        }
        if !duplicates.isEmpty {
            html += "<h3 id=\"hints-duplicates\">Same colour, several names</h3><ul>"
            for group in duplicates.prefix(Self.hintLimit) {
                guard case .color(let color) = group[0].value else { continue }
                let names = group.map { "<code>\(HTMLEscaping.escape($0.name))</code>\(modeSuffix($0))" }
                html +=
                    "<li><span class=\"tk-dot\" style=\"--tk-color: \(color.hex)\" aria-hidden=\"true\"></span>"
                    + "<code>\(color.hex)</code>: \(names.joined(separator: ", "))</li>"
            }
            html += "</ul>" + more(duplicates.count)
        }
        if !near.isEmpty {
            html += "<h3 id=\"hints-near\">Colours too close to tell apart (ΔE₀₀ &lt; 2)</h3><ul>"
            for (first, second, distance) in near.prefix(Self.hintLimit) {
                guard case .color(let a) = first.value, case .color(let b) = second.value else { continue }
                html +=
                    "<li><span class=\"tk-dot\" style=\"--tk-color: \(a.hex)\" aria-hidden=\"true\"></span>"
                    + "<span class=\"tk-dot\" style=\"--tk-color: \(b.hex)\" aria-hidden=\"true\"></span>"
                    + "<code>\(HTMLEscaping.escape(first.name))</code>\(modeSuffix(first)) <code>\(a.hex)</code> and "
                    + "<code>\(HTMLEscaping.escape(second.name))</code>\(modeSuffix(second)) <code>\(b.hex)</code>: "
                    + "ΔE₀₀ \(String(format: "%.2f", distance))</li>"
            }
            html += "</ul>" + more(near.count)
        }
        return (html + "</section>\n", "Hints: " + counts.joined(separator: ", "))
    }

    /// `and 1,520 more.` when a hint list was cut short.
    private func more(_ count: Int) -> String {
        count > Self.hintLimit ? "<p>… and \(count - Self.hintLimit) more.</p>" : ""
    }

    private func modeSuffix(_ token: DesignToken) -> String {
        token.condition.isEmpty ? "" : " (\(HTMLEscaping.escape(token.condition)))"
    }

    /// A link to the document a token group comes from, titled as the site titles it.
    private func documentLink(_ file: String) -> String {
        guard let page = pages[file] else { return HTMLEscaping.escape(file) }
        let url = site.url(from: TokensPlugin.pagePath, to: page.outputPath)
        return "<a href=\"\(HTMLEscaping.escapeURL(url))\">\(HTMLEscaping.escape(page.title))</a>"
    }

    /// `DESIGN_SYSTEM.md:24`, linking to the page.
    private func sourceLink(_ token: DesignToken) -> String {
        sourceLink(token, in: document(token.source.file))
    }

    /// `token`'s line in `document` (``document(_:)`` of its file, which a table of one
    /// document's thousands of rows works out once).
    private func sourceLink(_ token: DesignToken, in document: (name: String, href: String?)) -> String {
        let label = HTMLEscaping.escape(document.name + ":\(token.source.line)")
        guard let href = document.href else { return label }
        return "<a href=\"\(href)\">\(label)</a>"
    }

    /// A document's file name and the escaped link to its page, if it has one.
    private func document(_ file: String) -> (name: String, href: String?) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let page = pages[file] else { return (name, nil) }
        return (name, HTMLEscaping.escape(site.url(from: TokensPlugin.pagePath, to: page.outputPath)))
    }

    static func slug(_ text: String) -> String {
        TokenExport.cssName([text])
    }
}
