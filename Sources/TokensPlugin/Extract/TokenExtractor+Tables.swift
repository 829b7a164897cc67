import Foundation
import SpecSiteKit

// Tables of tokens: a value column or Light and Dark columns, type styles, stated contrast pairs.

extension TokenExtractor {
    // MARK: - Tables

    mutating func readTable(_ table: MarkdownNode) {
        guard let header = table.children.first, case .tableRow(isHeader: true) = header.kind else { return }
        let writtenTitles = header.children.map { Self.cellText($0) }
        let titles = writtenTitles.map { $0.lowercased() }
        guard table.children.count > 1, titles.count >= 2 else { return }
        readStatedPairs(table, titles: titles)
        // Most tables hold no tokens: a sample of rows decides before every
        // cell of a long table is read.
        let sample = table.children.dropFirst().prefix(50).map { $0.children.map(Self.cellText) }
        guard Self.mayHoldTokens(titles: titles, sample: sample) else { return }
        let rows = table.children.dropFirst().map { $0.children.map(Self.cellText) }
        let kindFromHeading = blockKind
        let colorContext = kindFromHeading == .color || titles.contains { ValueReader.kind(forWord: $0) == .color }
        if readTypographyTable(table, titles: titles, rows: rows) { return }
        if readShadowTable(table, titles: titles, rows: rows) { return }

        // Value columns: named so, or mostly holding values.
        let valueWords: Set<String> = [
            "value", "hex", "color", "colour", "code", "rgb", "hsl", "css", "token value", "default", "px", "size",
            "hex code", "swatch",
        ]
        var modes: [Int: DesignToken.Mode] = [:]
        // Columns that give tokens of their own, named by their title: `Accessible Light` beside
        // `Light`, or each of several colour columns (`Mark Fill`, `Frame`, `Background`).
        var columnNames: [Int: String] = [:]
        var valueColumns: [Int] = []
        var namedColumns: Set<Int> = []
        var ownColumns: [Int] = []
        for (column, title) in titles.enumerated() {
            let words = title.split(whereSeparator: { !$0.isLetter }).map(String.init)
            let lightOrDark: DesignToken.Mode? =
                words.contains("light") != words.contains("dark") ? (words.contains("light") ? .light : .dark) : nil
            if let lightOrDark {
                modes[column] = lightOrDark
                valueColumns.append(column)
                namedColumns.insert(column)
                // `Light`, `Dark Mode`, `Light (on white)` name a mode; `Accessible Light` a variant in it.
                if Self.mode(ofTitle: Self.groupName(title)) == nil {
                    let rest = writtenTitles[column].split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                        .filter { !["light", "dark"].contains($0.lowercased()) }.joined(separator: " ")
                    if !rest.isEmpty { columnNames[column] = rest }
                }
            } else if valueWords.contains(title) {
                valueColumns.append(column)
                namedColumns.insert(column)
            } else if mostlyValues(rows, column: column, kind: kindFromHeading, colorContext: colorContext) {
                valueColumns.append(column)
                ownColumns.append(column)
            }
        }
        let nameWords: Set<String> = ["name", "token", "role", "variable", "token name", "usage name", "alias"]
        guard
            let nameColumn = titles.firstIndex(where: { nameWords.contains($0) })
                ?? titles.indices.first(where: { !valueColumns.contains($0) })
        else { return }
        valueColumns.removeAll { $0 == nameColumn }
        guard !valueColumns.isEmpty else { return }
        // Beside other value columns, a column found by its values is a token of its own.
        if valueColumns.count > 1 {
            for column in ownColumns where column != nameColumn { columnNames[column] = writtenTitles[column] }
        }

        var collector = collector(for: table, firstLine: 1)
        for (offset, row) in table.children.dropFirst().enumerated() {
            let cells = rows[offset]
            guard nameColumn < cells.count else { continue }
            var name = cells[nameColumn]
            while name.hasPrefix("-") || name.hasPrefix("$") { name.removeFirst() }
            guard !name.isEmpty, name.count <= 80 else { continue }
            let description = cells.indices.filter { $0 != nameColumn && !valueColumns.contains($0) }
                .map { cells[$0] }.filter { !$0.isEmpty }.joined(separator: " · ")
            let rowPath = tokenPath(name)
            for column in valueColumns where column < cells.count {
                // `Tint Colors.Accessible.systemBlue`: the column is a group beside the row's own token.
                let path =
                    columnNames[column].map { Array(rowPath.dropLast()) + [$0] + rowPath.suffix(1) } ?? rowPath
                // Only a column named for values (Value, Light, Dark, …) names other tokens.
                let mayAlias = namedColumns.contains(column)
                guard Self.mayBeValue(cells[column]) || (mayAlias && Self.aliasCandidate(cells[column]) != nil)
                else { continue }
                guard
                    let entry = LabelledValue(
                        label: name, value: cells[column], wholeCell: true, colorsOnly: false, kind: kindFromHeading,
                        colorContext: colorContext)
                else {
                    if let target = Self.aliasCandidate(cells[column]) {
                        collector.refer(
                            path: path, mode: modes[column], target: target, written: cells[column],
                            description: description, line: row.line, kind: nil)
                    }
                    continue
                }
                add(entry, path: path, mode: modes[column], description: description, line: row.line, to: &collector)
            }
        }
        finish(collector)
    }

