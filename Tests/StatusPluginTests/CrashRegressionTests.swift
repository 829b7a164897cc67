import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Inputs that trapped the Swift runtime in this plugin, at the level of the
/// function that trapped (the built-site versions are in `HostileCrashTests`).
struct CrashRegressionTests {
    @Test func absurdEstimatesAreToldFromNone() {
        #expect(StatusText.readEstimate("99999999999999999999 hours") == .tooLarge)
        #expect(StatusText.readEstimate(String(repeating: "9", count: 400) + " days") == .tooLarge)
        #expect(StatusText.readEstimate("1000001 hours") == .tooLarge)
        #expect(StatusText.estimate("99999999999999999999 hours") == nil)
        #expect(StatusText.readEstimate("soon") == nil)
        // The bound itself is an estimate.
        #expect(StatusText.estimate("1000000 hours")?.minutes == Estimate.maximumMinutes)
        #expect(StatusText.estimate("2 hours")?.minutes == 120)
    }

    @Test func absurdEstimateIsWarnedAtItsLine() throws {
        let (fact, warnings) = read(
            try page("# Plan\n\n## CHUNK-001: X\n\n**Estimated Time**: 99999999999999999999 hours\n"))
        #expect(fact.items.first?.estimate == nil)
        #expect(
            warnings == [
                LineMessage(
                    line: 5,
                    message: "estimate '99999999999999999999 hours' for CHUNK-001 is more than a million hours;"
                        + " it is left out")
            ])
    }

    /// `Estimate` is public: durations and exported minutes must take any value it can hold.
    @Test func durationsAndMinutesTakeAnyNumber() {
        #expect(StatusViews.duration(.nan) == "0 min")
        #expect(StatusViews.duration(-.infinity) == "0 min")
        #expect(StatusViews.duration(1e300).contains(" d"))
        #expect(StatusViews.duration(90) == "1 h 30 min")
        #expect(StatusExport.minutes(1e300) == Int.max)
        #expect(StatusExport.minutes(.nan) == 0)
        #expect(StatusExport.minutes(89.5) == 90)
    }

    @Test func linesAreCountedAsCmarkCountsThem() {
        #expect(GSDMarkup.lines("a\rb\r\nc\nd\r") == ["a\r", "b\r", "c", "d\r", ""])
        #expect(GSDMarkup.lines("x") == ["x"])
        #expect(GSDMarkup.lines("\r\r") == ["\r", "\r", ""])
    }

    /// A tag line, lone carriage returns and then an HTML block: cmark-gfm found
    /// the block on a line past the rewrite's last one.
    @Test func loneCarriageReturnsKeepTheLinesAndTheTags() throws {
        let text = "<objective>\nGoal\r\r\r\r\r<div>x</div>\n</objective>\n"
        let rewrite = GSDMarkup.rewrite(text)
        #expect(rewrite.isPlan)
        #expect(rewrite.warnings.isEmpty)
        // A lone return is kept as a line break (CR LF), so every line stays where it was.
        #expect(
            rewrite.markdown
                == "<!-- specsite:gsd open objective -->\nGoal\r\n\r\n\r\n\r\n\r\n<div>x</div>\n"
                + "<!-- specsite:gsd close objective -->\n")
        let html = try GSDTestSupport.render(text)
        #expect(html.contains("<section class=\"gsd-section gsd-objective\">"))
        #expect(GSDTestSupport.nestingProblems(html).isEmpty)
    }

    @Test func tagsSeparatedByLoneReturnsAreTags() throws {
        let body = GSDTestSupport.read(
            "<tasks>\r<task type=\"auto\">\r<name>Write it</name>\r<action>\rWrite x\r</action>\r</task>\r</tasks>\r")
        #expect(body.tasks.map(\.name) == ["Write it"])
    }
}
