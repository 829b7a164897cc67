import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The design tokens as a reader sees them: the swatches drawn in place on
/// the design-system page and the site-wide Tokens page, opened in headless
/// Chromium from a build of the default site (`content/`). Screenshots are
/// kept in `.build/screenshots/tokens-*.png` to look at.
@Suite("Design tokens in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct TokensBrowserTests {
    /// The browser tests' helpers: building, screenshots, clean-visit checks.
    let browser = BrowserTests()

    /// Builds the default site into a fresh folder and returns that folder
    /// (the site is in its `site` subfolder); the build must print no warnings.
    func buildDefaultSite(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let folder = CommandLineTests().temporaryFolder()
        let result = try CommandLineTests().run([
            "build", CommandLineTests.repository + "/content", "--output", folder + "/site",
        ])
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            !result.stderr.contains("warning"), "the default site builds without warnings: \(result.stderr)",
            sourceLocation: sourceLocation)
        return folder
    }

    /// `#RRGGBB`, `#RRGGBBAA`, `#RGB` as red, green, blue (0–255) and alpha (0–1).
    static func rgba(hex: String) -> [Double]? {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if digits.count == 3 || digits.count == 4 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        let channels = digits.count == 8 ? value : value << 8 | 0xFF
        return [
            Double(channels >> 24 & 0xFF), Double(channels >> 16 & 0xFF), Double(channels >> 8 & 0xFF),
            Double(channels & 0xFF) / 255,
        ]
    }

    /// A computed `rgb(…)` or `rgba(…)` colour as red, green, blue (0–255) and alpha (0–1).
    static func rgba(computed: String) -> [Double]? {
        guard computed.hasPrefix("rgb") else { return nil }
        let numbers = computed.split(whereSeparator: { !($0.isNumber || $0 == ".") }).compactMap { Double($0) }
        guard numbers.count == 3 || numbers.count == 4 else { return nil }
        return numbers.count == 3 ? numbers + [1] : numbers
    }

    /// Whether a computed colour is the colour a hex value writes (alpha to within 1/100).
    static func same(_ computed: String, _ hex: String) -> Bool {
        guard let shown = rgba(computed: computed), let written = rgba(hex: hex) else { return false }
        return shown.prefix(3) == written.prefix(3) && abs(shown[3] - written[3]) < 0.01
    }

    /// Every swatch card on the page: each chip's computed colour beside the
    /// hex its card prints (the Hex row, or the Written row when that is the
    /// hex itself), and what the collapsed originals hold.
    static let designPage =
        "(() => {" + BrowserTests.helpers
            + """
                const cards = [...document.querySelectorAll(".tokens-block .tk-card")];
                const chips = [];
                for (const card of cards) {
                    const modes = [...card.querySelectorAll(".tk-mode")];
                    [...card.querySelectorAll(".tk-chip span")].forEach((span, index) => {
                        const terms = [...(modes[index]?.querySelectorAll("dl.tk-values > dt") ?? [])];
                        const row = term => terms.find(dt => dt.textContent === term)?.nextElementSibling
                            ?.querySelector("code")?.textContent ?? null;
                        const written = row("Written");
                        const rect = span.getBoundingClientRect();
                        chips.push({
                            name: card.querySelector(".tk-name code")?.textContent ?? null,
                            mode: modes[index]?.querySelector(".tk-mode-label")?.textContent ?? null,
                            hex: row("Hex") ?? (/^#[0-9a-f]{3,8}$/i.test(written ?? "") ? written : null),
                            shown: getComputedStyle(span).backgroundColor,
                            painted: rect.width > 0 && rect.height > 0,
                        });
                    });
                }
                const written = [...document.querySelectorAll(".tokens-block > details.tk-written")].map(d => ({
                    open: d.open,
                    summary: d.querySelector(":scope > summary")?.textContent ?? "",
                    holds: [...d.querySelectorAll(":scope > div.code-block > pre, :scope > div.table-wrap > table, :scope > table, :scope > ul")]
                        .map(e => e.tagName.toLowerCase()),
                    // Closed, the original keeps its layout box but is not rendered.
                    shown: [...d.children].filter(e => e.tagName !== "SUMMARY").some(e => e.checkVisibility()),
                }));
                return {
                    blocks: document.querySelectorAll(".tokens-block").length,
                    cards: cards.length,
                    shownCards: cards.filter(displayed).length,
                    chips, written,
                    overflow: document.documentElement.scrollWidth - innerWidth,
                };
            })()
            """

    @Test func theDesignSystemPageDrawsEverySwatchInItsOwnColourInBothThemes() throws {
        let folder = try buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let visits = ["light", "dark"].map { scheme in
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/DESIGN_SYSTEM.html"), colorScheme: scheme,
                screenshot: browser.screenshot("tokens-design-\(scheme)"),
                actions: [.evaluate("document.querySelector('.tokens-block').scrollIntoView(), true")],
                evaluate: Self.designPage)
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let scheme = visit.colorScheme
            let page = result.value
            browser.expectClean(result, "DESIGN_SYSTEM.html, \(scheme)")
            #expect((page["cards"].number ?? 0) > 40, "\(scheme): swatch cards: \(page["cards"])")
            #expect(page["shownCards"] == page["cards"], "\(scheme): every card is laid out: \(page)")
            #expect((page["overflow"].number ?? 1) <= 0, "\(scheme): the page is \(page["overflow"]) px too wide")

            let chips = page["chips"].array
            #expect(chips.count > 40, "\(scheme): colour chips: \(chips.count)")
            for chip in chips {
                let label = "\(scheme): \(chip["name"]) \(chip["mode"])"
                guard let hex = chip["hex"].string, let shown = chip["shown"].string else {
                    Issue.record("\(label): the card prints no hex, or the chip has no colour: \(chip)")
                    continue
                }
                #expect(Self.same(shown, hex), "\(label): the chip shows \(shown), the card says \(hex)")
                #expect(chip["painted"].bool == true, "\(label): the chip has no size")
            }
            // A few a reader would look for, as the document writes them.
            func shown(_ name: String, _ mode: String?) -> [String] {
                chips.filter { $0["name"].string == name && $0["mode"].string == mode }.compactMap {
                    $0["shown"].string
                }
            }
            let expected: [(name: String, mode: String?, colour: String)] = [
                ("color.accent", "Light", "rgb(255, 122, 0)"),
                ("color.accent", "Dark", "rgb(255, 146, 51)"),
                ("color.text.primary", "Light", "rgb(15, 27, 42)"),
                ("Brand Colors.Sand", nil, "rgb(244, 235, 221)"),
                ("Illustration Tints.Foam", nil, "rgb(234, 246, 244)"),
                ("TidepoolColors.tide", nil, "rgb(30, 136, 229)"),
                ("chart.bar", "Light", "rgb(79, 168, 240)"),
                ("chart.bar", "Dark", "rgb(21, 101, 192)"),
                ("color-brand-tint", nil, "rgba(30, 136, 229, 0.12)"),
                ("Opacity and Overlays.Goal glow", nil, "rgba(47, 111, 104, 0.4)"),
                ("Color.scrim", nil, "rgba(15, 27, 42, 0.48)"),
                ("Scrim", nil, "rgba(0, 0, 0, 0.6)"),
            ]
            for (name, mode, colour) in expected {
                let found = shown(name, mode)
                #expect(
                    !found.isEmpty && found.allSatisfy { $0 == colour },
                    "\(scheme): \(name) \(mode ?? "") shows \(found), expected \(colour)")
            }

            let written = page["written"].array
            #expect(
                written.count == Int(page["blocks"].number ?? -1),
                "\(scheme): every drawn block keeps its original: \(written.count) of \(page["blocks"])")
            for block in written {
                let summary = block["summary"].string ?? ""
                #expect(block["open"].bool == false, "\(scheme): '\(summary)' is open before anyone opens it")
                #expect(block["shown"].bool == false, "\(scheme): '\(summary)' shows its original while closed")
                let expectedTag = summary == "Table as written" ? "table" : summary == "List as written" ? "ul" : "pre"
                #expect(
                    block["holds"].strings == [expectedTag],
                    "\(scheme): '\(summary)' holds \(block["holds"]), expected the original \(expectedTag)")
            }
            #expect(written.contains { $0["summary"].string == "Table as written" }, "\(scheme): \(written)")
            #expect(written.contains { $0["summary"].string == "Code as written" }, "\(scheme): \(written)")
            #expect(written.contains { $0["summary"].string == "dart as written" }, "\(scheme): \(written)")
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(scheme): a screenshot was written")
        }
    }

    /// What the Tokens page shows: cards, the filter box and its count, copy buttons.
    static let tokensPage =
        "(() => {" + BrowserTests.helpers
            + """
                const cards = [...document.querySelectorAll(".tk-section .tk-card")];
                const shown = cards.filter(displayed);
                const copies = [...document.querySelectorAll(".tk-copy")];
                const filter = document.getElementById("tk-filter");
                const words = (filter?.value ?? "").toLowerCase().split(/\\s+/).filter(Boolean);
                const name = card => card.querySelector(".tk-name code")?.textContent ?? "?";
                return {
                    jsClass: document.documentElement.classList.contains("js"),
                    cards: cards.length,
                    shown: shown.length,
                    filterBox: displayed(document.querySelector(".tk-filter")),
                    filterInput: displayed(filter),
                    filter: filter?.value ?? null,
                    count: document.querySelector(".tk-filter-count")?.textContent ?? null,
                    shownWithoutWords: shown.filter(c => !words.every(w => c.textContent.toLowerCase().includes(w))).map(name),
                    hiddenWithWords: cards.filter(c => !displayed(c)
                        && words.every(w => (c.dataset.search ?? "").includes(w))).map(name),
                    emptySections: [...document.querySelectorAll(".tk-section, .tk-document")]
                        .filter(s => displayed(s) && !s.querySelector(".tk-card:not([hidden])")).length,
                    sections: [...document.querySelectorAll("section.tk-section")].filter(displayed)
                        .map(s => s.querySelector("h2")?.id ?? "?"),
                    hints: document.querySelectorAll(".tk-hints li").length,
                    copies: copies.length,
                    shownCopies: copies.filter(displayed).length,
                    overflow: document.documentElement.scrollWidth - innerWidth,
                };
            })()
            """

    /// Types into the filter box as a reader would: sets its value, then tells the page.
    static func typing(_ text: String) -> BrowserDriver.Action {
        .evaluate(
            """
            (() => {
                const input = document.getElementById("tk-filter");
                input.focus();
                input.value = \(String(reflecting: text));
                input.dispatchEvent(new Event("input", {bubbles: true}));
                return input.value;
            })()
            """)
    }

    @Test func theTokensPageFiltersAsYouTypeAndListsEverythingWithoutJavaScript() throws {
        let folder = try buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = browser.url(folder + "/site/tokens.html")
        let visits = [
            BrowserDriver.Visit(
                url: page, colorScheme: "light", screenshot: browser.screenshot("tokens-page-light"),
                evaluate: Self.tokensPage),
            BrowserDriver.Visit(
                url: page, colorScheme: "dark", screenshot: browser.screenshot("tokens-page-dark"),
                evaluate: Self.tokensPage),
            BrowserDriver.Visit(
                url: page, width: 390, height: 844, screenshot: browser.screenshot("tokens-page-390"),
                evaluate: Self.tokensPage),
            BrowserDriver.Visit(
                url: page, screenshot: browser.screenshot("tokens-page-filtered-light"),
                actions: [.evaluate(Self.tokensPage), Self.typing("accent"), .wait(100), .evaluate(Self.tokensPage)]),
            BrowserDriver.Visit(
                url: page, javascript: false, screenshot: browser.screenshot("tokens-page-no-js"),
                evaluate: Self.tokensPage),
        ]
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            browser.expectClean(result, "tokens.html, \(visit.width) px, \(visit.colorScheme)")
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(visit.screenshot!) was written")
        }

        for (index, label) in [(0, "light"), (1, "dark"), (2, "390 px")] {
            let state = results[index].value
            #expect((state["cards"].number ?? 0) > 40, "\(label): token cards: \(state["cards"])")
            #expect(state["shown"] == state["cards"], "\(label): before filtering every card is shown: \(state)")
            #expect(state["filterBox"].bool == true, "\(label): the script shows the filter box")
            #expect(state["filterInput"].bool == true, "\(label): #tk-filter is shown")
            #expect(
                (state["copies"].number ?? 0) > 0 && state["shownCopies"] == state["copies"],
                "\(label): the script shows every copy button: \(state["shownCopies"]) of \(state["copies"])")
            #expect((state["hints"].number ?? 0) > 0, "\(label): the duplicate-colour hints list something")
            #expect(
                state["sections"].strings.contains("kind-color") && state["sections"].strings.contains("kind-spring"),
                "\(label): a section per kind: \(state["sections"])")
            #expect((state["overflow"].number ?? 1) <= 0, "\(label): the page is \(state["overflow"]) px too wide")
        }

        let filtering = results[3]
        try #require(filtering.steps.count == 4, "\(filtering.steps.map(\.value))")
        let before = filtering.steps[0].value
        let after = filtering.steps[3].value
        let total = Int(before["cards"].number ?? 0)
        let shown = Int(after["shown"].number ?? -1)
        #expect(filtering.steps[1].value.string == "accent")
        #expect(before["count"].string == "", "no count before typing: \(before["count"])")
        #expect(after["filter"].string == "accent")
        #expect(shown > 0 && shown < total, "typing 'accent' leaves \(shown) of \(total) cards")
        #expect(
            after["shownWithoutWords"].strings.isEmpty,
            "cards shown without 'accent' in their text: \(after["shownWithoutWords"])")
        #expect(
            after["hiddenWithWords"].strings.isEmpty, "cards about 'accent' hidden: \(after["hiddenWithWords"])")
        #expect(after["count"].string == "\(shown) of \(total) tokens shown", "the count says \(after["count"])")
        #expect(after["emptySections"].number == 0, "sections with nothing left in them are hidden")
        #expect(
            !after["sections"].strings.contains("kind-spring"), "no spring mentions accent: \(after["sections"])")

        let noScript = results[4].value
        #expect(noScript["jsClass"].bool == false, "without JavaScript: scripts really were off")
        #expect((noScript["cards"].number ?? 0) > 40, "without JavaScript: \(noScript["cards"]) cards")
        #expect(noScript["shown"] == noScript["cards"], "without JavaScript every card is shown: \(noScript)")
        #expect(noScript["filterBox"].bool == false, "without JavaScript the filter box, which cannot work, is hidden")
        // The copy buttons are made by tokens.js, so without it there are none to press.
        #expect(noScript["copies"].number == 0, "without JavaScript no copy button is shown: \(noScript["copies"])")
    }

    /// Whether markup is well-formed XML, and if not what the parser said:
    /// an SVG copied out of the page must open in any SVG tool.
    final class XMLCheck: NSObject, XMLParserDelegate {
        var problem: String?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            problem = problem ?? "line \(parser.lineNumber), column \(parser.columnNumber): \(parseError)"
        }

        static func problem(in text: String) -> String? {
            let parser = XMLParser(data: Data(text.utf8))
            let check = XMLCheck()
            parser.delegate = check
            // swift-corelibs' parser can return true and still record an
            // error (an unclosed element at the end), so both are checked.
            let parsed = parser.parse()
            if parsed, parser.parserError == nil, check.problem == nil { return nil }
            return check.problem ?? parser.parserError.map { "\($0)" } ?? "not XML"
        }
    }

    @Test func theXMLCheckTellsSVGFromHTMLOnlyMarkup() {
        #expect(
            XMLCheck.problem(in: #"<svg viewBox="0 0 4 4"><path d="M0 0L4 4"></path><title>a &amp; b</title></svg>"#)
                == nil)
        for markup in ["<svg>&nbsp;</svg>", "<svg><br></svg>", "<svg width=4></svg>", "<svg><g></svg>"] {
            #expect(XMLCheck.problem(in: markup) != nil, "\(markup) is not XML")
        }
    }

    @Test func everyMotionPlotIsWellFormedSVG() throws {
        let folder = try buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plots = """
            [...document.querySelectorAll(".tk-plot svg")].map(svg => {
                const rect = svg.getBoundingClientRect();
                return {
                    name: svg.closest(".tk-card")?.querySelector(".tk-name code")?.textContent ?? "?",
                    kind: svg.closest(".tk-card")?.className ?? "",
                    width: rect.width, height: rect.height,
                    markup: svg.outerHTML,
                };
            })
            """
        let visits = ["light", "dark"].map { scheme in
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/DESIGN_SYSTEM.html"), colorScheme: scheme,
                screenshot: browser.screenshot("tokens-design-motion-\(scheme)"),
                actions: [
                    .evaluate("document.getElementById('durations').scrollIntoView(), true")
                ],
                evaluate: plots)
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let scheme = visit.colorScheme
            browser.expectClean(result, "DESIGN_SYSTEM.html, \(scheme)")
            let svgs = result.value.array
            #expect(svgs.count >= 10, "\(scheme): durations, easings and springs are plotted: \(svgs.count) plots")
            for kind in ["tk-kind-duration", "tk-kind-easing", "tk-kind-spring"] {
                #expect(
                    svgs.contains { ($0["kind"].string ?? "").contains(kind) }, "\(scheme): no \(kind) card with a plot"
                )
            }
            for svg in svgs {
                let name = "\(scheme): plot of \(svg["name"])"
                let markup = try #require(svg["markup"].string, "\(name)")
                #expect(markup.hasPrefix("<svg"), "\(name): \(markup.prefix(80))")
                if let problem = XMLCheck.problem(in: markup) {
                    Issue.record("\(name) is not well-formed XML: \(problem)\n\(markup.prefix(400))")
                }
                #expect(
                    (svg["width"].number ?? 0) > 0 && (svg["height"].number ?? 0) > 0,
                    "\(name) is drawn at \(svg["width"]) × \(svg["height"])")
            }
        }
    }

    @Test func contrastBadgesAgreeWithTheDocumentsContrastTable() throws {
        let folder = try buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The badges of the first card of a name, by mode and background.
        let badges = """
            (() => {
                const card = name => [...document.querySelectorAll(".tokens-block .tk-card")]
                    .find(c => c.querySelector(".tk-name code")?.textContent === name);
                const modes = name => [...(card(name)?.querySelectorAll(".tk-mode") ?? [])].map(m => ({
                    mode: m.querySelector(".tk-mode-label")?.textContent ?? null,
                    grounds: [...m.querySelectorAll("ul.tk-contrast > li")].map(li => ({
                        ground: li.querySelector("code")?.textContent ?? "",
                        ratio: parseFloat(li.querySelector(".tk-ratio")?.textContent ?? "NaN"),
                        badge: li.querySelector(".tk-badge")?.textContent ?? null,
                        level: li.querySelector(".tk-badge")?.className ?? null,
                        shown: li.querySelector(".tk-badge")?.getClientRects().length > 0,
                    })),
                }));
                return {primary: modes("color.text.primary"), accent: modes("color.accent")};
            })()
            """
        let results = try BrowserDriver().visit([
            BrowserDriver.Visit(
                url: browser.url(folder + "/site/DESIGN_SYSTEM.html"), colorScheme: "light", evaluate: badges)
        ])
        let result = try #require(results.first)
        browser.expectClean(result, "DESIGN_SYSTEM.html")
        func ground(_ token: String, _ mode: String, _ ground: String) -> JSON {
            let modes = result.value[token].array
            let grounds = modes.first { $0["mode"].string == mode }?["grounds"].array ?? []
            return grounds.first { $0["ground"].string == ground } ?? .null
        }
        // Text is measured on the grounds of its mode, never on an assumed white or black.
        let primaryOnBg = ground("primary", "Light", "color.bg")
        #expect(primaryOnBg["badge"].string == "AAA", "color.text.primary (light) on color.bg: \(primaryOnBg)")
        #expect(primaryOnBg["level"].string == "tk-badge tk-badge-aaa", "\(primaryOnBg)")
        #expect(primaryOnBg["shown"].bool == true, "the badge is shown: \(primaryOnBg)")
        // The document's own table says 17.4:1.
        #expect(abs((primaryOnBg["ratio"].number ?? 0) - 17.4) < 0.1, "ratio \(primaryOnBg["ratio"]), expected 17.4")
        let primaryDark = ground("primary", "Dark", "color.bg")
        #expect(primaryDark["badge"].string == "AAA", "color.text.primary (dark) on color.bg: \(primaryDark)")
        #expect(ground("primary", "Light", "white") == .null)
        // The accent (a button fill) is measured under the labels the document's contrast table puts
        // on it: "white on color.accent: 2.6:1, Never".
        let whiteOnAccent = ground("accent", "Light", "white")
        #expect(whiteOnAccent["badge"].string == "Fails", "white on color.accent (light): \(whiteOnAccent)")
        #expect(abs((whiteOnAccent["ratio"].number ?? 0) - 2.6) < 0.1, "\(whiteOnAccent)")
        let labelOnAccent = ground("accent", "Light", "color.text.onAccent")
        #expect(abs((labelOnAccent["ratio"].number ?? 0) - 6.6) < 0.1, "\(labelOnAccent)")
    }
}
