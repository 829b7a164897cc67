import SpecSiteKit

/// Puts the pages' items together and settles what only the whole site shows:
/// a GSD plan is done when its SUMMARY exists (else its ROADMAP line says,
/// and STATE.md's Current Position marks the plan under way),
/// its tasks are done with it, a phase takes its verification report's or its
/// plans' status, and a phase with plans but no ROADMAP line (a deleted
/// roadmap) is made from its folder.
///
/// Two plan files with one id in one planning folder (`01-01-PLAN.md` in two
/// phase folders) are two plans: both are counted, each takes the SUMMARY
/// beside it, and the first (in reading order) keeps the id's key, so
/// `depends_on`, ROADMAP, STATE and VERIFICATION name it; the others are
/// tracked under ``duplicateKey(_:sourcePath:)``, with a warning naming both files.
enum GSDAssembly {
    static func assemble(_ facts: [(page: Page, fact: PlanFact)], warnings: inout [StatusReport.Problem])
        -> [WorkItem]
    {
        let facts = mergingArchives(facts)
        var summaries: [String: [(folder: Substring, info: GSDSummaryInfo)]] = [:]
        var summaryPages: [String: Page] = [:]
        var roadmapPlans: [String: RoadmapPlan] = [:]
        var roadmapPages: [String: Page] = [:]
        var archivedPhases: Set<String> = []
        var states: [String: (page: Page, progress: GSDStateProgress)] = [:]
        var verifications: [String: GSDVerificationInfo] = [:]
        var positions: [String: GSDPositionInfo] = [:]
        for (page, fact) in facts {
            let root = fact.planningRoot ?? GSDFiles.planningRoot(of: page.sourcePath)
            if let position = fact.position { positions[root + "#" + position.planID] = position }
            if let progress = fact.stateProgress { states[root] = (page, progress) }
            if let summary = fact.summary {
                let key = root + "#" + summary.planID
                summaries[key, default: []].append((folder(of: page.sourcePath), summary))
                if summaryPages[key] == nil { summaryPages[key] = page }
            }
            // A milestone archive's plan lines never outrank the current ROADMAP's.
            let isArchive = fact.items.contains { $0.archived } && GSDFiles.fileName(page.sourcePath) != "ROADMAP.md"
            for (id, plan) in fact.roadmapPlans where !isArchive || roadmapPlans[root + "#" + id] == nil {
                roadmapPlans[root + "#" + id] = plan
                roadmapPages[root + "#" + id] = page
            }
            for id in fact.archivedPhases { archivedPhases.insert(root + "#" + id) }
            if let verification = fact.verification, verification.status != nil {
                verifications[root + "#" + verification.targetID] = verification
            }
        }
        var planFiles: [String: [WorkItem]] = [:]
        for (_, fact) in facts {
            for item in fact.items where item.kind == .plan || item.kind == .quick {
                planFiles[item.key, default: []].append(item)
            }
        }
        /// The SUMMARY of `plan`: when several files give its id, the one in its folder.
        func summary(of plan: WorkItem) -> GSDSummaryInfo? {
            let candidates = summaries[plan.key] ?? []
            let holders = planFiles[plan.key] ?? []
            guard holders.count > 1 else { return candidates.last?.info }
            if let own = candidates.last(where: { $0.folder == folder(of: plan.sourcePath) }) { return own.info }
            // One beside none of the plans counts for the first.
            guard holders.first?.sourcePath == plan.sourcePath else { return nil }
            let planFolders = Set(holders.map { folder(of: $0.sourcePath) })
            return candidates.last { !planFolders.contains($0.folder) }?.info
        }
        var items: [WorkItem] = []
        for (_, fact) in facts {
            for var item in fact.items {
                // A quick task is done by its SUMMARY as a plan is; nothing else names it.
                if item.kind == .plan || item.kind == .quick {
                    let first = planFiles[item.key]?.first ?? item
                    let isFirst = first.sourcePath == item.sourcePath
                    if let summary = summary(of: item) {
                        item.status = summary.status
                        item.statusStated = true
                        item.statusText =
                            summary.status == .done
                            ? "SUMMARY written" : "SUMMARY says \(summary.status.label.lowercased())"
                        item.completed = summary.completed
                        if let line = roadmapPlans[item.key], line.status != .done, summary.status == .done {
                            item.hint("it has a SUMMARY, but its ROADMAP line is not ticked", line: item.line)
                        }
                        Self.questionTick(roadmapPlans[item.key], in: roadmapPages[item.key], of: &item)
                    } else if isFirst, let stated = roadmapPlans[item.key] {
                        item.status = stated.status
                        item.statusStated = true
                        item.statusText = "ROADMAP"
                        if stated.status == .done {
                            item.hint("the ROADMAP ticks it, but it has no SUMMARY", line: item.line)
                        }
                        Self.questionTick(stated, in: roadmapPages[item.key], of: &item)
                    }
                    // STATE.md's Current Position: the plan being executed (no SUMMARY yet).
                    if isFirst, item.status != .done, let position = positions[item.key] {
                        item.status = position.status
                        item.statusStated = true
                        item.statusText = "STATE: " + position.statusText
                        item.note = position.note
                    }
                    if isFirst, let verification = verifications[item.key], let status = verification.status,
                        status != .done
                    {
                        if item.status == .done {
                            item.hint(
                                "its VERIFICATION says \(verification.statusText ?? status.label)",
                                line: verification.line)
                        } else {
                            item.status = status
                        }
                        item.note = "verification: \(verification.statusText ?? status.label)"
                    }
                    if item.status == .done {
                        item.checklist = ChecklistCount(done: item.checklist.total)
                    }
                    if !isFirst {
                        let key = duplicateKey(item.key, sourcePath: item.sourcePath)
                        warnings.append(
                            StatusReport.Problem(
                                sourcePath: item.sourcePath, displayPath: item.displayPath, line: item.line,
                                message: "plan \(item.id) is also defined by \(first.displayPath), in the same"
                                    + " planning folder; both are counted, depends_on, ROADMAP, STATE and VERIFICATION"
                                    + " name that one, and this one is tracked on its own (key \(key))"))
                        item.key = key
                    }
                }
                items.append(item)
            }
        }
        items = uniquePhases(items)
        // Plans known only by their SUMMARY (the PLAN file was deleted) or by a
        // ROADMAP line: the SUMMARY stands for a done plan, the line for what it ticks.
        var knownPlans = Set(planFiles.keys)
        for key in summaries.keys.sorted() where !knownPlans.contains(key) {
            guard let page = summaryPages[key], let info = summaries[key]?.last?.info else { continue }
            let quick = info.quickTask
            var item = WorkItem(
                id: info.planID, key: key, kind: quick == nil ? .plan : .quick,
                title: info.title ?? quick.map { title(ofFolder: $0.folder) } ?? "Plan \(info.planID)",
                sourcePath: page.sourcePath, displayPath: page.displayPath, line: page.bodyFirstLine)
            item.status = info.status
            item.statusStated = true
            item.statusText = "SUMMARY written (no PLAN file)"
            item.completed = info.completed
            if quick != nil {
                items.append(item)
                knownPlans.insert(key)
                continue
            }
            if let line = roadmapPlans[key], line.status != .done, info.status == .done {
                item.hint("it has a SUMMARY, but its ROADMAP line is not ticked", line: item.line)
            }
            Self.questionTick(roadmapPlans[key], in: roadmapPages[key], of: &item)
            item.parent = Self.phaseKey(ofPlan: key)
            item.phase = GSDFiles.phaseFolder(of: page.sourcePath)
            items.append(item)
            knownPlans.insert(key)
        }
        // An open placeholder line (`- [ ] 23-01: TBD`) with no PLAN file and
        // no SUMMARY names no plan: its phase is not planned yet, and is
        // counted as a phase, never as plans made up from the placeholders.
        var placeholders: [String: [String]] = [:]
        for key in roadmapPlans.keys.sorted() where !knownPlans.contains(key) {
            guard let page = roadmapPages[key], let line = roadmapPlans[key] else { continue }
            if line.placeholder && line.status != .done {
                placeholders[Self.phaseKey(ofPlan: key), default: []].append(
                    String(key[key.index(after: key.lastIndex(of: "#")!)...]))
                continue
            }
            let id = String(key[key.index(after: key.lastIndex(of: "#")!)...])
            var item = WorkItem(
                id: id, key: key, kind: .plan, title: line.title, sourcePath: page.sourcePath,
                displayPath: page.displayPath, line: line.line)
            item.status = line.status
            item.statusStated = true
            item.statusText = "ROADMAP"
            item.parent = Self.phaseKey(ofPlan: key)
            if line.status == .done {
                item.hint("the ROADMAP ticks it, but there is no SUMMARY (and no PLAN file)", line: line.line)
            }
            Self.questionTick(line, in: page, of: &item)
            items.append(item)
        }
        // Phases: from the roadmap when it lists them, else made from the plans' folders.
        var phaseIndex: [String: Int] = [:]
        for (offset, item) in items.enumerated() where item.kind == .phase { phaseIndex[item.key] = offset }
        var plansOfPhase: [String: [Int]] = [:]
        for (offset, item) in items.enumerated() where item.kind == .plan {
            guard let parent = item.parent else { continue }
            plansOfPhase[parent, default: []].append(offset)
        }
        for (phaseKey, plans) in plansOfPhase.sorted(by: { $0.value[0] < $1.value[0] })
        where phaseIndex[phaseKey] == nil {
            let first = items[plans[0]]
            let id = String(phaseKey[phaseKey.index(after: phaseKey.firstIndex(of: "#")!)...])
            let folder = first.phase.flatMap { GSDFiles.phaseFolder(of: first.sourcePath) ?? $0 } ?? id
            var phase = WorkItem(
                id: id, key: phaseKey, kind: .phase, title: Self.title(ofFolder: folder),
                sourcePath: first.sourcePath, displayPath: first.displayPath, line: first.line)
            phase.phase = String(id.dropFirst("phase-".count))
            items.append(phase)
            phaseIndex[phaseKey] = items.count - 1
        }
        // A phase is done when the ROADMAP says so, when its VERIFICATION
        // passed, or when every plan has a SUMMARY; where these disagree it
        // keeps what the ROADMAP says, with a hint.
        for (phaseKey, offset) in phaseIndex.sorted(by: { $0.value < $1.value }) {
            let plans = plansOfPhase[phaseKey] ?? []
            var phase = items[offset]
            let stated = phase.statusStated ? phase.status : nil
            let roadmapCount = phase.checklist
            var count = ChecklistCount()
            if !plans.isEmpty {
                for plan in plans { count.add(items[plan].status) }
                phase.checklist = count
            }
            let allSummarised = !plans.isEmpty && count.done == count.total
            let verification = verifications[phaseKey]
            let passed = verification?.status == .done
            if let verification, let status = verification.status {
                phase.note = "verification: \(verification.statusText ?? status.label)"
            }
            // Every plan summarised outweighs a ROADMAP that says nothing but an
            // open box (or "not started"); words that say more (`Awaiting
            // Operator Smoke-Check`) stand, with the hint below.
            if stated == .done || passed || allSummarised && (stated == nil || stated == .notStarted) {
                phase.status = .done
            } else if let stated {
                phase.status = stated
            } else if !plans.isEmpty {
                phase.status = count.impliedStatus
            }
            if stated == .done || passed {
                let missing = plans.filter { items[$0].status != .done }.count
                if missing > 0 {
                    phase.hint(
                        (stated == .done ? "the ROADMAP says it is complete" : "its VERIFICATION passed")
                            + ", but \(missing) of \(plans.count) \(UnitProgress.plural("plan", plans.count))"
                            + " \(missing == 1 ? "has" : "have") no SUMMARY", line: phase.line)
                } else if plans.isEmpty && roadmapCount.total > 0 && stated == .done && !phase.archived {
                    // (An archived milestone's plan files are often gone: history keeps its count.)
                    phase.hint(
                        "the ROADMAP says \(roadmapCount.done)/\(roadmapCount.total) plans, but no plan or SUMMARY"
                            + " of this phase is in the folder", line: phase.line)
                }
            }
            if let stated, stated != .done, allSummarised || passed {
                phase.hint(
                    "its ROADMAP line says \(stated.label.lowercased()), but "
                        + (passed ? "its VERIFICATION passed" : "every plan has a SUMMARY"), line: phase.line)
            }
            if let verification, let status = verification.status, status != .done, phase.status == .done {
                phase.hint("its VERIFICATION says \(verification.statusText ?? status.label)", line: phase.line)
            }
            if !plans.isEmpty, roadmapCount.total > 0,
                roadmapCount.total != plans.count || roadmapCount.done != count.done
            {
                phase.hint(
                    "the ROADMAP counts \(roadmapCount.done)/\(roadmapCount.total) plans; the folder has"
                        + " \(count.done) of \(plans.count) with a SUMMARY", line: phase.line)
            }
            if phase.status == .done, phase.completed == nil {
                phase.completed = plans.compactMap { items[$0].completed }.max()
            }
            if plans.isEmpty, let lines = placeholders[phaseKey], phase.note == nil {
                phase.note =
                    "not planned yet: the ROADMAP's plan \(lines.count == 1 ? "line" : "lines")"
                    + " \(lines.joined(separator: ", ")) \(lines.count == 1 ? "is a placeholder" : "are placeholders")"
            }
            items[offset] = phase
        }
        // Archived milestones: their own folders (`milestones/`), phases the
        // ROADMAP lists only inside an archived block, and the plans of those phases.
        let currentPhases = Set(
            items.filter {
                $0.kind == .phase && !$0.archived && GSDFiles.fileName($0.sourcePath).hasSuffix("ROADMAP.md")
            }.map { $0.key })
        let archivedPhaseItems = Set(items.filter { $0.kind == .phase && $0.archived }.map { $0.key })
        for offset in items.indices where items[offset].kind == .plan || items[offset].kind == .phase {
            let key = items[offset].kind == .phase ? items[offset].key : (items[offset].parent ?? "")
            let root = String(items[offset].key.prefix { $0 != "#" })
            if root.split(separator: "/").contains("milestones")
                || archivedPhases.contains(key) && !currentPhases.contains(key) || archivedPhaseItems.contains(key)
            {
                items[offset].archived = true
            }
        }
        // STATE.md's own count, where it disagrees with the folder's.
        for (root, state) in states.sorted(by: { $0.key < $1.key }) {
            let progress = state.progress
            let all = items.filter {
                $0.kind == .plan && String($0.key.prefix { $0 != "#" }) == root && $0.status.counts
            }
            // STATE.md counts the current milestone's plans, or, when its total
            // says so, every plan of the folder, archived milestones included.
            let current = all.filter { !$0.archived }
            let plans = progress.totalPlans == all.count ? all : current
            guard !plans.isEmpty else { continue }
            let done = plans.filter { $0.status == .done }.count
            let percent = Double(done) * 100 / Double(plans.count)
            let countsDiffer =
                progress.totalPlans.map { $0 != plans.count } == true
                || progress.completedPlans.map { $0 != done } == true
            let percentDiffers = progress.percent.map { abs($0 - percent) >= 1 } == true
            guard countsDiffer || percentDiffers else { continue }
            var said: [String] = []
            if let completed = progress.completedPlans, let total = progress.totalPlans {
                said.append("\(completed) of \(total) plans")
            }
            if let stated = progress.percent { said.append(NumberText.format(stated, decimals: 0) + "%") }
            warnings.append(
                StatusReport.Problem(
                    sourcePath: state.page.sourcePath, displayPath: state.page.displayPath, line: progress.line,
                    message: "STATE.md says \(said.joined(separator: ", ")) done, but the planning folder shows"
                        + " \(done) of \(plans.count) plans with a SUMMARY"
                        + " (\(NumberText.format(percent, decimals: 0))%)"
                        + (plans.count < all.count
                            ? ", besides \(all.count - plans.count) of archived milestones" : "")
                        + "; the folder's count is used"))
        }
        return items
    }

