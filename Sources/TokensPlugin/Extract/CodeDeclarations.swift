import Foundation
import SpecSiteKit

/// A value written in code, as far as token extraction needs to understand
/// it: object literals, arrays, tuples and everything else as source text.
indirect enum CodeValue: Equatable {
    /// `{ key: value, … }`; `hasSpread` when it spreads another object in
    /// (`...Typography.body`), which makes it a style, not a token group.
    case object([CodeEntry], hasSpread: Bool)
    /// `[a, b, …]`
    case array([CodeEntry])
    /// `(a, b, …)`, possibly with labels (`(name: "Family", hex: "#…")`).
    case tuple([CodeEntry])
    /// Any other expression, as written.
    case scalar(String)
    /// A block of code or a value that is not a literal (`{ size / 2 }`,
    /// `StyleSheet.create({…})`): nothing inside is a token.
    case opaque
}

/// One entry of an object, array or tuple.
struct CodeEntry: Equatable {
    /// The key or label; nil for array elements and unlabelled tuple elements.
    var key: String?
    var value: CodeValue
    /// 1-based line within the code where the entry starts.
    var line: Int
    /// A comment written after the entry on the same line.
    var comment: String
}

/// A named value declared in code: `export const Colors = {…}`,
/// `static let smilePileBlue = Color(hex: "#2196F3")`, `val Primary = Color(0xFF…)`.
struct CodeDeclaration: Equatable {
    /// Enclosing type names (`extension Color {` → `Color`) and the declared name.
    var path: [String]
    var value: CodeValue
    /// 1-based line within the code.
    var line: Int
    /// A comment written after the declaration on the same line.
    var comment: String
}

/// Finds declarations in C-family code and parses their values.
///
/// The scan is deliberately shallow: it recognises `let`/`const`/`val`/…
/// declarations and the type bodies around them, and parses object, array
/// and tuple literals; anything else is kept as text. That is enough for
/// token files in any of these languages and never needs the snippet to
/// compile.
struct CodeDeclarations {
    /// The declarations, in order.
    private(set) var declarations: [CodeDeclaration] = []
    private let lexer: CodeLexer
    /// Lexemes without comments.
    private let lexemes: [CodeLexer.Lexeme]
    /// The comment after each lexeme on the same line, by index into `lexemes`.
    private let trailingComments: [Int: String]

    /// Keywords that introduce a declaration (`static let name = …`).
    static let declarationKeywords: Set<String> = [
        "let", "var", "const", "val", "final", "static", "export", "public", "private", "internal",
        "fileprivate", "open", "lazy", "late", "readonly", "override", "case",
    ]
    /// Keywords whose body names a group (`extension Color {`).
    static let typeKeywords: Set<String> = [
        "extension", "enum", "struct", "class", "object", "interface", "namespace",
    ]
    /// Calls whose object argument is the value itself (`Object.freeze({…})`).
    static let transparentCalls: Set<String> = ["Object.freeze", "Platform.select", "defineTokens", "createTokens"]
    /// Calls whose object argument holds styles, not tokens.
    static let styleCalls: Set<String> = ["StyleSheet.create", "makeStyles", "styled", "css", "createStyles"]

    /// Reads `lexer`'s code; `scanDeclarations: false` only prepares it for
    /// ``parseDocument(_:)``.
    init(_ lexer: CodeLexer, scanDeclarations: Bool = true) {
        self.lexer = lexer
        var significant: [CodeLexer.Lexeme] = []
        var comments: [Int: String] = [:]
        for lexeme in lexer.lexemes {
            if lexeme.kind == .comment {
                if let last = significant.indices.last, !lexeme.newlineBefore, comments[last] == nil {
                    comments[last] = Self.cleanComment(lexeme.text)
                }
            } else {
                significant.append(lexeme)
            }
        }
        lexemes = significant
        trailingComments = comments
        if scanDeclarations { scan() }
    }

    /// Parses the whole code as one value (a JSON document).
    static func parseDocument(_ lexer: CodeLexer) -> CodeValue? {
        let reader = CodeDeclarations(lexer, scanDeclarations: false)
        guard !reader.lexemes.isEmpty else { return nil }
        var index = 0
        return reader.parseValue(&index)
    }

    // MARK: - Declarations

    private mutating func scan() {
        var groups: [String?] = []
        var openers: [String] = []
        var pendingGroup: String?
        var index = 0
        while index < lexemes.count {
            let lexeme = lexemes[index]
            switch lexeme.kind {
            case .identifier where Self.typeKeywords.contains(lexeme.text):
                if index + 1 < lexemes.count, lexemes[index + 1].kind == .identifier {
                    pendingGroup = lexemes[index + 1].text
                    index += 2
                    continue
                }
            case .punctuation where lexeme.text == "{":
                groups.append(pendingGroup)
                openers.append("{")
                pendingGroup = nil
            case .punctuation where lexeme.text == "(" || lexeme.text == "[":
                groups.append(nil)
                openers.append(lexeme.text)
            case .punctuation where lexeme.text == "}" || lexeme.text == ")" || lexeme.text == "]":
                if !groups.isEmpty {
                    groups.removeLast()
                    openers.removeLast()
                }
            case .punctuation where lexeme.text == ";":
                pendingGroup = nil
            case .identifier where openers.last != "(":
                if let valueStart = declarationValueStart(at: index, topLevel: groups.isEmpty) {
                    var end = valueStart
                    let value = parseValue(&end)
                    let path = groups.compactMap { $0 } + [lexeme.text]
                    declarations.append(
                        CodeDeclaration(
                            path: path, value: value, line: lexeme.line,
                            comment: trailingComments[max(end - 1, valueStart)] ?? ""))
                    index = max(end, index + 1)
                    continue
                }
            default:
                break
            }
            index += 1
        }
    }

