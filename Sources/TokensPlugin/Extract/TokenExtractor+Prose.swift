import Foundation
import SpecSiteKit

// Tokens in bullet lists and `Label: value` paragraphs.

extension TokenExtractor {
    // MARK: - Lists and paragraphs

    /// Reads `- **Accent**: #FF7A00 — …` items; an item that is only a label
    /// with `Light: …` / `Dark: …` items under it becomes a pair.
    mutating func readList(_ list: MarkdownNode, parent: String?, into collector: inout TokenCollector) {
        for item in list.children {
            guard let paragraph = item.children.first, case .paragraph = paragraph.kind else { continue }
            let before = collector.tokens.count + collector.references.count
            readParagraph(paragraph, path: parent.map { [$0] } ?? [], into: &collector)
            let found = collector.tokens.count + collector.references.count > before
            guard !found, item.children.count > 1 else { continue }
            let label = paragraph.plainText.trimmed(" :*")
            guard LabelledValue.isLabel(label) else { continue }
            for case let sublist in item.children.dropFirst() where sublist.kind.isList {
                readList(sublist, parent: (parent.map { $0 + "." } ?? "") + label, into: &collector)
            }
        }
    }

    /// Reads each line of a paragraph as a possible `Label: value`.
    func readParagraph(_ paragraph: MarkdownNode, path: [String], into collector: inout TokenCollector) {
        var lines: [(text: String, line: Int)] = [("", paragraph.line)]
        for child in paragraph.children {
            switch child.kind {
            case .softBreak, .lineBreak:
                lines.append(("", child.line == 0 ? lines[lines.count - 1].line + 1 : child.line + 1))
            default:
                lines[lines.count - 1].text += child.plainText
            }
        }
        let kind = blockKind
        // Every value has a `#` or a digit in it; most lines of prose have neither.
        for (text, line) in lines
        where text.utf8.contains(where: { $0 == 0x23 || ($0 >= 0x30 && $0 <= 0x39) })
            && (text.contains(":") || text.contains(" — ") || text.contains(" = "))
        {
            guard let entry = LabelledValue(line: text, colorsOnly: false, kind: kind, colorContext: kind == .color)
            else { continue }
            let tokenPath: [String]
            if path.isEmpty {
                tokenPath = self.tokenPath(entry.label)
            } else {
                let group = path.flatMap { $0.split(separator: ".").map(String.init) }
                tokenPath = entry.mode != nil ? group : group + [entry.label]
            }
            add(entry, path: tokenPath, mode: entry.mode, description: "", line: line, to: &collector)
        }
    }
}
