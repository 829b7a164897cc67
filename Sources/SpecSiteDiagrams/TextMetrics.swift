/// Measures and wraps diagram labels with shipped font metrics (Liberation
/// Sans, which has Arial's and Helvetica's widths), so a layout is the same on
/// every machine and needs no font or browser at build time. The SVG names
/// the same faces first (``DiagramSVG/fontFamily``), so the text fits the boxes
/// measured for it.
///
/// Characters outside the tables get a width by kind: emoji 1.25 em (colour
/// emoji fonts are wider than their em), CJK and other wide characters 1 em,
/// combining marks and invisible characters nothing, anything else 0.6 em.
public enum TextMetrics {
    /// The width of `text` on one line, in pixels.
    public static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        var units = 0.0
        for character in text {
            units += advance(of: character, bold: bold)
        }
        return units * fontSize
    }

    /// Splits `text` at `\n` and wraps each line at spaces so that no line is
    /// wider than `maxWidth`; a word wider than that is broken between
    /// characters. Leading and trailing spaces of lines are dropped; an empty
    /// text gives no lines.
    public static func wrap(_ text: String, maxWidth: Double, fontSize: Double, bold: Bool = false) -> [String] {
        var lines: [String] = []
        let limit = max(maxWidth, fontSize)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty {
                // An explicit blank line between two lines is kept; one at either end is not.
                lines.append("")
                continue
            }
            var line = ""
            var lineWidth = 0.0
            let spaceWidth = width(of: " ", fontSize: fontSize, bold: bold)
            // Starts a line with `word`, breaking it first if it is wider than a line.
            func startLine(with word: Substring, width wordWidth: Double) {
                if wordWidth <= limit {
                    line = String(word)
                    lineWidth = wordWidth
                } else {
                    let pieces = breakWord(word, limit: limit, fontSize: fontSize, bold: bold)
                    lines += pieces.dropLast()
                    line = pieces.last ?? ""
                    lineWidth = width(of: line, fontSize: fontSize, bold: bold)
                }
            }
            for word in words {
                let wordWidth = width(of: String(word), fontSize: fontSize, bold: bold)
                if line.isEmpty {
                    startLine(with: word, width: wordWidth)
                } else if lineWidth + spaceWidth + wordWidth <= limit {
                    line += " " + word
                    lineWidth += spaceWidth + wordWidth
                } else {
                    lines.append(line)
                    startLine(with: word, width: wordWidth)
                }
            }
            lines.append(line)
        }
        while lines.first == "" { lines.removeFirst() }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Cuts a word that is wider than a line into pieces that fit, between characters.
    private static func breakWord(_ word: Substring, limit: Double, fontSize: Double, bold: Bool) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0.0
        for character in word {
            let characterWidth = advance(of: character, bold: bold) * fontSize
            if !piece.isEmpty, pieceWidth + characterWidth > limit {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += characterWidth
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The advance of one character, in ems.
    static func advance(of character: Character, bold: Bool) -> Double {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A grapheme that shows as an emoji (👨‍👩‍👧, ❤️, 🇫🇷) is one wide glyph.
        if scalars.count > 1 || first.properties.isEmojiPresentation {
            if first.properties.isEmoji && (first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}")) {
                return 1.25
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 1.25 }
        }
        return advance(of: first, bold: bold)
    }

    /// The advance of one scalar, in ems, from the tables or by its kind.
    static func advance(of scalar: Unicode.Scalar, bold: Bool) -> Double {
        let table = bold ? FontMetrics.bold : FontMetrics.regular
        let value = scalar.value
        for range in table where value >= range.first && value < range.first + UInt32(range.widths.count) {
            let units = range.widths[Int(value - range.first)]
            if units >= 0 { return Double(units) / Double(FontMetrics.unitsPerEm) }
            break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation { return 1.25 }
        if isWide(value) { return 1 }
        return 0.6
    }

    /// East Asian wide and fullwidth ranges (CJK, kana, hangul, fullwidth forms).
    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x20000...0x3FFFD).contains(value)
    }
}
