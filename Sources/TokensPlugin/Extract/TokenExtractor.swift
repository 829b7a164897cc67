import Foundation
import SpecSiteKit

/// Finds every token of one page: in code blocks (by language), tables,
/// bullet lists and `Label: value` paragraphs, with the nearest heading as
/// context for what the values mean.
struct TokenExtractor {
    /// What a page yielded.
    struct Result {
        /// Tokens in the order they are written.
        var tokens: [DesignToken] = []
        /// References (`Canvas: plum/950`) left for the whole site to resolve.
        var references: [DesignToken] = []
        /// Problems, at file lines.
        var warnings: [(line: Int, message: String)] = []
        /// The blocks that held tokens (``SpecSiteKit/MarkdownNode/blockKey``).
        var blocks: Set<String> = []
        /// Colour pairs stated in contrast tables.
        var statedPairs: [ContrastPairs.StatedPair] = []
    }

    /// Code languages never read for tokens: their `#` starts a comment or a
    /// commit hash, not a colour.
    static let ignoredLanguages: Set<String> = [
        "sh", "bash", "zsh", "shell", "console", "terminal", "diff", "patch", "git", "text", "txt", "plaintext",
        "log", "output", "mermaid", "flow", "python", "py", "ruby", "rb", "sql", "graphql", "http", "markdown",
        "md", "toml", "ini", "dockerfile", "makefile", "ascii", "tree",
    ]
    static let codeLanguages: Set<String> = [
        "ts", "typescript", "js", "javascript", "tsx", "jsx", "mjs", "cjs", "swift", "kotlin", "kt", "kts", "dart",
        "java", "objc", "objective-c", "c", "cpp", "csharp", "cs", "go", "rust",
    ]
    static let cssLanguages: Set<String> = ["css", "scss", "sass", "less", "postcss", "stylus", "pcss"]
    static let jsonLanguages: Set<String> = ["json", "jsonc", "json5", "tokens", "dtcg"]

    private let page: Page
    private var result = Result()
    private var headings: [Int: String] = [:] {
        didSet {
            headingKind = Self.kind(of: headings)
            labelMode = nil
        }
    }
    /// The mode a bold label paragraph (`**Dark Theme** (via …)`) gives the
    /// blocks after it, until the next heading.
    private var labelMode: DesignToken.Mode?
    /// What the nearest headings say the tokens under them are; kept up to
    /// date as headings change rather than worked out for every block.
    private var headingKind: DesignToken.Kind?
    /// File lines that open a code fence, so a code block's first code line is known.
    private let fenceLines: Set<Int>

    /// Reads `page`.
    static func extract(_ page: Page) -> Result {
        var extractor = TokenExtractor(page: page)
        extractor.readBlocks(page.document.root.children)
        extractor.pairModes()
        return extractor.result
    }

    private init(page: Page) {
        self.page = page
        var fences: Set<Int> = []
        for line in SourceLines(page.markdown, firstLine: page.bodyFirstLine) {
            // Up to three spaces (any number of `>` for a fence inside a block
            // quote), then three backticks or tildes.
            var spaces = 0
            var previous: UInt8 = 0
            var run = 0
            for byte in line.text.utf8 {
                if byte == 0x20 && run == 0 && spaces < 3 {
                    spaces += 1
                } else if byte == 0x3E && run == 0 {
                    // `> ```css`: a fence inside a block quote.
                    spaces = 0
                } else if (byte == 0x60 || byte == 0x7E) && (run == 0 || byte == previous) {
                    run += 1
                    previous = byte
                    if run == 3 {
                        fences.insert(line.number)
                        break
                    }
                } else {
                    break
                }
            }
        }
        fenceLines = fences
    }

    // MARK: - Blocks

    private mutating func readBlocks(_ blocks: [MarkdownNode]) {
        for block in blocks {
            switch block.kind {
            case .heading(let level, _):
                headings = headings.filter { $0.key < level }
                // `### Shadow Parameters:` names the group `Shadow Parameters`.
                headings[level] = block.plainText.trimmed(" :")
            case .codeBlock(let info, let code):
                readCode(info: info, code: code, block: block)
            case .table:
                readTable(block)
            case .list(let info) where !info.ordered:
                // Numbered lists are steps (`5. Set Light Mode color: #007AFF`), not token lists.
                var collector = collector(for: block, firstLine: 1)
                readList(block, parent: nil, into: &collector)
                finish(collector)
            case .paragraph:
                if let mode = Self.labelMode(of: block) {
                    labelMode = mode
                    continue
                }
                var collector = collector(for: block, firstLine: 1)
                readParagraph(block, path: [], into: &collector)
                finish(collector)
            case .blockQuote:
                readBlocks(block.children)
            default:
                break
            }
        }
    }

