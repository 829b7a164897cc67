/// SQL, in any case: keywords, types, strings, quoted names, numbers,
/// `--` and `/* */` comments.
enum SQLLexer {
    static let keywords: Set<String> = [
        "add", "all", "alter", "and", "as", "asc", "begin", "between", "by", "cascade", "case", "check", "column",
        "commit", "constraint", "create", "cross", "database", "default", "delete", "desc", "distinct", "drop",
        "else", "end", "exists", "foreign", "from", "full", "function", "grant", "group", "having", "if", "in",
        "index", "inner", "insert", "into", "is", "join", "key", "left", "like", "limit", "not", "null", "offset",
        "on", "or", "order", "outer", "primary", "references", "replace", "returning", "returns", "right",
        "rollback", "select", "set", "table", "then", "transaction", "trigger", "union", "unique", "update",
        "using", "values", "view", "when", "where", "with", "language", "schema", "extension", "sequence",
        "conflict", "do", "nothing", "over", "partition", "window", "recursive", "true", "false",
    ]
    static let types: Set<String> = [
        "int", "integer", "bigint", "smallint", "serial", "bigserial", "text", "varchar", "char", "boolean",
        "bool", "real", "float", "double", "numeric", "decimal", "date", "time", "timestamp", "timestamptz",
        "interval", "uuid", "json", "jsonb", "blob", "bytea",
    ]

    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if scanner.starts(with: "--") {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if scanner.markBlock("/*", "*/", as: .comment) {
                // Marked.
            } else if byte == UInt8(ascii: "'") {
                scanner.skipQuoted(escapes: false, multiline: true)
                scanner.mark(.string, from: start)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                scanner.skipQuoted(escapes: false)
                scanner.mark(.property, from: start)
            } else if CodeScanner.isDigit(byte), !CodeScanner.isWordByte(scanner.previousByte) {
                scanner.skipNumber()
                scanner.mark(.number, from: start)
            } else if CodeScanner.isWordByte(byte) {
                let word = scanner.readWord().lowercased()
                if keywords.contains(word) {
                    scanner.mark(.keyword, from: start)
                } else if types.contains(word) {
                    scanner.mark(.type, from: start)
                } else if scanner.current == UInt8(ascii: "(") {
                    scanner.mark(.function, from: start)
                }
            } else {
                scanner.position += 1
            }
        }
        return scanner
    }
}