    /// If the identifier at `index` is declared here (`let name =`,
    /// `static const Color name =`, `let name: Type =`), the index of its value.
    /// At the top level of a snippet, a line `name: {` is an entry of an object
    /// the snippet was cut from (`ghibli: { sky: '#a3c5e0' }` out of a Tailwind
    /// config), so it declares `name` too.
    private func declarationValueStart(at index: Int, topLevel: Bool) -> Int? {
        guard index + 1 < lexemes.count else { return nil }
        let previous = index > 0 ? lexemes[index - 1] : nil
        if topLevel, index + 2 < lexemes.count, lexemes[index + 1].text == ":", lexemes[index + 2].text == "{",
            previous == nil || lexemes[index].newlineBefore && [",", ";", "}"].contains(previous?.text ?? "")
        {
            return index + 2
        }
        let introduced: Bool
        if let previous, previous.kind == .identifier {
            if Self.declarationKeywords.contains(previous.text) {
                introduced = true
            } else {
                // `static const Color primary =`, `final Color primary =`.
                introduced =
                    index > 1 && lexemes[index - 2].kind == .identifier
                    && Self.declarationKeywords.contains(lexemes[index - 2].text)
            }
        } else {
            introduced = false
        }
        guard introduced else { return nil }
        let next = lexemes[index + 1]
        if next.text == "=" { return index + 2 }
        guard next.text == ":" else { return nil }
        // `let name: Type = value`: the `=` on the same line, before any brace.
        var probe = index + 2
        while probe < lexemes.count, probe < index + 24 {
            let candidate = lexemes[probe]
            if candidate.newlineBefore || candidate.text == "{" || candidate.text == ";" { return nil }
            if candidate.text == "=" { return probe + 1 }
            probe += 1
        }
        return nil
    }

    // MARK: - Values

    /// How deeply literals may nest before the rest is skipped: real token
    /// files nest a handful of levels, and recursion must not overflow the stack.
    static let maximumDepth = 64

    /// Parses the value starting at `index` and leaves `index` just after it.
    private func parseValue(_ index: inout Int, depth: Int = 0) -> CodeValue {
        guard index < lexemes.count else { return .scalar("") }
        let first = lexemes[index]
        if depth > Self.maximumDepth {
            skipBalanced(&index)
            return .opaque
        }
        if first.kind == .punctuation {
            switch first.text {
            case "{":
                return parseObject(&index, depth: depth)
            case "[":
                index += 1
                // Labels are accepted so a Swift dictionary (`["primary": "#…"]`) reads as one.
                return .array(parseEntries(&index, closer: "]", depth: depth))
            case "(":
                index += 1
                return .tuple(parseEntries(&index, closer: ")", depth: depth))
            default:
                break
            }
        }
        // `Object.freeze({…})`, `StyleSheet.create({…})`.
        if first.kind == .identifier {
            var probe = index
            var callee = ""
            while probe < lexemes.count, lexemes[probe].kind == .identifier {
                callee += lexemes[probe].text
                if probe + 1 < lexemes.count, lexemes[probe + 1].text == "." {
                    callee += "."
                    probe += 2
                } else {
                    probe += 1
                    break
                }
            }
            if probe + 1 < lexemes.count, lexemes[probe].text == "(", lexemes[probe + 1].text == "{",
                Self.transparentCalls.contains(callee) || Self.styleCalls.contains(callee)
            {
                var inner = probe + 1
                let object = parseObject(&inner, depth: depth)
                if inner < lexemes.count, lexemes[inner].text == ")" { inner += 1 }
                index = inner
                return Self.styleCalls.contains(callee) ? .opaque : object
            }
        }
        return parseScalar(&index)
    }

