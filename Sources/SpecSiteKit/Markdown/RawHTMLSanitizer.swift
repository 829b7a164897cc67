import Foundation

/// Writes the raw HTML of one render through ``RawHTML``'s allowlist and
/// keeps what it opens balanced, whatever the source does.
///
/// Elements live in frames: one for each run of markdown blocks (the
/// document, a quote, a list item, a footnote) and one for each run of
/// inlines (a paragraph, a heading, a cell, emphasis, a link's text). A
/// closing tag only closes an element of its own frame, and whatever a frame
/// still holds when it ends is closed there, so raw HTML can never close or
/// straddle the markdown around it.
///
/// An element opened in an HTML block stays open over the markdown blocks
/// after it only when a later HTML block of the same frame closes it
/// (`<details>` … markdown … `</details>`); one that is never closed is closed
/// at the end of its own block, so a stray `<details>` cannot fold the rest of
/// the page away. That is decided by reading the frame's HTML blocks once
/// ahead (a dry run of the same rules) when the frame starts. A `<p>` that
/// holds markdown blocks is written as a `<div>`, since a paragraph cannot hold
/// paragraphs; elements that hold phrasing only (`<summary>`, `<kbd>`, `<a>`)
/// never hold blocks and are closed at the end of their block, their late
/// closing tag then dropped.
final class RawHTMLSanitizer {
    /// An opening tag: the block of its frame it stands in, and its place among the block's opening tags.
    struct TagID: Hashable {
        var block: Int
        var ordinal: Int
    }

    struct Open {
        /// The name as written (what a closing tag must name).
        var name: String
        /// The name written out (`code` for `tt`, `div` for a `p` that holds blocks, `span` for an `a` in a link).
        var output: String
        var tag: TagID
        /// Stays open over the blocks after its own (a later block closes it).
        var carried: Bool
        /// Has held an element or text (a `<summary>` must come first in `<details>`).
        var hasContent = false
    }

    struct Frame {
        var isInline: Bool
        /// What raw HTML holds open, innermost last; change it with ``push(_:)`` and ``pop()``.
        private(set) var open: [Open] = []
        /// How many of each name are open, so a stray closing tag is known without a search.
        private var openCounts: [String: Int] = [:]
        /// The opening tags that stay open after their block (see ``Open/carried``).
        var carried: Set<TagID> = []
        /// Elements closed at the end of their block, by name: their closing tags, when they come, are dropped.
        var autoClosed: [String: Int] = [:]
        /// The index of the block being written, among the frame's blocks.
        var block = 0

        init(isInline: Bool) { self.isInline = isInline }

        mutating func push(_ element: Open) {
            open.append(element)
            openCounts[element.name, default: 0] += 1
        }

        mutating func pop() -> Open? {
            guard let element = open.popLast() else { return nil }
            openCounts[element.name, default: 1] -= 1
            return element
        }

        /// Where the innermost open element named `name` is, if any.
        func innermost(_ name: String) -> Int? {
            guard openCounts[name, default: 0] > 0 else { return nil }
            return open.lastIndex { $0.name == name }
        }

        /// Marks the innermost open element as having content.
        mutating func markContent() {
            if let last = open.indices.last { open[last].hasContent = true }
        }
    }

    /// Writes a URL for an attribute as markdown links are written: rewritten
    /// (`.md` → `.html`, relative to the page, the file copied) and escaped;
    /// empty when it is refused.
    typealias URLWriter = (_ url: String, _ isImage: Bool, _ line: Int) -> String

    private var frames: [Frame] = []
    /// Links open around what is being written (markdown links and `<a>`): an
    /// `<a>` inside one is written as a `<span>`, as links cannot nest.
    private(set) var linkDepth = 0
    private var usedIDs: Set<String>?
    /// The document being rendered, whose heading and footnote ids raw HTML may not take.
    var root: MarkdownNode? {
        didSet { usedIDs = nil }
    }
    /// The id of the heading whose text is being written, if any: an anchor
    /// inside it with the same id (`## <a name="intro">Intro</a>`) names the
    /// same place, and a heading element inside it (`## <h2>Intro</h2>`) is
    /// left out, its text kept, as a browser shows it.
    var heading: String?
    private let writeURL: URLWriter
    private let warn: ((_ message: String, _ line: Int) -> Void)?

    init(writeURL: @escaping URLWriter, warn: ((_ message: String, _ line: Int) -> Void)?) {
        self.writeURL = writeURL
        self.warn = warn
    }

