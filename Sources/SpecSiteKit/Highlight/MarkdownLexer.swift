/// Markdown shown as code: headings, fences, list markers, quotes, code
/// spans, emphasis, links and front matter.
enum MarkdownLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        var inFence = false
        var lineNumber = 0
        var inFrontMatter = false
        while !scanner.atEnd {
            let start = scanner.position
            // Each pass reads one line.
            let line = scanner.lineText()
            lineNumber += 1
            let trimmed = line.drop { $0 == " " }
            if lineNumber == 1 && line == "---" || inFrontMatter {
                // Front matter, from a first line of `---` to the next.
                inFrontMatter = lineNumber == 1 || line != "---"
                scanner.skipLine()
                scanner.mark(.meta, from: start)
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                scanner.skipLine()
                scanner.mark(.meta, from: start)
            } else if inFence {
                scanner.skipLine()
                scanner.mark(.string, from: start)
            } else if trimmed.hasPrefix("#") {
                scanner.skipLine()
                scanner.mark(.heading, from: start)
            } else if trimmed.hasPrefix(">") {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else {
                scanner.position += line.utf8.count - trimmed.utf8.count
                // A list marker (`-`, `*`, `+`, `1.`) and a task box.
                let marker = scanner.position
                if let first = trimmed.utf8.first,
                    (first == UInt8(ascii: "-") || first == UInt8(ascii: "*")
                        || first == UInt8(ascii: "+")) && trimmed.dropFirst().first == " "
                {
                    scanner.position += 2
                    scanner.mark(.keyword, from: marker)
                }
                inline(&scanner)
            }
            if scanner.current == 13 { scanner.position += 1 }
            if scanner.current == 10 { scanner.position += 1 }
        }
        return scanner
    }

    /// Code spans, emphasis and links to the end of the line.
    private static func inline(_ scanner: inout CodeScanner) {
        while !scanner.atEnd, scanner.current != 10, scanner.current != 13 {
            let start = scanner.position
            let byte = scanner.current
            if byte == UInt8(ascii: "`") {
                scanner.skipQuoted(escapes: false)
                scanner.mark(.string, from: start)
            } else if byte == UInt8(ascii: "*") && scanner.peek() == UInt8(ascii: "*")
                || byte == UInt8(ascii: "_") && scanner.peek() == UInt8(ascii: "_")
            {
                scanner.position += 2
                while !scanner.atEnd, scanner.current != 10, !(scanner.current == byte && scanner.peek() == byte) {
                    scanner.position += 1
                }
                if scanner.current == byte { scanner.position += 2 }
                scanner.mark(.emphasis, from: start)
            } else if byte == UInt8(ascii: "]"), scanner.peek() == UInt8(ascii: "(") {
                scanner.position += 1
                while !scanner.atEnd, scanner.current != 10, scanner.current != 13, scanner.current != UInt8(ascii: ")")
                {
                    scanner.position += 1
                }
                if scanner.current == UInt8(ascii: ")") { scanner.position += 1 }
                scanner.mark(.attribute, from: start + 1)
            } else {
                scanner.position += 1
            }
        }
    }
}

extension CodeScanner {
    /// The text from the position to the end of its line.
    func lineText() -> Substring {
        var end = position
        while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
        return Substring(decoding: bytes[position..<end], as: UTF8.self)
    }
}
