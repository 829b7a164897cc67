import Testing

@testable import SpecSiteKit

/// `SeparatorScalars` lets byte scanners step over arrows, dashes and symbols as the `Character`
/// scanners they stand in for do: each listed scalar must be no letter, keep its case, and stand
/// as a grapheme of its own between letters, or the two scans would split words differently.
struct SeparatorScalarsTests {
    static var listed: [Unicode.Scalar] {
        SeparatorScalars.ranges.flatMap { range in range.compactMap(Unicode.Scalar.init) }
    }

    @Test func everyListedScalarSplitsWordsAsACharacterDoes() {
        var checked = 0
        for scalar in Self.listed {
            let character = Character(scalar)
            #expect(!character.isLetter, "U+\(String(scalar.value, radix: 16))")
            #expect(String(scalar).lowercased() == String(scalar), "U+\(String(scalar.value, radix: 16))")
            // Its own grapheme after a letter and before one, whichever letter.
            for (before, after) in [("a", "b"), ("Z", "é"), ("é", "x")] {
                #expect(
                    (before + String(scalar) + after).count == 3,
                    "U+\(String(scalar.value, radix: 16)) between \(before) and \(after)")
            }
            checked += 1
        }
        #expect(checked > 4_000)
    }

    @Test func theSwitchListsWhatTheRangesList() {
        for value in UInt32(0)...0x2_FFFF {
            let inRanges = SeparatorScalars.ranges.contains { $0.contains(value) }
            #expect(SeparatorScalars.contains(value) == inRanges, "U+\(String(value, radix: 16))")
        }
    }

    @Test func lengthIsTheScalarsUTF8LengthForListedScalarsOnly() {
        for value in UInt32(0x80)...0x2_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(scalar) + "b"
            let length = text.withUTF8 { SeparatorScalars.length(at: 1, in: $0) }
            let expected = SeparatorScalars.contains(value) ? String(scalar).utf8.count : nil
            #expect(length == expected, "U+\(String(value, radix: 16))")
        }
        // A scalar cut short by the end of the buffer is not read past it.
        var arrow = "→"
        let cut = arrow.withUTF8 { bytes in
            SeparatorScalars.length(at: 0, in: UnsafeBufferPointer(rebasing: bytes[0..<2]))
        }
        #expect(cut == nil)
        #expect(arrow.withUTF8 { SeparatorScalars.length(at: 0, in: $0) } == 3)
    }

    @Test func lettersMarksJoinersAndModifiersAreNotListed() {
        let others: [Unicode.Scalar] = [
            "é", "ª", "µ", "º", "ß", "Ω", "\u{212A}", "Ⓐ", "Ⅻ", "\u{301}", "\u{200D}", "\u{200C}", "\u{FE0F}",
            "\u{1F3FB}", "\u{1F1EB}", "\u{20E3}", "\u{2060}", "\u{200B}", "字",
        ]
        for scalar in others { #expect(!SeparatorScalars.contains(scalar.value), "\(scalar)") }
    }

    /// The byte scanners' first question: ASCII text is what every one of its characters is ASCII.
    @Test func asciiTextIsTextOfASCIICharacters() {
        let texts = ["", "Login -> Home", "a\r\nb", "Login → Home", "e\u{301}", "caf\u{E9}", "\u{7F}", "\u{80}"]
        for text in texts {
            #expect(text.isASCII == text.allSatisfy(\.isASCII), "\(text)")
            #expect(text.dropFirst().isASCII == text.dropFirst().allSatisfy(\.isASCII), "\(text)")
        }
        #expect(!"Login → Home".isASCII)
    }
}
