import Foundation
import Testing

/// Screen flows as a reader sees them: the drawings the flows plugin puts in
/// UX_SPEC (arrows in prose, a ```` ```flow ```` block, ```` ```mermaid ````
/// flowcharts), the Flows page and the standalone `flows/*.svg` files, opened
/// in headless Chromium from a build of the default site (`content/`) and
/// measured as Chromium lays them out with the real font. Screenshots are kept
/// in `.build/screenshots/flows-*.png` to look at.
@Suite("Screen flows in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct FlowsBrowserTests {
    /// The browser tests' helpers: screenshots, URLs, clean-visit checks.
    let browser = BrowserTests()

    /// The default theme's diagram colours (`templates/assets/specsite.css`,
    /// and the `<style>` of a standalone file).
    struct Palette {
        var node: String
        var edge: String
        var background: String
    }

    static let palettes = [
        "light": Palette(node: "#f1f5fb", edge: "#59636e", background: "#ffffff"),
        "dark": Palette(node: "#1b2330", edge: "#8b96a3", background: "#101418"),
    ]

    /// The onboarding mermaid flowchart of UX_SPEC, as its screens read, line by line.
    static let onboardingScreens = [
        "Welcome", "Your Body", "Target from / a doctor?", "Custom Goal", "Proposed Goal / (editable)", "Reminders",
        "Allow notifications?", "Quiet Hours", "Apple Health", "Done", "Home", "Health store", "Widget",
    ]

    static let permissionSteps = ["Reminders", "Allow notifications?", "Quiet Hours", "Apple Health"]

    /// Functions that measure one drawn `<svg>` as Chromium renders it, in
    /// rendered pixels: whether each screen's text fits its shape (the shipped
    /// font metrics against the real font), overlaps, where the lines start and
    /// what their arrows point at, the labels and clusters, colours and contrast.
    /// Needs `BrowserTests.helpers` before it.
    static let measure = """
        const rounded = n => Math.round(n * 100) / 100;
        const frame = r => ({
            left: rounded(r.left), top: rounded(r.top), right: rounded(r.right), bottom: rounded(r.bottom),
        });
        const overlapping = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
            && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
        const holding = (outer, inner) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
            && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
        const textLines = g => [...g.querySelectorAll(":scope > text > tspan")].map(t => t.textContent);
        const paint = new OffscreenCanvas(1, 1).getContext("2d", {willReadFrequently: true});
        // Any CSS colour as sRGB 0–255, by painting it.
        const srgb = colour => {
            paint.clearRect(0, 0, 1, 1);
            paint.fillStyle = "#000";
            paint.fillStyle = colour;
            paint.fillRect(0, 0, 1, 1);
            return [...paint.getImageData(0, 0, 1, 1).data].slice(0, 3);
        };
        const luminance = colour => {
            const [r, g, b] = srgb(colour).map(c => {
                c /= 255;
                return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const contrast = (a, b) => {
            const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
            return rounded((high + 0.05) / (low + 0.05));
        };
        // How far a point is from a user-space box (0 inside it).
        const gap = (p, b) => Math.hypot(Math.max(b.x - p.x, 0, p.x - b.x - b.width),
            Math.max(b.y - p.y, 0, p.y - b.y - b.height));
        // How far box t reaches past box s on its worst side (negative: inside).
        const past = (t, s) => Math.max(s.x - t.x, t.x + t.width - s.x - s.width, s.y - t.y,
            t.y + t.height - s.y - s.height);
        const drawing = svg => {
            const view = svg.viewBox.baseVal;
            const shown = svg.getBoundingClientRect();
            const scale = view && view.width > 0 ? shown.width / view.width : 1;
            const px = 1 / scale;  // one rendered pixel, in user units
            const background = getComputedStyle(svg.querySelector(":scope > rect.diagram-bg")).fill;
            const items = [...svg.querySelectorAll("g.diagram-node")].map(g => {
                const shape = [...g.children].find(e => e.tagName !== "title" && e.tagName !== "text");
                const text = g.querySelector(":scope > text");
                return {g, shape, text, box: shape.getBBox(), rect: frame(shape.getBoundingClientRect()),
                        name: textLines(g).join(" / ")};
            });
            const byId = new Map(items.map(item => [item.g.dataset.id, item]));
            const nodes = items.map(({g, shape, text, box, rect, name}) => {
                const t = text.getBBox();
                // The corners of the text's box, 1 px in, must be inside the shape itself (a diamond, a pill).
                const corners = [[t.x + px, t.y + px], [t.x + t.width - px, t.y + px], [t.x + px, t.y + t.height - px],
                    [t.x + t.width - px, t.y + t.height - px]];
                return {
                    name, id: g.dataset.id,
                    kind: [...g.classList].find(c => c !== "diagram-node" && !c.startsWith("diagram-tone-")) ?? "",
                    tone: [...g.classList].find(c => c.startsWith("diagram-tone-")) ?? "",
                    textOutside: rounded(past(t, box) * scale),
                    cornersOutside: corners.filter(([x, y]) => !shape.isPointInFill(new DOMPoint(x, y))).length,
                    textWidth: rounded(t.width * scale), shapeWidth: rounded(box.width * scale),
                    fill: getComputedStyle(shape).fill,
                    contrast: contrast(getComputedStyle(text).fill, getComputedStyle(shape).fill),
                    rect,
                };
            });
            const overlaps = [];
            items.forEach((a, index) => items.slice(index + 1).forEach(b => {
                if (overlapping(a.rect, b.rect)) overlaps.push([a.name, b.name]);
            }));
            const routes = [];
            const edges = [...svg.querySelectorAll("g.diagram-edge")].map(g => {
                const path = g.querySelector(":scope > path");
                const length = path.getTotalLength();
                const samples = [];
                for (let d = 0; d < length; d += 2) samples.push(path.getPointAtLength(d));
                samples.push(path.getPointAtLength(length));
                const from = byId.get(g.dataset.from), to = byId.get(g.dataset.to);
                const name = (from?.name ?? "?" + g.dataset.from) + " → " + (to?.name ?? "?" + g.dataset.to);
                routes.push({name, samples});
                const arrow = g.querySelector(":scope > polygon");
                const tip = arrow ? arrow.points.getItem(0) : null;
                const start = samples[0], end = samples[samples.length - 1];
                // Other screens the line runs through (2 px in from their box, and inside the shape).
                const through = items.filter(n => n !== from && n !== to && samples.some(p =>
                    p.x > n.box.x + 2 * px && p.x < n.box.x + n.box.width - 2 * px
                    && p.y > n.box.y + 2 * px && p.y < n.box.y + n.box.height - 2 * px
                    && n.shape.isPointInFill(p))).map(n => n.name);
                return {
                    name, found: !!from && !!to, arrow: !!tip,
                    selfLoop: g.classList.contains("diagram-self-loop"),
                    startGap: from ? rounded(gap(start, from.box) * scale) : null,
                    endGap: to ? rounded(gap(end, to.box) * scale) : null,
                    tipGap: to && tip ? rounded(gap(tip, to.box) * scale) : null,
                    through,
                    stroke: getComputedStyle(path).stroke,
                    contrast: contrast(getComputedStyle(path).stroke, background),
                };
            });
            const labels = [...svg.querySelectorAll("g.diagram-edge-label")].map(g => {
                const rect = g.querySelector(":scope > rect"), text = g.querySelector(":scope > text");
                const b = rect.getBBox(), r = frame(rect.getBoundingClientRect());
                const inside = p => p.x > b.x + px && p.x < b.x + b.width - px && p.y > b.y + px
                    && p.y < b.y + b.height - px;
                return {
                    name: textLines(g).join(" / "),
                    onNodes: items.filter(n => overlapping(r, n.rect)).map(n => n.name),
                    crossedBy: routes.filter(route => route.samples.some(inside)).map(route => route.name),
                    textOutside: text ? rounded(past(text.getBBox(), b) * scale) : null,
                    contrast: text ? contrast(getComputedStyle(text).fill, background) : null,
                };
            });
            const clusters = [...svg.querySelectorAll("g.diagram-cluster")].map(g => {
                const r = frame(g.querySelector(":scope > rect").getBoundingClientRect());
                const titles = [...g.querySelectorAll(":scope > text")];
                const t = titles.length ? frame(titles[0].getBoundingClientRect()) : null;
                // The lines drawn across the title's text (1 px in from its box).
                const crossing = titles.length ? (() => {
                    const b = titles[0].getBBox();
                    const inside = p => p.x > b.x + px && p.x < b.x + b.width - px && p.y > b.y + px
                        && p.y < b.y + b.height - px;
                    return routes.filter(route => route.samples.some(inside)).map(route => route.name);
                })() : [];
                return {
                    title: titles.map(e => e.textContent).join(" / "),
                    rect: r,
                    titleInside: !!t && holding(r, t),
                    titleUnder: t ? items.filter(n => overlapping(t, n.rect)).map(n => n.name) : [],
                    titleCrossedBy: crossing,
                    holds: items.filter(n => holding(r, n.rect)).map(n => n.name),
                    touches: items.filter(n => overlapping(r, n.rect)).map(n => n.name),
                };
            });
            return {
                width: rounded(shown.width), height: rounded(shown.height), scale: rounded(scale),
                viewWidth: rounded(view?.width ?? 0),
                nodes, overlaps, edges, labels, clusters, background,
                nodeFills: [...new Set(nodes.filter(n => n.tone === "diagram-tone-normal").map(n => n.fill))],
                edgeStrokes: [...new Set(edges.map(e => e.stroke))],
            };
        };
        // A figure.flow in a page: its drawing, caption, and how it sits in the column.
        const figureOf = figure => {
            // A wide flow carries a second drawing, top to bottom, for phones:
            // measure the one the reader sees.
            const holders = [...figure.querySelectorAll(":scope > .flow-drawing")];
            const holder = holders.find(h => getComputedStyle(h).display !== "none") ?? holders[0];
            const svg = holder?.querySelector(":scope > svg.flow-svg");
            if (!svg) return {id: figure.id, missing: true};
            const f = figure.getBoundingClientRect(), s = svg.getBoundingClientRect();
            const column = figure.closest("article.doc")?.getBoundingClientRect();
            const next = figure.nextElementSibling;
            return {
                id: figure.id, notation: figure.dataset.notation ?? null,
                title: figure.querySelector("figcaption .flow-title")?.textContent ?? null,
                meta: figure.querySelector("figcaption .flow-meta")?.textContent ?? null,
                links: Object.fromEntries([...figure.querySelectorAll("figcaption a[href]")]
                    .map(a => [a.textContent, a.getAttribute("href")])),
                shown: displayed(svg) && s.width > 0 && s.height > 0,
                fits: s.left >= f.left - 0.5 && s.right <= f.right + 0.5,
                scrolls: holder.scrollWidth > holder.clientWidth
                    && ["auto", "scroll"].includes(getComputedStyle(holder).overflowX),
                inColumn: !column || (f.left >= column.left - 0.5 && f.right <= column.right + 0.5),
                source: next?.matches("details.flow-source") ? {
                    open: next.open,
                    shown: [...next.children].filter(e => e.tagName !== "SUMMARY").some(e => e.checkVisibility()),
                } : null,
                ...drawing(svg),
            };
        };
        // Scrolls the figure with this title to the top of the viewport; whether there is one.
        const scrollToFlow = title => {
            const figure = [...document.querySelectorAll("figure.flow")]
                .find(f => f.querySelector(".flow-title")?.textContent === title);
            figure?.scrollIntoView({block: "start"});
            return !!figure;
        };
        """

    /// Every flow figure of a page, the mermaid blocks left as code, and the page's width.
    static let page =
        "(() => {" + BrowserTests.helpers + measure
            + """
                const figures = [...document.querySelectorAll("figure.flow")].map(figureOf);
                const sequences = [...document.querySelectorAll("pre > code.language-mermaid")]
                    .filter(code => code.textContent.includes("sequenceDiagram"))
                    .map(code => {
                        const note = (code.closest(".code-block") ?? code.parentElement).nextElementSibling;
                        return {shown: displayed(code), note: note?.matches("p.flow-note") ? note.textContent : null};
                    });
                return {
                    theme: document.documentElement.dataset.theme ?? null,
                    systemDark: matchMedia("(prefers-color-scheme: dark)").matches,
                    figures, sequences,
                    // Closed <details> keep their content's boxes, so checkVisibility() tells what is shown.
                    shownMermaid: [...document.querySelectorAll("code.language-mermaid")]
                        .filter(code => code.checkVisibility()).length,
                    overflow: document.documentElement.scrollWidth - innerWidth,
                    scrollWidth: document.documentElement.scrollWidth,
                    innerWidth,
                };
            })()
            """

    /// How far below the breadcrumbs a page's first heading starts, in px.
    static let titleGap = """
        (() => {
            const crumbs = document.querySelector("nav.breadcrumbs")?.getBoundingClientRect();
            const title = document.querySelector("article.doc h1")?.getBoundingClientRect();
            return crumbs && title ? Math.round(title.top - crumbs.bottom) : null;
        })()
        """

    /// Scrolls the flow figure with this title to the top (its step value says whether there was one).
    static func scroll(to title: String) -> BrowserDriver.Action {
        .evaluate(
            "(() => {" + BrowserTests.helpers + measure + "return scrollToFlow(\(String(reflecting: title)));})()")
    }

    /// `flow-ux_spec-onboarding-flow-diagram` as `ux-spec-onboarding-flow-diagram`, for screenshot names.
    static func slug(_ id: String) -> String {
        let name = id.hasPrefix("flow-") ? String(id.dropFirst(5)) : id
        return name.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// A JSON value that is a number at most `limit`.
    static func atMost(_ value: JSON, _ limit: Double) -> Bool { value.number.map { $0 <= limit } ?? false }

    /// What a reader needs of any drawing: each screen's text inside its shape,
    /// no screens on top of each other, lines that start at their screen and
    /// point at the next one without running through others, labels that cover
    /// neither screens nor other lines, titled clusters, readable contrast.
    func expectReadable(_ drawing: JSON, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let nodes = drawing["nodes"].array
        #expect(!nodes.isEmpty, "\(name): no screens are drawn", sourceLocation: sourceLocation)
        for node in nodes {
            let screen = "\(name), screen \(node["name"]) (\(node["kind"]))"
            let sizes = "text \(node["textWidth"]) px wide, shape \(node["shapeWidth"]) px"
            let problem = "the shipped font metrics do not match the font drawn"
            #expect(
                Self.atMost(node["textOutside"], 1),
                "\(screen): its text reaches \(node["textOutside"]) px past its shape's box (\(sizes)): \(problem)",
                sourceLocation: sourceLocation)
            #expect(
                node["cornersOutside"].number == 0,
                "\(screen): \(node["cornersOutside"]) corners of its text lie outside the shape itself",
                sourceLocation: sourceLocation)
            #expect(
                (node["contrast"].number ?? 0) >= 4.5, "\(screen): text contrast \(node["contrast"]):1 on its fill",
                sourceLocation: sourceLocation)
        }
        #expect(
            drawing["overlaps"].array.isEmpty, "\(name): screens on top of each other: \(drawing["overlaps"])",
            sourceLocation: sourceLocation)
        for edge in drawing["edges"].array {
            let step = "\(name), step \(edge["name"])"
            #expect(edge["found"].bool == true, "\(step): a line to a screen not drawn", sourceLocation: sourceLocation)
            #expect(
                Self.atMost(edge["startGap"], 2), "\(step): the line starts \(edge["startGap"]) px from its screen",
                sourceLocation: sourceLocation)
            if edge["arrow"].bool == true {
                let pointsAtTarget =
                    Self.atMost(edge["tipGap"], 2)
                    && (edge["selfLoop"].bool == true || (edge["endGap"].number ?? 0) > (edge["tipGap"].number ?? 0))
                let gaps = "tip \(edge["tipGap"]) px away, its base \(edge["endGap"]) px"
                #expect(
                    pointsAtTarget, "\(step): the arrow does not point at its screen (\(gaps))",
                    sourceLocation: sourceLocation)
            } else {
                #expect(
                    Self.atMost(edge["endGap"], 2), "\(step): the line ends \(edge["endGap"]) px from its screen",
                    sourceLocation: sourceLocation)
            }
            #expect(
                edge["through"].array.isEmpty, "\(step): the line runs through \(edge["through"])",
                sourceLocation: sourceLocation)
            #expect(
                (edge["contrast"].number ?? 0) >= 3, "\(step): the line's contrast is \(edge["contrast"]):1",
                sourceLocation: sourceLocation)
        }
        for label in drawing["labels"].array {
            let what = "\(name), label \(label["name"])"
            #expect(
                label["onNodes"].array.isEmpty, "\(what) lies on the screens \(label["onNodes"])",
                sourceLocation: sourceLocation)
            #expect(
                label["crossedBy"].array.count <= 1, "\(what) hides the lines of \(label["crossedBy"])",
                sourceLocation: sourceLocation)
            #expect(
                Self.atMost(label["textOutside"], 1),
                "\(what): its text reaches \(label["textOutside"]) px past its box",
                sourceLocation: sourceLocation)
            #expect(
                (label["contrast"].number ?? 0) >= 4.5, "\(what): text contrast \(label["contrast"]):1",
                sourceLocation: sourceLocation)
        }
        for cluster in drawing["clusters"].array {
            let what = "\(name), cluster \(cluster["title"])"
            #expect(
                cluster["titleInside"].bool == true, "\(what): its title is not inside its box",
                sourceLocation: sourceLocation)
            #expect(
                cluster["titleUnder"].array.isEmpty, "\(what): its title is under \(cluster["titleUnder"])",
                sourceLocation: sourceLocation)
            #expect(
                cluster["titleCrossedBy"].array.isEmpty,
                "\(what): its title is crossed by the lines of \(cluster["titleCrossedBy"])",
                sourceLocation: sourceLocation)
        }
    }

    /// The drawing's screens and lines are in the scheme's colours.
    func expectColours(
        _ drawing: JSON, _ scheme: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let palette = Self.palettes[scheme]!
        let fills = drawing["nodeFills"].strings
        let strokes = drawing["edgeStrokes"].strings
        #expect(
            !fills.isEmpty && fills.allSatisfy { TokensBrowserTests.same($0, palette.node) },
            "\(name): screens are filled \(fills), the \(scheme) theme's is \(palette.node)",
            sourceLocation: sourceLocation)
        #expect(
            !strokes.isEmpty && strokes.allSatisfy { TokensBrowserTests.same($0, palette.edge) },
            "\(name): lines are drawn \(strokes), the \(scheme) theme's is \(palette.edge)",
            sourceLocation: sourceLocation)
    }

    /// A figure in a page: shown, inside its column (or scrolling in it), its
    /// caption counting what it draws, readable, and in the page that writes
    /// it (`written`), a block's source kept below, collapsed.
    func expectFigure(
        _ figure: JSON, _ name: String, links: [String], written: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let what = "\(name), \(figure["id"])"
        #expect(
            figure["missing"] == .null, "\(what): no svg.flow-svg in its .flow-drawing", sourceLocation: sourceLocation)
        #expect(
            figure["shown"].bool == true,
            "\(what): the drawing is not shown (\(figure["width"]) × \(figure["height"]))",
            sourceLocation: sourceLocation)
        #expect(
            figure["fits"].bool == true || figure["scrolls"].bool == true,
            "\(what): the drawing (\(figure["width"]) px) is wider than its figure and does not scroll",
            sourceLocation: sourceLocation)
        #expect(
            figure["inColumn"].bool == true, "\(what): the figure is wider than the column",
            sourceLocation: sourceLocation)
        #expect(
            (figure["scale"].number ?? 0) >= 0.59,
            "\(what): the drawing shrinks to \(figure["scale"]) of its size, below the 60 % that stays readable",
            sourceLocation: sourceLocation)
        let screens = figure["nodes"].array.count
        let steps = figure["edges"].array.count
        let counts = "\(screens) screen\(screens == 1 ? "" : "s"), \(steps) step\(steps == 1 ? "" : "s")"
        #expect(
            figure["meta"].string?.hasPrefix(counts) == true,
            "\(what): the caption says \(figure["meta"]), it draws \(counts)",
            sourceLocation: sourceLocation)
        #expect(
            !(figure["title"].string ?? "").isEmpty, "\(what): the caption has no title", sourceLocation: sourceLocation
        )
        if case .object(let shown) = figure["links"] {
            #expect(
                shown.keys.sorted() == links.sorted(), "\(what): caption links \(shown)", sourceLocation: sourceLocation
            )
        } else {
            Issue.record("\(what): caption links \(figure["links"])", sourceLocation: sourceLocation)
        }
        if written, figure["notation"].string != "prose" {
            #expect(
                figure["source"]["open"].bool == false && figure["source"]["shown"].bool == false,
                "\(what): the \(figure["notation"]) source is not kept collapsed below: \(figure["source"])",
                sourceLocation: sourceLocation)
        }
        expectReadable(figure, what, sourceLocation: sourceLocation)
    }

    /// The checks of UX_SPEC's flows in one scheme (`scheme` being the theme shown).
    func expectUXSpecFlows(_ page: JSON, scheme: String, _ name: String) {
        let figures = page["figures"].array
        #expect(figures.count >= 5, "\(name): flow figures: \(figures.map { $0["id"] })")
        for notation in ["prose", "flow", "mermaid"] {
            #expect(figures.contains { $0["notation"].string == notation }, "\(name): no \(notation) figure")
        }
        for figure in figures {
            expectFigure(figure, name, links: ["SVG", "All flows"])
            expectColours(figure, scheme, "\(name), \(figure["id"])")
        }
        #expect((page["overflow"].number ?? 1) <= 0, "\(name): the page is \(page["overflow"]) px too wide")

        let onboarding = figures.first { $0["title"].string == "Onboarding Flow Diagram" } ?? .null
        #expect(
            onboarding["notation"].string == "mermaid", "\(name): the onboarding mermaid figure: \(onboarding["id"])")
        let screens = onboarding["nodes"].array.compactMap { $0["name"].string }
        #expect(
            screens.sorted() == Self.onboardingScreens.sorted(),
            "\(name): the onboarding flowchart draws \(screens), expected \(Self.onboardingScreens)")
        let clusters = onboarding["clusters"].array
        #expect(clusters.map(\.["title"]) == [.string("Permission steps")], "\(name): clusters \(clusters)")
        if let cluster = clusters.first {
            #expect(
                Set(cluster["holds"].strings) == Set(Self.permissionSteps),
                "\(name): 'Permission steps' holds \(cluster["holds"]), expected \(Self.permissionSteps)")
            #expect(
                Set(cluster["touches"].strings) == Set(Self.permissionSteps),
                "\(name): screens outside 'Permission steps' reach into its box: \(cluster["touches"])")
        }

        let sequences = page["sequences"].array
        #expect(sequences.count == 1, "\(name): the sequenceDiagram stays a code block: \(sequences)")
        for sequence in sequences {
            #expect(sequence["shown"].bool == true, "\(name): the sequenceDiagram code is shown")
            #expect(
                sequence["note"].string?.contains("sequenceDiagram") == true,
                "\(name): a p.flow-note follows the sequenceDiagram: \(sequence["note"])")
        }
        #expect(
            page["shownMermaid"].number == 1,
            "\(name): \(page["shownMermaid"]) mermaid code blocks are shown, only the sequenceDiagram should be")
    }

    @Test func theUXSpecFlowsAreDrawnReadablyInBothThemes() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = browser.url(folder + "/site/UX_SPEC.html")
        let visits = ["light", "dark"].map { scheme in
            BrowserDriver.Visit(
                url: page, colorScheme: scheme, screenshot: browser.screenshot("flows-ux-spec-1280-\(scheme)"),
                actions: [Self.scroll(to: "Onboarding Flow Diagram")], evaluate: Self.page)
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        var ids: [String] = []
        for (visit, result) in zip(visits, results) {
            let scheme = visit.colorScheme
            let name = "UX_SPEC.html, 1280 px, \(scheme)"
            browser.expectClean(result, name)
            #expect(result.steps.first?.value.bool == true, "\(name): no figure titled Onboarding Flow Diagram")
            #expect(result.value["theme"].string == scheme, "\(name): data-theme is \(result.value["theme"])")
            expectUXSpecFlows(result.value, scheme: scheme, name)
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
            ids = result.value["figures"].array.compactMap { $0["id"].string }
        }

        // Each figure on its own, to look at.
        var shots: [BrowserDriver.Visit] = []
        for scheme in ["light", "dark"] {
            for id in ids {
                shots.append(
                    BrowserDriver.Visit(
                        url: page + "#" + id, height: 1250, colorScheme: scheme,
                        screenshot: browser.screenshot("flows-figure-\(Self.slug(id))-\(scheme)"),
                        evaluate:
                            "document.getElementById(\(String(reflecting: id)))?.getBoundingClientRect().top ?? null"))
            }
        }
        for (visit, result) in zip(shots, try BrowserDriver().visit(shots)) {
            browser.expectClean(result, visit.url)
            #expect(browser.size(of: visit.screenshot!) > 5_000, "\(visit.url): a screenshot was written")
        }
    }

    @Test func theThemeToggleRedrawsTheFlowsInTheChosenTheme() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = browser.url(folder + "/site/UX_SPEC.html")
        let visits = [("light", "dark"), ("dark", "light")].map { system, chosen in
            BrowserDriver.Visit(
                url: page, colorScheme: system,
                screenshot: browser.screenshot("flows-ux-spec-1280-\(system)-toggled-\(chosen)"),
                actions: [.click("button.theme-toggle"), Self.scroll(to: "Onboarding Flow Diagram")],
                evaluate: Self.page)
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let chosen = visit.colorScheme == "light" ? "dark" : "light"
            let name = "UX_SPEC.html, system \(visit.colorScheme), toggled to \(chosen)"
            browser.expectClean(result, name)
            #expect(result.value["theme"].string == chosen, "\(name): data-theme is \(result.value["theme"])")
            #expect(
                result.value["systemDark"].bool == (visit.colorScheme == "dark"),
                "\(name): the system scheme stays \(visit.colorScheme)")
            expectUXSpecFlows(result.value, scheme: chosen, name)
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
        }
    }

    @Test func theFlowsPageListsEveryFlowAndLinksToWhereItIsWritten() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        let files = try FileManager.default.contentsOfDirectory(atPath: site + "/flows").filter { $0.hasSuffix(".svg") }
            .sorted()
        #expect(!files.isEmpty, "site/flows holds the flows' SVG files")
        let listing =
            "(() => {" + BrowserTests.helpers + Self.measure
                + """
                    const figures = [...document.querySelectorAll("figure.flow")].map(figure => {
                        const where = figure.previousElementSibling;
                        const link = where?.matches("p.flow-where") ? where.querySelector("a[href]") : null;
                        return {
                            written: link?.getAttribute("href") ?? null, writtenText: link?.textContent ?? null,
                            ...figureOf(figure),
                        };
                    });
                    return {
                        figures, overflow: document.documentElement.scrollWidth - innerWidth,
                        titleGap: \(Self.titleGap),
                    };
                })()
                """
        // The "All flows" links of the page the flows are written in.
        let allFlows = """
            [...document.querySelectorAll("figure.flow figcaption a[href]")]
                .filter(a => a.textContent === "All flows").map(a => a.getAttribute("href"))
            """
        let flowsPage = browser.url(site + "/flows.html")
        let visits = [
            BrowserDriver.Visit(
                url: flowsPage, colorScheme: "light", screenshot: browser.screenshot("flows-page-1280-light"),
                evaluate: listing),
            BrowserDriver.Visit(
                url: flowsPage, colorScheme: "dark", screenshot: browser.screenshot("flows-page-1280-dark"),
                evaluate: listing),
            BrowserDriver.Visit(url: browser.url(site + "/UX_SPEC.html"), evaluate: allFlows),
            BrowserDriver.Visit(url: browser.url(site + "/tokens.html"), evaluate: Self.titleGap),
        ]
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            browser.expectClean(result, "\(visit.url), \(visit.colorScheme)")
        }
        for (visit, result) in zip(visits, results).prefix(2) {
            let name = "flows.html, \(visit.colorScheme)"
            let figures = result.value["figures"].array
            #expect(
                figures.count == files.count,
                "\(name): \(figures.count) flows shown, \(files.count) files in site/flows: \(files)")
            for figure in figures {
                expectFigure(figure, name, links: ["SVG"], written: false)
                expectColours(figure, visit.colorScheme, "\(name), \(figure["id"])")
            }
            let linked = figures.compactMap { $0["links"]["SVG"].string }.map { ($0 as NSString).lastPathComponent }
            #expect(linked.sorted() == files, "\(name): the figures' SVG links \(linked.sorted()), files \(files)")
            #expect((result.value["overflow"].number ?? 1) <= 0, "\(name): the page is too wide")
            // Where a flow is written, as the site names its documents, not as the builder's disk does.
            let written = figures.map { $0["writtenText"].string ?? "" }
            let absolute = written.filter {
                $0.isEmpty || $0.hasPrefix("/") || $0.contains(CommandLineTests.repository)
            }
            #expect(
                absolute.isEmpty && written.count == figures.count,
                "\(name): flows are said to be written at \(absolute), paths on the builder's machine")
            // The page's title sits under the breadcrumbs as on the other generated pages.
            let gap = result.value["titleGap"].number ?? .infinity
            let tokensGap = results[3].value.number ?? 0
            #expect(
                gap <= tokensGap + 1,
                "\(name): the 'Flows' title is \(gap) px below the breadcrumbs, the 'Tokens' title \(tokensGap) px")
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
        }

        // "All flows" on the page leads to that flow on the Flows page.
        let figures = results[0].value["figures"].array
        let ids = Set(figures.compactMap { $0["id"].string })
        let pageLinks = results[2].value.strings
        #expect(pageLinks.count == files.count, "UX_SPEC.html: 'All flows' links: \(pageLinks)")
        for link in pageLinks {
            let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(
                parts.count == 2 && parts[0] == "flows.html" && ids.contains(parts[1]),
                "UX_SPEC.html: 'All flows' link \(link) does not lead to a flow on flows.html (ids \(ids.sorted()))")
        }

        // Each flow's "written at" link, clicked, lands on that drawing in its page.
        let landing = """
            (() => {
                const id = decodeURIComponent(location.hash.slice(1));
                const target = document.getElementById(id);
                const r = target?.getBoundingClientRect();
                return {
                    page: decodeURIComponent(location.pathname.split("/").pop()), id,
                    found: !!target, figure: !!target?.matches("figure.flow"),
                    notation: target?.dataset.notation ?? null,
                    inView: !!r && r.top < innerHeight && r.bottom > 0,
                };
            })()
            """
        var clicks: [BrowserDriver.Visit] = []
        for figure in figures {
            guard let href = figure["written"].string else {
                Issue.record("flows.html, \(figure["id"]): no p.flow-where link before the figure")
                continue
            }
            let selector = "p.flow-where a[href=\"\(href.replacingOccurrences(of: "\"", with: "\\\""))\"]"
            clicks.append(BrowserDriver.Visit(url: flowsPage, actions: [.click(selector)], evaluate: landing))
        }
        let landed = try BrowserDriver().visit(clicks)
        try #require(landed.count == clicks.count)
        for (figure, result) in zip(figures.filter { $0["written"] != .null }, landed) {
            let href = figure["written"].string ?? ""
            let name = "flows.html, 'written at' \(href)"
            browser.expectClean(result, name)
            let target = result.value
            let parts = href.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(parts.count == 2, "\(name): the link has no anchor")
            #expect(
                target["page"].string == parts.first && target["id"].string == parts.last,
                "\(name): the click landed on \(target["page"])#\(target["id"])")
            #expect(target["found"].bool == true, "\(name): no element with that id on the page")
            #expect(target["figure"].bool == true, "\(name): the anchor is not a figure.flow")
            #expect(
                target["notation"] == figure["notation"],
                "\(name): leads to a \(target["notation"]) figure, the Flows page shows a \(figure["notation"]) one")
            #expect(target["inView"].bool == true, "\(name): the drawing is not scrolled into view")
        }
    }

    @Test func eachFlowFileOpensOnItsOwnInItsLightAndDarkColours() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flows = folder + "/site/flows"
        let files = try FileManager.default.contentsOfDirectory(atPath: flows).filter { $0.hasSuffix(".svg") }.sorted()
        try #require(!files.isEmpty, "site/flows holds the flows' SVG files")
        let check =
            "(() => {" + BrowserTests.helpers + Self.measure
                + """
                    const root = document.documentElement;
                    return {tag: root.tagName, ...(root.tagName === "svg" ? drawing(root) : {})};
                })()
                """
        var visits: [BrowserDriver.Visit] = []
        for file in files {
            for scheme in ["light", "dark"] {
                let stem = (file as NSString).deletingPathExtension.replacingOccurrences(of: "_", with: "-")
                visits.append(
                    BrowserDriver.Visit(
                        url: browser.url(flows + "/" + file), height: 1100, colorScheme: scheme,
                        screenshot: browser.screenshot("flows-file-\(stem)-\(scheme)"), evaluate: check))
            }
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let scheme = visit.colorScheme
            let name = "\((visit.url as NSString).lastPathComponent), \(scheme)"
            let svg = result.value
            browser.expectClean(result, name)
            #expect(svg["tag"].string == "svg", "\(name): Chromium opened \(svg["tag"]), not an SVG document")
            expectReadable(svg, name)
            expectColours(svg, scheme, name)
            let background = Self.palettes[scheme]!.background
            #expect(
                TokensBrowserTests.same(svg["background"].string ?? "", background),
                "\(name): the background is \(svg["background"]), the \(scheme) one is \(background)")
            #expect(browser.size(of: visit.screenshot!) > 2_000, "\(name): a screenshot was written")
        }
    }

    @Test func onAPhoneTheFlowsKeepThePageFromScrollingSideways() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = browser.url(folder + "/site/UX_SPEC.html")
        let visits = [
            ("light", "Onboarding Flow Diagram", "flows-ux-spec-390-light"),
            ("dark", "Onboarding Flow Diagram", "flows-ux-spec-390-dark"),
            ("light", "Logging Paths (from Home)", "flows-ux-spec-390-light-logging-paths"),
            ("light", "Navigation Model (from Welcome)", "flows-ux-spec-390-light-navigation-model"),
        ].map { scheme, title, shot in
            BrowserDriver.Visit(
                url: page, width: 390, height: 844, colorScheme: scheme, screenshot: browser.screenshot(shot),
                actions: [Self.scroll(to: title)], evaluate: Self.page)
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            let name = "UX_SPEC.html, 390 px, \(visit.colorScheme)"
            let state = result.value
            browser.expectClean(result, name)
            #expect(result.steps.first?.value.bool == true, "\(name): the figure to scroll to was not found")
            let widths = "\(state["scrollWidth"]) px wide, the viewport \(state["innerWidth"]) px"
            #expect(
                Self.atMost(state["scrollWidth"], 390) && Self.atMost(state["overflow"], 0),
                "\(name): the page scrolls sideways: \(widths)")
            let figures = state["figures"].array
            let onboarding = figures.first { $0["title"].string == "Onboarding Flow Diagram" }
            #expect(onboarding != nil, "\(name): the onboarding flowchart is drawn")
            for figure in figures {
                expectFigure(figure, name, links: ["SVG", "All flows"])
                expectColours(figure, visit.colorScheme, "\(name), \(figure["id"])")
            }
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
        }
    }
}
