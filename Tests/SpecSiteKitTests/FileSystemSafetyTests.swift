import Foundation
import Testing

@testable import SpecSiteKit

/// The pieces behind the hostile file-system cases: which theme files are
/// used, and how content files are read.
@Suite("File-system safety")
struct FileSystemSafetyTests {
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
