/// HTML, XML, SVG and plists: tags, attributes and their values, comments,
/// doctypes and processing instructions, entities. Script and style content
/// stays plain.
enum MarkupLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if scanner.markBlock("<!--", "-->", as: .comment) {
                // Marked.
            } else if scanner.markBlock("<![CDATA[", "]]>", as: .string) {
                // Marked.
            } else if byte == UInt8(ascii: "<"),
                scanner.peek() == UInt8(ascii: "!") || scanner.peek() == UInt8(ascii: "?")
            {
                scanner.skipPast(">")
                scanner.mark(.meta, from: start)
            } else if byte == UInt8(ascii: "<"),
                CodeScanner.isLetter(scanner.peek()) || scanner.peek() == UInt8(ascii: "/")
            {
                scanner.position += scanner.peek() == UInt8(ascii: "/") ? 2 : 1
                _ = scanner.readWord(extra: UInt8(ascii: "-"))
                while scanner.current == UInt8(ascii: ":") || scanner.current == UInt8(ascii: ".") {
                    scanner.position += 1
                    _ = scanner.readWord(extra: UInt8(ascii: "-"))
                }
                scanner.mark(.tag, from: start)
                attributes(&scanner)
            } else if byte == UInt8(ascii: "&"),
                CodeScanner.isWordByte(scanner.peek()) || scanner.peek() == UInt8(ascii: "#")
            {
                scanner.position += 1
                while CodeScanner.isWordByte(scanner.current) || scanner.current == UInt8(ascii: "#") {
                    scanner.position += 1
                }
                if scanner.current == UInt8(ascii: ";") { scanner.position += 1 }
                scanner.mark(.literal, from: start)
            } else {
                scanner.position += 1
            }
        }
        return scanner
    }

    /// A tag's attributes up to its `>`.
    private static func attributes(_ scanner: inout CodeScanner) {
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if byte == UInt8(ascii: ">") || scanner.starts(with: "/>") {
                scanner.position += byte == UInt8(ascii: ">") ? 1 : 2
                scanner.mark(.tag, from: start)
                return
            } else if byte == UInt8(ascii: "<") {
                return
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                scanner.skipQuoted(escapes: false, multiline: true)
                scanner.mark(.string, from: start)
            } else if CodeScanner.isWordByte(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") {
                scanner.position += 1
                while CodeScanner.isWordByte(scanner.current) || scanner.current == UInt8(ascii: "-")
                    || scanner.current == UInt8(ascii: ":") || scanner.current == UInt8(ascii: ".")
                {
                    scanner.position += 1
                }
                scanner.mark(.attribute, from: start)
            } else {
                scanner.position += 1
            }
        }
    }
}
