import Foundation

/// Reads one markdown file into a ``Page``: bytes → text → front matter →
/// preprocessors → cmark-gfm tree → title. Problems become diagnostics; a page
/// is still returned wherever its text could be read, so one bad file does not
/// hide the problems of the others.
enum PageLoader {
    /// `bytes` are the file's contents; `data`, for a data file, what they
    /// were parsed into already (they are parsed here otherwise).
    /// `keepsVersions` (a session, a history replay) keeps what parsing the
    /// page's next version in part needs; `previous`, the page's earlier
    /// version with its tree, lets this one parse again only what changed.
    static func load(
        _ file: SourceFile, bytes: [UInt8], displayPath: String, plugins: [any Plugin],
        contexts: [String: PluginContext], rawHTML: Bool = false, diagnostics: DiagnosticLog, data: YAMLValue? = nil,
        keepsVersions: Bool = false, previous: Page? = nil
    ) -> Page? {
        // A part of a data file parsed already needs no text, and its
        // file's own page reports what decoding it finds.
        let text =
            file.part != nil && data != nil
            ? "" : decode(Data(bytes), displayPath: displayPath, diagnostics: diagnostics)
        if text.allSatisfy(\.isWhitespace) && file.isMarkdown {
            diagnostics.warning(displayPath, line: 1, rule: .emptyDocument, "empty document")
        }

        var frontMatter = YAMLValue.null
        var body = text
        var firstLine = 1
        var contents = YAMLValue.null
        if !file.isMarkdown {
            // A data page (see `Plugin.readsAsPage`): the file is its data,
            // and the markdown is what the plugins write from it.
            body = ""
            if let data {
                contents = data
            } else {
                do {
                    contents = try YAMLValue.parse(text)
                } catch {
                    // A warning, as for front matter: the rest of the site is
                    // still worth building; `--strict` fails on it.
                    diagnostics.warning(
                        displayPath, line: error.line, rule: .plan, "cannot read the file's data: \(error.message)")
                }
            }
        } else {
            do {
                let split = try FrontMatter.split(text)
                body = split.body
                firstLine = split.bodyFirstLine
                if let yaml = split.yaml {
                    frontMatter = try YAMLValue.parse(yaml, firstLine: 2)
                    switch frontMatter {
                    case .mapping, .null: break
                    default:
                        diagnostics.warning(
                            displayPath, line: 2, rule: .frontMatter,
                            "front matter should be a mapping of 'key: value' lines")
                        frontMatter = .null
                    }
                }
            } catch {
                // A warning, not an error: agents write front matter that YAML rejects
                // (an unquoted `: ` inside a must-have), and the page's prose is worth
                // more than its metadata. `--strict` still fails the build on it.
                diagnostics.warning(
                    displayPath, line: error.line, rule: .frontMatter,
                    "invalid front matter, page read without it: \(error.message)")
                frontMatter = .null
            }
        }

        let source = PageSource(
            sourcePath: file.relativePath, displayPath: displayPath, frontMatter: frontMatter, firstLine: firstLine,
            data: contents, part: file.part, parts: file.parts)
        for plugin in plugins {
            do {
                body = try plugin.preprocess(body, page: source, context: contexts[plugin.id]!)
            } catch {
                report(error, plugin: plugin, displayPath: displayPath, line: firstLine, diagnostics: diagnostics)
            }
        }

        // An earlier version of the page, still holding its tree, spares
        // parsing again the sections the change left alone.
        let document =
            previous.flatMap { old in
                guard file.isMarkdown, old.hasTree, old.bodyFirstLine == firstLine else { return nil }
                return MarkdownParser.reparse(
                    body, firstLine: firstLine, previousText: old.markdown, previous: old.document)
            } ?? MarkdownParser.parse(body, firstLine: firstLine, forSplicing: keepsVersions)
        for warning in document.warnings {
            diagnostics.warning(displayPath, line: warning.line, rule: warning.rule ?? .markdownLimit, warning.message)
        }
        let title =
            frontMatter["title"]?.string
            ?? document.headings.first(where: { $0.level == 1 })?.displayText(rawHTML: rawHTML)
            ?? document.rawHTMLTitle
            ?? titleFromFileName(file.relativePath)
        var page = Page(
            sourcePath: file.relativePath, displayPath: displayPath, outputPath: "", frontMatter: frontMatter,
            title: title.isEmpty ? titleFromFileName(file.relativePath) : title, markdown: body, document: document,
            // `order: nan` is no order: NaN is neither before nor after any number,
            // and one such page would undo the order of all the others.
            order: frontMatter["order"]?.double.flatMap { $0.isNaN ? nil : $0 })
        page.bodyFirstLine = firstLine
        page.data = contents
        page.part = file.part
        page.parts = file.parts
        for plugin in plugins {
            page.sectionNames.merge(plugin.sectionNames(of: page, context: contexts[plugin.id]!)) { first, _ in first }
        }
        return page
    }

    /// UTF-8 text (a byte-order mark dropped). A file that starts with a UTF-16
    /// byte-order mark (what Windows PowerShell's `>` writes) is read as UTF-16
    /// with a warning. Bytes that are not UTF-8 are read as Windows-1252, the
    /// usual source of such files, with a warning naming the first bad line.
    static func decode(_ data: Data, displayPath: String, diagnostics: DiagnosticLog) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        for (mark, bigEndian) in [([UInt8(0xFF), 0xFE], false), ([UInt8(0xFE), 0xFF], true)]
        where bytes.starts(with: mark) {
            // Pairs of bytes; an odd last byte is half a character and dropped,
            // and a lone surrogate becomes U+FFFD, as a reader's editor shows it.
            let body = Array(bytes.dropFirst(2))
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            for index in stride(from: 0, to: body.count - 1, by: 2) {
                let high = UInt16(body[bigEndian ? index : index + 1])
                let low = UInt16(body[bigEndian ? index + 1 : index])
                units.append(high << 8 | low)
            }
            diagnostics.warning(
                displayPath, line: 1, rule: .encoding,
                "file is \(bigEndian ? "UTF-16BE" : "UTF-16LE"); read as such — save it as UTF-8")
            return String(decoding: units, as: UTF16.self)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // The line of the first byte that is not UTF-8: line breaks before it, plus one.
        var valid = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += UTF8.width(scalar)
            case .emptyInput, .error: break decoding
            }
        }
        let line = SourceLines.lineBreakCount(inUTF8: bytes.prefix(valid)) + 1
        diagnostics.warning(
            displayPath, line: line, rule: .encoding, "file is not valid UTF-8; read as Windows-1252 — save it as UTF-8"
        )
        return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }

    static func titleFromFileName(_ path: String) -> String {
        Navigation.readableTitle(OutputPaths.stem(of: (path as NSString).lastPathComponent))
    }

    static func report(_ error: Error, plugin: any Plugin, displayPath: String, line: Int, diagnostics: DiagnosticLog) {
        if let diagnostic = error as? Diagnostic {
            diagnostics.report(diagnostic)
        } else {
            diagnostics.error(displayPath, line: line, rule: .plugin, "plugin '\(plugin.id)' failed: \(error)")
        }
    }
}
