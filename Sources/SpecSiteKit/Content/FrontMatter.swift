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
    /// pointing at the opening line. Lines end where cmark-gfm ends them
    /// (``SourceLines``), so the body's first line is the one cmark-gfm counts.
    public static func split(_ text: String) throws(YAMLError) -> Split {
        // Most pages have none: they are not split into lines for nothing.
        guard text.drop(while: { $0 == "\u{FEFF}" }).hasPrefix("---") else {
            return Split(yaml: nil, body: text, bodyFirstLine: 1)
        }
        let lines = SourceLines(text)
        guard isFence(lines[0].text, opening: true) else {
            return Split(yaml: nil, body: text, bodyFirstLine: 1)
        }
        let yamlStart = lines[0].lineBreak.endIndex
        for line in lines.dropFirst() where isFence(line.text, opening: false) {
            return Split(
                yaml: String(text[yamlStart..<line.text.startIndex]), body: String(text[line.lineBreak.endIndex...]),
                bodyFirstLine: line.number + 1)
        }
        throw YAMLError(line: 1, message: "front matter opened with '---' is never closed")
    }

    /// Whether `line`, less any byte order marks before it and spaces or
    /// tabs after it, is `---` (or `...`, closing). Read as bytes: every line
    /// of a long front matter is asked, and a reversed walk by `Character`
    /// with a new string for each cost more than the YAML's parse. (A space
    /// a combining mark follows is no space as a `Character` either, and no
    /// text but these three bytes equals `---`.)
    static func isFence(_ line: Substring, opening: Bool) -> Bool {
        var bytes = line.utf8[...]
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        while bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(3) }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        return bytes.elementsEqual("---".utf8) || (!opening && bytes.elementsEqual("...".utf8))
    }
}
