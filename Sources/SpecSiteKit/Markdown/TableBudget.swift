/// Keeps cmark-gfm from filling in millions of table cells.
///
/// cmark-gfm pads every row of a table to its header's width, so a 26 KB
/// table of 5,000 columns and 2,000 one-cell rows became 10 million cells
/// (3 GB and 23 s). Later cmark-gfm versions stop such tables; Debian's
/// 0.29.0.gfm.6 does not. Every cell a text writes costs at least a byte, so
/// only filled-in cells can outgrow the text: a table whose width times its
/// rows passes the text's size (or ``minimumCells``) is not read as a table.
/// Written here because cmark-gfm has no setting for it.
enum TableBudget {
    /// Cells any table may have however small the document.
    static let minimumCells = 500_000

    /// `text` with the delimiter row (`|---|---|`) of each table too big to
    /// fill in escaped with a `\`, so cmark reads its lines as a paragraph,
    /// and the (1-based) line of each such row. Lines keep their numbers.
    static func defuse(_ text: String) -> (text: String, lines: [Int]) {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "|")) else { return (text, []) }
        let budget = max(bytes.count, minimumCells)
        // Lines as byte ranges (a `\r` before `\n` stays in its line, as blank).
        var lines: [Range<Int>] = []
        var lineStart = 0
        for (offset, byte) in bytes.enumerated() where byte == 10 {
            lines.append(lineStart..<offset)
            lineStart = offset + 1
        }
        lines.append(lineStart..<bytes.count)
        var escapes: [(line: Int, at: Int)] = []
        var index = 0
        while index < lines.count {
            guard let start = delimiterStart(bytes[lines[index]]) else {
                index += 1
                continue
            }
            var columns = 0
            var inCell = false
            for byte in bytes[start..<lines[index].upperBound] {
                if byte == UInt8(ascii: "|") {
                    inCell = false
                } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") {
                    if !inCell { columns += 1 }
                    inCell = true
                }
            }
            var next = index + 1
            while next < lines.count && !bytes[lines[next]].allSatisfy(isBlank) { next += 1 }
            let rows = next - index - 1
            if columns * (rows + 2) > budget { escapes.append((index + 1, start)) }
            index = next
        }
        guard !escapes.isEmpty else { return (text, []) }
        var result = bytes
        for escape in escapes.reversed() { result.insert(UInt8(ascii: "\\"), at: escape.at) }
        return (String(decoding: result, as: UTF8.self), escapes.map(\.line))
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Where a delimiter row's cells start (after indentation and `>` marks),
    /// or nil when `line` is no delimiter row: `|`, `-`, `:` and blanks only,
    /// with at least one `|` and one `-`.
    private static func delimiterStart(_ line: ArraySlice<UInt8>) -> Int? {
        var start = line.startIndex
        while start < line.endIndex && (isBlank(line[start]) || line[start] == UInt8(ascii: ">")) { start += 1 }
        let rest = line[start...]
        guard rest.contains(UInt8(ascii: "|")), rest.contains(UInt8(ascii: "-")),
            rest.allSatisfy({
                isBlank($0) || $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":")
            })
        else { return nil }
        return start
    }
}
