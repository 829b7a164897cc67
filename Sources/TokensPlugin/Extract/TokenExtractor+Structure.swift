import Foundation
import SpecSiteKit

// What the structure of a document says about its tokens, read without the walk's state: the mode a
// heading, a label or an Android block names, a block's format, and what a table cell holds.

extension TokenExtractor {
    /// The mode a heading or label names: `Dark`, `Dark Mode`, `Light theme
    /// colours`, `Night`. A title naming both (`Light & Dark`) names none, and
    /// one saying more (`Dark surfaces`, `Dark Mode Implementation Plan`) is
    /// about a shade or a task, not a mode.
    static func mode(ofTitle title: String) -> DesignToken.Mode? {
        // Asked of the headings above every block with tokens, and most name
        // no mode: an ASCII title without the letters of `dark`, `night` or
        // `light` has none of those words, and is not split into words.
        if title.isASCII,
            !["dark", "night", "light"].contains(where: { title.containsBytes(ignoringASCIICase: $0) })
        {
            return nil
        }
        return mode(ofTitleWords: title)
    }

    /// ``mode(ofTitle:)`` from the title's words, with no first test.
    static func mode(ofTitleWords title: String) -> DesignToken.Mode? {
        let words = Set(title.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        let dark = words.contains("dark") || words.contains("night")
        let light = words.contains("light")
        guard dark != light else { return nil }
        let allowed: Set<String> = [
            "dark", "night", "light", "mode", "theme", "scheme", "appearance", "palette", "variant",
            "colors", "colours", "color", "colour", "tokens", "values", "value", "hex", "default", "the", "in", "for",
            "ui",
        ]
        guard words.isSubset(of: allowed) else { return nil }
        return dark ? .dark : .light
    }

    /// A paragraph that labels the blocks after it.
    struct BlockLabel {
        /// The label's words (`Chart Colors (Both Modes)`).
        var text: String
        /// The mode it names, if any.
        var mode: DesignToken.Mode?
    }

    /// The label a paragraph is: bold text that names a mode, with a short note after it
    /// (`**Dark Theme** (via `html[data-theme]`)`); bold text alone (`**Chart Colors (Both
    /// Modes):**`, `**Surfaces** (default)`); or a short plain line that names only a mode and ends
    /// in a colon (`Light mode:`). Bold text holding a value (`**Accent: #FF7A00**`) is no label.
    static func blockLabel(of paragraph: MarkdownNode) -> BlockLabel? {
        guard let first = paragraph.children.first else { return nil }
        guard case .strong = first.kind else {
            // `Dark mode:` alone on its line, as plain text.
            guard paragraph.children.allSatisfy({ if case .text = $0.kind { true } else { false } }) else {
                return nil
            }
            let text = paragraph.plainText.trimmed()
            guard text.count <= 40, text.hasSuffix(":"), let mode = mode(ofTitle: text.trimmed(" :")) else {
                return nil
            }
            return BlockLabel(text: text.trimmed(" :"), mode: mode)
        }
        let text = first.plainText.trimmed(" :")
        let rest = paragraph.children.dropFirst().map(\.plainText).joined().trimmed()
        guard rest.count <= 60, !rest.contains("#"), !text.isEmpty else { return nil }
        if let mode = mode(ofTitle: text) { return BlockLabel(text: text, mode: mode) }
        let bare = rest.isEmpty || rest == ":" || (rest.hasPrefix("(") && rest.hasSuffix(")"))
        guard bare, text.count <= 60, !text.contains("#"), !text.contains(":"),
            LabelledValue.isLabel(
                text.replacingOccurrences(of: "(", with: " ").replacingOccurrences(of: ")", with: " "))
        else { return nil }
        return BlockLabel(text: text, mode: nil)
    }

    /// A heading or label as a group name: without a section number (`6.2`, `4.`) before it or a
    /// note in brackets after it (`Type Scale (4px Base Grid)` is `Type Scale`).
    static func groupName(_ title: String) -> String {
        var name = Substring(title)
        // `4.`, `6.2`, `1.1.3`: numbers of one or two digits with at least one dot.
        var probe = name.startIndex
        var sawDot = false
        var digits = 0
        while probe < name.endIndex {
            let character = name[probe]
            if character.isASCII && character.isNumber {
                digits += 1
                if digits > 2 { break }
            } else if character == ".", digits > 0 {
                sawDot = true
                digits = 0
            } else {
                break
            }
            probe = name.index(after: probe)
        }
        if sawDot, probe < name.endIndex, name[probe] == " ", probe > name.startIndex {
            let rest = name[probe...].drop { $0 == " " }
            if rest.first?.isLetter == true { name = rest }
        }
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            let kept = name[..<open].trimmingCharacters(in: .whitespaces)
            if kept.contains(where: \.isLetter) { name = Substring(kept) }
        }
        let cleaned = String(name).trimmed(" :")
        return cleaned.isEmpty ? title : cleaned
    }

