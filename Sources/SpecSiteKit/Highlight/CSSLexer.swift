/// CSS (and SCSS's `//` comments and `$variables`): selectors, properties,
/// values, custom properties, at-rules, strings, numbers with units, colours.
enum CSSLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        // Inside `{ … }` a word before `:` is a property; outside, selectors.
        var depth = 0
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if scanner.markBlock("/*", "*/", as: .comment) {
                // Marked.
            } else if scanner.starts(with: "//"), scanner.previousByte != UInt8(ascii: ":") {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                scanner.skipQuoted()
                scanner.mark(.string, from: start)
            } else if byte == UInt8(ascii: "{") {
                depth += 1
                scanner.position += 1
            } else if byte == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
                scanner.position += 1
            } else if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") {
                scanner.position += 1
                _ = scanner.readWord(extra: UInt8(ascii: "-"))
                scanner.mark(byte == UInt8(ascii: "@") ? .keyword : .variable, from: start)
            } else if byte == UInt8(ascii: "#"), depth > 0, CodeScanner.isWordByte(scanner.peek()) {
                scanner.position += 1
                _ = scanner.readWord()
                scanner.mark(.number, from: start)
            } else if CodeScanner.isDigit(byte)
                || (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")) && CodeScanner.isDigit(scanner.peek())
                    && !CodeScanner.isWordByte(scanner.previousByte)
            {
                scanner.position += 1
                while CodeScanner.isDigit(scanner.current) || scanner.current == UInt8(ascii: ".") {
                    scanner.position += 1
                }
                // The unit: `px`, `rem`, `%`.
                while CodeScanner.isLetter(scanner.current) || scanner.current == UInt8(ascii: "%") {
                    scanner.position += 1
                }
                scanner.mark(.number, from: start)
            } else if CodeScanner.isWordByte(byte) || byte == UInt8(ascii: "-") {
                _ = scanner.readWord(extra: UInt8(ascii: "-"))
                let isCustom =
                    scanner.bytes[start] == UInt8(ascii: "-") && scanner.byte(before: start + 2) == UInt8(ascii: "-")
                if depth > 0, scanner.nextNonSpace() == UInt8(ascii: ":") {
                    scanner.mark(.property, from: start)
                } else if isCustom {
                    scanner.mark(.variable, from: start)
                } else if depth > 0, scanner.current == UInt8(ascii: "(") {
                    scanner.mark(.function, from: start)
                } else if depth == 0 {
                    scanner.mark(.tag, from: start)
                }
            } else if depth == 0, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") {
                // `.class`, `#id`, `:hover` in a selector.
                scanner.position += 1
                if scanner.current == UInt8(ascii: ":") { scanner.position += 1 }
                _ = scanner.readWord(extra: UInt8(ascii: "-"))
                scanner.mark(.attribute, from: start)
            } else {
                scanner.position += 1
            }
        }
        return scanner
    }
}
