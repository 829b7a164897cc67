import Foundation

/// A `Label: value — note` line, as bullets, paragraphs and unlabelled code
/// blocks write tokens: `Accent: #FF7A00 — brand orange`,
/// `Border: #2F6F68 @ 40%`, `Body: 16px`.
struct LabelledValue {
    /// The label (`Accent`).
    var label: String
    /// `light` or `dark` when the label is one of those words.
    var mode: DesignToken.Mode?
    /// The value as written, opacity note included.
    var written: String
    /// What the value is.
    var reading: ValueReader.Reading
    /// The text after the value, without its leading dash or bracket.
    var description: String

    /// Separators between label and value.
    private static let separators = [": ", ":\t", " = ", " — ", " – ", " - "].map { Array($0.utf8) }

    /// The first separator in `line`, scanning its bytes once (this runs on
    /// every line of prose with a colon in it).
    static func firstSeparator(in line: String) -> Range<String.Index>? {
        let bytes = Array(line.utf8)
        for start in bytes.indices {
            guard bytes[start] == 0x3A || bytes[start] == 0x20 else { continue }
            // `Quaternary:#ef4444`: a colon right before a hex colour separates too.
            if bytes[start] == 0x3A, start + 1 < bytes.count, bytes[start + 1] == 0x23, start > 0,
                bytes[start - 1] != 0x20
            {
                let utf8 = line.utf8
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return lower..<utf8.index(after: lower)
            }
            for separator in separators where start + separator.count <= bytes.count {
                if bytes[start..<(start + separator.count)].elementsEqual(separator) {
                    let utf8 = line.utf8
                    let lower = utf8.index(utf8.startIndex, offsetBy: start)
                    let upper = utf8.index(lower, offsetBy: separator.count)
                    return lower..<upper
                }
            }
        }
        return nil
    }

    /// Reads one line. `colorsOnly` ignores values other than colours;
    /// `kind` is what the surrounding heading says the values are;
    /// `colorContext` allows hex made only of decimal digits (`#333`), which
    /// elsewhere is more likely an issue number.
    init?(line raw: String, colorsOnly: Bool, kind headingKind: DesignToken.Kind? = nil, colorContext: Bool = false) {
        let line = raw.trimmed()
        guard line.utf8.count < 1_200, let separator = Self.firstSeparator(in: line) else { return nil }
        var label = line[..<separator.lowerBound].trimmed()
        // Markdown list markers and emphasis left in code blocks.
        while let first = label.first, "-*•".contains(first) {
            label = label.dropFirst().trimmed()
        }
        label = label.trimmed("*_`")
        guard Self.isLabel(label) else { return nil }
        let rest = line[separator.upperBound...].trimmed()
        self.init(
            label: label, value: rest, wholeCell: false, colorsOnly: colorsOnly, kind: headingKind,
            colorContext: colorContext)
    }

    /// Reads a value given apart from its label (a table row's name and
    /// cell). `wholeCell` first tries the whole text as one value, since a
    /// cell may hold a shadow (`0 2px 8px rgba(…)`) with spaces in it.
    init?(
        label: String, value rest: String, wholeCell: Bool, colorsOnly: Bool, kind headingKind: DesignToken.Kind?,
        colorContext: Bool
    ) {
        // `spring.fill: response: 0.35, dampingFraction: 0.8 — the ring`.
        if (ValueReader.kind(forWord: label) ?? headingKind) == .spring, !colorsOnly {
            let parts = rest.components(separatedBy: " — ")
            let arguments = parts[0].trimmed("`*_ ")
            if let spring = ValueReader.springArguments(arguments), spring.isComplete {
                self.label = label
                mode = nil
                written = arguments
                reading = .value(.spring(spring), .spring)
                description = parts.dropFirst().joined(separator: " — ").trimmed()
                return
            }
        }
        var split = Self.splitValue(rest)
        if wholeCell {
            let cell = rest.trimmed("`*_ ")
            let kind = ValueReader.kind(forWord: label) ?? headingKind
            if case .value = ValueReader.readText(cell, kind: kind), !cell.contains("@") { split = (cell, "") }
        }
        guard let (value, after) = split else { return nil }

        var written = value
        var remainder = after.trimmed()
        var opacity: Double?
        // `#2F6F68 @ 40%`: an opacity written after the colour.
        if remainder.hasPrefix("@") {
            let note = remainder.dropFirst().trimmed()
            let number = note.prefix { $0.isNumber || $0 == "." || $0 == "%" }
            if let (amount, unit) = ValueReader.unitNumber(String(number)), unit == "%" || unit.isEmpty {
                opacity = unit == "%" ? amount / 100 : amount
                written += " @ " + number
                remainder = note.dropFirst(number.count).trimmed()
            }
        } else if let (amount, note, rest) = Self.opacityNote(remainder) {
            // `#3C3C43 (alpha 0.60)`, `#000 (60% opacity)`.
            opacity = amount
            written += " " + note
            remainder = rest
        }

        let wordKind = ValueReader.kind(forWord: label) ?? headingKind
        let isHex = value.hasPrefix("#")
        if isHex, !colorContext, wordKind != .color, value.dropFirst().allSatisfy(\.isNumber) { return nil }
        var reading = ValueReader.readText(value, kind: wordKind == .color ? .color : wordKind)
        if case .value(.color(let color), let kind) = reading, let opacity, opacity >= 0, opacity <= 1 {
            reading = .value(.color(color.withAlpha(color.alpha * opacity)), kind)
        }
        switch reading {
        case .value(_, let kind?) where kind == .color:
            // `Color: Black 90% opacity` is prose; a colour needs its notation.
            guard isHex || value.contains("(") else { return nil }
        case .value(let parsed, let kind):
            // Prose says `Blur radius: 6pt` about many things; a length or a
            // duration is a token only under a heading about that kind of
            // token (`## Spacing`), and a font family never is (`iOS: SF Pro`
            // reads like a sentence).
            guard !colorsOnly, let kind = kind ?? wordKind, kind != .fontFamily, let headingKind,
                kind == headingKind || (kind == .duration && headingKind == .easing)
            else { return nil }
            // Prose values need a unit: `16px` is a length, `16` could be anything.
            if case .dimension(let dimension) = parsed, !value.hasSuffix(dimension.unit) { return nil }
            reading = .value(parsed, kind)
        case .invalidColor:
            // Only `#…` is clearly meant as a colour in prose.
            guard isHex else { return nil }
        case .reference:
            if colorsOnly { return nil }
        case .none:
            return nil
        }
        self.label = label
        self.mode = DesignToken.Mode(rawValue: label.lowercased())
        self.written = written
        self.reading = reading
        var description = remainder
        while let first = description.first, "—–-,;(:".contains(first) {
            description = description.dropFirst().trimmed()
        }
        if description.hasSuffix(")") && !description.contains("(") { description.removeLast() }
        self.description = description
    }

