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
        var found: [LineMessage] = []
        for line in SourceLines(page.markdown, firstLine: page.bodyFirstLine) {
            guard !boxes.contains(line.number), let problem = problem(line.text) else { continue }
            guard !code.contains(where: { $0.contains(line.number) }) else { continue }
            found.append(
                LineMessage(
                    line: line.number,
                    message: "this line looks like a task but is not read as one (\(problem)); a task is a list"
                        + " item that starts '- [ ] ' or '- [x] '"))
        }
        return found
    }

    /// What keeps a line that looks like a task from being one, or nil when
    /// it does not look like one.
    static func problem(_ text: Substring) -> String? {
        var bytes = text.utf8.drop { $0 == UInt8(ascii: " ") }
        guard text.utf8.count - bytes.count <= 3 else { return nil }
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
        let inside = Array(bytes.dropFirst().prefix { $0 != UInt8(ascii: "]") }.prefix(4))
        guard inside.count <= 3, bytes.dropFirst(inside.count + 1).first == UInt8(ascii: "]") else { return nil }
        let rest = bytes.dropFirst(inside.count + 2)
        // Something must follow the box: a lone `[ ]` is no task either way.
        guard let next = rest.first, next == UInt8(ascii: " "), rest.contains(where: { $0 != UInt8(ascii: " ") })
        else { return nil }
        let isBox = inside == [UInt8(ascii: " ")] || inside == [UInt8(ascii: "x")] || inside == [UInt8(ascii: "X")]
        let isSpacedTick =
            inside.count == 2 && inside.contains(UInt8(ascii: " "))
            && (inside.contains(UInt8(ascii: "x")) || inside.contains(UInt8(ascii: "X")))
        if !marker && isBox { return "no list marker before the box" }
        guard marker else { return nil }
        if spaces == 0 && isBox { return "no space after the list marker" }
        if inside.isEmpty { return "the box is empty: '[]' needs a space, '[ ]'" }
        if isSpacedTick { return "a space beside the x in the box" }
        return nil
    }
}
