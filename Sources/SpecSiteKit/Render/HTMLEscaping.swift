import Foundation

/// Escaping for the one place each kind of string reaches HTML.
public enum HTMLEscaping {
    /// Escapes text for HTML content and double-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    /// Appends `text` escaped to `output`, copying runs of plain text whole.
    ///
    /// Control characters other than tab, line feed, form feed and carriage
    /// return (C0, DEL and C1) become U+FFFD: HTML does not allow them (a
    /// validator stops at the first), a browser would show nothing, and an ESC
    /// copied from a page into a terminal would act there.
    public static func append(_ text: String, to output: inout String) {
        // Most text has nothing to escape: one scan of the bytes, one append.
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                !ByteWords.contains(in: bytes, wordsThat: mayNeedEscape, where: { needsEscape[Int(bytes[$0])] })
            } ?? false
        if plain {
            output += text
            return
        }
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            let replacement: String?
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case 0x09, 0x0A, 0x0C, 0x0D: replacement = nil
            case 0..<0x20, 0x7F: replacement = "\u{FFFD}"
            case 0xC2 where next != utf8.endIndex && (0x80..<0xA0).contains(utf8[next]):
                // A C1 control (U+0080–U+009F) is two bytes: 0xC2 and one below 0xA0.
                next = utf8.index(after: next)
                replacement = "\u{FFFD}"
            default: replacement = nil
            }
            if let replacement {
                output += text[runStart..<index]
                output += replacement
                runStart = next
            }
            index = next
        }
        output += text[runStart..<utf8.endIndex]
    }

    /// `html` with every control character HTML forbids (C0 but tab, line
    /// feed, form feed and carriage return; DEL; C1) replaced by U+FFFD, and
    /// markup left alone. Returns `html` itself when there is none.
    public static func replacingControlCharacters(_ html: String) -> String {
        var html = html
        if html.withUTF8(hasNoControlCharacters) { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        for scalar in html.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0C, 0x0D: output.unicodeScalars.append(scalar)
            case 0..<0x20, 0x7F..<0xA0: output.unicodeScalars.append("\u{FFFD}")
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `bytes` hold no control character HTML forbids (see
    /// ``replacingControlCharacters(_:)``). Every rendered page is scanned
    /// whole, so eight bytes at a time (``ByteWords``): a word is read byte by
    /// byte only when it may hold a byte below 0x20 (a line feed, mostly), DEL
    /// or 0xC2.
    static func hasNoControlCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !ByteWords.contains(
            in: bytes,
            wordsThat: {
                ByteWords.hasByte(below: 0x20, in: $0) || ByteWords.has(0x7F, in: $0) || ByteWords.has(0xC2, in: $0)
            },
            where: { index in
                switch bytes[index] {
                case 0x09, 0x0A, 0x0C, 0x0D: false
                case 0..<0x20, 0x7F: true
                case 0xC2: index + 1 < bytes.count && bytes[index + 1] < 0xA0
                default: false
                }
            })
    }

    /// Whether a word may hold a byte ``needsEscape`` marks (it flags the line breaks too).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        ByteWords.hasByte(below: 0x20, in: word) || ByteWords.has(0x26, in: word) || ByteWords.has(0x3C, in: word)
            || ByteWords.has(0x3E, in: word) || ByteWords.has(0x22, in: word) || ByteWords.has(0x7F, in: word)
            || ByteWords.has(0xC2, in: word)
    }

    /// The bytes that `append` may have to change: markup characters, control
    /// characters, and 0xC2 (the first byte of a C1 control).
    private static let needsEscape: [Bool] = (0..<256).map { byte in
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0xC2: true
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0..<0x20, 0x7F: true
        default: false
        }
    }

    /// Escapes text for XML content and attributes (SVG): `& < > " '`, and
    /// drops the control characters XML 1.0 forbids, which HTML tolerates but
    /// which make an SVG file fail to parse.
    public static func escapeXML(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Escapes a URL for an `href` or `src` attribute: characters that are not
    /// allowed in a URL are percent-encoded (existing `%XX` escapes are kept),
    /// then the result is HTML-escaped.
    public static func escapeURL(_ url: String) -> String {
        escape(percentEncodePath(url))
    }

    /// Percent-encodes a path's characters that may not stand in a URL
    /// (spaces, non-ASCII), leaving `/` and other URL characters alone.
    public static func percentEncodePath(_ path: String) -> String {
        // Most URLs need no encoding at all; return them without copying.
        if path.utf8.allSatisfy({ $0 < 0x80 && urlSafe[Int($0)] }) { return path }
        var encoded = ""
        encoded.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if byte < 0x80, urlSafe[Int(byte)] {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%"
                encoded += hexDigit(byte >> 4)
                encoded += hexDigit(byte & 0xF)
            }
        }
        return encoded
    }

    /// Whether a link destination is safe to emit: `javascript:`, `vbscript:`,
    /// `file:` and non-image `data:` URLs are not (the same rule cmark-gfm uses).
    public static func isSafeURL(_ url: String) -> Bool {
        // Only a URL that starts with a scheme can be dangerous; most links are
        // relative or https and are let through without allocating.
        guard let colon = url.utf8.prefix(40).firstIndex(of: UInt8(ascii: ":")) else { return true }
        let scheme = url[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        switch scheme {
        case "javascript", "vbscript", "file": return false
        case "data":
            let lower = url.prefix(24).lowercased()
            return ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
                lower.hasPrefix($0)
            }
        default: return true
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? 48 + value : 55 + value))
    }

    /// ASCII characters kept as they are in URLs (the set cmark's houdini keeps).
    private static let urlSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        let safe = "-_.+!*'(),%#@?=;:/,+&$~[]" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for byte in safe.utf8 { table[Int(byte)] = true }
        return table
    }()
}
