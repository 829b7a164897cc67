import Testing

@testable import FlowsPlugin

/// Inputs that trapped the Swift runtime in this plugin.
struct CrashRegressionTests {
    /// The marker prefix, `open` and the closing ` -->` sharing one space: the
    /// name between them would have started after it ended.
    @Test func markerWithoutANameIsNoSection() throws {
        #expect(FlowFinder.sectionTag("<!-- specsite:gsd open -->") == nil)
        #expect(FlowFinder.sectionTag("<!-- specsite:gsd open  -->") == nil)
        let found = try flows("# UX\n\n\\<!-- specsite:gsd open -->\n\nThe screens: Login → Home → Settings\n")
        #expect(found.map(\.title) == ["UX"])
    }
}
