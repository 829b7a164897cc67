import CCmarkGFM
import CmarkSpecialCharacters
import Foundation

/// A parsed markdown document: its tree plus what the builder and plugins ask
/// of every page (headings with anchors, links with lines).
public struct MarkdownDocument: Sendable {
    /// The root `.document` node.
    public var root: MarkdownNode
    /// Every heading, in order, with its anchor id.
    public var headings: [Heading]
    /// Every link and image destination, in order, with its line.
    public var links: [LinkReference]
    /// Problems the parser noticed (for example nesting it had to flatten).
    public var warnings: [LineMessage]
    /// The labels of the footnotes (defined and referenced), in number order:
    /// footnote n is `footnoteLabels[n - 1]`, anchored as `fn-LABEL`.
    public var footnoteLabels: [String]
    /// The ids raw HTML gives elements (`<a id="x"></a>`), which links may target.
    public var htmlAnchors: [HTMLAnchor]
    /// Each heading's slug before a repeat's `-1`, `-2` (``headings``' order):
    /// what a part parsed again needs to number the ids after it. Empty for a
    /// document not made by the parser.
    var anchorBases: [String] = []
    /// Bytes of link addresses and titles counted against the document's
    /// budget (see ``MarkdownParser/minimumAddressBudget``).
    var addressesSpent = 0
    /// How many links, raw HTML anchors and headings the top-level blocks
    /// hold, and the address bytes their links spend, counted to the end of
    /// each: which of them a block's part holds.
    var countsThrough: [BlockCounts] = []

    /// Links, anchors, headings and address bytes counted to the end of a top-level block.
    struct BlockCounts: Equatable {
        var links = 0
        var anchors = 0
        var headings = 0
        var addresses = 0

        static func + (left: BlockCounts, right: BlockCounts) -> BlockCounts {
            BlockCounts(
                links: left.links + right.links, anchors: left.anchors + right.anchors,
                headings: left.headings + right.headings, addresses: left.addresses + right.addresses)
        }

        static func - (left: BlockCounts, right: BlockCounts) -> BlockCounts {
            BlockCounts(
                links: left.links - right.links, anchors: left.anchors - right.anchors,
                headings: left.headings - right.headings, addresses: left.addresses - right.addresses)
        }
    }

    /// Creates a document from its parts.
    public init(
        root: MarkdownNode, headings: [Heading], links: [LinkReference], warnings: [LineMessage] = [],
        footnoteLabels: [String] = [], htmlAnchors: [HTMLAnchor] = []
    ) {
        self.root = root
        self.headings = headings
        self.links = links
        self.warnings = warnings
        self.footnoteLabels = footnoteLabels
        self.htmlAnchors = htmlAnchors
    }
}

extension MarkdownDocument {
    /// The text of a raw `<h1>` in an HTML block that comes before any
    /// markdown heading (`<h1 align="center">AfroLingo</h1>`, as READMEs open),
    /// its tags left out and its character references decoded; nil when the
    /// document has none, or a markdown heading comes first.
    public var rawHTMLTitle: String? {
        for block in root.children {
            if case .heading = block.kind { return nil }
            guard case .htmlBlock(let html) = block.kind, html.range(of: "<h1", options: .caseInsensitive) != nil
            else { continue }
            let bytes = Array(html.utf8)
            var depth = 0
            var text = ""
            for token in RawHTML.tokens(bytes) {
                switch token.kind {
                case .start(let name, _, let selfClosing) where name == "h1" && !selfClosing: depth += 1
                case .end(let name) where name == "h1" && depth > 0:
                    let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if !title.isEmpty { return title }
                    depth -= 1
                case .text where depth > 0:
                    text += RawHTML.decode(Substring(String(decoding: bytes[token.range], as: UTF8.self)))
                default: break
                }
            }
        }
        return nil
    }
}

/// An id that raw HTML in a document gives an element: `<a id="doc-intro"></a>`,
/// or the older `<a name="doc-intro">`.
public struct HTMLAnchor: Sendable, Equatable {
    /// The id, character references decoded.
    public var id: String
    /// 1-based source line.
    public var line: Int
    /// Whether the element is one the raw HTML allowlist keeps (otherwise the
    /// id is on the page only when the site passes raw HTML through).
    public var isAllowed: Bool

