import Foundation
import SpecSiteKit

/// Work-list tables: rows as items, or the status a section leaves out; the
/// Implementation Order table.
extension PlanReader {
    // MARK: Tables

    /// A work-items comment that no table follows.
    mutating func warnUnused(_ marker: (marker: WorkTableRule.Marker, line: Int)) {
        let name = marker.marker == .workItems ? WorkTableRule.workItemsComment : WorkTableRule.notWorkItemsComment
        warnings.append(
            LineMessage(
                line: marker.line,
                message: "\(name) applies to the table right after it, and none follows (ignored)"))
    }

    mutating func readTable(_ table: MarkdownNode, marker: WorkTableRule.Marker?) {
        // The table's own comment wins over the page's front matter.
        let mode: WorkTableRule.Switch =
            switch marker {
            case .workItems: .on
            case .notWorkItems: .off
            default: tableSwitch
            }
        guard mode != .off else { return }
        let rows = table.children.map { row in row.children.map { $0.plainText.trimmingSpaces } }
        guard let header = rows.first?.map({ $0.lowercased() }), rows.count > 1 else { return }
        let body = Array(zip(table.children.dropFirst(), rows.dropFirst()))
        // The Implementation Order table maps chunks to phases; one with a
        // status column is a work list, read below.
        if let chunks = header.firstIndex(where: { $0.hasPrefix("chunk") }),
            let phase = header.firstIndex(where: { $0 == "phase" || $0 == "stage" || $0 == "milestone" }),
            !header.contains(where: { $0 == "status" || $0 == "state" || $0 == "progress" })
        {
            let priority = header.firstIndex { $0 == "priority" }
            for (_, cells) in body where cells.indices.contains(chunks) && cells.indices.contains(phase) {
                let dependencies = StatusText.dependencies(cells[chunks])
                for id in dependencies.ids {
                    phaseOfChunk[id] = (cells[phase], priority.flatMap { cells.indices.contains($0) ? cells[$0] : nil })
                }
            }
            return
        }
        let statusColumn: WorkTableRule.StatusColumn
        switch WorkTableRule.decide(header: rows[0], body: Array(rows.dropFirst()), mode: mode) {
        case .workList(let column):
            statusColumn = column
        case .notWorkList(.noStatusColumn) where marker == .workItems:
            warnings.append(
                LineMessage(
                    line: table.line,
                    message: "\(WorkTableRule.workItemsComment) marks a table with no status column (Status, State,"
                        + " Progress, Done, ✅); it is read as prose"))
            return
        case .notWorkList:
            return
        }
        // A Status column of work, not of screen states (`Empty day`, `On pace`):
        // most of its cells must be status words, unless the author said it is work.
        if mode == .auto {
            let cells = rows.dropFirst().compactMap { row in
                row.indices.contains(statusColumn.index) ? statusText(row[statusColumn.index], in: statusColumn) : nil
            }.filter { !$0.isEmpty }
            var recognised = 0
            for cell in cells where readStatus(cell).recognised { recognised += 1 }
            guard recognised * 2 > cells.count else { return }
        }
        statusTables.append(
            PendingTable(
                header: header, statusColumn: statusColumn, rows: body.map { ($0.0, $0.1) },
                parent: open.last.map { fact.items[$0.index].key }, anchor: heading?.id,
                optional: inOptionalSection))
    }

    /// A status cell as a status text: a check column's empty cell is not started.
    func statusText(_ cell: String, in column: WorkTableRule.StatusColumn) -> String {
        column.isCheck ? WorkTableRule.checkStatusText(cell) : cell
    }

