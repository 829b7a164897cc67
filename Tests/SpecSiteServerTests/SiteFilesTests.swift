import FlyingFox
import Foundation
import Testing

@testable import SpecSiteServer

/// A site on disk, written by hand: pages, an asset, a hidden file, a 404 page
/// and a secret beside the site that nothing may reach.
private struct SiteFixture {
    let root: String
    var site: String { root + "/site" }

    init() {
        let space = Workspace()
        root = space.root
        let files: [String: String] = [
            "site/index.html": "<!doctype html><html><head><title>Home</title></head><body><p>home</p></body></html>",
            "site/docs/PRD.html": "<html><body><p>prd</p></BODY></html>",
            "site/docs/index.html": "<html><body>docs</body></html>",
            "site/assets/specsite.css": "body { color: black }",
            "site/assets/app.js": "console.log(1)",
            "site/images/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
            "site/data.json": "{}",
            "site/notes.unknownext": "x",
            "site/404.html": "<html><head><title>Missing</title></head><body>not here</body></html>",
            "site/.specsite-build": "marker",
            "site/.hidden/secret.html": "hidden",
            "secret.txt": "root:x:0:0",
        ]
        for (path, text) in files { space.write(root + "/" + path, text) }
        try? FileManager.default.createSymbolicLink(
            atPath: site + "/out.txt", withDestinationPath: root + "/secret.txt")
        try? FileManager.default.createSymbolicLink(atPath: site + "/outdir", withDestinationPath: root)
        try? FileManager.default.createSymbolicLink(
            atPath: site + "/in.css", withDestinationPath: "assets/specsite.css")
    }

