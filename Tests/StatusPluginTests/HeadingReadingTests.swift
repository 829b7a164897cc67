import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// How headings are read as work: status words after a dash or in parentheses,
/// a status symbol after the author's number, graded percentages, sub-headings
/// named after their phase, optional and deferred work, rows named by a number,
/// and a `**Status**:` line under a heading.
@Suite("Heading reading")
struct HeadingReadingTests {
    // MARK: - Status text

    @Test func aPercentageDecidesBesideALoneSymbolAndDeferredIsOptional() {
        #expect(StatusText.read("95% ✅").status == .inProgress)
        #expect(StatusText.read("100% ✅").status == .done)
        #expect(StatusText.read("15% ❌").status == .inProgress)
        #expect(StatusText.read("0% ❌").status == .notStarted)
        #expect(StatusText.read("❌ Blocked — 40% done").status == .blocked)
        #expect(StatusText.read("Deferred to a separate PR").status == .optional)
        #expect(StatusText.read("Postponed").status == .optional)
    }
}

/// The text a reader sees in the heading with anchor `id`: tags taken out.
private func visibleHeading(_ id: String, in html: String) throws -> String {
    let open = try #require(html.range(of: " id=\"\(id)\">"), "no heading #\(id)")
    let rest = html[open.upperBound...]
    let close = try #require(rest.range(of: "</h"))
    return String(rest[..<close.lowerBound]).replacing(/<[^>]*>/, with: "")
}