    /// A milestone archive (`milestones/v1.0-ROADMAP.md`) whose phases kept
    /// their folders in `phases/` (GSD moves them to `milestones/v1.0-phases/`
    /// only when asked) describes phases of the planning folder itself: its
    /// phases and plan lines are read as that folder's, archived, so a phase
    /// is counted once and its plans and SUMMARYs are found. An archive with
    /// folders of its own, or one whose phase numbers the current ROADMAP uses
    /// again, keeps its own ids.
    static func mergingArchives(_ facts: [(page: Page, fact: PlanFact)]) -> [(page: Page, fact: PlanFact)] {
        var rootsWithFiles: Set<String> = []
        var currentPhases: [String: Set<String>] = [:]
        for (page, fact) in facts {
            let root = fact.planningRoot ?? GSDFiles.planningRoot(of: page.sourcePath)
            if fact.plan != nil || fact.summary != nil || fact.verification != nil { rootsWithFiles.insert(root) }
            if RoadmapReader.isRoadmap(page) {
                for item in fact.items where item.kind == .phase && !item.archived {
                    currentPhases[root, default: []].insert(item.id)
                }
            }
        }
        // Changed in place: the few archives are rewritten, every other pair is not copied.
        var facts = facts
        for offset in facts.indices {
            let (page, fact) = (facts[offset].page, facts[offset].fact)
            guard RoadmapReader.isRoadmap(page), let root = fact.planningRoot, !rootsWithFiles.contains(root),
                let parent = archiveParent(of: root)
            else { continue }
            let phases = fact.items.filter { $0.kind == .phase }.map { $0.id }
            guard currentPhases[parent, default: []].isDisjoint(with: phases) else { continue }
            var merged = fact
            merged.planningRoot = parent
            merged.items = fact.items.map { item in
                var item = item
                item.key = parent + "#" + item.id
                item.archived = true
                return item
            }
            merged.archivedPhases.formUnion(phases)
            facts[offset].fact = merged
        }
        return facts
    }

