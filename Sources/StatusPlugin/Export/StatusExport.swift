import Foundation
import SpecSiteDiagrams
import SpecSiteKit

/// The status as files a README or CI can use: `status.json` (schema in
/// docs/status.md), a shields.io endpoint and an SVG progress badge.
public enum StatusExport {
    /// The schema version of `status.json`: 2 gave every item its readiness
    /// apart from its status (waiting is not blocked), counts in each plan's
    /// unit, and the hints of "Check these".
    public static let schemaVersion = 2

    /// `status.json`: totals and every item, with sorted keys so builds are identical.
    public static func json(_ report: StatusReport) -> String {
        file(report).json.prettyText + "\n"
    }

    /// What `status.json` holds.
    static func file(_ report: StatusReport) -> StatusFile {
        let progress = report.countProgress
        let estimate = report.estimateProgress
        var statuses: [String: Int] = [:]
        for status in WorkStatus.allCases { statuses[status.rawValue] = 0 }
        for unit in report.units {
            for (status, count) in unit.byStatus { statuses[status.rawValue, default: 0] += count }
        }
        return StatusFile(
            schema: schemaVersion,
            summary: .init(
                total: progress.total, done: progress.done, percent: rounded(report.percent),
                units: report.units.map(StatusFile.Unit.init),
                statuses: statuses,
                waiting: report.tracked.filter { $0.readiness == .waiting }.count, ready: report.readyNext.count,
                checkThese: report.checkThese.count,
                estimateMinutes: .init(done: minutes(estimate.done), total: minutes(estimate.total)),
                checkboxes: .init(done: report.checkboxes.done, total: report.checkboxes.total),
                criticalPath: report.criticalPath.compactMap { report.entry($0)?.item.id },
                criticalPathMinutes: minutes(report.criticalMinutes),
                workUnits: report.unitCounts.map(StatusFile.UnitCount.init)),
            plans: report.plans.map { StatusFile.Plan($0, formats: report.formats) },
            workUnits: report.workUnits.map { StatusFile.WorkUnitEntry($0, in: report) },
            items: report.entries.map { StatusFile.Item($0, in: report) },
            checkThese: report.checkThese.flatMap { entry in
                entry.item.hints.map {
                    StatusFile.CheckThis(
                        id: entry.item.id, key: entry.item.key, file: report.file(of: entry.item.sourcePath),
                        line: $0.line,
                        message: $0.message)
                }
            },
            warnings: bounded(report.problems))
    }

    /// The problems as status.json lists them, in their order (the pages'
    /// first), bounded as the terminal's list is: a message repeated in a
    /// file at most ``DiagnosticLog/repeatsKept`` times, a file at most
    /// ``DiagnosticLog/shownPerFile`` entries, then entries that say how many
    /// more there were.
    static func bounded(_ problems: [StatusReport.Problem]) -> [StatusFile.Warning] {
        struct Repeat: Hashable {
            var file: String
            var message: String
        }
        var listed: [StatusFile.Warning] = []
        var times: [Repeat: (count: Int, lastLine: Int)] = [:]
        var perFile: [String: (listed: Int, left: Int)] = [:]
        for problem in problems {
            let key = Repeat(file: problem.sourcePath, message: problem.message)
            var seen = times[key] ?? (0, 0)
            seen.count += 1
            var file = perFile[problem.sourcePath] ?? (0, 0)
            if seen.count <= DiagnosticLog.repeatsKept && file.listed < DiagnosticLog.shownPerFile {
                listed.append(.init(file: problem.sourcePath, line: problem.line, message: problem.message))
                seen.lastLine = problem.line
                file.listed += 1
            } else if seen.count > DiagnosticLog.repeatsKept {
                // Counted by its "more like this" entry below.
            } else {
                file.left += 1
            }
            times[key] = seen
            perFile[problem.sourcePath] = file
        }
        var repeats: [StatusFile.Warning] = []
        for (key, seen) in times where seen.count > DiagnosticLog.repeatsKept {
            let more = seen.count - DiagnosticLog.repeatsKept
            repeats.append(
                .init(
                    file: key.file, line: seen.lastLine,
                    message: "and \(DiagnosticLog.grouped(more)) more like this: \(key.message)"))
        }
        var capped: [StatusFile.Warning] = []
        for (file, counts) in perFile where counts.left > 0 {
            capped.append(
                .init(
                    file: file, line: 0,
                    message: "and \(DiagnosticLog.grouped(counts.left)) more warnings in this file, not listed"))
        }
        let order = { (lhs: StatusFile.Warning, rhs: StatusFile.Warning) in
            (lhs.file, lhs.line, lhs.message) < (rhs.file, rhs.line, rhs.message)
        }
        return listed + repeats.sorted(by: order) + capped.sorted(by: order)
    }

    /// The shields.io endpoint (`https://img.shields.io/endpoint?url=…/status-shields.json`).
    public static func shields(_ report: StatusReport) -> String {
        let percent = Int(report.percent.rounded(.down))
        return encode(
            ShieldsEndpoint(schemaVersion: 1, label: "done", message: "\(percent)%", color: colour(percent).name),
            snakeCase: false)
    }

