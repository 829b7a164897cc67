import Foundation
import Testing

@testable import SpecSiteKit

/// cmark-gfm's inline parser reads one process-wide table of special
/// characters; these tests parse on many threads at once and expect every
/// parse to equal the one made alone.
@Suite("Parsing on many threads")
struct ParallelParsingTests {
    static let text: String = (0..<200).map { line in
        "Go to https://example.com/\(line) or www.example\(line).org, ask me\(line)@example.org, ~~was~~ is.\n"
    }.joined(separator: "\n")

    @Test func theSpecialCharacterTableIsFrozenInThisBinary() {
        // Without it parsers finish one at a time: correct, but not parallel.
        #expect(MarkdownParser.parsesInParallel)
    }

    @Test func everyParseOnEightThreadsEqualsTheParseAlone() {
        let alone = (try? HTMLRenderer().render(MarkdownParser.parse(Self.text).root)) ?? ""
        #expect(alone.components(separatedBy: "<a href=\"https://example.com/").count - 1 == 200)
        #expect(alone.components(separatedBy: "<del>").count - 1 == 200)
        let rounds = Array(0..<64)
        let outputs = rounds.parallelMap { _ in (try? HTMLRenderer().render(MarkdownParser.parse(Self.text).root)) ?? ""
        }
        #expect(outputs.filter { $0 != alone }.count == 0)
    }
}
