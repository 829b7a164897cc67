import SpecSiteKit

/// What ``GSDMarkup/rewrite(_:)`` made of a page's markdown.
struct GSDRewrite: Sendable, Equatable {
    /// The new markdown: as many lines as the input, each where it was.
    var markdown: String
    /// Tags left open or closed out of turn, at 1-based lines of the markdown.
    var warnings: [LineMessage]
    /// Whether the page is GSD plan markup (otherwise `markdown` is the input, unchanged).
    var isPlan: Bool
}

/// GSD plan files (`.planning/phases/NN-name/NN-NN-PLAN.md`) wrap markdown in
/// XML-like tags: `<objective>`, `<tasks>`, `<task type="auto">` with `<name>`,
/// `<files>`, `<action>`, `<verify>`, `<done>` inside. cmark-gfm reads them as
/// raw HTML blocks that swallow the markdown around them, so a page shows tag
/// soup. The rewrite turns every line that holds only such a tag into a marker
/// line (``GSDMarker``), which is an HTML block of its own, so the markdown between
/// tags parses as markdown; ``GSDRender`` then draws the markers.
///
/// It is hand-written because no library reads this format: it is not XML (the
/// content is markdown with `<`, `&` and code), and to markdown parsers the tags
/// are opaque HTML. The rules, in one pass over the lines (linear in the page):
///
/// - Only lines outside fenced code (```` ``` ```` or `~~~`, at any indentation)
///   count; a page without a GSD container tag (`<objective>`, `<tasks>`,
///   `<task …>`, …) alone on a line is returned unchanged.
/// - A tag alone on its line (any indentation, any attributes) becomes one
///   marker line; `<name>Text</name>` becomes one line carrying the text exactly.
/// - Lines inside a tag lose their common indentation (so indented content does
///   not become an indented code block); multi-line `<files>` lines become a
///   list of code spans, and `@path` lines of `<context>` a list of references.
/// - A tag left open is closed where the structure shows it must have ended
///   (the next `<task>`, `</tasks>`, a close tag of an outer element, the end of
///   the page), with a warning at its line; a close tag that matches nothing is
///   dropped with a warning. Markers are therefore always balanced.
/// - One parse of the result then checks that cmark-gfm sees every marker
///   (no code block swallows one; see `repair`).
enum GSDMarkup {
    /// Sections that stand only at the top of a plan: opening one closes whatever is still open.
    static let topLevelNames: Set<String> = [
        "objective", "execution_context", "tasks", "verification", "success_criteria", "output",
    ]
    /// Every section name, including those that may also be a part of a task (`context`).
    static let sectionNames: Set<String> = topLevelNames.union([
        "context", "interfaces", "feature", "purpose", "process", "notes", "must_haves",
    ])
    /// What a task holds.
    static let partNames: Set<String> = [
        "name", "files", "action", "verify", "done", "what-built", "how-to-verify", "resume-signal", "decision",
        "context", "options", "option", "behavior", "implementation", "read_first", "acceptance_criteria",
    ]
    /// Tags that make a page a GSD plan when one stands alone on a line.
    static let signalNames: Set<String> = ["objective", "execution_context", "tasks", "task", "success_criteria"]
    /// Every tag the rewrite knows.
    static let knownNames: Set<String> = sectionNames.union(partNames).union(["task"])

    /// HTML elements, which are never read as a task's own tags.
    static let htmlElements: Set<String> = [
        "a", "abbr", "address", "article", "aside", "audio", "b", "blockquote", "body", "br", "button", "canvas",
        "caption", "center", "cite", "code", "col", "colgroup", "data", "dd", "del", "details", "dfn", "dialog",
        "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend",
        "li", "link", "main", "mark", "menu", "meta", "nav", "noscript", "object", "ol", "optgroup", "p", "picture",
        "pre", "q", "s", "samp", "script", "section", "select", "small", "source", "span", "strong", "style", "sub",
        "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
        "tr", "track", "u", "ul", "var", "video", "wbr",
    ]

