import Foundation
import SpecSiteKit

/// Reads the files of a GSD `.planning/` folder: `NN-NN-PLAN.md` (front matter
/// and `<task>` blocks), `NN-NN-SUMMARY.md` (a plan is done when its summary
/// exists; either schema: front matter `completed:` or a `**Completed:**` line),
/// `NN-VERIFICATION.md` (`status:`), and `ROADMAP.md` (phase and plan lines).
///
/// Front matter is messy in the wild: `phase: 05` next to `plan: 09`, or
/// `phase: 10-visual-design-flow`; folder names that disagree with `phase:`.
/// The file name decides the plan's id, because that is what `depends_on`
/// and the summary files use.
enum GSDFiles {
    nonisolated(unsafe) static let planFile = /^(\d{1,3}(?:\.\d+)?)-(\d{1,3})-PLAN\.md$/
    nonisolated(unsafe) static let summaryFile = /^(\d{1,3}(?:\.\d+)?)-(\d{1,3})-SUMMARY\.md$/
    nonisolated(unsafe) static let verificationFile = /^(\d{1,3}(?:\.\d+)?)(?:-(\d{1,3}))?-VERIFICATION\.md$/
    nonisolated(unsafe) static let leadingNumber = /^(\d{1,3}(?:\.\d+)?)/
    /// `05-01`, `05-01-PLAN.md` in `depends_on`.
    nonisolated(unsafe) static let dependencyPlan = /^\s*(\d{1,3}(?:\.\d+)?)-(\d{1,3})\b/
    /// `01`: GSD's short form of a plan of the same phase.
    nonisolated(unsafe) static let dependencyShortPlan = /^\s*(\d{1,3})(?:-PLAN\.md)?\s*$/

    /// The file name of a content path.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder a GSD file's plans share ids in: `.planning` for
    /// `.planning/phases/01-x/01-01-PLAN.md`, `.planning/milestones/v1.0` for
    /// `.planning/milestones/v1.0-phases/01-x/01-01-PLAN.md`.
    static func planningRoot(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        if let index = parts.lastIndex(of: "phases") { return parts[..<index].joined(separator: "/") }
        if let index = parts.lastIndex(where: { $0.hasSuffix("-phases") }) {
            return (parts[..<index] + [String(parts[index].dropLast("-phases".count))]).joined(separator: "/")
        }
        if name.hasSuffix("-ROADMAP.md") {
            return (parts + [String(name.dropLast("-ROADMAP.md".count))]).joined(separator: "/")
        }
        return parts.joined(separator: "/")
    }

    /// Whether a content path lies in a GSD planning folder (`.planning/…`),
    /// other than its ROADMAP, which is read as the list of phases it is.
    static func isInPlanningFolder(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains(".planning")
    }

    /// The phase folder a file sits in (`10-visual-design-flow`), if its name starts with a number.
    static func phaseFolder(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        let folder = String(parts[parts.count - 2])
        return (try? leadingNumber.firstMatch(in: folder)) == nil ? nil : folder
    }

    /// Whether the file is a GSD `NN-NN-SUMMARY.md` or `NN-VERIFICATION.md`
    /// (or a quick task's SUMMARY): a record of work done, not a list of work.
    static func isRecord(_ path: String) -> Bool {
        let name = fileName(path)
        return (try? summaryFile.wholeMatch(in: name)) != nil || (try? verificationFile.wholeMatch(in: name)) != nil
            || (quickTask(of: path) != nil && name.hasSuffix("SUMMARY.md"))
    }

    // MARK: Quick tasks

    /// A GSD quick task: its planning folder (`.planning`), its id
    /// (`quick-13`) and its folder's name.
    struct QuickTask: Sendable, Equatable, Codable {
        var root: String
        var id: String
        var folder: String
    }

