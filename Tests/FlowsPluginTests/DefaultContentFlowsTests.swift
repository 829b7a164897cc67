import Foundation
import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// The example site's UX spec (`content/UX_SPEC.md`) still draws its flows:
/// prose, a `flow` block and mermaid, one flow per section.
@Suite struct DefaultContentFlowsTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("content/UX_SPEC.md").path

    @Test func theUXSpecDrawsOneFlowPerSectionAndSkipsNothing() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let split = try FrontMatter.split(text)
        var page = Page(
            sourcePath: "UX_SPEC.md", displayPath: "content/UX_SPEC.md", outputPath: "UX_SPEC.html",
            frontMatter: .null, title: "UX", markdown: split.body,
            document: MarkdownParser.parse(split.body, firstLine: split.bodyFirstLine), order: nil)
        page.bodyFirstLine = split.bodyFirstLine
        let log = DiagnosticLog(keepsNotes: true)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let fact = try #require(try FlowsPlugin().analyze(page, context: context).first as? FlowFact)
        #expect(log.all.isEmpty && log.notes.isEmpty, "\(log.all) \(log.notes)")
        #expect(
            fact.flows.map(\.title) == [
                "Navigation Model (from Welcome)", "Navigation Model (from Notification)",
                "Navigation Model (from Widget)", "Navigation Model (from Toast)", "Entry Points (from Welcome)",
                "Entry Points (from Health Import)", "Onboarding Flow Diagram", "Onboarding",
                "Logging Paths (from Home)",
                "Logging Paths (from Notification)",
            ])
        // "Welcome → Goal → Home" and the three main paths share screens within
        // Navigation Model; the Entry Points table below it is a flow of its own.
        let navigation = try #require(fact.flows.first)
        #expect(labels(navigation.graph).contains("Day Detail"))
        #expect(!labels(navigation.graph).contains("Health Import"))
    }
}