    /// A contrast table (`| Foreground | Background | Ratio |`) states which colours are used
    /// together.
    mutating func readStatedPairs(_ table: MarkdownNode, titles: [String]) {
        guard
            let front = titles.firstIndex(where: {
                ["foreground", "text", "fg", "text colour", "text color"].contains($0)
            }),
            let back = titles.firstIndex(where: {
                ["background", "bg", "on", "surface", "background colour", "background color"].contains($0)
            })
        else { return }
        for row in table.children.dropFirst() {
            let cells = row.children.map(Self.cellText)
            guard front < cells.count, back < cells.count, !cells[front].isEmpty, !cells[back].isEmpty,
                cells[front].count <= 80, cells[back].count <= 80
            else { continue }
            result.statedPairs.append(.init(foreground: cells[front], background: cells[back]))
        }
    }

    /// A row's name as a path: a name written as a path (`color.text.primary`,
    /// `plum/950`) is split into its parts; a plain one (`Accent`) is grouped
    /// under the nearest heading.
    func tokenPath(_ name: String) -> [String] {
        if !name.contains(" "), name.contains(".") || name.contains("/") {
            let parts = name.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
            if !parts.isEmpty { return parts }
        }
        return groupPath + [name]
    }

    /// Reads a table whose columns are the parts of a type style (Size, Line
    /// Height, Weight, …): one typography token per row.
    mutating func readTypographyTable(_ table: MarkdownNode, titles: [String], rows: [[String]]) -> Bool {
        var parts: [Int: String] = [:]
        for (column, title) in titles.enumerated() {
            switch title {
            case "size", "font size", "font-size": parts[column] = "fontsize"
            case "line height", "line-height", "leading": parts[column] = "lineheight"
            case "weight", "font weight", "font-weight": parts[column] = "fontweight"
            case "letter spacing", "letter-spacing", "tracking": parts[column] = "letterspacing"
            case "family", "font", "font family", "font-family", "typeface": parts[column] = "fontfamily"
            default: break
            }
        }
        guard parts.count >= 2, parts.values.contains("fontsize"),
            let nameColumn = titles.indices.first(where: { parts[$0] == nil })
        else { return false }
        var collector = collector(for: table, firstLine: 1)
        for (offset, row) in table.children.dropFirst().enumerated() {
            let cells = rows[offset]
            guard nameColumn < cells.count, !cells[nameColumn].isEmpty else { continue }
            let entries = parts.sorted(by: { $0.key < $1.key }).compactMap { column, key -> CodeEntry? in
                guard column < cells.count, !cells[column].isEmpty else { return nil }
                var text = cells[column]
                // `SF Pro Rounded (tabular)`: the note is not part of the name.
                if key == "fontfamily", let open = text.firstIndex(of: "(") {
                    text = text[..<open].trimmed()
                }
                let literal = key == "fontfamily" ? "\"\(text)\"" : text
                return CodeEntry(key: key, value: .scalar(literal), line: row.line, comment: "")
            }
            let style = CodeTokens.typography(entries)
            guard !style.isEmpty else { continue }
            let description = cells.indices.filter { $0 != nameColumn && parts[$0] == nil }.map { cells[$0] }
                .filter { !$0.isEmpty }.joined(separator: " · ")
            collector.add(
                path: tokenPath(cells[nameColumn]), mode: nil, kind: .typography, value: .typography(style),
                written: parts.keys.sorted().compactMap { $0 < cells.count && !cells[$0].isEmpty ? cells[$0] : nil }
                    .joined(separator: " · "), description: description, line: row.line)
        }
        finish(collector)
        return true
    }

