/// Tokens by the names references use for them, answering what
/// ``TokenIndex/find(_:in:preferring:)`` answers over all of them in constant
/// time, so a chain of 15,000 aliases resolves in linear time, not quadratic.
///
/// Every token is filed under each ending of its words (`color.brand.primary`
/// under `primary`, `brand.primary` and `color.brand.primary`), and each file
/// keeps only what `find` can pick from it: the first token, the first of each
/// mode and the first without one, among all matches and among exact ones.
struct TokenLookup {
    /// Endings longer than this are filed under their last words only, and
    /// found by comparing the deeper tokens of that file (no real name is so deep).
    static let indexedWords = 8

    /// The first tokens of one set of candidates, by what `find` prefers.
    private struct Picks {
        var first: Int?
        var firstWithoutMode: Int?
        var firstLight: Int?
        var firstDark: Int?

        mutating func add(_ index: Int, mode: DesignToken.Mode?) {
            if first == nil { first = index }
            switch mode {
            case nil: if firstWithoutMode == nil { firstWithoutMode = index }
            case .light: if firstLight == nil { firstLight = index }
            case .dark: if firstDark == nil { firstDark = index }
            }
        }

        /// The preferred mode's first, else the first without a mode, else the first.
        func pick(_ mode: DesignToken.Mode?) -> Int? {
            switch mode {
            case .light: if let firstLight { return firstLight }
            case .dark: if let firstDark { return firstDark }
            case nil: break
            }
            return firstWithoutMode ?? first
        }

        var isEmpty: Bool { first == nil }
    }

    private struct Entry {
        /// Tokens whose words end with the key.
        var matches = Picks()
        /// Tokens whose words are the key.
        var exact = Picks()
        /// For keys of `indexedWords` words: tokens with more words, in order.
        var deeper: [Int] = []
    }

    private var tokens: [DesignToken] = []
    private var words: [[String]] = []
    private var entries: [String: Entry] = [:]

    /// An index of `tokens`.
    init(_ tokens: [DesignToken] = []) {
        for token in tokens { add(token) }
    }

    /// Adds a token; later lookups may find it.
    mutating func add(_ token: DesignToken) {
        let tokenWords = token.path.flatMap { TokenIndex.normalized($0) }
        let index = tokens.count
        tokens.append(token)
        words.append(tokenWords)
        for key in Self.keys(tokenWords) {
            var entry = entries[key.text, default: Entry()]
            entry.matches.add(index, mode: token.mode)
            if key.count == tokenWords.count { entry.exact.add(index, mode: token.mode) }
            if key.count == Self.indexedWords && tokenWords.count > key.count { entry.deeper.append(index) }
            entries[key.text] = entry
        }
    }

    /// The keys a token with `words` is filed under (its endings, shortest first).
    static func keys(_ words: [String]) -> [(text: String, count: Int)] {
        var keys: [(String, Int)] = []
        var text = ""
        for count in 1...max(1, min(words.count, indexedWords)) where !words.isEmpty {
            let word = words[words.count - count]
            text = count == 1 ? word : word + "." + text
            keys.append((text, count))
        }
        return keys
    }

    /// The key a name waits under until some token could answer it.
    static func key(for name: String) -> String? {
        let wanted = TokenIndex.normalized(name)
        return keys(wanted).last?.text
    }

    /// The token `name` refers to, as ``TokenIndex/find(_:in:preferring:)``
    /// would find it among every token added, in the order added.
    func find(_ name: String, preferring mode: DesignToken.Mode?) -> DesignToken? {
        let wanted = TokenIndex.normalized(name)
        guard let key = Self.keys(wanted).last, let entry = entries[key.text] else { return nil }
        guard wanted.count > Self.indexedWords else {
            let candidates = entry.exact.isEmpty ? entry.matches : entry.exact
            return candidates.pick(mode).map { tokens[$0] }
        }
        var matches = Picks()
        var exact = Picks()
        for index in entry.deeper where words[index].count >= wanted.count {
            guard Array(words[index].suffix(wanted.count)) == wanted else { continue }
            matches.add(index, mode: tokens[index].mode)
            if words[index].count == wanted.count { exact.add(index, mode: tokens[index].mode) }
        }
        return (exact.isEmpty ? matches : exact).pick(mode).map { tokens[$0] }
    }
}
