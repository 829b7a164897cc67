import SpecSiteKit

/// Draws the markers of a rewritten GSD plan (``GSDMarkup``): sections as
/// `<section class="gsd-section gsd-NAME">`, `<tasks>` as `<div class="gsd-tasks">`,
/// each task as an `<article class="gsd-task">` card with its number, type and
/// name, its files as code chips and its parts as labelled blocks.
///
/// An open marker writes the element's opening tags and its close marker the
/// closing ones; the markdown between them is rendered by the engine in
/// between, so the page is well-formed because the rewrite balances markers.
/// Only call it for pages the rewrite changed: on other pages a comment that
/// happens to start like a marker would be drawn too.
enum GSDRender {
    /// The HTML for a marker block, or nil for any other block.
    static func render(_ block: MarkdownNode, renderer: HTMLRenderer) throws -> String? {
        guard case .htmlBlock(let html) = block.kind, html.contains(GSDMarker.prefix) else { return nil }
        var lines = GSDMarkup.lines(html)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.contains(where: { $0.hasPrefix(GSDMarker.prefix) }) else { return nil }
        var output = ""
        // Lines of the block that are not markers: the HTML block cmark-gfm ran a
        // marker into (`<div>` followed by a marker line), drawn as usual.
        var raw: [Substring] = []
        var rawLine = block.line
        for (offset, line) in lines.enumerated() {
            guard let segments = GSDMarker.segments(of: line) else {
                if raw.isEmpty { rawLine = block.line + offset }
                raw.append(line)
                continue
            }
            if !raw.isEmpty {
                let node = MarkdownNode(.htmlBlock(raw.joined(separator: "\n") + "\n"), line: rawLine)
                output += try renderer.renderDefault(node)
                raw = []
            }
            output += try render(segments, line: block.line + offset, renderer: renderer)
        }
        if !raw.isEmpty {
            output += try renderer.renderDefault(
                MarkdownNode(.htmlBlock(raw.joined(separator: "\n") + "\n"), line: rawLine))
        }
        return output
    }