    /// Creates an anchor.
    public init(id: String, line: Int, isAllowed: Bool) {
        self.id = id
        self.line = line
        self.isAllowed = isAllowed
    }
}

/// A heading of a document.
public struct Heading: Sendable, Equatable {
    /// 1 to 6.
    public var level: Int
    /// The GitHub-compatible anchor id (unique within the document).
    public var id: String
    /// The heading's text without markup.
    public var text: String
    /// The text as a reader sees it when raw HTML goes through the allowlist
    /// (the default): tags it keeps and comments left out, what it shows as
    /// text kept literally, so `# <kbd>Esc</kbd> <blink>` is titled
    /// `Esc <blink>` in the TOC and the page title, as in the heading.
    public var literalText: String
    /// 1-based source line.
    public var line: Int

    /// Creates a heading.
    public init(level: Int, id: String, text: String, literalText: String? = nil, line: Int) {
        self.level = level
        self.id = id
        self.text = text
        self.literalText = literalText ?? text
        self.line = line
    }

    /// The text to show for the heading: without tags when raw HTML passes
    /// through, without the allowed ones when it is sanitised.
    public func displayText(rawHTML: Bool) -> String { rawHTML ? text : literalText }
}

/// A link or image destination as written in the source.
public struct LinkReference: Sendable, Equatable {
    /// The destination as written (`../PRD.md#goals`).
    public var destination: String
    /// 1-based source line.
    public var line: Int
    /// Whether it is an image (`![…](…)`).
    public var isImage: Bool

    /// Creates a link reference.
    public init(destination: String, line: Int, isImage: Bool) {
        self.destination = destination
        self.line = line
        self.isImage = isImage
    }
}

/// A message tied to a line of the file being processed.
public struct LineMessage: Sendable, Equatable, Codable {
    /// 1-based line.
    public var line: Int
    /// What happened.
    public var message: String
    /// What kind of problem it is, when the reader knows better than the
    /// default of the stage that reports it.
    public var rule: DiagnosticRule?

    /// Creates a message.
    public init(line: Int, rule: DiagnosticRule? = nil, message: String) {
        self.line = line
        self.message = message
        self.rule = rule
    }
}

/// Parses markdown with cmark-gfm and its GitHub extensions (tables, task lists,
/// strikethrough, autolinks, tag filter, footnotes) into a ``MarkdownDocument``.
public enum MarkdownParser {
    /// Nesting deeper than this is flattened into text: real documents never get
    /// close, and it keeps the recursive conversion and rendering within any
    /// thread's stack whatever a hostile file holds.
    public static let maximumDepth = 64

    /// Link and image addresses (and titles) a document may expand to: its own
    /// size, or this much when it is smaller. One reference definition used
    /// 200,000 times would otherwise make a page of 400 MB from 1.4 MB
    /// (cmark 0.30 bounds reference expansion the same way; Debian's
    /// cmark-gfm does not yet). Links past it are shown as their text.
    public static let minimumAddressBudget = 100_000

    // The tag filter is not attached: it only acts in cmark's own HTML
    // renderer, and HTMLRenderer applies the same filter itself.
    private static let extensionNames = ["table", "tasklist", "strikethrough", "autolink"]

    // Strikethrough needs two tildes: specs are full of `~/.config` paths and
    // `~30 min` estimates, which single-tilde strikethrough would cross out.
    private static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE

