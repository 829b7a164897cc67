import Foundation
import Testing

@testable import SpecSiteKit

/// The search box as a reader uses it, in headless Chromium: opened with
/// `/` or Ctrl-K, a query typed, ranked results with the words marked, the
/// arrow keys and Enter to jump to a heading; from `file://` and from a
/// server under a sub-path. And the browser makes the same terms as the index.
@Suite("Search in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct SearchBrowserTests {
    let browser = BrowserTests()

    /// What the dialog shows.
    static let results = """
        (() => {
          const dialog = document.querySelector("dialog.search-dialog");
          return {
            open: !!(dialog && dialog.open),
            status: dialog ? dialog.querySelector(".search-status").textContent : null,
            titles: [...document.querySelectorAll(".search-result-title")].map(e => e.textContent),
            sections: [...document.querySelectorAll(".search-result-section")].map(e => e.getAttribute("href")),
            headings: [...document.querySelectorAll(".search-result-heading")].map(e => e.textContent),
            marks: [...document.querySelectorAll(".search-dialog mark")].map(e => e.textContent),
            focused: document.activeElement ? document.activeElement.className : null,
            ms: dialog ? Number(dialog.dataset.queryMs) : null
          };
        })()
        """

    func site() throws -> (folder: String, site: String) {
        let folder = CommandLineTests().temporaryFolder()
        let site = folder + "/docs"
        let printed = try browser.build(CommandLineTests.repository + "/content", into: site)
        #expect(printed.contains("search index"), "the summary reports the index: \(printed)")
        return (folder, site)
    }

    func check(_ start: String, named name: String) throws {
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: start, width: 1100, screenshot: browser.screenshot("search-\(name)"),
                actions: [
                    .key("/"), .type("chunk 7"), .wait(500), .evaluate(Self.results),
                    .key("ArrowDown"), .key("ArrowDown"), .evaluate(Self.results), .key("Enter"),
                    .evaluate("({ url: location.href, open: !!document.querySelector('dialog[open]') })"),
                ])
        ])
        var result = try #require(results.first)
        result.consoleMessages.removeAll { $0.url.hasSuffix("/favicon.ico") }
        browser.expectClean(result, name)
        let steps = result.steps.map(\.value)
        try #require(steps.count == 9, "\(steps)")
        let shown = steps[3]
        #expect(shown["open"].bool == true)
        let titles = shown["titles"].strings
        #expect(titles.first == "Tidepool — Implementation Plan (v1.0)", "the plan with CHUNK-007 first: \(titles)")
        #expect(titles.contains("Sprint 3: Finish the Core Loop"), "'Chunk 7' of the sprint plan: \(titles)")
        let sections = shown["sections"].strings
        #expect(
            sections.first?.hasSuffix("IMPLEMENTATION_PLAN.html#chunk-007-healthkit-sync--blocked") == true,
            "\(sections)")
        let marks = shown["marks"].strings
        #expect(marks.contains("CHUNK-007"), "the id is marked as written: \(marks)")
        #expect(
            shown["status"].string?.hasSuffix("shown.") == true || shown["status"].string?.hasSuffix("pages.") == true)
        #expect((shown["ms"].number ?? 0) > 0)
        // Down twice: the first result's page, then its first section.
        #expect(steps[6]["focused"].string == "search-result-section", "\(steps[6])")
        let landed = steps[8]
        #expect(
            landed["url"].string?.hasSuffix("IMPLEMENTATION_PLAN.html#chunk-007-healthkit-sync--blocked") == true,
            "\(landed)")
        #expect(landed["open"].bool == false)
    }

    @Test func fromDiskAQueryFindsTheChunkAndEnterJumpsToIt() throws {
        let (folder, site) = try site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try check(browser.url(site + "/planning/ROADMAP.html"), named: "file")
    }

    @Test func servedUnderASubPathItFindsTheSame() throws {
        let (folder, _) = try site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try StaticServer(root: folder)
        defer { server.stop() }
        try check("http://127.0.0.1:\(server.port)/docs/PRD.html", named: "served")
    }

    @Test func controlKOpensItAndHostileQueriesAreHarmless() throws {
        let (folder, site) = try site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "health sync ", count: 84)
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(site + "/PRD.html"),
                actions: [
                    .key("k", ctrl: true), .wait(200), .evaluate(Self.results),
                    .type(#".*+?^${}()|[]\/ <img src=x onerror=alert(1)> "#), .wait(400), .evaluate(Self.results),
                    .evaluate("document.querySelector('.search-input').value = ''"), .type(long), .wait(500),
                    .evaluate(Self.results),
                    .evaluate("document.querySelector('.search-input').value = ''"), .type("helth"), .wait(400),
                    .evaluate(Self.results),
                    .evaluate("document.querySelectorAll('.search-dialog img').length"),
                    .evaluate("document.querySelector('.search-input').value = ''"), .type("color.brand.primary"),
                    .wait(400), .evaluate(Self.results),
                ])
        ])
        let result = try #require(results.first)
        browser.expectClean(result, "hostile queries")
        let steps = result.steps.map(\.value)
        try #require(steps.count == 19, "\(steps)")
        #expect(steps[2]["open"].bool == true, "Ctrl-K opens search")
        let odd = steps[5]
        #expect(!odd["titles"].array.isEmpty, "the words of an odd query are still searched: \(odd)")
        let longQuery = steps[9]
        #expect(!longQuery["titles"].array.isEmpty, "\(longQuery)")
        let typo = steps[13]
        #expect(
            typo["titles"].strings.contains("Tidepool — Product Requirements") == true,
            "one letter off still finds HealthKit: \(typo)")
        #expect(steps[14].number == 0, "a query's markup is shown as text, never made")
        let token = steps[18]
        #expect(token["titles"].strings.contains("Tokens"), "the Tokens page knows the token: \(token)")
        #expect(
            token["sections"].strings.contains { $0.hasSuffix("tokens.html#kind-color-design-system-md") },
            "\(token)")
    }

    @Test func theBrowserMakesTheSameTermsAsTheIndex() throws {
        let (folder, site) = try site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var texts: [String] = [
            "CHUNK-007 T012 FR_3 v1.2.3 #3B82F6 #fff #123 exportSidebar HTTPServer 007 0",
            "Über café naïve 東京 ΣΊΣΥΦΟΣ İstanbul ǅemal",
            String(repeating: "y", count: 40) + " " + String(repeating: "z", count: 41),
        ]
        let documents = try FileManager.default.subpathsOfDirectory(atPath: CommandLineTests.repository + "/content")
            .filter { $0.hasSuffix(".md") }.sorted()
        for path in documents {
            texts.append(try String(contentsOfFile: CommandLineTests.repository + "/content/" + path, encoding: .utf8))
        }
        let expected = texts.map { SearchTerms.terms(in: $0).map(\.text) }
        let encoded = String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(site + "/PRD.html"),
                evaluate: "(\(encoded)).map(t => window.specsiteSearch.terms(t))")
        ])
        let result = try #require(results.first)
        browser.expectClean(result, "terms")
        let made = result.value.array.map(\.strings)
        try #require(made.count == expected.count)
        var words = 0
        for (index, terms) in made.enumerated() {
            words += terms.count
            if terms != expected[index] {
                let first =
                    zip(terms, expected[index]).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(terms.count, expected[index].count)
                Issue.record(
                    "text \(index): the browser differs at term \(first): \(terms.dropFirst(first).prefix(5)) against \(expected[index].dropFirst(first).prefix(5))"
                )
            }
        }
        #expect(words > 10_000, "the whole default site's text is compared (\(words) terms)")
    }

    @Test func rankingPutsWhatWasAskedForFirst() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "stories/3-1.md": "# Story 3.1: Project list\n\nSee the story-3 notes. Help text, help, help.\n",
            "stories/3-5.md": "# Story 3.5: Help overlay\n\nThe overlay.\n",
            "plan.md": "# Plan\n\n## CHUNK-007: Sync\n\nText.\n\n## CHUNK-017: Other\n\nA chunk, then 7 and 17.\n",
            "tasks.md": "# Tasks\n\n- [ ] T012 Create the model in src/models/user.py\n- [ ] T120 Other task\n",
        ]
        for (path, text) in files {
            let full = folder + "/content/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try browser.build(folder + "/content", into: folder + "/site")
        let order = """
            (async () => {
              const first = async (query) => {
                const ranked = await window.specsiteSearch.query(query);
                return ranked.map(r => r.page);
              };
              return { story: await first("story 3.5"), chunk: await first("chunk 7"), task: await first("t12") };
            })()
            """
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/plan.html"),
                actions: [
                    .evaluate(order), .key("/"), .type("T12"), .wait(400), .evaluate(Self.results),
                    .evaluate(
                        "[...document.querySelectorAll('.search-dialog mark')].map(m => m.textContent)"),
                ])
        ])
        let result = try #require(results.first)
        browser.expectClean(result, "ranking")
        let steps = result.steps.map(\.value)
        try #require(steps.count == 6, "\(steps)")
        let index = try SearchIndexFiles(site: folder + "/site")
        func titles(_ key: String) -> [String] {
            steps[0][key].array.compactMap { $0.number.map { index.titles[Int($0)] ?? "?" } }
        }
        #expect(titles("story").first == "Story 3.5: Help overlay", "the title with every word: \(titles("story"))")
        #expect(titles("chunk").first == "Plan", "\(titles("chunk"))")
        #expect(titles("task") == ["Tasks"], "T120 is not T012: \(titles("task"))")
        #expect(steps[5].strings == ["T012"], "the id is marked, not every word beginning with t: \(steps[5])")
    }
}

