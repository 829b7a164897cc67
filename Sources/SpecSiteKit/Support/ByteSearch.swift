/// Plain substring search and replacement on UTF-8 bytes. Foundation's
/// `replacingOccurrences(of:with:)` and `contains(_:)` go through NSString
/// and a locale-aware search, which showed up in profiles of marking each
/// page's own sidebar link; an exact byte match is all that is needed here.
extension String {
    /// Whether `target` occurs in the string, byte for byte. Where `target` has no
    /// character that another spelling is canonically equivalent to (ASCII
    /// punctuation and lowercase letters, say), its absence here means
    /// Foundation's `contains(_:)` finds it nowhere either: a cheap first test.
    public func containsBytes(_ target: String) -> Bool {
        !byteRanges(of: target, limit: 1).isEmpty
    }

    /// Whether `target`, lowercase ASCII letters, occurs in the string with
    /// each letter in either case, without lowercasing the string. A first
    /// test before a case-insensitive search or expression: of characters
    /// outside ASCII, only the Kelvin sign (`k`), the long s (`ſ`, `s`) and the
    /// dotted capital I (`i`) lower or fold to an ASCII letter, so for a
    /// target without those letters no other spelling can match.
    public func containsBytes(ignoringASCIICase target: String) -> Bool {
        assert(target.utf8.allSatisfy { (0x61...0x7A).contains($0) }, "lowercase ASCII letters only")
        return !byteRanges(of: target, limit: 1, foldingASCIICase: true).isEmpty
    }

    /// The string with every occurrence of `target` replaced by `replacement`.
    func replacingBytes(_ target: String, with replacement: String) -> String {
        let ranges = byteRanges(of: target, limit: .max)
        guard !ranges.isEmpty else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + ranges.count * (replacement.utf8.count - target.utf8.count))
        let source = Array(utf8)
        var start = 0
        for range in ranges {
            bytes += source[start..<range.lowerBound]
            bytes += replacement.utf8
            start = range.upperBound
        }
        bytes += source[start...]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Offsets of up to `limit` non-overlapping occurrences of `target`;
    /// with `foldingASCIICase`, `target` is lowercase letters and a byte
    /// matches its letter in either case (`| 0x20` makes only `A`–`Z` into them).
    private func byteRanges(of target: String, limit: Int, foldingASCIICase: Bool = false) -> [Range<Int>] {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return [] }
        let fold: UInt8 = foldingASCIICase ? 0x20 : 0
        // The string's own bytes, not a copy (a native string has them in one piece).
        var text = self
        return text.withUTF8 { haystack in
            var ranges: [Range<Int>] = []
            var index = 0
            let last = haystack.count - needle.count
            while index <= last, ranges.count < limit {
                var matches = haystack[index] | fold == first
                var offset = 1
                while matches, offset < needle.count {
                    matches = haystack[index + offset] | fold == needle[offset]
                    offset += 1
                }
                if matches {
                    ranges.append(index..<(index + needle.count))
                    index += needle.count
                } else {
                    index += 1
                }
            }
            return ranges
        }
    }
}