    /// Registers cmark-gfm's extensions once per process (Swift runs a static
    /// initialiser exactly once, on whichever thread first needs it), and
    /// freezes the inline parser's table of special characters.
    ///
    /// cmark-gfm keeps that table in one process-wide array, and every parse
    /// adds its extensions' characters before parsing inlines and removes them
    /// after; a parser finishing on one thread would take `:` away from another
    /// still parsing, and that page would lose its bare-URL autolinks
    /// (github/cmark-gfm#221). `CmarkSpecialCharacters` fills the table once
    /// and keeps it (every parser here attaches the same extensions), so
    /// parsing stays parallel. Where it cannot take the library's calls, the
    /// value is false and parsers finish one at a time instead.
    private static let specialCharactersFrozen: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(options) else { return false }
        defer { cmark_parser_free(parser) }
        attachExtensions(to: parser)
        return specsite_cmark_freeze_special_characters(parser) == 1
    }()

    /// Serialises `cmark_parser_finish` when the table could not be frozen.
    static let finishLock = NSLock()

    /// Whether parsers on several threads can finish at once (the special
    /// character table is frozen); tests check it holds in every binary.
    public static var parsesInParallel: Bool { specialCharactersFrozen }

    private static func attachExtensions(to parser: OpaquePointer) {
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
    }

    /// Parses `text`. `firstLine` is the file line the text starts on (after
    /// front matter), so every reported line is a line of the file.
    public static func parse(_ text: String, firstLine: Int = 1) -> MarkdownDocument {
        parse(text, firstLine: firstLine, forSplicing: false)
    }

    /// ``parse(_:firstLine:)``; `forSplicing` also notes what ``reparse(_:firstLine:previousText:previous:)``
    /// needs of this version to parse the next one in part (the headings'
    /// slugs, what each top-level block holds), which a page parsed once
    /// does not keep.
    static func parse(_ text: String, firstLine: Int, forSplicing: Bool) -> MarkdownDocument {
        let parallel = specialCharactersFrozen
        guard let parser = cmark_parser_new(options) else {
            return MarkdownDocument(root: MarkdownNode(.document), headings: [], links: [])
        }
        defer { cmark_parser_free(parser) }
        attachExtensions(to: parser)
        var (source, wideTables) = TableBudget.defuse(text)
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        let finished: OpaquePointer? =
            parallel ? cmark_parser_finish(parser) : finishLock.withLock { cmark_parser_finish(parser) }
        guard let document = finished else {
            return MarkdownDocument(root: MarkdownNode(.document), headings: [], links: [])
        }
        defer { cmark_node_free(document) }
        var converter = TreeConverter(lineOffset: firstLine - 1)
        converter.recordsParts = forSplicing
        converter.source = source
        converter.addressBudget = max(text.utf8.count, MarkdownParser.minimumAddressBudget)
        for line in wideTables {
            converter.warnings.append(
                LineMessage(
                    line: line + firstLine - 1,
                    message: "a table this wide with this many rows would fill in more empty cells than the document"
                        + " has characters; it is shown as text"))
        }
        converter.footnoteLabels = footnoteLabels(of: document, in: text)
        let root = converter.convertBlock(document, depth: 0)
        var parsed = MarkdownDocument(
            root: root, headings: converter.headings, links: converter.links, warnings: converter.warnings,
            footnoteLabels: converter.footnoteLabels, htmlAnchors: converter.htmlAnchors)
        parsed.anchorBases = converter.anchorBases
        parsed.addressesSpent = converter.addressesSpent
        parsed.countsThrough = converter.countsThrough
        return parsed
    }
}

extension MarkdownParser {
    /// The labels of the footnote definitions, in the order cmark-gfm numbers
    /// them. cmark-gfm's API gives a definition no label (and a reference only
    /// its number), so the label is read from the definition's source line:
    /// `[^label]: …`. Anchors then use the label, as GitHub's do.
    static func footnoteLabels(of document: OpaquePointer, in text: String) -> [String] {
        var definitionLines: [Int] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
                definitionLines.append(Int(cmark_node_get_start_line(node)))
            }
            child = cmark_node_next(node)
        }
        guard !definitionLines.isEmpty else { return [] }
        let lines = SourceLines(text)
        return definitionLines.enumerated().map { index, number in
            guard let line = lines[line: number], let open = line.range(of: "[^"),
                let close = line[open.upperBound...].range(of: "]:")
            else { return String(index + 1) }
            let label = line[open.upperBound..<close.lowerBound]
            return label.isEmpty ? String(index + 1) : String(label)
        }
    }
}

