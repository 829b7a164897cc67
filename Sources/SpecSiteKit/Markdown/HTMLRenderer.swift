/// Renders a ``MarkdownNode`` tree to HTML the way GitHub shows markdown, with
/// three hooks the builder uses: a block may be replaced by a plugin's HTML,
/// link and image destinations may be rewritten, and problems (an id raw HTML
/// repeats) may be reported. Raw HTML goes through an allowlist of safe
/// elements and attributes (``RawHTML``; the rest is shown as text) unless the
/// site opted in to passing it through.
///
/// cmark-gfm has its own renderer; this one exists because it must call back
/// into plugins per block, write heading ids and rewrite links as it goes,
/// which cmark's C renderer cannot.
public final class HTMLRenderer {
    /// Whether raw HTML in the markdown is passed through (the GFM tag filter
    /// still applies); when false the allowlist keeps what is safe and shows
    /// the rest as text.
    public let allowRawHTML: Bool
    /// Returns replacement HTML for a block, or nil to render it normally.
    public let blockOverride: ((MarkdownNode, HTMLRenderer) throws -> String?)?
    /// Rewrites a link (`isImage` false) or image destination.
    public let rewriteURL: ((_ destination: String, _ isImage: Bool, _ line: Int) -> String)?
    /// Told of what the page's author should fix (a raw HTML id that a heading already has), with its line.
    public let warn: ((_ message: String, _ line: Int) -> Void)?

    /// Raw HTML's allowlist and balance; nil when raw HTML passes through.
    private var sanitizer: RawHTMLSanitizer?
    private var footnoteReferenceCounts: [Int: Int] = [:]
    private var pendingTaskCheckbox: String?

    /// Creates a renderer.
    public init(
        allowRawHTML: Bool = false,
        blockOverride: ((MarkdownNode, HTMLRenderer) throws -> String?)? = nil,
        rewriteURL: ((_ destination: String, _ isImage: Bool, _ line: Int) -> String)? = nil,
        warn: ((_ message: String, _ line: Int) -> Void)? = nil
    ) {
        self.allowRawHTML = allowRawHTML
        self.blockOverride = blockOverride
        self.rewriteURL = rewriteURL
        self.warn = warn
        if !allowRawHTML {
            sanitizer = RawHTMLSanitizer(
                writeURL: { [unowned self] url, isImage, line in self.url(url, isImage: isImage, line: line) },
                warn: warn)
        }
    }

    /// Renders `node` (a document or any block or inline node) to HTML.
    public func render(_ node: MarkdownNode) throws -> String {
        var output = ""
        let closing = try inFrame([node]) { try render(node, into: &output, tight: false) }
        output += closing
        return output
    }

    /// Runs `body` in a frame of raw HTML for `nodes` (blocks or inlines):
    /// what raw HTML opens in it is closed at its end, by the returned tags.
    private func inFrame(_ nodes: [MarkdownNode], _ body: () throws -> Void) rethrows -> String {
        guard let sanitizer else {
            try body()
            return ""
        }
        let inline = nodes.first.map { !$0.isBlock } ?? false
        let depth = sanitizer.beginFrame(inline: inline, blocks: inline ? [] : nodes)
        do {
            try body()
        } catch {
            // A plugin may catch the error and go on: the frame still ends here.
            _ = sanitizer.endFrames(from: depth)
            throw error
        }
        return sanitizer.endFrames(from: depth)
    }

    /// Renders the children of `node` (for a plugin that wraps a block's own
    /// content in its markup, such as a callout around a quote's paragraphs).
    public func renderChildren(of node: MarkdownNode) throws -> String {
        try renderChildren(node.children)
    }

    /// Renders `node` with the default rules even if a plugin claims it; its
    /// children still go through the plugins. A plugin uses this to keep a
    /// block it draws (a table of colours) available as it was written.
    public func renderDefault(_ node: MarkdownNode) throws -> String {
        var output = ""
        let closing = try inFrame([node]) { try render(node, into: &output, tight: false, useOverride: false) }
        output += closing
        return output
    }

    /// Renders a list item's content as its list would: in a tight list the
    /// paragraphs go without `<p>`, as GitHub shows them. For a plugin that
    /// writes a list's `<li>` itself (a checklist with its own boxes).
    public func renderItemContent(of item: MarkdownNode, tight: Bool) throws -> String {
        var output = ""
        try renderItemBlocks(item.children, into: &output, tight: tight)
        return output
    }

