import Foundation
import Testing

/// Debian's Chromium, if installed.
let chromiumPath: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// A JSON value, as the browser driver reports what a page's script returned.
enum JSON: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    subscript(key: String) -> JSON {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [JSON] {
        if case .array(let value) = self { return value }
        return []
    }

    var strings: [String] { array.compactMap(\.string) }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return value == value.rounded() ? "\(Int(value))" : "\(value)"
        case .string(let value): return "\"\(value)\""
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.keys.sorted().map { "\($0): \(object[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}

/// `Tests/browser/cdp.py`, which drives one headless Chromium per call over the
/// DevTools protocol (its docstring describes the jobs and their results).
struct BrowserDriver {
    static let script = CommandLineTests.repository + "/Tests/browser/cdp.py"

    /// What to do on a page after it loads, before its `evaluate` runs.
    enum Action: Encodable {
        /// A real mouse click in the middle of the first element matching a selector.
        case click(String)
        /// A key press: "Tab", "Enter", "Escape", "/", …; with Control held when `ctrl`.
        case key(String, ctrl: Bool = false)
        /// Text typed into the focused element.
        case type(String)
        /// A script whose value is kept in the visit's `steps`.
        case evaluate(String)
        case reload
        /// Milliseconds.
        case wait(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .click(let selector): try container.encode(["click": selector])
            case .key(let key, let ctrl): try container.encode(ctrl ? ["key": key, "ctrl": "true"] : ["key": key])
            case .type(let text): try container.encode(["type": text])
            case .evaluate(let script): try container.encode(["evaluate": script])
            case .reload: try container.encode(["reload": "true"])
            case .wait(let milliseconds): try container.encode(["wait": "\(milliseconds)"])
            }
        }
    }

    struct Visit: Encodable {
        var url: String
        var width = 1280
        var height = 900
        var colorScheme = "light"
        var javascript = true
        var screenshot: String? = nil
        var actions: [Action] = []
        var evaluate: String? = nil
    }

    struct Message: Decodable, CustomStringConvertible {
        var source: String
        var level: String
        var text: String
        var url: String

        var description: String { "\(level) (\(source)) \(text) [\(url)]" }
    }

    struct Step: Decodable {
        var value: JSON
        var error: String?
    }

    struct VisitResult: Decodable {
        var url: String
        var value: JSON
        var steps: [Step]
        var consoleMessages: [Message]
        var screenshot: String?
        var error: String?
    }

    struct BrokenLink: Decodable, CustomStringConvertible {
        var from: String
        var href: String
        var reason: String

        var description: String { "\(from): '\(href)': \(reason)" }
    }

    struct PageMessages: Decodable, CustomStringConvertible {
        var page: String
        var messages: [Message]

        var description: String { "\(page): \(messages)" }
    }

    struct CrawlResult: Decodable {
        var pages: [String]
        var checked: Int
        var brokenLinks: [BrokenLink]
        var consoleErrors: [PageMessages]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct VisitJob: Encodable {
        var command = "visit"
        var visits: [Visit]
    }

    private struct CrawlJob: Encodable {
        var command = "crawl"
        var start: [String]
        var root: String
    }

    private struct VisitOutput: Decodable {
        var visits: [VisitResult]
    }

    /// Opens each page in a fresh tab and context; stops Chromium after `timeout` seconds.
    func visit(_ visits: [Visit], timeout: Int = 300) throws -> [VisitResult] {
        let output = try run(JSONEncoder().encode(VisitJob(visits: visits)), timeout: timeout)
        return try JSONDecoder().decode(VisitOutput.self, from: output).visits
    }

    /// Follows every internal link of the site in `root` from the `start` pages.
    func crawl(start: [String], root: String, timeout: Int = 300) throws -> CrawlResult {
        let output = try run(JSONEncoder().encode(CrawlJob(start: start, root: root)), timeout: timeout)
        return try JSONDecoder().decode(CrawlResult.self, from: output)
    }

    private func run(_ job: Data, timeout: Int) throws -> Data {
        let output = try runProcess(
            "/usr/bin/env", ["python3", Self.script, "--timeout", "\(timeout)", "--chromium", chromiumPath!],
            input: job, timeout: Double(timeout) + 30)
        guard output.status == 0 else {
            throw Failure(description: "cdp.py exited with \(output.status): " + output.text)
        }
        return output.stdout
    }
}

/// Opens built pages in headless Chromium (Debian's `chromium`, which
/// `make test` installs) from `file://`, as a reader would, through
/// `Tests/browser/cdp.py`, and checks what the browser made of them.
/// Screenshots are kept in `.build/screenshots/` to look at.
@Suite("Pages in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct BrowserTests {

    static let screenshots = CommandLineTests.repository + "/.build/screenshots"

    static let sizes = [(name: "1280", width: 1280, height: 900), (name: "390", width: 390, height: 844)]

    /// Helpers every script below starts with: whether an element is laid out at
    /// all, and whether a reader can see it (in the viewport, not covered).
    static let helpers = """
        const displayed = e => !!e && e.getClientRects().length > 0
            && getComputedStyle(e).visibility !== "hidden" && getComputedStyle(e).opacity !== "0";
        const visible = e => {
            if (!displayed(e)) return false;
            const r = e.getBoundingClientRect();
            const x = r.left + Math.min(r.width / 2, 8), y = r.top + r.height / 2;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
            const hit = document.elementFromPoint(x, y);
            return !!hit && (hit === e || e.contains(hit));
        };
        const navLinks = () => [...document.querySelectorAll("nav#site-nav.site-nav[aria-label='Documents'] li > a[href]")];
        const here = location.href.split("#")[0];
        // The sidebar links marked current ("this page" when they point here), and how many point here.
        const marked = () => ({
            current: navLinks().filter(a => a.getAttribute("aria-current") === "page")
                .map(a => a.href === here ? "this page" : a.getAttribute("href")),
            linksHere: navLinks().filter(a => a.href === here).length,
        });
        """

    /// What a page shows, checked on every page of every size and theme.
    static let inspect =
        "(() => {" + helpers
            + """
                const headings = [...document.querySelectorAll("article.doc h2, article.doc h3")]
                    .map(h => h.id ? "#" + h.id : "(no id) " + h.textContent.trim());
                const toc = [...document.querySelectorAll("aside.page-toc > details.toc nav[aria-label='On this page'] li a")]
                    .map(a => a.getAttribute("href"));
                const crumbs = [...document.querySelectorAll("nav.breadcrumbs[aria-label='Breadcrumb'] > ol > li")];
                return {
                    theme: document.documentElement.dataset.theme ?? null,
                    jsClass: document.documentElement.classList.contains("js"),
                    navLinks: navLinks().length,
                    ...marked(),
                    headings, toc,
                    tocTitle: document.querySelector("aside.page-toc > details.toc > summary > h2")?.textContent ?? null,
                    breadcrumbs: crumbs.length,
                    lastCrumbCurrent: crumbs.length > 0 && crumbs[crumbs.length - 1].getAttribute("aria-current") === "page",
                    skipLink: !!document.querySelector("a.skip-link[href='#content']"),
                    main: !!document.querySelector("main#content.main"),
                    article: displayed(document.querySelector("article.doc")),
                    home: !!document.querySelector("article.doc.home"),
                    kindGroups: document.querySelectorAll("article.doc.home section.kind-group[data-kind] li.doc-card").length,
                    footer: !!document.querySelector("footer.site-footer"),
                    footerText: document.querySelector("footer.site-footer")?.innerText ?? "",
                    overflow: document.documentElement.scrollWidth - innerWidth,
                };
            })()
            """

    /// The theme toggle's state and what is stored.
    static let themeState = """
        (() => {
            const toggle = document.querySelector("header.site-header button.theme-toggle[aria-pressed]");
            return {
                theme: document.documentElement.dataset.theme ?? null,
                pressed: toggle?.getAttribute("aria-pressed") ?? null,
                hidden: toggle ? toggle.hidden : null,
                stored: localStorage.getItem("specsite-theme"),
            };
        })()
        """

    /// The menu button and the sidebar, as a reader sees them.
    static let menuState =
        "(() => {" + helpers
            + """
                const toggle = document.querySelector("header.site-header button.nav-toggle[aria-controls='site-nav']");
                return {
                    toggle: visible(toggle),
                    expanded: toggle?.getAttribute("aria-expanded") ?? null,
                    sidebar: visible(navLinks()[0]),
                };
            })()
            """

    /// WCAG contrast of text samples against what is painted behind them.
    static let contrast = """
        (() => {
            const canvas = document.createElement("canvas");
            canvas.width = canvas.height = 1;
            const context = canvas.getContext("2d", {willReadFrequently: true});
            // Any CSS colour (rgb(), oklch(), color(srgb …)) as sRGB 0–255 and alpha 0–1, by painting it.
            const rgba = color => {
                context.clearRect(0, 0, 1, 1);
                context.fillStyle = "transparent";
                context.fillStyle = color;
                context.fillRect(0, 0, 1, 1);
                const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
                return [r, g, b, a / 255];
            };
            const over = (top, bottom) => {
                const a = top[3] + bottom[3] * (1 - top[3]);
                if (a === 0) return [0, 0, 0, 0];
                return [0, 1, 2].map(i => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat([a]);
            };
            const canvasColour = (() => {
                const probe = document.createElement("div");
                probe.style.cssText = "background: Canvas; position: absolute; width: 1px; height: 1px";
                document.body.appendChild(probe);
                const colour = rgba(getComputedStyle(probe).backgroundColor);
                probe.remove();
                return colour;
            })();
            const background = element => {
                const layers = [];
                for (let e = element; e; e = e.parentElement) {
                    const layer = rgba(getComputedStyle(e).backgroundColor);
                    if (layer[3] > 0) layers.push(layer);
                    if (layer[3] >= 1) break;
                }
                let result = canvasColour[3] > 0 ? canvasColour : [255, 255, 255, 1];
                for (const layer of layers.reverse()) result = over(layer, result);
                return result;
            };
            const luminance = ([r, g, b]) => {
                const linear = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
                return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
            };
            const ratio = element => {
                const back = background(element);
                const fore = over(rgba(getComputedStyle(element).color), back);
                const [l1, l2] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
                return {
                    ratio: Math.round((l1 + 0.05) / (l2 + 0.05) * 100) / 100,
                    color: getComputedStyle(element).color,
                    background: "rgb(" + back.slice(0, 3).map(Math.round).join(" ") + ")",
                };
            };
            const samples = [];
            const take = (what, selector, count) => {
                const elements = [...document.querySelectorAll(selector)]
                    .filter(e => e.textContent.trim() !== "" && e.getClientRects().length > 0);
                for (const element of elements.slice(0, count)) {
                    samples.push(Object.assign({what, text: element.textContent.trim().slice(0, 40)}, ratio(element)));
                }
            };
            take("body text", "article.doc > p", 3);
            take("sidebar link", "nav#site-nav a:not([aria-current])", 3);
            take("current sidebar link", "nav#site-nav a[aria-current='page']", 1);
            take("article link", "article.doc p a[href]:not(.heading-anchor)", 3);
            take("table of contents link", "aside.page-toc nav a", 2);
            take("breadcrumb", "nav.breadcrumbs li", 2);
            take("page navigation", "nav.page-nav a span", 4);
            take("footer text", "footer.site-footer p, footer.site-footer a", 2);
            return samples;
        })()
        """

    /// Builds `content` into `folder`; returns what the build printed on stderr.
    @discardableResult
    func build(_ content: String, into folder: String) throws -> String {
        let result = try CommandLineTests().run(["build", content, "--output", folder])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stderr
    }

    /// The page loaded, no script or load failed, and every action could be done.
    func expectClean(
        _ result: BrowserDriver.VisitResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.error == nil, "\(name): \(result.error ?? "")", sourceLocation: sourceLocation)
        #expect(
            result.consoleMessages.isEmpty, "\(name): console: \(result.consoleMessages)",
            sourceLocation: sourceLocation)
        for step in result.steps where step.error != nil {
            #expect(step.error == nil, "\(name): \(step.error ?? "")", sourceLocation: sourceLocation)
        }
    }