    /// Rewrites a page's markdown (front matter removed). Pages that are not GSD
    /// plans come back byte-identical with no warnings, unless they hold a
    /// comment of their own that reads as a marker: it gets `&lt;` too.
    static func rewrite(_ markdown: String) -> GSDRewrite {
        var lines: [Substring] = []
        var carriageReturns: [Bool] = []
        for line in Self.lines(markdown) {
            let hasReturn = line.last == "\r"
            lines.append(hasReturn ? line.dropLast() : line)
            carriageReturns.append(hasReturn)
        }
        guard isPlan(lines) else {
            guard markdown.contains(GSDMarker.prefix) else {
                return GSDRewrite(markdown: markdown, warnings: [], isPlan: false)
            }
            var outputs = Self.lines(markdown).map(String.init)
            var warnings: [LineMessage] = []
            repair(&outputs, markers: outputs.map { _ in false }, warnings: &warnings)
            return GSDRewrite(markdown: outputs.joined(separator: "\n"), warnings: warnings, isPlan: false)
        }
        var rewriter = Rewriter(lines: lines)
        rewriter.run()
        var outputs = lines.indices.map { index in
            rewriter.output(line: index) + (carriageReturns[index] ? "\r" : "")
        }
        var warnings = rewriter.warnings
        let markers = lines.indices.map { rewriter.isMarkerLine($0, output: outputs[$0]) }
        repair(&outputs, markers: markers, warnings: &warnings)
        return GSDRewrite(markdown: outputs.joined(separator: "\n"), warnings: warnings, isPlan: true)
    }

    /// Makes sure cmark-gfm reads every marker as a marker and nothing else as
    /// one. The rewrite follows fences as CommonMark does at the top level, but
    /// cmark-gfm may read a fence line otherwise: inside an HTML block (`<div>`
    /// runs to a blank line) it is no fence, in a list item it may close later.
    ///
    /// - A code block that would swallow markers would leave elements open on
    ///   the page: its fence is shown as text instead (a backslash before it),
    ///   with a warning.
    /// - A line of the page's own that starts like a marker and that cmark-gfm
    ///   reads as HTML gets `&lt;` for its `<`, so it is not drawn as one.
    ///
    /// Each round is one parse of the page; real pages need one.
    private static func repair(_ outputs: inout [String], markers: [Bool], warnings: inout [LineMessage]) {
        // markersBefore[i]: marker lines among lines 0..<i.
        var markersBefore = [0]
        markersBefore.reserveCapacity(outputs.count + 1)
        for isMarker in markers { markersBefore.append(markersBefore[markersBefore.count - 1] + (isMarker ? 1 : 0)) }
        func looksLikeMarker(_ index: Int) -> Bool {
            !markers[index] && outputs[index].drop { $0 == " " || $0 == "\t" }.hasPrefix(GSDMarker.prefix)
        }
        func unforge(_ index: Int) {
            if let start = outputs[index].firstRange(of: GSDMarker.prefix)?.lowerBound {
                outputs[index].replaceSubrange(start..<outputs[index].index(after: start), with: "&lt;")
            }
        }
        for _ in 0..<10 {
            var openers: [Int] = []
            var forged: [Int] = []
            MarkdownParser.parse(outputs.joined(separator: "\n")).root.walk { node in
                // `outputs` holds the lines as cmark-gfm counts them (see `lines`); a
                // node past its end must still not make a range run backwards.
                let first = node.line - 1
                let last = min(node.endLine, outputs.count) - 1
                switch node.kind {
                case .codeBlock where first >= 0 && last > first:
                    if markersBefore[last + 1] - markersBefore[first + 1] > 0 {
                        openers.append(first)
                        forged += (first + 1...last).filter(looksLikeMarker)
                    }
                    return false
                case .htmlBlock(let html) where first >= 0 && first < outputs.count:
                    // Counted from the HTML itself: cmark-gfm ends a comment block a line early.
                    let end = min(first + max(lines(html).count - 1, 1), outputs.count)
                    forged += (first..<end).filter(looksLikeMarker)
                    return false
                default:
                    return true
                }
            }
            guard !openers.isEmpty || !forged.isEmpty else { break }
            forged.forEach(unforge)
            for index in openers {
                guard let fence = outputs[index].firstRange(of: "```") ?? outputs[index].firstRange(of: "~~~") else {
                    continue
                }
                outputs[index].insert("\\", at: fence.lowerBound)
                warnings.append(
                    LineMessage(
                        line: index + 1,
                        message: "this code fence would hide the plan's tags after it (markdown reads it "
                            + "differently inside HTML or a list); it is shown as text"))
            }
        }
        warnings.sort { $0.line < $1.line }
    }

