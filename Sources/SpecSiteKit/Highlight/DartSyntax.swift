extension CFamilySyntax {
    /// Dart: `'` and `"` strings, `'''` and `"""` ones, `@annotations`.
    static let dart = CFamilySyntax(
        keywords: [
            "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class", "const",
            "continue", "covariant", "default", "deferred", "do", "dynamic", "else", "enum", "export", "extends",
            "extension", "external", "factory", "final", "finally", "for", "Function", "get", "hide", "if",
            "implements", "import", "in", "interface", "is", "late", "library", "mixin", "new", "on", "operator",
            "part", "required", "rethrow", "return", "sealed", "set", "show", "static", "switch", "sync", "throw",
            "try", "typedef", "var", "when", "while", "with", "yield",
        ],
        literals: ["true", "false", "null", "this", "super"],
        types: ["int", "double", "num", "bool", "void"],
        nestedBlockComments: true, quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")],
        tripleQuotes: [UInt8(ascii: "\""), UInt8(ascii: "'")])
}