    /// Whether most filled cells of a column read as values.
    func mostlyValues(
        _ rows: [[String]], column: Int, kind: DesignToken.Kind?, colorContext: Bool
    ) -> Bool {
        var values = 0
        var filled = 0
        for row in rows.prefix(200) where column < row.count && !row[column].isEmpty {
            filled += 1
            if Self.mayBeValue(row[column]),
                let entry = LabelledValue(
                    line: "x: " + row[column], colorsOnly: false, kind: kind, colorContext: colorContext),
                case .value = entry.reading
            {
                values += 1
            }
        }
        return filled > 0 && values * 2 >= filled
    }

    func add(
        _ entry: LabelledValue, path: [String], mode: DesignToken.Mode?, description: String, line: Int,
        to collector: inout TokenCollector
    ) {
        switch entry.reading {
        case .value(let value, let kind?):
            collector.add(
                path: path, mode: mode ?? entry.mode, kind: kind, value: value, written: entry.written,
                description: description.isEmpty ? entry.description : description, line: line)
        case .invalidColor(let message):
            collector.warn(line: line, "\(path.last ?? ""): \(message)")
        case .reference(let target):
            collector.refer(
                path: path, mode: mode ?? entry.mode, target: target, written: entry.written,
                description: description.isEmpty ? entry.description : description, line: line, kind: nil)
        default:
            break
        }
    }

    /// Reads a table whose columns are the parts of a shadow (`Radius`, `Offset`, `Opacity`, `Blur`,
    /// `Color`) under a heading or label about shadows: one shadow per row. A radius is iOS's, half
    /// the CSS blur, as in code; an offset is `(x, y)` or `y` alone.
    mutating func readShadowTable(_ table: MarkdownNode, titles: [String], rows: [[String]]) -> Bool {
        var parts: [Int: String] = [:]
        for (column, title) in titles.enumerated() {
            switch title {
            case "radius", "shadow radius", "blur radius": parts[column] = "radius"
            case "blur": parts[column] = "blur"
            case "offset", "shadow offset", "offset (x, y)", "x, y": parts[column] = "offset"
            case "x", "offset x", "x offset": parts[column] = "x"
            case "y", "offset y", "y offset": parts[column] = "y"
            case "opacity", "alpha", "shadow opacity": parts[column] = "opacity"
            case "color", "colour", "shadow color", "shadow colour": parts[column] = "color"
            case "spread": parts[column] = "spread"
            default: break
            }
        }
        let values = Set(parts.values)
        guard blockKind == .shadow, parts.count >= 2, !values.isDisjoint(with: ["radius", "blur"]),
            !values.isDisjoint(with: ["offset", "x", "y", "opacity"]),
            let nameColumn = titles.indices.first(where: { parts[$0] == nil })
        else { return false }
        var collector = collector(for: table, firstLine: 1)
        for (offset, row) in table.children.dropFirst().enumerated() {
            let cells = rows[offset]
            guard nameColumn < cells.count, !cells[nameColumn].isEmpty else { continue }
            var entries: [CodeEntry] = []
            func entry(_ key: String, _ value: String) {
                entries.append(CodeEntry(key: key, value: .scalar(value), line: row.line, comment: ""))
            }
            for (column, part) in parts.sorted(by: { $0.key < $1.key }) where column < cells.count {
                let cell = cells[column].trimmed("`* ")
                guard !cell.isEmpty else { continue }
                switch part {
                case "offset":
                    let numbers = cell.split(whereSeparator: { "(), ".contains($0) }).map(String.init)
                        .filter { ValueReader.unitNumber($0) != nil }
                    if numbers.count >= 2 {
                        entry("x", numbers[0])
                        entry("y", numbers[1])
                    } else if let only = numbers.first {
                        entry("y", only)
                    }
                case "opacity":
                    guard let (amount, unit) = ValueReader.unitNumber(cell), unit == "%" || unit.isEmpty else {
                        continue
                    }
                    entry("opacity", TokenFormat.number(unit == "%" ? amount / 100 : amount))
                case "color":
                    entry("color", "'" + cell + "'")
                default:
                    entry(part, cell)
                }
            }
            guard let layer = CodeTokens.shadowLayer(entries) else { continue }
            let description = cells.indices.filter { $0 != nameColumn && parts[$0] == nil }.map { cells[$0] }
                .filter { !$0.isEmpty }.joined(separator: " · ")
            collector.add(
                path: tokenPath(cells[nameColumn]), mode: nil, kind: .shadow, value: .shadow([layer]),
                written: parts.keys.sorted().compactMap { $0 < cells.count && !cells[$0].isEmpty ? cells[$0] : nil }
                    .joined(separator: " · "), description: description, line: row.line)
        }
        finish(collector)
        return true
    }
}