    mutating func readStatusTable(_ table: PendingTable) {
        let (header, statusColumn) = (table.header, table.statusColumn.index)
        for (row, cells) in table.rows where cells.indices.contains(statusColumn) {
            let statusText = statusText(cells[statusColumn], in: table.statusColumn)
            guard !statusText.isEmpty else { continue }
            // The row's own chunk id is in its name cell or an id column, never in
            // a column of what it depends on (`| Add login | ✅ | CHUNK-002 |`).
            let named = cells.indices.first { $0 != statusColumn && !cells[$0].isEmpty }
            let idCells = cells.indices.filter { column in
                column != statusColumn && header.indices.contains(column)
                    && (column == named || header[column].hasPrefix("chunk") || header[column] == "id")
                    && !["depend", "block", "require", "after", "prereq"].contains { header[column].contains($0) }
            }
            let chunk = idCells.lazy.compactMap { try? Self.chunkHeading.firstMatch(in: cells[$0]) }.first
            if let chunk, let index = firstItemWithID[StatusText.chunkID(number: chunk.1)] {
                fillStatus(of: index, from: statusText, line: row.line)
                continue
            }
            guard let nameColumn = cells.indices.first(where: { $0 != statusColumn && !cells[$0].isEmpty }) else {
                continue
            }
            let name = cells[nameColumn]
            // `| **TOTAL** | 61% | 14/23 |` adds the rows up: no work of its own.
            if chunk == nil, Self.isSum(name) { continue }
            if chunk == nil {
                let names = Self.rowNames(
                    name: name, column: nameColumn, cells: cells, header: header, status: statusColumn)
                if let index = describedItem(names) {
                    fillStatus(of: index, from: statusText, line: row.line)
                    continue
                }
                if let heading = restatedHeading(names) {
                    restate(heading, name: name, statusText: statusText, line: row.line)
                    continue
                }
            }
            let id = chunk.map { StatusText.chunkID(number: $0.1) } ?? Slugger.slugify(name)
            guard !id.isEmpty else { continue }
            let others = cells.enumerated().filter { $0.offset != statusColumn }.map(\.element)
            var title = others.dropFirst().first { !$0.isEmpty && StatusText.readEstimate($0) == nil } ?? name
            if chunk == nil {
                title = Self.rowTitle(
                    name: name, column: nameColumn, cells: cells, header: header, status: statusColumn)
            }
            var item = WorkItem(
                id: id, key: page.sourcePath + "#" + id, kind: chunk == nil ? .row : .chunk, title: title,
                sourcePath: page.sourcePath, displayPath: page.displayPath, line: row.line, anchor: table.anchor)
            if keys.contains(item.key) { item.key += "@\(row.line)" }
            applyStatus(statusText, to: &item, line: row.line)
            for (offset, column) in header.enumerated() where cells.indices.contains(offset) && offset != statusColumn {
                let value = cells[offset]
                if column.contains("depend") {
                    let dependencies = StatusText.dependencies(value)
                    item.dependencyIDs = dependencies.ids
                    item.dependencyText = value
                    item.dependencyLine = row.line
                } else if column.contains("estimate") || column == "effort" || column == "time" {
                    item.estimate = readEstimate(value, of: item.id, line: row.line)
                } else if column == "priority" {
                    item.priority = value
                } else if column.contains("note") {
                    item.note = item.note ?? (value.isEmpty ? nil : value)
                }
            }
            item.parent = table.parent
            append(item)
            if table.optional { optionalItems.insert(fact.items.count - 1) }
        }
    }

    /// The section a row describes: the row fills a status the section left
    /// out; where both state one and they contradict each other (done and not
    /// started, not in progress and in review), the section's is kept (it says
    /// more) and a hint says what the table says.
    mutating func fillStatus(of index: Int, from statusText: String, line: Int) {
        var item = fact.items[index]
        if !item.statusStated {
            applyStatus(statusText, to: &item, line: line)
        } else {
            let reading = readStatus(statusText)
            if reading.recognised, StatusText.contradict(reading.status, item.status) {
                item.hint(
                    "the table says '\(statusText)' (\(reading.status.label.lowercased())) but the section says"
                        + " '\(item.statusText ?? item.status.label)' (\(item.status.label.lowercased())); the"
                        + " section is used", line: line)
            }
        }
        fact.items[index] = item
    }

    /// `Phase 4` at the start of a title, not followed by more of a word or number.
    nonisolated(unsafe) static let titleLabel =
        /([A-Za-z][A-Za-z.]{0,15}[\s_-]*\d{1,4}(?:\.\d{1,4})*[a-z]?)(?![A-Za-z0-9]|\.\d)/

    /// A label as compared: lower case, one space between its parts (`T-01` is `t 01`).
    static func labelKey(_ label: Substring) -> String {
        label.lowercased().split { $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" }.joined(separator: " ")
    }

    /// Header words of a column that says what a row's work is.
    static let descriptionWords: Set<String> = [
        "description", "title", "name", "summary", "task", "feature", "item", "deliverable", "goal", "scope",
        "what", "work", "details", "subject", "story", "step", "milestone", "epic", "action", "objective", "focus",
    ]

    /// `Phase 1`, `3`, `T-01`, `#4`, `1.2`: a name that only numbers the work.
    nonisolated(unsafe) static let bareLabel = /^#?\s*(?:[A-Za-z][A-Za-z.]{0,15}[\s_-]*)?\d{1,4}(?:\.\d{1,4})*[a-z]?$/

    /// A row's title: its first cell, joined with the column that says what the
    /// work is when that cell only numbers it (`Phase 1` and `Backend wiring` →
    /// `Phase 1: Backend wiring`; a bare `3` gives way to its task).
    static func rowTitle(name: String, column: Int, cells: [String], header: [String], status: Int) -> String {
        guard (try? bareLabel.wholeMatch(in: name)) != nil else { return name }
        let described = cells.indices.first { index in
            guard index != column, index != status, !cells[index].isEmpty, header.indices.contains(index) else {
                return false
            }
            return WorkTableRule.words(header[index]).contains { word in
                descriptionWords.contains(word)
                    || (word.hasSuffix("s") && descriptionWords.contains(String(word.dropLast())))
            }
        }
        guard let described else { return name }
        let description = cells[described]
        return name.allSatisfy { $0.isNumber || $0 == "#" || $0 == "." || $0 == " " }
            ? description : name + ": " + description
    }
}