    /// The nearest heading's text that is not only a mode (`Dark Mode`), the
    /// group plain names are put in; light and dark values of one name then
    /// share a path.
    private var heading: String? {
        headings.filter { Self.mode(ofTitle: $0.value) == nil }.max(by: { $0.key < $1.key })?.value
    }

    /// The mode the document's structure gives the blocks here: a bold label
    /// paragraph, or the nearest heading that names one.
    private var contextMode: DesignToken.Mode? {
        if let labelMode { return labelMode }
        for level in headings.keys.sorted(by: >) {
            if let text = headings[level], let mode = Self.mode(ofTitle: text) { return mode }
        }
        return nil
    }

    /// Gives tokens that no notation put in a mode the mode the document's
    /// structure gives (a `Dark Mode` heading, a `**Dark Theme**` label).
    private func applyContextMode(_ tokens: inout [DesignToken]) {
        guard let mode = contextMode else { return }
        for index in tokens.indices where tokens[index].mode == nil { tokens[index].mode = mode }
    }

    private static func kind(of headings: [Int: String]) -> DesignToken.Kind? {
        for level in headings.keys.sorted(by: >) {
            if let text = headings[level], let kind = ValueReader.kind(forWord: text) { return kind }
        }
        return nil
    }

    private func collector(for block: MarkdownNode, firstLine: Int) -> TokenCollector {
        TokenCollector(
            file: page.displayPath, firstLine: firstLine, blockLine: block.line, blockKey: block.blockKey)
    }

    private mutating func finish(_ collector: TokenCollector) {
        var collector = collector
        let unresolved = collector.resolveReferences()
        if !collector.tokens.isEmpty || !unresolved.isEmpty { result.blocks.insert(collector.blockKey) }
        var tokens = collector.tokens
        applyContextMode(&tokens)
        result.tokens += tokens
        result.warnings += collector.warnings
        for reference in unresolved {
            result.references.append(
                DesignToken(
                    path: reference.path, mode: reference.mode ?? contextMode, kind: reference.kind ?? .color,
                    value: .alias(reference.target), written: reference.written, description: reference.description,
                    source: SourceLocation(file: collector.file, line: collector.fileLine(reference.line)),
                    blockLine: collector.blockLine))
        }
    }

    // MARK: - Code

    private mutating func readCode(info: String, code: String, block: MarkdownNode) {
        let language =
            info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first
            .map { $0.lowercased() } ?? ""
        guard !Self.ignoredLanguages.contains(language), code.utf8.count < 2_000_000 else { return }
        var collector = collector(for: block, firstLine: block.line + (isFenced(block) ? 1 : 0))
        let format = Self.format(language: language, code: code)
        switch format {
        case .css:
            StyleSheetTokens.readCSS(code, into: &collector)
        case .xml:
            StyleSheetTokens.readXML(code, mode: Self.xmlMode(code: code, info: info), into: &collector)
        case .json:
            let lexer = CodeLexer(code)
            for problem in lexer.problems { collector.warn(line: problem.line, problem.message) }
            if let document = CodeDeclarations.parseDocument(lexer),
                let colors = AssetCatalogColors.read(document)
            {
                // A colour set has no name inside: its folder (`Accent.colorset`) or heading names it.
                let name = Self.colorSetName(info: info, code: code) ?? heading ?? "color"
                for color in colors {
                    guard case .color(let value) = ColorLiteral.parseCSS(color.css) else { continue }
                    collector.add(
                        path: [name], mode: color.mode, kind: .color, value: .color(value), written: color.css,
                        description: "", line: color.line)
                }
            } else if let document = CodeDeclarations.parseDocument(lexer) {
                var reader = CodeTokens(collector: collector)
                reader.read(document: document)
                // A DTCG file is a token set by its `$value`s; any other JSON (a formatter's
                // settings, an API response) only when it holds something shaped like a token.
                if code.contains("\"$value\"") || Self.isTokenSet(reader.collector.tokens) {
                    collector = reader.collector
                }
            }
        case .code:
            let lexer = CodeLexer(code)
            for problem in lexer.problems { collector.warn(line: problem.line, problem.message) }
            var reader = CodeTokens(collector: collector)
            reader.read(CodeDeclarations(lexer).declarations)
            collector = reader.collector
        case .lines:
            // Like a table's plain names, the lines are grouped under their heading.
            StyleSheetTokens.readLines(code, group: heading.map { [$0] } ?? [], into: &collector)
        case .none:
            return
        }
        if format == .json {
            // DTCG aliases may point anywhere in the site, and one that points
            // nowhere (or in a circle) must be reported.
            finish(collector)
            return
        }
        // References in code resolve only within their block: elsewhere a
        // name like `Colors.primary` is a use of the token, not a new one.
        _ = collector.resolveReferences()
        if !collector.tokens.isEmpty { result.blocks.insert(collector.blockKey) }
        var tokens = collector.tokens
        applyContextMode(&tokens)
        result.tokens += tokens
        result.warnings += collector.warnings
    }

