import Foundation
import Testing

@testable import SpecSiteKit

/// Front matter's fences are told by their bytes; these lines sit at the
/// edges of what `---` is, read both ways: by bytes, and as the fence was
/// first read, by `Character` (byte order marks dropped before, spaces and
/// tabs after, then compared as a string).
@Suite("Front matter fences")
struct FrontMatterFenceTests {
    static func byCharacters(_ line: Substring, opening: Bool) -> Bool {
        let trimmed = line.drop(while: { $0 == "\u{FEFF}" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
        let text = String(trimmed.reversed())
        return text == "---" || (!opening && text == "...")
    }

    @Test func fencesAreWhatTheyWereByCharacter() {
        let lines = [
            "---", "--- ", "---\t \t", "\u{FEFF}---", "\u{FEFF}\u{FEFF}--- ", " ---", "----", "--", "...", "... ",
            "---\u{301}", "--- \u{301}", "-\u{301}--", "---\r", "—--", "- - -", "", "\u{FEFF}", "  ", "---a",
            "\u{FEFF} ---", "...\u{FEFF}", "---\u{A0}", "––-",
        ]
        for line in lines {
            for opening in [true, false] {
                #expect(
                    FrontMatter.isFence(Substring(line), opening: opening)
                        == Self.byCharacters(Substring(line), opening: opening), "\(line.unicodeScalars.map(\.value))")
            }
        }
        let split = try? FrontMatter.split("\u{FEFF}--- \ntitle: A\n...\t\nBody\n")
        #expect(split?.yaml == "title: A\n" && split?.body == "Body\n" && split?.bodyFirstLine == 4)
    }
}
