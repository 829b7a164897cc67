import Foundation
import SpecSiteKit
import XCTest

@testable import FlowsPlugin

/// Specs other teams wrote, kept out of the repository in the git-ignored
/// `.realworld/` folder (each folder's `SOURCES.txt` names the repository
/// and commit): what a careful reader counts as screen flows in each, by the
/// screens of every flow drawn. Skipped when the folder is not here.
final class RealWorldTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".realworld").path

    /// The screens of each flow drawn from the document at `path` under `.realworld/`;
    /// it throws the skip, so call it outside an assertion (one would record the skip as an error).
    private func drawn(_ path: String) throws -> [[String]] {
        let full = Self.root + "/" + path
        guard FileManager.default.fileExists(atPath: full) else { throw XCTSkip("no \(full)") }
        let text = try String(contentsOfFile: full, encoding: .utf8)
        let split = try FrontMatter.split(text)
        let found = try analyze(
            Page(
                sourcePath: path, displayPath: path, outputPath: "page.html", frontMatter: .null, title: path,
                markdown: split.body, document: MarkdownParser.parse(split.body, firstLine: split.bodyFirstLine),
                order: nil))
        return found.flows.map { $0.graph.nodes.map(\.label) }
    }

    /// A voice app's gestures end in a list of modes, one of them NAVIGATION: no screens.
    func testAVoiceAppsGesturesAreNoFlow() throws {
        let flows = try drawn("flows/Aladin147__Nadar/ux-spec.md")
        XCTAssertEqual(flows, [])
    }

    /// Journeys told as `**Action** → what follows`: rotations, match phases and
    /// substitutions walked through, no screens.
    func testJourneysOfActionsAreNoFlows() throws {
        let flows = try drawn("flows/Noah-Ribaudo__volley-studio/user-journeys.md")
        XCTAssertEqual(flows, [])
    }

    /// Journeys of actions, each closing with an emotional arc: no screen flow.
    func testJourneysWithEmotionalArcsAreNoFlows() throws {
        let flows = try drawn("flows2/thevarun__HealthCompanion/key-user-journeys.md")
        XCTAssertEqual(flows, [])
    }

    /// `1. Welcome Screen → 2. Onboarding Steps → …`: the step numbers are no part of the names.
    func testNumberedStepsAfterArrowsAreOneFlow() throws {
        let flows = try drawn("flows2/choosemarck-beep__Learning-Management-App/onboarding.md")
        XCTAssertEqual(flows, [["Welcome Screen", "Onboarding Steps", "Account Creation", "Dashboard"]])
    }

    /// The onboarding's chunks are a flow; the wording of its buttons is not.
    func testButtonWordingIsNoFlow() throws {
        let flows = try drawn("flows2/Byk3y__PREPAI/ahead_onboarding_analysis.md")
        XCTAssertEqual(flows, [["Welcome", "Credibility", "Assessment", "Personalization", "Commitment", "Signup"]])
    }

    /// The navigation table draws its paths; the emoji curves of emotions under
    /// "Emotions Throughout Journey" do not.
    func testANavigationTableIsAFlowAndEmotionCurvesAreNot() throws {
        let flows = try drawn("flows2/dmahinc__Sales-Enablement/USER_JOURNEYS.md")
        XCTAssertEqual(flows.count, 1)
        XCTAssertEqual(
            Set(flows.first ?? []),
            ["Dashboard", "Materials", "Upload", "Discovery", "Search", "Download", "Filter", "Universe", "Browse"])
    }
}
