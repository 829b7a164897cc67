import SpecSiteKit

/// One `<task>` of a GSD plan.
struct GSDTask: Sendable, Equatable {
    /// 1-based, in document order.
    var number: Int
    /// The tag's attributes in source order (`type="auto"`, `gate="blocking"`, `tdd="true"`).
    var attributes: [GSDAttribute] = []
    /// `<name>` as plain text ("Task 1: Update X").
    var name: String = ""
    /// `<files>`: one path per entry.
    var files: [String] = []
    /// `<verify>` as plain text.
    var verify: String = ""
    /// `<done>` as plain text.
    var done: String = ""
    /// The names of the parts it holds, in order (`name`, `files`, `action`, …).
    var parts: [String] = []
    /// The file line of the `<task>` tag.
    var line: Int
    /// The file line of its `</task>` (or of where it was closed implicitly).
    var endLine: Int = 0

    /// `auto`, `checkpoint:human-verify`, …
    var type: String? { attribute("type") }

    /// The value of attribute `name`, if the tag has it.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// A top-level element of a GSD plan: `<objective>`, `<tasks>`, `<verification>`, ….
struct GSDSection: Sendable, Equatable {
    /// The tag's name: `success_criteria`.
    var name: String
    /// The file line of its opening tag.
    var line: Int
    /// The file line of its closing tag.
    var endLine: Int

    /// "Success criteria".
    var title: String { GSDRender.title(name) }
}

/// Reads the body of a rewritten GSD plan page (``GSDPlanBody``).
enum GSDPlanReader {
    /// The tasks, sections and objective of a parsed page after ``GSDMarkup/rewrite(_:)``.
    static func read(_ document: MarkdownDocument) -> GSDPlanBody {
        GSDPlanBody(document: document)
    }
}

/// The body of a GSD plan, read from its markdown after ``GSDMarkup/rewrite(_:)``:
/// the markers give the structure, the markdown between them the content.
struct GSDPlanBody: Sendable, Equatable {
    /// The tasks in order.
    var tasks: [GSDTask] = []
    /// The top-level elements in order.
    var sections: [GSDSection] = []
    /// The objective's first paragraph as plain text, for summaries.
    var objectiveSummary: String?

    /// The first section called `name`.
    func section(_ name: String) -> GSDSection? {
        sections.first { $0.name == name }
    }

    /// Reads a parsed, rewritten page. A page without markers reads as empty.
    init(document: MarkdownDocument) {
        var reader = Reader()
        for block in document.root.children { reader.read(block) }
        reader.closeAll(line: document.root.endLine)
        tasks = reader.tasks
        sections = reader.sections
        objectiveSummary = reader.objectiveSummary
    }

    init(tasks: [GSDTask] = [], sections: [GSDSection] = [], objectiveSummary: String? = nil) {
        self.tasks = tasks
        self.sections = sections
        self.objectiveSummary = objectiveSummary
    }
}

/// Walks the top-level blocks, keeping the open elements on a stack.
private struct Reader {
    struct Open {
        var marker: GSDMarker
        /// Text written on marker lines inside it (a one-line field's text).
        var texts: [String] = []
        /// The markdown blocks inside it.
        var blocks: [MarkdownNode] = []
        /// Its index in `tasks` or `sections`.
        var index: Int?
    }

    var tasks: [GSDTask] = []
    var sections: [GSDSection] = []
    var objectiveSummary: String?
    private var stack: [Open] = []

    mutating func read(_ block: MarkdownNode) {
        guard case .htmlBlock(let html) = block.kind, html.contains(GSDMarker.prefix) else {
            if !stack.isEmpty { stack[stack.count - 1].blocks.append(block) }
            return
        }
        for (offset, line) in GSDMarkup.lines(html).enumerated() {
            guard let segments = GSDMarker.segments(of: line) else { continue }
            for (marker, text) in segments { apply(marker, text: text, line: block.line + offset) }
        }
    }

