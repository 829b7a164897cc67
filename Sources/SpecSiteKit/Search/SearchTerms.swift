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
    static func forEachTerm(in text: String, _ body: (String, Bool) -> Void) {
        forEachWord(in: text) { bytes, kind in
            switch kind {
            case .word:
                var word = Array(bytes)
                stem(&word)
                body(String(decoding: word, as: UTF8.self), false)
            case .plain: body(String(decoding: bytes, as: UTF8.self), false)
            case .id: body(String(decoding: bytes, as: UTF8.self), true)
            }
        }
    }

    /// What ``forEachWord(in:_:)`` hands over.
    enum WordKind {
        /// Letters, lowercased, not a stop word: its term is its stem (see ``stem(_:)``).
        case word
        /// A number or a colour: its term as it is.
        case plain
        /// An id: its term as it is.
        case id
    }

    /// Calls `body` with each word of `text` before stemming (its UTF-8
    /// bytes, valid only during the call), and what it is. The index stems
    /// each word once per page rather than every time it occurs.
    ///
    /// A scan of the UTF-8 bytes, with ASCII classified by table: the whole
    /// site's text goes through here once, and Foundation's lowercasing and
    /// `Character` iteration cost more than the rest of the index together.
    static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>, WordKind) -> Void) {
        var text = text
        withoutActuallyEscaping(body) { body in
            text.withUTF8 { bytes in
                var scanner = Scanner(bytes: bytes, body: body)
                scanner.scan()
            }
        }
    }

    /// One pass over a text's bytes; see ``forEachWord(in:_:)``.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let body: (UnsafeBufferPointer<UInt8>, WordKind) -> Void
        /// The current run's parts, when it may be a colour: byte ranges, and whether each is digits.
        var parts: [(start: Int, end: Int, digits: Bool)] = []
        /// Whether ``letters`` are the last run's, for an id: it ended with them and one `-`, `_` or `.` followed it.
        var pending = false

        init(bytes: UnsafeBufferPointer<UInt8>, body: @escaping (UnsafeBufferPointer<UInt8>, WordKind) -> Void) {
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
                        part(partStart, index, digits: previous == .digit, hash: hash)
                        finishRun(start: runStart, hash: hash)
                        runStart = -1
                        separator = bytes[index]
                    } else {
                        pending = false
                        separator = nil
                    }
                    hash = bytes[index] == UInt8(ascii: "#")
                    previous = .none
                    index += length
                    continue
                }
                if runStart < 0 {
                    if let mark = separator, mark != UInt8(ascii: "-"), mark != UInt8(ascii: "_"),
                        mark != UInt8(ascii: ".")
                    {
                        pending = false
                    }
                    if !pending { letters = nil }
                    separator = nil
                    runStart = index
                    partStart = index
                } else if (kind == .digit) != (previous == .digit) || (previous == .lower && kind == .upper) {
                    part(partStart, index, digits: previous == .digit, hash: hash)
                    partStart = index
                }
                previous = kind
                index += length
            }
            if runStart >= 0 {
                part(partStart, bytes.count, digits: previous == .digit, hash: hash)
                finishRun(start: runStart, hash: hash)
            }
        }

        /// The term being made, when it is not a slice of the text as it is.
        var term: [UInt8] = []
        /// The last letters part: of this run, or of the last one when ``pending``. An id begins with them.
        var letters: Range<Int>?

        /// A part of the run, handled now unless the run may be a colour
        /// (it began after a `#`), which is known only at its end.
        @inline(__always)
        mutating func part(_ start: Int, _ end: Int, digits: Bool, hash: Bool) {
            if hash { parts.append((start, end, digits)) } else { handle(start, end, digits: digits) }
        }

        mutating func finishRun(start: Int, hash: Bool) {
            if hash {
                defer { parts.removeAll(keepingCapacity: true) }
                if makeHexColour(start: start, end: parts[parts.count - 1].end) {
                    emit(term, .plain)
                    pending = false
                    letters = nil
                    return
                }
                for part in parts { handle(part.start, part.end, digits: part.digits) }
            }
            pending = letters != nil
        }

        /// The terms of one part of a run: a number (and an id, after
        /// letters), or a word.
        mutating func handle(_ start: Int, _ end: Int, digits: Bool) {
            if digits {
                var first = start
                while first < end - 1 && bytes[first] == UInt8(ascii: "0") { first += 1 }
                let number = UnsafeBufferPointer(rebasing: bytes[first..<end])
                if let letters {
                    lowercase(letters)
                    term += number
                    emit(term, .id)
                }
                emit(number, .plain)
                letters = nil
            } else {
                letters = start..<end
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // Most words are small ASCII letters already: handed over as they are.
                if slice.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
                    if !SearchTerms.isStopWord(slice) { emit(slice, .word) }
                } else {
                    lowercase(start..<end)
                    if !SearchTerms.isStopWord(term) { emit(term, .word) }
                }
            }
        }

        /// Hands a term over. A word is checked for length before it is
        /// stemmed: a stem is never longer than its word, and a term is kept
        /// by the length of the text it came from, in the browser too.
        func emit(_ word: UnsafeBufferPointer<UInt8>, _ kind: WordKind) {
            guard word.count <= SearchTerms.longestTerm else { return }
            body(word, kind)
        }

        func emit(_ word: [UInt8], _ kind: WordKind) {
            word.withUnsafeBufferPointer { emit($0, kind) }
        }

        /// The bytes of `range`, lowercased, into ``term``.
        mutating func lowercase(_ range: Range<Int>) {
            term.removeAll(keepingCapacity: true)
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard slice.contains(where: { $0 >= 0x80 }) else {
                term += slice.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
                return
            }
            // A final sigma is a sigma: lowercasing makes one where a word ends, and a part may end anywhere.
            term = Array(
                String(decoding: slice, as: UTF8.self).lowercased().replacingOccurrences(of: "ς", with: "σ").utf8)
        }

        /// Makes ``term`` `#` and the lowercased run when the run is a hex
        /// colour: six or eight hex digits, or three or four with a letter
        /// among them (`#123` is an issue number).
        mutating func makeHexColour(start: Int, end: Int) -> Bool {
            let count = end - start
            guard count == 3 || count == 4 || count == 6 || count == 8 else { return false }
            term.removeAll(keepingCapacity: true)
            term.append(UInt8(ascii: "#"))
            var letter = false
            for byte in bytes[start..<end] {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): term.append(byte)
                case UInt8(ascii: "a")...UInt8(ascii: "f"):
                    term.append(byte)
                    letter = true
                case UInt8(ascii: "A")...UInt8(ascii: "F"):
                    term.append(byte + 32)
                    letter = true
                default: return false
                }
            }
            return count >= 6 || letter
        }

        /// The kind of the scalar at `index` and its length in bytes.
        @inline(__always)
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

    /// Stems an ASCII word longer than two letters with Porter's rules; leaves other words as they are.
    static func stem(_ word: inout [UInt8]) {
        guard word.count > 2, word.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return }
        PorterStemmer.stem(&word)
    }

    /// Whether lowercased letters are a stop word, without making a string of them.
    static func isStopWord(_ word: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { isStopWord($0) }
    }

    /// Whether lowercased letters are a stop word.
    static func isStopWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count <= 5 else { return false }
        var packed: UInt64 = 0
        for byte in word { packed = packed << 8 | UInt64(byte) }
        // A binary search of 33 numbers: every word of the site is looked up.
        var low = 0
        var high = stopWordsPacked.count
        while low < high {
            let middle = (low + high) / 2
            if stopWordsPacked[middle] < packed { low = middle + 1 } else { high = middle }
        }
        return low < stopWordsPacked.count && stopWordsPacked[low] == packed
    }

    /// ``stopWords``, each packed into a number (none is longer than five letters), sorted.
    private static let stopWordsPacked: [UInt64] =
        stopWords.map { word in word.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }.sorted()

    /// Lucene's English stop words: in nearly every page, so they find nothing.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
        "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was",
        "will", "with",
    ]
}