    /// Whether a GSD container tag stands alone on a line outside code, indented less than four spaces.
    static func isPlan(_ markdown: String) -> Bool {
        isPlan(lines(markdown))
    }

    private static func isPlan(_ lines: [Substring]) -> Bool {
        var fence: GSDFence?
        for line in lines {
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
                continue
            }
            if let opening = GSDFence(opening: line) {
                fence = opening
                continue
            }
            // Indented four spaces, a tag at the top of a page would be code.
            if indentation(line) < 4, let tag = GSDTagLine(trimmed(line)), tag.form == .open, tag.text.isEmpty,
                signalNames.contains(tag.name)
            {
                return true
            }
        }
        return false
    }

    // MARK: - Lines

    /// The lines of `text` as cmark-gfm counts them (``SourceLines``); a line
    /// ended by CR LF or a lone CR keeps its carriage return, so the rewrite
    /// can give it back.
    static func lines(_ text: String) -> [Substring] {
        SourceLines(text).map { line in
            line.lineBreak.utf8.first == 0x0D
                ? text[line.text.startIndex..<text.utf8.index(after: line.text.endIndex)] : line.text
        }
    }

    /// `line` without leading and trailing spaces, tabs and carriage return.
    static func trimmed(_ line: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        let start = line.drop(while: isSpace)
        var end = start.endIndex
        while end > start.startIndex, isSpace(start[start.index(before: end)]) { end = start.index(before: end) }
        return start[..<end]
    }

    /// The columns of a line's indentation (a tab advances to the next multiple of 4).
    static func indentation(_ line: Substring) -> Int {
        var column = 0
        for character in line {
            if character == " " {
                column += 1
            } else if character == "\t" {
                column = (column / 4 + 1) * 4
            } else {
                break
            }
        }
        return column
    }

    /// `line` with up to `columns` columns of indentation removed (a tab that
    /// spans the cut leaves its remaining columns as spaces).
    static func dedent(_ line: Substring, by columns: Int) -> Substring {
        guard columns > 0 else { return line }
        var column = 0
        var index = line.startIndex
        while index < line.endIndex, column < columns {
            let character = line[index]
            if character == " " {
                column += 1
            } else if character == "\t" {
                let next = (column / 4 + 1) * 4
                if next > columns {
                    return Substring(String(repeating: " ", count: next - columns)) + line[line.index(after: index)...]
                }
                column = next
            } else {
                break
            }
            index = line.index(after: index)
        }
        return line[index...]
    }

    /// `text` as a markdown code span, with a fence longer than any backtick run inside.
    static func codeSpan(_ text: Substring) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = longest > 0 ? " " : ""
        return fence + padding + text + padding + fence
    }
}

// MARK: - Fences

/// An open fenced code block: its character, length and indentation.
struct GSDFence {
    var character: Character
    var length: Int
    var indent: Int

    /// The fence `line` opens, if it opens one.
    init?(opening line: Substring) {
        let content = line.drop { $0 == " " || $0 == "\t" }
        guard let first = content.first, first == "`" || first == "~" else { return nil }
        let run = content.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        // A backtick fence's info string has no backticks: "```a``` b" is inline code.
        if first == "`", content[run.endIndex...].contains("`") { return nil }
        character = first
        length = run.count
        indent = GSDMarkup.indentation(line)
    }

