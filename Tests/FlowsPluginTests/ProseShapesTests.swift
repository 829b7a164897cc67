import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// Arrows in prose that are processes, templates, pictures or pairs rather
/// than screen flows, and chains whose names must be read whole: the shapes
/// an audit of real specs found, written here as small fixtures of their own.
@Suite struct ProseShapesTests {
    /// The flows of `markdown`, and the messages of the notes `--verbose` prints for it.
    private func read(_ markdown: String) throws -> (flows: [FlowDefinition], notes: [String]) {
        let log = DiagnosticLog(keepsNotes: true)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let fact = try FlowsPlugin().analyze(page(markdown), context: context).first as? FlowFact
        #expect(log.all.isEmpty, "no warnings: \(log.all)")
        return (fact?.flows ?? [], log.notes.map(\.message))
    }

    // MARK: - Not flows

    @Test func aFunnelOfCountsIsNoFlow() throws {
        // The paragraph speaks of a screen, but the chain counts things.
        let markdown = """
            ## Discovery (one session)

            **Input:** four prompts and one sample screen
            **Output:** 8 sketches → 2 finalists → review → 1 pick
            """
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(
            notes == [
                "arrows not drawn as a flow, its names are counts of things: 8 sketches → 2 finalists → review → 1 pick"
            ])
    }

    @Test func screenWordsUnderAHeadingAboutPhasesOrTestsAreNoEvidence() throws {
        let phase = "## Phase 1: Discovery\n\nPick one screen to study: Sketch → Compare → Choose\n"
        #expect(try read(phase).flows.isEmpty)
        // "Chat flow" and "Sign-in flow" alike: a list of tests that are missing.
        let tests = """
            ### 4.1 Missing end-to-end tests

            - Sign-in flow: Register → Log in → Inbox
            - Chat flow: New thread → Send → React
            """
        let (flows, notes) = try read(tests)
        #expect(flows.isEmpty)
        #expect(notes.count == 2)
        // The same words elsewhere still speak of screens.
        #expect(try read(phase.replacingOccurrences(of: "Phase 1: ", with: "")).flows.count == 1)
    }

    @Test func aTemplateOfStepsIsNoFlowEvenInAFlowSection() throws {
        let markdown = "## Journeys\n\n1. For every journey, define: start point → pages seen → choices → end state\n"
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(notes.first?.contains("it defines a template of steps") == true)
    }

    @Test func aTableOfFilesInAFlowSectionHoldsNoFlow() throws {
        // The row names a flow, but the chain's own cell and the header speak of a story's beats.
        let markdown = """
            ## Flows to study

            | File | Why it helps |
            |------|--------------|
            | Rescue flow | `rescue.html` |
            | Calm flow | Story beats: worry → relief → joy |
            """
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(notes == ["arrows not drawn as a flow, it stands in a table of other things: worry → relief → joy"])
        // A table whose header speaks of paths draws its chains, names whole.
        let paths = """
            ## Patterns

            | Kind | Path |
            |------|------|
            | First use | Sign up → setup → first action |
            """
        #expect(try read(paths).flows.map { labels($0.graph) } == [["Sign up", "setup", "first action"]])
    }

    @Test func aDataFlowDrawnWithFramesStaysCode() throws {
        let markdown = """
            ## Data

            ```
            User Tap -> Screen -> Model -> Store
                        ^                   |
                        +---- update <------+
            ```
            """
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(
            notes == [
                "arrows not drawn as a flow, it is part of a box-drawing picture: User Tap → Screen → Model → Store"
            ])
    }

    @Test func aFallbackOrderIsNoFlow() throws {
        let markdown =
            "## Lock\n\n- Unlock tries Face ID → Watch Unlock → account password as a fallback; the system shows its dialog.\n"
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(notes.first?.hasSuffix("Face ID → Watch Unlock → account password") == true)
    }

    @Test func statementsJoinedByAMiddleDotAreNoChain() throws {
        let (flows, _) = try read("## Navigation\n\n- **Graph** → `Charts` · **Tabs** → switch. Back exits.\n")
        #expect(flows.isEmpty)
    }

    // MARK: - Names

    @Test func aNameCutAtAGuessIsNoFlow() throws {
        let (flows, notes) = try read("## User flows\n\nwe render welcome → home → settings quickly for new users\n")
        #expect(flows.isEmpty)
        #expect(notes.first?.contains("where its first or last name ends in the sentence is a guess") == true)
    }

    @Test func namesInATableCellAreTheWholeCell() throws {
        let markdown = """
            ## Use cases

            | Use case | This screen's role |
            |----------|--------------------|
            | First scan | Empty list → Scan → Return with data |
            """
        let (flows, _) = try read(markdown)
        #expect(flows.map { labels($0.graph) } == [["Empty list", "Scan", "Return with data"]])
        #expect(flows.first?.title == "Use cases")
    }

    @Test func aChainThatWrapsInATextBlockIsOneChain() throws {
        let markdown = """
            ## Journeys

            ```
            Sign Up → Pick Role → Profile →
            First Invite → Event →
            Follow-up
            ```
            """
        let (flows, _) = try read(markdown)
        #expect(flows.count == 1)
        #expect(
            flows.map { labels($0.graph) } == [
                ["Sign Up", "Pick Role", "Profile", "First Invite", "Event", "Follow-up"]
            ])
        #expect(flows.first?.line == 4)
        // A line that opens with an arrow goes on from the one before.
        let leading = "## Journeys\n\n```\nHome → Search\n  → Results → Detail\n```\n"
        #expect(try read(leading).flows.map { labels($0.graph) } == [["Home", "Search", "Results", "Detail"]])
    }

    @Test func twoNamesInASentenceAboutRenamingAreNoRename() throws {
        let markdown = """
            **Rename flow**:

            1. User edits the name in `PlaceDetailView` → hits Return
            2. The list shows the new name.
            """
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(
            notes == ["arrows not drawn as a flow, it names fewer than three screens: PlaceDetailView → hits Return"])
        // A rename said as a whole still is one.
        let (_, renamed) = try read("## Notes\n\nWe renamed Boxes → Piles.\n")
        #expect(renamed == ["arrows not drawn as a flow, it says a screen was renamed: Boxes → Piles"])
    }
}
