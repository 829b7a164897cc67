import Foundation
import Testing

@testable import SpecSiteKit

/// ``JSONValue`` writes what `JSONEncoder` writes with pretty printing,
/// sorted keys and unescaped slashes.
@Suite("JSON text")
struct JSONValueTests {
    struct Sample: Encodable {
        var zeta: [Int] = []
        var empty: [String: Int] = [:]
        var whole = 100.0
        var half = 42.5
        var tiny = 0.1 + 0.2
        var negative = -3.0
        var text = "a/b\"c\\\n\r\t\u{8}\u{C}\u{1}\u{1F}é😀\u{7F}"
        var nested: [Inner] = [Inner(), Inner(flag: false, numbers: [])]
        var missing: String? = nil
        var depKeys = 1
        var deps = 2
        var inProgress = ["in-review": 1, "in-progress": 2, "done": 3]

        enum CodingKeys: String, CodingKey {
            case zeta, empty, whole, half, tiny, negative, text, nested, missing, deps
            case depKeys = "dep_keys"
            case inProgress = "in_progress"
        }
    }

    struct Inner: Encodable {
        var flag = true
        var numbers = [1, -2, 30]
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let sample = Sample()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(sample), as: UTF8.self)
        func inner(_ value: Inner) -> JSONValue {
            .object([("numbers", .array(value.numbers.map { .int($0) })), ("flag", .bool(value.flag))])
        }
        let value = JSONValue.object([
            ("zeta", .array([])), ("empty", .object([])), ("whole", .double(sample.whole)),
            ("half", .double(sample.half)), ("tiny", .double(sample.tiny)), ("negative", .double(sample.negative)),
            ("text", .string(sample.text)), ("nested", .array(sample.nested.map(inner))),
            ("deps", .int(sample.deps)), ("dep_keys", .int(sample.depKeys)),
            ("in_progress", .object(sample.inProgress.map { ($0.key, .int($0.value)) })),
        ])
        #expect(value.prettyText == expected)
    }

    @Test func nonFiniteNumbersAreNull() {
        #expect(
            JSONValue.array([.double(.nan), .double(.infinity), .null]).prettyText == "[\n  null,\n  null,\n  null\n]")
    }
}