    /// An opacity in brackets after a colour: `(alpha 0.60)`, `(opacity: 40%)`, `(60% opacity)`; the
    /// amount (0–1), the note as written, and the text after it.
    static func opacityNote(_ text: String) -> (Double, String, String)? {
        guard text.hasPrefix("("), let close = text.firstIndex(of: ")") else { return nil }
        let inner = text[text.index(after: text.startIndex)..<close]
        let words = inner.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "=" }).map(String.init)
        guard words.count == 2 else { return nil }
        let names: Set<String> = ["alpha", "opacity"]
        let number: String
        if names.contains(words[0].lowercased()) {
            number = words[1]
        } else if names.contains(words[1].lowercased()) {
            number = words[0]
        } else {
            return nil
        }
        guard let (amount, unit) = ValueReader.unitNumber(number), unit == "%" || unit.isEmpty else { return nil }
        let opacity = unit == "%" ? amount / 100 : amount
        guard opacity >= 0, opacity <= 1 else { return nil }
        return (opacity, String(text[...close]), text[text.index(after: close)...].trimmed())
    }

    /// Whether the text before the separator reads as a token's name: short,
    /// a few words, not a sentence.
    static func isLabel(_ label: String) -> Bool {
        guard !label.isEmpty, label.count <= 48, label.contains(where: { $0.isLetter || $0.isNumber }) else {
            return false
        }
        // A token name (`color.text.primary`, `space/4`, `--accent`) …
        if !label.contains(" ") {
            return label.allSatisfy { $0.isLetter || $0.isNumber || "._-/".contains($0) }
        }
        // … or a few plain words (`Brand blue`), never a sentence.
        return label.split(separator: " ").count <= 5
            && !label.contains(where: { ".!?:;,()[]{}<>\"'=|".contains($0) })
    }

    /// The value at the start of `text` and what follows it: a function
    /// (`rgb(…)`, `cubic-bezier(…)`) up to its closing bracket, otherwise up
    /// to the next space, comma or semicolon.
    static func splitValue(_ text: String) -> (String, String)? {
        var value = text.trimmed("`*_")
        let functions = ["rgb(", "rgba(", "hsl(", "hsla(", "cubic-bezier(", "var("]
        let lowered = value.lowercased()
        if functions.contains(where: { lowered.hasPrefix($0) }) {
            guard let close = value.firstIndex(of: ")") else { return nil }
            let after = value[value.index(after: close)...]
            return (String(value[...close]), after.trimmed("`*_ "))
        }
        // A shadcn triple (`220 13% 86%`) or a `{alias}` is several words.
        let words = value.split(separator: " ", omittingEmptySubsequences: true)
        if words.count >= 3, words[1].hasSuffix("%"), words[2].hasSuffix("%"), Double(words[0]) != nil {
            let triple = words.prefix(3).joined(separator: " ")
            let after = words.dropFirst(3).joined(separator: " ")
            return (triple, after)
        }
        guard let end = value.firstIndex(where: { $0 == " " || $0 == "," || $0 == ";" || $0 == "`" || $0 == "*" })
        else {
            return value.isEmpty ? nil : (value, "")
        }
        let head = String(value[..<end])
        value = String(value[end...]).trimmed("`*_ ")
        return head.isEmpty ? nil : (head, value)
    }
}
