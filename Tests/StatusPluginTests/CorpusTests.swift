import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Real plans from other teams, read as the issue states them.
@Suite(.enabled(if: hasCorpus, "no corpus at ../shared/corpus"))
struct CorpusTests {
    @Test func onboardingPlanHas24ChunksAndExactlyTwoDone() throws {
        let page = try corpusPage("ONBOARDING_IMPLEMENTATION_PLAN.md")
        let (fact, warnings) = read(page)
        let chunks = fact.items.filter { $0.kind == .chunk }
        #expect(chunks.count == 24)
        #expect(chunks.map(\.id) == (1...24).map { String(format: "CHUNK-%03d", $0) })
        #expect(chunks.filter { $0.status == .done }.map(\.id) == ["CHUNK-002", "CHUNK-004"])
        #expect(fact.items.count == 24, "\(fact.items.map(\.id))")
        #expect(warnings.isEmpty, "\(warnings)")
        let byID = Dictionary(uniqueKeysWithValues: chunks.map { ($0.id, $0) })
        #expect(byID["CHUNK-004"]?.dependencyIDs == ["CHUNK-001", "CHUNK-003"])
        #expect(byID["CHUNK-004"]?.dependencyText == "CHUNK-001 (colors), CHUNK-003 (fonts)")
        #expect(byID["CHUNK-004"]?.commits == "88c8123..HEAD")
        #expect(byID["CHUNK-002"]?.commits == "a9887c8..HEAD")
        #expect(byID["CHUNK-010"]?.dependencyIDs == ["CHUNK-001", "CHUNK-003", "CHUNK-004"])
        #expect(byID["CHUNK-001"]?.dependencyIDs == [])
        #expect(byID["CHUNK-022"]?.dependsOnAllPrevious == true)
        #expect(byID["CHUNK-023"]?.dependsOnAllPrevious == true)
        #expect(byID["CHUNK-024"]?.dependencyIDs == ["CHUNK-023"])
        #expect(byID["CHUNK-001"]?.estimate?.minutes == 30)
        #expect(byID["CHUNK-004"]?.estimate?.minutes == 90)
        #expect(byID["CHUNK-002"]?.estimate?.minutes == 45)
        #expect(byID["CHUNK-003"]?.estimate?.minutes == 60)
        #expect(byID["CHUNK-001"]?.phase == "Foundation")
        #expect(byID["CHUNK-001"]?.priority == "CRITICAL")
        #expect(byID["CHUNK-024"]?.phase == "Polish")
        #expect(byID["CHUNK-002"]?.risk == "Low")
        // The ✅ before each acceptance criterion of an unfinished chunk is a list style.
        #expect(byID["CHUNK-001"]?.checklist.done == 0)
        #expect(byID["CHUNK-001"]?.checklist.open == 5)
        let estimates = chunks.compactMap(\.estimate?.minutes)
        #expect(estimates.count == 24)

        let status = report([page])
        #expect(status.countProgress == (2, 24))
        let ready = status.entries.filter(\.isReady).map(\.item.id)
        #expect(ready.contains("CHUNK-001") && !ready.contains("CHUNK-010"))
        // "All previous chunks": CHUNK-022 (all previous itself) stands for the 21 before it.
        let last = try #require(status.entry("ONBOARDING_IMPLEMENTATION_PLAN.md#CHUNK-023"))
        #expect(last.dependencies == ["ONBOARDING_IMPLEMENTATION_PLAN.md#CHUNK-022"])
        #expect(last.previousCount == 22)
        // It waits for unfinished chunks: waiting, not blocked.
        #expect(!last.isBlocked && last.readiness == .waiting && !last.isReady)
        #expect(!status.criticalPath.isEmpty)
    }

    @Test func sprintPlanChecklistsAreCountedPerPriority() throws {
        let (fact, warnings) = read(try corpusPage("SPRINT_7_PARITY_PLAN.md"))
        #expect(warnings.isEmpty)
        let groups = fact.items.filter { $0.kind == .checklist }
        #expect(
            groups.map(\.title) == [
                "Priority 1: Kids Mode Gallery", "Priority 2: Enhanced Photo Viewer", "Priority 3: Theme Management",
                "Priority 4: Toast Enhancement",
            ])
        #expect(groups.map(\.priority) == ["1", "2", "3", "4"])
        #expect(groups.map(\.checklist.total) == [7, 7, 7, 5])
        #expect(groups.map(\.checklist.done) == [0, 0, 0, 0])
        #expect(fact.entries.count == 26)
    }

    @Test func otherCorpusDocumentsTrackNoInventedWork() throws {
        let (design, _) = read(try corpusPage("DESIGN_SYSTEM.md"))
        #expect(design.items.allSatisfy { $0.kind == .checklist })
        let (guide, warnings) = read(try corpusPage("IMPLEMENTATION_GUIDE_SKILL.md"))
        #expect(guide.items.filter { $0.kind != .checklist }.isEmpty, "\(guide.items.map(\.title))")
        #expect(warnings.isEmpty)
    }
}