    /// Whether a code block is fenced (its code starts on the line after its first line).
    private func isFenced(_ block: MarkdownNode) -> Bool {
        fenceLines.contains(block.line)
    }

    // MARK: - Tables

    private mutating func readTable(_ table: MarkdownNode) {
        guard let header = table.children.first, case .tableRow(isHeader: true) = header.kind else { return }
        let titles = header.children.map { Self.cellText($0).lowercased() }
        guard table.children.count > 1, titles.count >= 2 else { return }
        readStatedPairs(table, titles: titles)
        // Most tables hold no tokens: a sample of rows decides before every
        // cell of a long table is read.
        let sample = table.children.dropFirst().prefix(50).map { $0.children.map(Self.cellText) }
        guard Self.mayHoldTokens(titles: titles, sample: sample) else { return }
        let rows = table.children.dropFirst().map { $0.children.map(Self.cellText) }
        let kindFromHeading = headingKind
        let colorContext = kindFromHeading == .color || titles.contains { ValueReader.kind(forWord: $0) == .color }
        if readTypographyTable(table, titles: titles, rows: rows) { return }

        // Value columns: named so, or mostly holding values.
        let valueWords: Set<String> = [
            "value", "hex", "color", "colour", "code", "rgb", "hsl", "css", "token value", "default", "px", "size",
            "hex code", "swatch",
        ]
        var modes: [Int: DesignToken.Mode] = [:]
        var valueColumns: [Int] = []
        var namedColumns: Set<Int> = []
        for (column, title) in titles.enumerated() {
            let words = title.split(whereSeparator: { !$0.isLetter }).map(String.init)
            if words.contains("light") {
                modes[column] = .light
                valueColumns.append(column)
                namedColumns.insert(column)
            } else if words.contains("dark") {
                modes[column] = .dark
                valueColumns.append(column)
                namedColumns.insert(column)
            } else if valueWords.contains(title) {
                valueColumns.append(column)
                namedColumns.insert(column)
            } else if mostlyValues(rows, column: column, kind: kindFromHeading, colorContext: colorContext) {
                valueColumns.append(column)
            }
        }
        let nameWords: Set<String> = ["name", "token", "role", "variable", "token name", "usage name", "alias"]
        guard
            let nameColumn = titles.firstIndex(where: { nameWords.contains($0) })
                ?? titles.indices.first(where: { !valueColumns.contains($0) })
        else { return }
        valueColumns.removeAll { $0 == nameColumn }
        guard !valueColumns.isEmpty else { return }

        var collector = collector(for: table, firstLine: 1)
        for (offset, row) in table.children.dropFirst().enumerated() {
            let cells = rows[offset]
            guard nameColumn < cells.count else { continue }
            var name = cells[nameColumn]
            while name.hasPrefix("-") || name.hasPrefix("$") { name.removeFirst() }
            guard !name.isEmpty, name.count <= 80 else { continue }
            let description = cells.indices.filter { $0 != nameColumn && !valueColumns.contains($0) }
                .map { cells[$0] }.filter { !$0.isEmpty }.joined(separator: " · ")
            let path = tokenPath(name)
            for column in valueColumns where column < cells.count {
                // Only a column named for values (Value, Light, Dark, …) names other tokens.
                let mayAlias = namedColumns.contains(column)
                guard Self.mayBeValue(cells[column]) || (mayAlias && Self.aliasCandidate(cells[column]) != nil)
                else { continue }
                guard
                    let entry = LabelledValue(
                        label: name, value: cells[column], wholeCell: true, colorsOnly: false, kind: kindFromHeading,
                        colorContext: colorContext)
                else {
                    if let target = Self.aliasCandidate(cells[column]) {
                        collector.refer(
                            path: path, mode: modes[column], target: target, written: cells[column],
                            description: description, line: row.line, kind: nil)
                    }
                    continue
                }
                add(entry, path: path, mode: modes[column], description: description, line: row.line, to: &collector)
            }
        }
        finish(collector)
    }

