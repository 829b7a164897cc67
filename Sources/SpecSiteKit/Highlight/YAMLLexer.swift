/// YAML: keys, comments, quoted and plain values that are numbers or
/// booleans, anchors and aliases, tags and document markers.
enum YAMLLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        var lineStart = true
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if byte == 10 || byte == 13 {
                scanner.position += 1
                lineStart = true
                continue
            }
            if lineStart {
                lineStart = false
                while CodeScanner.isSpace(scanner.current) { scanner.position += 1 }
                if scanner.starts(with: "---") || scanner.starts(with: "...") {
                    let marker = scanner.position
                    scanner.position += 3
                    scanner.mark(.meta, from: marker)
                    continue
                }
                if scanner.current == UInt8(ascii: "-"), CodeScanner.isSpace(scanner.peek()) {
                    scanner.position += 2
                }
                // `key:` (or `"key":`) at the start of the line.
                let keyStart = scanner.position
                var index = scanner.position
                let bytes = scanner.bytes
                if index < bytes.count, bytes[index] != UInt8(ascii: "#") {
                    if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        scanner.skipQuoted()
                        index = scanner.position
                    } else {
                        while index < bytes.count, bytes[index] != 10, bytes[index] != 13,
                            !(bytes[index] == UInt8(ascii: ":")
                                && (index + 1 == bytes.count || CodeScanner.isSpace(bytes[index + 1])
                                    || bytes[index + 1] == 10 || bytes[index + 1] == 13)),
                            !(bytes[index] == UInt8(ascii: "#") && index > keyStart
                                && CodeScanner.isSpace(bytes[index - 1]))
                        {
                            index += 1
                        }
                    }
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":"), index > keyStart {
                        scanner.position = index
                        scanner.mark(.property, from: keyStart)
                        scanner.position += 1
                        continue
                    }
                    scanner.position = keyStart
                }
                continue
            }
            if byte == UInt8(ascii: "#"), scanner.position == 0 || CodeScanner.isSpace(scanner.previousByte) {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                scanner.skipQuoted(escapes: byte == UInt8(ascii: "\""))
                scanner.mark(.string, from: start)
            } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "!") {
                scanner.position += 1
                _ = scanner.readWord(extra: UInt8(ascii: "-"))
                scanner.mark(byte == UInt8(ascii: "!") ? .meta : .variable, from: start)
            } else if CodeScanner.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                // A plain value: a number or a boolean is coloured, words are not.
                let word = scanner.readWord(extra: UInt8(ascii: "."))
                if word.isEmpty {
                    scanner.position += 1
                    continue
                }
                let lower = word.lowercased()
                if ["true", "false", "yes", "no", "on", "off", "null", "~"].contains(lower),
                    CodeScanner.isWordByte(byte)
                {
                    scanner.mark(.literal, from: start)
                } else if word.utf8.allSatisfy({
                    CodeScanner.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                }
                ) {
                    scanner.mark(.number, from: start)
                }
            } else {
                scanner.position += 1
            }
        }
        return scanner
    }
}
