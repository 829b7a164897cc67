extension CFamilySyntax {
    /// Swift: nested block comments, `"""` strings, `#"…"#` raw strings,
    /// `@attributes` and `#directives`.
    static let swift = CFamilySyntax(
        keywords: [
            "actor", "associatedtype", "async", "await", "break", "case", "catch", "class", "consume", "continue",
            "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic", "else", "enum", "extension",
            "fallthrough", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect",
            "infix", "init", "inout", "internal", "is", "isolated", "lazy", "let", "mutating", "nonisolated",
            "nonmutating", "open", "operator", "optional", "override", "package", "postfix", "precedencegroup",
            "prefix", "private", "protocol", "public", "repeat", "required", "rethrows", "return", "set", "some",
            "static", "struct", "subscript", "switch", "throw", "throws", "try", "typealias", "unowned", "var",
            "weak", "where", "while", "willSet", "any", "as", "borrowing", "consuming", "sending",
        ],
        literals: ["true", "false", "nil", "self", "Self", "super"],
        nestedBlockComments: true, tripleQuotes: [UInt8(ascii: "\"")], hashDirectives: true)
}