    /// A contrast table (`| Foreground | Background | Ratio |`) states which colours are used
    /// together.
    private mutating func readStatedPairs(_ table: MarkdownNode, titles: [String]) {
        guard
            let front = titles.firstIndex(where: {
                ["foreground", "text", "fg", "text colour", "text color"].contains($0)
            }),
            let back = titles.firstIndex(where: {
                ["background", "bg", "on", "surface", "background colour", "background color"].contains($0)
            })
        else { return }
        for row in table.children.dropFirst() {
            let cells = row.children.map(Self.cellText)
            guard front < cells.count, back < cells.count, !cells[front].isEmpty, !cells[back].isEmpty,
                cells[front].count <= 80, cells[back].count <= 80
            else { continue }
            result.statedPairs.append(.init(foreground: cells[front], background: cells[back]))
        }
    }

    /// A row's name as a path: a name written as a path (`color.text.primary`,
    /// `plum/950`) is split into its parts; a plain one (`Accent`) is grouped
    /// under the nearest heading.
    private func tokenPath(_ name: String) -> [String] {
        if !name.contains(" "), name.contains(".") || name.contains("/") {
            let parts = name.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
            if !parts.isEmpty { return parts }
        }
        return (heading.map { [$0] } ?? []) + [name]
    }

    /// Reads a table whose columns are the parts of a type style (Size, Line
    /// Height, Weight, …): one typography token per row.
    private mutating func readTypographyTable(_ table: MarkdownNode, titles: [String], rows: [[String]]) -> Bool {
        var parts: [Int: String] = [:]
        for (column, title) in titles.enumerated() {
            switch title {
            case "size", "font size", "font-size": parts[column] = "fontsize"
            case "line height", "line-height", "leading": parts[column] = "lineheight"
            case "weight", "font weight", "font-weight": parts[column] = "fontweight"
            case "letter spacing", "letter-spacing", "tracking": parts[column] = "letterspacing"
            case "family", "font", "font family", "font-family", "typeface": parts[column] = "fontfamily"
            default: break
            }
        }
        guard parts.count >= 2, parts.values.contains("fontsize"),
            let nameColumn = titles.indices.first(where: { parts[$0] == nil })
        else { return false }
        var collector = collector(for: table, firstLine: 1)
        for (offset, row) in table.children.dropFirst().enumerated() {
            let cells = rows[offset]
            guard nameColumn < cells.count, !cells[nameColumn].isEmpty else { continue }
            let entries = parts.sorted(by: { $0.key < $1.key }).compactMap { column, key -> CodeEntry? in
                guard column < cells.count, !cells[column].isEmpty else { return nil }
                var text = cells[column]
                // `SF Pro Rounded (tabular)`: the note is not part of the name.
                if key == "fontfamily", let open = text.firstIndex(of: "(") {
                    text = text[..<open].trimmed()
                }
                let literal = key == "fontfamily" ? "\"\(text)\"" : text
                return CodeEntry(key: key, value: .scalar(literal), line: row.line, comment: "")
            }
            let style = CodeTokens.typography(entries)
            guard !style.isEmpty else { continue }
            let description = cells.indices.filter { $0 != nameColumn && parts[$0] == nil }.map { cells[$0] }
                .filter { !$0.isEmpty }.joined(separator: " · ")
            collector.add(
                path: tokenPath(cells[nameColumn]), mode: nil, kind: .typography, value: .typography(style),
                written: parts.keys.sorted().compactMap { $0 < cells.count && !cells[$0].isEmpty ? cells[$0] : nil }
                    .joined(separator: " · "), description: description, line: row.line)
        }
        finish(collector)
        return true
    }

