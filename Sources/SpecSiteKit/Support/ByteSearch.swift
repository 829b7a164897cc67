import Foundation

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

    /// The byte offset of the first occurrence of `target`, byte for byte, at or after the
    /// byte offset `start`.
    public func byteOffset(of target: String, from start: Int) -> Int? {
        byteRanges(of: target, limit: 1, from: start).first?.lowerBound
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
    func byteRanges(of target: String, limit: Int, foldingASCIICase: Bool = false, from start: Int = 0)
        -> [Range<Int>]
    {
        let fold: UInt8 = foldingASCIICase ? 0x20 : 0
        // The strings' own bytes, not copies (a native string has them in one piece). These
        // searches are the first test of many readers, over every paragraph of every page, so
        // they run on raw pointers: `memchr` to the next first byte where no case is folded.
        var text = self
        var target = target
        return target.withUTF8 { needle in
            text.withUTF8 { haystack in
                var ranges: [Range<Int>] = []
                guard let first = needle.first, needle.count <= haystack.count,
                    let base = haystack.baseAddress, let key = needle.baseAddress
                else { return ranges }
                let last = haystack.count - needle.count
                var index = start
                while index <= last, ranges.count < limit {
                    if fold == 0 {
                        guard let found = memchr(base + index, Int32(first), last - index + 1) else { break }
                        index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    } else {
                        while index <= last, base[index] | fold != first { index += 1 }
                        guard index <= last else { break }
                    }
                    var offset = 1
                    while offset < needle.count, base[index + offset] | fold == key[offset] { offset += 1 }
                    if offset == needle.count {
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
}