    func respond(_ target: String, method: HTTPMethod = .GET, ifNoneMatch: String? = nil) -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let request = HTTPRequest(
            method: method, version: .http11,
            target: HTTPRequest.Target(path: parts[0], query: parts.count > 1 ? parts[1] : ""),
            headers: HTTPHeaders(ifNoneMatch.map { [.ifNoneMatch: $0] } ?? [:]), body: HTTPBodySequence(data: Data()))
        return SiteServer.respond(to: request, files: SiteFiles(root: site))
    }

    func body(_ response: HTTPResponse) async throws -> String {
        String(decoding: try await response.bodyData, as: UTF8.self)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@Suite("Serving site files")
struct SiteFilesTests {
    @Test(arguments: [
        "/../../etc/passwd", "/..%2f..%2fetc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e%2fsecret.txt",
        "/docs/..%2f..%2fsecret.txt", "/docs%2fPRD.html", "/.specsite-build", "/.hidden/secret.html",
        "/%2ehidden/secret.html", "/out.txt", "/outdir/secret.txt", "/docs/PRD.html%00.png", "/a\\..\\secret.txt",
    ])
    func pathsThatLeaveTheSiteOrAreHiddenAre404(_ target: String) async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let response = fixture.respond(target)
        #expect(response.statusCode == .notFound)
        let body = try await fixture.body(response)
        #expect(!body.contains("root:x"))
        #expect(!body.contains("hidden"))
        #expect(body.contains("not here"), "the site's own 404 page")
    }

    @Test func segmentsAreDecodedOneByOne() {
        #expect(SiteFiles.segments(ofRawPath: "/docs/Q%26A%20%232.html") == ["docs", "Q&A #2.html"])
        #expect(SiteFiles.segments(ofRawPath: "//docs///PRD.html?x=1") == ["docs", "PRD.html"])
        #expect(SiteFiles.segments(ofRawPath: "/a%2fb") == nil)
        #expect(SiteFiles.segments(ofRawPath: "/%2E%2E/x") == nil)
        #expect(SiteFiles.segments(ofRawPath: "/%zz") == nil)
        #expect(SiteFiles.segments(ofRawPath: "relative") == nil)
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8"), ("/docs/PRD.html", "text/html; charset=utf-8"),
        ("/assets/specsite.css", "text/css; charset=utf-8"), ("/assets/app.js", "text/javascript; charset=utf-8"),
        ("/images/logo.svg", "image/svg+xml"), ("/data.json", "application/json"),
        ("/notes.unknownext", "application/octet-stream"), ("/in.css", "text/css; charset=utf-8"),
        ("/.specsite/reload.js", "text/javascript; charset=utf-8"),
    ])
    func filesHaveTheirContentTypes(_ target: String, _ type: String) {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let response = fixture.respond(target)
        #expect(response.statusCode == .ok)
        #expect(response.headers[.contentType] == type)
        // Site files are revalidated on every request; the server's own script is never kept.
        #expect(response.headers[.cacheControl] == (target.hasPrefix("/.specsite/") ? "no-store" : "no-cache"))
    }

    @Test func anUnchangedFileIsAnswered304AndAChangedOneAgain() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let first = fixture.respond("/assets/specsite.css")
        let tag = try #require(first.headers[.eTag])
        #expect(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
        for asked in [tag, "W/" + tag, "\"0\", " + tag, " " + tag, "*"] {
            let again = fixture.respond("/assets/specsite.css", ifNoneMatch: asked)
            #expect(again.statusCode == .notModified, "If-None-Match: \(asked)")
            #expect(again.headers[.eTag] == tag)
            #expect(try await fixture.body(again).isEmpty)
        }
        #expect(fixture.respond("/assets/specsite.css", ifNoneMatch: "\"0123456789abcdef\"").statusCode == .ok)
        // The page's tag covers what is sent, the reload script with it; another page has another.
        let home = fixture.respond("/")
        #expect(home.headers[.eTag] != nil && home.headers[.eTag] != tag)
        try "body { color: red }".write(
            toFile: fixture.site + "/assets/specsite.css", atomically: true, encoding: .utf8)
        let changed = fixture.respond("/assets/specsite.css", ifNoneMatch: tag)
        #expect(changed.statusCode == .ok)
        #expect(changed.headers[.eTag] != tag)
        #expect(try await fixture.body(changed) == "body { color: red }")
    }

    @Test func theScriptGoesIntoServedHTMLOnly() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let home = try await fixture.body(fixture.respond("/"))
        #expect(home.hasSuffix("<p>home</p>" + ReloadScript.tag + "</body></html>"))
        let uppercase = try await fixture.body(fixture.respond("/docs/PRD.html"))
        #expect(uppercase == "<html><body><p>prd</p>" + ReloadScript.tag + "</BODY></html>")
        let css = try await fixture.body(fixture.respond("/assets/specsite.css"))
        #expect(css == "body { color: black }")
        // On disk, the page is as the builder wrote it.
        let disk = try String(contentsOfFile: fixture.site + "/index.html", encoding: .utf8)
        #expect(!disk.contains(ReloadScript.path))
    }

    @Test func foldersServeTheirIndexAndRedirectWithoutASlash() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let folder = fixture.respond("/docs")
        #expect(folder.statusCode == .movedPermanently)
        #expect(folder.headers[.location] == "/docs/")
        #expect(try await fixture.body(fixture.respond("/docs/")).hasPrefix("<html><body>docs"))
        // `/docs/PRD` finds `docs/PRD.html`, as static hosts do.
        #expect(fixture.respond("/docs/PRD").statusCode == .ok)
    }

    @Test func missingFilesGetTheSitesOwn404PageWithStatus404() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let response = fixture.respond("/deep/missing/page.html")
        #expect(response.statusCode == .notFound)
        let body = try await fixture.body(response)
        #expect(body.contains("not here"))
        #expect(body.contains("<head><base href=\"/\">"), "its relative links resolve from the root")
        #expect(body.contains(ReloadScript.tag))
    }

    @Test func headHasTheLengthAndNoBody() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let response = fixture.respond("/assets/specsite.css", method: .HEAD)
        #expect(response.headers[.contentLength] == "21")
        #expect(try await response.bodyData.isEmpty)
        #expect(fixture.respond("/", method: .POST).statusCode == .methodNotAllowed)
    }

    @Test func noSiteYetIs503WithTheScript() async throws {
        let fixture = SiteFixture()
        defer { fixture.remove() }
        let files = SiteFiles(root: fixture.root + "/never-built")
        let request = HTTPRequest(
            method: .GET, version: .http11, target: .init(path: "/", query: ""), headers: [:],
            body: HTTPBodySequence(data: Data()))
        let response = SiteServer.respond(to: request, files: files)
        #expect(response.statusCode == .serviceUnavailable)
        #expect(try await fixture.body(response).contains(ReloadScript.tag))
    }

    @Test func injectionFindsTheLastBodyAndAppendsWithoutOne() {
        let two = Array("<body>a</body><!-- </body> -->x</body>".utf8)
        #expect(String(decoding: ReloadScript.inject(into: two), as: UTF8.self).hasSuffix(ReloadScript.tag + "</body>"))
        #expect(
            String(decoding: ReloadScript.inject(into: Array("<p>x".utf8)), as: UTF8.self) == "<p>x" + ReloadScript.tag)
    }
}
