import SpecSiteKit

/// The state of all tracked work in a site: every item with its dependencies
/// resolved, what is ready and what is blocked, dependency cycles, progress by
/// count and by estimate, and the critical path of the work that is left.
public struct StatusReport: Sendable {
    /// One item and what follows from the others.
    public struct Entry: Sendable, Equatable, Codable {
        /// The item as written.
        public var item: WorkItem
        /// Keys of the items it depends on.
        public var dependencies: [String] = []
        /// Keys of the dependencies it waits for: not done, cancelled or optional.
        public var waitingFor: [String] = []
        /// Not started, nothing to wait for, and in no cycle: it can be picked up now.
        public var isReady = false
        /// Part of a dependency cycle.
        public var inCycle = false
        /// Dependencies that name nothing in the site.
        public var missing: [String] = []
        /// For an item that depends on all previous ones: how many there are
        /// (its ``dependencies`` name only those no other previous item reaches).
        public var previousCount = 0
        /// For an item that depends on all previous ones: the latest of them
        /// not done or cancelled, which holds it back as its dependencies do.
        var latestUnfinishedPrevious: String?

        /// Blocked because its author says so (`❌ Blocked — reason`); waiting
        /// for a dependency is ``readiness`` `.waiting`, not blocked.
        public var isBlocked: Bool { item.status == .blocked }

        /// Whether it can go ahead: a fact apart from its status.
        public var readiness: Readiness {
            if item.status.isSettled { return .settled }
            return waitingFor.isEmpty && !inCycle ? .ready : .waiting
        }
    }

    /// Whether an unfinished item can go ahead, whatever its status says.
    public enum Readiness: String, Sendable {
        /// Every dependency is done (or there are none).
        case ready
        /// It waits for unfinished dependencies (``Entry/waitingFor``), or is in a cycle.
        case waiting
        /// Done, cancelled or optional: nothing to wait for.
        case settled
    }

    /// Every item, in site order (pages in navigation order, items in page order).
    public var entries: [Entry] = []
    /// Index of each item in `entries` by key.
    public var index: [String: Int] = [:]
    /// What only the whole site shows: missing dependencies and cycles.
    public var warnings: [Problem] = []
    /// What the pages' readers found (unknown status words, duplicate ids, …),
    /// already reported while each page was analysed.
    public var readingWarnings: [Problem] = []

    /// Every problem, the pages' first: what `status.json` and the dashboard list.
    public var problems: [Problem] { readingWarnings + warnings }

    /// A problem in the plans, at a file line.
    public struct Problem: Sendable, Equatable {
        /// The file, relative to the content folder (as `status.json` names files).
        public var sourcePath: String
        /// The file as the user named it, for the terminal.
        public var displayPath: String
        /// The file line.
        public var line: Int
        /// What is wrong; other places are named by their source paths.
        public var message: String
        /// What kind of problem it is.
        public var rule = DiagnosticRule.plan

        /// The problem as a warning for the terminal.
        public var diagnostic: Diagnostic {
            Diagnostic(.warning, file: displayPath, line: line, rule: rule, message)
        }
    }
    /// Keys of the longest chain of remaining work by estimate, first to last.
    public var criticalPath: [String] = []
    /// Its length in minutes.
    public var criticalMinutes: Double = 0

    /// The kinds that can be a plan's unit of work (phases gather plans, and
    /// are the unit only of a roadmap with no plans yet).
    public static let trackedKinds: Set<WorkItem.Kind> = [
        .chunk, .section, .plan, .row, .checklist, .quick, .task, .story,
    ]

    /// Each plan's progress in its own unit (``UnitProgress``), in site order.
    public internal(set) var plans: [PlanProgress] = []

    /// The units of the formats that group their work (spec-kit features,
    /// Kiro specs, OpenSpec changes), in site order.
    public internal(set) var workUnits: [WorkUnitProgress] = []

    /// The folders the settings name as a format's: every stage tells a
    /// path's unit with them.
    public internal(set) var formats = FormatFolders()

    /// What git told of the plans (their history, the evidence note), when
    /// the build read a content folder on disk; the evidence hints are on
    /// the items themselves, so that their pages show them too.
    public internal(set) var git: StatusPlugin.GitReading?

    /// The data file each page that is a part of one (a Task Master tag's
    /// page) was written from, by the page's path.
    public internal(set) var dataFiles: [String: String] = [:]

    /// The file a page of the site was written from: the path itself, or
    /// for a part of a data file, that file's. Every `file:line` shown or
    /// exported names it, so that it names a file the author can open.
    public func file(of sourcePath: String) -> String {
        dataFiles[sourcePath] ?? sourcePath
    }