/// Walks the cmark-gfm tree once, building the Swift tree and collecting
/// headings, links and footnote numbers on the way.
private struct TreeConverter {
    let lineOffset: Int
    var headings: [Heading] = []
    var links: [LinkReference] = []
    var warnings: [LineMessage] = []
    var slugger = Slugger()
    /// Whether to fill ``anchorBases`` and ``countsThrough``.
    var recordsParts = false
    /// ``MarkdownDocument/anchorBases``.
    var anchorBases: [String] = []
    /// ``MarkdownDocument/addressesSpent``.
    var addressesSpent = 0
    /// ``MarkdownDocument/countsThrough``.
    var countsThrough: [MarkdownDocument.BlockCounts] = []
    /// Extension node types are assigned at run time; their names are looked up
    /// once per type value and remembered.
    var extensionKinds: [UInt32: ExtensionKind] = [:]
    var footnoteNumber = 0
    /// Bytes of link addresses and titles left before links become text.
    var addressBudget = Int.max
    /// Footnote labels by number − 1 (see ``MarkdownParser/footnoteLabels(of:in:)``).
    var footnoteLabels: [String] = []
    /// Ids raw HTML gives elements.
    var htmlAnchors: [HTMLAnchor] = []
    /// The text cmark read, for the boxes it reads wrong (``boxIsTicked(_:)``).
    var source = ""
    /// Where the last line looked up starts: (its number, its UTF-8 offset).
    /// Task items come in line order, so each lookup walks on from the last.
    var lineCursor = (line: 1, offset: 0)

    mutating func noteAnchors(in html: String, line: Int) {
        for anchor in RawHTML.anchors(in: html) {
            htmlAnchors.append(HTMLAnchor(id: anchor.id, line: line + anchor.line, isAllowed: anchor.allowed))
        }
    }

    func footnoteLabel(_ number: Int) -> String {
        number >= 1 && number <= footnoteLabels.count ? footnoteLabels[number - 1] : String(number)
    }

    enum ExtensionKind { case table, tableRow, tableCell, strikethrough, other }

    init(lineOffset: Int) { self.lineOffset = lineOffset }

    mutating func extensionKind(_ node: OpaquePointer) -> ExtensionKind {
        let type = cmark_node_get_type(node).rawValue
        if let known = extensionKinds[type] { return known }
        let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        let kind: ExtensionKind =
            switch name {
            case "table": .table
            // Header and body rows share one node type; the row says which it is.
            case "table_header", "table_row": .tableRow
            case "table_cell": .tableCell
            case "strikethrough": .strikethrough
            default: .other
            }
        extensionKinds[type] = kind
        return kind
    }

