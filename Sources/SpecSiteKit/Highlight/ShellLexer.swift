/// Bash and POSIX shell: comments, strings, `$VARIABLES` and `${…}`,
/// keywords, and the command at the start of a line or after `|`, `&&`, `;`.
enum ShellLexer {
    static let keywords: Set<Substring> = [
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
        "function", "select", "return", "exit", "export", "local", "readonly", "set", "unset", "source", "shift",
    ]

    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        var commandNext = true
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            switch byte {
            case 10, 13, UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "("):
                scanner.position += 1
                commandNext = true
            case UInt8(ascii: "#") where start == 0 || !CodeScanner.isWordByte(scanner.previousByte):
                let shebang = start == 0 && scanner.peek() == UInt8(ascii: "!")
                scanner.skipLine()
                scanner.mark(shebang ? .meta : .comment, from: start)
            case UInt8(ascii: "'"):
                scanner.skipQuoted(escapes: false, multiline: true)
                scanner.mark(.string, from: start)
                commandNext = false
            case UInt8(ascii: "\""):
                scanner.skipQuoted(multiline: true)
                scanner.mark(.string, from: start)
                commandNext = false
            case UInt8(ascii: "$"):
                scanner.position += 1
                if scanner.current == UInt8(ascii: "{") {
                    scanner.skipPast("}")
                } else if scanner.current == UInt8(ascii: "(") {
                    // `$(command)`: the `$(` only; what is inside is read as commands.
                    scanner.position += 1
                    scanner.mark(.variable, from: start)
                    commandNext = true
                    continue
                } else if CodeScanner.isWordByte(scanner.current) {
                    _ = scanner.readWord()
                } else if scanner.current != 0, !CodeScanner.isSpace(scanner.current), scanner.current != 10 {
                    scanner.position += 1
                }
                scanner.mark(.variable, from: start)
                commandNext = false
            case _ where CodeScanner.isSpace(byte):
                scanner.position += 1
            default:
                if CodeScanner.isWordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
                    || byte == UInt8(ascii: "-")
                {
                    while !scanner.atEnd, !CodeScanner.isSpace(scanner.current),
                        ![
                            10, 13, UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ")"),
                            UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "$"),
                            UInt8(ascii: "="),
                        ].contains(scanner.current)
                    {
                        scanner.position += 1
                    }
                    let word = Substring(decoding: scanner.bytes[start..<scanner.position], as: UTF8.self)
                    if keywords.contains(word) {
                        scanner.mark(.keyword, from: start)
                        commandNext = word != "export" && word != "local" && word != "in"
                    } else if scanner.current == UInt8(ascii: "=") && commandNext {
                        scanner.mark(.variable, from: start)
                        scanner.position += 1
                    } else {
                        if commandNext, byte != UInt8(ascii: "-") { scanner.mark(.function, from: start) }
                        commandNext = false
                    }
                } else {
                    scanner.position += 1
                }
            }
        }
        return scanner
    }
}
