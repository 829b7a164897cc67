import SpecSiteKit

/// Lines that look like a task but that markdown does not read as one, so
/// no reader counts them: `[ ] Deploy` with no list marker, `- [] Deploy`,
/// `-[ ] Deploy`, `- [ x] Deploy`. A format that changes how it writes boxes,
/// or an agent that drops the dash, would otherwise lose its tasks silently;
/// each such line is a warning at its line instead.
enum UnreadTasks {
    /// The lines of `page` that look like tasks and are no box of `read`
    /// (the lines of the boxes the readers found), outside code.
    static func warnings(in page: Page, read: [ChecklistEntry]) -> [LineMessage] {
        // Most pages have no bracket pair that could be one.
        guard
            page.markdown.containsBytes("[ ]") || page.markdown.containsBytes("[]")
                || page.markdown.containsBytes("[x") || page.markdown.containsBytes("[X")
                || page.markdown.containsBytes(" x]") || page.markdown.containsBytes(" X]")
        else { return [] }
        // One pass over the bytes, lines ended as cmark-gfm ends them (LF,
        // CR LF, a lone CR); a line is looked at only when it starts like a
        // list item or a box (a page of boxes was 1.3 million instructions
        // through `SourceLines` and `Substring`).
        var candidates: [(line: Int, problem: String)] = []
        var markdown = page.markdown
        markdown.withUTF8 { bytes in
            var number = page.bodyFirstLine
            var start = 0
            var index = 0
            while start <= bytes.count {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
                let line = bytes[start..<index]
                if let first = line.first(where: { $0 != UInt8(ascii: " ") }), startsLikeATask(first),
                    let problem = problem(bytes: line)
                {
                    candidates.append((number, problem))
                }
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                index += 1
                start = index
                number += 1
            }
        }
        guard !candidates.isEmpty else { return [] }
        var code: [ClosedRange<Int>] = []
        page.document.root.walk { node in
            switch node.kind {
            case .codeBlock, .htmlBlock:
                code.append(node.line...max(node.line, node.endLine))
                return false
            default: return true
            }
        }
        let boxes = Set(read.map(\.line))
        return candidates.filter { candidate in
            !boxes.contains(candidate.line) && !code.contains { $0.contains(candidate.line) }
        }.map {
            LineMessage(
                line: $0.line,
                message: "this line looks like a task but is not read as one (\($0.problem)); a task is a list"
                    + " item that starts '- [ ] ' or '- [x] '")
        }
    }

    /// `[`, a list marker or a digit: what a line that looks like a task starts with.
    private static func startsLikeATask(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "[") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// What keeps a line that looks like a task from being one, or nil when
    /// it does not look like one.
    static func problem(_ text: Substring) -> String? {
        var line = String(text)
        return line.withUTF8 { problem(bytes: $0[...]) }
    }

    /// ``problem(_:)`` over a line's UTF-8 bytes.
    static func problem(bytes text: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        var bytes = text.drop { $0 == UInt8(ascii: " ") }
        guard text.count - bytes.count <= 3 else { return nil }
        var marker = false
        if let first = bytes.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
        {
            marker = true
            bytes = bytes.dropFirst()
        } else {
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if !digits.isEmpty, digits.count <= 9,
                let after = bytes.dropFirst(digits.count).first,
                after == UInt8(ascii: ".") || after == UInt8(ascii: ")")
            {
                marker = true
                bytes = bytes.dropFirst(digits.count + 1)
            }
        }
        let spaces = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        bytes = bytes.dropFirst(spaces)
        guard bytes.first == UInt8(ascii: "[") else { return nil }
        // Up to three bytes between the brackets, kept without an array.
        var count = 0
        var inside: (UInt8, UInt8) = (0, 0)
        var cursor = bytes.index(after: bytes.startIndex)
        while cursor < bytes.endIndex, bytes[cursor] != UInt8(ascii: "]") {
            guard count < 3 else { return nil }
            if count == 0 { inside.0 = bytes[cursor] } else if count == 1 { inside.1 = bytes[cursor] }
            count += 1
            cursor += 1
        }
        guard cursor < bytes.endIndex else { return nil }
        let rest = bytes[(cursor + 1)...]
        // Something must follow the box: a lone `[ ]` is no task either way.
        guard let next = rest.first, next == UInt8(ascii: " "), rest.contains(where: { $0 != UInt8(ascii: " ") })
        else { return nil }
        func isTick(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") }
        let space = UInt8(ascii: " ")
        let isBox = count == 1 && (inside.0 == space || isTick(inside.0))
        let isSpacedTick =
            count == 2 && ((inside.0 == space && isTick(inside.1)) || (inside.1 == space && isTick(inside.0)))
        if !marker && isBox { return "no list marker before the box" }
        guard marker else { return nil }
        if spaces == 0 && isBox { return "no space after the list marker" }
        if count == 0 { return "the box is empty: '[]' needs a space, '[ ]'" }
        if isSpacedTick { return "a space beside the x in the box" }
        return nil
    }
}
