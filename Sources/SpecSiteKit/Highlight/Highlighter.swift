/// Colours a code block at build time (see ``CodeScanner``): the lexer for
/// its language, and its text as HTML with a `<span class="hl-TOKEN">` around
/// each token, the rest escaped as it is. Lines an info string marks
/// (`swift {3-5}`) are wrapped in `<span class="code-line-marked">`.
public enum Highlighter {
    /// The languages, by every name a fence may give them (lowercased).
    static let lexers: [String: @Sendable (String) -> CodeScanner] = {
        var table: [String: @Sendable (String) -> CodeScanner] = [:]
        func add(_ names: [String], _ lexer: @escaping @Sendable (String) -> CodeScanner) {
            for name in names { table[name] = lexer }
        }
        add(["swift"]) { CFamilyLexer.scan($0, syntax: .swift) }
        add(["kotlin", "kt", "kts"]) { CFamilyLexer.scan($0, syntax: .kotlin) }
        add(["typescript", "ts", "tsx", "mts", "cts"]) { CFamilyLexer.scan($0, syntax: .typeScript) }
        add(["javascript", "js", "jsx", "mjs", "cjs"]) { CFamilyLexer.scan($0, syntax: .javaScript) }
        add(["dart"]) { CFamilyLexer.scan($0, syntax: .dart) }
        add(["groovy", "gradle"]) { CFamilyLexer.scan($0, syntax: .groovy) }
        add(["python", "py", "python3"]) { CFamilyLexer.scan($0, syntax: .python) }
        add(["json", "jsonc", "json5", "geojson"]) { JSONLexer.scan($0) }
        add(["yaml", "yml"]) { YAMLLexer.scan($0) }
        add(["bash", "sh", "shell", "zsh", "shellscript"]) { ShellLexer.scan($0) }
        add(["css", "scss", "less"]) { CSSLexer.scan($0) }
        add(["html", "xml", "svg", "xhtml", "plist", "htm"]) { MarkupLexer.scan($0) }
        add(["sql", "postgresql", "postgres", "sqlite", "mysql"]) { SQLLexer.scan($0) }
        add(["diff", "patch"]) { DiffLexer.scan($0) }
        add(["markdown", "md"]) { MarkdownLexer.scan($0) }
        return table
    }()

    /// Whether a fence's language is highlighted.
    public static func knows(_ language: String) -> Bool { lexers[language.lowercased()] != nil }

    /// The lines a fence's info string marks, 1-based: `{3-5}`, `{1,4-6}`
    /// after the language (as mkdocs-material and Docusaurus write them), or
    /// `hl_lines="3 5-6"`. Nil when it marks none.
    public static func markedLines(in info: String) -> Set<Int>? {
        // Most fences mark nothing: a byte test before any search.
        guard info.containsBytes("{") || info.containsBytes("hl_lines=") else { return nil }
        var spec: Substring?
        if let open = info.firstIndex(of: "{"), let close = info[open...].firstIndex(of: "}") {
            spec = info[info.index(after: open)..<close]
        } else if let range = info.range(of: "hl_lines=") {
            var rest = info[range.upperBound...]
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest = rest.dropFirst()
                spec = rest.prefix { $0 != quote }
            } else {
                spec = rest.prefix { $0 != " " }
            }
        }
        guard let spec else { return nil }
        var lines = Set<Int>()
        for part in spec.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let bounds = part.split(separator: "-", maxSplits: 1)
            guard let low = bounds.first.flatMap({ Int($0) }), low > 0 else { continue }
            let high = bounds.count == 2 ? Int(bounds[1]) ?? low : low
            // A range is bounded by what a block can hold, so `{1-999999999}` costs nothing.
            guard high >= low, high - low <= 100_000 else { continue }
            lines.formUnion(low...high)
        }
        return lines.isEmpty ? nil : lines
    }

    /// `code` as HTML, coloured when `language` is one of the lexers', with
    /// `marked` lines wrapped. Nil when there is nothing to do (an unknown
    /// language and no marked lines): the caller escapes the text as before.
    public static func html(_ code: String, language: String, marked: Set<Int>? = nil) -> String? {
        let lexer = lexers[language.lowercased()]
        guard lexer != nil || marked != nil else { return nil }
        let scanner = lexer?(code) ?? CodeScanner(code)
        return render(scanner.bytes, spans: scanner.spans, marked: marked ?? [])
    }

    /// The bytes escaped, each span in its class, closed and opened again at
    /// each line break so that every line stands alone (a marked line is a
    /// block of its own).
    static func render(_ bytes: [UInt8], spans: [TokenSpan], marked: Set<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2 + spans.count * 24)
        var line = 1
        var spanIndex = 0
        var open: CodeToken?
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func openSpan(_ token: CodeToken) {
            append("<span class=\"hl-")
            out.append(contentsOf: token.rawValue.utf8)
            append("\">")
        }
        if marked.contains(1) { append("<span class=\"code-line-marked\">") }
        var index = 0
        while index < bytes.count {
            // A span the scan left behind (none should be) is skipped, never drawn out of place.
            while open == nil, spanIndex < spans.count, spans[spanIndex].end <= index { spanIndex += 1 }
            if open == nil, spanIndex < spans.count, spans[spanIndex].start <= index {
                open = spans[spanIndex].token
                openSpan(open!)
            }
            let byte = bytes[index]
            if byte == 10 || (byte == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) {
                if open != nil { append("</span>") }
                out.append(byte)
                if marked.contains(line) { append("</span>") }
                line += 1
                if marked.contains(line), index + 1 < bytes.count { append("<span class=\"code-line-marked\">") }
                if let token = open, spans[spanIndex].end > index + 1 {
                    openSpan(token)
                } else if open != nil {
                    open = nil
                    spanIndex += 1
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            // Control characters HTML forbids, as `HTMLEscaping.append` replaces them.
            case 0x09, 0x0C, 0x0D: out.append(byte)
            case 0..<0x20, 0x7F: append("\u{FFFD}")
            case 0xC2 where index + 1 < bytes.count && (0x80..<0xA0).contains(bytes[index + 1]):
                append("\u{FFFD}")
                index += 1
            default: out.append(byte)
            }
            index += 1
            if open != nil, spans[spanIndex].end <= index {
                append("</span>")
                open = nil
                spanIndex += 1
            }
        }
        if open != nil { append("</span>") }
        if marked.contains(line), !bytes.isEmpty, bytes.last != 10 { append("</span>") }
        return String(decoding: out, as: UTF8.self)
    }
}