    /// The quick task a file belongs to: `.planning/quick/13-fix-login/13-PLAN.md`
    /// (or `PLAN.md`, `13-SUMMARY.md`, `SUMMARY.md`).
    ///
    /// GSD's quick mode (`/gsd:quick`) does small work outside the roadmap: a
    /// plan and a summary in a numbered folder under `quick/`, with front matter
    /// like a phase's plan (`phase: 13-fix-login`, `plan: 01`). Its numbers are
    /// the quick tasks' own, not phase numbers, so it is read as a work item of
    /// its own kind (``WorkItem/Kind/quick``): done when its SUMMARY exists, in no
    /// phase, and counted apart from the roadmap's plans.
    static func quickTask(of path: String) -> QuickTask? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 3] == "quick" else { return nil }
        let name = parts[parts.count - 1]
        guard name.hasSuffix("PLAN.md") || name.hasSuffix("SUMMARY.md") else { return nil }
        let folder = String(parts[parts.count - 2])
        let number = (try? leadingNumber.firstMatch(in: folder)).map { String($0.1) } ?? folder
        return QuickTask(
            root: parts[..<(parts.count - 3)].joined(separator: "/"), id: "quick-" + number, folder: folder)
    }

    /// A quick task's PLAN: its item (titled by `name:`, the objective, or the folder).
    static func readQuickPlan(_ page: Page, task: QuickTask, taskCount: Int, objective: String?) -> WorkItem {
        var item = WorkItem(
            id: task.id, key: task.root + "#" + task.id, kind: .quick,
            title: planTitle(page.frontMatter, objective: objective) ?? GSDAssembly.title(ofFolder: task.folder),
            sourcePath: page.sourcePath, displayPath: page.displayPath, line: page.bodyFirstLine)
        item.checklist.open = taskCount
        return item
    }

    /// Whether the page is a GSD plan: its file name, or front matter with `plan`
    /// and `phase` and one of `wave`, `depends_on`, `must_haves`.
    static func isPlan(_ page: Page) -> Bool {
        if (try? planFile.wholeMatch(in: fileName(page.sourcePath))) != nil { return true }
        let front = page.frontMatter
        return front["plan"] != nil && front["phase"] != nil
            && (front["wave"] != nil || front["depends_on"] != nil || front["must_haves"] != nil)
    }

    /// The plan's id, phase number and item.
    static func readPlan(
        _ page: Page, tasks: [GSDPlanInfo.TaskName], objective: String?, warnings: inout [LineMessage]
    ) -> (GSDPlanInfo, WorkItem) {
        let front = page.frontMatter
        let root = planningRoot(of: page.sourcePath)
        var id: String
        var phaseNumber: String
        if let match = try? planFile.wholeMatch(in: fileName(page.sourcePath)) {
            id = StatusText.planID(phase: match.1, plan: match.2)
            phaseNumber = String(id.prefix { $0 != "-" })
        } else {
            let phaseText = front["phase"]?.string ?? ""
            let number = (try? leadingNumber.firstMatch(in: phaseText)).map { $0.1 } ?? "0"
            let plan = front["plan"]?.string ?? "0"
            let planNumber = (try? leadingNumber.firstMatch(in: plan)).map { $0.1 } ?? "0"
            id = StatusText.planID(phase: number, plan: planNumber)
            phaseNumber = String(id.prefix { $0 != "-" })
        }
        let title = planTitle(front, objective: objective) ?? "Plan \(id)"
        var item = WorkItem(
            id: id, key: root + "#" + id, kind: .plan, title: title, sourcePath: page.sourcePath,
            displayPath: page.displayPath, line: page.bodyFirstLine)
        item.phase = front["phase"]?.string ?? phaseFolder(of: page.sourcePath)
        item.wave = front["wave"]?.string
        item.parent = root + "#" + StatusText.phaseID(Substring(phaseNumber))
        item.dependencyLine = front.entries.first { $0.key == "depends_on" }?.line ?? page.bodyFirstLine
        for value in PlanCard.dependencyIDs(in: front) {
            if let match = try? Self.dependencyPlan.firstMatch(in: value) {
                // `05-01`, `05-01-PLAN.md`.
                item.dependencyIDs.append(StatusText.planID(phase: match.1, plan: match.2))
            } else if let match = try? Self.dependencyShortPlan.wholeMatch(in: value) {
                // `01` (GSD's short form, `depends_on: ["01"]`): a plan of the same phase.
                item.dependencyIDs.append(StatusText.planID(phase: Substring(phaseNumber), plan: match.1))
            } else if !value.trimmingSpaces.isEmpty {
                warnings.append(
                    LineMessage(
                        line: item.dependencyLine ?? item.line, rule: .dependency,
                        message: "depends_on entry '\(value)' is not a plan id like 03-01 (or 01 in this phase);"
                            + " it is ignored"))
            }
        }
        item.dependencyText = item.dependencyIDs.isEmpty ? nil : item.dependencyIDs.joined(separator: ", ")
        item.checklist.open = tasks.count
        let info = GSDPlanInfo(
            id: id, phaseNumber: phaseNumber, phaseFolder: phaseFolder(of: page.sourcePath),
            tasks: tasks)
        return (info, item)
    }

    /// A plan's title: the front matter's `name:` (or `title:`) as written,
    /// which GSD gives a plan for exactly this, else the objective's first
    /// sentence; nil when neither says anything.
    static func planTitle(_ front: YAMLValue, objective: String?) -> String? {
        for key in ["name", "title"] {
            if let name = front[key]?.string?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
                return name
            }
        }
        return objective.map(firstSentence).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first sentence (or line) of a text, whole: a title is never cut
    /// (views wrap it). A sentence ends at a full stop and a space outside
    /// brackets, so `(D-18 .. D-21)` stays in it.
    static func firstSentence(_ text: String) -> String {
        let line = SourceLines(text).lazy.map(\.text).first { !$0.isEmpty }.map(String.init) ?? text
        var depth = 0
        var end = line.endIndex
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth = max(0, depth - 1)
            } else if character == ".", depth == 0, next < line.endIndex, line[next] == " " {
                end = index
                break
            }
            index = next
        }
        return String(line[..<end]).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
    }

    // MARK: Summaries and verification

    nonisolated(unsafe) static let completedLine =
        /(?i)^\s*(?:[-*]\s+)?(?:\*\*|__)?(?:completed|completed on|date)(?::\s*(?:\*\*|__)?|(?:\*\*|__)\s*:)\s*(.+)$/

    /// A `NN-NN-SUMMARY.md` (or a quick task's SUMMARY), or nil.
    static func readSummary(_ page: Page) -> GSDSummaryInfo? {
        var info: GSDSummaryInfo
        if let quick = quickTask(of: page.sourcePath) {
            guard fileName(page.sourcePath).hasSuffix("SUMMARY.md") else { return nil }
            info = GSDSummaryInfo(planID: quick.id, status: .done)
            info.quickTask = quick
        } else if let match = try? summaryFile.wholeMatch(in: fileName(page.sourcePath)) {
            info = GSDSummaryInfo(planID: StatusText.planID(phase: match.1, plan: match.2), status: .done)
        } else {
            return nil
        }
        info.title = page.title
        let front = page.frontMatter
        info.completed = front["completed"]?.string ?? front["date"]?.string ?? front["completed_at"]?.string
        if info.completed == nil {
            for line in SourceLines(page.markdown).lazy.map(\.text).filter({ !$0.isEmpty }).prefix(60) {
                if let found = try? completedLine.firstMatch(in: String(line)) {
                    let value = PlanReader.plain(String(found.1))
                    info.completed = (try? StatusText.datePattern.firstMatch(in: value)).map { String($0.1) } ?? value
                    break
                }
            }
        }
        if let status = front["status"]?.string {
            let reading = StatusText.read(status)
            if reading.recognised && reading.status != .done { info.status = reading.status }
        }
        return info
    }

    nonisolated(unsafe) static let positionLine = /^(?i)\**(phase|plan|status)\**\s*:\**\s*(.+)$/

    /// `STATE.md`'s Current Position, when it names a phase, a plan in it and a
    /// status it states (`Ready to plan`, `Phase complete` say nothing of a plan).
    static func readState(_ page: Page) -> GSDPositionInfo? {
        guard fileName(page.sourcePath) == "STATE.md" else { return nil }
        var phase: Substring?
        var plan: Substring?
        var status: String?
        // Only the Current Position section, when there is one: a `Status:` of the
        // project above it says nothing of a plan.
        let lines = SourceLines(page.markdown).texts
        let heading = lines.firstIndex { $0.hasPrefix("#") && $0.localizedCaseInsensitiveContains("current position") }
        let section =
            heading.map { start in
                lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
            } ?? lines[...]
        for line in section {
            guard let match = try? positionLine.wholeMatch(in: line.trimmingSpaces) else {
                continue
            }
            let value = match.2.trimmingSpaces
            switch match.1.lowercased() {
            case "phase" where phase == nil: phase = (try? leadingNumber.firstMatch(in: value))?.1
            case "plan" where plan == nil: plan = (try? leadingNumber.firstMatch(in: value))?.1
            case "status" where status == nil: status = value
            default: break
            }
        }
        guard let phase, let plan, let status else { return nil }
        let reading = StatusText.read(status)
        guard reading.recognised, reading.status == .inProgress || reading.status == .blocked else { return nil }
        return GSDPositionInfo(
            planID: StatusText.planID(phase: phase, plan: plan), status: reading.status, statusText: status,
            note: reading.note)
    }

    nonisolated(unsafe) static let progressLine = /^(?i)\s*(?:[-*]\s+)?\**progress\**\s*:\**\s*(.+)$/

    /// What `STATE.md` says of the progress: its front matter's `progress:`
    /// counts, else its `Progress:` line (`[████░░] 40%`, `3/8 plans (38%)`).
    static func readStateProgress(_ page: Page) -> GSDStateProgress? {
        let front = page.frontMatter
        if let entry = front.entries.first(where: { $0.key == "progress" }), case .mapping = entry.value {
            let value = entry.value
            let progress = GSDStateProgress(
                completedPlans: value["completed_plans"]?.int, totalPlans: value["total_plans"]?.int,
                percent: value["percent"]?.string.flatMap { Double($0) }, line: entry.line)
            if progress.totalPlans != nil || progress.percent != nil { return progress }
        }
        for line in SourceLines(page.markdown, firstLine: page.bodyFirstLine) {
            guard let match = try? progressLine.wholeMatch(in: line.text) else { continue }
            let value = String(match.1)
            var progress = GSDStateProgress(line: line.number)
            if let counts = try? /(\d+)\s*(?:\/|of)\s*(\d+)/.firstMatch(in: value) {
                progress.completedPlans = Int(counts.1)
                progress.totalPlans = Int(counts.2)
            }
            if let percent = try? StatusText.percentPattern.firstMatch(in: value) {
                progress.percent = Double(percent.1)
            }
            if progress.totalPlans != nil || progress.percent != nil { return progress }
        }
        return nil
    }

    /// A `NN-VERIFICATION.md`, or nil. An empty file, or one with no
    /// `status:`, says nothing.
    static func readVerification(_ page: Page) -> GSDVerificationInfo? {
        guard let match = try? verificationFile.wholeMatch(in: fileName(page.sourcePath)) else { return nil }
        let target =
            match.2.map { StatusText.planID(phase: match.1, plan: $0) } ?? StatusText.phaseID(match.1)
        var info = GSDVerificationInfo(targetID: target, line: 1)
        if let entry = page.frontMatter.entries.first(where: { $0.key == "status" }), let text = entry.value.string {
            let reading = StatusText.read(text.replacingOccurrences(of: "_", with: " "))
            info.status = reading.recognised ? reading.status : .unknown
            info.statusText = text
            info.line = entry.line
        }
        return info
    }
}
