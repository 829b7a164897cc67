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

    /// Reads each line of a paragraph as a possible `Label: value`; a paragraph that is a list run
    /// together (`**Primary** - Midnight: `#0E1B2A` - Cyan: `#3DF2D0``) item by item; a bold name
    /// with its value in brackets (`**Deep Black** (`#000000` or `#0A0A0A`)`) as that name and value;
    /// and a scale (`Spacing Scale: 4px, 8px, 16px`) as one token per value.
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
        if path.isEmpty, readRunTogetherList(lines, into: &collector) { return }
        // `**Deep Black** (`#000000` or …)`: the bold name, its value in brackets.
        if let first = paragraph.children.first, case .strong = first.kind {
            let name = first.plainText.trimmed(" :")
            let rest = lines[0].text.dropFirst(first.plainText.count).trimmed()
            if rest.hasPrefix("("), rest.hasSuffix(")"), LabelledValue.isLabel(name) {
                lines[0].text = name + ": " + rest.dropFirst().dropLast()
            }
        }
        // Every value has a `#` or a digit in it; most lines of prose have neither.
        // Foundation's search for the separators (through NSString) runs only
        // where their bytes are.
        for (text, line) in lines
        where text.utf8.contains(where: { $0 == 0x23 || ($0 >= 0x30 && $0 <= 0x39) })
            && ((text.containsBytes(":") && text.contains(":"))
                || (text.containsBytes(" — ") && text.contains(" — "))
                || (text.containsBytes(" = ") && text.contains(" = ")))
        {
            if readScale(text, line: line, path: path, kind: kind, into: &collector) { continue }
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

    /// `**Primary Colors** - Midnight Blue: `#0E1B2A` (Trust) - Electric Cyan: `#3DF2D0``, or
    /// `Primary: - Midnight Blue `#0E1B2A` - Electric Cyan `#3DF2D0``: a list whose line breaks were
    /// lost, read item by item when its lead is a label alone and at least two items hold a value.
    /// The lead groups the items, as a label does.
    private func readRunTogetherList(_ lines: [(text: String, line: Int)], into collector: inout TokenCollector)
        -> Bool
    {
        // The text with each item's line: items run across soft breaks (`Sun` / `Coral: …`).
        var text = ""
        var lineAt: [(offset: Int, line: Int)] = []
        for (index, entry) in lines.enumerated() {
            if index > 0 { text += " " }
            lineAt.append((text.utf8.count, entry.line))
            text += entry.text
        }
        // A list run together has a `#` and ` - ` between its items: most paragraphs
        // have neither, and are not split (through NSString) to find that out.
        guard text.utf8.contains(UInt8(ascii: "#")), text.containsBytes(" - ") else { return false }
        let parts = text.components(separatedBy: " - ")
        guard parts.count >= 3, text.contains("#") else { return false }
        let lead = parts[0].trimmed(" :*_")
        guard LabelledValue.isLabel(lead), !lead.contains("#") else { return false }
        var entries: [(LabelledValue, Int)] = []
        var offset = parts[0].utf8.count + 3
        for part in parts.dropFirst() {
            // The item's line is its value's (`Deep` / `Moss: #2F4F3A` is on the second).
            let valueOffset =
                offset
                + (part.utf8.firstIndex(of: 0x23).map { part.utf8.distance(from: part.utf8.startIndex, to: $0) } ?? 0)
            let line = lineAt.last { $0.offset <= valueOffset }?.line ?? lines[0].line
            offset += part.utf8.count + 3
            var item = part.trimmed()
            // `Midnight Blue #0E1B2A`: the name, then the value, with nothing between.
            if LabelledValue.firstSeparator(in: item) == nil, let space = item.lastIndex(of: " "),
                item[item.index(after: space)...].hasPrefix("#")
            {
                item = item[..<space].trimmed() + ": " + item[item.index(after: space)...]
            }
            if let entry = LabelledValue(line: item, colorsOnly: true, colorContext: blockKind == .color) {
                entries.append((entry, line))
            }
        }
        guard entries.count >= 2, entries.count * 2 >= parts.count - 1 else { return false }
        let group = groupPath + [Self.groupName(lead)]
        for (entry, line) in entries {
            add(entry, path: group + [entry.label], mode: entry.mode, description: "", line: line, to: &collector)
        }
        return true
    }

    /// `Spacing Scale: 4px, 8px, 16px, 24px`: a scale of three or more lengths or durations, each a
    /// token named by its value (nothing else names the steps).
    private func readScale(
        _ text: String, line: Int, path: [String], kind: DesignToken.Kind?, into collector: inout TokenCollector
    ) -> Bool {
        guard let separator = LabelledValue.firstSeparator(in: text), text[separator].contains(":") else {
            return false
        }
        let label = text[..<separator.lowerBound].trimmed(" *_`-")
        let items = text[separator.upperBound...].trimmed(" .").split(separator: ",").map { $0.trimmed(" `*_") }
        guard items.count >= 3, LabelledValue.isLabel(label) else { return false }
        var entries: [LabelledValue] = []
        for item in items {
            guard
                let entry = LabelledValue(
                    label: label, value: item, wholeCell: true, colorsOnly: false, kind: kind, colorContext: false),
                case .value(let value, let valueKind?) = entry.reading, valueKind != .color, entry.description.isEmpty
            else { return false }
            switch value {
            case .dimension, .duration: entries.append(entry)
            default: return false
            }
        }
        let base =
            path.isEmpty ? tokenPath(label) : path.flatMap { $0.split(separator: ".").map(String.init) } + [label]
        for entry in entries {
            add(entry, path: base + [entry.written], mode: nil, description: "", line: line, to: &collector)
        }
        return true
    }
}
