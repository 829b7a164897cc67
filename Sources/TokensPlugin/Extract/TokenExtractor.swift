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

    let page: Page
    var result = Result()
    var headings: [Int: String] = [:] {
        didSet {
            headingKind = Self.kind(of: headings)
            labelMode = nil
            labelGroup = nil
            labelKind = nil
        }
    }
    /// The mode a label paragraph (`**Dark Theme** (via …)`, `Dark mode:`) gives the
    /// blocks after it, until the next heading or label.
    var labelMode: DesignToken.Mode?
    /// The group a bold label that names no mode (`**Chart Colors (Both Modes):**`) gives the
    /// plain names after it, until the next heading or label, and the kind its words say.
    var labelGroup: String?
    var labelKind: DesignToken.Kind?
    /// What the nearest headings say the tokens under them are; kept up to
    /// date as headings change rather than worked out for every block.
    var headingKind: DesignToken.Kind?
    /// What the nearest label or heading says the tokens under it are.
    var blockKind: DesignToken.Kind? { labelKind ?? headingKind }
    /// File lines that open a code fence, so a code block's first code line is known.
    private let fenceLines: Set<Int>

    /// Reads `page`.
    static func extract(_ page: Page) -> Result {
        var extractor = TokenExtractor(page: page)
        extractor.readBlocks(page.document.root.children)
        extractor.resolveWithinPage()
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
                if let label = Self.blockLabel(of: block) {
                    // A new label ends the one before: `**Chart Colors:**` after `**Dark Mode:**`
                    // is no longer dark, and `**Light Mode:**` after `**Custom Colors:**` no longer
                    // custom colours.
                    labelMode = label.mode
                    labelGroup = label.mode == nil ? Self.groupName(label.text) : nil
                    labelKind = label.mode == nil ? ValueReader.kind(forWord: label.text) : nil
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

    /// The nearest heading's text that is not only a mode (`Dark Mode`), so light and dark values of
    /// one name share a path; without its section number and a closing note (`4. Spacing (Code)` is
    /// `Spacing`).
    var heading: String? {
        headings.filter { Self.mode(ofTitle: $0.value) == nil }.max(by: { $0.key < $1.key })
            .map { Self.groupName($0.value) }
    }

    /// The groups plain names are put in: the heading's, and under it a label's (`**Chart Colors:**`).
    var groupPath: [String] {
        (heading.map { [$0] } ?? []) + (labelGroup.map { [$0] } ?? [])
    }

    /// The mode the document's structure gives the blocks here: a bold label
    /// paragraph, or the nearest heading that names one.
    var contextMode: DesignToken.Mode? {
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

    func collector(for block: MarkdownNode, firstLine: Int) -> TokenCollector {
        TokenCollector(
            file: page.displayPath, firstLine: firstLine, blockLine: block.line, blockKey: block.blockKey)
    }

    mutating func finish(_ collector: TokenCollector) {
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
                    path: reference.path, mode: reference.mode ?? contextMode, variant: reference.variant,
                    kind: reference.kind ?? .color,
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
                let name = Self.colorSetName(info: info, code: code) ?? groupPath.last ?? "color"
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
            StyleSheetTokens.readLines(code, group: groupPath, into: &collector)
        case .none:
            return
        }
        if format == .json || format == .css {
            // DTCG aliases and CSS `var()`s name tokens unmistakably, in another block
            // (`[data-theme='dark'] { --bg: var(--bg-dark); }` under the `:root` that defines
            // `--bg-dark`) or another document; a DTCG alias that points nowhere (or in a
            // circle) must be reported.
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

    // MARK: - Modes

    /// Resolves the page's references to its own tokens, in written order, before the site's
    /// catalog resolves what is left across documents: a document's own token is the one it means.
    private mutating func resolveWithinPage() {
        guard !result.references.isEmpty else { return }
        var lookup = TokenLookup(result.tokens)
        var left: [DesignToken] = []
        for reference in result.references {
            guard case .alias(let target) = reference.value,
                let found = lookup.find(target, preferring: reference.mode)
            else {
                left.append(reference)
                continue
            }
            let token = reference.resolved(to: found, target: target)
            result.tokens.append(token)
            lookup.add(token)
        }
        result.references = left
    }

    /// A token written once plainly and once for dark mode is the light one of a pair.
    private mutating func pairModes() {
        func key(_ token: DesignToken) -> [String] { token.path + [token.variant ?? ""] }
        let darkPaths = Set(result.tokens.filter { $0.mode == .dark }.map(key))
        guard !darkPaths.isEmpty else { return }
        for index in result.tokens.indices where result.tokens[index].mode == nil {
            if darkPaths.contains(key(result.tokens[index])) { result.tokens[index].mode = .light }
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
