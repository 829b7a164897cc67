/// Non-ASCII punctuation and symbols that a byte scanner can step over as it
/// steps over ASCII punctuation: arrows, dashes, curly quotes, bullets, box
/// drawing, check marks and emoji.
///
/// Readers that split text into words by `Character` (`!$0.isLetter`) pay for
/// a grapheme break and a Unicode property lookup at every character; their
/// ASCII fast paths gave up on any non-ASCII byte, and prose with an arrow
/// (`Login → Home`) is never ASCII. Every scalar listed here is no letter, has
/// no case mapping, and stands as a grapheme of its own between ASCII text
/// (it neither extends the character before it nor joins the one after), so a
/// byte scan that treats it as punctuation finds the words the `Character`
/// scan finds. `SeparatorScalarsTests` checks every listed scalar for all three.
/// Anything else non-ASCII (letters, combining marks, joiners, variation
/// selectors, skin tones, regional indicators) is not listed: a scanner that
/// meets one falls back to its `Character` path.
public enum SeparatorScalars {
    /// The ranges of listed scalars, in order.
    public static let ranges: [ClosedRange<UInt32>] = [
        0xA0...0xA9,  // no-break space, ¡ ¢ £ ¤ ¥ ¦ § ¨ © (ª is a letter)
        0xAB...0xB4,  // « ¬, soft hyphen, ® ¯ ° ± ² ³ ´ (µ is a letter)
        0xB6...0xB9,  // ¶ · ¸ ¹
        0xBB...0xBF,  // » ¼ ½ ¾ ¿
        0xD7...0xD7,  // ×
        0xF7...0xF7,  // ÷
        0x2010...0x2027,  // dashes, quotes, bullets, ellipsis
        0x2030...0x205E,  // per mille, primes, ‹ ›, ※ and other punctuation
        0x2190...0x23FF,  // arrows, mathematical operators, technical symbols
        0x2500...0x27BF,  // box drawing, blocks, shapes, symbols, dingbats (✓ ✅ ❌)
        0x27C0...0x27FF,  // mathematical symbols, long arrows (⟶)
        0x2900...0x2BFF,  // more arrows and symbols
        0x1F300...0x1F3FA,  // emoji (not the skin tones U+1F3FB–1F3FF, which extend the one before)
        0x1F400...0x1FAFF,  // emoji
    ]

    /// The UTF-8 length of the scalar that starts at `offset` when it is listed;
    /// nil for any other scalar (or an offset inside one). `bytes` is valid
    /// UTF-8, as a Swift string's are.
    @inlinable
    public static func length(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[offset]
        let length: Int
        let scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            guard offset + 1 < bytes.count else { return nil }
            length = 2
            scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
        case 0xE0...0xEF:
            guard offset + 2 < bytes.count else { return nil }
            length = 3
            scalar =
                UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
        case 0xF0...0xF4:
            guard offset + 3 < bytes.count else { return nil }
            length = 4
            scalar =
                UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
        default:
            return nil
        }
        return contains(scalar) ? length : nil
    }

    /// Whether `scalar` is listed.
    @inlinable
    public static func contains(_ scalar: UInt32) -> Bool {
        // The ranges as comparisons: this runs at every non-ASCII byte of prose.
        switch scalar {
        case 0xA0...0xA9, 0xAB...0xB4, 0xB6...0xB9, 0xBB...0xBF, 0xD7, 0xF7: true
        case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x23FF, 0x2500...0x27BF, 0x27C0...0x27FF: true
        case 0x2900...0x2BFF, 0x1F300...0x1F3FA, 0x1F400...0x1FAFF: true
        default: false
        }
    }
}
