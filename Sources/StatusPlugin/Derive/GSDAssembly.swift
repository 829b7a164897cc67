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
        var summaries: [String: [(folder: Substring, info: GSDSummaryInfo)]] = [:]
        var roadmapPlans: [String: WorkStatus] = [:]
        var verifications: [String: GSDVerificationInfo] = [:]
        var positions: [String: GSDPositionInfo] = [:]
        for (page, fact) in facts {
            let root = fact.planningRoot ?? GSDFiles.planningRoot(of: page.sourcePath)
            if let position = fact.position { positions[root + "#" + position.planID] = position }
            if let summary = fact.summary {
                summaries[root + "#" + summary.planID, default: []].append((folder(of: page.sourcePath), summary))
            }
            for (id, status) in fact.roadmapPlans { roadmapPlans[root + "#" + id] = status }
            if let verification = fact.verification, verification.status != nil {
                verifications[root + "#" + verification.targetID] = verification
            }
        }
        var planFiles: [String: [WorkItem]] = [:]
        for (_, fact) in facts {
            for item in fact.items where item.kind == .plan { planFiles[item.key, default: []].append(item) }
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
                if item.kind == .plan {
                    let first = planFiles[item.key]?.first ?? item
                    let isFirst = first.sourcePath == item.sourcePath
                    if let summary = summary(of: item) {
                        item.status = summary.status
                        item.statusStated = true
                        item.statusText =
                            summary.status == .done
                            ? "SUMMARY written" : "SUMMARY says \(summary.status.label.lowercased())"
                        item.completed = summary.completed
                    } else if isFirst, let stated = roadmapPlans[item.key] {
                        item.status = stated
                        item.statusStated = true
                        item.statusText = "ROADMAP"
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
                        item.status = status
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
        for (phaseKey, offset) in phaseIndex {
            let plans = plansOfPhase[phaseKey] ?? []
            var phase = items[offset]
            if !plans.isEmpty {
                var count = ChecklistCount()
                for plan in plans { count.add(items[plan].status) }
                phase.checklist = count
                if !phase.statusStated { phase.status = count.impliedStatus }
                if phase.status == .done, phase.completed == nil {
                    phase.completed = plans.compactMap { items[$0].completed }.max()
                }
            }
            if let verification = verifications[phaseKey], let status = verification.status {
                phase.note = "verification: \(verification.statusText ?? status.label)"
                if status != .done && phase.status == .done { phase.status = .inProgress }
            }
            items[offset] = phase
        }
        return items
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
