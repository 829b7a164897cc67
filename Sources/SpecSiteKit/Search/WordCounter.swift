/// Counts words given as UTF-8 bytes, for one page of the search index.
///
/// Written here rather than a `[String: Int]` because the index counts
/// every word of the site: making a `String` of each and hashing it with
/// SipHash cost about 780 instructions a word, a tenth of a build's. Here a
/// word is hashed with FNV-1a as it is and copied once, when it is new.
struct WordCounter {
    /// The words' bytes, one after another.
    private var arena: [UInt8] = []
    private var entries: [(start: Int32, length: Int32, hash: UInt64, count: Int)] = []
    /// Indexes into ``entries`` plus one (0 is empty), by hash; the size is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 256)

    /// The number of different words.
    var count: Int { entries.count }

    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while true {
            let held = Int(slots[slot])
            if held == 0 { break }
            let entry = entries[held - 1]
            if entry.hash == hash && Int(entry.length) == word.count
                && arena.withUnsafeBufferPointer({
                    $0[Int(entry.start)..<(Int(entry.start) + word.count)].elementsEqual(word)
                })
            {
                entries[held - 1].count += 1
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        entries.append((Int32(arena.count), Int32(word.count), hash, 1))
        arena += word
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index + 1)
        }
    }

    /// Calls `body` with each word (its bytes valid only during the call) and its count, in the order first added.
    func forEachWord(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        arena.withUnsafeBufferPointer { bytes in
            for entry in entries {
                body(
                    UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.length)]),
                    entry.count)
            }
        }
    }
}