    /// The mode an Android resource block names in its header comments or its
    /// folder (`values-night/colors.xml`), never in its colour names:
    /// `primary_dark` is a darker shade, not dark mode.
    static func xmlMode(code: String, info: String) -> DesignToken.Mode? {
        let folders = (info + " " + code.prefix(400)).lowercased()
        if folders.contains("values-night") || folders.contains("values-dark") { return .dark }
        let head = code.components(separatedBy: "<color")[0].components(separatedBy: "<dimen")[0]
        var rest = head[...]
        while let open = rest.range(of: "<!--"), let close = rest[open.upperBound...].range(of: "-->") {
            if let mode = mode(ofTitle: String(rest[open.upperBound..<close.lowerBound])) { return mode }
            rest = rest[close.upperBound...]
        }
        return nil
    }

    /// The name of an asset catalog colour set from a `Name.colorset` in the fence's info or the
    /// block's first line.
    static func colorSetName(info: String, code: String) -> String? {
        let text = info + " " + (code.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
        guard let range = text.range(of: ".colorset") else { return nil }
        let name = text[..<range.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return name.isEmpty ? nil : String(name.reversed())
    }

    /// How a code block is read.
    enum Format { case css, xml, json, code, lines, none }

    /// The format of a block by its language, or by its look when it has none.
    static func format(language: String, code: String) -> Format {
        if cssLanguages.contains(language) { return .css }
        if jsonLanguages.contains(language) { return .json }
        if codeLanguages.contains(language) { return .code }
        if language == "xml" || language == "html" && code.contains("<color ") { return .xml }
        if language == "yaml" || language == "yml" { return .lines }
        guard language.isEmpty else { return .none }
        let trimmed = code.trimmed()
        if trimmed.hasPrefix("{") && trimmed.contains("\"") { return .json }
        if trimmed.hasPrefix("<") && (code.contains("<color ") || code.contains("<dimen ")) { return .xml }
        if code.contains("--") && code.contains(":") && code.contains(";") && code.contains("{") { return .css }
        for keyword in ["const ", "let ", "val ", "static ", "export "] where code.contains(keyword) { return .code }
        return .lines
    }

    /// Whether tokens read from plain JSON make a token set: a colour, a value written with its unit
    /// (`"16px"`), a composite (a type style, a shadow, a curve, a spring), or a top-level group named
    /// for a kind of token (`spacing`). `{"indentation": {"spaces": 4}}` (a formatter's settings) is
    /// none of these: a bare number named by a word that only sounds like spacing.
    static func isTokenSet(_ tokens: [DesignToken]) -> Bool {
        tokens.contains { token in
            switch token.value {
            case .color, .typography, .shadow, .spring, .cubicBezier: return true
            default: break
            }
            if token.written.contains(where: { $0.isLetter || $0 == "%" }) { return true }
            return token.path.count > 1 && ValueReader.kind(forWord: token.path[0]) != nil
        }
    }

    /// `plum/950`, `{color.plum.950}`, `gray-900`: what a cell referring to another token looks like.
    static func aliasCandidate(_ text: String) -> String? {
        let trimmed = text.trimmed()
        if let reference = ValueReader.referenceSyntax(trimmed) { return reference }
        guard trimmed.count <= 60, trimmed.contains("/") || trimmed.contains("."),
            trimmed.first?.isLetter == true,
            trimmed.allSatisfy({ $0.isLetter || $0.isNumber || "/.-_".contains($0) })
        else { return nil }
        return trimmed
    }

    /// Whether a table could hold tokens at all: a header names a value, a
    /// type property or a mode, or some sampled cell looks like a value.
    static func mayHoldTokens(titles: [String], sample: [[String]]) -> Bool {
        let named: Set<String> = [
            "value", "hex", "color", "colour", "light", "dark", "size", "font size", "weight", "line height",
        ]
        if titles.contains(where: { named.contains($0) || $0.contains("light") || $0.contains("dark") }) { return true }
        return sample.contains { row in row.dropFirst().contains { mayBeValue($0) } }
    }

    /// A quick first look at a cell: values start with `#`, a digit, a sign,
    /// a dot, `{`, or a CSS function. Most table cells are words, and this
    /// spares them the full reading.
    static func mayBeValue(_ text: String) -> Bool {
        guard let first = text.utf8.first(where: { $0 != 0x60 && $0 != 0x2A && $0 != 0x20 }) else { return false }
        switch first {
        case 0x23, 0x7B: return true
        case 0x30...0x39, 0x2D, 0x2E, 0x2B:
            // A bare number is never a token in prose; a length or duration has a unit.
            guard let last = text.utf8.last(where: { $0 != 0x60 && $0 != 0x2A && $0 != 0x20 }) else { return false }
            return (last >= 0x61 && last <= 0x7A) || last == 0x25 || last == 0x29
        case 0x72, 0x68, 0x63, 0x76, 0x52, 0x48: return text.contains("(")  // rgb( hsl( cubic-bezier( var(
        default: return false
        }
    }

    /// A cell's text without markup.
    static func cellText(_ cell: MarkdownNode) -> String {
        cell.plainText.trimmed()
    }
}
