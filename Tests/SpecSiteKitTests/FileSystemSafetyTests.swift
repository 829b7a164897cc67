import Foundation
import Testing

@testable import SpecSiteKit

/// The pieces behind the hostile file-system cases: where the policy goes in
/// linked HTML, what counts as script in SVG, which theme files are used,
/// and how content files are read.
@Suite("File-system safety")
struct FileSystemSafetyTests {
    static let tag = ActiveContent.policyTag

    func withPolicy(_ html: String) -> String? {
        ActiveContent.withPolicy(Array(html.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func finding(_ text: String, _ kind: ActiveContent.Kind = .xml) -> String? {
        ActiveContent.script(in: Array(text.utf8), kind: kind)?.what
    }

    @Test func thePolicyGoesRightAfterTheHead() {
        #expect(
            withPolicy("<!DOCTYPE html><html><head><title>x</title>")
                == "<!DOCTYPE html><html><head>\(Self.tag)<title>x</title>")
        #expect(
            withPolicy("<!doctype html>\n<!-- c -->\n<HTML lang=\"a>b\">\n<Head class=x>\n<body>")
                == "<!doctype html>\n<!-- c -->\n<HTML lang=\"a>b\">\n<Head class=x>\(Self.tag)\n<body>")
        // A UTF-8 byte-order mark stays first.
        #expect(withPolicy("\u{FEFF}<head>x") == "\u{FEFF}<head>\(Self.tag)x")
    }

    @Test func withoutAHeadThePolicyGoesWhereTheParserOpensOne() {
        #expect(withPolicy("<p>hi</p>") == Self.tag + "<p>hi</p>")
        #expect(withPolicy("<!DOCTYPE html>\n<p>hi") == "<!DOCTYPE html>\(Self.tag)\n<p>hi")
        #expect(withPolicy("<html><body>x") == "<html>\(Self.tag)<body>x")
        // `<header>` is not `<head>`.
        #expect(withPolicy("<header>x</header>") == Self.tag + "<header>x</header>")
    }

    @Test func aCommentCannotHideTheRealHead() {
        // HTML ends `<!-->` at once: the first <head> is the real one, and the
        // policy must not land in the body after a decoy.
        #expect(withPolicy("<!--><head>--><head><script>") == "<!--><head>\(Self.tag)--><head><script>")
        #expect(withPolicy("<!-- <head> --><head>x") == "<!-- <head> --><head>\(Self.tag)x")
    }

    @Test func encodingsThatHideMarkupGetThePolicyFirstOrNotAtAll() {
        // ISO-2022-JP: after ESC $ B the bytes of "<head>" are not a tag.
        let escaped = "<!DOCTYPE html><html>\u{1B}$B<head>\u{1B}(B<script>"
        #expect(withPolicy(escaped) == Self.tag + escaped)
        #expect(ActiveContent.withPolicy([0xFF, 0xFE, 0x3C, 0x00]) == nil, "UTF-16")
    }

    @Test func scriptInXMLIsFoundHoweverItIsWritten() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        #expect(finding(svg + "><rect/></svg>") == nil)
        #expect(finding(svg + "><title>on stage = 1</title><desc>javascript: is text</desc></svg>") == nil)
        #expect(finding(svg + "><svg:script xmlns:svg=\"x\"/></svg>") == "a <svg:script> element")
        #expect(finding(svg + " ONLOAD = 'x'/>") == "an event handler attribute (ONLOAD)")
        #expect(finding(svg + "><a xlink:href=\"java\tscript&colon;x\"/></svg>") == "a javascript: URL (xlink:href)")
        #expect(finding(svg + "><a href=\"&#106;avascript:x\"/></svg>") == "a javascript: URL (href)")
        #expect(
            finding(svg + "><set attributeName=\"onclick\" to=\"x\"/></svg>")
                == "an animated event handler (attributeName)")
        #expect(
            finding(svg + "><foreignObject><iframe srcdoc=\"&lt;b&gt;\"/></foreignObject></svg>")
                == "an inline frame document (srcdoc)")
        #expect(
            finding("<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?>" + svg + "/>")?.contains("stylesheet") == true)
        #expect(finding(svg + " a=\"<script>\"/>") == "a '<' inside an attribute value, which is not well-formed XML")
        #expect(finding("<\0s\0v\0g\0>\0") == "bytes that are not plain UTF-8 text (NUL or escape)")
        // XML comments end only at `-->`; the scanner ends them at `<!-->` as HTML does, and reads on.
        #expect(finding(svg + "><!--><script>x</script>--></svg>") == "a <script> element")
    }

    @Test func findingsCarryTheirLine() {
        let found = ActiveContent.script(in: Array("<svg>\n\n<g onclick=\"x\"/>".utf8), kind: .xml)
        #expect(found?.line == 3)
    }

    @Test func htmlTextThatIsNotATagIsText() {
        #expect(finding("<p>a <3 b</p><script>x</script>", .html) == "a <script> element")
        #expect(finding("<p>1 < 2</p>", .html) == nil)
    }

    @Test func kindsFollowTheExtension() {
        #expect(ActiveContent.kind(of: "docs/Demo.HTML") == .html)
        #expect(ActiveContent.kind(of: "a.svg") == .xml)
        #expect(ActiveContent.kind(of: "a.xhtml") == .xml)
        #expect(ActiveContent.kind(of: "a.png") == nil)
        #expect(ActiveContent.kind(of: "html") == nil)
    }

    @Test func themeFilesAreUsedWhenSomethingNamesThem() {
        let files: [String: [UInt8]] = [
            "assets/specsite.css": Array("@import url(../fonts/a.woff2);".utf8),
            "fonts/a.woff2": [1],
            "assets/extra.css": Array("b { }".utf8),
            "secret.env": [2],
            "robots.txt": [3],
        ]
        let used = SiteTemplates.usedFiles(
            files, defaults: ["assets/specsite.css"], templates: ["<link href=\"{{root}}assets/extra.css?v=1\">"])
        #expect(used == ["assets/specsite.css", "fonts/a.woff2", "assets/extra.css", "robots.txt"])
    }

    @Test func aNameIsMentionedOnlyAsAWhole() {
        func mentions(_ text: String, _ path: String) -> Bool { SiteTemplates.mentions(Array(text.utf8), path) }
        #expect(mentions("href=\"secret.env\"", "secret.env"))
        #expect(mentions("secret.env", "secret.env"))
        #expect(!mentions("my-secret.env", "secret.env"))
        #expect(!mentions("secret.env.bak", "secret.env"))
        #expect(!mentions("secret.env/x", "secret.env"))
        #expect(mentions("{{root}}assets/x.css#top", "assets/x.css"))
    }

    @Test func contentIsReadOnlyFromRegularFilesInside() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.txt", "inside")
        space.write(space.root + "/outside.txt", "outside")
        try FileManager.default.createSymbolicLink(
            atPath: space.content + "/out.txt", withDestinationPath: "../outside.txt")
        #expect(mkfifo(space.content + "/pipe", 0o644) == 0)
        let inside = ContentBoundary(folder: space.content)
        let anywhere = ContentBoundary(folder: space.content, followLinksOutside: true)
        #expect(try inside.contents(of: space.content + "/a.txt").get() == Array("inside".utf8))
        #expect(inside.contents(of: space.content + "/out.txt") == .failure(.outside))
        #expect(try anywhere.contents(of: space.content + "/out.txt").get() == Array("outside".utf8))
        // Opened without waiting for a writer, and refused.
        #expect(anywhere.contents(of: space.content + "/pipe") == .failure(.notRegular))
        #expect(anywhere.contents(of: "/proc/self/status") == .failure(.kernel("a kernel file system")))
        #expect(anywhere.contents(of: "/dev/null") == .failure(.notRegular))
    }
}