    /// The items that count towards completion: each plan's units, not
    /// cancelled or optional, archived history left out.
    public internal(set) var tracked: [Entry] = []

    /// What can start now: ready chunks, sections, plans and rows (a checklist
    /// of its own is not a step to pick up, a phase starts with its plans
    /// unless it has none yet, archived history is never next).
    public var readyNext: [Entry] {
        let planned = Set(entries.lazy.filter { $0.item.kind == .plan }.compactMap { $0.item.parent })
        return entries.filter { entry in
            // A phase not planned yet is next itself: planning it is the step.
            entry.isReady && entry.item.kind != .checklist
                && (entry.item.kind != .phase || !planned.contains(entry.item.key))
        }
    }

    /// Items whose markers and evidence disagree, in site order, current work
    /// before archived history (a folder's shipped milestones can hold dozens
    /// of old disagreements, which would bury the two that matter now): the
    /// dashboard's "Check these".
    public var checkThese: [Entry] {
        let hinted = entries.filter { !$0.item.hints.isEmpty }
        return hinted.filter { !$0.item.archived } + hinted.filter { $0.item.archived }
    }

    /// Done items out of all tracked ones.
    public var countProgress: (done: Int, total: Int) {
        // Each plan in its unit (a checklist plan in its boxes), as the headline says.
        if !plans.isEmpty {
            return plans.reduce((0, 0)) { ($0.0 + $1.unit.done, $0.1 + $1.unit.total) }
        }
        let items = tracked
        return (items.filter { $0.item.status == .done }.count, items.count)
    }

    /// Estimated minutes done out of all estimated (items without an estimate are left out).
    public var estimateProgress: (done: Double, total: Double) {
        let estimated = tracked.filter { $0.item.estimate != nil }
        let total = estimated.reduce(0) { $0 + $1.item.estimate!.minutes }
        let done = estimated.filter { $0.item.status == .done }.reduce(0) { $0 + $1.item.estimate!.minutes }
        return (done, total)
    }

    /// Every checkbox in the site.
    public var checkboxes: ChecklistCount {
        // Every box belongs to one item; phases only count their plans.
        entries.lazy.filter { Self.trackedKinds.contains($0.item.kind) && !$0.item.archived }.reduce(
            ChecklistCount()
        ) { $0 + $1.item.checklist }
    }

    /// Percent done by count, 0…100 (100 when there is nothing to do).
    public var percent: Double {
        let progress = countProgress
        return progress.total == 0 ? 100 : Double(progress.done) * 100 / Double(progress.total)
    }

    /// The entry for a key.
    public func entry(_ key: String) -> Entry? { index[key].map { entries[$0] } }

    /// The entry of an item as its page's reader made it: a plan file whose id
    /// an earlier plan file has is tracked under a key of its own.
    func entry(of item: WorkItem) -> Entry? {
        if let entry = entry(item.key), entry.item.sourcePath == item.sourcePath { return entry }
        return entry(GSDAssembly.duplicateKey(item.key, sourcePath: item.sourcePath)) ?? entry(item.key)
    }

    /// Finds items by the id people write (`CHUNK-004`, `10-04`, `phase-2`), or by key.
    public func find(_ id: String) -> [Entry] {
        if let entry = entry(id) { return [entry] }
        let normalised = Self.normalise(id)
        return entries.filter { $0.item.id == normalised || $0.item.id.lowercased() == id.lowercased() }
    }

    /// `CHUNK-004` for `chunk-4`; `10-04` for `10-4`; `phase-2` for `Phase 2`.
    static func normalise(_ id: String) -> String {
        let dependencies = StatusText.dependencies(id)
        return dependencies.ids.count == 1 ? dependencies.ids[0] : id
    }

    // MARK: Building

    /// The report for a site analysed with the checklist plugin.
    /// `formats` are the folders the settings name as a format's.
    public static func make(site: Site, formats: FormatFolders = FormatFolders()) -> StatusReport {
        make(facts: site.facts(of: PlanFact.self).map { ($0.page, $0.fact) }, formats: formats)
    }

    /// The report of a past version for a history: the items, their
    /// statuses and each plan's counts, without what is derived from
    /// dependencies.
    static func snapshot(site: Site, formats: FormatFolders) -> StatusReport {
        make(facts: site.facts(of: PlanFact.self).map { ($0.page, $0.fact) }, formats: formats, derives: false)
    }