    /// Whether a task item's own box is ticked. cmark-gfm 0.29.0.gfm.6 calls an
    /// item checked when `[x]` stands anywhere on its first line (`- [ ] Tick
    /// every box `[x]``), so the box after the list marker is read here;
    /// where it cannot be found, cmark's word stands.
    mutating func boxIsTicked(_ node: OpaquePointer) -> Bool {
        let column = Int(cmark_node_get_start_column(node))
        guard column >= 1, let line = lineBytes(Int(cmark_node_get_start_line(node))) else { return true }
        var bytes = line.dropFirst(column - 1)
        // The marker (`-`, `*`, `+`, `12.`, `3)`), then spaces.
        bytes = bytes.drop { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
        if let first = bytes.first,
            [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ")")].contains(first)
        {
            bytes = bytes.dropFirst()
        }
        bytes = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "["), bytes.dropFirst(2).first == UInt8(ascii: "]") else {
            return true
        }
        let mark = bytes.dropFirst().first
        return mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X")
    }

    /// The bytes of line `number` of the source (1-based), found by walking
    /// from the last line looked up (a whole-document line index cost more
    /// than the rest of a page's conversion). Nil before the cursor or past
    /// the end, or when the text breaks lines with a lone CR, which cmark
    /// counts and this walk does not.
    mutating func lineBytes(_ number: Int) -> ArraySlice<UInt8>? {
        let utf8 = source.utf8
        if number < lineCursor.line { lineCursor = (1, 0) }
        return utf8.withContiguousStorageIfAvailable { buffer -> ArraySlice<UInt8>? in
            var (line, offset) = lineCursor
            while line < number {
                guard let newline = buffer[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                offset = newline + 1
                line += 1
            }
            lineCursor = (line, offset)
            let end = buffer[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
            let bytes = ArraySlice(buffer[offset..<end])
            return bytes.contains(UInt8(ascii: "\r")) && bytes.last != UInt8(ascii: "\r") ? nil : bytes
        } ?? nil
    }

    func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    func startLine(_ node: OpaquePointer) -> Int {
        let line = Int(cmark_node_get_start_line(node))
        return line > 0 ? line + lineOffset : 0
    }

    func endLine(_ node: OpaquePointer) -> Int {
        let line = Int(cmark_node_get_end_line(node))
        return line > 0 ? line + lineOffset : 0
    }

    func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    mutating func convertBlock(_ node: OpaquePointer, depth: Int) -> MarkdownNode {
        let line = startLine(node)
        let end = endLine(node)
        if depth > MarkdownParser.maximumDepth {
            warnings.append(
                LineMessage(
                    line: line,
                    message: "nesting deeper than \(MarkdownParser.maximumDepth) levels is shown as plain text"))
            return MarkdownNode(.paragraph, children: [MarkdownNode(.text(flatText(node)), line: line)], line: line)
        }
        let kind: MarkdownNode.Kind
        var hasInlineChildren = false
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: kind = .document
        case CMARK_NODE_BLOCK_QUOTE: kind = .blockQuote
        case CMARK_NODE_LIST:
            kind = .list(
                ListInfo(
                    ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                    start: Int(cmark_node_get_list_start(node)),
                    tight: cmark_node_get_list_tight(node) != 0))
        case CMARK_NODE_ITEM:
            var task: TaskState?
            if cmark_node_get_syntax_extension(node) != nil {
                let checked = cmark_gfm_extensions_get_tasklist_item_checked(node) && boxIsTicked(node)
                task = checked ? .done : .open
            }
            kind = .item(task: task)
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            kind = .codeBlock(info: info, code: literal(node))
        case CMARK_NODE_HTML_BLOCK:
            let html = literal(node)
            noteAnchors(in: html, line: line)
            kind = .htmlBlock(html)
        case CMARK_NODE_PARAGRAPH:
            kind = .paragraph
            hasInlineChildren = true
        case CMARK_NODE_HEADING:
            var lineCursor = line
            let inlines = convertInlines(of: node, line: &lineCursor, depth: depth + 1)
            let wrapper = MarkdownNode(.paragraph, children: inlines)
            let text = wrapper.headingText
            let base = Slugger.slugify(text)
            if recordsParts { anchorBases.append(base) }
            let id = slugger.claim(base)
            let level = Int(cmark_node_get_heading_level(node))
            headings.append(
                Heading(
                    level: level, id: id, text: text.trimmingSpaces, literalText: wrapper.shownText.trimmingSpaces,
                    line: line))
            return MarkdownNode(.heading(level: level, id: id), children: inlines, line: line, endLine: end)
        case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteNumber += 1
            kind = .footnoteDefinition(label: footnoteLabel(footnoteNumber), number: footnoteNumber)
        default:
            switch extensionKind(node) {
            case .table:
                let columns = Int(cmark_gfm_extensions_get_table_columns(node))
                var alignments: [TableAlignment] = []
                if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                    for index in 0..<columns {
                        switch UInt8(raw[index]) {
                        case UInt8(ascii: "l"): alignments.append(.left)
                        case UInt8(ascii: "c"): alignments.append(.center)
                        case UInt8(ascii: "r"): alignments.append(.right)
                        default: alignments.append(.none)
                        }
                    }
                }
                kind = .table(alignments: alignments)
            case .tableRow: kind = .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
            case .tableCell:
                kind = .tableCell
                hasInlineChildren = true
            case .strikethrough, .other:
                // An unknown block: keep its text rather than lose it.
                return MarkdownNode(.paragraph, children: [MarkdownNode(.text(flatText(node)), line: line)], line: line)
            }
        }
        if hasInlineChildren {
            var lineCursor = line
            return MarkdownNode(
                kind, children: convertInlines(of: node, line: &lineCursor, depth: depth + 1), line: line, endLine: end)
        }
        let blocks = children(of: node).map { child in
            let block = convertBlock(child, depth: depth + 1)
            if depth == 0 && recordsParts {
                countsThrough.append(
                    MarkdownDocument.BlockCounts(
                        links: links.count, anchors: htmlAnchors.count, headings: headings.count,
                        addresses: addressesSpent))
            }
            return block
        }
        return MarkdownNode(kind, children: blocks, line: line, endLine: end)
    }

    /// Converts the inline children of `node`, merging adjacent text (cmark-gfm
    /// splits text at every `[`, `!` or `_`, which would hide `[!NOTE]` from plugins).
    /// `line` advances at each line break, so every inline knows its line.
    mutating func convertInlines(of node: OpaquePointer, line: inout Int, depth: Int) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        for child in children(of: node) {
            let converted = convertInline(child, line: &line, depth: depth)
            if case .text(let addition) = converted.kind, let last = result.last, case .text(let previous) = last.kind {
                result[result.count - 1].kind = .text(previous + addition)
            } else {
                result.append(converted)
            }
        }
        return result
    }

    mutating func convertInline(_ node: OpaquePointer, line: inout Int, depth: Int) -> MarkdownNode {
        let here = line
        if depth > MarkdownParser.maximumDepth {
            warnings.append(
                LineMessage(
                    line: here,
                    message: "nesting deeper than \(MarkdownParser.maximumDepth) levels is shown as plain text"))
            return MarkdownNode(.text(flatText(node)), line: here)
        }
        let kind: MarkdownNode.Kind
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return MarkdownNode(.text(literal(node)), line: here)
        case CMARK_NODE_SOFTBREAK:
            line += 1
            return MarkdownNode(.softBreak, line: here)
        case CMARK_NODE_LINEBREAK:
            line += 1
            return MarkdownNode(.lineBreak, line: here)
        case CMARK_NODE_CODE:
            // A code span that runs over lines is not counted: cmark-gfm folds
            // its line breaks into spaces and, with extensions attached, reports
            // no end line for it. Links after one are placed a line early.
            return MarkdownNode(.code(literal(node)), line: here)
        case CMARK_NODE_HTML_INLINE:
            let html = literal(node)
            noteAnchors(in: html, line: here)
            line += html.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
            return MarkdownNode(.htmlInline(html), line: here)
        case CMARK_NODE_EMPH: kind = .emphasis
        case CMARK_NODE_STRONG: kind = .strong
        case CMARK_NODE_LINK:
            guard spendAddress(node, line: here) else { return MarkdownNode(.text(flatText(node)), line: here) }
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            links.append(LinkReference(destination: destination, line: here, isImage: false))
            kind = .link(destination: destination, title: cmark_node_get_title(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_IMAGE:
            guard spendAddress(node, line: here) else { return MarkdownNode(.text(flatText(node)), line: here) }
            let source = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            links.append(LinkReference(destination: source, line: here, isImage: true))
            kind = .image(source: source, title: cmark_node_get_title(node).map { String(cString: $0) } ?? "")
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // cmark-gfm gives a reference the number of its definition as literal.
            let number = Int(literal(node)) ?? 0
            return MarkdownNode(.footnoteReference(label: footnoteLabel(number), number: number), line: here)
        default:
            if extensionKind(node) == .strikethrough {
                kind = .strikethrough
            } else {
                return MarkdownNode(.text(flatText(node)), line: here)
            }
        }
        let children = convertInlines(of: node, line: &line, depth: depth + 1)
        switch kind {
        case .link(_, let title), .image(_, let title):
            // A title may run over lines after the text (cmark's end line is wrong then).
            line += title.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        default: break
        }
        return MarkdownNode(kind, children: children, line: here)
    }

    /// Counts a link's address and title against the budget; false (with one
    /// warning per document) once the document's links have used it up.
    mutating func spendAddress(_ node: OpaquePointer, line: Int) -> Bool {
        guard addressBudget >= 0 else { return false }
        let spent =
            (cmark_node_get_url(node).map { strlen($0) } ?? 0) + (cmark_node_get_title(node).map { strlen($0) } ?? 0)
        addressBudget -= spent
        addressesSpent += spent
        guard addressBudget < 0 else { return true }
        warnings.append(
            LineMessage(
                line: line,
                message: "link addresses add up to more than the document's own size (a link reference used"
                    + " thousands of times?); links from here on are shown as text"))
        return false
    }

    /// The text under `node`, gathered with cmark's own iterator (no recursion).
    func flatText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK: text += literal(current)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }
}
