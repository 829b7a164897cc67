/// Unified diffs: added and removed lines, hunk headers, file headers.
enum DiffLexer {
    static func scan(_ code: String) -> CodeScanner {
        var scanner = CodeScanner(code)
        while !scanner.atEnd {
            let start = scanner.position
            let token: CodeToken?
            if scanner.starts(with: "+++") || scanner.starts(with: "---") || scanner.starts(with: "diff ")
                || scanner.starts(with: "index ")
            {
                token = .meta
            } else if scanner.starts(with: "@@") {
                token = .section
            } else if scanner.current == UInt8(ascii: "+") {
                token = .inserted
            } else if scanner.current == UInt8(ascii: "-") {
                token = .deleted
            } else {
                token = nil
            }
            scanner.skipLine()
            if let token { scanner.mark(token, from: start) }
            // The line break, alone.
            if scanner.current == 13 { scanner.position += 1 }
            if scanner.current == 10 { scanner.position += 1 }
        }
        return scanner
    }
}