    /// A flat badge like shields.io draws: `done | 42%`.
    public static func badge(_ report: StatusReport) -> String {
        let percent = Int(report.percent.rounded(.down))
        let label = "done"
        let message = "\(percent)%"
        let labelWidth = 10 + Int(TextMetrics.width(of: label, fontSize: 11).rounded(.up))
        let messageWidth = 10 + Int(TextMetrics.width(of: message, fontSize: 11).rounded(.up))
        let width = labelWidth + messageWidth
        let fill = colour(percent).hex
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(label): \(message)">\
            <title>\(label): \(message)</title>\
            <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>\
            <clipPath id="r"><rect width="\(width)" height="20" rx="3" fill="#fff"/></clipPath>\
            <g clip-path="url(#r)"><rect width="\(labelWidth)" height="20" fill="#555"/>\
            <rect x="\(labelWidth)" width="\(messageWidth)" height="20" fill="\(fill)"/>\
            <rect width="\(width)" height="20" fill="url(#s)"/></g>\
            <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">\
            <text x="\(labelWidth / 2)" y="14">\(label)</text>\
            <text x="\(labelWidth + messageWidth / 2)" y="14">\(message)</text></g></svg>

            """
    }

    /// Red below a third, orange below two thirds, yellow-green below all, green at 100%.
    /// The dark shades keep white text at 4.5:1 or more.
    static func colour(_ percent: Int) -> (name: String, hex: String) {
        switch percent {
        case 100...: ("green", "#2e7d32")
        case 67..<100: ("yellowgreen", "#5b7a00")
        case 34..<67: ("orange", "#b45309")
        default: ("red", "#c62828")
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// Whole minutes: estimates are read to the minute at best. Clamped (NaN
    /// and negative amounts are 0), so no value of the public `Estimate` traps.
    static func minutes(_ value: Double) -> Int { Int(clamping: value, to: 0...Int.max) }

    /// Pretty JSON with sorted keys (so the same report is the same bytes).
    static func encode(_ value: some Encodable, snakeCase: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        // Only strings, numbers and booleans go in, so encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The shape of `status.json` (documented in docs/status.md); keys are
/// written in snake case. Optional fields are left out when not written.
///
/// Written through ``json`` (see ``SpecSiteKit/JSONValue`` for why); it stays
/// `Encodable` so a test can check the two agree on every byte.
struct StatusFile: Encodable {
    var schema: Int
    var summary: Summary
    var plans: [Plan]
    /// The formats' units (spec-kit features, Kiro specs, OpenSpec changes).
    var workUnits: [WorkUnitEntry]
    var items: [Item]
    var checkThese: [CheckThis]
    var warnings: [Warning]

    struct Summary: Encodable {
        /// Units of every plan that count (not cancelled or optional).
        var total: Int
        var done: Int
        var percent: Double
        /// The same, by unit: `12 chunks`, `43 plans`.
        var units: [Unit]
        /// Every status, counted over the plans' units.
        var statuses: [String: Int]
        var waiting: Int
        var ready: Int
        var checkThese: Int
        var estimateMinutes: Progress
        var checkboxes: Progress
        var criticalPath: [String]
        var criticalPathMinutes: Int
        /// The formats' units counted: `3 of 5 features`.
        var workUnits: [UnitCount]
    }

    struct UnitCount: Encodable {
        var format: String
        var kind: String
        var done: Int
        var total: Int
        var text: String

        init(_ count: WorkUnitCount) {
            format = count.format.rawValue
            kind = count.kind
            done = count.done
            total = count.total
            text = count.text
        }
    }

    /// One unit of a format, rolled up.
    struct WorkUnitEntry: Encodable {
        var format: String
        var kind: String
        var id: String
        var title: String
        var folder: String
        var project: String
        var status: String
        var archived: Bool?
        var page: String
        var tasksPage: String?
        var tasks: Progress
        /// A Backlog.md task's acceptance criteria.
        var criteria: Progress?
        /// A Task Master tag's subtasks.
        var subtasks: Progress?
        var checklists: [Gate]
        var next: [NextTask]

        struct NextTask: Encodable {
            var text: String
            var status: String
            var file: String
            var line: Int
        }

        struct Gate: Encodable {
            var file: String
            var title: String
            var done: Int
            var total: Int
            var passes: Bool
        }

        init(_ progress: WorkUnitProgress, in report: StatusReport) {
            format = progress.unit.format.rawValue
            kind = progress.unit.kind
            id = progress.unit.id
            title = progress.title
            folder = progress.unit.folder
            project = progress.unit.project
            status = progress.status.rawValue
            archived = progress.unit.archived ? true : nil
            page = report.file(of: progress.page)
            tasksPage = progress.tasksPage.map(report.file(of:))
            let tasks = progress.tasks
            self.tasks = Progress(done: tasks.done, total: tasks.total)
            let boxes = progress.criteria
            switch progress.unit.format {
            case .backlogMD: criteria = Progress(done: boxes.done, total: boxes.total)
            case .taskMaster: subtasks = Progress(done: boxes.done, total: boxes.total)
            default: break
            }
            checklists = progress.checklists.map {
                Gate(file: $0.page, title: $0.title, done: $0.count.done, total: $0.count.total, passes: $0.passes)
            }
            next = progress.next.map {
                NextTask(text: $0.text, status: $0.status.rawValue, file: $0.page, line: $0.line)
            }
        }
    }

    struct Progress: Encodable {
        var done: Int
        var total: Int
    }

    struct Unit: Encodable {
        var kind: String
        var noun: String
        var done: Int
        var total: Int
        var text: String
        var list: String?

        init(_ unit: UnitProgress) {
            kind = unit.kind.rawValue
            noun = unit.noun
            done = unit.done
            total = unit.total
            text = unit.text
            list = unit.list
        }
    }

    struct Plan: Encodable {
        /// The document, or the GSD planning folder.
        var scope: String
        var format: String
        /// The folder of the format's unit it is written in.
        var workUnit: String?
        var unit: Unit
        var others: [Unit]

        init(_ plan: PlanProgress, formats: FormatFolders) {
            scope = plan.scope
            let unit = formats.unit(ofPath: plan.scope)
            format = (unit?.format ?? (plan.entries.first.map { formats.format(of: $0.item) } ?? .markdown)).rawValue
            workUnit = unit?.folder
            self.unit = Unit(plan.unit)
            others = plan.others.map(Unit.init)
        }
    }

    struct CheckThis: Encodable {
        var id: String
        var key: String
        var file: String
        var line: Int
        var message: String
    }

    struct HintEntry: Encodable {
        var line: Int
        var message: String
    }

    struct Source: Encodable {
        var file: String
        var line: Int
    }

    struct Checklist: Encodable {
        var done: Int
        var inProgress: Int
        var open: Int
        var blocked: Int
        var cancelled: Int
        var optional: Int
        var total: Int
    }

    struct EstimateRange: Encodable {
        var text: String
        var minMinutes: Int
        var maxMinutes: Int
    }

    struct Item: Encodable {
        var id: String
        var key: String
        var kind: String
        var format: String
        var workUnit: String?
        var title: String
        var status: String
        var readiness: String
        var source: Source
        var deps: [String]
        var depKeys: [String]
        var waitingFor: [String]
        var waitingForKeys: [String]
        var blockedReason: String?
        var hints: [HintEntry]?
        var archived: Bool?
        var ready: Bool
        var inCycle: Bool
        var checklist: Checklist
        var estimate: EstimateRange?
        var anchor: String?
        var statusText: String?
        var note: String?
        var completed: String?
        var commits: String?
        var risk: String?
        var priority: String?
        var phase: String?
        var wave: String?
        var parent: String?
        var missingDeps: [String]?

        init(_ entry: StatusReport.Entry, in report: StatusReport) {
            let item = entry.item
            id = item.id
            key = item.key
            kind = item.kind.rawValue
            format = report.formats.format(of: item).rawValue
            workUnit = item.kind.isGSD ? nil : report.formats.unit(of: item)?.folder
            title = item.title
            status = item.status.rawValue
            readiness = entry.readiness.rawValue
            source = Source(file: report.file(of: item.sourcePath), line: item.line)
            deps = entry.dependencies.compactMap { report.entry($0)?.item.id }
            depKeys = entry.dependencies
            waitingFor = entry.waitingFor.compactMap { report.entry($0)?.item.id }
            waitingForKeys = entry.waitingFor
            blockedReason = item.status == .blocked ? item.note : nil
            hints = item.hints.isEmpty ? nil : item.hints.map { HintEntry(line: $0.line, message: $0.message) }
            archived = item.archived ? true : nil
            ready = entry.isReady
            inCycle = entry.inCycle
            checklist = Checklist(
                done: item.checklist.done, inProgress: item.checklist.inProgress, open: item.checklist.open,
                blocked: item.checklist.blocked, cancelled: item.checklist.cancelled,
                optional: item.checklist.optional, total: item.checklist.total)
            estimate = item.estimate.map {
                EstimateRange(
                    text: $0.text, minMinutes: StatusExport.minutes($0.low), maxMinutes: StatusExport.minutes($0.high))
            }
            anchor = item.anchor
            statusText = item.statusText
            note = item.note
            completed = item.completed
            commits = item.commits
            risk = item.risk
            priority = item.priority
            phase = item.phase
            wave = item.wave
            parent = item.parent
            missingDeps = entry.missing.isEmpty ? nil : entry.missing
        }
    }

    struct Warning: Encodable {
        var file: String
        var line: Int
        var message: String
    }
}

/// A shields.io endpoint (https://shields.io/badges/endpoint-badge).
struct ShieldsEndpoint: Encodable {
    var schemaVersion: Int
    var label: String
    var message: String
    var color: String
}
