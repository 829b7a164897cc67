extension CFamilySyntax {
    /// Kotlin: nested block comments, `"""` strings, `@annotations`.
    static let kotlin = CFamilySyntax(
        keywords: [
            "abstract", "actual", "annotation", "as", "break", "by", "catch", "class", "companion", "const",
            "constructor", "continue", "crossinline", "data", "do", "else", "enum", "expect", "external", "final",
            "finally", "for", "fun", "get", "if", "import", "in", "infix", "init", "inline", "inner", "interface",
            "internal", "is", "lateinit", "noinline", "object", "open", "operator", "out", "override", "package",
            "private", "protected", "public", "reified", "return", "sealed", "set", "suspend", "tailrec", "throw",
            "try", "typealias", "val", "var", "vararg", "when", "where", "while", "value",
        ],
        literals: ["true", "false", "null", "this", "super", "it"],
        nestedBlockComments: true, quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")],
        tripleQuotes: [UInt8(ascii: "\"")])
}
