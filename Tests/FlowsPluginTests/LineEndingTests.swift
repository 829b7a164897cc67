import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// Text with CR LF or lone CR line endings gives the same flows, at the same
/// lines, as with LF.
struct LineEndingTests {
    static let endings = ["\r\n", "\r"]

    static func converted(_ text: String, _ lineBreak: String) -> String {
        text.replacingOccurrences(of: "\n", with: lineBreak)
    }

    // Code reaches these from cmark-gfm, which ends every line with LF; they
    // follow the rule on their own all the same.

    @Test func commentsKeepTheirLineBreaksAsLineFeeds() {
        let text = "a → b\n<!-- one\ntwo\nthree -->\nc → d"
        for lineBreak in ["\n"] + Self.endings {
            let output = FlowFinder.withoutComments(Self.converted(text, lineBreak))
            #expect(output == "a → b\n\n\n\nc → d", "\(lineBreak.debugDescription)")
        }
        // Mixed: a CR before the comment, an LF inside it.
        #expect(SourceLines(FlowFinder.withoutComments("a\r<!-- x\ny -->\rb")).texts == ["a", "", "", "b"])
    }

    @Test func framedSketchesAreFoundWhateverTheLineEndings() {
        let sketch = "+-------+\n| Login |\n+-------+\n   |\n   v\n"
        #expect(FlowFinder.isSketch(sketch))
        for lineBreak in Self.endings {
            #expect(FlowFinder.isSketch(Self.converted(sketch, lineBreak)), "\(lineBreak.debugDescription)")
        }
    }
}
