import SpecSiteKit

/// The Flows page: a map of every screen, then every flow of the site, by
/// document, each with where it is written.
struct FlowsPage {
    let site: Site
    let entries: [(page: Page, fact: FlowFact)]
    let linksFiles: Bool

    /// Most flows drawn inline on the page. Past it, each drawing is its file,
    /// loaded as the reader scrolls to it: at 8,000 flows inline SVG made a
    /// 63 MB page (the files follow the system's light or dark setting, not
    /// the site's theme toggle).
    static let inlineLimit = 200

    var page: GeneratedPage {
        GeneratedPage(outputPath: FlowsPlugin.pagePath, title: "Flows", contentHTML: content, order: 910)
    }

    private var content: String {
        let count = entries.reduce(0) { $0 + $1.fact.flows.count }
        let documents = entries.count
        var html = "<h1 id=\"flows\">Flows</h1>\n"
        html += "<p class=\"lead\">\(count) \(count == 1 ? "flow" : "flows") in \(documents)"
        html += " \(documents == 1 ? "document" : "documents"), drawn from the screens and steps the specs"
        html += " write down.</p>\n"
        if documents > 1 {
            // Named apart from the sidebar ('Documents'): two landmarks of one name cannot be told apart.
            html += "<nav aria-label=\"Flows by document\"><ul>\n"
            for (page, fact) in entries {
                html +=
                    "<li><a href=\"#\(HTMLEscaping.escape(anchor(of: page)))\">\(HTMLEscaping.escape(page.title))</a>"
                html += " <span class=\"flow-where\">(\(fact.flows.count))</span></li>\n"
            }
            html += "</ul></nav>\n"
        }
        // The flows joined into one map, once there is more than one to join;
        // architecture diagrams show no screens.
        let screenFlows = entries.flatMap(\.fact.flows).filter(\.showsScreens)
        if screenFlows.count > 1 { html += ScreenMap(flows: screenFlows).html }
        let inline = count <= Self.inlineLimit || !linksFiles
        if !inline {
            html += "<p class=\"flow-where\">Drawings are shown from their files in <code>flows/</code>, loaded as"
            html += " you scroll.</p>\n"
        }
        for (page, fact) in entries {
            let pageURL = site.url(from: FlowsPlugin.pagePath, to: page.outputPath)
            html += "<section class=\"flows-index\" aria-labelledby=\"\(HTMLEscaping.escape(anchor(of: page)))\">\n"
            html +=
                "<h2 id=\"\(HTMLEscaping.escape(anchor(of: page)))\"><a href=\"\(HTMLEscaping.escapeURL(pageURL))\">"
            html += "\(HTMLEscaping.escape(page.title))</a></h2>\n"
            for flow in fact.flows {
                html += "<h3>\(HTMLEscaping.escape(flow.title))</h3>\n"
                html += "<p class=\"flow-where\">Written as \(notationName(flow.notation)) at "
                html += "<a href=\"\(HTMLEscaping.escapeURL(pageURL + "#" + flow.elementID))\">"
                // Named from the content folder, as the site's reader knows it,
                // not by where the build happened to run.
                html += "\(HTMLEscaping.escape(page.sourcePath)):\(flow.line)</a></p>\n"
                let fileURL = site.url(from: FlowsPlugin.pagePath, to: FlowsPlugin.folder + "/" + flow.fileName)
                let image = inline ? nil : Self.image(of: flow, url: fileURL)
                html += FlowDrawing.figure(flow, fileURL: linksFiles ? fileURL : nil, pageURL: nil, drawing: image)
            }
            html += "</section>\n"
        }
        return html
    }

    /// The flow's file as a lazily loaded image of its own size.
    private static func image(of flow: FlowDefinition, url: String) -> String {
        let width = Int(clamping: flow.layout?.width ?? 0, to: 1...100_000, rounding: .towardZero)
        let height = Int(clamping: flow.layout?.height ?? 0, to: 1...100_000, rounding: .towardZero)
        return
            "<img src=\"\(HTMLEscaping.escapeURL(url))\" alt=\"\(HTMLEscaping.escape(FlowDrawing.describe(flow.graph, screens: flow.showsScreens)))\""
            + " width=\"\(width)\" height=\"\(height)\" loading=\"lazy\" decoding=\"async\">\n"
    }

    private func anchor(of page: Page) -> String {
        "doc-" + FlowsPlugin.slug(of: page)
    }

    private func notationName(_ notation: FlowDefinition.Notation) -> String {
        switch notation {
        case .prose: "arrows in the text"
        case .flowBlock: "a <code>flow</code> block"
        case .mermaid: "a <code>mermaid</code> flowchart"
        }
    }
}