    /// The planning folder a milestone archive belongs to: `.planning` for
    /// `.planning/milestones/v1.0`; nil for a folder that is no archive.
    static func archiveParent(of root: String) -> String? {
        var parts = root.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2] == "milestones" else { return nil }
        parts.removeLast(2)
        return parts.joined(separator: "/")
    }

    /// One item per phase. The current ROADMAP's archived block and the
    /// milestone's own archive may both list a phase: the ROADMAP's line is
    /// kept (the archive is a snapshot of when it shipped). A phase the
    /// ROADMAP lists in an archived block that a milestone archive with its
    /// own folders holds (`milestones/v2.1-phases/23-…`) is that archive's phase.
    static func uniquePhases(_ items: [WorkItem]) -> [WorkItem] {
        var kept: [WorkItem] = []
        var index: [String: Int] = [:]
        for item in items {
            guard item.kind == .phase else {
                kept.append(item)
                continue
            }
            guard let earlier = index[item.key] else {
                index[item.key] = kept.count
                kept.append(item)
                continue
            }
            if GSDFiles.fileName(item.sourcePath) == "ROADMAP.md"
                && GSDFiles.fileName(kept[earlier].sourcePath) != "ROADMAP.md"
            {
                kept[earlier] = item
            }
        }
        var inArchives: Set<String> = []
        for item in kept where item.kind == .phase {
            let root = String(item.key.prefix { $0 != "#" })
            if let parent = archiveParent(of: root) { inArchives.insert(parent + "#" + item.id) }
        }
        let parents = Set(kept.compactMap { $0.parent })
        return kept.filter { item in
            !(item.kind == .phase && item.archived && inArchives.contains(item.key) && !parents.contains(item.key))
        }
    }

    /// A ticked ROADMAP plan line that still says `PENDING` (`- [x] 30-06 …
    /// operator smoke-check Task 2 PENDING`): words beat the tick, so where
    /// they are written as its status the plan takes theirs (in review, here),
    /// and either way a hint names the tick and the words.
    static func questionTick(_ line: RoadmapPlan?, in roadmap: Page?, of item: inout WorkItem) {
        guard let line, line.status == .done, let word = line.unfinishedWord else { return }
        var message = "is ticked, but also says '\(word)'"
        if let status = line.unfinishedStatus, item.status == .done {
            item.status = status
            message += "; counted as \(status.label.lowercased()) until it says done"
        }
        if let roadmap, roadmap.sourcePath != item.sourcePath {
            item.hint("its ROADMAP line (\(roadmap.sourcePath):\(line.line)) \(message)", line: item.line)
        } else {
            item.hint("its ROADMAP line \(message)", line: line.line)
        }
    }

    /// `.planning#phase-2` for `.planning#02-01`.
    static func phaseKey(ofPlan key: String) -> String {
        let hash = key.lastIndex(of: "#")!
        let id = key[key.index(after: hash)...]
        let phase = id.prefix { $0 != "-" }
        return String(key[..<hash]) + "#" + StatusText.phaseID(Substring(phase))
    }

    /// The key of a plan file whose id an earlier plan file of its planning folder has.
    static func duplicateKey(_ key: String, sourcePath: String) -> String {
        key + "@" + sourcePath
    }

    /// The folder of a content path (`.planning/phases/01-x` for its `01-01-PLAN.md`).
    private static func folder(of path: String) -> Substring {
        path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
    }

    /// `Visual design flow` for `10-visual-design-flow`.
    static func title(ofFolder folder: String) -> String {
        let words = folder.split(separator: "-").drop { $0.allSatisfy { $0.isNumber || $0 == "." } }
        let text = words.joined(separator: " ")
        return text.isEmpty ? folder : text.prefix(1).uppercased() + text.dropFirst()
    }
}