    /// A list item's blocks: after a tight paragraph, which ends without a
    /// newline, the next block starts on its own line.
    private func renderItemBlocks(_ nodes: [MarkdownNode], into output: inout String, tight: Bool) throws {
        let closing = try inFrame(nodes) {
            for (index, child) in nodes.enumerated() {
                sanitizer?.willWriteBlock(index, of: child)
                if index > 0, !output.hasSuffix("\n") { output += "\n" }
                try render(child, into: &output, tight: tight)
            }
        }
        output += closing
    }

    /// Renders a list of nodes in order.
    public func renderChildren(_ nodes: [MarkdownNode]) throws -> String {
        var output = ""
        guard nodes.first?.isBlock == true else {
            let closing = try inFrame(nodes) { for child in nodes { try render(child, into: &output, tight: false) } }
            output += closing
            return output
        }
        try renderBlocks(nodes, into: &output, tight: false)
        return output
    }

    private func render(
        _ node: MarkdownNode, into output: inout String, tight: Bool, useOverride: Bool = true
    ) throws {
        if useOverride, node.isBlock, let blockOverride, let replacement = try blockOverride(node, self) {
            // A task item's checkbox stays with its item even when a plugin
            // takes over the paragraph it would have opened.
            output += takeTaskCheckbox()
            // A raw HTML block a plugin draws may open or close the plugin's
            // own elements (GSD plan markers do): raw HTML kept open over
            // blocks is closed first, so the two cannot interleave.
            if case .htmlBlock = node.kind, let sanitizer { output += sanitizer.closeOpenElements() }
            output += replacement
            return
        }
        switch node.kind {
        case .document:
            try renderDocument(node, into: &output)
        case .blockQuote:
            output += "<blockquote>\n"
            try renderBlocks(node.children, into: &output, tight: false)
            output += "</blockquote>\n"
        case .list(let info):
            let hasTasks = node.children.contains { if case .item(task: .some) = $0.kind { true } else { false } }
            let classAttribute = hasTasks ? " class=\"contains-task-list\"" : ""
            if info.ordered {
                output +=
                    info.start == 1 ? "<ol\(classAttribute)>\n" : "<ol start=\"\(info.start)\"\(classAttribute)>\n"
            } else {
                output += "<ul\(classAttribute)>\n"
            }
            try renderBlocks(node.children, into: &output, tight: info.tight)
            output += info.ordered ? "</ol>\n" : "</ul>\n"
        case .item(let task):
            if let task {
                output += "<li class=\"task-list-item\">"
                // A control needs a name (WCAG 4.1.2); its state is the box's.
                let checkbox =
                    task == .done
                    ? "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled checked aria-label=\"Done\"> "
                    : "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled aria-label=\"Not done\"> "
                if case .paragraph = node.children.first?.kind {
                    pendingTaskCheckbox = checkbox
                } else {
                    output += checkbox
                }
            } else {
                output += "<li>"
            }
            if tight, case .paragraph = node.children.first?.kind {
                // Tight items show their first paragraph without <p>, as GitHub does.
            } else if !node.children.isEmpty {
                output += "\n"
            }
            try renderItemBlocks(node.children, into: &output, tight: tight)
            output += "</li>\n"
        case .codeBlock(let info, let code):
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            // The wrapper holds the copy button specsite.js adds. A long line
            // scrolls the block sideways, which a keyboard reaches only when
            // the block can take focus (WCAG 2.1.1).
            if language.isEmpty {
                output += "<div class=\"code-block\"><pre tabindex=\"0\"><code>"
            } else {
                output += "<div class=\"code-block\"><pre tabindex=\"0\"><code class=\"language-"
                HTMLEscaping.append(language, to: &output)
                output += "\">"
            }
            if let highlighted = Highlighter.html(code, language: language, marked: Highlighter.markedLines(in: info)) {
                output += highlighted
            } else {
                HTMLEscaping.append(code, to: &output)
            }
            output += "</code></pre></div>\n"
        case .htmlBlock(let html):
            if let sanitizer {
                output += sanitizer.block(html, line: node.line)
            } else {
                output += TagFilter.apply(html)
            }
        case .paragraph:
            output += tight ? takeTaskCheckbox() : "<p>" + takeTaskCheckbox()
            try renderInlines(node.children, into: &output)
            if !tight { output += "</p>\n" }
        case .heading(let level, let id):
            if id.isEmpty {
                output += "<h\(level)>"
            } else {
                output += "<h\(level) id=\""
                HTMLEscaping.append(id, to: &output)
                output += "\">"
            }
            sanitizer?.heading = id
            try renderInlines(node.children, into: &output)
            sanitizer?.heading = nil
            if !id.isEmpty {
                // A link to the heading itself, shown on hover and focus, so a
                // reader can copy the address of a section.
                output += "<a class=\"heading-anchor\" href=\"#"
                output += HTMLEscaping.escapeURL(id)
                output += "\" aria-label=\"Link to section: "
                HTMLEscaping.append(allowRawHTML ? node.plainText : node.shownText, to: &output)
                output += "\">#</a>"
            }
            output += "</h\(level)>\n"
        case .thematicBreak:
            output += "<hr>\n"
        case .table(let alignments):
            try renderTable(node, alignments: alignments, into: &output)
        case .tableRow, .tableCell:
            // Rows and cells are written by renderTable, which knows the
            // alignments; one rendered on its own gets no table around it.
            try renderInlines(node.children, into: &output)
        case .footnoteDefinition:
            try renderFootnotes([node], into: &output)
        default:
            try renderInline(node, into: &output)
        }
    }

