import Foundation

/// A served file's `ETag`: a hash of the bytes sent. Written here rather than
/// taken from a crypto library because it only has to tell one version of a
/// file from the next on one machine; FNV-1a over the body costs about a
/// microsecond per kilobyte, and a collision would at worst show a stale page
/// until the next edit.
struct EntityTag: Equatable {
    /// The 64-bit FNV-1a hash of the body.
    let hash: UInt64

    init(of bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        self.hash = hash
    }

    /// The header's value: a strong tag, `"…"` around 16 hex digits.
    var header: String {
        let digits = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Whether an `If-None-Match` value names this tag: `*`, or a list of
    /// tags, weak (`W/"…"`) or strong (a weak comparison, as RFC 9110 asks).
    func isMatched(by ifNoneMatch: String) -> Bool {
        let own = header
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == own
        }
    }
}
