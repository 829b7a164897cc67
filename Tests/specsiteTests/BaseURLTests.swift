import Foundation
import Testing

/// `--base-url` and `base_url` reach every page's canonical link and the 404
/// page's `<base>`: only http(s) URLs and paths from the site root are taken.
@Suite("Base URL settings", .serialized)
struct BaseURLTests {
    func site() throws -> HostileSite {
        let site = HostileSite()
        try site.write("PRD.md", "# PRD\n\nText.\n")
        return site
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/", "ftp://example.com/",
        "https:///nohost", "https://example.com/a b/", "https://example.com/\"><script>", "relative/path/",
        "https://example.com/?q=1", "https://example.com/\u{1B}[2J",
    ])
    func aBadBaseURLOnTheCommandLineIsAUsageError(_ url: String) throws {
        let site = try site()
        defer { site.remove() }
        let outcome = try site.run(["build", site.content, "--output", site.output, "--base-url", url])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--base-url must"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("\u{1B}"))
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func aBadBaseURLInSettingsIsAnErrorAtItsLine() throws {
        let site = try site()
        defer { site.remove() }
        try site.write("specsite.yml", "title: T\nbase_url: javascript:alert(1)\n")
        let outcome = try site.run()
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("specsite.yml:2: error: 'base_url' must be an http(s) URL"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func anHTTPSURLGivesCanonicalLinksAndASitemap() throws {
        let site = try site()
        defer { site.remove() }
        let outcome = try site.run([
            "build", site.content, "--output", site.output, "--base-url", "https://org.example/app",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(site.built("PRD.html").contains("<link rel=\"canonical\" href=\"https://org.example/app/PRD.html\">"))
        #expect(site.built("sitemap.xml").contains("<loc>https://org.example/app/PRD.html</loc>"))
    }

    @Test func aPathGivesCanonicalLinksAndNoSitemap() throws {
        let site = try site()
        defer { site.remove() }
        try site.write("specsite.yml", "base_url: /app/\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(site.built("PRD.html").contains("<link rel=\"canonical\" href=\"/app/PRD.html\">"))
        // A sitemap lists absolute URLs only.
        #expect(!FileManager.default.fileExists(atPath: site.output + "/sitemap.xml"))
    }
}