extension SearchBrowserTests {
    @Test func aHugePageAndAOneMegabyteLineAreSearchedWithoutHanging() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        // 5 MB: 2,000 sections of 2.5 kB; one line of 1 MB with a word at its end.
        var big = "# Big page\n\n"
        for section in 0..<2_000 {
            big +=
                "## Section \(section): sync\n\n" + String(repeating: "water coral ring \(section) ", count: 110)
                + "\n\n"
        }
        try big.write(toFile: folder + "/content/big.md", atomically: true, encoding: .utf8)
        let line = "# One line\n\n" + String(repeating: "quiet hours ", count: 87_000) + "needle\n"
        try line.write(toFile: folder + "/content/line.md", atomically: true, encoding: .utf8)
        try browser.build(folder + "/content", into: folder + "/site")
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/big.html"),
                actions: [
                    .key("/"), .type("needle"), .wait(800), .evaluate(Self.results),
                    .evaluate("document.querySelector('.search-input').value = ''"), .type("section 1999 sync"),
                    .wait(800), .evaluate(Self.results),
                ])
        ])
        let result = try #require(results.first)
        browser.expectClean(result, "huge pages")
        let steps = result.steps.map(\.value)
        try #require(steps.count == 8, "\(steps)")
        #expect(steps[3]["titles"].strings == ["One line"], "the word after 1 MB of one line: \(steps[3])")
        #expect(
            steps[7]["sections"].strings.first?.hasSuffix("big.html#section-1999-sync") == true,
            "the last of 2,000 sections: \(steps[7])")
        let pageFile = try #require(
            FileManager.default.attributesOfItem(atPath: folder + "/site/assets/search/p/0.js")[.size] as? Int)
        #expect(pageFile < 400_000, "a 5 MB page's snippets are cut: \(pageFile) bytes")
    }
}

/// The titles of a built site's search index, by page number (from each page's file).
struct SearchIndexFiles {
    var titles: [Int: String] = [:]

    init(site: String) throws {
        let folder = site + "/assets/search/p"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let number = Int(name.dropLast(3))!
            let body = text.dropFirst("specsiteSearch.page(\(number),".count).dropLast(3)
            let fields = try JSONSerialization.jsonObject(with: Data("[\(body)]".utf8)) as! [Any]
            titles[number] = fields[1] as? String
        }
    }
}
