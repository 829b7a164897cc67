/// Linked files a browser opens as documents that can run script: HTML
/// (`demo.html`) and XML documents (`diagram.svg`, `page.xhtml`). A page's own
/// HTML is escaped unless `allow_raw_html` says otherwise; a linked file is
/// copied, and opened from the site it would run its script with the site's
/// origin. So with raw HTML off:
///
/// - **HTML** is copied with a Content-Security-Policy `<meta>` that stops
///   every script, placed where the browser's parser puts it in the `<head>`
///   (right after `<head>`, or before anything else when the file has none).
///   The policy, not the scan below, is what keeps it safe; the scan only
///   says so in a warning.
/// - **SVG and other XML** cannot carry such a policy (a `<meta>` CSP does
///   not apply to SVG), and opened directly an SVG runs its script. Removing
///   the script instead (a sanitiser) would be a blocklist that has to know
///   every way XML can hide script (entities, namespaces, animation of
///   `href`, XSLT) and be wrong only once; so a file in which the scan finds
///   anything that could run is not copied at all, with a warning. The scan
///   is deliberately over-cautious: anything it cannot read as plain UTF-8
///   markup counts as script. An SVG shown with `![](diagram.svg)` never runs
///   script (an `<img>` does not), but the same file opened on its own does.
///
/// With `allow_raw_html: true` the site's owner has said its content is
/// trusted, and files are copied as they are, without a warning (one that
/// could not be silenced would fail every `--strict` build of a site that
/// ships an interactive prototype on purpose).
///
/// Hand-written rather than through an HTML or XML parser: the package has
/// none, and what is needed is narrow (where the `<head>` starts, and tags and
/// attributes read as cautiously as possible), not a document tree.
enum ActiveContent {
    /// How a browser reads a file.
    enum Kind: Equatable {
        /// Parsed as HTML: the policy `<meta>` works.
        case html
        /// Parsed as XML (SVG, XHTML, XSLT): no `<meta>` policy applies.
        case xml
    }

