import CCmarkGFM
import Foundation

/// Raw HTML in markdown, kept where it is safe: the few elements specs use
/// (`<a id>` anchors, `<details>`, `<br>`, `<kbd>`, `<sup>`, `<img>`,
/// `<picture>`…) with the attributes that cannot run script or restyle the
/// page, the way GitHub's sanitiser keeps them (html-pipeline's
/// `SanitizationFilter` allowlist is the reference; docs/markdown.md lists
/// what is kept).
///
/// Nothing of the source's markup reaches the page: each fragment is read
/// into tags and text, and only tags written here, with attribute values
/// decoded, checked and escaped again, are written out; all text is escaped.
/// So a trick the reading misses (an odd quote, an entity, a tag the browser
/// would read differently) can only turn markup into visible text, never into
/// something that runs. Tags of other elements, stray closing tags and
/// declarations are shown as text, as all raw HTML was before; comments are
/// hidden.
///
/// cmark-gfm hands raw HTML over in pieces: an HTML block is a whole chunk
/// (`<details>\n<summary>More</summary>`), and inline HTML comes one tag at a
/// time (`<kbd>`, then the text, then `</kbd>`), so the elements stay open
/// across pieces; ``RawHTMLSanitizer`` keeps them balanced.
enum RawHTML {
    /// How an allowed element is written and where it may stand.
    struct Element {
        /// The name written out (`tt` is written `code`, `strike` `s`: HTML
        /// dropped those).
        var output: String
        /// Attributes beyond ``RawHTML/globalAttributes``.
        var attributes: Set<String> = []
        /// A void element: no content, no closing tag.
        var isVoid = false
        /// Phrasing content: may stand inside a paragraph or a heading.
        var isPhrasing = false
        /// Holds phrasing only (a paragraph, a heading, `<kbd>`), so it never
        /// stays open across markdown blocks, which would put a `<p>` in it.
        var holdsPhrasingOnly = false
        /// The elements it must be directly inside (`<li>` in `<ul>` or `<ol>`).
        var parents: Set<String>? = nil
        /// The only elements it may hold (`<tr>` holds `<td>` and `<th>`).
        var children: Set<String>? = nil
        /// Open elements an opening tag of this one closes first, as HTML's
        /// implied end tags do (`<li>` after `<li>`).
        var closes: Set<String> = []
    }

    /// Attributes any allowed element may carry.
    static let globalAttributes: Set<String> = ["id", "title", "lang", "dir", "aria-label", "aria-hidden"]

    /// The allowlist, by the name as written (lowercased).
    static let elements: [String: Element] = {
        var table: [String: Element] = [:]
        let inline = [
            "abbr", "b", "bdi", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
            "strong", "sub", "sup", "u", "var", "del", "ins", "ruby",
        ]
        for name in inline { table[name] = Element(output: name, isPhrasing: true, holdsPhrasingOnly: true) }
        table["tt"] = Element(output: "code", isPhrasing: true, holdsPhrasingOnly: true)
        table["strike"] = Element(output: "s", isPhrasing: true, holdsPhrasingOnly: true)
        for name in ["q", "del", "ins"] { table[name]?.attributes = ["cite"] }
        table["a"] = Element(output: "a", attributes: ["href", "name"], isPhrasing: true, holdsPhrasingOnly: true)
        table["br"] = Element(output: "br", isVoid: true, isPhrasing: true)
        table["wbr"] = Element(output: "wbr", isVoid: true, isPhrasing: true)
        table["img"] = Element(
            output: "img", attributes: ["src", "alt", "width", "height", "srcset", "sizes", "align"], isVoid: true,
            isPhrasing: true)
        table["picture"] = Element(
            output: "picture", isPhrasing: true, holdsPhrasingOnly: true, children: ["source", "img"])
        table["source"] = Element(
            output: "source", attributes: ["srcset", "media", "type", "width", "height", "sizes"], isVoid: true,
            isPhrasing: true, parents: ["picture"])
        for name in ["rt", "rp"] {
            table[name] = Element(
                output: name, isPhrasing: true, holdsPhrasingOnly: true, parents: ["ruby"], closes: ["rt", "rp"])
        }

        let aligned: Set<String> = ["align"]
        table["div"] = Element(output: "div", attributes: aligned)
        table["p"] = Element(output: "p", attributes: aligned, holdsPhrasingOnly: true)
        for level in 1...6 {
            table["h\(level)"] = Element(output: "h\(level)", attributes: aligned, holdsPhrasingOnly: true)
        }
        table["pre"] = Element(output: "pre", holdsPhrasingOnly: true)
        table["blockquote"] = Element(output: "blockquote", attributes: ["cite"])
        table["hr"] = Element(output: "hr", isVoid: true)
        table["ul"] = Element(output: "ul", children: ["li"])
        table["ol"] = Element(output: "ol", attributes: ["start", "reversed", "type"], children: ["li"])
        table["li"] = Element(output: "li", attributes: ["value"], parents: ["ul", "ol"], closes: ["li"])
        table["dl"] = Element(output: "dl", children: ["dt", "dd"])
        for name in ["dt", "dd"] {
            table[name] = Element(output: name, parents: ["dl"], closes: ["dt", "dd"])
        }
        table["details"] = Element(output: "details", attributes: ["open"])
        table["summary"] = Element(output: "summary", holdsPhrasingOnly: true, parents: ["details"])
        table["figure"] = Element(output: "figure")
        table["figcaption"] = Element(output: "figcaption", parents: ["figure"])
        let sections: Set<String> = ["thead", "tbody", "tfoot"]
        table["table"] = Element(output: "table", children: sections.union(["caption", "tr"]))
        table["caption"] = Element(output: "caption", parents: ["table"])
        for name in sections {
            table[name] = Element(
                output: name, parents: ["table"], children: ["tr"], closes: sections.union(["tr", "td", "th"]))
        }
        table["tr"] = Element(
            output: "tr", parents: sections.union(["table"]), children: ["td", "th"], closes: ["tr", "td", "th"])
        table["td"] = Element(
            output: "td", attributes: ["colspan", "rowspan", "align", "valign"], parents: ["tr"],
            closes: ["td", "th"])
        table["th"] = Element(
            output: "th", attributes: ["colspan", "rowspan", "align", "valign", "scope"], parents: ["tr"],
            closes: ["td", "th"])
        return table
    }()

