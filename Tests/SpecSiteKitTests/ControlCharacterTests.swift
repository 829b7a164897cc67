import Testing

@testable import SpecSiteKit

/// Every rendered page is scanned for the control characters HTML forbids eight bytes at a time;
/// the scan must find each one wherever it stands in a word, and nothing else.
struct ControlCharacterTests {
    /// The rule byte by byte: C0 but tab, line feed, form feed and carriage return; DEL; a C1
    /// control (0xC2 and a byte below 0xA0).
    static func reference(_ bytes: [UInt8]) -> Bool {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x0D: continue
            case 0..<0x20, 0x7F: return false
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] < 0xA0: return false
            default: continue
            }
        }
        return true
    }

    static func scan(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(HTMLEscaping.hasNoControlCharacters)
    }

    @Test func findsEveryByteAtEveryPlaceInAWord() {
        let filler = Array("<p>Plain text, é and → too.</p>\n".utf8)
        for length in 0...19 {
            let clean = Array(filler.prefix(length))
            #expect(Self.scan(clean) == Self.reference(clean))
            for position in 0..<max(length, 1) {
                for byte in UInt8(0)...UInt8(255) {
                    var bytes = clean.isEmpty ? [0x61] : clean
                    bytes[min(position, bytes.count - 1)] = byte
                    #expect(Self.scan(bytes) == Self.reference(bytes), "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func readsAC1ControlAcrossWordsAndNotPastTheEnd() {
        for length in 1...17 {
            // 0xC2 last: a C1 control only with a next byte below 0xA0, which is not there.
            var bytes = [UInt8](repeating: 0x61, count: length)
            bytes[length - 1] = 0xC2
            #expect(Self.scan(bytes) == Self.reference(bytes))
            for next: UInt8 in [0x80, 0x9F, 0xA0, 0xBF] {
                let pair = bytes + [next]
                #expect(Self.scan(pair) == Self.reference(pair), "0xC2 0x\(String(next, radix: 16)) at \(length)")
            }
        }
        #expect(Self.scan(Array("a\u{85}b".utf8)) == false)
        #expect(Self.scan(Array("a\u{A0}b — ok\t\r\n\u{0C}".utf8)) == true)
        #expect(
            HTMLEscaping.replacingControlCharacters("long enough text \u{1B}[0m here")
                == "long enough text \u{FFFD}[0m here")
        #expect(
            HTMLEscaping.replacingControlCharacters("clean text, longer than a word")
                == "clean text, longer than a word")
    }

    /// Escaping looks for markup and control bytes a word at a time too: every ASCII byte, and
    /// the two-byte C1 control, at every place of a word gives the escape written byte by byte.
    @Test func escapingFindsEveryMarkupByteAtEveryPlace() {
        func reference(_ text: String) -> String {
            var output = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": output += "&amp;"
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                case "\"": output += "&quot;"
                case "\t", "\n", "\u{0C}", "\r": output.unicodeScalars.append(scalar)
                case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": output += "\u{FFFD}"
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output
        }
        let inserts = (0x00...0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["\u{85}", "é", "→", "\u{A0}"]
        for length in 0...17 {
            let clean = String(repeating: "a", count: length)
            #expect(HTMLEscaping.escape(clean) == clean)
            for position in 0...length {
                for insert in inserts {
                    var text = clean
                    text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: position))
                    #expect(
                        HTMLEscaping.escape(text) == reference(text), "\(Array(insert.unicodeScalars)) at \(position)")
                }
            }
        }
    }
}