    /// Whether `line` closes this fence.
    func isClosed(by line: Substring) -> Bool {
        guard GSDMarkup.indentation(line) <= indent + 3 else { return false }
        let content = line.drop { $0 == " " || $0 == "\t" }
        let run = content.prefix { $0 == character }
        guard run.count >= length else { return false }
        return content[run.endIndex...].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
}

// MARK: - Tags

/// A line read as a GSD tag: `<task type="auto">`, `</task>`,
/// `<name>Text</name>`, `<action>Text…` or `…text</action>`.
struct GSDTagLine {
    enum Form: Equatable {
        /// `<name attr="v">`, with `text` after it on the line (usually none).
        case open
        /// `</name>`.
        case close
        /// `<name>text</name>`.
        case field
        /// `text</name>`.
        case tailClose
    }

    var form: Form
    var name: String
    var attributes: [GSDAttribute] = []
    /// The text on the line besides the tag (see ``Form``).
    var text: Substring = ""

    /// Reads a trimmed line; nil when it is not a tag line.
    init?(_ line: Substring) {
        guard line.first == "<" else {
            self.init(tailClose: line)
            return
        }
        var scanner = GSDScanner(line.dropFirst())
        if scanner.peek == "/" {
            scanner.advance()
            let name = scanner.take(while: Self.isNameCharacter)
            scanner.skipSpaces()
            guard Self.isName(name), scanner.peek == ">" else { return nil }
            scanner.advance()
            guard scanner.atEnd else { return nil }
            self.init(form: .close, name: String(name))
            return
        }
        let name = scanner.take(while: Self.isNameCharacter)
        guard Self.isName(name), let next = scanner.peek, next == ">" || next == " " || next == "\t" else {
            self.init(tailClose: line)
            return
        }
        var attributes: [GSDAttribute] = []
        while true {
            scanner.skipSpaces()
            guard let character = scanner.peek else { return nil }
            if character == ">" {
                scanner.advance()
                break
            }
            let attribute = scanner.take { $0.isASCII && ($0.isLetter || $0.isNumber || "_:.-".contains($0)) }
            guard !attribute.isEmpty else { return nil }
            scanner.skipSpaces()
            var value: Substring = ""
            if scanner.peek == "=" {
                scanner.advance()
                scanner.skipSpaces()
                if let quote = scanner.peek, quote == "\"" || quote == "'" {
                    scanner.advance()
                    value = scanner.take { $0 != quote }
                    guard scanner.peek == quote else { return nil }
                    scanner.advance()
                } else {
                    value = scanner.take { !" \t\"'=<>`".contains($0) }
                    guard !value.isEmpty else { return nil }
                }
            }
            attributes.append(GSDAttribute(name: String(attribute), value: String(value)))
        }
        let rest = scanner.rest
        let closing = "</" + name + ">"
        if rest.hasSuffix(closing) {
            self.init(form: .field, name: String(name), attributes: attributes, text: rest.dropLast(closing.count))
        } else {
            self.init(form: .open, name: String(name), attributes: attributes, text: rest)
        }
    }

    private init(form: Form, name: String, attributes: [GSDAttribute] = [], text: Substring = "") {
        self.form = form
        self.name = name
        self.attributes = attributes
        self.text = text
    }

    /// Reads `…text</name>` (a trimmed line); nil when the line does not end so.
    init?(tailClose line: Substring) {
        guard line.last == ">", let open = line.range(of: "</", options: .backwards), open.lowerBound > line.startIndex
        else { return nil }
        let name = line[open.upperBound..<line.index(before: line.endIndex)]
        guard Self.isName(name) else { return nil }
        self.init(form: .tailClose, name: String(name), text: line[..<open.lowerBound])
    }

    /// The name of the tag a line closes at its end (`…</action>`), for looking ahead.
    static func closedName(_ line: Substring) -> Substring? {
        guard line.last == ">", let open = line.range(of: "</", options: .backwards) else { return nil }
        let name = line[open.upperBound..<line.index(before: line.endIndex)]
        return isName(name) ? name : nil
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    static func isName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy(isNameCharacter)
    }
}

// MARK: - The rewrite

/// The state of one rewrite: the plan for every line, then the output.
private struct Rewriter {
    /// What becomes of a line.
    enum Plan {
        /// Markdown inside `region` (-1: outside every tag); `transform` is false for a fence's own lines.
        case text(region: Int, transform: Bool)
        /// A line inside a fenced code block.
        case code(region: Int)
        /// A fence line that must not open a fence (its fence is never closed).
        case neutralized(region: Int)
        /// A marker line.
        case marker(String)
    }

