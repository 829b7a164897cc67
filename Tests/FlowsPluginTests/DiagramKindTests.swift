import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// What a drawn diagram is called.
@Suite struct DiagramKindTests {
    private static let mermaid = "```mermaid\ngraph TD\n  a[Open App] --> b[Sign In] --> c[Home]\n```\n"

    @Test func aDiagramUnderAHeadingThatOnlySaysDiagramIsNamedAfterTheHeadingAbove() throws {
        let markdown = """
            ## User Flows

            ### User Flow: First Run

            #### Flow Diagram

            \(Self.mermaid)
            ### User Flow: Hosting

            #### Diagram

            ```mermaid
            graph TD
              a[Host Mode] --> b[New Event] --> c[Publish]
            ```
            """
        let found = try flows(markdown)
        #expect(found.map(\.title) == ["User Flow: First Run", "User Flow: Hosting"])
        // A heading that says what the flow is keeps its own name.
        #expect(
            try flows("## User Flows\n\n### Checkout flow diagram\n\n" + Self.mermaid).map(\.title) == [
                "Checkout flow diagram"
            ])
    }
}
