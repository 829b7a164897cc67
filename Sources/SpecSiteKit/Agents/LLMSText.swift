/// The two files for agents at the site's root: `llms.txt`, the documents as
/// a linked list, and `llms-full.txt`, their text one after another.
///
/// `llms.txt` follows the proposal at llmstxt.org: an H1 with the site's
/// name, its description as a block quote, then an H2 section per folder
/// listing `- [Title](url): summary`, each link to the page's markdown copy;
/// the pages plugins generate (the Status dashboard, the Tokens page) go
/// under `## Optional`, which the proposal leaves for what a reader may skip.
public enum LLMSText {
    /// One document, as the index lists it.
    public struct Document: Sendable, Equatable {
        /// Its title.
        public var title: String
        /// Its copy's path in the site (`planning/ROADMAP.md`).
        public var copyPath: String
        /// Its one-line summary; empty when it has none.
        public var summary: String
        /// The section it is listed under: its top folder in the site
        /// (`planning`), empty for the root.
        public var section: String

        /// Creates a document entry.
        public init(title: String, copyPath: String, summary: String, section: String) {
            self.title = title
            self.copyPath = copyPath
            self.summary = summary
            self.section = section
        }
    }

    /// The section a built path is listed under: its first folder, or empty.
    public static func section(of path: String) -> String {
        guard let slash = path.firstIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `llms.txt`: `documents` in reading order, grouped by section (the root
    /// first, then folders in the order their first document comes), then
    /// `optional` (a title and a built path each). Links are relative to the
    /// root, or absolute under `baseURL` (an `http(s)` URL) when one is given.
    public static func index(
        title: String, description: String, documents: [Document], optional: [(title: String, path: String)],
        baseURL: String?
    ) -> String {
        var text = fullHeader(title: title, description: description)
        text += "\nEach page's markdown sits beside its HTML; `\(MarkdownCopies.fullPath)` holds every document.\n"
        var order: [String] = []
        var bySection: [String: [Document]] = [:]
        for document in documents {
            if bySection[document.section] == nil { order.append(document.section) }
            bySection[document.section, default: []].append(document)
        }
        // The root's documents first, whatever order the reading order gives the folders.
        if let root = order.firstIndex(of: "") { order.insert(order.remove(at: root), at: 0) }
        for section in order {
            text += "\n## " + (section.isEmpty ? "Documents" : oneLine(section)) + "\n\n"
            for document in bySection[section] ?? [] {
                text += "- [" + linkText(document.title) + "](" + url(document.copyPath, baseURL: baseURL) + ")"
                let summary = oneLine(document.summary)
                if !summary.isEmpty { text += ": " + summary }
                text += "\n"
            }
        }
        if !optional.isEmpty {
            text += "\n## Optional\n\n"
            for page in optional {
                text += "- [" + linkText(page.title) + "](" + url(page.path, baseURL: baseURL) + ")\n"
            }
        }
        return text
    }

    /// The site's title as an H1 and its description as a block quote:
    /// how both files begin.
    public static func fullHeader(title: String, description: String) -> String {
        var text = "# " + oneLine(title) + "\n"
        let about = oneLine(description)
        if !about.isEmpty { text += "\n> " + about + "\n" }
        return text
    }

    /// One document of `llms-full.txt`: a line of its title, a line naming its
    /// copy, a blank line and its text, ending with a line break.
    public static func fullEntry(_ document: Document, text: String, baseURL: String?) -> String {
        var entry = "\n# " + oneLine(document.title) + "\nSource: " + url(document.copyPath, baseURL: baseURL) + "\n\n"
        entry += text
        if !text.hasSuffix("\n") { entry += "\n" }
        return entry
    }

    /// A built path as a link: percent-encoded (parentheses too, which would
    /// end a markdown link), under `baseURL` when one is given (an `http(s)` URL).
    static func url(_ path: String, baseURL: String?) -> String {
        var encoded = HTMLEscaping.percentEncodePath(OutputPaths.urlPath(path))
        if encoded.contains("(") || encoded.contains(")") {
            encoded = encoded.replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
        }
        guard let baseURL else { return encoded }
        return (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + encoded
    }

    /// Text on one line: line breaks and runs of white space become one space.
    static func oneLine(_ text: String) -> String {
        // Most titles and summaries are one line of single spaces already.
        var plain = true
        var previous: UInt8 = 32
        for byte in text.utf8 {
            if byte < 32 || byte >= 0x80 || (byte == 32 && previous == 32) {
                plain = false
                break
            }
            previous = byte
        }
        if plain && previous != 32 { return text }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A title as a link's text: brackets and backslashes escaped.
    static func linkText(_ title: String) -> String {
        var text = ""
        for character in oneLine(title) {
            if character == "[" || character == "]" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text
    }
}
