import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// Chains whose names must be read whole: the shapes an audit of real specs
/// found, written here as small fixtures of their own.
@Suite struct ProseShapesTests {
    /// The flows of `markdown`, and the messages of the notes `--verbose` prints for it.
    private func read(_ markdown: String) throws -> (flows: [FlowDefinition], notes: [String]) {
        let log = DiagnosticLog(keepsNotes: true)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let fact = try FlowsPlugin().analyze(page(markdown), context: context).first as? FlowFact
        #expect(log.all.isEmpty, "no warnings: \(log.all)")
        return (fact?.flows ?? [], log.notes.map(\.message))
    }

    // MARK: - Names

    @Test func statementsJoinedByAMiddleDotAreNoChain() throws {
        let (flows, _) = try read("## Navigation\n\n- **Graph** → `Charts` · **Tabs** → switch. Back exits.\n")
        #expect(flows.isEmpty)
    }

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
}
