import SpecSiteKit

/// The state of one rewrite of a GSD plan (``GSDMarkup/rewrite(_:)``): the
/// plan for every line, then the output.
struct GSDRewriter {
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
