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
    public static func append(_ text: String, to output: inout String) {
        // Most text has nothing to escape: one scan of the bytes, one append.
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains {
                    $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                        || $0 == UInt8(ascii: "\"")
                }
            } ?? false
        if plain {
            output += text
            return
        }
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            default: replacement = nil
            }
            if let replacement {
                output += text[runStart..<index]
                output += replacement
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output += text[runStart..<utf8.endIndex]
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
