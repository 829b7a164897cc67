import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Details of how plans are read that real documents rely on: GSD's STATE.md,
/// a heading marker with its reason, links in metadata values.
@Suite("Plan details")
struct PlanDetailTests {
    /// The report the plugin makes of these pages, GSD files included.
    func gsdReport(_ pages: [Page]) -> StatusReport {
        StatusReport.make(facts: pages.map { ($0, StatusPlugin.read($0).0) })
    }

    static func plan(_ id: String, dependsOn: [String] = []) -> String {
        let phase = id.prefix(2)
        return """
            ---
            phase: \(phase)-core
            plan: \(id.suffix(2))
            wave: 1
            depends_on: [\(dependsOn.map { "\"\($0)\"" }.joined(separator: ", "))]
            ---

            <objective>
            Plan \(id).
            </objective>
            """
    }

    static let state = """
        # Project State

        **Status:** Active

        ## Current Position

        Phase: 1 of 2 (Core)
        Plan: 2 of 2 in current phase
        Status: In progress — Task 1 in review (PR #44)
        Last activity: 2026-01-22 — pushed the fix
        """

    @Test func stateMarksThePlanUnderWayInProgress() throws {
        let pages = [
            try page(Self.plan("01-01"), path: ".planning/phases/01-core/01-01-PLAN.md"),
            try page("# Summary\n\n**Completed:** 2026-01-10\n", path: ".planning/phases/01-core/01-01-SUMMARY.md"),
            try page(Self.plan("01-02", dependsOn: ["01-01"]), path: ".planning/phases/01-core/01-02-PLAN.md"),
            try page(Self.plan("02-01", dependsOn: ["01-02"]), path: ".planning/phases/02-next/02-01-PLAN.md"),
            try page(Self.state, path: ".planning/STATE.md"),
        ]
        let report = gsdReport(pages)
        let underWay = try #require(report.entry(".planning#01-02"))
        #expect(underWay.item.status == .inProgress)
        #expect(underWay.item.note == "Task 1 in review (PR #44)")
        #expect(underWay.item.statusText == "STATE: In progress — Task 1 in review (PR #44)")
        #expect(!underWay.isReady)
        #expect(report.entry(".planning#01-01")?.item.status == .done)
        #expect(report.entry(".planning#02-01")?.readiness == .waiting)
        #expect(report.entry(".planning#02-01")?.isBlocked == false)
        #expect(report.readyNext.isEmpty)
    }

    @Test func aSummaryOutranksTheState() throws {
        // STATE.md lags behind: the plan it names has its SUMMARY already.
        let pages = [
            try page(Self.plan("01-02"), path: ".planning/phases/01-core/01-02-PLAN.md"),
            try page("# Summary\n\n**Completed:** 2026-01-12\n", path: ".planning/phases/01-core/01-02-SUMMARY.md"),
            try page(Self.state, path: ".planning/STATE.md"),
        ]
        #expect(gsdReport(pages).entry(".planning#01-02")?.item.status == .done)
    }

    @Test func aStateWithoutAPlanUnderWaySaysNothing() throws {
        for status in ["Ready to plan", "Phase complete — ready for verification", "Not started"] {
            let state = Self.state.replacingOccurrences(
                of: "In progress — Task 1 in review (PR #44)", with: status)
            let pages = [
                try page(Self.plan("01-02"), path: ".planning/phases/01-core/01-02-PLAN.md"),
                try page(state, path: ".planning/STATE.md"),
            ]
            #expect(gsdReport(pages).entry(".planning#01-02")?.item.status == .notStarted, "\(status)")
        }
    }

    @Test func aHeadingMarkerKeepsItsReason() throws {
        let plan = """
            # Plan

            ## CHUNK-003: Logo ❌ Blocked — waiting for legal review of the mark

            ## CHUNK-004: Icons ✅ then the rest of a sentence about icons
            """
        let (fact, warnings) = read(try page(plan))
        #expect(warnings.isEmpty)
        // The ✅ is no marker, and no emoji stays in a title either.
        #expect(fact.items.map(\.title) == ["Logo", "Icons then the rest of a sentence about icons"])
        #expect(fact.items[0].status == .blocked)
        #expect(fact.items[0].note == "waiting for legal review of the mark")
        #expect(fact.items[1].status == .unknown || !fact.items[1].statusStated, "a ✅ in prose is no marker")
    }

    @Test func linksInMetadataAreReadAsTheirText() throws {
        let plan = """
            # Plan

            ## CHUNK-001: Colours

            ## CHUNK-002: Widget

            **Status**: ❌ Blocked — needs [CHUNK-001](#chunk-001-colours) and the [entitlement][review]
            **Dependencies**: [CHUNK-001](PLAN.md#chunk-001-colours)

            [review]: https://example.com/review
            """
        let (fact, _) = read(try page(plan))
        let widget = try #require(fact.items.last)
        #expect(widget.note == "needs CHUNK-001 and the entitlement")
        #expect(widget.dependencyIDs == ["CHUNK-001"])
    }
}