    /// How the content of a region is shaped.
    enum Shape {
        case plain, files, references
    }

    /// An open tag.
    struct Open {
        var name: String
        var verb: GSDMarker.Verb
        var line: Int
        var region: Int
        /// The task's number, on a task.
        var task: Int?
    }

    let lines: [Substring]
    var plans: [Plan]
    var warnings: [LineMessage] = []
    private var stack: [Open] = []
    private var regionIndent: [Int] = []
    private var regionShape: [Shape] = []
    private var taskCount = 0
    /// The last line that ends with a close tag, by tag name, for telling a tag from prose.
    private var lastClose: [Substring: Int] = [:]
    /// Markers the last line gets when tags are still open at the end.
    private var closesAtEnd: String?

    init(lines: [Substring]) {
        self.lines = lines
        plans = Array(repeating: .text(region: -1, transform: false), count: lines.count)
        for (index, line) in lines.enumerated() {
            if let name = GSDTagLine.closedName(GSDMarkup.trimmed(line)) { lastClose[name] = index }
        }
    }

    private var region: Int { stack.last?.region ?? -1 }

    /// Whether line `index`, written as `output`, holds markers of the rewrite
    /// (a line of the page's own that looks like one is written with `&lt;`,
    /// except in code, which is kept as it is).
    func isMarkerLine(_ index: Int, output: String) -> Bool {
        if case .code = plans[index] { return false }
        return output.hasPrefix(GSDMarker.prefix)
    }

    mutating func run() {
        if let unclosed = plan(lines.indices, fences: true), !stack.isEmpty {
            // The fence would swallow the rest of the page, markers and all, and
            // leave the plan's elements open: read on as if it were text.
            warnings.append(
                LineMessage(
                    line: unclosed + 1,
                    message: "this code fence is never closed; the plan's tags after it are read as tags"))
            plans[unclosed] = .neutralized(region: region)
            _ = plan((unclosed + 1)..<lines.count, fences: false)
        }
        defer { warnings.sort { $0.line < $1.line } }
        guard !stack.isEmpty, let last = lines.indices.last else { return }
        let closes = closeAll()
        switch plans[last] {
        case .marker(let text):
            plans[last] = .marker(text + closes)
        default:
            if GSDMarkup.trimmed(lines[last]).isEmpty {
                plans[last] = .marker(closes)
            } else {
                closesAtEnd = closes
            }
        }
    }

    /// Plans `range`; returns the line of a fence left open at its end.
    private mutating func plan(_ range: Range<Int>, fences: Bool) -> Int? {
        var fence: GSDFence?
        var fenceLine = 0
        for index in range {
            let line = lines[index]
            if let open = fence {
                if open.isClosed(by: line) {
                    fence = nil
                    noteText(index, transform: false)
                } else {
                    plans[index] = .code(region: region)
                }
                continue
            }
            if let opening = GSDFence(opening: line) {
                if fences {
                    fence = opening
                    fenceLine = index
                    noteText(index, transform: false)
                } else {
                    plans[index] = .neutralized(region: region)
                    noteIndent(line)
                }
                continue
            }
            let trimmed = GSDMarkup.trimmed(line)
            if let tag = GSDTagLine(trimmed), let marker = handle(tag, at: index) {
                plans[index] = .marker(marker)
                continue
            }
            // `<b>Bold</b> and the rest</action>`: not a tag at its start, maybe one at its end.
            if trimmed.first == "<", let tag = GSDTagLine(tailClose: trimmed), let marker = handle(tag, at: index) {
                plans[index] = .marker(marker)
                continue
            }
            noteText(index, transform: true)
        }
        return fence == nil ? nil : fenceLine
    }

