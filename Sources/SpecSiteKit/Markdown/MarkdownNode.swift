/// One node of a parsed markdown document: a typed, immutable copy of the
/// cmark-gfm tree that is safe to share between threads.
///
/// Block nodes carry the exact source lines cmark-gfm reports; inline nodes carry
/// the line they stand on, so a diagnostic about a link can name its line.
public struct MarkdownNode: Sendable, Equatable {
    /// What the node is, with the data that kind of node has.
    public var kind: Kind
    /// The node's children, in document order.
    public var children: [MarkdownNode]
    /// 1-based line in the source file where the node starts (0 when unknown).
    public var line: Int
    /// 1-based line in the source file where the node ends (0 when unknown).
    public var endLine: Int

    /// Creates a node.
    public init(_ kind: Kind, children: [MarkdownNode] = [], line: Int = 0, endLine: Int = 0) {
        self.kind = kind
        self.children = children
        self.line = line
        self.endLine = endLine == 0 ? line : endLine
    }

    /// The kinds of nodes CommonMark and the GitHub extensions produce.
    public enum Kind: Sendable, Equatable {
        /// The whole document.
        case document
        /// `> …`
        case blockQuote
        /// A bullet or ordered list.
        case list(ListInfo)
        /// A list item; `task` is set for GitHub task-list items (`- [ ]`, `- [x]`).
        case item(task: TaskState?)
        /// A fenced or indented code block; `info` is the fence's info string.
        case codeBlock(info: String, code: String)
        /// A block of raw HTML, as written.
        case htmlBlock(String)
        /// A paragraph.
        case paragraph
        /// A heading with its level (1–6) and its GitHub-compatible anchor id.
        case heading(level: Int, id: String)
        /// `---`
        case thematicBreak
        /// A GFM table with its column alignments.
        case table(alignments: [TableAlignment])
        /// A table row; the first row of a table is its header.
        case tableRow(isHeader: Bool)
        /// A table cell.
        case tableCell
        /// A footnote definition (`[^label]: …`) with its number in reference order.
        case footnoteDefinition(label: String, number: Int)
        /// Plain text.
        case text(String)
        /// A line break in the source that is not a hard break.
        case softBreak
        /// A hard line break.
        case lineBreak
        /// An inline code span.
        case code(String)
        /// Inline raw HTML, as written.
        case htmlInline(String)
        /// `*…*`
        case emphasis
        /// `**…**`
        case strong
        /// `~~…~~`
        case strikethrough
        /// A link with its destination as written.
        case link(destination: String, title: String)
        /// An image with its source as written; the children are the alt text.
        case image(source: String, title: String)
        /// A footnote reference (`[^label]`) with the definition's number.
        case footnoteReference(label: String, number: Int)
    }

    /// Whether this node is a block (as opposed to inline content).
    public var isBlock: Bool {
        switch kind {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak,
            .table, .tableRow, .tableCell, .footnoteDefinition:
            return true
        default:
            return false
        }
    }

    /// The text a reader sees in this node and its descendants, without markup.
    public var plainText: String {
        var text = ""
        appendPlainText(to: &text)
        return text
    }

    /// The text GitHub makes a heading's anchor from: what a reader sees,
    /// without image alt text, with footnote reference numbers.
    public var headingText: String {
        var text = ""
        appendHeadingText(to: &text)
        return text
    }

    /// The text a reader sees when raw HTML is shown as written: like
    /// ``plainText`` but with inline HTML kept literally.
    public var literalText: String {
        var text = ""
        appendLiteralText(to: &text)
        return text
    }

    /// The text a reader sees when raw HTML goes through the allowlist (the
    /// default): like ``literalText``, but without the tags the allowlist
    /// keeps (`<kbd>`, `<a id="x">`) and comments, which do not show as text.
    public var shownText: String {
        var text = ""
        appendShownText(to: &text)
        return text
    }

    private func appendShownText(to text: inout String) {
        switch kind {
        case .text(let value), .code(let value): text += value
        case .htmlInline(let value): text += RawHTML.shownText(of: value)
        case .softBreak, .lineBreak: text += " "
        default: break
        }
        for child in children { child.appendShownText(to: &text) }
    }

    private func appendLiteralText(to text: inout String) {
        switch kind {
        case .text(let value), .code(let value), .htmlInline(let value): text += value
        case .softBreak, .lineBreak: text += " "
        default: break
        }
        for child in children { child.appendLiteralText(to: &text) }
    }

    private func appendHeadingText(to text: inout String) {
        switch kind {
        case .text(let value), .code(let value): text += value
        case .softBreak, .lineBreak: text += " "
        case .footnoteReference(_, let number): text += String(number)
        case .image: return
        default: break
        }
        for child in children { child.appendHeadingText(to: &text) }
    }

    private func appendPlainText(to text: inout String) {
        switch kind {
        case .text(let value), .code(let value): text += value
        case .codeBlock(_, let code): text += code
        case .softBreak, .lineBreak: text += " "
        default: break
        }
        for child in children { child.appendPlainText(to: &text) }
    }

    /// `table:12`: the block's kind and first line, which tell a block apart
    /// from the first paragraph of a list that starts on the same line. Plugins
    /// note the blocks they will draw by this key while analysing a page and
    /// recognise them by it while rendering.
    public var blockKey: String {
        let name =
            switch kind {
            case .codeBlock: "code"
            case .table: "table"
            case .list: "list"
            case .paragraph: "paragraph"
            case .htmlBlock: "html"
            case .blockQuote: "quote"
            case .heading: "heading"
            case .item: "item"
            default: "other"
            }
        // Joined, not interpolated: interpolation showed in profiles of the
        // plan reader, which makes a key for most blocks it reads.
        return name + ":" + String(line)
    }

    /// Visits this node and every descendant depth-first, in document order.
    /// Return `false` from `visit` to skip a node's children.
    public func walk(_ visit: (MarkdownNode) throws -> Bool) rethrows {
        guard try visit(self) else { return }
        for child in children { try child.walk(visit) }
    }
}

/// The shape of a list.
public struct ListInfo: Sendable, Equatable {
    /// Whether the list is numbered.
    public var ordered: Bool
    /// The first number of an ordered list.
    public var start: Int
    /// Whether items are tight (no blank lines between them, rendered without `<p>`).
    public var tight: Bool

    /// Creates a list description.
    public init(ordered: Bool, start: Int = 1, tight: Bool = true) {
        self.ordered = ordered
        self.start = start
        self.tight = tight
    }
}

/// The state of a GitHub task-list item.
public enum TaskState: Sendable, Equatable {
    /// `- [ ]`
    case open
    /// `- [x]` or `- [X]`
    case done
}

/// How a table column is aligned.
public enum TableAlignment: Sendable, Equatable {
    case none, left, center, right
}
