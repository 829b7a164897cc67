/// Eight bytes at a time: scans for a few byte values over whole pages and
/// paragraphs, where a loop over single bytes spent most of its time on the
/// loop. A word is tested with the usual bit tricks ("has a zero byte", "has
/// a byte less than n"), and only a word that may hold a byte of interest is
/// looked at byte by byte.
public enum ByteWords {
    /// `byte` in each of a word's eight bytes.
    @inlinable
    public static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// Whether some byte of `word` is `byte`. Exact.
    @inlinable
    public static func has(_ byte: UInt8, in word: UInt64) -> Bool {
        let x = word ^ repeated(byte)
        return (x &- repeated(1)) & ~x & repeated(0x80) != 0
    }

    /// Whether some byte of `word` is below `bound` (at most 0x80). Exact.
    @inlinable
    public static func hasByte(below bound: UInt8, in word: UInt64) -> Bool {
        (word &- repeated(bound)) & ~word & repeated(0x80) != 0
    }

    /// Whether `test` holds at some offset of `bytes`, asking it only at the
    /// offsets of words `mayHold` flags (and of the last few bytes). `mayHold`
    /// must flag every word that holds an offset where `test` holds.
    @inlinable
    public static func contains(
        in bytes: UnsafeBufferPointer<UInt8>, wordsThat mayHold: (UInt64) -> Bool, where test: (Int) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            if mayHold(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                for offset in index..<(index + 8) where test(offset) { return true }
            }
            index += 8
        }
        while index < bytes.count {
            if test(index) { return true }
            index += 1
        }
        return false
    }
}
