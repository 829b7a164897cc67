import Foundation
import Testing

/// The dashboard's burn-up chart in headless Chromium, light and dark, wide and
/// on a phone: every point of its lines read back through its own axis labels
/// and compared with the counts of `Tests/fixtures/history/make-repo.sh`.
@Suite("Status history in a browser", .serialized)
struct StatusHistoryBrowserTests {
    let cli = CommandLineTests()
    let browser = BrowserTests()

    /// What a reader of the chart sees: the y labels with their positions,
    /// the done and scope lines' corners turned into counts through those
    /// labels, the x labels, the legend, where the chart sits, the pace line.
    static let chart = """
        (() => {
          const svg = document.querySelector("figure.status-burnup svg");
          if (!svg) return null;
          const scale = svg.getScreenCTM();
          const texts = [...svg.querySelectorAll("text")];
          const yLabels = texts.filter(t => t.getAttribute("text-anchor") === "end")
            .map(t => ({ value: Number(t.textContent), y: Number(t.getAttribute("y")) - 4 }));
          // Two labels give the scale: value = a + b * y.
          const [p, q] = [yLabels[0], yLabels[yLabels.length - 1]];
          const b = (q.value - p.value) / (q.y - p.y), a = p.value - b * p.y;
          const read = d => {
            // "M x y H x V y H x V y …": the value after each M or V.
            const values = [];
            const tokens = d.trim().split(/\\s+/);
            for (const token of tokens) {
              if (token.startsWith("M")) continue;
              if (token.startsWith("V")) values.push(Math.round(a + b * Number(token.slice(1))));
            }
            const start = tokens[1];
            return [Math.round(a + b * Number(start))].concat(values);
          };
          const paths = [...svg.querySelectorAll("path")];
          const line = colour => paths.find(p => (p.getAttribute("style") || "").includes("fill:none;stroke:var(" + colour));
          const done = line("--color-success)");
          const scope = line("--color-diagram-edge)");
          const box = svg.closest("figure").getBoundingClientRect();
          const drawn = svg.getBoundingClientRect();
          const stroke = el => getComputedStyle(el).stroke;
          return {
            yLabels: yLabels.map(l => l.value),
            done: done ? read(done.getAttribute("d")) : null,
            scope: scope ? read(scope.getAttribute("d")) : null,
            xLabels: texts.filter(t => t.getAttribute("text-anchor") === "middle").map(t => t.textContent),
            legend: texts.filter(t => !t.getAttribute("text-anchor")).map(t => t.textContent),
            forecast: !!svg.querySelector("line[style*='stroke-dasharray']"),
            left: box.left, right: box.right, width: drawn.width, viewport: document.documentElement.clientWidth,
            fontSize: 11 * drawn.width / Number(svg.getAttribute("width")),
            doneColour: done ? stroke(done) : null, background: getComputedStyle(svg.querySelector("rect")).fill,
            title: svg.querySelector("title")?.textContent, description: svg.querySelector("desc")?.textContent,
            pace: document.querySelector(".status-pace")?.textContent,
            overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          };
        })()
        """

    @Test(.enabled(if: StatusHistoryCommandTests.hasGit)) func theBurnUpChartShowsEveryCommitsCounts() throws {
        let repository = try StatusHistoryCommandTests().repository()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let built = try cli.run(["build", "content", "--output", "site"], in: repository)
        try #require(built.status == 0, "\(built.stderr)")
        var visits: [BrowserDriver.Visit] = []
        for size in BrowserTests.sizes {
            for scheme in ["light", "dark"] {
                visits.append(
                    BrowserDriver.Visit(
                        url: browser.url(repository + "/site/status.html"), width: size.width, height: size.height,
                        colorScheme: scheme,
                        screenshot: browser.screenshot("status-burnup-\(size.name)-\(scheme)"),
                        actions: [StatusBrowserTests.scroll(to: "progress-over-time")], evaluate: Self.chart))
            }
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        var colours: Set<String> = []
        for (visit, result) in zip(visits, results) {
            let name = "status.html, \(visit.width) px, \(visit.colorScheme)"
            browser.expectClean(result, name)
            let chart = result.value
            #expect(chart["yLabels"].array.compactMap(\.number) == [0, 2, 4, 6, 8], "\(name): \(chart["yLabels"])")
            // The points of make-repo.sh: 0, 1, 2, 2 (the rename), 3, 3, 5 done of 6, 6, 6, 6, 7, 7, 7.
            #expect(chart["done"].array.compactMap(\.number) == [0, 1, 2, 2, 3, 3, 5], "\(name): \(chart["done"])")
            #expect(chart["scope"].array.compactMap(\.number) == [6, 6, 6, 6, 7, 7, 7], "\(name): \(chart["scope"])")
            #expect(chart["xLabels"].strings == ["Feb 2026", "Mar 2026"], "\(name): \(chart["xLabels"])")
            #expect(chart["legend"].strings == ["Done", "Scope", "Forecast"], "\(name): \(chart["legend"])")
            #expect(chart["forecast"].bool == true, "\(name)")
            #expect(chart["title"].string == "Burn-up of all plans")
            #expect(
                chart["description"].string
                    == "Done went from 0 of 6 on 2026-01-05 to 5 of 7 on 2026-02-02. Pace: 1 a week over the last"
                    + " 5 weeks (± 0.7). Forecast: 2 left; done about 2026-02-16 (2026-02-10 to 2026-03-22).",
                "\(name): \(chart["description"])")
            #expect(
                chart["pace"].string
                    == "Pace: 1 a week over the last 5 weeks (± 0.7). Forecast: 2 left; done about 2026-02-16"
                    + " (2026-02-10 to 2026-03-22).", "\(name): \(chart["pace"])")
            // Inside the page on a phone too: shrunk to the column (never below
            // 8 px text), then scrolled within its figure.
            #expect((chart["fontSize"].number ?? 0) >= 8, "\(name): labels drawn at \(chart["fontSize"]) px")
            #expect((chart["left"].number ?? -1) >= 0, "\(name): \(chart["left"])")
            #expect(
                (chart["right"].number ?? .infinity) <= (chart["viewport"].number ?? 0),
                "\(name): ends at \(chart["right"]) of \(chart["viewport"])")
            #expect((chart["overflow"].number ?? 1) <= 0, "\(name): the page scrolls sideways by \(chart["overflow"])")
            colours.insert(
                "\(visit.colorScheme) \(chart["doneColour"].string ?? "?") \(chart["background"].string ?? "?")")
        }
        // Light and dark draw in their own colours (the theme's success green on each background).
        #expect(
            colours == [
                "light rgb(26, 127, 55) rgb(255, 255, 255)", "dark rgb(63, 185, 80) rgb(16, 20, 24)",
            ], "\(colours)")
    }
}
