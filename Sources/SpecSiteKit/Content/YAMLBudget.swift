/// Bounds on the work of reading one YAML text, whatever it holds.
///
/// Aliases (`*name`) let a few hundred bytes stand for billions of values
/// ("billion laughs": nine aliases of nine aliases of …). Yams resolves an
/// alias by sharing the anchored node, so parsing stays small; it is copying
/// the tree into ``YAMLValue``s, and comparing keys, that would expand it.
/// Yams has no setting that limits either, so they are bounded here.
struct YAMLBudget {
    /// Values that aliases may add beyond the text's own: ample for settings
    /// or front matter that reuse a block, far below what a bomb asks for.
    static let aliasExpansion = 100_000

    /// The most values the text may become: one per byte (no YAML value is
    /// written in less) plus ``aliasExpansion``.
    let limit: Int
    private var spent = 0

    /// A budget for `text`.
    init(text: String) {
        limit = text.utf8.count + Self.aliasExpansion
    }

    /// Counts one value, converted for the entry at file line `line`; throws
    /// there once the text has become more values than it can honestly hold.
    mutating func spend(line: Int) throws(YAMLError) {
        spent += 1
        guard spent > limit else { return }
        throw YAMLError(
            line: line,
            message: "aliases (*name) expand it to more than \(limit) values, more than any document needs"
                + " (an alias bomb?)")
    }

    /// The line (1-based, of `text`) of the first mapping key that is an
    /// alias or a collection, when the text uses aliases; nil otherwise.
    ///
    /// Yams compares keys for duplicates as it parses, and comparing an
    /// aliased collection walks every value it stands for, before any budget
    /// can be counted. Such keys never occur in settings or front matter, so
    /// they are refused before parsing. This scans the text's bytes without
    /// parsing YAML: it may see an alias or a key where a quoted string holds
    /// one, which only refuses such a text when it also defines and uses an
    /// anchor of the same name; it cannot miss a real one.
    static func aliasedComplexKey(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "*")), bytes.contains(UInt8(ascii: "&")) else { return nil }
        var anchors = Set<ArraySlice<UInt8>>()
        var aliases = Set<ArraySlice<UInt8>>()
        var keyLine: Int?
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            let atTokenStart = index == 0 || tokenBoundaries.contains(bytes[index - 1])
            if atTokenStart && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*")) {
                var end = index + 1
                while end < bytes.count && isAnchorCharacter(bytes[end]) { end += 1 }
                let name = bytes[(index + 1)..<end]
                if byte == UInt8(ascii: "&") {
                    anchors.insert(name)
                } else if !name.isEmpty {
                    aliases.insert(name)
                    // `*name: value`: an alias as an implicit key.
                    if keyLine == nil && isFollowedByKeyIndicator(bytes, from: end) { keyLine = line }
                }
                index = end
                continue
            }
            if keyLine == nil {
                if byte == UInt8(ascii: "?") && atTokenStart && isBlankOrEnd(bytes, at: index + 1) {
                    // `? key`: an explicit key, which may be anything.
                    keyLine = line
                } else if (byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"))
                    && isFollowedByKeyIndicator(bytes, from: index + 1)
                {
                    // `[a, b]: value`: a flow collection as an implicit key.
                    keyLine = line
                }
            }
            index += 1
        }
        guard let keyLine, !anchors.isDisjoint(with: aliases) else { return nil }
        return keyLine
    }

    /// Bytes after which a token (an anchor, alias or indicator) may start.
    private static let tokenBoundaries: Set<UInt8> = Set(" \t\r\n[{,:?-".utf8)

    /// libyaml's anchor characters: ASCII letters, digits, `_` and `-`.
    private static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func isBlankOrEnd(_ bytes: [UInt8], at index: Int) -> Bool {
        index >= bytes.count || " \t\r\n".utf8.contains(bytes[index])
    }

    /// Spaces, then `:` that ends a key (followed by a blank, the end, or a flow indicator).
    private static func isFollowedByKeyIndicator(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        return isBlankOrEnd(bytes, at: index + 1) || ",]}".utf8.contains(bytes[index + 1])
    }
}
