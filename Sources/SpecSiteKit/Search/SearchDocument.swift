/// What search reads of one page: its title and its sections, each with the
/// anchor a result jumps to, its heading and its text as a reader sees it.
struct SearchDocument {
    /// A part of a page from one heading to the next.
    struct Section {
        /// The heading's id; empty for the page's top (its title and what comes before the first heading).
        var anchor: String
        var heading: String
        var text: String
    }

    var title: String
    /// The top of the page first (anchor `""`, the title as heading), then one per heading.
    var sections: [Section]

    /// A markdown page's sections, from its tree: text, code spans and code
    /// blocks (token names and values are often written in them), image alt
    /// text, and what raw HTML shows as text. A first H1 is the page's title.
    init(title: String, tree: MarkdownNode) {
        self.title = title
        var sections = [Section(anchor: "", heading: title, text: "")]
        // The current section's text, as bytes: appending to a String costs more.
        var text: [UInt8] = []
        var sawHeading = false
        func walk(_ node: MarkdownNode) {
            switch node.kind {
            case .heading(let level, let id):
                defer { sawHeading = true }
                if !sawHeading && level == 1 { return }
                sections[sections.count - 1].text = Self.collapsed(text)
                text.removeAll(keepingCapacity: true)
                sections.append(Section(anchor: id, heading: Self.collapsed(Array(node.shownText.utf8)), text: ""))
                return
            case .text(let value), .code(let value): text += value.utf8
            case .codeBlock(_, let code): text += code.utf8
            case .htmlInline(let value): text += RawHTML.shownText(of: value).utf8
            case .htmlBlock: return
            case .softBreak, .lineBreak: text.append(0x20)
            default: break
            }
            for child in node.children { walk(child) }
            if node.isBlock { text.append(0x20) }
        }
        walk(tree)
        sections[sections.count - 1].text = Self.collapsed(text)
        self.sections = sections
    }

    /// A generated page's sections, from its HTML: text between tags (not
    /// in `<script>` or `<style>`), character references decoded, a new
    /// section at each heading with an id.
    init(title: String, html: String) {
        self.title = title
        var sections = [Section(anchor: "", heading: title, text: "")]
        var text: [UInt8] = []
        /// The heading being read: its id and where its text starts in `text`.
        var heading: (id: String, start: Int)?
        let bytes = Array(html.utf8)
        var index = 0
        func flush() {
            sections[sections.count - 1].text += Self.decoded(text)
            text.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<") else {
                text.append(byte)
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = bytes[(index + 1)..<close]
            index = close + 1
            let kind = Self.kind(of: tag)
            switch kind {
            case .script, .style:
                // Skipped to their end tag.
                let end = kind == .script ? "</script" : "</style"
                index = html.byteOffset(of: end, from: index).map { $0 + end.utf8.count } ?? bytes.count
                if let gt = bytes[index...].firstIndex(of: UInt8(ascii: ">")) { index = gt + 1 }
            case .headingOpen:
                if let id = Self.attribute("id", in: tag) {
                    flush()
                    heading = (id, 0)
                } else {
                    text.append(0x20)
                }
            case .headingClose:
                if let open = heading {
                    let words = Self.collapsed(Self.decoded(Array(text[open.start...])))
                    text.removeAll(keepingCapacity: true)
                    sections.append(Section(anchor: open.id, heading: words, text: ""))
                    heading = nil
                } else {
                    text.append(0x20)
                }
            case .inline:
                // Inline tags join words (`<code>x</code>y`); others part them.
                break
            case .other:
                text.append(0x20)
            }
        }
        flush()
        for index in sections.indices { sections[index].text = Self.collapsed(sections[index].text) }
        self.sections = sections
    }

    /// What a tag is to the text around it.
    private enum TagKind { case script, style, headingOpen, headingClose, inline, other }

    /// The kind of a tag by its name (`h2` of `h2 id="x"`, `/h2`), read as
    /// a number rather than a string: a large site's Tokens page has a
    /// million tags.
    private static func kind(of tag: ArraySlice<UInt8>) -> TagKind {
        var packed: UInt64 = 0
        var length = 0
        for byte in tag {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || (byte == UInt8(ascii: "/") && length > 0)
            {
                break
            }
            length += 1
            if length > 8 { return .other }
            packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
        }
        return tagKinds[packed] ?? .other
    }

    private static let tagKinds: [UInt64: TagKind] = {
        func packed(_ name: String) -> UInt64 { name.utf8.reduce(0) { $0 << 8 | UInt64($1) } }
        var kinds: [UInt64: TagKind] = [packed("script"): .script, packed("style"): .style]
        for level in 1...6 {
            kinds[packed("h\(level)")] = .headingOpen
            kinds[packed("/h\(level)")] = .headingClose
        }
        for name in ["a", "b", "code", "em", "i", "kbd", "mark", "span", "strong", "sub", "sup", "del", "abbr"] {
            kinds[packed(name)] = .inline
            kinds[packed("/" + name)] = .inline
        }
        return kinds
    }()

    /// The value of a double-quoted attribute of a tag (as the renderer writes them).
    private static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: tag, as: UTF8.self)
        let key = " \(name)=\""
        guard let found = text.byteOffset(of: key, from: 0) else { return nil }
        let rest = tag.dropFirst(found + key.utf8.count)
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return decoded(Array(rest[..<end]))
    }

    /// Text with its character references decoded, as raw HTML's are.
    static func decoded(_ bytes: [UInt8]) -> String {
        RawHTML.decode(String(decoding: bytes, as: UTF8.self)[...])
    }

    /// Runs of ASCII white space as one space, none at either end.
    static func collapsed(_ text: String) -> String {
        collapsed(Array(text.utf8))
    }

    /// The text of UTF-8 bytes with runs of ASCII white space as one space, none at either end.
    static func collapsed(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var space = false
        for byte in bytes {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                space = !out.isEmpty
                continue
            }
            if space {
                out.append(0x20)
                space = false
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