    private mutating func noteText(_ index: Int, transform: Bool) {
        plans[index] = .text(region: region, transform: transform)
        noteIndent(lines[index])
    }

    private mutating func noteIndent(_ line: Substring) {
        guard let open = stack.last, !GSDMarkup.trimmed(line).isEmpty else { return }
        regionIndent[open.region] = min(regionIndent[open.region], GSDMarkup.indentation(line))
    }

    /// The marker line for a tag line, or nil when the line stays markdown.
    private mutating func handle(_ tag: GSDTagLine, at index: Int) -> String? {
        guard !tag.text.contains(GSDMarker.prefix) else { return nil }
        switch tag.form {
        case .open, .field:
            guard isTag(tag, at: index) else { return nil }
            var output = closes(before: tag.name, at: index)
            let isTask = tag.name == "task"
            if isTask { taskCount += 1 }
            let verb: GSDMarker.Verb = isTask || stack.isEmpty ? .open : .openPart
            let number = isTask ? taskCount : tag.name == "name" ? stack.last(where: { $0.task != nil })?.task : nil
            output += GSDMarker(verb: verb, name: tag.name, number: number, attributes: tag.attributes).comment
            output += tag.text
            if tag.form == .field {
                output += GSDMarker(verb: verb == .open ? .close : .closePart, name: tag.name).comment
            } else {
                let shape: Shape =
                    tag.name == "files" && verb == .openPart
                    ? .files
                    : (tag.name == "context" || tag.name == "execution_context") && verb == .open ? .references : .plain
                regionIndent.append(Int.max)
                regionShape.append(shape)
                stack.append(
                    Open(
                        name: tag.name, verb: verb, line: index, region: regionIndent.count - 1,
                        task: isTask ? taskCount : nil))
            }
            return output
        case .close:
            if let open = stack.lastIndex(where: { $0.name == tag.name }) {
                return close(downTo: open, explicitly: true)
            }
            guard GSDMarkup.knownNames.contains(tag.name) else { return nil }
            warnings.append(
                LineMessage(
                    line: index + 1, message: "`</\(tag.name)>` closes nothing: no `<\(tag.name)>` is open here"))
            return GSDMarker(verb: .stray, name: tag.name).comment
        case .tailClose:
            guard let open = stack.lastIndex(where: { $0.name == tag.name }) else { return nil }
            return GSDMarker(verb: .text).comment + tag.text + close(downTo: open, explicitly: true)
        }
    }

    /// Whether an opening tag is one of the plan's: a known name, or inside a
    /// task any other name that is not HTML and is closed further down.
    private func isTag(_ tag: GSDTagLine, at index: Int) -> Bool {
        let closedLater = (lastClose[Substring(tag.name)] ?? -1) > index
        if tag.form == .open, !tag.text.isEmpty, !closedLater { return false }
        if GSDMarkup.knownNames.contains(tag.name) { return true }
        guard stack.contains(where: { $0.task != nil }), !GSDMarkup.htmlElements.contains(tag.name),
            tag.name.allSatisfy({ !$0.isUppercase })
        else { return false }
        return tag.form == .field || closedLater
    }

    /// Closes what must end before `name` opens at line `index`: everything for
    /// a top-level section, the open task for a task, the task's open parts for
    /// a part. Another section outside a task (`<interfaces>`, `<context>`)
    /// nests in the innermost open element that is closed further down
    /// (`<context>` holding `<interfaces>`), closing only what lies inside that
    /// element; when no open element is closed later, they were all left open
    /// and the section follows them.
    private mutating func closes(before name: String, at index: Int) -> String {
        let taskIndex = stack.lastIndex { $0.task != nil }
        if GSDMarkup.topLevelNames.contains(name) { return closeAll() }
        if GSDMarkup.sectionNames.contains(name), taskIndex == nil, !stack.isEmpty {
            guard let parent = stack.lastIndex(where: { (lastClose[Substring($0.name)] ?? -1) > index }) else {
                return closeAll()
            }
            return parent + 1 < stack.count ? close(downTo: parent + 1) : ""
        }
        guard let taskIndex else { return "" }
        if name == "task" { return close(downTo: taskIndex) }
        if GSDMarkup.partNames.contains(name), name != "option", taskIndex < stack.count - 1,
            !["options", "option"].contains(stack[stack.count - 1].name)
        {
            return close(downTo: taskIndex + 1)
        }
        return ""
    }

