import Foundation
import Testing

@testable import SpecSiteKit

/// A one-off build writes a generated page in pieces (the template before the
/// content, the content a slice at a time, the template after it) rather than
/// joining them first; a session joins them, since it keeps the bytes. Both
/// must write the same file.
@Suite("Generated pages written in pieces")
struct GeneratedPageWritingTests {
    /// Content longer than two slices, with multi-byte characters cut by the
    /// slice boundaries and control characters the page replaces.
    static let content: String = {
        var html = "<p>"
        while html.utf8.count < 2 * SiteRenderer.DocumentParts.slice + 1_000 {
            html += "Ünïcødé 🎨 colour\u{1} token · "
        }
        return html + "</p>\n"
    }()

    @Test func aOneOffBuildAndASessionWriteTheSameLargePage() throws {
        for title in ["Tokens", "Tokens \u{E000}"] {
            let streamed = Workspace()
            defer { streamed.remove() }
            streamed.write("a.md", "# A\n")
            let plugin = LargePagePlugin(title: title)
            let outcome = streamed.build(plugins: [plugin])
            #expect(outcome.error == nil, "\(outcome.messages)")

            let joined = Workspace()
            defer { joined.remove() }
            joined.write("a.md", "# A\n")
            let session = BuildSession(
                options: BuildOptions(content: joined.content, output: joined.output, plugins: [plugin]))
            #expect(session.rebuild().failure == nil)

            let one = try #require(FileManager.default.contents(atPath: streamed.output + "/large.html"))
            let other = try #require(FileManager.default.contents(atPath: joined.output + "/large.html"))
            #expect(one == other, "\(title): the streamed page differs from the joined one")
            // Read into Bools first: a failed expectation prints its operands, 2 MB here.
            let page = String(decoding: one, as: UTF8.self)
            let replaced = page.contains("Ünïcødé 🎨 colour\u{FFFD} token") && !page.contains("\u{1}")
            #expect(replaced, "control characters are replaced in the streamed content too")
            let ends = page.hasSuffix("</html>\n")
            #expect(ends, "the template after the content is written")
            #expect(one.count > 2 * SiteRenderer.DocumentParts.slice)
        }
    }

    @Test func thePiecesAreTheWholeDocument() throws {
        let parts = SiteRenderer.DocumentParts(
            head: Array("<main>".utf8), content: Self.content, tail: Array("</main>\n".utf8))
        var written: [[UInt8]] = []
        try parts.write { written.append($0) }
        #expect(written.count == 5, "head, three slices of content, tail")
        #expect(written.dropFirst().dropLast().allSatisfy { $0.count <= SiteRenderer.DocumentParts.slice })
        let whole = written.flatMap { $0 } == Array(("<main>" + Self.content + "</main>\n").utf8)
        #expect(whole)
    }
}

/// Generates one page whose content is ``GeneratedPageWritingTests/content``.
private struct LargePagePlugin: Plugin {
    let id = "large-page"
    let title: String

    func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        [.page(GeneratedPage(outputPath: "large.html", title: title, contentHTML: GeneratedPageWritingTests.content))]
    }
}
