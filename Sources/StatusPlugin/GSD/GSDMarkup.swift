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
///
/// By role: ``GSDTagLine`` and ``GSDFence`` read one line (GSDTagLine.swift),
/// ``GSDRewriter`` decides what each line becomes (GSDRewriter.swift), and
/// `repair` checks the result against cmark-gfm (GSDMarkupRepair.swift).
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
        // Every page comes here (twice in a build, which loads a page again
        // to render it). A plan has a line that opens with one of the signal
        // tags, so one of their bytes: a page without them is no plan, and
        // is not split into lines to find that out.
        guard signalNames.contains(where: { markdown.containsBytes("<" + $0) }) else {
            return notPlan(markdown)
        }
        var lines: [Substring] = []
        var carriageReturns: [Bool] = []
        for line in Self.lines(markdown) {
            let hasReturn = line.last == "\r"
            lines.append(hasReturn ? line.dropLast() : line)
            carriageReturns.append(hasReturn)
        }
        guard isPlan(lines) else { return notPlan(markdown) }
        var rewriter = GSDRewriter(lines: lines)
        rewriter.run()
        var outputs = lines.indices.map { index in
            rewriter.output(line: index) + (carriageReturns[index] ? "\r" : "")
        }
        var warnings = rewriter.warnings
        let markers = lines.indices.map { rewriter.isMarkerLine($0, output: outputs[$0]) }
        repair(&outputs, markers: markers, warnings: &warnings)
        return GSDRewrite(markdown: outputs.joined(separator: "\n"), warnings: warnings, isPlan: true)
    }

    /// The rewrite of a page that is no plan: a line of its own that starts
    /// like a marker is escaped, so it is not drawn as one (see `repair`).
    private static func notPlan(_ markdown: String) -> GSDRewrite {
        // Its bytes are searched first, and Foundation's search (through
        // NSString, millions of instructions on a long page) runs only where
        // the marker's bytes are.
        guard markdown.containsBytes(GSDMarker.prefix), markdown.contains(GSDMarker.prefix) else {
            return GSDRewrite(markdown: markdown, warnings: [], isPlan: false)
        }
        var outputs = Self.lines(markdown).map(String.init)
        var warnings: [LineMessage] = []
        repair(&outputs, markers: outputs.map { _ in false }, warnings: &warnings)
        return GSDRewrite(markdown: outputs.joined(separator: "\n"), warnings: warnings, isPlan: false)
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
