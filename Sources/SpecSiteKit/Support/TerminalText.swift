/// Text from content made safe to print on a terminal.
///
/// Titles, ids, paths and messages come from files other people (and coding
/// agents) wrote, and a CI log or a developer's terminal shows them. A raw ESC
/// could recolour, move the cursor, set the window title or write to the
/// clipboard (OSC 52); a newline, decoded from `%0a` in a link, would start a
/// forged `path:line: error:` line. So every control character is shown as an
/// escape instead: C0 controls and DEL as `\x1B`, `\n` and `\t` by name, C1
/// controls (which some terminals also obey: U+009B is a CSI) and the
/// bidirectional overrides that reorder what a reader sees (U+202A–U+202E,
/// U+2066–U+2069) as `\u{202E}`. A backslash stays as it is: the result is
/// for reading, not for parsing back.
public enum TerminalText {
    /// `text` with every control character written as a visible escape.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