    func url(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// `.build/screenshots/NAME.png`, with any earlier screenshot of that name removed.
    func screenshot(_ name: String) -> String {
        try? FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        let path = Self.screenshots + "/\(name).png"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    func size(of path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// The screenshot name of a page: `UX_SPEC.html` is `ux-spec`, `index.html` is `home`.
    func slug(_ page: String) -> String {
        let name = page == "index.html" ? "home" : (page as NSString).deletingPathExtension
        return name.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "/", with: "-")
    }

    /// The sidebar marks exactly the link to this page; the home page, which the
    /// sidebar need not list, is marked only if it is listed.
    func expectCurrentLink(
        in page: JSON, isHome: Bool, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let listed = (page["linksHere"].number ?? 0) > 0
        #expect(listed || isHome, "\(name): the sidebar has no link to this page", sourceLocation: sourceLocation)
        #expect(
            page["current"].strings == (listed ? ["this page"] : []),
            "\(name): the sidebar marks \(page["current"]) as current", sourceLocation: sourceLocation)
    }

    /// Opens `pages` of the site in `site` at both sizes in both themes, takes a
    /// screenshot of each and checks the layout contract.
    func checkPages(_ pages: [String], of site: String, named label: String) throws {
        var visits: [BrowserDriver.Visit] = []
        var names: [String] = []
        for page in pages {
            for size in Self.sizes {
                for scheme in ["light", "dark"] {
                    let name = "\(label)-\(slug(page))-\(size.name)-\(scheme)"
                    names.append(name)
                    visits.append(
                        BrowserDriver.Visit(
                            url: url(site + "/" + page), width: size.width, height: size.height,
                            colorScheme: scheme, screenshot: screenshot(name), evaluate: Self.inspect))
                }
            }
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (index, result) in results.enumerated() {
            let name = names[index]
            let visit = visits[index]
            let page = result.value
            expectClean(result, name)
            #expect(page["theme"].string == visit.colorScheme, "\(name): data-theme follows the system scheme")
            #expect(page["jsClass"].bool == true, "\(name): the head script adds the js class")
            #expect((page["navLinks"].number ?? 0) > 0, "\(name): the sidebar lists the documents")
            expectCurrentLink(in: page, isHome: pages[index / 4] == "index.html", name)
            #expect(page["skipLink"].bool == true && page["main"].bool == true, "\(name): skip link and main#content")
            #expect(page["article"].bool == true && page["footer"].bool == true, "\(name): article and footer")
            let footer = page["footerText"].string ?? ""
            #expect(
                footer.range(of: #"\bnil\b|Optional\("#, options: .regularExpression) == nil,
                "\(name): the footer shows a missing value as Swift would: \(footer)")
            #expect((page["overflow"].number ?? 1) <= 0, "\(name): nothing is wider than the viewport: \(page)")
            if pages[index / 4] == "index.html" {
                #expect(page["home"].bool == true, "\(name): the home page is article.doc.home")
                #expect((page["kindGroups"].number ?? 0) > 0, "\(name): the home page groups documents by kind")
            } else {
                #expect(!page["headings"].strings.isEmpty, "\(name): a long document has sections")
                #expect(page["toc"].strings == page["headings"].strings, "\(name): the TOC lists the h2/h3 headings")
                #expect(page["tocTitle"].string == "On this page", "\(name)")
                #expect(
                    (page["breadcrumbs"].number ?? 0) > 0 && page["lastCrumbCurrent"].bool == true,
                    "\(name): breadcrumbs end at this page")
            }
            #expect(size(of: visit.screenshot!) > 10_000, "\(name): a screenshot with content was written")
        }
    }

    @Test func theDefaultSiteLoadsCleanlyAtBothSizesInBothThemes() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        try checkPages(
            ["index.html", "UX_SPEC.html", "IMPLEMENTATION_PLAN.html"], of: folder + "/site", named: "default")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: CommandLineTests.corpus)))
    func theCorpusLoadsCleanlyAtBothSizesInBothThemes() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.corpus, into: folder + "/site")
        try checkPages(["index.html", "ONBOARDING_IMPLEMENTATION_PLAN.html"], of: folder + "/site", named: "corpus")
    }

    @Test func theThemeToggleFlipsTheThemeAndTheChoiceSurvivesAReload() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let page = url(folder + "/site/PRD.html")
        let toggleTwice: [BrowserDriver.Action] = [
            .evaluate(Self.themeState), .click("button.theme-toggle"), .evaluate(Self.themeState), .reload,
            .evaluate(Self.themeState), .click("button.theme-toggle"), .evaluate(Self.themeState), .reload,
            .evaluate(Self.themeState),
        ]
        let visits = [
            BrowserDriver.Visit(url: page, colorScheme: "light", actions: toggleTwice),
            BrowserDriver.Visit(url: page, colorScheme: "dark", actions: toggleTwice),
            BrowserDriver.Visit(url: page, width: 390, height: 844, colorScheme: "light", actions: toggleTwice),
        ]
        let results = try BrowserDriver().visit(visits)
        for (visit, result) in zip(visits, results) {
            let name = "\(visit.width) px, \(visit.colorScheme)"
            expectClean(result, name)
            let states = result.steps.map(\.value).filter { $0 != .null }
            try #require(states.count == 5, "\(name): \(result.steps.map(\.value))")
            let other = visit.colorScheme == "light" ? "dark" : "light"
            #expect(
                states.map { $0["theme"].string ?? "none" } == [
                    visit.colorScheme, other, other, visit.colorScheme, visit.colorScheme,
                ],
                "\(name): toggle, reload, toggle, reload: \(states)")
            for state in states {
                #expect(state["hidden"].bool == false, "\(name): the script shows the theme toggle")
                #expect(
                    state["pressed"].string == (state["theme"].string == "dark" ? "true" : "false"),
                    "\(name): aria-pressed says whether the dark theme is on: \(state)")
            }
            #expect(states[1]["stored"].string == other, "\(name): the choice is stored in localStorage")
            #expect(states[3]["stored"].string == visit.colorScheme, "\(name): \(states[3])")
        }
    }

    @Test func onAPhoneTheMenuButtonShowsTheSidebar() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let page = url(folder + "/site/UX_SPEC.html")
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: page, width: 390, height: 844, screenshot: screenshot("default-ux-spec-390-menu-open"),
                actions: [
                    .evaluate(Self.menuState), .click("button.nav-toggle"), .evaluate(Self.menuState),
                ], evaluate: Self.menuState),
            BrowserDriver.Visit(
                url: page, width: 390, height: 844,
                actions: [.click("button.nav-toggle"), .click("button.nav-toggle")], evaluate: Self.menuState),
            BrowserDriver.Visit(url: page, width: 1280, height: 900, evaluate: Self.menuState),
        ])
        try #require(results.count == 3)
        for (index, result) in results.enumerated() {
            expectClean(result, "visit \(index + 1)")
        }
        let closed = results[0].steps[0].value
        let opened = results[0].steps[2].value
        #expect(closed["toggle"].bool == true, "390 px: the menu button is shown: \(closed)")
        #expect(closed["sidebar"].bool == false, "390 px: the sidebar waits behind the menu button: \(closed)")
        #expect(closed["expanded"].string == "false", "\(closed)")
        #expect(opened["sidebar"].bool == true, "390 px: the menu button shows the sidebar: \(opened)")
        #expect(opened["expanded"].string == "true", "\(opened)")
        let closedAgain = results[1].value
        #expect(closedAgain["sidebar"].bool == false, "a second click hides the sidebar again: \(closedAgain)")
        #expect(closedAgain["expanded"].string == "false", "\(closedAgain)")
        let wide = results[2].value
        #expect(wide["sidebar"].bool == true, "1280 px: the sidebar is always shown: \(wide)")
        #expect(wide["toggle"].bool == false, "1280 px: no menu button: \(wide)")
    }

    @Test func theFirstTabFocusesTheSkipLink() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let focused =
            "(() => {" + Self.helpers
                + """
                    const e = document.activeElement;
                    return {skipLink: e.matches("a.skip-link[href='#content']"), visible: visible(e),
                            hash: location.hash, inMain: !!e.closest("main#content"), focused: e.outerHTML.slice(0, 80)};
                })()
                """
        let visits = Self.sizes.map { size in
            BrowserDriver.Visit(
                url: url(folder + "/site/UX_SPEC.html"), width: size.width, height: size.height,
                screenshot: screenshot("default-ux-spec-\(size.name)-skip-link-focused"),
                actions: [.key("Tab"), .evaluate(focused), .key("Enter"), .evaluate(focused), .key("Tab")],
                evaluate: focused)
        }
        let results = try BrowserDriver().visit(visits)
        for (visit, result) in zip(visits, results) {
            expectClean(result, "\(visit.width) px")
            try #require(result.steps.count == 5)
            let first = result.steps[1].value
            #expect(first["skipLink"].bool == true, "\(visit.width) px: the first Tab focuses \(first["focused"])")
            #expect(first["visible"].bool == true, "\(visit.width) px: the focused skip link is visible: \(first)")
            let skipped = result.steps[3].value
            #expect(skipped["hash"].string == "#content", "\(visit.width) px: \(skipped)")
            #expect(
                result.value["inMain"].bool == true,
                "\(visit.width) px: after skipping, Tab moves on into the main content: \(result.value)")
        }
    }

    @Test func theTableOfContentsMarksTheSectionBeingRead() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let sections = "[...document.querySelectorAll('article.doc h2[id]')].map(h => h.id)"
        let active = """
            [...document.querySelectorAll("aside.page-toc nav[aria-label='On this page'] a[aria-current='true']")]
                .map(a => a.getAttribute("href"))
            """
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: url(folder + "/site/UX_SPEC.html"),
                actions: [
                    .evaluate(sections),
                    .evaluate(
                        "(() => { const ids = \(sections); location.hash = '#' + ids[Math.floor(ids.length / 2)]; })()"),
                    .wait(800), .evaluate(active),
                    .evaluate(
                        "(() => { const ids = \(sections); document.getElementById(ids[Math.floor(ids.length / 3)]).scrollIntoView(); })()"
                    ),
                    .wait(800), .evaluate(active),
                ])
        ])
        let result = try #require(results.first)
        expectClean(result, "UX_SPEC.html")
        try #require(result.steps.count == 7)
        let ids = result.steps[0].value.strings
        try #require(ids.count >= 3, "UX_SPEC has sections: \(ids)")
        #expect(
            result.steps[3].value.strings == ["#" + ids[ids.count / 2]],
            "after location.hash, the TOC marks that section: \(result.steps[3].value)")
        #expect(
            result.steps[6].value.strings == ["#" + ids[ids.count / 3]],
            "after scrolling, the TOC marks the section at the top: \(result.steps[6].value)")
    }

    @Test func withoutJavaScriptAPhoneStillShowsTheSidebarAndTheArticle() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let check =
            "(() => {" + Self.helpers
                + """
                    return {
                        jsClass: document.documentElement.classList.contains("js"),
                        links: navLinks().length,
                        shownLinks: navLinks().filter(displayed).length,
                        article: displayed(document.querySelector("article.doc")),
                        menuButton: displayed(document.querySelector("button.nav-toggle")),
                        overflow: document.documentElement.scrollWidth - innerWidth,
                    };
                })()
                """
        let visits = ["light", "dark"].map { scheme in
            BrowserDriver.Visit(
                url: url(folder + "/site/UX_SPEC.html"), width: 390, height: 844, colorScheme: scheme,
                javascript: false, screenshot: screenshot("default-ux-spec-390-\(scheme)-no-js"), evaluate: check)
        }
        for (visit, result) in zip(visits, try BrowserDriver().visit(visits)) {
            let page = result.value
            let name = "no JavaScript, \(visit.colorScheme)"
            expectClean(result, name)
            #expect(page["jsClass"].bool == false, "\(name): scripts really were off")
            #expect((page["links"].number ?? 0) > 0, "\(name): \(page)")
            #expect(page["shownLinks"].number == page["links"].number, "\(name): every sidebar link is shown: \(page)")
            #expect(page["article"].bool == true, "\(name): \(page)")
            #expect(page["menuButton"].bool == false, "\(name): no menu button that cannot work: \(page)")
            #expect((page["overflow"].number ?? 1) <= 0, "\(name): \(page)")
        }
    }

    @Test func textReachesAAContrastInBothThemes() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try build(CommandLineTests.repository + "/content", into: folder + "/site")
        let visits = ["light", "dark"].map { scheme in
            BrowserDriver.Visit(url: url(folder + "/site/UX_SPEC.html"), colorScheme: scheme, evaluate: Self.contrast)
        }
        for (visit, result) in zip(visits, try BrowserDriver().visit(visits)) {
            expectClean(result, visit.colorScheme)
            let samples = result.value.array
            for what in ["body text", "sidebar link", "current sidebar link", "article link"] {
                #expect(
                    samples.contains { $0["what"].string == what }, "\(visit.colorScheme): no \(what) found to measure")
            }
            for sample in samples {
                #expect(
                    (sample["ratio"].number ?? 0) >= 4.5,
                    "\(visit.colorScheme): \(sample["what"]) \(sample["text"]) is \(sample["color"]) on \(sample["background"]): \(sample["ratio"]):1, below 4.5:1"
                )
            }
        }
    }

    /// Crawls a built site from its home page and 404 page, expecting every
    /// link, resource and fragment to resolve and every page to be reachable.
    /// A link the build warned about (`broken link 'HREF'`: the content links
    /// to a file its authors did not ship) is reported, not failed.
    func crawl(_ site: String, builtWith warnings: String) throws {
        let pages =
            FileManager.default.enumerator(atPath: site)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".html") }.sorted() ?? []
        #expect(pages.contains("index.html"))
        #expect(pages.contains("404.html"), "a 404 page at the site root")
        let start = ["index.html", "404.html"].filter { pages.contains($0) }.map { url(site + "/" + $0) }
        let result = try BrowserDriver().crawl(start: start, root: site)
        let warned = result.brokenLinks.filter { warnings.contains("broken link '\($0.href)'") }
        let broken = result.brokenLinks.filter { !warnings.contains("broken link '\($0.href)'") }
        if !warned.isEmpty {
            print("Broken in the content, and the build said so:\n" + warned.map(\.description).joined(separator: "\n"))
        }
        #expect(broken.isEmpty, "\(broken.count) broken:\n\(broken.map(\.description).joined(separator: "\n"))")
        #expect(
            result.consoleErrors.isEmpty,
            "console errors:\n\(result.consoleErrors.map(\.description).joined(separator: "\n"))")
        #expect(result.checked > 0)
        let unreached = Set(pages).subtracting(result.pages).sorted()
        #expect(unreached.isEmpty, "pages no link leads to: \(unreached)")
    }

    @Test func everyLinkOfTheDefaultSiteWorks() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = try build(CommandLineTests.repository + "/content", into: folder + "/site")
        try crawl(folder + "/site", builtWith: warnings)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: CommandLineTests.corpus)))
    func everyLinkOfTheCorpusWorks() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warnings = try build(CommandLineTests.corpus, into: folder + "/site")
        try crawl(folder + "/site", builtWith: warnings)
    }

    static let scriptTitle = "<script>alert(1)</script> & <b>bold</b>"
    /// What a reader sees of it: the script as text, the allowed `<b>` as bold.
    static let scriptTitleShown = "<script>alert(1)</script> & bold"
    static let imageTitle = "<img src=x onerror=alert(1)>"

    /// Writes the content no one would write on purpose, but someone will.
    func writeHostileContent(into content: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: content + "/many", withIntermediateDirectories: true)
        func write(_ path: String, _ text: String) {
            #expect(files.createFile(atPath: content + "/" + path, contents: Data(text.utf8)), "\(path)")
        }
        write("no-headings.md", "Just a paragraph, no heading at all.\n\nAnd another one.\n")
        var table = "# Big table\n\n| Row | Name | Notes | Owner |\n| --- | --- | --- | --- |\n"
        for row in 1...5000 {
            table +=
                "| \(row) | Item number \(row) | A fairly long note about item \(row) that goes on a bit | team-\(row % 7) |\n"
        }
        write("big-table.md", table)
        let words = String(repeating: "Heading words go on ", count: 15)
        let token = "Unbroken" + String(repeating: "x", count: 292)
        write("long-heading.md", "# \(words)\n\nText.\n\n## \(token)\n\nMore text.\n\n## Short\n\nEnd.\n")
        write("html-title.md", "# \(Self.scriptTitle)\n\nThe title above is text, not markup.\n")
        write("front-matter-title.md", "---\ntitle: \"\(Self.imageTitle)\"\n---\n\nThe title is text, not markup.\n")
        for index in 1...2000 {
            let number = String(format: "%04d", index)
            write("many/doc-\(number).md", "# Doc \(number)\n\nDocument \(number) of 2,000.\n")
        }
    }

    @Test func hostileAndHugeContentBuildsAndRendersSafely() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeHostileContent(into: folder + "/content")
        let built = try CommandLineTests().run(["build", folder + "/content", "--output", folder + "/site"])
        try #require(built.status == 0, "\(built.stderr)")
        let site = folder + "/site"
        func page(_ stem: String) -> String {
            let path = [stem + ".html", stem + "/index.html"].first {
                FileManager.default.fileExists(atPath: site + "/" + $0)
            }
            return url(site + "/" + (path ?? stem + ".html"))
        }
        let check =
            "(() => {" + Self.helpers
                + """
                    const headings = [...document.querySelectorAll("h1, h2, h3")].filter(displayed);
                    const scriptTitle = \(String(reflecting: Self.scriptTitleShown));
                    const imageTitle = \(String(reflecting: Self.imageTitle));
                    const next = document.querySelector("nav.page-nav a.page-nav-next[rel='next']");
                    const previous = document.querySelector("nav.page-nav a.page-nav-prev[rel='prev']");
                    return {
                        title: document.title,
                        h1: document.querySelector("article.doc h1")?.textContent ?? null,
                        text: document.body.innerText,
                        boldInHeading: document.querySelectorAll("article.doc h1 > b").length,
                        injected: document.querySelectorAll("img[src='x'], img[onerror], [onerror]").length
                            + [...document.scripts].filter(s => s.textContent.includes("alert(")).length
                            // An allowed <b> is bold in the heading only, never in titles or navigation.
                            + [...document.querySelectorAll("b")].filter(b => b.textContent === "bold"
                                && !b.parentElement.matches("article.doc h1")).length,
                        showsScriptTitle: document.body.innerText.includes(scriptTitle) || document.title.includes(scriptTitle),
                        showsImageTitle: document.body.innerText.includes(imageTitle) || document.title.includes(imageTitle),
                        ...marked(),
                        navLinks: navLinks().length,
                        navMore: !!document.querySelector("nav#site-nav li.nav-more > a[href]"),
                        next: next ? next.href : null,
                        previous: previous ? previous.href : null,
                        here,
                        overflow: document.documentElement.scrollWidth - innerWidth,
                        pastViewport: document.documentElement.scrollWidth - 390,
                        headingOverflow: headings.filter(h => h.scrollWidth > h.clientWidth + 1
                            || h.getBoundingClientRect().right > innerWidth + 1).map(h => h.textContent.slice(0, 30)),
                        tableWrapped: document.querySelectorAll("div.table-wrap > table").length,
                        rows: document.querySelectorAll("table tbody tr").length,
                    tocLinks: document.querySelectorAll("aside.page-toc a").length,
                    };
                })()
                """
        var visits: [BrowserDriver.Visit] = []
        for (stem, width) in [
            ("index", 1280), ("no-headings", 1280), ("html-title", 1280), ("front-matter-title", 1280),
            ("big-table", 390), ("long-heading", 390), ("long-heading", 1280), ("many/doc-1000", 1280),
        ] {
            let name = "hostile-\(stem.replacingOccurrences(of: "/", with: "-"))-\(width)"
            visits.append(
                BrowserDriver.Visit(
                    url: page(stem), width: width, height: width == 390 ? 844 : 900,
                    screenshot: screenshot(name), evaluate: check))
        }
        visits[7].actions = [.evaluate(check), .click("a.page-nav-next"), .evaluate(check)]
        visits[7].evaluate = nil
        let results = try BrowserDriver().visit(visits, timeout: 420)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            expectClean(result, visit.url)
            for value in [result.value] + result.steps.map(\.value) where value != .null {
                #expect(value["injected"].number == 0, "\(visit.url): markup from a title became elements")
                expectCurrentLink(in: value, isHome: visit.url.hasSuffix("/index.html"), visit.url)
            }
        }
        let home = results[0].value
        #expect(home["showsScriptTitle"].bool == true, "the home page shows the HTML title as text")
        #expect(home["showsImageTitle"].bool == true, "the home page shows the front-matter title as text")
        let noHeadings = results[1].value
        #expect(!(noHeadings["text"].string ?? "").isEmpty)
        #expect(noHeadings["tocLinks"].number == 0, "a page with no headings has no table of contents entries")
        let scriptPage = results[2].value
        #expect(scriptPage["h1"].string?.contains(Self.scriptTitleShown) == true, "h1 is \(scriptPage["h1"])")
        #expect(
            scriptPage["title"].string?.contains(Self.scriptTitleShown) == true, "title is \(scriptPage["title"])")
        #expect(scriptPage["boldInHeading"].number == 1, "the heading's allowed <b> is bold")
        let imagePage = results[3].value
        #expect(imagePage["title"].string?.contains(Self.imageTitle) == true, "title is \(imagePage["title"])")
        #expect(imagePage["showsImageTitle"].bool == true)
        let table = results[4].value
        #expect(table["rows"].number == 5000, "every row is rendered")
        #expect(table["tableWrapped"].number == 1, "the table is in a div.table-wrap")
        #expect(
            (table["overflow"].number ?? 1) <= 0 && (table["pastViewport"].number ?? 1) <= 0,
            "390 px: the 5,000-row table scrolls inside its wrapper, not the page: \(table["overflow"]) px too wide")
        for heading in [results[5].value, results[6].value] {
            #expect(
                heading["headingOverflow"].strings.isEmpty,
                "300-character headings overflow: \(heading["headingOverflow"])")
            #expect(
                (heading["overflow"].number ?? 1) <= 0, "the long heading widens the page by \(heading["overflow"]) px")
        }
        let many = results[7]
        try #require(many.steps.count == 3)
        let before = many.steps[0].value
        let after = many.steps[2].value
        #expect(before["navMore"].bool == true, "a 2,000-document folder shows a window of links and a 'more' link")
        #expect(
            (before["navLinks"].number ?? 0) < 500,
            "the sidebar does not list all 2,000 documents: \(before["navLinks"])")
        #expect(
            before["previous"].string != nil && before["next"].string != nil, "doc 1000 has a previous and a next page")
        #expect(after["here"] == before["next"], "the next link leads to \(before["next"]), now at \(after["here"])")
        #expect(after["previous"] == before["here"], "and that page's previous link leads back")
    }

    /// The planning formats' pages as a reader sees them: a Task Master
    /// file's tags with their progress, the dashboard's link to one tag's
    /// page, which the browser opens at the tag; every link of the fixtures'
    /// sites works.
    @Test func thePlanFormatsPagesShowTheirUnitsAndTheirLinksWork() throws {
        let folder = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = CommandLineTests.repository + "/Tests/fixtures/plans/"
        let warnings = try build(fixtures + "task-master", into: folder + "/tm")
        let tags = """
            (() => [...document.querySelectorAll("article.doc h2")].map(h => h.childNodes[0].textContent.trim() + " | "
                + (h.nextElementSibling?.innerText ?? "").replace(/\\s+/g, " ").trim()))()
            """
        let shown =
            "(() => location.hash + ' ' + (() => { const r = document.getElementById(location.hash.slice(1))"
            + "?.getBoundingClientRect(); return r ? (r.top >= 0 && r.top < innerHeight) : 'missing'; })())()"
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: url(folder + "/tm/app/taskmaster/tasks/tasks.json.html"),
                screenshot: screenshot("task-master-tags"), evaluate: tags),
            BrowserDriver.Visit(
                url: url(folder + "/tm/status.html"),
                actions: [
                    .click("a[href$='tasks.json.feature-auth.html#tag-feature-auth']"), .wait(800), .evaluate(shown),
                ]),
        ])
        try #require(results.count == 2)
        expectClean(results[0], "tasks.json.html")
        expectClean(results[1], "status.html")
        // Each tag's heading, then its badge and bars as the reader reads them.
        #expect(
            results[0].value.strings == [
                "Tag: master | ◐ In progress 2 of 5 tasks · 40% 3 of 7 subtasks · 42%",
                "Tag: feature-auth | ◐ In progress 1 of 3 tasks · 33%",
            ], "\(results[0].value)")
        #expect(results[1].steps.last?.value.string == "#tag-feature-auth true", "\(results[1].steps.map(\.value))")
        try crawl(folder + "/tm", builtWith: warnings)
        try crawl(folder + "/bmad", builtWith: try build(fixtures + "bmad", into: folder + "/bmad"))
    }
}
