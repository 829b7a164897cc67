/// How text becomes search terms. The browser does the same to a query
/// (`templates/assets/search.js`, `terms`), so any change here is made there
/// too; a test holds the two to the same terms for the same text.
///
/// - Words are runs of letters, marks and digits (Unicode categories L, M and
///   N). A run splits where ASCII digits meet other characters and where a
///   capital follows a small letter, and each part is lowercased (a final
///   sigma made a sigma): `CHUNK007`
///   is `chunk` and `7`, `oauth2` is `oauth` and `2`, `exportSidebar` is
///   `export` and `sidebar`.
/// - Numbers lose their leading zeros, so `007` and `7` are one term.
/// - Letters are stemmed with Porter's rules when they are ASCII and longer
///   than two; the commonest English words (Lucene's list) are left out.
/// - An id is letters and a number together (`T012`, `CHUNK-007`, `FR_3`):
///   it is also one term, `t12`, `chunk7`, `fr3`, so that a query for
///   `chunk 7` or `CHUNK-7` finds it above pages that only hold both words.
/// - A CSS hex colour (`#3B82F6`, `#fff`) is one term, `#3b82f6`.
enum SearchTerms {
    /// The longest term kept, in bytes: longer runs are hashes and data, not words.
    static let longestTerm = 40

    /// One term of a text.
    struct Term: Equatable {
        var text: String
        /// Whether it is an id made of a word and the number after it.
        var isID: Bool
    }

    /// The terms of `text`, in order, repeats kept.
    static func terms(in text: String) -> [Term] {
        var terms: [Term] = []
        forEachTerm(in: text) { terms.append(Term(text: $0, isID: $1)) }
        return terms
    }

    /// Calls `body` with each term of `text` and whether it is an id.
    ///
    /// A scan of the UTF-8 bytes, with ASCII classified by table: the whole
    /// site's text goes through here once, and Foundation's lowercasing and
    /// `Character` iteration cost more than the rest of the index together.
    static func forEachTerm(in text: String, _ body: (String, Bool) -> Void) {
        var text = text
        withoutActuallyEscaping(body) { body in
            text.withUTF8 { bytes in
                var scanner = Scanner(bytes: bytes, body: body)
                scanner.scan()
            }
        }
    }

    /// One pass over a text's bytes; see ``forEachTerm(in:_:)``.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let body: (String, Bool) -> Void
        /// The current run's parts: byte ranges, and whether each is digits.
        var parts: [(start: Int, end: Int, digits: Bool)] = []
        /// The last run's letters, lowercased, when it ended with them and one `-`, `_` or `.` followed it.
        var pendingLetters: [UInt8]?

        init(bytes: UnsafeBufferPointer<UInt8>, body: @escaping (String, Bool) -> Void) {
            self.bytes = bytes
            self.body = body
        }

        /// What a scalar is to a word.
        enum Kind: Equatable { case none, digit, lower, upper, other }

        mutating func scan() {
            var index = 0
            var runStart = -1
            var previous = Kind.none
            /// Whether the run began right after a `#`.
            var hash = false
            /// The scalar that ended the last run, while no other has followed.
            var separator: UInt8?
            var partStart = 0
            while index < bytes.count {
                let (kind, length) = Self.kind(at: index, in: bytes)
                if kind == .none {
                    if runStart >= 0 {
                        parts.append((partStart, index, previous == .digit))
                        finishRun(start: runStart, hash: hash)
                        runStart = -1
                        separator = bytes[index]
                    } else {
                        pendingLetters = nil
                        separator = nil
                    }
                    hash = bytes[index] == UInt8(ascii: "#")
                    previous = .none
                    index += length
                    continue
                }
                if runStart < 0 {
                    if let mark = separator, mark != UInt8(ascii: "-"), mark != UInt8(ascii: "_"), mark != UInt8(ascii: ".") {
                        pendingLetters = nil
                    }
                    separator = nil
                    runStart = index
                    partStart = index
                } else if (kind == .digit) != (previous == .digit) || (previous == .lower && kind == .upper) {
                    parts.append((partStart, index, previous == .digit))
                    partStart = index
                }
                previous = kind
                index += length
            }
            if runStart >= 0 {
                parts.append((partStart, bytes.count, previous == .digit))
                finishRun(start: runStart, hash: hash)
            }
        }

        mutating func finishRun(start: Int, hash: Bool) {
            defer { parts.removeAll(keepingCapacity: true) }
            if hash, let colour = hexColour(start: start, end: parts[parts.count - 1].end) {
                emit(colour, id: false)
                pendingLetters = nil
                return
            }
            var previousLetters = pendingLetters
            for part in parts {
                if part.digits {
                    var start = part.start
                    while start < part.end - 1 && bytes[start] == UInt8(ascii: "0") { start += 1 }
                    let number = Array(bytes[start..<part.end])
                    if let letters = previousLetters { emit(letters + number, id: true) }
                    emit(number, id: false)
                    previousLetters = nil
                } else {
                    let letters = lowercased(part.start, part.end)
                    if !SearchTerms.stopWords.contains(String(decoding: letters, as: UTF8.self)) {
                        emit(SearchTerms.stemmed(letters), id: false)
                    }
                    previousLetters = letters
                }
            }
            pendingLetters = previousLetters
        }

        func emit(_ term: [UInt8], id: Bool) {
            guard term.count <= SearchTerms.longestTerm else { return }
            body(String(decoding: term, as: UTF8.self), id)
        }

        func lowercased(_ start: Int, _ end: Int) -> [UInt8] {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if slice.allSatisfy({ $0 < 0x80 }) {
                return slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
            }
            // A final sigma is a sigma: lowercasing makes one where a word ends, and a part may end anywhere.
            return Array(String(decoding: slice, as: UTF8.self).lowercased().replacingOccurrences(of: "ς", with: "σ").utf8)
        }

        /// `#` and the lowercased run when it is a hex colour: six or eight
        /// hex digits, or three or four with a letter among them (`#123` is an issue number).
        func hexColour(start: Int, end: Int) -> [UInt8]? {
            let count = end - start
            guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
            var colour: [UInt8] = [UInt8(ascii: "#")]
            var letter = false
            for byte in bytes[start..<end] {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): colour.append(byte)
                case UInt8(ascii: "a")...UInt8(ascii: "f"):
                    colour.append(byte)
                    letter = true
                case UInt8(ascii: "A")...UInt8(ascii: "F"):
                    colour.append(byte + 32)
                    letter = true
                default: return nil
                }
            }
            return count >= 6 || letter ? colour : nil
        }

        /// The kind of the scalar at `index` and its length in bytes.
        static func kind(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Kind, Int) {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return (.digit, 1)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return (.lower, 1)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return (.upper, 1)
            case 0..<0x80: return (.none, 1)
            default: break
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length where index + offset < bytes.count {
                value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F)
            }
            guard let scalar = Unicode.Scalar(value) else { return (.none, length) }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter: return (.lower, length)
            case .uppercaseLetter: return (.upper, length)
            case .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark,
                .decimalNumber, .letterNumber, .otherNumber:
                return (.other, length)
            default: return (.none, length)
            }
        }
    }

    /// The Porter stem of an ASCII word longer than two letters; other words as they are.
    static func stemmed(_ word: [UInt8]) -> [UInt8] {
        guard word.count > 2, word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        return PorterStemmer.stem(word)
    }

    /// Lucene's English stop words: in nearly every page, so they find nothing.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
        "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was",
        "will", "with",
    ]
}