    /// "Success criteria" for `success_criteria`, "What built" for `what-built`.
    static func title(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A name fit for a class: `success-criteria`.
    static func slug(_ name: String) -> String {
        String(
            name.lowercased().map { $0 == "_" ? "-" : $0 }
                .filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }

    // MARK: - One marker line

    private static func render(
        _ segments: [(marker: GSDMarker, text: Substring)], line: Int, renderer: HTMLRenderer
    ) throws -> String {
        var output = ""
        var index = 0
        while index < segments.count {
            let (marker, text) = segments[index]
            switch marker.verb {
            case .open, .openPart:
                let closing: GSDMarker.Verb = marker.verb == .open ? .close : .closePart
                if index + 1 < segments.count, segments[index + 1].marker.verb == closing,
                    segments[index + 1].marker.name == marker.name
                {
                    output += try field(marker, text: text, line: line, renderer: renderer)
                    output += try markdown(segments[index + 1].text, line: line, renderer: renderer)
                    index += 2
                    continue
                }
                output += opening(marker, renderer: renderer)
                output += try markdown(text, line: line, renderer: renderer)
            case .close, .closePart:
                output += closing(marker)
                output += try markdown(text, line: line, renderer: renderer)
            case .note:
                output += "<p class=\"gsd-ref-note\">" + (try inline(text, line: line, renderer: renderer)) + "</p>\n"
            case .text, .stray:
                output += try markdown(text, line: line, renderer: renderer)
            }
            index += 1
        }
        return output
    }

    /// A tag and its text on one line: `<name>Task 1: Update X</name>`.
    private static func field(
        _ marker: GSDMarker, text: Substring, line: Int, renderer: HTMLRenderer
    ) throws -> String {
        guard marker.verb == .openPart else {
            return opening(marker, renderer: renderer) + (try markdown(text, line: line, renderer: renderer))
                + closing(GSDMarker(verb: .close, name: marker.name))
        }
        switch marker.name {
        case "name":
            let name = withoutTaskNumber(text, number: marker.number)
            return "<h3 class=\"gsd-task-name\">" + (try inline(name, line: line, renderer: renderer)) + "</h3>\n"
        case "files":
            var paths: [Substring] = []
            for piece in text.split(separator: ",") {
                var path = GSDMarkup.trimmed(piece)
                while path.count >= 2, path.first == "`", path.last == "`" { path = path.dropFirst().dropLast() }
                if !path.isEmpty { paths.append(GSDMarkup.trimmed(path)) }
            }
            guard !paths.isEmpty else { return "" }
            var output = "<div class=\"gsd-task-files\"><span class=\"gsd-part-label\">Files</span>"
            output += "<ul class=\"gsd-file-list\">"
            for path in paths { output += "<li><code>" + HTMLEscaping.escape(String(path)) + "</code></li>" }
            return output + "</ul></div>\n"
        default:
            return opening(marker, renderer: renderer) + (try markdown(text, line: line, renderer: renderer))
                + closing(GSDMarker(verb: .closePart, name: marker.name))
        }
    }

    /// The opening tags of an element.
    private static func opening(_ marker: GSDMarker, renderer: HTMLRenderer) -> String {
        let name = marker.name
        let slug = slug(name)
        let title = HTMLEscaping.escape(title(name))
        if marker.verb == .openPart {
            switch name {
            case "name":
                return "<div class=\"gsd-task-name\" role=\"heading\" aria-level=\"3\">\n"
            case "files":
                return "<div class=\"gsd-task-files\"><span class=\"gsd-part-label\">Files</span>\n"
            default:
                return "<div class=\"gsd-part gsd-part-\(slug)\">\n<div class=\"gsd-part-label\">\(title)"
                    + chips(marker.attributes) + "</div>\n<div class=\"gsd-part-body\">\n"
            }
        }
        switch name {
        case "tasks":
            return "<div class=\"gsd-tasks\">\n<h2 class=\"gsd-section-title\">Tasks</h2>\n"
        case "task":
            let checkpoint = marker.attributes.contains { $0.name == "type" && $0.value.hasPrefix("checkpoint") }
            let number = marker.number.map { "Task \($0)" } ?? "Task"
            return "<article class=\"gsd-task\(checkpoint ? " gsd-task-checkpoint" : "")\">\n"
                + "<header class=\"gsd-task-header\"><span class=\"gsd-task-number\">\(number)</span>"
                + chips(marker.attributes) + "</header>\n"
        case "execution_context":
            return "<details class=\"gsd-section gsd-\(slug) gsd-refs\">\n"
                + "<summary class=\"gsd-section-title\">\(title)</summary>\n"
        default:
            let references = name == "context" ? " gsd-refs" : ""
            return "<section class=\"gsd-section gsd-\(slug)\(references)\">\n"
                + "<h2 class=\"gsd-section-title\">\(title)</h2>\n"
        }
    }

    /// The closing tags of an element.
    private static func closing(_ marker: GSDMarker) -> String {
        if marker.verb == .closePart {
            return marker.name == "name" || marker.name == "files" ? "</div>\n" : "</div>\n</div>\n"
        }
        switch marker.name {
        case "tasks": return "</div>\n"
        case "task": return "</article>\n"
        case "execution_context": return "</details>\n"
        default: return "</section>\n"
        }
    }

    /// A task's attributes as chips: `auto`, `checkpoint: human-verify`, `gate: blocking`, `TDD`.
    private static func chips(_ attributes: [GSDAttribute]) -> String {
        var output = ""
        for attribute in attributes {
            let (label, kind): (String, String)
            switch attribute.name {
            case "type" where attribute.value.hasPrefix("checkpoint:"):
                label = "checkpoint: " + attribute.value.dropFirst("checkpoint:".count)
                kind = "checkpoint"
            case "type":
                (label, kind) = (attribute.value, "type")
            case "gate":
                (label, kind) = ("gate: " + attribute.value, "gate")
            case "tdd" where ["", "true", "yes"].contains(attribute.value.lowercased()):
                (label, kind) = ("TDD", "tdd")
            default:
                label = attribute.value.isEmpty ? attribute.name : attribute.name + ": " + attribute.value
                kind = "attribute"
            }
            output += " <span class=\"gsd-chip gsd-chip-\(kind)\">" + HTMLEscaping.escape(label) + "</span>"
        }
        return output
    }

    /// "Update X" for "Task 1: Update X" in task 1, whose card already says "Task 1".
    static func withoutTaskNumber(_ name: Substring, number: Int?) -> Substring {
        guard let number else { return name }
        let prefix = "task \(number)"
        guard name.prefix(prefix.count).lowercased() == prefix else { return name }
        let rest = name.dropFirst(prefix.count).drop { $0 == " " }
        guard let separator = rest.first, ":.-–—".contains(separator), rest.dropFirst().first == " " else {
            return name
        }
        let title = rest.dropFirst().drop { $0 == " " }
        return title.isEmpty ? name : title
    }

    // MARK: - Text

    /// Markdown written on a marker line, rendered as blocks.
    private static func markdown(_ text: Substring, line: Int, renderer: HTMLRenderer) throws -> String {
        guard !GSDMarkup.trimmed(text).isEmpty else { return "" }
        return try renderer.renderChildren(of: MarkdownParser.parse(String(text), firstLine: line).root)
    }

    /// Markdown written on a marker line, rendered as inline content when it is one paragraph.
    private static func inline(_ text: Substring, line: Int, renderer: HTMLRenderer) throws -> String {
        let root = MarkdownParser.parse(String(text), firstLine: line).root
        if root.children.count == 1, let paragraph = root.children.first, case .paragraph = paragraph.kind {
            return try renderer.renderChildren(of: paragraph)
        }
        // Not one paragraph (`<script>` starts an HTML block): the text as written.
        return HTMLEscaping.escape(String(GSDMarkup.trimmed(text)))
    }
}