    /// The checkbox waiting for a task item's first paragraph, once.
    private func takeTaskCheckbox() -> String {
        defer { pendingTaskCheckbox = nil }
        return pendingTaskCheckbox ?? ""
    }

    private func renderBlocks(_ nodes: [MarkdownNode], into output: inout String, tight: Bool) throws {
        guard let sanitizer else {
            for node in nodes { try render(node, into: &output, tight: tight) }
            return
        }
        let closing = try inFrame(nodes) {
            for (index, node) in nodes.enumerated() {
                sanitizer.willWriteBlock(index, of: node)
                try render(node, into: &output, tight: tight)
            }
        }
        output += closing
    }

    private func renderDocument(_ node: MarkdownNode, into output: inout String) throws {
        // cmark-gfm moves referenced footnote definitions to the end, in order.
        sanitizer?.root = node
        var body = node.children[...]
        var footnotes: [MarkdownNode] = []
        while let last = body.last, case .footnoteDefinition = last.kind {
            footnotes.insert(last, at: 0)
            body = body.dropLast()
        }
        try renderBlocks(Array(body), into: &output, tight: false)
        if !footnotes.isEmpty { try renderFootnotes(footnotes, into: &output) }
    }

    private func renderFootnotes(_ definitions: [MarkdownNode], into output: inout String) throws {
        // A heading for screen readers, as GitHub writes it, names the section.
        output += "<section class=\"footnotes\" data-footnotes>\n<h2 class=\"visually-hidden\">Footnotes</h2>\n<ol>\n"
        for definition in definitions {
            guard case .footnoteDefinition(let label, let number) = definition.kind else { continue }
            let anchor = HTMLEscaping.escape(label)
            let href = HTMLEscaping.escapeURL(label)
            output += "<li id=\"fn-\(anchor)\">\n"
            let references = max(footnoteReferenceCounts[number] ?? 1, 1)
            var backlinks = ""
            for index in 1...references {
                let suffix = index == 1 ? "" : "-\(index)"
                backlinks +=
                    " <a href=\"#fnref-\(href)\(suffix)\" class=\"footnote-backref\" aria-label=\"Back to reference \(number)\(suffix)\">↩</a>"
            }
            var children = definition.children
            if case .paragraph = children.last?.kind {
                let last = children.removeLast()
                try renderBlocks(children, into: &output, tight: false)
                output += "<p>"
                try renderInlines(last.children, into: &output)
                output += backlinks + "</p>\n"
            } else {
                // Ends in a list or a quote: the way back follows it, as in cmark-gfm.
                try renderBlocks(children, into: &output, tight: false)
                output += backlinks.dropFirst() + "\n"
            }
            output += "</li>\n"
        }
        output += "</ol>\n</section>\n"
    }