    /// `derives: false` leaves out what a history's snapshot does not use:
    /// dependencies, cycles, readiness and the critical path.
    static func make(
        facts read: [(page: Page, fact: PlanFact)], formats: FormatFolders = FormatFolders(), derives: Bool = true
    ) -> StatusReport {
        var report = StatusReport()
        report.formats = formats
        for (page, _) in read {
            if let part = page.part { report.dataFiles[page.sourcePath] = part.file }
        }
        let (backlogFacts, backlogProblems) = readBacklogStatuses(linkStories(read), formats: formats)
        let (facts, kittyProblems) = readKittyLanes(backlogFacts, formats: formats)
        for (page, fact) in read {
            report.readingWarnings += fact.warnings.map {
                Problem(
                    sourcePath: report.file(of: page.sourcePath), displayPath: page.displayPath, line: $0.line,
                    message: $0.message)
            }
        }
        var items = GSDAssembly.assemble(facts, warnings: &report.warnings)
        report.warnings += backlogProblems + kittyProblems
        // Readers and the assembly give every item its own key; were one used
        // twice all the same, the first would keep it.
        var seen = Set<String>()
        items = items.filter { seen.insert($0.key).inserted }
        report.entries = items.map { Entry(item: $0) }
        for (offset, entry) in report.entries.enumerated() { report.index[entry.item.key] = offset }
        if derives {
            report.resolveDependencies()
            report.findCycles()
            report.deriveReadiness()
            report.findCriticalPath()
        }
        report.plans = report.measurePlans()
        report.workUnits = measureUnits(facts: facts, plans: report.plans, formats: formats)
        let units = Set(report.plans.flatMap { $0.entries.map { $0.item.key } })
        report.tracked = report.entries.filter { units.contains($0.item.key) && $0.item.status.counts }
        if !report.dataFiles.isEmpty {
            let files = report.dataFiles
            report.warnings = report.warnings.map { problem in
                var problem = problem
                problem.sourcePath = files[problem.sourcePath] ?? problem.sourcePath
                return problem
            }
        }
        return report
    }

    /// Resolves dependency ids to keys. `All previous chunks` becomes a
    /// dependency on the previous items that no later previous item depends on
    /// (usually just the one before), which reach all the others: the graph
    /// keeps what "all previous" implies in edges linear in the items, not
    /// quadratic (6,000 such chunks would be 18 million edges).
    private mutating func resolveDependencies() {
        // Ids by scope: chunks and sections per page, plans and phases per planning folder.
        var byScope: [String: [String: String]] = [:]
        var byID: [String: [String]] = [:]
        for entry in entries {
            let item = entry.item
            let scope = Self.scope(of: item)
            if byScope[scope, default: [:]][item.id] == nil { byScope[scope, default: [:]][item.id] = item.key }
            byID[item.id, default: []].append(item.key)
        }
        /// The earlier items of one scope and kind: how many, which no other
        /// reaches (in order; `uncovered` says which are still so), and the
        /// latest that is not finished.
        struct Previous {
            var count = 0
            var order: [String] = []
            var uncovered: Set<String> = []
            var latestUnfinished: String?
        }
        var previous: [String: Previous] = [:]
        for offset in entries.indices {
            let item = entries[offset].item
            let scope = Self.scope(of: item)
            let group = scope + "|" + item.kind.rawValue
            // Taken out while it changes, so its arrays are not copied for every item.
            var earlier = previous.removeValue(forKey: group) ?? Previous()
            var keys: [String] = []
            if item.dependsOnAllPrevious {
                keys += earlier.order.filter { earlier.uncovered.contains($0) }
                entries[offset].previousCount = earlier.count
                entries[offset].latestUnfinishedPrevious = earlier.latestUnfinished
            }
            // Worked out only for an id its own scope does not define (most are).
            var ownProject: String?
            for id in item.dependencyIDs {
                // The item's own plan first, then the one item of that id in its
                // project (its folder, a folder above or below it); never in a
                // sibling folder's (two apps' plans built into one site).
                if let key = byScope[scope]?[id] {
                    keys.append(key)
                    continue
                }
                // A Task Master tag's ids are its own: task 16 of another
                // tag is another task 16; so are a Spec Kitty feature's.
                if item.scope != nil {
                    entries[offset].missing.append(id)
                    let place =
                        formats.unit(of: item)?.format == .specKitty
                        ? "its feature has no work package" : "its tag has no task"
                    warnings.append(Self.problem(at: item, "\(item.id) depends on \(id), but \(place) \(id)"))
                    continue
                }
                let project = ownProject ?? Self.project(of: item, formats: formats)
                ownProject = project
                let inProject = (byID[id] ?? []).filter {
                    Self.project(ofKey: $0, in: self).map { Self.related(project, $0) } == true
                }
                if inProject.count == 1 {
                    keys.append(inProject[0])
                } else {
                    entries[offset].missing.append(id)
                    let noun = id.hasPrefix("phase-") ? "phase" : (id.hasPrefix("CHUNK") ? "chunk" : "item")
                    let elsewhere = (byID[id]?.count ?? 0) - inProject.count
                    let detail =
                        inProject.count > 1
                        ? "\(id) is defined in several documents and none is this one's"
                        : elsewhere > 0
                            ? "no \(noun) \(id) is defined in its project (only in another folder's plans)"
                            : "no \(noun) \(id) is defined"
                    warnings.append(Self.problem(at: item, "\(item.id) depends on \(id), but \(detail)"))
                }
            }
            var unique = Set<String>()
            entries[offset].dependencies = keys.filter { $0 != item.key && unique.insert($0).inserted }
            if keys.contains(item.key) {
                entries[offset].inCycle = true
                warnings.append(Self.problem(at: item, "\(item.id) depends on itself"))
            }
            // What this item depends on is reached through it from now on.
            if item.dependsOnAllPrevious {
                earlier.order = []
                earlier.uncovered = []
            } else {
                for key in entries[offset].dependencies where earlier.uncovered.contains(key) {
                    earlier.uncovered.remove(key)
                }
            }
            earlier.count += 1
            earlier.order.append(item.key)
            earlier.uncovered.insert(item.key)
            if !item.status.isSettled { earlier.latestUnfinished = item.key }
            previous[group] = earlier
        }
    }

