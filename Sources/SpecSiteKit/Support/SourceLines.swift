/// The lines of a text as cmark-gfm numbers them: a line ends at a line feed,
/// a carriage return followed by a line feed, or a lone carriage return. Every
/// reader that splits a document into lines, numbers its lines or counts its
/// line breaks goes through this type, so a plan saved on Windows (CR LF) or an
/// old Mac (CR) reads as the same plan with the same line numbers.
///
/// Swift's `split(separator: "\n")` is not enough: `"\r\n"` is one `Character`,
/// which is not `"\n"`, so a CR LF file is one long line to it; and a split at
/// line feeds alone leaves a lone CR inside a line that cmark-gfm counts as two.
///
/// A text has one more line than it has line breaks: `"a\n"` is `"a"` and `""`.
/// Lines are found by scanning UTF-8 bytes once.
public struct SourceLines: RandomAccessCollection, Sendable {
    /// Which characters end a line.
    public enum Breaks: Sendable {
        /// LF, CR LF and a lone CR, as CommonMark (and so cmark-gfm) reads
        /// markdown; use it for documents and the code in them.
        case commonMark
        /// Those, plus NEL (U+0085), LS (U+2028) and PS (U+2029), which YAML 1.1
        /// (libyaml, under Yams) also counts as line breaks; use it to find the
        /// lines YAML's line numbers name.
        case yaml
    }

    /// One line of the text.
    public struct Line: Sendable, Equatable {
        /// 1-based line number (counted from the `firstLine` the lines were made with).
        public var number: Int
        /// The line without its line break.
        public var text: Substring
        /// The line break that ends it: `"\n"`, `"\r\n"`, `"\r"` (or, with
        /// ``Breaks/yaml``, NEL, LS or PS), empty for the last line.
        public var lineBreak: Substring
    }

    /// The text the lines are taken from.
    public let text: Substring
    /// The number of the first line.
    public let firstLine: Int
    /// Where each line starts, in UTF-8 bytes from the text's start; one
    /// number a line, so even a file of nothing but line breaks stays small.
    private let starts: [Int]

    /// The lines of `text`; the first is numbered `firstLine`.
    public init(_ text: String, firstLine: Int = 1, breaks: Breaks = .commonMark) {
        self.init(text[...], firstLine: firstLine, breaks: breaks)
    }

    /// The lines of `text`; the first is numbered `firstLine`.
    public init(_ text: Substring, firstLine: Int = 1, breaks: Breaks = .commonMark) {
        self.text = text
        self.firstLine = firstLine
        var starts = [0]
        Self.scan(text.utf8, breaks: breaks) { offset, length in starts.append(offset + length) }
        self.starts = starts
    }

    /// The index of the first line.
    public var startIndex: Int { 0 }
    /// One past the index of the last line.
    public var endIndex: Int { starts.count }

    /// The line at `position` (0-based; its number is `firstLine + position`).
    public subscript(position: Int) -> Line {
        let (start, end, breakEnd) = bounds(position)
        return Line(number: firstLine + position, text: text[start..<end], lineBreak: text[end..<breakEnd])
    }

    /// The text of the line numbered `number`, or nil when there is no such line.
    public subscript(line number: Int) -> Substring? {
        let position = number - firstLine
        guard position >= 0, position < starts.count else { return nil }
        let (start, end, _) = bounds(position)
        return text[start..<end]
    }

    /// The lines' texts, without their breaks.
    public var texts: [Substring] { indices.map { self[$0].text } }

    /// Where the line at `position` starts, where its text ends and where its break ends.
    private func bounds(_ position: Int) -> (String.Index, String.Index, String.Index) {
        let utf8 = text.utf8
        let start = utf8.index(text.startIndex, offsetBy: starts[position])
        guard position + 1 < starts.count else { return (start, text.endIndex, text.endIndex) }
        let next = starts[position + 1]
        // The bytes before the next line's start are a line break; its last
        // byte says which (LF may have a CR before it).
        func byte(_ offset: Int) -> UInt8 { utf8[utf8.index(text.startIndex, offsetBy: offset)] }
        let length =
            switch byte(next - 1) {
            case 0x0A: next - 2 >= starts[position] && byte(next - 2) == 0x0D ? 2 : 1
            case 0x85: 2  // NEL
            case 0xA8, 0xA9: 3  // LS, PS
            default: 1  // CR
            }
        let breakEnd = utf8.index(text.startIndex, offsetBy: next)
        return (start, utf8.index(breakEnd, offsetBy: -length), breakEnd)
    }

    // MARK: - Counting and bytes

    /// How many line breaks `text` holds (one less than its lines).
    public static func lineBreakCount(in text: some StringProtocol, breaks: Breaks = .commonMark) -> Int {
        var count = 0
        scan(text.utf8, breaks: breaks) { _, _ in count += 1 }
        return count
    }

    /// How many line breaks the UTF-8 `bytes` hold.
    public static func lineBreakCount(inUTF8 bytes: some Collection<UInt8>, breaks: Breaks = .commonMark) -> Int {
        var count = 0
        scan(bytes, breaks: breaks) { _, _ in count += 1 }
        return count
    }

    /// Whether `character` is a line break of CommonMark's: `"\n"`, `"\r\n"`
    /// (one `Character`) or `"\r"`. For readers that walk a text by characters.
    public static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The length in bytes of the CommonMark line break at `index` of the
    /// UTF-8 `bytes`: 2 for CR LF, 1 for LF or a lone CR, 0 for anything
    /// else. For lexers that walk bytes themselves; a CR LF is one break, so
    /// skip all of it.
    @inlinable
    public static func lineBreakLength<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Bytes.Index)
        -> Int
    {
        switch bytes[index] {
        case 0x0A:
            return 1
        case 0x0D:
            let next = bytes.index(after: index)
            return next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1
        default:
            return 0
        }
    }

    /// Calls `found` with the offset and length of every line break of `bytes`, in order.
    private static func scan(
        _ bytes: some Collection<UInt8>, breaks: Breaks, _ found: (_ offset: Int, _ length: Int) -> Void
    ) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            scan(buffer, breaks: breaks, found)
        }
        if done == nil {
            Array(bytes).withUnsafeBufferPointer { scan($0, breaks: breaks, found) }
        }
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, breaks: Breaks, _ found: (_ offset: Int, _ length: Int) -> Void
    ) {
        let count = bytes.count
        var index = 0
        while index < count {
            var length = 0
            switch bytes[index] {
            case 0x0A:
                length = 1
            case 0x0D:
                length = index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0xC2 where breaks == .yaml:
                // NEL, U+0085.
                if index + 1 < count && bytes[index + 1] == 0x85 { length = 2 }
            case 0xE2 where breaks == .yaml:
                // LS and PS, U+2028 and U+2029.
                if index + 2 < count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                {
                    length = 3
                }
            default:
                break
            }
            if length > 0 {
                found(index, length)
                index += length
            } else {
                index += 1
            }
        }
    }
}