    private mutating func closeAll() -> String {
        stack.isEmpty ? "" : close(downTo: 0)
    }

    /// Closes `stack[index...]`, the innermost first, each with a warning at
    /// its line but `stack[index]` when its close tag was written.
    private mutating func close(downTo index: Int, explicitly: Bool = false) -> String {
        var output = ""
        while stack.count > index {
            let open = stack.removeLast()
            if !explicitly || stack.count > index {
                warnings.append(
                    LineMessage(line: open.line + 1, message: "`<\(open.name)>` opened here is never closed"))
            }
            output += GSDMarker(verb: open.verb == .open ? .close : .closePart, name: open.name).comment
        }
        return output
    }

    // MARK: Output

    /// The text of line `index` in the new markdown (without its line break).
    func output(line index: Int) -> String {
        let line = lines[index]
        var text: String
        switch plans[index] {
        case .marker(let marker):
            return marker
        case .code(let region):
            return String(GSDMarkup.dedent(line, by: indent(region)))
        case .neutralized(let region):
            let dedented = GSDMarkup.dedent(line, by: indent(region))
            let content = dedented.drop { $0 == " " || $0 == "\t" }
            text = dedented[..<content.startIndex] + "\\" + content
        case .text(let region, let transform):
            let dedented = GSDMarkup.dedent(line, by: indent(region))
            let shape = region >= 0 && transform ? regionShape[region] : .plain
            // A line that looks like a marker but is the page's own text stays text.
            let content = dedented.drop { $0 == " " || $0 == "\t" }
            if content.hasPrefix(GSDMarker.prefix) {
                text = dedented[..<content.startIndex] + "&lt;" + content.dropFirst()
            } else {
                text = Self.shaped(dedented, shape)
            }
        }
        if let closes = closesAtEnd, index == lines.count - 1 {
            return GSDMarker(verb: .text).comment + Self.unforged(text) + closes
        }
        return text
    }

    private func indent(_ region: Int) -> Int {
        guard region >= 0, regionIndent[region] != Int.max else { return 0 }
        return regionIndent[region]
    }

    /// A content line of a `<files>` list or a reference list, as markdown.
    private static func shaped(_ line: Substring, _ shape: Shape) -> String {
        let content = GSDMarkup.trimmed(line)
        guard !content.isEmpty else { return String(line) }
        switch shape {
        case .plain:
            return String(line)
        case .files:
            var path = content
            if path.hasPrefix("- ") || path.hasPrefix("* ") { path = GSDMarkup.trimmed(path.dropFirst(2)) }
            if path.hasSuffix(",") { path = GSDMarkup.trimmed(path.dropLast()) }
            return path.isEmpty ? String(line) : "- " + GSDMarkup.codeSpan(path)
        case .references:
            if content.hasPrefix("@") {
                let reference = content.prefix { $0 != " " && $0 != "\t" }
                return "- " + GSDMarkup.codeSpan(reference) + content[reference.endIndex...]
            }
            if content.hasPrefix("#"), !content.contains(GSDMarker.prefix) {
                let hashes = content.prefix { $0 == "#" }
                let note = content[hashes.endIndex...]
                if note.isEmpty || note.first == " " {
                    return GSDMarker(verb: .note).comment + GSDMarkup.trimmed(note)
                }
            }
            return String(line)
        }
    }

    /// Text put after a marker must not hold the marker prefix: its `<` becomes
    /// `&lt;`, which markdown shows as the same character.
    private static func unforged(_ text: String) -> String {
        text.contains(GSDMarker.prefix)
            ? text.replacingOccurrences(of: GSDMarker.prefix, with: "&lt;" + GSDMarker.prefix.dropFirst()) : text
    }
}
