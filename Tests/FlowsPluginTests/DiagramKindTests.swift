import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// What a drawn diagram is called and whether its boxes are screens.
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

    @Test func anArchitectureDiagramIsDrawnButShowsNoScreens() throws {
        let markdown = """
            # System

            ## 2. High-Level Architecture

            ```mermaid
            graph TD
              app[Mobile App] --> api[API] --> db[(Database)]
              api --> mail[Mail Service]
            ```

            ## 3. Information Architecture

            ```mermaid
            graph TD
              s[Splash] --> h[Home] --> p[Profile]
            ```
            """
        let (found, fact, warnings) = try analyze(page(markdown))
        #expect(warnings.isEmpty)
        #expect(found.map(\.showsScreens) == [false, true])
        #expect(found.map(\.summary) == ["4 boxes, 3 links", "3 screens, 2 steps"])
        #expect(FlowDrawing.describe(found[0].graph, screens: false).hasPrefix("Diagram of 4 boxes and 3 links"))
        // The Flows page's screen map leaves the architecture out.
        let thePage = page(markdown)
        let site = Site(config: SiteConfig(), pages: [thePage], factsByPage: [thePage.sourcePath: [try #require(fact)]])
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        let outputs = try FlowsPlugin().generate(for: site, context: context)
        let html = try #require(
            outputs.compactMap { output -> String? in
                if case .page(let page) = output { page.contentHTML } else { nil }
            }.first)
        #expect(!html.contains("Screen map"), "one flow of screens draws no map")
        // Its boxes are not screens a chain elsewhere can lean on.
        let chain = markdown + "\n## Notes\n\nMobile App → API → Mail Service\n"
        #expect(try flows(chain).count == 2)
    }

    @Test func theArchitectureOfAPageTitledSoIsNoScreens() throws {
        let markdown = "# Architecture & Diagrams\n\n## 1. System Context\n\n" + Self.mermaid
        #expect(try flows(markdown).map(\.showsScreens) == [false])
        // A flow section in it is still about screens.
        let flowSection = "# Architecture & Diagrams\n\n## Login flow\n\n" + Self.mermaid
        #expect(try flows(flowSection).map(\.showsScreens) == [true])
    }
}
