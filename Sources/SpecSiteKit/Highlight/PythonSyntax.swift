extension CFamilySyntax {
    /// Python: `#` comments, `'''`/`"""` strings, `f"…"` prefixes, decorators.
    static let python = CFamilySyntax(
        keywords: [
            "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
            "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "match", "case",
            "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        ],
        literals: ["True", "False", "None", "self", "cls"],
        types: ["int", "str", "float", "bool", "bytes", "list", "dict", "set", "tuple", "object"],
        lineComment: nil, hashComments: true, blockComments: false,
        quotes: [UInt8(ascii: "\""), UInt8(ascii: "'")], tripleQuotes: [UInt8(ascii: "\""), UInt8(ascii: "'")],
        stringPrefixes: [UInt8(ascii: "f"), UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "u")])
}