    /// Ids the default theme gives its own elements, which a page's HTML may not take.
    static let themeIDs: Set<String> = ["content", "site-nav"]

    // MARK: - Reading tags

    /// One piece of a raw HTML fragment, as a range of its UTF-8 bytes.
    struct Token {
        enum Kind {
            /// Text between tags.
            case text
            /// `<name attribute="value" …>`; `/>` sets `selfClosing`.
            case start(name: String, attributes: [(name: String, value: String?)], selfClosing: Bool)
            /// `</name>`.
            case end(name: String)
            /// `<!-- … -->`: hidden.
            case comment
            /// `<!DOCTYPE …>`, `<?…?>`, `<![CDATA[…]]>`: shown as text.
            case other
        }

        var kind: Kind
        var range: Range<Int>
        /// Line breaks before it in the fragment.
        var line: Int
    }

    /// The fragment read into tokens, by CommonMark's grammar of raw HTML: a
    /// `<` that starts no tag, comment or declaration is text.
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        let reader = TagReader(bytes: bytes)
        var textStart = 0
        var line = 0
        var counted = 0
        func lineAt(_ offset: Int) -> Int {
            while counted < offset {
                if bytes[counted] == 10 { line += 1 }
                counted += 1
            }
            return line
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let (kind, end) = reader.read(at: index) else {
                index += 1
                continue
            }
            if textStart < index {
                tokens.append(Token(kind: .text, range: textStart..<index, line: lineAt(textStart)))
            }
            tokens.append(Token(kind: kind, range: index..<end, line: lineAt(index)))
            index = end
            textStart = end
        }
        if textStart < bytes.count {
            tokens.append(Token(kind: .text, range: textStart..<bytes.count, line: lineAt(textStart)))
        }
        return tokens
    }

    /// Reads one tag, comment or declaration starting at a `<`.
    private struct TagReader {
        let bytes: [UInt8]

        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
        static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
        static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

        func read(at start: Int) -> (Token.Kind, Int)? {
            guard let next = byte(start + 1) else { return nil }
            if Self.isLetter(next) { return startTag(at: start) }
            if next == UInt8(ascii: "/") { return endTag(at: start) }
            if next == UInt8(ascii: "!") {
                if matches("<!--", at: start) { return (.comment, commentEnd(from: start + 4)) }
                if matches("<![CDATA[", at: start) { return (.other, end(of: "]]>", from: start + 9)) }
                if let letter = byte(start + 2), Self.isLetter(letter) {
                    return (.other, end(of: ">", from: start + 2))
                }
                return nil
            }
            if next == UInt8(ascii: "?") { return (.other, end(of: "?>", from: start + 2)) }
            return nil
        }

        func matches(_ text: String, at index: Int) -> Bool {
            var offset = index
            for expected in text.utf8 {
                guard let actual = byte(offset), actual == expected else { return false }
                offset += 1
            }
            return true
        }

        /// Just past the first `terminator` from `index`, or the end.
        func end(of terminator: String, from index: Int) -> Int {
            var offset = index
            while offset < bytes.count {
                if matches(terminator, at: offset) { return offset + terminator.utf8.count }
                offset += 1
            }
            return bytes.count
        }

        /// Where a comment whose text starts at `index` ends, as HTML reads it
        /// (`<!-->` and `<!--->` are whole comments); an unclosed one runs to the end.
        func commentEnd(from index: Int) -> Int {
            if byte(index) == UInt8(ascii: ">") { return index + 1 }
            if matches("->", at: index) { return index + 2 }
            return end(of: "-->", from: index)
        }

        func name(from index: Int) -> (String, Int) {
            var offset = index
            while let current = byte(offset), Self.isLetter(current) || Self.isDigit(current) || current == 45 {
                offset += 1
            }
            return (String(decoding: bytes[index..<offset], as: UTF8.self).lowercased(), offset)
        }

        func skipSpace(from index: Int) -> Int {
            var offset = index
            while let current = byte(offset), Self.isSpace(current) { offset += 1 }
            return offset
        }

        func endTag(at start: Int) -> (Token.Kind, Int)? {
            guard let first = byte(start + 2), Self.isLetter(first) else { return nil }
            let (tagName, afterName) = name(from: start + 2)
            let close = skipSpace(from: afterName)
            guard byte(close) == UInt8(ascii: ">") else { return nil }
            return (.end(name: tagName), close + 1)
        }

        func startTag(at start: Int) -> (Token.Kind, Int)? {
            let (tagName, afterName) = name(from: start + 1)
            var attributes: [(name: String, value: String?)] = []
            var offset = afterName
            while true {
                let afterSpace = skipSpace(from: offset)
                guard let current = byte(afterSpace) else { return nil }
                if current == UInt8(ascii: ">") {
                    return (.start(name: tagName, attributes: attributes, selfClosing: false), afterSpace + 1)
                }
                if current == UInt8(ascii: "/") {
                    guard byte(afterSpace + 1) == UInt8(ascii: ">") else { return nil }
                    return (.start(name: tagName, attributes: attributes, selfClosing: true), afterSpace + 2)
                }
                // An attribute needs space before it.
                guard afterSpace > offset else { return nil }
                guard Self.isLetter(current) || current == UInt8(ascii: "_") || current == UInt8(ascii: ":") else {
                    return nil
                }
                var nameEnd = afterSpace + 1
                while let next = byte(nameEnd),
                    Self.isLetter(next) || Self.isDigit(next) || next == 95 || next == 46 || next == 58 || next == 45
                {
                    nameEnd += 1
                }
                let attributeName = String(decoding: bytes[afterSpace..<nameEnd], as: UTF8.self).lowercased()
                let equals = skipSpace(from: nameEnd)
                guard byte(equals) == UInt8(ascii: "=") else {
                    attributes.append((attributeName, nil))
                    offset = nameEnd
                    continue
                }
                let valueStart = skipSpace(from: equals + 1)
                guard let quote = byte(valueStart) else { return nil }
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(valueStart + 1)...].firstIndex(of: quote) else { return nil }
                    attributes.append(
                        (attributeName, String(decoding: bytes[(valueStart + 1)..<close], as: UTF8.self)))
                    offset = close + 1
                } else {
                    var valueEnd = valueStart
                    while let next = byte(valueEnd), !Self.isSpace(next),
                        !"\"'=<>`".utf8.contains(next)
                    {
                        valueEnd += 1
                    }
                    guard valueEnd > valueStart else { return nil }
                    attributes.append((attributeName, String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)))
                    offset = valueEnd
                }
            }
        }
    }

    // MARK: - Character references

    /// `text` with its character references (`&amp;`, `&#x61;`, `&copy;`)
    /// decoded; an `&` that starts none is kept as it is.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var output = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let (decoded, remainder) = reference(in: after) {
                output += decoded
                rest = remainder
            } else {
                output += "&"
                rest = after
            }
        }
        output += rest
        return output
    }

    /// The character a reference stands for (`#x61;`, `#97`, `copy;`, after
    /// the `&`) and the text after it. Numeric references may leave out the
    /// `;`, as HTML allows; named ones need it.
    private static func reference(in text: Substring) -> (String, Substring)? {
        if text.first == "#" {
            var digits = text.dropFirst()
            var radix = 10
            if digits.first == "x" || digits.first == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            let number = digits.prefix { $0.isASCII && ($0.isHexDigit && (radix == 16 || $0.isNumber)) }
            guard !number.isEmpty, number.count <= 8 else { return nil }
            var rest = digits[number.endIndex...]
            if rest.first == ";" { rest = rest.dropFirst() }
            let value = UInt32(number, radix: radix) ?? 0xFFFD
            let scalar = (value == 0 ? nil : Unicode.Scalar(value)) ?? "\u{FFFD}"
            return (String(Character(scalar)), rest)
        }
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !name.isEmpty, name.count <= 32, name.first?.isLetter == true else { return nil }
        let rest = text[name.endIndex...]
        guard rest.first == ";", let decoded = namedEntity(String(name)) else { return nil }
        return (decoded, rest.dropFirst())
    }

    private static let entityLock = NSLock()
    nonisolated(unsafe) private static var entityCache: [String: String?] = [:]

    /// What the named reference `&name;` stands for, from cmark-gfm's table of
    /// HTML's 2,125 names (parsed as a one-line document), or nil.
    static func namedEntity(_ name: String) -> String? {
        if let known = entityLock.withLock({ entityCache[name] }) { return known }
        let source = "&" + name + ";"
        var decoded: String?
        // Parsed as every page is: in parallel only once cmark-gfm's table of
        // special characters is frozen (see MarkdownParser).
        let parsed =
            MarkdownParser.parsesInParallel
            ? cmark_parse_document(source, source.utf8.count, CMARK_OPT_DEFAULT)
            : MarkdownParser.finishLock.withLock { cmark_parse_document(source, source.utf8.count, CMARK_OPT_DEFAULT) }
        if let document = parsed {
            var text = ""
            if let paragraph = cmark_node_first_child(document) {
                var child = cmark_node_first_child(paragraph)
                while let node = child {
                    if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
                    child = cmark_node_next(node)
                }
            }
            cmark_node_free(document)
            if !text.isEmpty, text != source { decoded = text }
        }
        // Bounded: a document of a million made-up names must not keep a million.
        entityLock.withLock { if entityCache.count < 4096 { entityCache[name] = .some(decoded) } }
        return decoded
    }

    // MARK: - URLs

    /// What a URL attribute leads to, which decides the schemes it may have.
    enum URLRole {
        /// `<a href>`: http, https, mailto, or relative.
        case link
        /// `<img src>`, `srcset`: http, https, relative, or a `data:image/` of PNG, GIF, JPEG or WebP.
        case image
        /// `cite`: http or https only (it is never followed, so never rewritten).
        case citation
    }

    /// The URL a browser would read from the decoded attribute `value` when
    /// its scheme is allowed for `role`, or nil. Tabs and line breaks inside
    /// and spaces and controls around it are dropped first, as the URL parser
    /// drops them, so `jav&#x09;ascript:` is the `javascript:` it would be.
    static func allowedURL(_ value: String, role: URLRole) -> String? {
        var scalars = value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars = scalars.dropLast() }
        guard !scalars.isEmpty else { return nil }
        var url = ""
        url.unicodeScalars.append(contentsOf: scalars)
        guard let scheme = scheme(of: url) else { return role == .citation ? nil : url }
        switch (scheme, role) {
        case ("http", _), ("https", _): return url
        case ("mailto", .link): return url
        case ("data", .image):
            let lower = url.prefix(24).lowercased()
            let images = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            return images.contains { lower.hasPrefix($0 + ";") || lower.hasPrefix($0 + ",") } ? url : nil
        default: return nil
        }
    }

    /// The lowercased scheme of `url` (`javascript` in `JavaScript:…`), or nil for a relative URL.
    static func scheme(of url: String) -> String? {
        guard let first = url.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        for (offset, scalar) in url.unicodeScalars.enumerated() {
            if scalar == ":" { return String(url.prefix(offset)).lowercased() }
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            else { return nil }
        }
        return nil
    }

    // MARK: - What the parser needs

    /// The ids raw HTML gives elements (`<a id="x">`, and `<a name="x">`,
    /// which is written as an id), with the line of each and whether the
    /// element is one the allowlist keeps; for link checking.
    static func anchors(in html: String) -> [(id: String, line: Int, allowed: Bool)] {
        guard html.contains("="), html.contains("<") else { return [] }
        var anchors: [(id: String, line: Int, allowed: Bool)] = []
        for token in tokens(Array(html.utf8)) {
            guard case .start(let name, let attributes, _) = token.kind else { continue }
            let id =
                attributes.first { $0.name == "id" }?.value
                ?? (name == "a" ? attributes.first { $0.name == "name" }?.value : nil)
            guard let id else { continue }
            let decoded = decode(id[...])
            guard isValidID(decoded) else { continue }
            anchors.append((decoded, token.line, elements[name] != nil))
        }
        return anchors
    }

    /// The text a reader sees for one piece of inline HTML: nothing for a tag
    /// the allowlist keeps or a comment, the piece itself for what is shown
    /// as text. Page titles and the table of contents use it.
    static func shownText(of fragment: String) -> String {
        let bytes = Array(fragment.utf8)
        let pieces = tokens(bytes)
        guard pieces.count == 1 else { return fragment }
        switch pieces[0].kind {
        case .comment: return ""
        case .start(let name, _, _), .end(let name):
            return elements[name] != nil ? "" : fragment
        case .text, .other: return fragment
        }
    }

    /// An id HTML accepts: not empty, no whitespace.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && !id.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
    }
}