    /// Whether most filled cells of a column read as values.
    private func mostlyValues(
        _ rows: [[String]], column: Int, kind: DesignToken.Kind?, colorContext: Bool
    ) -> Bool {
        var values = 0
        var filled = 0
        for row in rows.prefix(200) where column < row.count && !row[column].isEmpty {
            filled += 1
            if Self.mayBeValue(row[column]),
                let entry = LabelledValue(
                    line: "x: " + row[column], colorsOnly: false, kind: kind, colorContext: colorContext),
                case .value = entry.reading
            {
                values += 1
            }
        }
        return filled > 0 && values * 2 >= filled
    }

    private func add(
        _ entry: LabelledValue, path: [String], mode: DesignToken.Mode?, description: String, line: Int,
        to collector: inout TokenCollector
    ) {
        switch entry.reading {
        case .value(let value, let kind?):
            collector.add(
                path: path, mode: mode ?? entry.mode, kind: kind, value: value, written: entry.written,
                description: description.isEmpty ? entry.description : description, line: line)
        case .invalidColor(let message):
            collector.warn(line: line, "\(path.last ?? ""): \(message)")
        case .reference(let target):
            collector.refer(
                path: path, mode: mode ?? entry.mode, target: target, written: entry.written,
                description: description.isEmpty ? entry.description : description, line: line, kind: nil)
        default:
            break
        }
    }

    // MARK: - Lists and paragraphs

    /// Reads `- **Accent**: #FF7A00 — …` items; an item that is only a label
    /// with `Light: …` / `Dark: …` items under it becomes a pair.
    private mutating func readList(_ list: MarkdownNode, parent: String?, into collector: inout TokenCollector) {
        for item in list.children {
            guard let paragraph = item.children.first, case .paragraph = paragraph.kind else { continue }
            let before = collector.tokens.count + collector.references.count
            readParagraph(paragraph, path: parent.map { [$0] } ?? [], into: &collector)
            let found = collector.tokens.count + collector.references.count > before
            guard !found, item.children.count > 1 else { continue }
            let label = paragraph.plainText.trimmed(" :*")
            guard LabelledValue.isLabel(label) else { continue }
            for case let sublist in item.children.dropFirst() where sublist.kind.isList {
                readList(sublist, parent: (parent.map { $0 + "." } ?? "") + label, into: &collector)
            }
        }
    }

    /// Reads each line of a paragraph as a possible `Label: value`.
    private func readParagraph(_ paragraph: MarkdownNode, path: [String], into collector: inout TokenCollector) {
        var lines: [(text: String, line: Int)] = [("", paragraph.line)]
        for child in paragraph.children {
            switch child.kind {
            case .softBreak, .lineBreak:
                lines.append(("", child.line == 0 ? lines[lines.count - 1].line + 1 : child.line + 1))
            default:
                lines[lines.count - 1].text += child.plainText
            }
        }
        let kind = headingKind
        // Every value has a `#` or a digit in it; most lines of prose have neither.
        for (text, line) in lines
        where text.utf8.contains(where: { $0 == 0x23 || ($0 >= 0x30 && $0 <= 0x39) })
            && (text.contains(":") || text.contains(" — ") || text.contains(" = "))
        {
            guard let entry = LabelledValue(line: text, colorsOnly: false, kind: kind, colorContext: kind == .color)
            else { continue }
            let tokenPath: [String]
            if path.isEmpty {
                tokenPath = self.tokenPath(entry.label)
            } else {
                let group = path.flatMap { $0.split(separator: ".").map(String.init) }
                tokenPath = entry.mode != nil ? group : group + [entry.label]
            }
            add(entry, path: tokenPath, mode: entry.mode, description: "", line: line, to: &collector)
        }
    }

    // MARK: - Modes

    /// A token written once plainly and once for dark mode is the light one of a pair.
    private mutating func pairModes() {
        let darkPaths = Set(result.tokens.filter { $0.mode == .dark }.map(\.path))
        guard !darkPaths.isEmpty else { return }
        for index in result.tokens.indices where result.tokens[index].mode == nil {
            if darkPaths.contains(result.tokens[index].path) { result.tokens[index].mode = .light }
        }
    }
}

extension MarkdownNode.Kind {
    /// Whether this is a list.
    var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
