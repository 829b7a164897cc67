import Testing

@testable import FlowsPlugin

/// Inputs that trapped the Swift runtime in this plugin.
struct CrashRegressionTests {
    /// The marker prefix, `open` and the closing ` -->` sharing one space: the
    /// name between them would have started after it ended.
    @Test func markerWithoutANameIsNoSection() throws {
        #expect(FlowFinder.sectionTag("<!-- specsite:gsd open -->") == nil)
        #expect(FlowFinder.sectionTag("<!-- specsite:gsd open  -->") == nil)
        #expect(FlowFinder.sectionTag("<!-- specsite:gsd open objective -->") == "Objective")
        let found = try flows("# UX\n\n\\<!-- specsite:gsd open -->\n\nLogin → Home → Settings\n")
        #expect(found.map(\.title) == ["UX"])
    }
}
