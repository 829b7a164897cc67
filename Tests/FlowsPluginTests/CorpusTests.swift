import Foundation
import SpecSiteDiagrams
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// The flows of real spec documents, listed by hand from the documents: each
/// must be found with exactly its screens and steps, and nothing else.
final class CorpusTests: XCTestCase {
    func testOnboardingPlanDrawsOneFlowPerSectionUnderTheNewName() throws {
        let (flows, _, warnings) = try analyze(corpusPage("ONBOARDING_IMPLEMENTATION_PLAN.md"))
        XCTAssertEqual(warnings, [])
        // "1. ✅ Flow goes Welcome → Categories → PIN → Complete" (line 431, under
        // "Acceptance Criteria") and "- [ ] Welcome → Piles → PIN → Complete" (line
        // 1684, "Peer Review Checklist"): two sections, so two flows. The plan
        // renames Categories to Piles (line 17, a "Terminology" row), so both
        // draw one path through Piles, not a branch per name. Other arrows
        // (`48dp → 48 points`, Swift's `-> Void`) are not flows, and the
        // scenario labels of "Test Scenarios" are no step list.
        XCTAssertEqual(flows.map(\.line), [431, 1684])
        XCTAssertEqual(flows.map(\.title), ["Acceptance Criteria", "Peer Review Checklist"])
        let flow = try XCTUnwrap(flows.first)
        XCTAssertEqual(flow.notation, .prose)
        // Line 431 wrote Categories: its box says both names; line 1684 wrote Piles.
        XCTAssertEqual(labels(flow.graph), ["Welcome", "Piles\n(formerly Categories)", "PIN", "Complete"])
        XCTAssertEqual(flow.graph.nodes[1].tooltip, "formerly Categories")
        XCTAssertEqual(labels(flows[1].graph), ["Welcome", "Piles", "PIN", "Complete"])
        XCTAssertEqual(edges(flows[1].graph), ["Welcome -> Piles", "Piles -> PIN", "PIN -> Complete"])
        // The screen map is one path through Piles.
        XCTAssertEqual(labels(ScreenMap(flows: flows).graph), ["Welcome", "Piles", "PIN", "Complete"])
        XCTAssertTrue(isWellFormedXML(flow.standaloneSVG))
    }

    func testGSDPlanDrawsTheStepOrderAndThePermissionPrimingSequence() throws {
        let (flows, _, warnings) = try analyze(corpusPage("10-04-PLAN.md"))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(flows.count, 2)
        guard flows.count == 2 else { return }
        // "7. Flow order maintained: welcome -> auth -> createEventType -> …" in <verification>.
        XCTAssertEqual(flows[0].line, 351)
        XCTAssertEqual(
            labels(flows[0].graph), ["welcome", "auth", "createEventType", "logFirstEvent", "permissions", "finish"])
        XCTAssertEqual(
            edges(flows[0].graph),
            [
                "welcome -> auth", "auth -> createEventType", "createEventType -> logFirstEvent",
                "logFirstEvent -> permissions", "permissions -> finish",
            ])
        // "4. Permissions flow shows NotificationPriming -> LocationPriming -> HealthKitPriming sequentially".
        XCTAssertEqual(flows[1].line, 358)
        // Named after the plan's own sections, which are tags, not headings.
        XCTAssertEqual(flows.map(\.title), ["Verification", "Success criteria"])
        XCTAssertEqual(
            edges(flows[1].graph), ["NotificationPriming -> LocationPriming", "LocationPriming -> HealthKitPriming"])
        for flow in flows {
            XCTAssertTrue(isWellFormedXML(flow.standaloneSVG))
            // Every screen is drawn, and no two boxes overlap.
            let layout = LayeredLayout.layout(flow.graph)
            for (index, node) in layout.nodes.enumerated() {
                for other in layout.nodes[(index + 1)...] { XCTAssertFalse(node.frame.intersects(other.frame)) }
            }
        }
    }

    func testOtherCorpusDocumentsHaveNoStrayFlows() throws {
        // Menu paths (`File → New → Project`), release percentages
        // (`20% -> 50% -> 100%`) and code comments are not screen flows.
        for name in ["DESIGN_SYSTEM.md", "IMPLEMENTATION_GUIDE_SKILL.md", "SPRINT_7_PARITY_PLAN.md"] {
            let (flows, _, warnings) = try analyze(corpusPage(name))
            XCTAssertEqual(flows.map(\.title), [], name)
            XCTAssertEqual(warnings, [], name)
        }
    }

    func testCorpusFlowsRenderAfterTheTextThatWritesThem() throws {
        let html = try render(corpusPage("10-04-PLAN.md"))
        XCTAssertEqual(html.components(separatedBy: "<figure class=\"flow\"").count - 1, 2)
        // The plan's text is still there, before its drawing.
        let text = try XCTUnwrap(html.range(of: "Flow order maintained"))
        let figure = try XCTUnwrap(html.range(of: "<figure class=\"flow\""))
        XCTAssertLessThan(text.lowerBound, figure.lowerBound)
    }
}