    private func renderTable(_ node: MarkdownNode, alignments: [TableAlignment], into output: inout String) throws {
        // The wrapper scrolls sideways, so a wide table never widens the page.
        output += "<div class=\"table-wrap\">\n<table>\n"
        var inBody = false
        for row in node.children {
            guard case .tableRow(let isHeader) = row.kind else { continue }
            if isHeader {
                output += "<thead>\n"
            } else if !inBody {
                output += "<tbody>\n"
                inBody = true
            }
            output += "<tr>\n"
            for (index, cell) in row.children.enumerated() {
                let tag = isHeader ? "th" : "td"
                let alignment = index < alignments.count ? alignments[index] : .none
                switch alignment {
                case .none: output += "<\(tag)>"
                case .left: output += "<\(tag) style=\"text-align: left\">"
                case .center: output += "<\(tag) style=\"text-align: center\">"
                case .right: output += "<\(tag) style=\"text-align: right\">"
                }
                try renderInlines(cell.children, into: &output)
                output += "</\(tag)>\n"
            }
            output += "</tr>\n"
            if isHeader { output += "</thead>\n" }
        }
        if inBody { output += "</tbody>\n" }
        output += "</table>\n</div>\n"
    }

    private func renderInlines(_ nodes: [MarkdownNode], into output: inout String) throws {
        guard sanitizer != nil else {
            for node in nodes { try renderInline(node, into: &output) }
            return
        }
        let closing = try inFrame(nodes) { for node in nodes { try renderInline(node, into: &output) } }
        output += closing
    }

    private func renderInline(_ node: MarkdownNode, into output: inout String) throws {
        switch node.kind {
        case .text(let text):
            HTMLEscaping.append(text, to: &output)
        case .softBreak:
            output += "\n"
        case .lineBreak:
            output += "<br>\n"
        case .code(let code):
            output += "<code>"
            HTMLEscaping.append(code, to: &output)
            output += "</code>"
        case .htmlInline(let html):
            if let sanitizer {
                output += sanitizer.inline(html, line: node.line)
            } else {
                output += TagFilter.apply(html)
            }
        case .emphasis:
            output += "<em>"
            try renderInlines(node.children, into: &output)
            output += "</em>"
        case .strong:
            output += "<strong>"
            try renderInlines(node.children, into: &output)
            output += "</strong>"
        case .strikethrough:
            output += "<del>"
            try renderInlines(node.children, into: &output)
            output += "</del>"
        case .link(let destination, let title):
            output += "<a href=\""
            output += url(destination, isImage: false, line: node.line)
            output += "\""
            if !title.isEmpty {
                output += " title=\""
                HTMLEscaping.append(title, to: &output)
                output += "\""
            }
            output += ">"
            sanitizer?.enterLink()
            try renderInlines(node.children, into: &output)
            sanitizer?.leaveLink()
            output += "</a>"
        case .image(let source, let title):
            output += "<img src=\""
            output += url(source, isImage: true, line: node.line)
            output += "\" alt=\""
            HTMLEscaping.append(node.plainText, to: &output)
            output += "\""
            if !title.isEmpty {
                output += " title=\""
                HTMLEscaping.append(title, to: &output)
                output += "\""
            }
            output += ">"
        case .footnoteReference(let label, let number):
            let count = (footnoteReferenceCounts[number] ?? 0) + 1
            footnoteReferenceCounts[number] = count
            let suffix = count == 1 ? "" : "-\(count)"
            output += "<sup class=\"footnote-ref\"><a href=\"#fn-\(HTMLEscaping.escapeURL(label))\" id=\"fnref-"
            output += "\(HTMLEscaping.escape(label))\(suffix)\" data-footnote-ref>\(number)</a></sup>"
        default:
            // A block inside inline content cannot come from cmark-gfm; render it as a block.
            try render(node, into: &output, tight: false)
        }
    }

    private func url(_ destination: String, isImage: Bool, line: Int) -> String {
        guard HTMLEscaping.isSafeURL(destination) else { return "" }
        let rewritten = rewriteURL?(destination, isImage, line) ?? destination
        return HTMLEscaping.escapeURL(rewritten)
    }
}

/// GitHub's tag filter: even where raw HTML is allowed, these tags are
/// neutralised because they change how the rest of the page is parsed or run.
enum TagFilter {
    static let blocked = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    /// Replaces the `<` of every blocked opening or closing tag with `&lt;`.
    static func apply(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var output = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let name = after.drop { $0 == "/" }
            let head = name.prefix(10).lowercased()
            if let tag = blocked.first(where: { head.hasPrefix($0) }) {
                let next = name.dropFirst(tag.count).first
                if next == nil || next == ">" || next == "/" || next?.isWhitespace == true {
                    output += "&lt;"
                    rest = after
                    continue
                }
            }
            output += "<"
            rest = after
        }
        output += rest
        return output
    }
}