    private mutating func apply(_ marker: GSDMarker, text: Substring, line: Int) {
        switch marker.verb {
        case .open, .openPart:
            var open = Open(marker: marker)
            if marker.name == "task" {
                open.index = tasks.count
                tasks.append(GSDTask(number: tasks.count + 1, attributes: marker.attributes, line: line))
            } else if marker.verb == .open {
                open.index = sections.count
                sections.append(GSDSection(name: marker.name, line: line, endLine: line))
            }
            if let task = taskIndex { tasks[task].parts.append(marker.name) }
            stack.append(open)
        case .close, .closePart:
            guard let index = stack.lastIndex(where: { $0.marker.name == marker.name }) else { return }
            while stack.count > index { finish(stack.removeLast(), line: line) }
        case .text, .note, .stray:
            break
        }
        if !text.isEmpty, !stack.isEmpty, marker.verb != .close, marker.verb != .closePart {
            stack[stack.count - 1].texts.append(String(text))
        }
    }

    /// The index in `tasks` of the innermost open task.
    private var taskIndex: Int? {
        stack.last { $0.marker.name == "task" }?.index
    }

    mutating func closeAll(line: Int) {
        while let open = stack.popLast() { finish(open, line: line) }
    }

    private mutating func finish(_ open: Open, line: Int) {
        let name = open.marker.name
        if name == "task", let index = open.index {
            tasks[index].endLine = line
            return
        }
        if let index = open.index { sections[index].endLine = line }
        if name == "objective", objectiveSummary == nil {
            let paragraph = open.blocks.first { if case .paragraph = $0.kind { true } else { false } }
            objectiveSummary = paragraph.map(Self.plainText) ?? open.texts.first.map(Self.plainText)
        }
        guard let task = taskIndex, open.marker.verb == .openPart else { return }
        switch name {
        case "name":
            tasks[task].name = Self.plainText(open)
        case "files":
            tasks[task].files = Self.files(open)
        case "verify":
            tasks[task].verify = Self.plainText(open)
        case "done":
            tasks[task].done = Self.plainText(open)
        default:
            break
        }
    }

    // MARK: Text

    /// A part's text and blocks as plain text, one line per block or list item.
    private static func plainText(_ open: Open) -> String {
        let pieces = open.texts.map(plainText) + open.blocks.map(plainText)
        return pieces.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Markdown text as a reader sees it.
    private static func plainText(_ markdown: String) -> String {
        MarkdownParser.parse(markdown).root.children.map(plainText).joined(separator: "\n")
    }

    private static func plainText(_ block: MarkdownNode) -> String {
        switch block.kind {
        case .list, .blockQuote, .item:
            return block.children.map(plainText).filter { !$0.isEmpty }.joined(separator: "\n")
        case .codeBlock(_, let code):
            return GSDMarkup.trimmed(Substring(code)).description
        case .htmlBlock:
            return ""
        default:
            // Inline HTML is shown as written on the page, so it is part of the text.
            return block.literalText.trimmingSpaces
        }
    }

    /// `<files>`: comma-separated on one line, or a list (one path per line).
    private static func files(_ open: Open) -> [String] {
        var files: [String] = []
        for text in open.texts {
            for piece in text.split(separator: ",") {
                var path = GSDMarkup.trimmed(piece)
                while path.count >= 2, path.first == "`", path.last == "`" { path = path.dropFirst().dropLast() }
                if !path.isEmpty { files.append(String(GSDMarkup.trimmed(path))) }
            }
        }
        for block in open.blocks {
            if case .list = block.kind {
                files += block.children.map { $0.literalText.trimmingSpaces }.filter { !$0.isEmpty }
            } else {
                files += plainText(block).split(whereSeparator: { $0 == "\n" || $0 == "," })
                    .map { GSDMarkup.trimmed($0).description }.filter { !$0.isEmpty }
            }
        }
        return files
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        var text = self[...].drop(while: isSpace)
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return String(text)
    }
}
