import Foundation

/// A JSON value, written as Foundation's `JSONEncoder` writes it with
/// `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`: two-space
/// indents, `"key" : value`, keys in byte order, numbers as Swift prints them
/// (`100`, not `100.0`).
///
/// Written here rather than encoded with `JSONEncoder`, because the encoder
/// spends about 140 ms on the status file of a 1,000-page site (boxing every
/// value, converting and sorting every key of every item), and that file is
/// written again on every checkbox ticked while serving. A test keeps the two
/// byte-identical.
public indirect enum JSONValue: Sendable {
    /// An object; keys are sorted when written, members absent from the list are absent.
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// The pretty-printed text, without a final newline.
    public var prettyText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(into: &bytes, depth: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every object's members are in the order they are written
    /// (else each is sorted as it is written): what builders of large files keep.
    var isInKeyOrder: Bool {
        switch self {
        case .object(let members): Self.inKeyOrder(members) && members.allSatisfy(\.value.isInKeyOrder)
        case .array(let elements): elements.allSatisfy(\.isInKeyOrder)
        default: true
        }
    }

    private func write(into out: inout [UInt8], depth: Int) {
        switch self {
        case .object(let members):
            // Most objects are built with their keys in order already.
            let sorted = Self.inKeyOrder(members) ? members : members.sorted { Self.precedes($0.key, $1.key) }
            writeContainer(sorted, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &out, depth: depth) {
                member, out in
                Self.writeString(member.key, into: &out)
                out.append(contentsOf: " : ".utf8)
                member.value.write(into: &out, depth: depth + 1)
            }
        case .array(let elements):
            writeContainer(elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &out, depth: depth) {
                element, out in element.write(into: &out, depth: depth + 1)
            }
        case .string(let text): Self.writeString(text, into: &out)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number):
            // JSONEncoder refuses non-finite numbers; they are written as null.
            guard number.isFinite else {
                out.append(contentsOf: "null".utf8)
                return
            }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// `[`, each element on its own line one level in, `]`; an empty one
    /// holds an empty line, as JSONEncoder writes it.
    private func writeContainer<Element>(
        _ elements: [Element], open: UInt8, close: UInt8, into out: inout [UInt8], depth: Int,
        element write: (Element, inout [UInt8]) -> Void
    ) {
        out.append(open)
        out.append(UInt8(ascii: "\n"))
        if elements.isEmpty { out.append(UInt8(ascii: "\n")) }
        for (index, element) in elements.enumerated() {
            Self.indent(depth + 1, into: &out)
            write(element, &out)
            if index < elements.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
        }
        Self.indent(depth, into: &out)
        out.append(close)
    }

    /// Whether no member's key comes before the one ahead of it.
    private static func inKeyOrder(_ members: [(key: String, value: JSONValue)]) -> Bool {
        zip(members, members.dropFirst()).allSatisfy { !precedes($1.key, $0.key) }
    }

    /// Whether `one` comes before `other` in byte order (as `JSONEncoder` sorts keys).
    private static func precedes(_ one: String, _ other: String) -> Bool {
        var one = one
        var other = other
        return one.withUTF8 { first in
            other.withUTF8 { second in
                let common = min(first.count, second.count)
                let order = common == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, common)
                return order != 0 ? order < 0 : first.count < second.count
            }
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private static func indent(_ depth: Int, into out: inout [UInt8]) {
        var left = depth * 2
        while left > 0 {
            let run = min(left, spaces.count)
            out.append(contentsOf: spaces[..<run])
            left -= run
        }
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte, into: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(byte, into: &out)
        case 0x0A: escape(UInt8(ascii: "n"), into: &out)
        case 0x0D: escape(UInt8(ascii: "r"), into: &out)
        case 0x09: escape(UInt8(ascii: "t"), into: &out)
        case 0x08: escape(UInt8(ascii: "b"), into: &out)
        case 0x0C: escape(UInt8(ascii: "f"), into: &out)
        default:
            out.append(contentsOf: "\\u00".utf8)
            out.append(hexDigit(byte >> 4))
            out.append(hexDigit(byte & 0xF))
        }
    }

    private static func escape(_ letter: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        out.append(letter)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