    /// The project an item belongs to: the folder that holds its document,
    /// or, for GSD plans and phases, the folder that holds its `.planning/`.
    /// Dependencies never resolve across projects.
    static func project(of item: WorkItem, formats: FormatFolders) -> String {
        // A backlog's tasks (to do, completed, archived) are one project: the
        // folder that holds `backlog/`.
        if item.kind == .task || item.kind == .story, let unit = formats.unit(of: item) { return unit.project }
        var folder = item.kind.isGSD ? scope(of: item) : item.sourcePath
        if !item.kind.isGSD, let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
        } else if !item.kind.isGSD {
            folder = ""
        }
        // The planning folder's own parent: `.planning`, `app/.planning/milestones/v1`.
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        if let planning = parts.firstIndex(where: { $0.hasPrefix(".planning") || $0 == "planning" }) {
            return parts[..<planning].joined(separator: "/")
        }
        return folder
    }

    /// Whether one folder holds the other (or they are the same).
    static func related(_ one: String, _ other: String) -> Bool {
        func holds(_ outer: String, _ inner: String) -> Bool {
            outer.isEmpty || inner == outer || inner.hasPrefix(outer + "/")
        }
        return holds(one, other) || holds(other, one)
    }

    private static func project(ofKey key: String, in report: StatusReport) -> String? {
        report.entry(key).map { project(of: $0.item, formats: report.formats) }
    }

    /// Pages for chunks; the planning folder for GSD plans and phases.
    public static func scope(of item: WorkItem) -> String {
        if let scope = item.scope { return scope }
        return item.kind.isGSD ? String(item.key.prefix { $0 != "#" }) : item.sourcePath
    }

    /// A problem at an item's dependency line (its heading when it has none).
    static func problem(at item: WorkItem, _ message: String, rule: DiagnosticRule = .dependency) -> Problem {
        Problem(
            sourcePath: item.sourcePath, displayPath: item.displayPath, line: item.dependencyLine ?? item.line,
            message: message, rule: rule)
    }

    /// Tarjan's strongly connected components, without recursion (a plan of
    /// 5,000 chunks each depending on the one before would overflow the stack).
    private mutating func findCycles() {
        let count = entries.count
        let edges = entries.map { $0.dependencies.compactMap { index[$0] } }
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        for start in 0..<count where order[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            order[start] = counter
            low[start] = counter
            counter += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = work.last {
                if edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let next = edges[node][edge]
                    if order[next] < 0 {
                        order[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        low[node] = min(low[node], order[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                guard low[node] == order[node] else { continue }
                var component: [Int] = []
                while let top = stack.popLast() {
                    onStack[top] = false
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 { reportCycle(component.sorted()) }
            }
        }
    }

    private mutating func reportCycle(_ members: [Int]) {
        for member in members { entries[member].inCycle = true }
        let first = entries[members[0]].item
        // Follow dependencies inside the component to print one loop in order.
        let inside = Set(members)
        var path = [members[0]]
        var current = members[0]
        while path.count <= members.count {
            guard let next = entries[current].dependencies.compactMap({ index[$0] }).first(where: inside.contains)
            else { break }
            if next == path[0] || path.contains(next) {
                path.append(next)
                break
            }
            path.append(next)
            current = next
        }
        let loop = path.map { entries[$0].item.id }.joined(separator: " → ")
        let places = members.map { entries[$0].item }.map {
            "\($0.id) at \($0.sourcePath):\($0.dependencyLine ?? $0.line)"
        }
        warnings.append(Self.problem(at: first, "dependency cycle: \(loop) (\(places.joined(separator: ", ")))"))
    }

    private mutating func deriveReadiness() {
        for offset in entries.indices {
            let status = entries[offset].item.status
            guard !status.isSettled else { continue }
            entries[offset].waitingFor = entries[offset].dependencies.filter { key in
                guard let dependency = entry(key)?.item.status else { return false }
                return !dependency.isSettled
            }
            // "All previous" waits for every earlier item, which its dependencies
            // reach but may not name: the latest unfinished one stands for them.
            if let latest = entries[offset].latestUnfinishedPrevious, !entries[offset].waitingFor.contains(latest) {
                entries[offset].waitingFor.append(latest)
            }
            // An unknown status word is not "not started": it is warned about,
            // not offered as next; archived history is never next, nor is
            // work its author put off (Task Master's `deferred`).
            entries[offset].isReady =
                status == .notStarted && entries[offset].readiness == .ready && !entries[offset].item.archived
                && !Self.isPutOff(entries[offset].item.statusText)
        }
        // A plan waits while its phase waits (`Phase 24` depends on `Phase 23`):
        // its own `depends_on` may name nothing outside the phase. One that
        // already waits for a plan says so; the phase's wait is implied.
        for offset in entries.indices where entries[offset].item.kind == .plan {
            guard !entries[offset].item.status.isSettled, entries[offset].waitingFor.isEmpty,
                let parent = entries[offset].item.parent, let phase = entry(parent), phase.item.kind == .phase,
                phase.readiness == .waiting
            else { continue }
            entries[offset].waitingFor = phase.waitingFor.isEmpty ? [parent] : phase.waitingFor
            entries[offset].isReady = false
        }
    }

    /// Whether a status as written puts the work off: not started, and not
    /// to be offered as next (`deferred`, `postponed`).
    static func isPutOff(_ statusText: String?) -> Bool {
        guard let text = statusText?.trimmingSpaces.lowercased() else { return false }
        return text == "deferred" || text == "postponed"
    }

    /// The longest chain of remaining work by estimate (dependency edges within
    /// cycles are left out, so the chain is well defined).
    private mutating func findCriticalPath() {
        let remaining = entries.indices.filter {
            let status = entries[$0].item.status
            return !status.isSettled && entries[$0].item.kind != .phase
        }
        guard !remaining.isEmpty else { return }
        let isRemaining = Set(remaining)
        var dependents: [Int: [Int]] = [:]
        var waiting: [Int: Int] = [:]
        for node in remaining {
            // "All previous" counts the latest unfinished earlier item too, as readiness does.
            let named = entries[node].dependencies + (entries[node].latestUnfinishedPrevious.map { [$0] } ?? [])
            let dependencies = Set(named.compactMap { index[$0] }).sorted().filter {
                isRemaining.contains($0) && !(entries[$0].inCycle && entries[node].inCycle)
            }
            waiting[node] = dependencies.count
            for dependency in dependencies { dependents[dependency, default: []].append(node) }
        }
        var best: [Int: (minutes: Double, previous: Int?)] = [:]
        var queue = remaining.filter { waiting[$0] == 0 }
        var head = 0
        for node in queue { best[node] = (entries[node].item.estimate?.minutes ?? 0, nil) }
        while head < queue.count {
            let node = queue[head]
            head += 1
            let reached = best[node]!.minutes
            for next in dependents[node] ?? [] {
                let through = reached + (entries[next].item.estimate?.minutes ?? 0)
                if best[next] == nil || through > best[next]!.minutes { best[next] = (through, node) }
                waiting[next]! -= 1
                if waiting[next] == 0 { queue.append(next) }
            }
        }
        guard let end = best.max(by: { ($0.value.minutes, -$0.key) < ($1.value.minutes, -$1.key) }),
            end.value.minutes > 0
        else { return }
        var path: [Int] = [end.key]
        while let previous = best[path.last!]?.previous { path.append(previous) }
        criticalPath = path.reversed().map { entries[$0].item.key }
        criticalMinutes = end.value.minutes
    }
}
