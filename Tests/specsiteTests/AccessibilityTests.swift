import Foundation
import Testing

/// axe-core's script, as PyPI's `axe-playwright-python` ships it (`make
/// test-deps` installs it), if installed.
let axeScript: String? = {
    let script =
        "import importlib.util, os; spec = importlib.util.find_spec('axe_playwright_python');"
        + " print(os.path.join(spec.submodule_search_locations[0], 'axe.min.js') if spec else '')"
    guard let output = try? runProcess("/usr/bin/env", ["python3", "-c", script]), output.status == 0 else {
        return nil
    }
    let path = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return path.isEmpty ? nil : try? String(contentsOfFile: path, encoding: .utf8)
}()

/// axe-core's accessibility rules (WCAG 2.x A and AA, and its best
/// practices) on each kind of page the site has, in both themes: a page a
/// screen reader or a keyboard cannot use is a defect like a broken link.
@Suite("Accessibility", .serialized, .enabled(if: chromiumPath != nil && axeScript != nil))
struct AccessibilityTests {
    let browser = BrowserDriver()

    /// Runs axe on the page and returns each violation: rule, impact, how
    /// many elements, and the first few with what is wrong.
    static func audit(_ axe: String) -> String {
        "(async () => {\n" + axe + "\n"
            + """
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, count: v.nodes.length,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary.replace(/\\s+/g, " "))
            }));
            })()
            """
    }

    func expectNoViolations(in site: String, pages: [String], label: String) throws {
        let axe = try #require(axeScript)
        var visits: [BrowserDriver.Visit] = []
        for page in pages {
            #expect(FileManager.default.fileExists(atPath: site + "/" + page), "\(label): \(page) was built")
            for scheme in ["light", "dark"] {
                let stem = page.replacingOccurrences(of: ".html", with: "").lowercased()
                visits.append(
                    BrowserDriver.Visit(
                        url: URL(fileURLWithPath: site + "/" + page).absoluteString, colorScheme: scheme,
                        screenshot: BrowserTests().screenshot("a11y-\(label)-\(stem)-\(scheme)"),
                        evaluate: Self.audit(axe)))
            }
        }
        let results = try browser.visit(visits, timeout: 600)
        #expect(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let name = "\(label) \(visit.url.split(separator: "/").last ?? "") \(visit.colorScheme)"
            #expect(result.error == nil, "\(name): \(result.error ?? "")")
            // An audit that did not run returns no list: that is a failure, not a pass.
            guard case .array(let violations) = result.value else {
                Issue.record("\(name): axe returned \(result.value)")
                continue
            }
            #expect(violations.isEmpty, "\(name): \(violations.map(\.description).joined(separator: "\n"))")
            #expect(BrowserTests().size(of: visit.screenshot ?? "") > 10_000, "\(name): a screenshot with content")
        }
    }

    @Test func theDefaultSitesPageKindsPassAxe() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try BrowserTests().build(CommandLineTests.repository + "/content", into: folder + "/site")
        // The home page, a long document with a table of contents, a design
        // system (swatches), the Tokens page, a UX spec and the Flows page
        // (diagrams with links), a plan (checklists), the dashboard (the
        // dependency graph) and the page for a missing address.
        try expectNoViolations(
            in: folder + "/site",
            pages: [
                "index.html", "ARCHITECTURE.html", "DESIGN_SYSTEM.html", "tokens.html", "UX_SPEC.html", "flows.html",
                "IMPLEMENTATION_PLAN.html", "status.html", "404.html",
            ], label: "default")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: CommandLineTests.corpus)))
    func theCorpusPassesAxe() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try BrowserTests().build(CommandLineTests.corpus, into: folder + "/site")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder + "/site").filter {
            $0.hasSuffix(".html")
        }.sorted()
        #expect(pages.count >= 5)
        try expectNoViolations(in: folder + "/site", pages: pages, label: "corpus")
    }
}
