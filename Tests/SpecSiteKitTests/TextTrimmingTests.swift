import Foundation
import Testing

@testable import SpecSiteKit

/// `trimmingSpaces` stands in for Foundation's `trimmingCharacters(in: .whitespaces)` on the plan
/// readers' hot paths: it must give the same text for every kind of space, at either end, in a
/// `String` or a `Substring`.
struct TextTrimmingTests {
    /// Every space separator, the tab, the line breaks (which stay) and a few look-alikes.
    static let ends: [String] = [
        "", " ", "\t", "  \t ", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
        "\u{2003}", "\u{2009}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}",
        "\u{FEFF}", "\u{180E}", " \u{301}", "\u{FE0F}",
    ]
    static let middles: [String] = ["", "a", "✅ Done", "Task 3.3: Onboarding", " x ", "a\u{301}", "🇫🇷", "é \t é"]

    @Test func givesWhatFoundationGivesForEverySpace() {
        for before in Self.ends {
            for middle in Self.middles {
                for after in Self.ends {
                    let text = before + middle + after
                    let foundation = text.trimmingCharacters(in: .whitespaces)
                    #expect(text.trimmingSpaces == foundation, "\(Array(text.unicodeScalars))")
                    let padded = "x" + text + "y"
                    let inner = padded.dropFirst().dropLast()
                    #expect(inner.trimmingSpaces == inner.trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }

    @Test func everySpaceSeparatorIsTrimmed() {
        for value in 0...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "a" + String(scalar)
            #expect(text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }
}
