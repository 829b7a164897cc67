import Foundation
import SpecSiteKit
import StatusPlugin

/// The terminal view of `specsite status`: a headline in each plan's unit, then
/// one block per plan with a row per work item.
///
/// Rows fit the terminal (80 columns when it cannot be asked): an id is never
/// cut, a title wraps onto lines of its own under the title column, and an id
/// that two documents share is followed by the document's name wherever it is
/// named alone (waits for, ready next).
struct StatusTable {
    let report: StatusReport
    let site: Site
    let colour: Bool
    /// Columns to fit.
    var width = 80

    /// The width of the terminal on stdout, `COLUMNS`, or 80; at least 40.
    static func terminalWidth() -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return max(40, Int(size.ws_col))
        }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return max(40, min(columns, 1000))
        }
        return 80
    }

    private func paint(_ text: String, _ status: WorkStatus) -> String {
        guard colour else { return text }
        let code =
            switch status {
            case .done: "32"
            case .inProgress, .inReview: "34"
            case .blocked: "31"
            case .notStarted: "0"
            case .cancelled, .optional, .unknown: "90"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    private static let symbols: [WorkStatus: String] = [
        .done: "✓", .inReview: "◑", .inProgress: "◐", .blocked: "✗", .notStarted: "○", .optional: "◌",
        .cancelled: "-", .unknown: "?",
    ]

    /// The widest status label (`in progress`), so ids line up.
    private static let labelWidth = WorkStatus.allCases.map { $0.label.count }.max() ?? 11

    var text: String {
        var lines: [String] = []
        let title = bold(site.config.title.isEmpty ? "Status" : Self.safe(site.config.title))
        guard !report.entries.isEmpty else {
            return title + ": no work items found (no chunks, sections with a status, checklists or GSD plans)\n"
        }
        var summary =
            report.units.map(\.text).joined(separator: ", ")
            + " done (\(NumberText.format(report.percent, decimals: 1))%)"
        let estimate = report.estimateProgress
        if estimate.total > 0 {
            summary +=
                ", \(NumberText.format(estimate.done * 100 / estimate.total, decimals: 1))% by estimate"
                + " (\(StatusViews.duration(estimate.done)) of \(StatusViews.duration(estimate.total)))"
        }
        let checkboxes = report.checkboxes
        if checkboxes.total > 0 { summary += ", \(checkboxes.done)/\(checkboxes.total) checkboxes" }
        // The formats' units: "1 of 3 spec-kit features".
        for count in report.unitCounts {
            summary +=
                "; \(count.done) of \(count.total) \(count.format.name) \(UnitProgress.plural(count.kind, count.total))"
        }
        lines += wrap(title + ": " + summary, indent: 0, hanging: 2)
        let shared = sharedIDs
        let units = Dictionary(report.workUnits.map { ($0.unit.folder, $0) }, uniquingKeysWith: { first, _ in first })
        for plan in report.plans {
            lines.append("")
            var head = plan.entries.first.map { planName($0.item) } ?? plan.scope
            if let unit = report.formats.unit(ofPath: plan.scope), let progress = units[unit.folder] {
                head = unitName(progress) + " (" + head + ")"
            }
            let counts = ([plan.unit] + plan.others).map(\.text).joined(separator: ", ")
            lines += wrap(bold(Self.safe(head)) + " — " + counts, indent: 0, hanging: 2)
            let members = report.entries.filter {
                StatusReport.scope(of: $0.item) == plan.scope && !$0.item.archived
                    && ($0.item.kind != .phase || plan.unit.kind == .phase)
            }
            for entry in members { lines += row(entry, shared: shared) }
        }
        // Units with no task list yet (a spec-kit feature that is only specified).
        for progress in report.workUnits where progress.plans.isEmpty && !progress.isHistory {
            lines.append("")
            let state = progress.unit.archived ? "archived, done" : "no tasks yet"
            lines += wrap(bold(Self.safe(unitName(progress))) + " — " + state, indent: 0, hanging: 2)
        }
        // Archived milestones in one line, each kind counted apart, as the dashboard does.
        let counts = report.archived.counts.map(\.text)
        if !counts.isEmpty {
            lines.append("")
            lines += wrap(
                bold("Archived") + " — \(counts.joined(separator: ", ")) done (history, not counted)", indent: 0,
                hanging: 2)
        }
        let ready = report.readyNext
        if !ready.isEmpty {
            lines.append("")
            let names = ready.prefix(12).map { name($0.item, shared: shared) }.joined(separator: ", ")
            lines += wrap(bold("Ready next: ") + names + (ready.count > 12 ? ", …" : ""), indent: 0, hanging: 2)
        }
        // A format's units: their next tasks, by task id where the list numbers them.
        let offering = report.workUnits.filter { !$0.next.isEmpty }
        if !offering.isEmpty {
            lines.append("")
            lines.append(bold("Next tasks:"))
            for progress in offering.prefix(20) {
                let tasks = progress.next.map { Self.safe($0.id ?? String($0.text.prefix(40))) }
                lines += wrap(
                    "\(Self.safe(progress.unit.kind)) \(Self.safe(progress.unit.id)): " + tasks.joined(separator: ", "),
                    indent: 2, hanging: 4)
            }
            if offering.count > 20 { lines.append("  and \(offering.count - 20) more (see status.json)") }
        }
        if !report.criticalPath.isEmpty {
            let path = report.criticalPath.compactMap { report.entry($0)?.item }.map { name($0, shared: shared) }
            lines += wrap(
                bold("Critical path: ") + path.joined(separator: " → ")
                    + " (\(StatusViews.duration(report.criticalMinutes)))", indent: 0, hanging: 2)
        }
        let check = report.checkThese
        if !check.isEmpty {
            lines.append("")
            lines.append(bold("Check these:"))
            for entry in check.prefix(20) {
                for hint in entry.item.hints {
                    lines += wrap(
                        "\(name(entry.item, shared: shared)): \(Self.safe(hint.message))"
                            + " (\(Self.safe(entry.item.displayPath)):\(hint.line))", indent: 2, hanging: 4)
                }
            }
            if check.count > 20 { lines.append("  and \(check.count - 20) more (see status.json)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `spec-kit feature 001-photo-albums: Photo Albums`.
    private func unitName(_ progress: WorkUnitProgress) -> String {
        let name = "\(progress.unit.format.name) \(progress.unit.kind) \(progress.unit.id)"
        return progress.title == progress.unit.id ? name : name + ": " + progress.title
    }

    /// One item: status, id, title (wrapped), then what it waits for or why it is blocked.
    private func row(_ entry: StatusReport.Entry, shared: Set<String>) -> [String] {
        let item = entry.item
        let status = item.status
        let label = Self.pad(status.label.lowercased(), Self.labelWidth)
        let prefix = "  " + paint(Self.symbols[status]! + " " + label, status) + " "
        let prefixWidth = 2 + 2 + Self.labelWidth + 1
        let id = Self.safe(item.id)
        var title = Self.safe(item.title)
        var facts: [String] = []
        if item.checklist.total > 0 { facts.append("\(item.checklist.done)/\(item.checklist.total)") }
        if let estimate = item.estimate { facts.append(StatusViews.duration(estimate.minutes)) }
        if !facts.isEmpty { title += "  [" + facts.joined(separator: ", ") + "]" }
        // The id is never cut; the title goes beside it when there is room, else below.
        let idWidth = Self.columns(id)
        var lines: [String]
        if prefixWidth + idWidth + 2 + 20 <= width {
            let titleColumn = prefixWidth + idWidth + 2
            let wrapped = Self.wrapWords(title, width: width - titleColumn)
            lines = [prefix + id + "  " + (wrapped.first ?? "")]
            let pad = String(repeating: " ", count: titleColumn)
            lines += wrapped.dropFirst().map { pad + $0 }
        } else {
            lines = [prefix + id]
            let pad = String(repeating: " ", count: prefixWidth)
            lines += Self.wrapWords(title, width: max(20, width - prefixWidth)).map { pad + $0 }
        }
        let indent = String(repeating: " ", count: prefixWidth)
        if status == .blocked, let note = item.note {
            lines += Self.wrapWords("blocked: " + Self.safe(note), width: max(20, width - prefixWidth)).map {
                indent + $0
            }
        }
        if !entry.waitingFor.isEmpty {
            let names = entry.waitingFor.compactMap { report.entry($0)?.item }.map {
                name($0, shared: shared, from: StatusReport.scope(of: item))
            }
            lines += Self.wrapWords("waits for " + names.joined(separator: ", "), width: max(20, width - prefixWidth))
                .map { indent + $0 }
        }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// Ids used by more than one document (or planning folder).
    private var sharedIDs: Set<String> {
        var scopes: [String: Set<String>] = [:]
        for entry in report.entries where entry.item.kind != .phase {
            scopes[entry.item.id, default: []].insert(StatusReport.scope(of: entry.item))
        }
        return Set(scopes.filter { $0.value.count > 1 }.keys)
    }

    /// An item's id, with its document when another document has the same id
    /// and the item is named outside its own plan's block.
    private func name(_ item: WorkItem, shared: Set<String>, from scope: String? = nil) -> String {
        let id = Self.safe(item.id)
        guard shared.contains(item.id), scope != StatusReport.scope(of: item) else { return id }
        let file = item.kind.isGSD ? StatusReport.scope(of: item) : report.file(of: item.sourcePath)
        return id + " (" + Self.safe(file) + ")"
    }

    /// The document a plan is written in, or its planning folder.
    private func planName(_ item: WorkItem) -> String {
        item.kind.isGSD ? StatusReport.scope(of: item) + " plans" : item.displayPath
    }

    /// A paragraph wrapped to the width, lines after the first indented by `hanging`.
    private func wrap(_ text: String, indent: Int, hanging: Int) -> [String] {
        let lines = Self.wrapWords(text, width: max(20, width - indent))
        // The words after the first line are packed again at their own indent,
        // together: each line re-wrapped on its own left its last word alone
        // whenever the hanging indent was deeper than the first line's.
        guard let first = lines.first else { return [] }
        let pad = String(repeating: " ", count: hanging)
        var result = [String(repeating: " ", count: indent) + first]
        let rest = lines.dropFirst().joined(separator: " ")
        if !rest.isEmpty {
            result += Self.wrapWords(rest, width: max(20, width - hanging)).map { pad + $0 }
        }
        return result
    }

    /// Words packed into lines of at most `width` columns; a word longer than
    /// a line stays whole on a line of its own (ids are never cut).
    static func wrapWords(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let size = columns(String(word))
            if used > 0 && used + 1 + size > width {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 {
                line += " "
                used += 1
            }
            line += word
            used += size
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The columns a terminal gives `text`: wide characters (CJK, emoji) take
    /// two, escape sequences none.
    static func columns(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark || value == 0xFE0F || value == 0x200D {
                continue
            }
            let wide =
                scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(value)
                || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            count += wide ? 2 : 1
        }
        return count
    }

    /// Content as the table shows it: control characters as escapes, so a
    /// title cannot drive the terminal (the table's own colours are added after).
    static func safe(_ text: String) -> String { TerminalText.escaped(text) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
