import Foundation
import SpecSiteKit

/// Reads custom properties from CSS (`--accent: #FF7A00;`), SCSS and Less
/// variables (`$accent: …;`, `@accent: …;`), Android resource XML
/// (`<color name="accent">#FFFF7A00</color>`) and `Name: value` lines.
enum StyleSheetTokens {
    /// Reads a style sheet. Properties inside `@media (prefers-color-scheme: dark)`
    /// or under a dark selector (`.dark`, `[data-theme="dark"]`) are dark.
    static func readCSS(_ code: String, into collector: inout TokenCollector) {
        let lexer = CodeLexer(code)
        for problem in lexer.problems { collector.warn(line: problem.line, problem.message) }
        // Walk the text by lines of declarations, tracking which blocks we are in.
        var contexts: [String] = []
        var lineNumber = 1
        var statement = ""
        var statementLine = 1
        var started = false
        var comment = ""
        let characters = Array(code)
        var index = 0
        func mode() -> DesignToken.Mode? {
            // Whole words only: `.dark`, `[data-theme="dark"]`, `prefers-color-scheme: dark`,
            // but not `.highlight` or `.darkened`.
            let words = Set(contexts.joined(separator: " ").lowercased().split(whereSeparator: { !$0.isLetter }))
            if words.contains("dark") { return .dark }
            if words.contains("light") { return .light }
            return nil
        }
        func variant() -> String? {
            let parts = contexts.compactMap(variantPart)
            return parts.isEmpty ? nil : parts.joined(separator: DesignToken.variantSeparator)
        }
        while index < characters.count {
            let character = characters[index]
            if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                var end = index + 2
                while end + 1 < characters.count, !(characters[end] == "*" && characters[end + 1] == "/") {
                    if SourceLines.isLineBreak(characters[end]) { lineNumber += 1 }
                    end += 1
                }
                comment = CodeDeclarations.cleanComment(String(characters[(index + 2)..<min(end, characters.count)]))
                index = min(end + 2, characters.count)
                continue
            }
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                var end = index
                while end < characters.count, !SourceLines.isLineBreak(characters[end]) { end += 1 }
                comment = CodeDeclarations.cleanComment(String(characters[(index + 2)..<end]))
                index = end
                continue
            }
            switch character {
            case _ where SourceLines.isLineBreak(character):
                lineNumber += 1
                if started { statement.append(" ") }
            case "{":
                contexts.append(statement.trimmed())
                statement = ""
                started = false
                comment = ""
            case "}":
                declaration(
                    statement, line: statementLine, comment: comment, mode: mode(), variant: variant(), into: &collector
                )
                statement = ""
                started = false
                comment = ""
                if !contexts.isEmpty { contexts.removeLast() }
            case ";":
                // A comment on the same line after the `;` belongs to this declaration.
                var lookahead = index + 1
                while lookahead < characters.count, characters[lookahead] == " " || characters[lookahead] == "\t" {
                    lookahead += 1
                }
                var trailing = ""
                if lookahead + 1 < characters.count, characters[lookahead] == "/", characters[lookahead + 1] == "*" {
                    var end = lookahead + 2
                    while end + 1 < characters.count, !(characters[end] == "*" && characters[end + 1] == "/") {
                        if SourceLines.isLineBreak(characters[end]) { break }
                        end += 1
                    }
                    trailing = CodeDeclarations.cleanComment(String(characters[(lookahead + 2)..<end]))
                    index = min(end + 2, characters.count)
                } else if lookahead + 1 < characters.count, characters[lookahead] == "/",
                    characters[lookahead + 1] == "/"
                {
                    var end = lookahead
                    while end < characters.count, !SourceLines.isLineBreak(characters[end]) { end += 1 }
                    trailing = CodeDeclarations.cleanComment(String(characters[(lookahead + 2)..<end]))
                    index = end
                } else {
                    index += 1
                }
                declaration(
                    statement, line: statementLine, comment: trailing, mode: mode(), variant: variant(),
                    into: &collector)
                statement = ""
                started = false
                comment = ""
                continue
            default:
                // The statement starts at its first visible character (its line is the token's line).
                if !started && !character.isWhitespace {
                    started = true
                    statementLine = lineNumber
                    statement = ""
                }
                statement.append(character)
            }
            index += 1
        }
        declaration(
            statement, line: statementLine, comment: comment, mode: mode(), variant: variant(), into: &collector)
    }

    /// What a block's prelude adds to the variant of the properties inside it: a breakpoint or other
    /// condition (`@media (max-width: 768px)`, `@supports …`, `@container …`) or a selector with an
    /// attribute that names no mode (`[data-theme="ocean"]`), as written; nil for the root
    /// (`:root`, `html`), a mode (`.dark`, `prefers-color-scheme`), a cascade layer or a component.
    static func variantPart(_ prelude: String) -> String? {
        let text = prelude.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let lowered = text.lowercased()
        if lowered.hasPrefix("@media") {
            // What is left once the colour scheme and media types are taken out.
            var rest = lowered.dropFirst(6).replacingOccurrences(of: "prefers-color-scheme", with: " ")
            for word in ["dark", "light", "screen", "all", "only", "and", "(", ")", ":"] {
                rest = rest.replacingOccurrences(of: word, with: " ")
            }
            return rest.trimmed().isEmpty ? nil : text
        }
        if lowered.hasPrefix("@supports") || lowered.hasPrefix("@container") { return text }
        guard !lowered.hasPrefix("@"), text.contains("[") else { return nil }
        let words = Set(lowered.split(whereSeparator: { !$0.isLetter }))
        return words.contains("dark") || words.contains("light") ? nil : text
    }

    /// One `name: value` declaration of a style sheet, if it is a variable.
    private static func declaration(
        _ statement: String, line: Int, comment: String, mode: DesignToken.Mode?, variant: String?,
        into collector: inout TokenCollector
    ) {
        let text = statement.trimmed()
        guard let colon = text.firstIndex(of: ":") else { return }
        let property = text[..<colon].trimmed()
        var value = text[text.index(after: colon)...].trimmed()
        if value.hasSuffix("!default") { value = String(value.dropLast(8)).trimmed() }
        let name: String
        if property.hasPrefix("--") {
            name = String(property.dropFirst(2))
        } else if property.hasPrefix("$") || property.hasPrefix("@") {
            name = String(property.dropFirst())
        } else {
            return
        }
        guard !name.isEmpty, !name.contains(" "), !value.isEmpty else { return }
        let hint = ValueReader.kind(forWord: name)
        var reading: ValueReader.Reading
        if case .color(let color) = ColorLiteral.parseCSS(value), hint == nil || hint == .color {
            // In a style sheet a keyword such as `white` is a colour.
            reading = .value(.color(color), .color)
        } else if let triple = ColorLiteral.parseHSLTriple(value), hint == nil || hint == .color {
            reading = .value(.color(triple), .color)
        } else {
            reading = ValueReader.readText(value, kind: hint)
        }
        if case .reference = reading {
        } else if value.hasPrefix("$") || value.hasPrefix("@") {
            reading = .reference(String(value.dropFirst()))
        }
        switch reading {
        case .value(let parsed, let proven):
            guard let kind = proven ?? hint ?? defaultKind(parsed) else { return }
            collector.add(
                path: [name], mode: mode, variant: variant, kind: kind, value: parsed, written: value,
                description: comment, line: line)
        case .invalidColor(let message):
            collector.warn(line: line, "\(property): \(message)")
        case .reference(let target):
            collector.refer(
                path: [name], mode: mode, variant: variant, target: target, written: value, description: comment,
                line: line, kind: nil)
        case .none:
            return
        }
    }

    /// The kind a value proves by its unit when its name says nothing.
    private static func defaultKind(_ value: DesignToken.Value) -> DesignToken.Kind? {
        switch value {
        case .dimension: .size
        case .duration: .duration
        case .cubicBezier: .easing
        default: nil
        }
    }

    /// Reads Android resources: `<color name="x">#AARRGGBB</color>` (alpha
    /// first, as Android writes it) and `<dimen name="x">16dp</dimen>`.
    static func readXML(_ code: String, mode: DesignToken.Mode?, into collector: inout TokenCollector) {
        for sourceLine in SourceLines(code) {
            let (line, lineNumber) = (sourceLine.text, sourceLine.number)
            for element in ["color", "dimen"] {
                guard let open = line.range(of: "<\(element) "),
                    let nameStart = line[open.upperBound...].range(of: "name=\"")?.upperBound,
                    let nameEnd = line[nameStart...].firstIndex(of: "\""),
                    let valueStart = line[nameEnd...].firstIndex(of: ">").map({ line.index(after: $0) }),
                    let valueEnd = line[valueStart...].range(of: "</\(element)>")?.lowerBound
                else { continue }
                let name = String(line[nameStart..<nameEnd])
                let value = line[valueStart..<valueEnd].trimmed()
                var comment = ""
                if let start = line[valueEnd...].range(of: "<!--")?.upperBound,
                    let end = line[start...].range(of: "-->")?.lowerBound
                {
                    comment = line[start..<end].trimmed()
                }
                if element == "color" {
                    switch androidColor(value) {
                    case .color(let color):
                        collector.add(
                            path: [name], mode: mode, kind: .color, value: .color(color), written: value,
                            description: comment, line: lineNumber)
                    case .invalid(let message):
                        collector.warn(line: lineNumber, "\(name): \(message)")
                    case .notColor:
                        if value.hasPrefix("@color/") {
                            collector.refer(
                                path: [name], mode: mode, target: String(value.dropFirst(7)), written: value,
                                description: comment, line: lineNumber, kind: .color)
                        }
                    }
                } else if let (number, unit) = ValueReader.unitNumber(value) {
                    collector.add(
                        path: [name], mode: mode, kind: ValueReader.kind(forWord: name) ?? .size,
                        value: .dimension(Dimension(number, unit.isEmpty ? "px" : unit)), written: value,
                        description: comment, line: lineNumber)
                }
            }
        }
    }

    /// Android's `#AARRGGBB` puts alpha first; other lengths read as in CSS.
    static func androidColor(_ value: String) -> ColorParse {
        if value.hasPrefix("#"), value.count == 9, let argb = ColorLiteral.parseARGBInteger("0x" + value.dropFirst()) {
            return .color(argb)
        }
        return ColorLiteral.parseCSS(value)
    }

    /// Reads `Name: value` lines (an unlabelled code block of colours). Only
    /// colours count here: such blocks are often sketches whose other
    /// `Label: value` lines are prose.
    /// A line that is only a heading ending in a colon (`Dark Mode:`, `light:`) sets the mode of the
    /// lines under it, until the next such line (`Chart:` names none).
    static func readLines(_ code: String, group: [String] = [], into collector: inout TokenCollector) {
        var mode: DesignToken.Mode?
        for sourceLine in SourceLines(code) {
            let (line, lineNumber) = (sourceLine.text, sourceLine.number)
            let trimmed = line.trimmed()
            if trimmed.hasSuffix(":"), trimmed.dropLast().firstIndex(of: ":") == nil,
                LabelledValue.isLabel(String(trimmed.dropLast()))
            {
                mode = TokenExtractor.mode(ofTitle: String(trimmed.dropLast()))
                continue
            }
            guard let entry = LabelledValue(line: String(line), colorsOnly: true) else { continue }
            switch entry.reading {
            case .value(let value, let kind?):
                collector.add(
                    path: group + [entry.label], mode: entry.mode ?? mode, kind: kind, value: value,
                    written: entry.written, description: entry.description, line: lineNumber)
            case .invalidColor(let message):
                collector.warn(line: lineNumber, "\(entry.label): \(message)")
            default:
                break
            }
        }
    }
}
