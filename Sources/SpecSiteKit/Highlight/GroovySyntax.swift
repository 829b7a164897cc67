extension CFamilySyntax {
    /// Groovy and Gradle build scripts: `'`, `"`, `'''` and `"""` strings.
    static let groovy = CFamilySyntax(
        keywords: [
            "abstract", "as", "assert", "break", "case", "catch", "class", "const", "continue", "def", "default",
            "do", "else", "enum", "extends", "final", "finally", "for", "if", "implements", "import", "in",
            "instanceof", "interface", "new", "package", "private", "protected", "public", "return", "static",
            "switch", "throw", "throws", "trait", "try", "var", "while",
        ],
        literals: ["true", "false", "null", "this", "super", "it"],
        types: ["int", "long", "boolean", "double", "float", "void", "byte", "char", "short"],
        quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")], tripleQuotes: [UInt8(ascii: "\""), UInt8(ascii: "'")])
}
