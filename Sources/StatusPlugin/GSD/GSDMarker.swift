import SpecSiteKit

/// One attribute of a GSD tag, as written: `type="auto"`.
struct GSDAttribute: Sendable, Equatable {
    /// `type`.
    var name: String
    /// `auto` (empty for an attribute written without a value).
    var value: String
}

/// A marker the GSD rewrite leaves where a plan's tag stood: an HTML comment
/// starting with `<!-- specsite:gsd `, which CommonMark reads as an HTML block
/// (type 2) that interrupts a paragraph and ends on its own line, so the
/// markdown between two markers parses as ordinary markdown.
///
/// A marker line is one or more markers with text between and after them:
///
/// ```
/// <!-- specsite:gsd open tasks -->
/// <!-- specsite:gsd open task #1 type="auto" -->
/// <!-- specsite:gsd open-part name #1 -->Task 1: Update X<!-- specsite:gsd close-part name -->
/// <!-- specsite:gsd close-part action --><!-- specsite:gsd close task -->
/// <!-- specsite:gsd note -->Files being modified
/// ```
///
/// `open`/`close` are sections, the task list and tasks; `open-part`/`close-part`
/// are what a task (or a section) holds. The text after a marker belongs to the
/// element open at that point, written exactly as in the plan; the rewrite never
/// puts the marker prefix into it, so the line splits back exactly.
struct GSDMarker: Sendable, Equatable {
    /// What the marker does.
    enum Verb: String, Sendable {
        /// Opens a section, the task list or a task.
        case open
        /// Closes what `open` opened.
        case close
        /// Opens a part of a task (`<action>`) or of a section.
        case openPart = "open-part"
        /// Closes a part.
        case closePart = "close-part"
        /// A close tag that matched nothing (warned about; draws nothing).
        case stray
        /// The text after it is a comment line of a reference list (`# Files being modified`).
        case note
        /// The text after it is content that had to share a line with markers.
        case text
    }

    /// What the marker does.
    var verb: Verb
    /// The tag's name (`task`, `success_criteria`); empty for `note` and `text`.
    var name: String = ""
    /// The task's number (1-based) on a task and on its name.
    var number: Int?
    /// The tag's attributes in source order.
    var attributes: [GSDAttribute] = []

    /// What every marker starts with.
    static let prefix = "<!-- specsite:gsd "
    private static let suffix = " -->"

    /// The marker as an HTML comment. Attribute values are escaped so that
    /// nothing in them can end the comment or the value.
    var comment: String {
        var output = Self.prefix + verb.rawValue
        if !name.isEmpty { output += " " + name }
        if let number { output += " #\(number)" }
        for attribute in attributes {
            output += " " + attribute.name + "=\"" + Self.escape(attribute.value) + "\""
        }
        return output + Self.suffix
    }

    /// The sections opened by the document's marker blocks, by block line: the
    /// last section `open` on a block's first line (a task or the task list
    /// opens no section a reader names; HTML's own elements never are one).
    static func sectionNames(in document: MarkdownDocument) -> [Int: String] {
        var names: [Int: String] = [:]
        func visit(_ node: MarkdownNode) {
            if case .htmlBlock(let html) = node.kind, html.hasPrefix(prefix) {
                let end = html.firstIndex(where: \.isNewline) ?? html.endIndex
                let segments = segments(of: html[..<end]) ?? []
                let opened = segments.last { $0.marker.verb == .open }?.marker
                if let opened, opened.number == nil, opened.attributes.isEmpty, opened.name != "task",
                    !opened.name.isEmpty
                {
                    names[node.line] = opened.name
                }
            }
            for child in node.children where child.isBlock { visit(child) }
        }
        visit(document.root)
        return names
    }

    /// The markers of a marker line with the text after each, or nil when the
    /// line is not one (it must start with ``prefix``).
    static func segments(of line: Substring) -> [(marker: GSDMarker, text: Substring)]? {
        var line = line
        if line.last == "\r" { line = line.dropLast() }
        guard line.hasPrefix(prefix) else { return nil }
        var segments: [(marker: GSDMarker, text: Substring)] = []
        var rest = line[...]
        while rest.hasPrefix(prefix) {
            let body = rest.dropFirst(prefix.count)
            guard let end = body.range(of: suffix) else { break }
            guard let marker = parse(body[..<end.lowerBound]) else { break }
            let after = body[end.upperBound...]
            let textEnd = after.range(of: prefix)?.lowerBound ?? after.endIndex
            segments.append((marker, after[..<textEnd]))
            rest = after[textEnd...]
        }
        // A line the rewrite did not write: read what could be read, keep the rest as text.
        if !rest.isEmpty {
            guard !segments.isEmpty else { return nil }
            let last = segments.removeLast()
            segments.append((last.marker, line[last.text.startIndex...]))
        }
        return segments
    }

    /// Reads a marker's body: `open task #1 type="auto"`.
    private static func parse(_ body: Substring) -> GSDMarker? {
        var scanner = GSDScanner(body)
        guard let verb = Verb(rawValue: String(scanner.word())) else { return nil }
        var marker = GSDMarker(verb: verb)
        scanner.skipSpaces()
        if !scanner.atEnd, scanner.peek != "#" { marker.name = String(scanner.word()) }
        while true {
            scanner.skipSpaces()
            guard let next = scanner.peek else { break }
            if next == "#" {
                scanner.advance()
                marker.number = Int(scanner.word())
                continue
            }
            let name = scanner.take { $0 != "=" && $0 != " " }
            guard !name.isEmpty, scanner.peek == "=" else { return nil }
            scanner.advance()
            guard scanner.peek == "\"" else { return nil }
            scanner.advance()
            let value = scanner.take { $0 != "\"" }
            guard scanner.peek == "\"" else { return nil }
            scanner.advance()
            marker.attributes.append(GSDAttribute(name: String(name), value: unescape(value)))
        }
        return marker
    }

    /// Escapes `& < > " -` as character references (`-` so that no `--` or
    /// `-->` can stand inside the comment).
    static func escape(_ value: String) -> String {
        var output = ""
        for character in value {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "-": output += "&#45;"
            default: output.append(character)
            }
        }
        return output
    }

    /// Undoes ``escape(_:)``.
    static func unescape(_ value: Substring) -> String {
        guard value.contains("&") else { return String(value) }
        return
            value
            .replacingOccurrences(of: "&#45;", with: "-")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// A cursor over a line's characters, for the small hand-written readers of
/// tags and markers.
struct GSDScanner {
    private(set) var rest: Substring

    init(_ text: Substring) { rest = text }

    var atEnd: Bool { rest.isEmpty }
    var peek: Character? { rest.first }

    mutating func advance() { rest = rest.dropFirst() }

    mutating func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }

    /// Takes characters while `accept` holds.
    mutating func take(while accept: (Character) -> Bool) -> Substring {
        let taken = rest.prefix(while: accept)
        rest = rest[taken.endIndex...]
        return taken
    }

    /// Takes characters up to the next space.
    mutating func word() -> Substring { take { $0 != " " && $0 != "\t" } }
}
