import Testing

@testable import TokensPlugin

/// A token's kind is read from its name by looking up, at each place of the name, only the parts
/// that start there: the answer must be the one the kinds give when tried one by one, in order.
struct KindFromNameTests {
    static let pieces = [
        "font", "Weight", "size", "line", "height", "letter", "spacing", "family", "type", "face", "shadow",
        "spring", "ease", "curve", "duration", "delay", "timing", "radius", "corner", "space", "gap", "padding",
        "icon", "color", "Colour", "palette", "leading", "tracking", "inset", "target", "motion", "elevation",
        "-", "_", ".", "2", "x", "", "bezier", "style", "text", "scale", "graph", "é",
    ]

    @Test func everyNameGetsTheKindTheOrderedRuleGives() {
        var names = Self.pieces
        for first in Self.pieces {
            for second in Self.pieces { names.append(first + second) }
        }
        var state: UInt64 = 11
        for _ in 0..<5_000 {
            var name = ""
            for _ in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                name += Self.pieces[Int(state >> 33) % Self.pieces.count]
            }
            names.append(name)
        }
        for name in names {
            #expect(ValueReader.kind(forWord: name) == ValueReader.kindTryingEachPart(forWord: name), "\(name)")
        }
        #expect(ValueReader.kind(forWord: "lineHeightSpacing") == .lineHeight)
        #expect(ValueReader.kind(forWord: "Weights") == .fontWeight)
        #expect(ValueReader.kind(forWord: "iconColor") == .size, "size comes before colour")
        #expect(ValueReader.kind(forWord: "---") == nil)
    }
}