    /// The kind of document a copied file is, by its extension; nil for files
    /// a browser does not run (images, PDFs, text).
    static func kind(of path: String) -> Kind? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "html", "htm", "shtml": return .html
        case "svg", "xhtml", "xht", "xml", "xsl", "xslt": return .xml
        default: return nil
        }
    }

    /// The policy inserted into linked HTML files: no script, no plugins, no
    /// `<base>` that would send relative URLs elsewhere.
    static let policy = "script-src 'none'; object-src 'none'; base-uri 'none'"

    /// The tag that carries ``policy``.
    static let policyTag = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"

    /// Something in a document that can run script, and its line.
    struct Finding: Equatable {
        /// What it is (`a <script> element`).
        var what: String
        /// 1-based line.
        var line: Int
    }

    /// The first thing in `bytes` that could run script, or nil. Reads every
    /// `<` outside comments and quoted attribute values as a tag, and ends
    /// comments and declarations at the earliest point either HTML or XML
    /// would, so it may see more markup than a browser does, never less.
    static func script(in bytes: [UInt8], kind: Kind) -> Finding? {
        var scanner = Scanner(bytes: bytes)
        return scanner.findScript(xml: kind == .xml)
    }

    /// `bytes` (an HTML file) with ``policyTag`` where the parser puts it in
    /// the `<head>`, before any script; nil for a UTF-16 file, where inserted
    /// ASCII would not be read as a tag.
    static func withPolicy(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return nil }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var scanner = Scanner(bytes: bytes)
        var at = start
        // With escape or NUL bytes (ISO-2022-JP, say) a decoder may not read
        // later bytes as the ASCII they look like: the very start is the one
        // place sure to be read as a tag, and the parser puts a <meta> there in <head>.
        if !bytes.contains(0x1B) && !bytes.contains(0) {
            scanner.index = start
            scanner.skipSpaceAndComments()
            if scanner.matches("<!doctype", caseInsensitive: true), let end = scanner.find(UInt8(ascii: ">")) {
                scanner.index = end + 1
                at = scanner.index
            }
            // <html> and <head> may follow; the meta goes after the last of them.
            scanner.skipSpaceAndComments()
            if scanner.isStartTag("html"), let end = scanner.startTagEnd() {
                scanner.index = end
                at = end
                scanner.skipSpaceAndComments()
            }
            if scanner.isStartTag("head"), let end = scanner.startTagEnd() {
                at = end
            }
        }
        return Array(bytes[..<at]) + Array(policyTag.utf8) + Array(bytes[at...])
    }

    /// A cursor over the bytes of a document.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        /// Whether `byte` after `<` starts a tag: an ASCII letter (HTML); also
        /// `_`, `:` or any non-ASCII byte (XML names).
        static func startsName(_ byte: UInt8, xml: Bool) -> Bool {
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            return letter || (xml && (byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80))
        }

        static func lower(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
        }

        func matches(_ text: String, at position: Int? = nil, caseInsensitive: Bool = false) -> Bool {
            var at = position ?? index
            for expected in text.utf8 {
                guard at < bytes.count else { return false }
                let byte = caseInsensitive ? Self.lower(bytes[at]) : bytes[at]
                guard byte == expected else { return false }
                at += 1
            }
            return true
        }

        /// The position of the next `byte` from the cursor.
        func find(_ byte: UInt8, from position: Int? = nil) -> Int? {
            var at = position ?? index
            while at < bytes.count {
                if bytes[at] == byte { return at }
                at += 1
            }
            return nil
        }

        /// The position of the next `text` from the cursor.
        func find(_ text: String, from position: Int? = nil) -> Int? {
            let first = text.utf8.first!
            var at = position ?? index
            while let candidate = find(first, from: at) {
                if matches(text, at: candidate) { return candidate }
                at = candidate + 1
            }
            return nil
        }

        func line(at position: Int) -> Int {
            1 + bytes[..<min(position, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        /// Where a comment starting at the cursor (`<!--`) ends: the earliest
        /// end HTML allows (`<!-->`, `<!--->`, `--!>`, `-->`).
        func commentEnd() -> Int {
            let body = index + 4
            if matches(">", at: body) { return body + 1 }
            if matches("->", at: body) { return body + 2 }
            var at = body
            while let dash = find("--", from: at) {
                if matches("-->", at: dash) { return dash + 3 }
                if matches("--!>", at: dash) { return dash + 4 }
                at = dash + 1
            }
            return bytes.count
        }

        /// Skips whitespace, comments and `<?…>` (what may come before
        /// `<html>` without the parser leaving its first state).
        mutating func skipSpaceAndComments() {
            while true {
                skipSpace()
                if matches("<!--") {
                    index = commentEnd()
                } else if matches("<?") {
                    index = (find(UInt8(ascii: ">")) ?? bytes.count - 1) + 1
                } else {
                    return
                }
            }
        }

        /// Whether a start tag named `name` (any case) is at the cursor.
        func isStartTag(_ name: String) -> Bool {
            guard matches("<" + name, caseInsensitive: true) else { return false }
            let after = index + 1 + name.utf8.count
            return after < bytes.count
                && (Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/")
                    || bytes[after] == UInt8(ascii: ">"))
        }

        /// Where the start tag at the cursor ends (just past its `>`), read as
        /// the HTML tokenizer does; nil when the file ends inside it.
        func startTagEnd() -> Int? {
            var copy = self
            return copy.readStartTag().end
        }

        /// An attribute as written: name and value (nil without `=`).
        struct Attribute {
            var name: [UInt8]
            var value: [UInt8]?
        }

        /// Reads the start tag at the cursor (`<name …>`) as the HTML
        /// tokenizer does, leaving the cursor after it; `end` is nil when
        /// the file ends inside the tag.
        mutating func readStartTag() -> (name: [UInt8], attributes: [Attribute], end: Int?) {
            index += 1
            let nameStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
                bytes[index] != UInt8(ascii: ">")
            {
                index += 1
            }
            let name = Array(bytes[nameStart..<index])
            var attributes: [Attribute] = []
            while true {
                skipSpace()
                guard index < bytes.count else { return (name, attributes, nil) }
                if bytes[index] == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    return (name, attributes, index)
                }
                // The first character belongs to the name even if it is `=`.
                let attributeStart = index
                index += 1
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
                    bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=")
                {
                    index += 1
                }
                var attribute = Attribute(name: Array(bytes[attributeStart..<index]), value: nil)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipSpace()
                    guard index < bytes.count else {
                        attributes.append(attribute)
                        return (name, attributes, nil)
                    }
                    let quote = bytes[index]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        let close = find(quote, from: index + 1)
                        attribute.value = Array(bytes[(index + 1)..<(close ?? bytes.count)])
                        attributes.append(attribute)
                        guard let close else {
                            index = bytes.count
                            return (name, attributes, nil)
                        }
                        index = close + 1
                        continue
                    }
                    if quote != UInt8(ascii: ">") {
                        let valueStart = index
                        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                            index += 1
                        }
                        attribute.value = Array(bytes[valueStart..<index])
                    }
                }
                attributes.append(attribute)
            }
        }

        mutating func findScript(xml: Bool) -> Finding? {
            if xml {
                // UTF-16 and UTF-32 text holds NUL bytes, ISO-2022 escapes:
                // a browser may read markup there that these bytes do not show.
                if let odd = bytes.firstIndex(where: { $0 == 0 || $0 == 0x1B }) {
                    return Finding(what: "bytes that are not plain UTF-8 text (NUL or escape)", line: line(at: odd))
                }
            }
            while let open = find(UInt8(ascii: "<")) {
                index = open
                if matches("<!--") {
                    index = commentEnd()
                } else if matches("<!") || matches("<?") {
                    let end = find(UInt8(ascii: ">")) ?? bytes.count
                    let body = bytes[open..<end].map(Self.lower)
                    let text = String(decoding: body, as: UTF8.self)
                    if text.hasPrefix("<!doctype") && text.contains("[") || text.contains("<!entity") {
                        return Finding(what: "an entity declaration", line: line(at: open))
                    }
                    if xml && text.hasPrefix("<?xml-stylesheet") {
                        return Finding(
                            what: "a stylesheet instruction (<?xml-stylesheet?>), which may be XSLT",
                            line: line(at: open))
                    }
                    index = end + 1
                } else if matches("</") {
                    index = (find(UInt8(ascii: ">")) ?? bytes.count) + 1
                } else if index + 1 < bytes.count, Self.startsName(bytes[index + 1], xml: xml) {
                    let tag = readStartTag()
                    if let finding = check(tag.name, tag.attributes, xml: xml, line: line(at: open)) {
                        return finding
                    }
                } else {
                    index += 1
                }
            }
            return nil
        }

        private func check(_ name: [UInt8], _ attributes: [Attribute], xml: Bool, line: Int) -> Finding? {
            let element = Self.localName(name)
            if element == "script" || element == "handler" {
                return Finding(what: "a <\(String(decoding: name, as: UTF8.self))> element", line: line)
            }
            for attribute in attributes {
                let attributeName = Self.localName(attribute.name)
                let written = String(decoding: attribute.name, as: UTF8.self)
                if attributeName.hasPrefix("on") && attributeName.count > 2 {
                    return Finding(what: "an event handler attribute (\(written))", line: line)
                }
                if attributeName == "srcdoc" {
                    return Finding(what: "an inline frame document (srcdoc)", line: line)
                }
                guard let value = attribute.value else { continue }
                let plain = Self.plainURLText(value)
                if plain.contains("javascript:") || plain.contains("vbscript:") {
                    return Finding(what: "a javascript: URL (\(written))", line: line)
                }
                if attributeName == "attributename" && plain.hasPrefix("on") {
                    return Finding(what: "an animated event handler (\(written))", line: line)
                }
                if xml && value.contains(UInt8(ascii: "<")) {
                    return Finding(what: "a '<' inside an attribute value, which is not well-formed XML", line: line)
                }
            }
            return nil
        }

        /// A name without its namespace prefix, in lower case (`svg:script` → `script`).
        static func localName(_ name: [UInt8]) -> String {
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[(name.index(after: $0))...] } ?? name[...]
            return String(decoding: local.map(lower), as: UTF8.self)
        }

        /// An attribute value as a URL parser sees it: character references
        /// decoded, ASCII whitespace and control characters (which URL parsers
        /// drop) removed, lower case.
        static func plainURLText(_ value: [UInt8]) -> String {
            let named: [String: UInt8] = [
                "colon": 0x3A, "tab": 0x09, "newline": 0x0A, "lt": 0x3C, "gt": 0x3E, "amp": 0x26,
                "quot": 0x22, "apos": 0x27, "sol": 0x2F, "lpar": 0x28, "rpar": 0x29,
            ]
            var decoded: [UInt8] = []
            var at = 0
            while at < value.count {
                guard value[at] == UInt8(ascii: "&") else {
                    decoded.append(value[at])
                    at += 1
                    continue
                }
                var end = at + 1
                while end < value.count, end - at < 12,
                    value[end] == UInt8(ascii: "#")
                        || (value[end] < 0x80 && (value[end] | 0x20) >= 0x61
                            && (value[end] | 0x20) <= 0x7A)
                        || (value[end] >= 0x30 && value[end] <= 0x39)
                {
                    end += 1
                }
                let reference = String(decoding: value[(at + 1)..<end], as: UTF8.self).lowercased()
                var scalar: UInt32?
                if reference.hasPrefix("#x") {
                    scalar = UInt32(reference.dropFirst(2), radix: 16)
                } else if reference.hasPrefix("#") {
                    scalar = UInt32(reference.dropFirst())
                } else if let byte = named[reference] {
                    scalar = UInt32(byte)
                }
                guard let scalar else {
                    decoded.append(value[at])
                    at += 1
                    continue
                }
                if scalar < 0x80 { decoded.append(UInt8(scalar)) } else { decoded.append(0x80) }
                at = end < value.count && value[end] == UInt8(ascii: ";") ? end + 1 : end
            }
            return String(decoding: decoded.filter { $0 > 0x20 && $0 != 0x7F }.map(lower), as: UTF8.self)
        }
    }
}