    /// `{ key: value, … }`; a brace that does not hold `key: value` pairs is
    /// a block of code and comes back `.opaque`, skipped to its end.
    private func parseObject(_ index: inout Int, depth: Int) -> CodeValue {
        let open = index
        index += 1
        var entries: [CodeEntry] = []
        var hasSpread = false
        while index < lexemes.count {
            let lexeme = lexemes[index]
            if lexeme.text == "}" && lexeme.kind == .punctuation {
                index += 1
                return .object(entries, hasSpread: hasSpread)
            }
            if lexeme.kind == .punctuation && (lexeme.text == "," || lexeme.text == ";") {
                index += 1
                continue
            }
            if lexeme.text == "..." && lexeme.kind == .punctuation {
                hasSpread = true
                index += 1
                _ = parseScalar(&index)
                continue
            }
            let isKey = lexeme.kind == .identifier || lexeme.kind == .string || lexeme.kind == .number
            guard isKey, index + 1 < lexemes.count, lexemes[index + 1].text == ":" else {
                index = open
                skipBalanced(&index)
                return .opaque
            }
            index += 2
            let valueStart = index
            let value = parseValue(&index, depth: depth + 1)
            let comment = trailingComment(after: valueStart, end: index)
            // A quoted key is the string it spells (`"[data-theme=\"ocean\"]"`).
            let key = lexeme.kind == .string ? ValueReader.unescape(lexeme.text) : lexeme.text
            entries.append(CodeEntry(key: key, value: value, line: lexeme.line, comment: comment))
        }
        return .object(entries, hasSpread: hasSpread)
    }

    /// Entries up to `closer`, each possibly labelled (`label: value`, as Swift tuples and dictionaries write them).
    private func parseEntries(_ index: inout Int, closer: String, depth: Int) -> [CodeEntry] {
        var entries: [CodeEntry] = []
        while index < lexemes.count {
            let lexeme = lexemes[index]
            if lexeme.kind == .punctuation {
                if lexeme.text == closer {
                    index += 1
                    return entries
                }
                if lexeme.text == "," {
                    index += 1
                    continue
                }
                if lexeme.text == "}" || lexeme.text == ")" || lexeme.text == "]" {
                    // A closer that does not match: the literal was never closed.
                    return entries
                }
            }
            var key: String?
            if lexeme.kind == .identifier || lexeme.kind == .string, index + 1 < lexemes.count,
                lexemes[index + 1].text == ":"
            {
                key = lexeme.kind == .string ? ValueReader.unescape(lexeme.text) : lexeme.text
                index += 2
            }
            let valueStart = index
            let value = parseValue(&index, depth: depth + 1)
            if index == valueStart { index += 1 }
            entries.append(
                CodeEntry(
                    key: key, value: value, line: lexeme.line,
                    comment: trailingComment(after: valueStart, end: index)))
        }
        return entries
    }

    /// Any other expression: up to a `,`, `;` or closing bracket at its own
    /// depth, or the end of its line when the next line does not continue it.
    private func parseScalar(_ index: inout Int) -> CodeValue {
        let start = index
        var depth = 0
        while index < lexemes.count {
            let lexeme = lexemes[index]
            if index > start, depth == 0, lexeme.newlineBefore, !Self.continues(lexemes[index - 1], lexeme) {
                break
            }
            if lexeme.kind == .punctuation {
                switch lexeme.text {
                case "{", "(", "[":
                    depth += 1
                case "}", ")", "]":
                    if depth == 0 { return scalar(from: start, to: index) }
                    depth -= 1
                case ",", ";":
                    if depth == 0 { return scalar(from: start, to: index) }
                default:
                    break
                }
            }
            index += 1
        }
        return scalar(from: start, to: index)
    }

    private func scalar(from start: Int, to end: Int) -> CodeValue {
        guard start < end else { return .scalar("") }
        return .scalar(lexer.text(from: lexemes[start].start, to: lexemes[end - 1].end))
    }

    /// Whether a line starting with `next` continues an expression ending in `previous`.
    private static func continues(_ previous: CodeLexer.Lexeme, _ next: CodeLexer.Lexeme) -> Bool {
        let operators: Set<String> = [".", "?", "??", ":", "+", "-", "*", "/", "|", "&", "=", "=>"]
        if next.kind == .punctuation && operators.contains(next.text) { return true }
        if previous.kind == .punctuation && (operators.contains(previous.text) || previous.text == ",") {
            return true
        }
        return false
    }

    /// Skips a balanced bracket group starting at `index`.
    private func skipBalanced(_ index: inout Int) {
        var depth = 0
        while index < lexemes.count {
            let text = lexemes[index].text
            if lexemes[index].kind == .punctuation {
                if text == "{" || text == "(" || text == "[" { depth += 1 }
                if text == "}" || text == ")" || text == "]" {
                    depth -= 1
                    if depth <= 0 {
                        index += 1
                        return
                    }
                }
            }
            index += 1
        }
    }

    /// The comment after the value that ended before `end` (after its comma too).
    private func trailingComment(after start: Int, end: Int) -> String {
        guard end > start else { return "" }
        if let comment = trailingComments[end - 1] { return comment }
        if end < lexemes.count, lexemes[end].text == ",", !lexemes[end].newlineBefore,
            let comment = trailingComments[end]
        {
            return comment
        }
        return ""
    }

    /// A comment's text without its markers and padding.
    static func cleanComment(_ text: String) -> String {
        var lines = SourceLines(text).map {
            $0.text.trimmed().drop { $0 == "*" || $0 == "/" }
                .trimmed()
        }
        lines.removeAll { $0.isEmpty }
        return lines.joined(separator: " ")
    }
}