    // MARK: - Frames

    /// Starts a frame for a run of inlines, or of the blocks `blocks`; returns
    /// its depth, for ``endFrames(from:)``.
    @discardableResult
    func beginFrame(inline: Bool, blocks: [MarkdownNode] = []) -> Int {
        var frame = Frame(isInline: inline)
        if !inline, blocks.contains(where: { if case .htmlBlock = $0.kind { true } else { false } }) {
            // Which elements later blocks close: read the blocks ahead with the same rules.
            var pass = RawHTMLPass(frame: Frame(isInline: false), linkDepth: linkDepth, dryRun: true)
            for (index, node) in blocks.enumerated() {
                if case .htmlBlock(let html) = node.kind {
                    let bytes = Array(html.utf8)
                    _ = pass.feed(
                        bytes, tokens: RawHTML.tokens(bytes), block: index, line: 0, isBlock: true, using: nil)
                } else {
                    pass.markContent()
                }
            }
            frame.carried = pass.matched.intersection(pass.openAtBlockEnd)
        }
        frames.append(frame)
        return frames.count
    }

    /// Notes that `node`, the frame's block `index`, is about to be written.
    func willWriteBlock(_ index: Int, of node: MarkdownNode) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].block = index
        if case .htmlBlock = node.kind { return }
        frames[frames.count - 1].markContent()
    }

    /// Closes what raw HTML holds open in the innermost frame; their closing
    /// tags, when they come, are dropped.
    func closeOpenElements() -> String {
        guard !frames.isEmpty else { return "" }
        var output = ""
        while let open = frames[frames.count - 1].pop() {
            frames[frames.count - 1].autoClosed[open.name, default: 0] += 1
            output += "</\(open.output)>"
            if open.output == "a" { linkDepth -= 1 }
        }
        return output
    }

    /// Ends the frame at `depth` and any left inside it; returns the closing
    /// tags of what they still hold.
    func endFrames(from depth: Int) -> String {
        var output = ""
        while frames.count >= depth, let frame = frames.popLast() {
            for open in frame.open.reversed() {
                output += "</\(open.output)>"
                if open.output == "a" { linkDepth -= 1 }
                // Its closing tag may come after the frame (`**<kbd>a**</kbd>`): dropped there.
                if !frames.isEmpty { frames[frames.count - 1].autoClosed[open.name, default: 0] += 1 }
            }
        }
        return output
    }

    /// Around a markdown link's text.
    func enterLink() { linkDepth += 1 }
    func leaveLink() { linkDepth -= 1 }

    // MARK: - Fragments

    /// An HTML block: the allowed elements written, the rest escaped. A block
    /// with nothing allowed in it is shown as it was written, in a
    /// `<pre class="raw-html">` (comments left out); one of comments alone
    /// writes nothing.
    func block(_ html: String, line: Int) -> String {
        let bytes = Array(html.utf8)
        let tokens = RawHTML.tokens(bytes)
        let (output, kept) = feed(bytes, tokens: tokens, line: line, isBlock: true)
        // Elements closed at the block's end follow its last line; the next block starts on its own.
        if kept { return output.hasSuffix("\n") || output.isEmpty ? output : output + "\n" }
        var shown = ""
        for token in tokens {
            if case .comment = token.kind { continue }
            shown += String(decoding: bytes[token.range], as: UTF8.self)
        }
        guard !shown.allSatisfy(\.isWhitespace) else { return "" }
        var block = "<pre class=\"raw-html\" tabindex=\"0\"><code>"
        HTMLEscaping.append(shown, to: &block)
        return block + "</code></pre>\n"
    }

    /// A piece of inline HTML (one tag or comment, as cmark-gfm gives it).
    func inline(_ html: String, line: Int) -> String {
        let bytes = Array(html.utf8)
        return feed(bytes, tokens: RawHTML.tokens(bytes), line: line, isBlock: false).html
    }

    private func feed(_ bytes: [UInt8], tokens: [RawHTML.Token], line: Int, isBlock: Bool) -> (html: String, kept: Bool)
    {
        let temporary = frames.isEmpty ? beginFrame(inline: !isBlock) : nil
        // The frame is moved into the pass and back, never copied: its stack may be long.
        let block = frames[frames.count - 1].block
        var pass = RawHTMLPass(frame: frames.removeLast(), linkDepth: linkDepth, dryRun: false)
        var result = pass.feed(bytes, tokens: tokens, block: block, line: line, isBlock: isBlock, using: self)
        frames.append(pass.frame)
        linkDepth = pass.linkDepth
        if let temporary { result.html += endFrames(from: temporary) }
        return result
    }

    // MARK: - Ids

    /// Whether raw HTML may give an element `id`: not when a heading, a
    /// footnote, the theme or an earlier element has it (warned).
    func claim(_ id: String, element: String, line: Int) -> Bool {
        // The heading it stands in already has the id: both name one place.
        if id == heading { return false }
        if usedIDs == nil { usedIDs = Self.ids(of: root) }
        guard usedIDs!.insert(id).inserted else {
            warn?(
                "the id '\(id)' of this <\(element)> is already taken on this page (by a heading, a footnote, the"
                    + " theme or an earlier element): it is left out, so links to #\(id) lead to the other",
                line)
            return false
        }
        return true
    }

    /// The ids the page has before any raw HTML: its headings', its footnotes' and the theme's.
    static func ids(of root: MarkdownNode?) -> Set<String> {
        var ids = RawHTML.themeIDs
        var references: [String: Int] = [:]
        root?.walk { node in
            switch node.kind {
            case .heading(_, let id) where !id.isEmpty: ids.insert(id)
            case .footnoteDefinition(let label, _): ids.insert("fn-" + label)
            case .footnoteReference(let label, _):
                let count = references[label, default: 0] + 1
                references[label] = count
                ids.insert("fnref-" + label + (count == 1 ? "" : "-\(count)"))
            default: break
            }
            return true
        }
        return ids
    }

    // MARK: - Attributes

    /// The attributes written for an allowed start tag, or nil when the
    /// element cannot be written without one that was refused (`<img>` without
    /// a usable `src`, `<source>` without `srcset`).
    func attributes(
        _ written: [(name: String, value: String?)], of name: String, element: RawHTML.Element, asSpan: Bool,
        line: Int
    ) -> String? {
        var kept: [(String, String?)] = []
        var styles: [String] = []
        var seen: Set<String> = []
        var hasID = false
        var srcset: (value: String, widths: Bool)?
        var sizes: String?
        let hasIDAttribute = written.contains { $0.name == "id" }
        for (attribute, raw) in written {
            guard seen.insert(attribute).inserted,
                RawHTML.globalAttributes.contains(attribute) || element.attributes.contains(attribute)
            else { continue }
            let value = raw.map { RawHTML.decode($0[...]) } ?? ""
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            let lower = trimmed.lowercased()
            switch attribute {
            case "id", "name":
                // `name` on an `a` is how old anchors were written; HTML now wants an id.
                guard !hasID, attribute == "id" || !hasIDAttribute, RawHTML.isValidID(value),
                    claim(value, element: name, line: line)
                else { continue }
                hasID = true
                kept.append(("id", value))
            case "title", "aria-label", "alt", "media":
                kept.append((attribute, value))
            case "lang":
                if trimmed.isEmpty || Self.isLanguageTag(trimmed) { kept.append((attribute, trimmed)) }
            case "dir":
                if ["ltr", "rtl", "auto"].contains(lower) { kept.append((attribute, lower)) }
            case "aria-hidden":
                if ["true", "false"].contains(lower) { kept.append((attribute, lower)) }
            case "href":
                guard !asSpan, let url = RawHTML.allowedURL(value, role: .link) else { continue }
                let written = writeURL(url, false, line)
                if !written.isEmpty { kept.append((attribute, written)) }
            case "src":
                guard let url = RawHTML.allowedURL(value, role: .image) else { continue }
                let written = writeURL(url, true, line)
                if !written.isEmpty { kept.append((attribute, written)) }
            case "cite":
                if let url = RawHTML.allowedURL(value, role: .citation) { kept.append((attribute, url)) }
            case "srcset":
                srcset = imageCandidates(value, line: line)
            case "sizes":
                if !trimmed.isEmpty { sizes = trimmed }
            case "width", "height":
                if let pixels = Self.pixels(trimmed) {
                    kept.append((attribute, pixels))
                } else if name == "img", lower.hasSuffix("%"), let percent = Self.pixels(String(lower.dropLast())) {
                    styles.append("\(attribute): \(percent)%")
                }
            case "align":
                if name == "img" {
                    switch lower {
                    case "left", "right": styles.append("float: \(lower)")
                    case "top", "bottom", "middle": styles.append("vertical-align: \(lower)")
                    case "center": styles.append("vertical-align: middle")
                    default: break
                    }
                } else if ["left", "center", "right", "justify"].contains(lower) {
                    styles.append("text-align: \(lower)")
                }
            case "valign":
                if ["top", "middle", "bottom", "baseline"].contains(lower) {
                    styles.append("vertical-align: \(lower)")
                }
            case "colspan", "rowspan", "value", "start":
                if let number = Int(trimmed),
                    attribute == "start" || attribute == "value" || (1...1000).contains(number)
                {
                    kept.append((attribute, String(number)))
                }
            case "reversed", "open":
                kept.append((attribute, nil))
            case "type":
                if name == "ol", ["1", "a", "A", "i", "I"].contains(trimmed) {
                    kept.append((attribute, trimmed))
                } else if name == "source", lower.hasPrefix("image/"),
                    lower.dropFirst(6).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
                {
                    kept.append((attribute, lower))
                }
            case "scope":
                if ["row", "col", "rowgroup", "colgroup"].contains(lower) { kept.append((attribute, lower)) }
            default:
                continue
            }
        }
        // Width descriptors (`480w`) need `sizes`; without it the candidates are not kept.
        if let srcset, !srcset.widths || sizes != nil {
            kept.append(("srcset", srcset.value))
            if srcset.widths, let sizes { kept.append(("sizes", sizes)) }
        }
        if name == "img" {
            guard kept.contains(where: { $0.0 == "src" }) else { return nil }
            if !kept.contains(where: { $0.0 == "alt" }) { kept.append(("alt", "")) }
        }
        if name == "source", !kept.contains(where: { $0.0 == "srcset" }) { return nil }
        if !styles.isEmpty { kept.append(("style", styles.joined(separator: "; "))) }
        var output = ""
        for (attribute, value) in kept {
            output += " " + attribute
            guard let value else { continue }
            output += "=\""
            // URLs come escaped from the writer.
            if attribute == "href" || attribute == "src" || attribute == "srcset" {
                output += value
            } else if attribute == "cite" {
                output += HTMLEscaping.escapeURL(value)
            } else {
                HTMLEscaping.append(value, to: &output)
            }
            output += "\""
        }
        return output
    }

    /// A `srcset`'s candidates (`a.png, a@2x.png 2x`) with each URL checked and
    /// written like an image's; nil when any is malformed or refused.
    private func imageCandidates(_ value: String, line: Int) -> (value: String, widths: Bool)? {
        var candidates: [String] = []
        var widths = false
        let scalars = Array(value.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
        while index < scalars.count {
            while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "," { index += 1 }
            guard index < scalars.count else { break }
            var urlEnd = index
            while urlEnd < scalars.count, !isSpace(scalars[urlEnd]) { urlEnd += 1 }
            var url = String(String.UnicodeScalarView(scalars[index..<urlEnd]))
            var descriptor = ""
            index = urlEnd
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
            } else {
                var descriptorEnd = index
                while descriptorEnd < scalars.count, scalars[descriptorEnd] != "," { descriptorEnd += 1 }
                descriptor = String(String.UnicodeScalarView(scalars[index..<descriptorEnd]))
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                index = descriptorEnd
            }
            if descriptor.hasSuffix("w"), Self.pixels(String(descriptor.dropLast())) != nil {
                widths = true
            } else if !descriptor.isEmpty {
                guard descriptor.hasSuffix("x"), let density = Double(descriptor.dropLast()), density > 0,
                    descriptor.first?.isNumber == true
                else { return nil }
            }
            guard !url.isEmpty, let allowed = RawHTML.allowedURL(url, role: .image) else { return nil }
            let written = writeURL(allowed, true, line)
            guard !written.isEmpty else { return nil }
            candidates.append(descriptor.isEmpty ? written : written + " " + descriptor)
        }
        return candidates.isEmpty ? nil : (candidates.joined(separator: ", "), widths)
    }

    /// `120` or `120px` as `120`; nil for anything else.
    private static func pixels(_ value: String) -> String? {
        let digits = value.hasSuffix("px") ? String(value.dropLast(2)) : value
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return String(Int(digits) ?? 0)
    }

    /// `en`, `pt-BR`, `zh-Hant-TW`: a BCP 47 tag's shape.
    private static func isLanguageTag(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
