/// Splits YAML front matter (`---` … `---` at the top of a file) from the body.
public enum FrontMatter {
    /// The parts of a document: its front matter text (nil when it has none),
    /// its body, and the file line the body starts on.
    public struct Split: Sendable, Equatable {
        /// The YAML between the fences, or nil.
        public var yaml: String?
        /// The markdown after the closing fence.
        public var body: String
        /// 1-based file line of the body's first line.
        public var bodyFirstLine: Int
    }

    /// Splits `text`. A file that opens a fence and never closes it throws,
    /// pointing at the opening line.
    public static func split(_ text: String) throws(YAMLError) -> Split {
        guard isFence(text.prefix { $0 != "\n" && $0 != "\r\n" }, opening: true) else {
            return Split(yaml: nil, body: text, bodyFirstLine: 1)
        }
        var lineNumber = 1
        var yamlStart: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let lineEnd = text[index...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
            let line = text[index..<lineEnd]
            let next = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
            if lineNumber == 1 {
                yamlStart = next
            } else if let start = yamlStart, isFence(line, opening: false) {
                return Split(
                    yaml: String(text[start..<index]), body: String(text[next...]), bodyFirstLine: lineNumber + 1)
            }
            lineNumber += 1
            index = next
        }
        throw YAMLError(line: 1, message: "front matter opened with '---' is never closed")
    }

    private static func isFence(_ line: Substring, opening: Bool) -> Bool {
        let trimmed = line.drop(while: { $0 == "\u{FEFF}" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
        let text = String(trimmed.reversed())
        return text == "---" || (!opening && text == "...")
    }
}
