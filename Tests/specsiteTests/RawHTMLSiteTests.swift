import Foundation
import Testing

/// A spec that uses the raw HTML specs use (anchors its contents link to,
/// `<details>`, `<kbd>`, `<sup>`, an image, a `<picture>`), and some it must
/// not keep, built by the command line, checked by the Nu HTML Checker and
/// opened in Chromium.
enum RawHTMLFixture {
    /// A 1×1 PNG.
    static let dot = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!

    static let spec = """
        # Raw HTML fixture

        ## Contents

        - [Overview](#doc-overview)
        - [Keys](#doc-keys)
        - [Details](#doc-details)
        - [Elsewhere](other.md#doc-other)

        <a id="doc-overview"></a>
        ## Overview

        <p align="center">
          <img src="img/dot.png" alt="Dot" width="40" height="40">
        </p>

        Water is H<sub>2</sub>O and E = mc<sup>2</sup>.<br>
        A line after a break, and <abbr title="Product requirements document">PRD</abbr> in <mark>short</mark>.

        \(filler)

        <a id="doc-keys"></a>
        ## Keys

        Press <kbd>Ctrl</kbd> + <kbd>K</kbd> to search.

        <table>
        <tr><th>Close</th><td><kbd>Esc</kbd></td></tr>
        </table>

        \(filler)

        <a name="doc-details"></a>
        ## Details

        <details>
        <summary>Show the hidden part</summary>

        Hidden **markdown** inside.

        </details>

        <details><summary>Never closed</summary>

        After the unclosed details, still on the page.

        <picture>
          <source media="(prefers-color-scheme: dark)" srcset="img/dot.png">
          <img src="img/dot.png" alt="Picture" width="20" height="20">
        </picture>

        <dl><dt>Term</dt><dd>Definition</dd></dl>

        <ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby> and <tt>old code</tt>.

        <script>alert(1)</script>
        <a href="javascript:alert(1)" onclick="alert(2)">no script</a> <img src=img/dot.png onerror=alert(3)>

        <!-- a hidden comment -->

        <div align="center">

        ### Centred heading

        </div>
        """

    static let filler = (1...12).map { "Filler paragraph \($0) to make the page scroll." }.joined(separator: "\n\n")

    /// Writes the fixture's content folder into `folder`.
    static func write(into folder: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/img", withIntermediateDirectories: true)
        try spec.write(toFile: folder + "/index.md", atomically: true, encoding: .utf8)
        try "# Other\n\n<a id=\"doc-other\"></a>\n\nText.\n".write(
            toFile: folder + "/other.md", atomically: true, encoding: .utf8)
        try dot.write(to: URL(fileURLWithPath: folder + "/img/dot.png"))
    }
}

@Suite("Raw HTML in a built site", .serialized)
struct RawHTMLSiteTests {
    func build() throws -> (folder: String, stderr: String) {
        let folder = CommandLineTests().temporaryFolder()
        try RawHTMLFixture.write(into: folder + "/content")
        let result = try CommandLineTests().run(["build", folder + "/content", "--output", folder + "/site"])
        #expect(result.status == 0, "\(result.stderr)")
        return (folder, result.stderr)
    }

    @Test func theFixtureBuildsWithOnlyTheWarningsItAsksFor() throws {
        let (folder, stderr) = try build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Every anchor the contents link to resolves.
        #expect(!stderr.contains(": warning:"), "\(stderr)")
        let page = try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8)
        #expect(!page.contains("<script>alert") && !page.contains("onclick") && !page.contains("onerror="))
        #expect(!page.contains("a hidden comment"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/img/dot.png"))
    }

    @Test(.enabled(if: javaPath != nil && vnuJar != nil))
    func theFixtureIsValidHTML() throws {
        let (folder, _) = try build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let errors = try HTMLValidationTests().validate(folder + "/site")
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
    }

    /// What the page shows: the details, the keys, the images, the anchors.
    static let state = """
        (() => {
            const details = [...document.querySelectorAll("article.doc details")];
            const hidden = [...document.querySelectorAll("article.doc p")].find(p => p.textContent.startsWith("Hidden"));
            const kbd = document.querySelector("article.doc kbd");
            const style = getComputedStyle(kbd);
            const anchor = document.getElementById("doc-details");
            const after = [...document.querySelectorAll("article.doc p")]
                .find(p => p.textContent.startsWith("After the unclosed"));
            return {
                open: details.map(d => d.open),
                hiddenShown: !!hidden && hidden.checkVisibility(),
                afterUnclosedShown: !!after && after.checkVisibility(),
                kbdBorder: style.borderTopStyle + " " + style.borderBottomWidth,
                kbdMono: /mono/i.test(style.fontFamily),
                kbdBox: style.display,
                images: [...document.querySelectorAll("article.doc img")].map(i => [i.getAttribute("src"), i.naturalWidth]),
                hash: location.hash,
                anchorTop: anchor ? Math.round(anchor.getBoundingClientRect().top) : null,
                scripts: [...document.scripts].filter(s => s.textContent.includes("alert(")).length,
                handlers: document.querySelectorAll("[onclick], [onerror]").length,
                centred: getComputedStyle(document.querySelector("article.doc h3").parentElement).textAlign,
            };
        })()
        """

    @Test(.enabled(if: chromiumPath != nil))
    func inABrowserTheDetailsOpenTheKeysLookLikeKeysAndTheAnchorsWork() throws {
        let (folder, _) = try build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let browser = BrowserTests()
        let page = browser.url(folder + "/site/index.html")
        var visit = BrowserDriver.Visit(url: page, screenshot: browser.screenshot("raw-html-fixture-1280"))
        visit.actions = [
            .evaluate(Self.state), .click("article.doc details > summary"), .evaluate(Self.state),
            .click("article.doc a[href='#doc-details']"), .wait(800), .evaluate(Self.state),
        ]
        let results = try BrowserDriver().visit([visit])
        let result = try #require(results.first)
        browser.expectClean(result, "raw HTML fixture")
        try #require(result.steps.count == 6)
        let before = result.steps[0].value
        let opened = result.steps[2].value
        let jumped = result.steps[5].value
        #expect(before["open"].array == [.bool(false), .bool(false)], "\(before)")
        #expect(before["hiddenShown"].bool == false)
        #expect(before["afterUnclosedShown"].bool == true, "an unclosed details does not fold the rest away")
        #expect(opened["open"].array == [.bool(true), .bool(false)], "\(opened)")
        #expect(opened["hiddenShown"].bool == true, "the summary opens its details")
        #expect(before["kbdBox"].string == "inline-block" && before["kbdMono"].bool == true, "\(before)")
        #expect(before["kbdBorder"].string == "solid 2px", "a key has a raised bottom edge: \(before)")
        for image in before["images"].array {
            #expect((image.array.last?.number ?? 0) > 0, "not loaded: \(image)")
        }
        #expect(before["scripts"].number == 0 && before["handlers"].number == 0)
        #expect(before["centred"].string == "center", "<div align=center> centres its markdown")
        #expect(jumped["hash"].string == "#doc-details")
        let top = jumped["anchorTop"].number ?? -1
        #expect(top >= 0 && top < 200, "the TOC link scrolls to its <a name> anchor: \(jumped)")
    }
}
