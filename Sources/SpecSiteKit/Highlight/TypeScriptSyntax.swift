extension CFamilySyntax {
    /// TypeScript and TSX: JavaScript's words and strings, and the type words.
    static let typeScript = CFamilySyntax(
        keywords: javaScriptKeywords.union([
            "abstract", "declare", "enum", "implements", "interface", "keyof", "namespace", "private", "protected",
            "public", "readonly", "type", "infer", "is", "asserts", "satisfies", "override", "unique",
        ]),
        literals: javaScriptLiterals,
        types: ["string", "number", "boolean", "any", "unknown", "never", "void", "object", "symbol", "bigint"],
        quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")], multilineQuotes: [UInt8(ascii: "`")])

    /// JavaScript (and JSX): `'`, `"` and template strings, decorators.
    static let javaScript = CFamilySyntax(
        keywords: javaScriptKeywords, literals: javaScriptLiterals,
        quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")], multilineQuotes: [UInt8(ascii: "`")])

    static let javaScriptKeywords: Set<Substring> = [
        "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
        "do", "else", "export", "extends", "finally", "for", "from", "function", "get", "if", "import", "in",
        "instanceof", "let", "new", "of", "return", "set", "static", "switch", "throw", "try", "typeof", "var",
        "void", "while", "with", "yield", "as",
    ]
    static let javaScriptLiterals: Set<Substring> = [
        "true", "false", "null", "undefined", "this", "super", "NaN", "Infinity",
    ]
}
