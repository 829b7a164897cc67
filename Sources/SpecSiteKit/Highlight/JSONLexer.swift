/// JSON (and JSONC): keys, strings, numbers, `true`/`false`/`null`, and the
/// `//` and `/* */` comments config files carry.
enum JSONLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if byte == UInt8(ascii: "\"") {
                scanner.skipQuoted()
                // A string before a `:` is a key.
                scanner.mark(scanner.nextNonSpace() == UInt8(ascii: ":") ? .property : .string, from: start)
            } else if byte == UInt8(ascii: "-") || CodeScanner.isDigit(byte) {
                scanner.position += 1
                scanner.skipNumber()
                scanner.mark(.number, from: start)
            } else if scanner.starts(with: "//") {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if scanner.markBlock("/*", "*/", as: .comment) {
                // Marked.
            } else if CodeScanner.isLetter(byte) {
                let word = scanner.readWord()
                if word == "true" || word == "false" || word == "null" { scanner.mark(.literal, from: start) }
            } else {
                scanner.position += 1
            }
        }
        return scanner
    }
}
