import Foundation
import Testing

/// The checklists plugin's pages as a reader sees them: the Status dashboard
/// (`status.html`) with its numbers, bars, lists and dependency graph, the
/// badges, progress bars and read-only checkboxes it draws into
/// IMPLEMENTATION_PLAN, and GSD plan pages drawn as plans, opened in headless
/// Chromium from a build of the default site (`content/`). Screenshots are
/// kept in `.build/screenshots/checklists-*.png` to look at.
@Suite("Checklists and status in a browser", .serialized, .enabled(if: chromiumPath != nil))
struct StatusBrowserTests {
    /// The browser tests' helpers: screenshots, URLs, clean-visit checks.
    let browser = BrowserTests()

    // MARK: - What the default content says

    /// IMPLEMENTATION_PLAN's chunks and the status each shows: what its author
    /// wrote. CHUNK-007 is written blocked; CHUNK-008 and CHUNK-009 are not
    /// started, and that they wait for unfinished chunks is no status of theirs.
    static let chunks: [(id: String, status: String)] = [
        ("CHUNK-001", "Done"), ("CHUNK-002", "Done"), ("CHUNK-003", "Done"), ("CHUNK-004", "In progress"),
        ("CHUNK-005", "Not started"), ("CHUNK-006", "In progress"), ("CHUNK-007", "Blocked"),
        ("CHUNK-008", "Not started"), ("CHUNK-009", "Not started"),
    ]

    /// The chunks of IMPLEMENTATION_PLAN that wait, and the unfinished chunks each waits for.
    static let chunksWaiting = ["CHUNK-008": ["CHUNK-004"], "CHUNK-009": ["CHUNK-004", "CHUNK-005", "CHUNK-008"]]

    /// The GSD plans of `content/.planning/phases` and the status each shows
    /// (STATE.md's Current Position says 02-02 is under way; 03-01 and 03-02
    /// are not started).
    static let plans: [(id: String, status: String)] = [
        ("01-01", "Done"), ("01-02", "Done"), ("02-01", "Done"), ("02-02", "In progress"), ("03-01", "Not started"),
        ("03-02", "Not started"),
    ]

    /// The plans of `content/.planning/phases` that wait, and the unfinished plans each waits for.
    static let plansWaiting = ["03-01": ["02-02"], "03-02": ["03-01"]]

    /// The status a plan of `content/.planning/phases` shows.
    static func status(ofPlan id: String) -> String { plans.first { $0.id == id }?.status ?? "?" }

    /// What the default content's authors call blocked, where, and the reason
    /// they wrote: all that the dashboard's Blocked list holds, and the only
    /// items it may draw in the danger colour.
    static let blockedAsWritten: [(id: String, href: String, reason: String)] = [
        (
            "CHUNK-007", "IMPLEMENTATION_PLAN.html#chunk-007-healthkit-sync--blocked",
            "waiting for the HealthKit entitlement review (submitted 2026-01-06)"
        ),
        (
            "CHUNK-012", "SPRINT_PLAN.html#chunk-12-healthkit-permission-screen--blocked",
            "needs the HealthKit entitlement; see CHUNK-007"
        ),
    ]

    /// A status as its badge says it.
    static let statusLabels = [
        "done": "Done", "in-progress": "In progress", "in-review": "In review", "blocked": "Blocked",
        "not-started": "Not started", "optional": "Optional", "cancelled": "Cancelled", "unknown": "Unknown",
    ]

    /// A work item of `status.json`, and where the dashboard links to it.
    struct Item {
        var key: String
        var id: String
        var title: String
        var kind: String
        /// As its badge says it: `Not started`.
        var status: String
        /// Its page in the site and its anchor, as the dashboard links to it.
        var href: String
        /// `IMPLEMENTATION_PLAN.md:277`.
        var source: String
        var waiting: Bool
        /// The keys of the unfinished items it waits for.
        var waitingFor: [String]
        var archived: Bool
        var reason: String?
    }

    /// The items of a site's `status.json`.
    static func items(inExport export: JSON) -> [Item] {
        export["items"].array.map { item in
            let file = item["source"]["file"].string ?? ""
            var href = file.hasPrefix(".") ? String(file.dropFirst()) : file
            if href.hasSuffix(".md") { href = String(href.dropLast(3)) + ".html" }
            if let anchor = item["anchor"].string { href += "#" + anchor }
            return Item(
                key: item["key"].string ?? "?", id: item["id"].string ?? "?", title: item["title"].string ?? "",
                kind: item["kind"].string ?? "?", status: statusLabels[item["status"].string ?? ""] ?? "?", href: href,
                source: "\(file):\(Int(item["source"]["line"].number ?? 0))",
                waiting: item["readiness"].string == "waiting", waitingFor: item["waiting_for_keys"].strings,
                archived: item["archived"].bool == true, reason: item["blocked_reason"].string)
        }
    }

    /// What the dashboard's "Ready next" lists, and where each link leads.
    static let readyNext: [(id: String, href: String)] = [
        ("CHUNK-005", "IMPLEMENTATION_PLAN.html#chunk-005-onboarding-flow")
    ]

    /// A GSD plan page: what its summary card says, and the plans it depends on (their pages in the site).
    struct PlanPage {
        var path: String
        var id: String
        var facts: [String: String]
        var dependsOn: [(id: String, path: String)]
        var screenshot: String
    }

    static let planPages = [
        PlanPage(
            path: "planning/phases/03-widget-watch/03-01-PLAN.html", id: "03-01",
            facts: ["Phase": "03", "Plan": "01", "Wave": "1", "Tasks": "3 tasks"],
            dependsOn: [
                ("01-01", "planning/phases/01-foundation/01-01-PLAN.html"),
                ("02-02", "planning/phases/02-reminders/02-02-PLAN.html"),
            ], screenshot: "plan-03-01"),
        PlanPage(
            path: "planning/phases/02-reminders/02-02-PLAN.html", id: "02-02",
            facts: ["Phase": "02 · Reminders", "Plan": "02", "Wave": "2", "Tasks": "3 tasks"],
            dependsOn: [("02-01", "planning/phases/02-reminders/02-01-PLAN.html")], screenshot: "plan-02-02"),
    ]

    /// A checkbox as the markdown writes it: the chunk it is under, its state, whether it is ticked.
    struct Box: Equatable, CustomStringConvertible {
        var chunk: String?
        var status: String
        var checked: Bool

        var description: String { "\(chunk ?? "-") \(status)\(checked ? " ✓" : "")" }
    }

    /// Every task-list box of a markdown file, in order, outside code fences:
    /// `[x]` done, `[ ]` not started, `[~]` `[/]` `[⏳]` in progress, `[-]`
    /// cancelled, `[!]` blocked; each with the `## CHUNK-…` heading it is under.
    static func boxes(inMarkdown text: String) -> [Box] {
        var boxes: [Box] = []
        var chunk: String?
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            if fenced || line.hasPrefix("```") { continue }
            if line.hasPrefix("# ") || line.hasPrefix("## ") {
                chunk = line.hasPrefix("## CHUNK-") ? String(line.dropFirst(3).prefix(9)) : nil
                continue
            }
            let item = line.drop { $0 == " " }
            guard let bullet = item.first, "-*+".contains(bullet), item.dropFirst().hasPrefix(" [") else { continue }
            let rest = item.dropFirst(3)
            guard let mark = rest.first, rest.dropFirst().hasPrefix("] ") else { continue }
            let status: String
            switch mark {
            case "x", "X": status = "done"
            case " ": status = "not-started"
            case "~", "/", "⏳": status = "in-progress"
            case "-": status = "cancelled"
            case "!": status = "blocked"
            default: continue
            }
            boxes.append(Box(chunk: chunk, status: status, checked: status == "done"))
        }
        return boxes
    }

    /// The capture groups of each match of `pattern` (`.` matching newlines too).
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// A `<task>` of a GSD plan as written: its attributes and its parts (`name`, `files`, `action`, …).
    struct PlanTask {
        var attributes: [(name: String, value: String)]
        var parts: [(tag: String, text: String)]

        func part(_ tag: String) -> String? { parts.first { $0.tag == tag }?.text }

        /// The chips its card shows: `auto`, `checkpoint: human-verify`, `gate: blocking`.
        var chips: [String] {
            attributes.map { name, value in
                switch name {
                case "type" where value.hasPrefix("checkpoint:"): "checkpoint: " + value.dropFirst("checkpoint:".count)
                case "type": value
                default: name + ": " + value
                }
            }
        }
    }

    /// Every `<task>` of a plan as written, in order.
    static func tasks(inPlan text: String) -> [PlanTask] {
        matches(#"<task((?:\s+[\w-]+="[^"]*")*)\s*>(.*?)</task>"#, in: text).map { groups in
            PlanTask(
                attributes: matches(#"([\w-]+)="([^"]*)""#, in: groups[0]).map { ($0[0], $0[1]) },
                parts: matches(#"<([\w-]+)(?:\s[^>]*)?>(.*?)</\1>"#, in: groups[1]).map {
                    ($0[0], $0[1].trimmingCharacters(in: .whitespacesAndNewlines))
                })
        }
    }

    /// The plan's own sections in order (`objective`, `tasks`, …): the tags that open a line of their own.
    static func sections(inPlan text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("<"), line.hasSuffix(">"), !line.hasPrefix("</") else { return nil }
            let name = line.dropFirst().dropLast()
            return name.allSatisfy { $0.isLetter || $0 == "_" || $0 == "-" } ? String(name) : nil
        }
    }

    /// A part's label as a card shows it: `Success criteria` for `success_criteria`.
    static func title(_ tag: String) -> String {
        let words = tag.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// One line of markdown as a reader reads it: without code and strong marks.
    static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "")
    }

    func read(_ path: String) -> String { CommandLineTests().read(path) }

    // MARK: - Scripts

    /// Functions that read the plugin's views as drawn: a progress bar's caption
    /// and how much of its track is filled, a badge's word and symbol, and the
    /// elements that reach past the viewport with no scrolling box to hold them.
    /// Needs `BrowserTests.helpers` before it.
    static let views = #"""
        const bar = progress => {
            const track = progress?.querySelector(":scope > .progress-bar");
            if (!track) return null;
            const fill = track.querySelector(":scope > .progress-done");
            const partial = track.querySelector(":scope > .progress-partial");
            const text = progress.querySelector(":scope > .progress-text");
            const caption = text?.innerText.trim() ?? "";
            const numbers = caption.match(/^(\d+) of (\d+) (.+) · (\d+)%$/);
            const t = track.getBoundingClientRect(), f = fill?.getBoundingClientRect(), p = partial?.getBoundingClientRect();
            return {
                caption, done: numbers ? +numbers[1] : null, total: numbers ? +numbers[2] : null,
                noun: numbers ? numbers[3] : null, percent: numbers ? +numbers[4] : null,
                shown: displayed(track) && t.width > 0 && t.height > 0 && displayed(text),
                filled: f && t.width > 0 ? f.width / t.width : null,
                partial: p && t.width > 0 ? p.width / t.width : 0,
                partialAfterFill: !p || !f || Math.abs(p.left - f.right) < 1,
                fillColour: fill ? getComputedStyle(fill).backgroundColor : null,
                trackColour: getComputedStyle(track).backgroundColor,
            };
        };
        const badge = element => element ? {
            label: [...element.childNodes]
                .filter(n => !(n.nodeType === 1 && n.getAttribute("aria-hidden") === "true"))
                .map(n => n.textContent).join("").trim(),
            symbol: element.querySelector(":scope > [aria-hidden='true']")?.textContent ?? null,
            kind: [...element.classList].find(c => c.startsWith("status-") && c !== "status-badge") ?? null,
            shown: displayed(element),
        } : null;
        // Under 600 px the driver emulates a phone, whose innerWidth grows to
        // fit what is too wide: the viewport is the root's client width.
        const viewWidth = () => document.documentElement.clientWidth;
        const sticking = () => {
            const held = e => {
                for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
                    if (getComputedStyle(a).overflowX !== "visible") return true;
                }
                return false;
            };
            return [...document.querySelectorAll("main#content *")].filter(e => {
                const r = e.getBoundingClientRect();
                return r.width > 0 && r.height > 0 && (r.right > viewWidth() + 0.5 || r.left < -0.5) && !held(e);
            }).map(e => e.tagName.toLowerCase() + "." + (e.getAttribute("class") ?? "").trim().split(/\s+/).join("."))
                .slice(0, 12);
        };
        // What is painted in the theme's danger colours (--color-danger, its
        // subtle background) and shown: text, backgrounds, borders, SVG fills
        // and strokes, each with what it belongs to (the item it links to, or
        // the item of its list entry or heading; a legend entry; a number).
        const tint = document.createElement("canvas").getContext("2d", {willReadFrequently: true});
        const paintOf = colour => {
            tint.clearRect(0, 0, 1, 1);
            tint.fillStyle = "rgba(0, 0, 0, 0)";
            tint.fillStyle = colour;
            tint.fillRect(0, 0, 1, 1);
            return [...tint.getImageData(0, 0, 1, 1).data].join(",");
        };
        const reds = (elements, holder) => {
            const probe = document.createElement("span");
            holder.appendChild(probe);
            const danger = new Set(["--color-danger", "--color-danger-subtle"].map(name => {
                probe.style.color = `var(${name})`;
                return paintOf(getComputedStyle(probe).color);
            }));
            probe.remove();
            const red = colour => colour && danger.has(paintOf(colour));
            const ownerOf = e => {
                const legend = e.closest(".status-legend-item");
                if (legend) return "legend: " + legend.textContent.trim();
                const number = e.closest(".status-number");
                if (number) return "number: " + (number.querySelector(".status-label")?.textContent.trim() ?? "?");
                const link = e.closest("a[href]");
                if (link) return link.getAttribute("href");
                const first = e.closest("li")?.querySelector("a[href]");
                if (first) return first.getAttribute("href");
                const heading = e.closest("h1, h2, h3, h4") ?? e.closest(".work-details")?.previousElementSibling;
                if (heading?.id) return "#" + heading.id;
                return e.tagName.toLowerCase() + "." + [...e.classList].join(".");
            };
            const shapes = new Set(["rect", "path", "polygon", "polyline", "ellipse", "circle", "line"]);
            const found = [];
            for (const e of elements) {
                if (!displayed(e) || !e.checkVisibility()) continue;
                const style = getComputedStyle(e);
                const painted = [];
                const text = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "");
                if (text && red(style.color)) painted.push("text");
                if (red(style.backgroundColor)) painted.push("background");
                for (const side of ["Top", "Right", "Bottom", "Left"]) {
                    if (parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== "none"
                        && red(style[`border${side}Color`])) { painted.push("border"); break; }
                }
                if (shapes.has(e.tagName.toLowerCase())) {
                    if (style.fill !== "none" && red(style.fill)) painted.push("fill");
                    if (style.stroke !== "none" && red(style.stroke)) painted.push("stroke");
                }
                if (painted.length) found.push({owner: ownerOf(e), painted, text: (e.textContent ?? "").trim().slice(0, 60)});
            }
            return found;
        };
        // The status views of a plan's page: badges, dots, the lines under headings, checkboxes.
        const statusViews = article => [...article.querySelectorAll("*")].filter(e =>
            e.closest(".status-badge, .status-dot, .work-details, .doc-progress, li.task-list-item > input"));
        const layout = () => ({
            overflow: document.documentElement.scrollWidth - viewWidth(),
            viewWidth: viewWidth(),
            sticking: sticking(),
            theme: document.documentElement.dataset.theme ?? null,
        });
        """#

    /// Scrolls the element with this id to the top (its step value says whether there was one).
    static func scroll(to id: String) -> BrowserDriver.Action {
        .evaluate(
            "(() => { const e = document.getElementById(\(String(reflecting: id))); e?.scrollIntoView(); return !!e; })()"
        )
    }

    /// Everything the Status dashboard shows.
    static let statusPage =
        "(() => {" + BrowserTests.helpers + FlowsBrowserTests.measure + views
            + #"""
                const article = document.querySelector("article.doc");
                const numbers = [...document.querySelectorAll(".status-numbers > .status-number")].map(n => ({
                    label: n.querySelector(".status-label")?.innerText.trim() ?? "?",
                    value: Number(n.querySelector(".status-value")?.innerText),
                    detail: n.querySelector(".status-detail")?.innerText.trim() ?? null,
                    shown: displayed(n),
                }));
                const listAfter = id => {
                    const list = document.getElementById(id)?.nextElementSibling;
                    return list?.matches("ul.status-list") ? [...list.children] : [];
                };
                const idOf = a => a ? (a.querySelector(".work-id")?.textContent ?? a.textContent) : null;
                const where = li => [...li.querySelectorAll(":scope > .work-where")].pop()?.innerText ?? null;
                const ready = listAfter("ready-next").map(li => ({
                    id: idOf(li.querySelector(":scope > a")), href: li.querySelector(":scope > a")?.getAttribute("href") ?? null,
                    where: where(li), shown: displayed(li),
                }));
                const blocked = listAfter("blocked").map(li => {
                    const links = [...li.querySelectorAll(":scope > a")];
                    return {
                        id: idOf(links[0]), href: links[0]?.getAttribute("href") ?? null, links: links.length,
                        note: li.querySelector(":scope > .work-note")?.innerText ?? null,
                        badge: badge(li.querySelector(":scope > .status-badge")),
                        text: li.innerText.replace(/\s+/g, " "), where: where(li), shown: displayed(li),
                    };
                });
                const waiting = listAfter("waiting").map(li => {
                    const links = [...li.querySelectorAll(":scope > a")];
                    return {
                        id: idOf(links[0]), href: links[0]?.getAttribute("href") ?? null,
                        badge: badge(li.querySelector(":scope > .status-badge")),
                        waitsFor: links.slice(1).map(a => ({id: idOf(a), href: a.getAttribute("href")})),
                        text: li.innerText.replace(/\s+/g, " "), where: where(li), shown: displayed(li),
                    };
                });
                const checkThese = listAfter("check-these").map(li => ({
                    id: idOf(li.querySelector(":scope > a")),
                    hints: [...li.querySelectorAll(":scope > ul.work-hints > li")].map(h => h.innerText.trim()),
                }));
                const recent = listAfter("recently-completed").map(li => ({
                    id: idOf(li.querySelector(":scope > a")), href: li.querySelector(":scope > a")?.getAttribute("href") ?? null,
                    date: li.querySelector("time")?.innerText ?? null,
                    badge: badge(li.querySelector(":scope > .status-badge")),
                }));
                const box = document.getElementById("archived")?.nextElementSibling;
                const archived = box?.matches("details.status-archived") ? {
                    open: box.open,
                    summary: box.querySelector(":scope > summary")?.innerText.trim() ?? null,
                    summaryShown: displayed(box.querySelector(":scope > summary")),
                    items: [...box.querySelectorAll(":scope > ul.status-list > li")].map(li => ({
                        id: idOf(li.querySelector(":scope > a")),
                        href: li.querySelector(":scope > a")?.getAttribute("href") ?? null,
                        badge: badge(li.querySelector(":scope > .status-badge")),
                        // A closed <details> keeps its content laid out but not rendered.
                        shown: displayed(li) && li.checkVisibility(),
                    })),
                } : null;
                const table = article.querySelector("table.status-table");
                const columns = [...(table?.querySelectorAll(":scope > thead > tr > th") ?? [])].map(th => ({
                    text: th.textContent.replace(/\s+/g, " ").trim(), shown: displayed(th),
                }));
                const plans = [...(table?.querySelectorAll(":scope > tbody > tr") ?? [])].map(tr => {
                    const counts = tr.cells[1]?.querySelector(".status-table-counts");
                    return {
                        plan: tr.cells[0]?.innerText.trim() ?? null,
                        href: tr.cells[0]?.querySelector("a")?.getAttribute("href") ?? null,
                        bar: bar(tr.cells[1]?.querySelector(".progress")),
                        others: tr.cells[1]?.querySelector(":scope > .work-where")?.innerText.trim() ?? null,
                        counts: counts ? {text: counts.textContent.trim(), shown: displayed(counts)} : null,
                        cells: [...tr.cells].slice(2).map(c => ({value: Number(c.textContent), shown: displayed(c)})),
                    };
                });
                const phases = [...document.querySelectorAll("ul.status-phases > li.status-phase")].map(li => {
                    const heading = li.parentElement.previousElementSibling;
                    const link = li.querySelector(".status-phase-head a");
                    return {
                        root: heading?.matches("h3.status-root") ? heading.textContent : null,
                        name: link?.textContent ?? null, href: link?.getAttribute("href") ?? null,
                        badge: badge(li.querySelector(".status-phase-head .status-badge")),
                        bar: bar(li.querySelector(":scope > .progress")),
                        plans: [...li.querySelectorAll(".status-waves > li > ul > li")].map(p => ({
                            id: idOf(p.querySelector("a")), href: p.querySelector("a")?.getAttribute("href") ?? null,
                            badge: badge(p.querySelector(".status-badge")),
                            waiting: badge(p.querySelector(".status-badge.status-waiting")),
                        })),
                    };
                });
                // Each drawing of the dependency graph: the wide one, and one per plan for a phone.
                const graphs = [...article.querySelectorAll("figure.status-graph")].map(figure => {
                    const svg = figure.querySelector(":scope > svg");
                    if (!svg) return {missing: true};
                    const kind = figure.classList.contains("status-graph-narrow") ? "narrow"
                        : figure.classList.contains("status-graph-wide") ? "wide" : "only";
                    const shown = displayed(svg) && svg.getBoundingClientRect().width > 0;
                    const view = svg.viewBox.baseVal;
                    const scale = shown && view && view.width > 0 ? svg.getBoundingClientRect().width / view.width : 0;
                    const parsed = new DOMParser().parseFromString(svg.outerHTML, "image/svg+xml");
                    const byId = new Map();
                    const nodes = [...svg.querySelectorAll("g.diagram-node")].map(g => {
                        const link = g.closest("a");
                        const href = link && svg.contains(link) ? link.getAttribute("href") : null;
                        const shape = [...g.children].find(e => e.tagName !== "title" && e.tagName !== "text");
                        const text = g.querySelector(":scope > text");
                        const url = href ? new URL(href, document.baseURI) : null;
                        const tooltip = (g.querySelector(":scope > title")?.textContent ?? "").split("\n").pop();
                        const node = {
                            label: textLines(g)[0] ?? null, tooltip,
                            id: tooltip.split(": ")[0], status: tooltip.split(" — ").pop(),
                            tone: [...g.classList].find(c => c.startsWith("diagram-tone-")) ?? null,
                            fill: getComputedStyle(shape).fill, stroke: getComputedStyle(shape).stroke,
                            href, page: url ? url.href.split("#")[0] : null,
                            fragment: url && url.hash ? decodeURIComponent(url.hash.slice(1)) : null,
                            labelSize: text ? rounded(parseFloat(text.getAttribute("font-size")) * scale) : null,
                        };
                        byId.set(g.dataset.id, node);
                        return node;
                    });
                    const edges = [...svg.querySelectorAll("g.diagram-edge")].map(g => ({
                        from: byId.get(g.dataset.from) ?? null, to: byId.get(g.dataset.to) ?? null,
                        thick: parseFloat(getComputedStyle(g.querySelector(":scope > path")).strokeWidth) >= 2.5,
                    })).map(e => ({
                        from: e.from ? e.from.id + " " + e.from.href : null, to: e.to ? e.to.id + " " + e.to.href : null,
                        thick: e.thick,
                    }));
                    return {
                        kind, namespace: svg.namespaceURI, markup: svg.outerHTML,
                        xmlError: parsed.querySelector("parsererror")?.textContent ?? null,
                        xmlRoot: parsed.documentElement.localName,
                        description: svg.querySelector(":scope > desc")?.textContent ?? "",
                        shown, scale: rounded(scale), scrolls: figure.scrollWidth > figure.clientWidth + 1,
                        drawing: shown ? drawing(svg) : null, nodes, edges,
                    };
                });
                const legend = [...document.querySelectorAll(".status-legend .status-legend-item")].map(item => ({
                    label: item.innerText.trim(),
                    colour: item.querySelector(".status-dot") ? getComputedStyle(item.querySelector(".status-dot")).backgroundColor : null,
                }));
                const text = article.innerText;
                return {
                    title: article.querySelector("h1")?.textContent ?? null,
                    sections: [...article.querySelectorAll(":scope > h2")].map(h => h.id),
                    locations: [...article.querySelectorAll(".work-where")].map(e => e.innerText.trim())
                        .filter(t => /\.md:\d+$/.test(t)),
                    numbers, overall: [...document.querySelectorAll(".status-overview > .progress")].map(bar),
                    columns, plans, phases, ready, blocked, waiting, checkThese, recent, archived, graphs, legend,
                    reds: reds([...article.querySelectorAll("*")], article),
                    // An id read as one word: not broken at its hyphen across lines.
                    splitIds: [...article.querySelectorAll(".work-id")].filter(e => e.getClientRects().length > 1)
                        .map(e => e.textContent),
                    markdownLinks: text.match(/\[[^\]\n]+\]\([^)\s]+\)/g) ?? [],
                    ...layout(),
                };
            })()
            """#

    /// The ids of a page and the text of each element that has one, and its plan card's title.
    static let anchors = """
        (() => ({
            ids: Object.fromEntries([...document.querySelectorAll("[id]")]
                .map(e => [e.id, e.textContent.replace(/\\s+/g, " ").trim().slice(0, 160)])),
            plan: document.querySelector("section.gsd-plan-card .gsd-plan-card-title")?.textContent ?? null,
        }))()
        """

    /// IMPLEMENTATION_PLAN: each chunk heading's badge and details, every checkbox, the document's progress.
    static let planPage =
        "(() => {" + BrowserTests.helpers + views
            + #"""
                const article = document.querySelector("article.doc");
                const chunks = [...article.querySelectorAll("h2")].filter(h => /^CHUNK-\d+/.test(h.textContent.trim())).map(h => {
                    const details = h.nextElementSibling?.matches(".work-details") ? h.nextElementSibling : null;
                    const b = h.querySelector(".status-badge");
                    const hr = h.getBoundingClientRect(), br = b?.getBoundingClientRect();
                    return {
                        id: h.textContent.trim().match(/^CHUNK-\d+/)[0],
                        heading: h.innerText.replace(/\s+/g, " "),
                        badge: badge(b),
                        badgeInHeading: !!br && br.top >= hr.top - 1 && br.bottom <= hr.bottom + 1
                            && br.left >= hr.left - 1 && br.right <= hr.right + 1,
                        bar: bar(details?.querySelector(":scope > .progress")),
                        states: [...(details?.querySelectorAll(".work-state") ?? [])].map(s => ({
                            text: s.innerText, kind: [...s.classList].find(c => c.startsWith("status-")) ?? null,
                            shown: displayed(s),
                        })),
                        waitingFor: [...(details?.querySelectorAll(".work-state.status-waiting a") ?? [])]
                            .map(a => a.textContent),
                        hints: [...(details?.querySelectorAll("ul.work-hints > li") ?? [])].map(li => li.innerText),
                    };
                });
                const ownText = li => [...li.childNodes]
                    .filter(n => n.nodeType === 3 || (n.nodeType === 1 && !["UL", "OL", "INPUT"].includes(n.tagName)))
                    .map(n => n.textContent).join("").trim();
                const boxes = [...article.querySelectorAll("input[type='checkbox']")].map(input => {
                    const li = input.closest("li");
                    const style = getComputedStyle(input), r = input.getBoundingClientRect();
                    return {
                        status: li?.dataset.status ?? null, taskItem: !!li?.classList.contains("task-list-item"),
                        checked: input.checked, disabled: input.disabled, label: input.getAttribute("aria-label"),
                        look: [style.backgroundColor, style.backgroundImage, style.borderTopColor].join(" | "),
                        width: r.width, height: r.height, shown: displayed(input),
                        struck: li ? getComputedStyle(li).textDecorationLine.includes("line-through") : false,
                        text: li ? ownText(li).slice(0, 60) : "",
                    };
                });
                const summary = article.querySelector(":scope > h1")?.nextElementSibling;
                const link = summary?.querySelector(".doc-progress-link a");
                return {
                    chunks, boxes, reds: reds(statusViews(article), article),
                    summary: summary?.matches(".doc-progress") ? [...summary.querySelectorAll(":scope > .progress")].map(bar) : [],
                    summaryLink: link ? {text: link.textContent, href: link.getAttribute("href")} : null,
                    ...layout(),
                };
            })()
            """#

    /// The ticks of every checkbox on the page.
    static let ticks = "[...document.querySelectorAll('article.doc input[type=checkbox]')].map(i => i.checked)"

    /// A GSD plan page: its summary card, sections and task cards.
    static let gsdPage =
        "(() => {" + BrowserTests.helpers + views
            + #"""
                const article = document.querySelector("article.doc");
                const card = article.querySelector("section.gsd-plan-card");
                const facts = Object.fromEntries([...(card?.querySelectorAll(".gsd-plan-facts > div") ?? [])]
                    .map(d => [d.querySelector("dt")?.textContent ?? "?", d.querySelector("dd")?.innerText.trim() ?? null]));
                const deps = [...(card?.querySelectorAll(".gsd-deps > li") ?? [])].map(li => ({
                    id: li.querySelector("a, .gsd-dep")?.textContent ?? null,
                    href: li.querySelector("a")?.getAttribute("href") ?? null,
                    badge: badge(li.querySelector(".status-badge")),
                }));
                const tasks = [...article.querySelectorAll(".gsd-tasks > article.gsd-task")].map(t => {
                    const r = t.getBoundingClientRect();
                    return {
                        number: t.querySelector(".gsd-task-number")?.textContent ?? null,
                        chips: [...t.querySelectorAll(".gsd-task-header .gsd-chip")].map(c => c.textContent),
                        name: t.querySelector(".gsd-task-name")?.innerText.trim() ?? null,
                        files: [...t.querySelectorAll(".gsd-task-files li code")].map(c => c.textContent),
                        parts: [...t.querySelectorAll(".gsd-part")].map(p => ({
                            label: p.querySelector(".gsd-part-label")?.textContent.trim() ?? null,
                            text: p.querySelector(".gsd-part-body")?.innerText.trim() ?? "",
                            shown: displayed(p),
                        })),
                        shown: displayed(t), inside: r.left >= -0.5 && r.right <= viewWidth() + 0.5,
                    };
                });
                const text = article.innerText;
                return {
                    cardFirst: article.querySelector(":scope > h1")?.nextElementSibling === card && !!card,
                    cardShown: displayed(card),
                    title: card?.querySelector(".gsd-plan-card-title")?.textContent ?? null,
                    badge: badge(card?.querySelector(".gsd-plan-card-header .status-badge")),
                    waiting: badge(card?.querySelector(".gsd-plan-card-header .status-badge.status-waiting")),
                    facts, deps, tasks, reds: reds(statusViews(article), article),
                    sections: [...article.querySelectorAll(":scope > .gsd-section > .gsd-section-title, :scope > .gsd-tasks > .gsd-section-title")]
                        .map(h => h.textContent),
                    leaked: text.match(/<\/?(?:tasks?|name|files|action|verify|done|objective|context|execution_context|verification|success_criteria|output|what-built|how-to-verify|resume-signal)\b[^>]*>|&lt;|&gt;|&amp;/g) ?? [],
                    ...layout(),
                };
            })()
            """#

    /// Where a click landed: the page, and its plan card's title and badge.
    static let landing =
        "(() => {" + BrowserTests.helpers + views
            + """
                return {
                    path: decodeURIComponent(location.pathname).split("/").slice(-4).join("/"),
                    title: document.querySelector("section.gsd-plan-card .gsd-plan-card-title")?.textContent ?? null,
                    badge: badge(document.querySelector("section.gsd-plan-card .gsd-plan-card-header .status-badge")),
                };
            })()
            """

    /// `BrowserTests.contrast`, measuring the plugin's badges, captions and labels too.
    static let contrast = BrowserTests.contrast.replacingOccurrences(
        of: "return samples;",
        with: """
            take("done badge", ".status-badge.status-done", 3);
            take("in-progress badge", ".status-badge.status-in-progress", 3);
            take("blocked badge", ".status-badge.status-blocked", 3);
            take("not-started badge", ".status-badge.status-not-started", 3);
            take("waiting badge", ".status-badge.status-waiting", 3);
            take("in-review badge", ".status-badge.status-in-review", 3);
            take("optional badge", ".status-badge.status-optional", 3);
            take("cancelled badge", ".status-badge.status-cancelled", 3);
            take("progress caption", ".progress-text", 3);
            take("where written", ".work-where", 3);
            take("dashboard label", ".status-label, .status-detail", 3);
            take("blocked note", ".work-note", 2);
            take("item facts", ".work-facts > .work-fact", 3);
            take("waiting or ready", ".work-state", 3);
            take("waiting line", ".work-state.status-waiting", 3);
            take("blocked line", ".work-state.status-blocked", 3);
            take("plan card fact", ".gsd-plan-facts dt, .gsd-plan-facts dd", 4);
            take("task chip", ".gsd-chip", 3);
            take("task label", ".gsd-part-label, .gsd-task-number", 3);
            take("cancelled item", "li.task-list-item[data-status='cancelled']", 1);
            return samples;
            """)

    // MARK: - Checks

    /// A bar says `done of total noun · percent%` and fills that share of its track.
    func expectBar(
        _ bar: JSON, done: Int, total: Int, noun: String? = nil, inProgress: Int? = nil, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            bar["done"].number == Double(done) && bar["total"].number == Double(total)
                && (noun == nil || bar["noun"].string == noun),
            "\(name): the bar says '\(bar["caption"])', expected \(done) of \(total) \(noun ?? "")",
            sourceLocation: sourceLocation)
        let share = total == 0 ? 0 : Double(done) / Double(total)
        #expect(
            bar["percent"].number == (share * 100).rounded(.down), "\(name): '\(bar["caption"])' rounds wrong",
            sourceLocation: sourceLocation)
        #expect(bar["shown"].bool == true, "\(name): the bar is not shown", sourceLocation: sourceLocation)
        #expect(
            abs((bar["filled"].number ?? -1) - share) <= 0.01,
            "\(name): the bar is \(bar["filled"]) filled for \(done) of \(total)", sourceLocation: sourceLocation)
        if done > 0 {
            #expect(
                bar["fillColour"] != bar["trackColour"],
                "\(name): the fill has the track's colour \(bar["fillColour"])",
                sourceLocation: sourceLocation)
        }
        if let inProgress, total > 0 {
            #expect(
                abs((bar["partial"].number ?? -1) - Double(inProgress) / Double(total)) <= 0.01,
                "\(name): the in-progress stripe is \(bar["partial"]) of the bar for \(inProgress) of \(total)",
                sourceLocation: sourceLocation)
        }
        #expect(
            bar["partialAfterFill"].bool == true, "\(name): the in-progress stripe does not follow the fill",
            sourceLocation: sourceLocation)
    }

    /// Nothing reaches past the viewport (a wide table or drawing scrolls in its own box).
    func expectFits(_ page: JSON, width: Int, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            page["viewWidth"].number == Double(width), "\(name): the viewport is \(page["viewWidth"]) px wide",
            sourceLocation: sourceLocation)
        #expect(
            FlowsBrowserTests.atMost(page["overflow"], 0), "\(name): the page is \(page["overflow"]) px too wide",
            sourceLocation: sourceLocation)
        #expect(
            page["sticking"].array.isEmpty, "\(name): past the viewport's side: \(page["sticking"])",
            sourceLocation: sourceLocation)
    }

    // MARK: - The Status dashboard

    /// The page's own part of a URL in the site: `IMPLEMENTATION_PLAN.html` for `file:///…/site/IMPLEMENTATION_PLAN.html#x`.
    static func sitePath(_ url: String, site: String) -> String {
        var prefix = URL(fileURLWithPath: site).absoluteString
        if !prefix.hasSuffix("/") { prefix += "/" }
        let page = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        return page.hasPrefix(prefix) ? String(page.dropFirst(prefix.count)) : page
    }

    @Test func theStatusDashboardShowsWhereTheWorkStands() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        let export = try JSONDecoder().decode(JSON.self, from: Data(read(site + "/status.json").utf8))
        let summary = export["summary"]
        let items = Self.items(inExport: export)
        var visits: [BrowserDriver.Visit] = []
        for size in BrowserTests.sizes {
            for scheme in ["light", "dark"] {
                for (part, target) in [("", "status"), ("-lists", "blocked"), ("-graph", "dependency-graph")] {
                    visits.append(
                        BrowserDriver.Visit(
                            url: browser.url(site + "/status.html"), width: size.width, height: size.height,
                            colorScheme: scheme,
                            screenshot: browser.screenshot("checklists-status\(part)-\(size.name)-\(scheme)"),
                            actions: [Self.scroll(to: target)], evaluate: Self.statusPage))
                }
            }
        }
        // A reader opens the archived milestones.
        let opened = BrowserDriver.Visit(
            url: browser.url(site + "/status.html"),
            screenshot: browser.screenshot("checklists-status-archived-open-1280-light"),
            actions: [.click("details.status-archived > summary")], evaluate: Self.statusPage)

        // The export the page is checked against says what the content's authors wrote.
        #expect(
            summary["done"].number == 7 && summary["total"].number == 25 && summary["percent"].number == 28,
            "status.json: \(summary)")
        let blockedItems = items.filter { $0.status == "Blocked" && !$0.archived }
        #expect(
            blockedItems.map { "\($0.id) \($0.href) \($0.reason ?? "-")" }
                == Self.blockedAsWritten.map { "\($0.id) \($0.href) \($0.reason)" },
            "status.json's blocked items: \(blockedItems.map(\.key))")

        let results = try BrowserDriver().visit(visits + [opened])
        try #require(results.count == visits.count + 1)
        for (visit, result) in zip(visits, results) {
            let name = "status.html, \(visit.width) px, \(visit.colorScheme)"
            let page = result.value
            browser.expectClean(result, name)
            #expect(result.steps.first?.value.bool == true, "\(name): nothing to scroll to")
            #expect(page["markdownLinks"].strings.isEmpty, "\(name): markdown shown as text: \(page["markdownLinks"])")
            // Where an item is written, as the site names its documents, not as the builder's disk does.
            let locations = page["locations"].strings
            let absolute = locations.filter { $0.hasPrefix("/") || $0.contains(CommandLineTests.repository) }
            #expect(
                !locations.isEmpty && absolute.isEmpty,
                "\(name): items are said to be written at paths on the builder's machine: \(absolute.prefix(3))")
            #expect(page["theme"].string == visit.colorScheme, "\(name): data-theme is \(page["theme"])")
            #expect(page["title"].string == "Status", "\(name): the title is \(page["title"])")
            expectFits(page, width: visit.width, name)
            #expect(page["splitIds"].array.isEmpty, "\(name): ids broken across lines: \(page["splitIds"])")
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
            let checks = Int(summary["check_these"].number ?? -1)
            // A checkout with git history draws it (see StatusHistoryTests); an export of it has none.
            let history = FileManager.default.fileExists(atPath: site + "/" + "status-history.json")
            #expect(
                page["sections"].strings
                    == ["plans", "phases", "ready-next", "blocked", "waiting"] + (checks > 0 ? ["check-these"] : [])
                    + ["recently-completed"] + (history ? ["progress-over-time"] : []) + [
                        "archived", "dependency-graph",
                    ],
                "\(name): sections \(page["sections"])")

            expectNumbers(page, summary: summary, name)
            expectPlanRows(page, export: export, items: items, width: visit.width, name)
            expectPhases(page["phases"].array, name)
            expectLists(page, summary: summary, items: items, name)
            expectNoRedForWaiting(page["reds"].array, items: items, name)
            try expectGraph(page, items: items, name, width: visit.width)
        }

        // Opened, the archived milestones list their items, none of them counted above.
        let archived = results.last!.value["archived"]
        browser.expectClean(results.last!, "status.html, archived milestones opened")
        let history = items.filter { $0.archived && $0.kind != "checklist" }
        #expect(archived["open"].bool == true, "the archived milestones do not open: \(archived)")
        let listed = Set(archived["items"].array.map { "\($0["id"].string ?? "?") \($0["href"].string ?? "?")" })
        let plans = history.filter { $0.kind != "phase" }.map { "\($0.id) \($0.href)" }
        #expect(
            archived["items"].array.count == history.count && listed.isSuperset(of: plans),
            "the archived milestones list \(listed), status.json has \(history.map(\.key))")
        #expect(
            archived["items"].array.allSatisfy { $0["shown"].bool == true }, "opened, the archived items are not shown")

        try expectGraphLinksLand(results[0].value["graphs"].array.first?["nodes"].array ?? [], site: site)
    }

    /// The headline numbers, as the export (and `specsite status`) counts them.
    func expectNumbers(_ page: JSON, summary: JSON, _ name: String) {
        let numbers = page["numbers"].array
        func number(_ label: String) -> JSON { numbers.first { $0["label"].string == label } ?? .null }
        let statuses = summary["statuses"]
        let underWay = (statuses["in-progress"].number ?? -1) + (statuses["in-review"].number ?? -1)
        let waiting = summary["waiting"].number ?? -1
        let blocked = statuses["blocked"].number ?? -1
        // Waiting and blocked are shown only when there are some; both are, in the default content.
        #expect(waiting > 0 && blocked > 0, "status.json: \(waiting) waiting, \(blocked) blocked")
        #expect(
            numbers.map { $0["label"].string ?? "?" } == [
                "% done", "% by estimate", "in progress", "ready", "waiting", "blocked",
            ], "\(name): the numbers \(numbers.map { $0["label"] })")
        #expect(numbers.allSatisfy { $0["shown"].bool == true }, "\(name): a number is hidden: \(numbers)")
        let units = summary["units"].array.compactMap { $0["text"].string }
        #expect(units == ["6 of 21 chunks", "1 of 4 phases"], "status.json's units: \(summary["units"])")
        #expect(
            number("% done")["value"].number == (summary["percent"].number ?? -1).rounded(.down)
                && number("% done")["detail"].string == units.joined(separator: ", "),
            "\(name): '% done' reads \(number("% done")), status.json says \(summary["percent"]) (\(units))")
        let estimate = summary["estimate_minutes"]
        let share = (estimate["done"].number ?? 0) * 100 / max(1, estimate["total"].number ?? 0)
        #expect(
            number("% by estimate")["value"].number == share.rounded(.down)
                && number("% by estimate")["detail"].string == "9 h of 4 d 4 h",
            "\(name): '% by estimate' reads \(number("% by estimate")), status.json says \(estimate)")
        for (label, value) in [
            ("in progress", underWay), ("ready", summary["ready"].number ?? -1), ("waiting", waiting),
            ("blocked", blocked),
        ] {
            #expect(
                number(label)["value"].number == value,
                "\(name): '\(label)' shows \(number(label)), status.json says \(value)")
        }
        #expect(number("waiting")["detail"].string == "for unfinished work", "\(name): \(number("waiting"))")
        #expect(number("blocked")["detail"].string == "as written", "\(name): \(number("blocked"))")

        let overall = page["overall"].array
        guard overall.count == 2 else {
            Issue.record("\(name): the overall bars: \(overall)")
            return
        }
        expectBar(
            overall[0], done: Int(summary["done"].number ?? -1), total: Int(summary["total"].number ?? -1),
            noun: "units of work", inProgress: Int(underWay), "\(name), overall")
        let checkboxes = summary["checkboxes"]
        expectBar(
            overall[1], done: Int(checkboxes["done"].number ?? -1), total: Int(checkboxes["total"].number ?? -1),
            noun: "checkboxes", "\(name), all checkboxes")
    }

    /// A row per plan, counted in its own unit, with its work in progress,
    /// waiting and blocked; on a phone, those numbers in a line under the bar.
    func expectPlanRows(_ page: JSON, export: JSON, items: [Item], width: Int, _ name: String) {
        let narrow = width < 640
        let columns = page["columns"].array
        #expect(
            columns.map { $0["text"].string ?? "?" } == ["Plan", "Progress", "In progress", "Waiting", "Blocked"],
            "\(name): the plans table's columns \(columns)")
        #expect(
            columns.map { $0["shown"].bool == true } == [true, true, !narrow, !narrow, !narrow],
            "\(name): the columns shown \(columns.map { $0["shown"] })")
        let rows = page["plans"].array
        let plans = export["plans"].array
        #expect(rows.count == plans.count && rows.count == 3, "\(name): rows \(rows.map { $0["plan"] })")
        let titles = [
            "IMPLEMENTATION_PLAN.md": ("Tidepool — Implementation Plan (v1.0)", "IMPLEMENTATION_PLAN.html"),
            "SPRINT_PLAN.md": ("Sprint 3: Finish the Core Loop", "SPRINT_PLAN.html"),
            ".planning": (".planning", "planning/ROADMAP.html"),
        ]
        for (row, plan) in zip(rows, plans) {
            let scope = plan["scope"].string ?? "?"
            let what = "\(name), the \(scope) row"
            #expect(
                row["plan"].string == titles[scope]?.0 && row["href"].string == titles[scope]?.1,
                "\(what) reads \(row["plan"]) → \(row["href"])")
            // Its own items, in its unit: chunks of a document, plans of a planning folder.
            let unit = plan["unit"]
            let own = items.filter {
                $0.key.hasPrefix(scope + "#") && $0.kind == unit["kind"].string && !$0.archived
                    && $0.status != "Cancelled" && $0.status != "Optional"
            }
            let underWay = own.filter { $0.status == "In progress" || $0.status == "In review" }.count
            let waiting = own.filter(\.waiting).count
            let blocked = own.filter { $0.status == "Blocked" }.count
            #expect(
                own.count == Int(unit["total"].number ?? -1), "\(what): \(own.count) items, status.json says \(unit)")
            expectBar(
                row["bar"], done: own.filter { $0.status == "Done" }.count, total: own.count,
                noun: unit["noun"].string.map { $0 + "s" }, inProgress: underWay, what)
            #expect(
                row["cells"].array.map { Int($0["value"].number ?? -1) } == [underWay, waiting, blocked],
                "\(what) counts \(row["cells"]), expected \(underWay) in progress, \(waiting) waiting, \(blocked) blocked"
            )
            #expect(
                row["counts"]["text"].string == "\(underWay) in progress · \(waiting) waiting · \(blocked) blocked"
                    && row["counts"]["shown"].bool == narrow,
                "\(what): the line of counts is \(row["counts"]) (shown only on a phone)")
            let others = plan["others"].array.compactMap { $0["text"].string }.joined(separator: " · ")
            #expect(row["others"].string == (others.isEmpty ? nil : others), "\(what): \(row["others"])")
        }
        let implementationPlan = rows.first { $0["href"].string == "IMPLEMENTATION_PLAN.html" } ?? .null
        let count = { (status: String) in Self.chunks.filter { $0.status == status }.count }
        #expect(
            implementationPlan["cells"].array.map { Int($0["value"].number ?? -1) } == [
                count("In progress"), Self.chunksWaiting.count, count("Blocked"),
            ], "\(name): the IMPLEMENTATION_PLAN row counts \(implementationPlan["cells"])")
    }

    /// The current GSD phases (not the archived milestones'), their plans'
    /// own statuses, a calm Waiting badge beside the plans that wait, and bars that count them.
    func expectPhases(_ phases: [JSON], _ name: String) {
        #expect(
            phases.map { $0["name"].string ?? "?" } == [
                "Phase 1: Foundation", "Phase 2: Reminders", "Phase 3: Widget and Watch", "Phase 4: Launch Readiness",
            ]
                && phases.allSatisfy {
                    $0["root"] == .null && ($0["href"].string ?? "").hasPrefix("planning/ROADMAP.html#")
                },
            "\(name): phases \(phases.map { "\($0["root"]) \($0["name"]) \($0["href"])" })")
        let shownPlans = phases.flatMap { $0["plans"].array }
        #expect(
            shownPlans.map { "\($0["id"].string ?? "?") \($0["badge"]["label"].string ?? "?")" }
                == Self.plans.map { "\($0.id) \($0.status)" },
            "\(name): the phases show \(shownPlans.map { "\($0["id"]) \($0["badge"]["label"])" })")
        for plan in shownPlans {
            let id = plan["id"].string ?? "?"
            let waiting = plan["waiting"]
            if Self.plansWaiting[id] != nil {
                #expect(
                    waiting["label"].string == "Waiting" && waiting["symbol"].string == "⏸"
                        && waiting["kind"].string == "status-waiting" && waiting["shown"].bool == true,
                    "\(name): plan \(id) waits, and its badge says \(waiting)")
            } else {
                #expect(waiting == .null, "\(name): plan \(id) does not wait, yet shows \(waiting)")
            }
        }
        for phase in phases where phase["bar"] != .null {
            let plans = phase["plans"].array
            expectBar(
                phase["bar"], done: plans.filter { $0["badge"]["label"].string == "Done" }.count, total: plans.count,
                noun: "plans", "\(name), \(phase["name"])")
        }
        #expect(
            phases.map { $0["badge"]["label"].string ?? "?" } == ["Done", "In progress", "Not started", "Not started"],
            "\(name): the phases' badges \(phases.map { "\($0["name"]) \($0["badge"]["label"])" })")
    }

    /// Ready next; Blocked, which holds what its authors call blocked, with
    /// their reasons; Waiting, each item with its own status and links to
    /// what it waits for; Check these; recently completed and the archived
    /// milestones, collapsed.
    func expectLists(_ page: JSON, summary: JSON, items: [Item], _ name: String) {
        let ready = page["ready"].array
        #expect(
            Double(ready.count) == summary["ready"].number,
            "\(name): \(ready.count) ready next, status.json says \(summary["ready"])")
        #expect(
            ready.map { $0["id"].string ?? "?" } == Self.readyNext.map(\.id)
                && ready.map { $0["href"].string ?? "?" } == Self.readyNext.map(\.href),
            "\(name): ready next: \(ready)")

        let blocked = page["blocked"].array
        #expect(
            blocked.map { "\($0["id"].string ?? "?") \($0["href"].string ?? "?")" }
                == Self.blockedAsWritten.map { "\($0.id) \($0.href)" },
            "\(name): Blocked lists \(blocked.map { $0["text"] })")
        for (item, written) in zip(blocked, Self.blockedAsWritten) {
            let what = "\(name), blocked \(written.id)"
            #expect(
                item["badge"]["label"].string == "Blocked" && item["badge"]["symbol"].string == "⛔"
                    && item["badge"]["shown"].bool == true, "\(what): its badge says \(item["badge"])")
            #expect(item["note"].string == written.reason, "\(what): the reason reads \(item["note"])")
            #expect(item["links"].number == 1, "\(what): links to what it waits for: \(item["text"])")
            #expect(item["shown"].bool == true, "\(what) is not shown")
        }

        // Waiting: what the export says waits (phases are drawn, not listed), in the order written.
        let expected = items.filter { $0.waiting && !$0.archived && $0.kind != "phase" && $0.kind != "checklist" }
        #expect(
            expected.count == Int(summary["waiting"].number ?? -1),
            "status.json: \(expected.count) items wait, its summary says \(summary["waiting"])")
        let waiting = page["waiting"].array
        #expect(
            waiting.map { "\($0["id"].string ?? "?") \($0["href"].string ?? "?")" }
                == expected.map { "\($0.id) \($0.href)" },
            "\(name): Waiting lists \(waiting.map { $0["id"] }), status.json \(expected.map(\.key))")
        let byKey = Dictionary(items.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (shown, item) in zip(waiting, expected) {
            let what = "\(name), waiting \(item.key)"
            let waitsFor = item.waitingFor.compactMap { byKey[$0] }
            #expect(
                shown["badge"]["label"].string == item.status && shown["badge"]["shown"].bool == true,
                "\(what): its badge says \(shown["badge"]["label"]), its status is \(item.status)")
            #expect(
                shown["waitsFor"].array.map { "\($0["id"].string ?? "?") \($0["href"].string ?? "?")" }
                    == waitsFor.map { "\($0.id) \($0.href)" },
                "\(what) waits for \(shown["waitsFor"]), expected \(waitsFor.map(\.href))")
            let words = waitsFor.map { "\($0.id) \($0.title) (\($0.status.lowercased()))" }.joined(separator: ", ")
            #expect(
                shown["text"].string?.contains(" — waits for " + words) == true,
                "\(what) reads '\(shown["text"])', expected '— waits for \(words)'")
            #expect(shown["where"].string == item.source, "\(what): written at \(shown["where"])")
            #expect(shown["shown"].bool == true, "\(what) is not shown")
        }
        func listed(_ id: String, _ page: String) -> JSON {
            waiting.first { $0["id"].string == id && ($0["href"].string ?? "").hasPrefix(page) } ?? .null
        }
        for (id, waitsFor) in Self.chunksWaiting {
            #expect(
                listed(id, "IMPLEMENTATION_PLAN.html#")["waitsFor"].array.compactMap { $0["id"].string } == waitsFor
                    && listed(id, "IMPLEMENTATION_PLAN.html#")["badge"]["label"].string == "Not started",
                "\(name): \(id) in Waiting: \(listed(id, "IMPLEMENTATION_PLAN.html#")["text"])")
        }
        for (id, waitsFor) in Self.plansWaiting {
            #expect(
                listed(id, "planning/phases/")["waitsFor"].array.compactMap { $0["id"].string } == waitsFor,
                "\(name): plan \(id) in Waiting: \(listed(id, "planning/phases/")["text"])")
        }

        // Check these: the items whose markers and evidence disagree (none in the default content).
        #expect(
            page["checkThese"].array.count == Int(summary["check_these"].number ?? -1),
            "\(name): Check these lists \(page["checkThese"]), status.json counts \(summary["check_these"])")

        // Recently completed, newest first, none from an archived milestone.
        let recent = page["recent"].array
        let dates = recent.compactMap { $0["date"].string }
        #expect(!recent.isEmpty && recent.count <= 10, "\(name): recently completed: \(recent.count)")
        #expect(dates == dates.sorted(by: >), "\(name): recently completed is not newest first: \(dates)")
        #expect(
            recent.prefix(dates.count).allSatisfy { $0["date"] != .null },
            "\(name): an undated item comes before a dated one")
        #expect(
            recent.allSatisfy { $0["badge"]["label"].string == "Done" }, "\(name): recently completed without Done")
        #expect(
            !recent.contains { ($0["href"].string ?? "").contains("/milestones/") },
            "\(name): recently completed lists archived work: \(recent.map { $0["href"] })")

        // The archived milestones: there, collapsed.
        let archived = page["archived"]
        let history = items.filter { $0.archived && $0.kind != "checklist" }
        // Each kind counted apart, in the order they come: the plans, then their phases.
        let phases = history.filter { $0.kind == "phase" }
        let plans = history.filter { $0.kind != "phase" }
        let counts =
            "\(plans.filter { $0.status == "Done" }.count) of \(plans.count) plans, "
            + "\(phases.filter { $0.status == "Done" }.count) of \(phases.count) phases"
        #expect(
            archived["open"].bool == false && archived["summaryShown"].bool == true
                && archived["items"].array.count == history.count
                && archived["items"].array.allSatisfy { $0["shown"].bool == false },
            "\(name): the archived milestones are not listed collapsed: \(archived)")
        #expect(
            archived["summary"].string
                == "\(counts) done in archived milestones",
            "\(name): the archived milestones' summary reads \(archived["summary"])")
    }

    /// Red (the danger colours) only for what its authors call blocked:
    /// never for an item that only waits.
    func expectNoRedForWaiting(_ reds: [JSON], items: [Item], _ name: String) {
        let owners = Set(reds.compactMap { $0["owner"].string })
        let blocked = Set(Self.blockedAsWritten.map(\.href))
        let allowed = blocked.union(["legend: Blocked", "number: blocked"])
        let stray = reds.filter { !allowed.contains($0["owner"].string ?? "") }
        #expect(stray.isEmpty, "\(name): red for what is not blocked: \(stray.prefix(6))")
        let waitingOnly = Set(items.filter { $0.waiting && $0.status != "Blocked" }.map(\.href))
        #expect(
            owners.isDisjoint(with: waitingOnly),
            "\(name): red for items that only wait: \(owners.intersection(waitingOnly))"
        )
        #expect(owners.isSuperset(of: blocked), "\(name): the blocked items are not marked: \(owners)")
    }

    /// The dependency graph: inline SVG that parses as XML, drawn readably at
    /// a reading size, every node a link, its tooltip saying its status and
    /// what it waits for, coloured by its status as the legend says, a thick
    /// arrow where an item waits. On a phone, the wide drawing gives way to a
    /// top-to-bottom one per plan.
    func expectGraph(_ page: JSON, items: [Item], _ name: String, width: Int) throws {
        let figures = page["graphs"].array
        try #require(
            figures.count > 1 && figures[0]["kind"].string == "wide"
                && figures.dropFirst().allSatisfy { $0["kind"].string == "narrow" },
            "\(name): the graph's figures \(figures.map { $0["kind"] })")
        let phone = width < 768
        #expect(
            figures.map { $0["shown"].bool == true } == [!phone] + Array(repeating: phone, count: figures.count - 1),
            "\(name): the figures shown \(figures.map { "\($0["kind"]) \($0["shown"])" })")
        let wide = figures[0]["nodes"].array
        let narrow = figures.dropFirst().flatMap { $0["nodes"].array }
        // The phone's drawings hold every item the wide one does.
        let key = { (node: JSON) in "\(node["id"].string ?? "?") \(node["href"].string ?? "?")" }
        #expect(
            Set(wide.map(key)).isSubset(of: Set(narrow.map(key))),
            "\(name): items the phone's drawings leave out: \(Set(wide.map(key)).subtracting(narrow.map(key)))")

        let tones = [
            "Done": "diagram-tone-success", "In progress": "diagram-tone-accent", "In review": "diagram-tone-accent",
            "Not started": "diagram-tone-normal", "Blocked": "diagram-tone-danger",
        ]
        let byPlace = Dictionary(
            items.map { ("\($0.id) \($0.href)", $0) }, uniquingKeysWith: { first, _ in first })
        let byKey = Dictionary(items.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, figure) in figures.enumerated() {
            let what = "\(name), figure \(index) (\(figure["kind"]))"
            #expect(figure["namespace"].string == "http://www.w3.org/2000/svg", "\(what): not inline SVG")
            #expect(
                figure["xmlError"] == .null && figure["xmlRoot"].string == "svg",
                "\(what): the markup is not XML: \(figure["xmlError"])")
            if let problem = TokensBrowserTests.XMLCheck.problem(in: figure["markup"].string ?? "") {
                Issue.record("\(what): the markup is not well-formed XML: \(problem)")
            }
            let nodes = figure["nodes"].array
            #expect(
                figure["description"].string?.hasPrefix("\(nodes.count) items") == true,
                "\(what): \(nodes.count) nodes drawn, the description says \(figure["description"])")
            for node in nodes {
                let item = byPlace[key(node)]
                let label = "\(what), node \(node["label"]) → \(node["href"])"
                guard let item else {
                    Issue.record("\(label): no such item in status.json (tooltip \(node["tooltip"]))")
                    continue
                }
                let waits = item.waitingFor.compactMap { byKey[$0]?.id }
                let tooltip =
                    "\(item.id): \(item.title)" + (waits.isEmpty ? "" : " (waits for \(waits.joined(separator: ", ")))")
                    + " — \(item.status)"
                #expect(
                    node["tooltip"].string == tooltip,
                    "\(label): the tooltip says \(node["tooltip"]), expected \(tooltip)")
                #expect(node["tone"].string == tones[item.status], "\(label) (\(item.status)) is drawn \(node["tone"])")
            }
            // A thick arrow where the item at its end waits for the one at its start.
            for edge in figure["edges"].array {
                let from = byPlace[edge["from"].string ?? ""]
                let to = byPlace[edge["to"].string ?? ""]
                let waits = from != nil && to?.waitingFor.contains(from!.key) == true
                #expect(
                    edge["thick"].bool == waits,
                    "\(what): the arrow \(edge["from"]) → \(edge["to"]) is \(edge["thick"].bool == true ? "thick" : "thin")"
                )
            }
            guard figure["shown"].bool == true else { continue }
            FlowsBrowserTests().expectReadable(figure["drawing"], "\(what), dependency graph")
            // Shrunk to the column no further than 85% (a reading size), then scrolled sideways.
            let scale = figure["scale"].number ?? 0
            let smallest = nodes.compactMap { $0["labelSize"].number }.min() ?? 0
            #expect(scale >= 0.84 && smallest >= 11.5, "\(what): drawn at \(scale) of its size, labels \(smallest) px")
            #expect(scale > 0.86 || figure["scrolls"].bool == true, "\(what): cut off without a scroll")
        }

        // One fill per status; the tones told apart by fill or outline, not by a shade too faint to see.
        let nodes = figures.flatMap { $0["nodes"].array }
        var fills: [String: Set<String>] = [:]
        for node in nodes { fills[node["status"].string ?? "?", default: []].insert(node["fill"].string ?? "?") }
        for status in tones.keys {
            #expect(fills[status]?.count == 1, "\(name): \(status) nodes are filled \(fills[status] ?? [])")
        }
        func colour(_ status: String, _ key: String) -> [Double] {
            nodes.first { $0["status"].string == status }.flatMap {
                TokensBrowserTests.rgba(computed: $0[key].string ?? "")
            } ?? []
        }
        let distinct = ["Done", "In progress", "Not started", "Blocked"]
        for (index, one) in distinct.enumerated() {
            for other in distinct.dropFirst(index + 1) {
                let apart =
                    ["fill", "stroke"].map { key in
                        zip(colour(one, key).prefix(3), colour(other, key).prefix(3)).map { abs($0 - $1) }.max() ?? 0
                    }.max() ?? 0
                #expect(apart >= 32, "\(name): \(one) and \(other) nodes are drawn alike (at most \(apart) apart)")
            }
        }
        // The legend's dots are the colours of the nodes' outlines (in review is drawn as in progress).
        let legend = page["legend"].array
        #expect(
            legend.map { $0["label"].string ?? "?" } == [
                "Done", "In progress", "Not started", "Blocked", "Thick arrow: waiting for it",
            ], "\(name): the legend \(legend.map { $0["label"] })")
        for item in legend where item["colour"] != .null {
            let status = item["label"].string ?? "?"
            let drawnAs = status == "In progress" ? ["In progress", "In review"] : [status]
            let strokes = Set(
                nodes.filter { drawnAs.contains($0["status"].string ?? "") }.compactMap { $0["stroke"].string })
            let dot = TokensBrowserTests.rgba(computed: item["colour"].string ?? "") ?? []
            let near = strokes.allSatisfy { stroke in
                let outline = TokensBrowserTests.rgba(computed: stroke) ?? []
                return dot.count == 4 && outline.count == 4 && zip(dot, outline).allSatisfy { abs($0 - $1) <= 16 }
            }
            #expect(!strokes.isEmpty && near, "\(name): the legend's \(status) is \(item["colour"]), nodes \(strokes)")
        }
        // The items the plans write, drawn in their own status, in the wide drawing and the phone's.
        for drawn in [wide, narrow] {
            func shown(_ id: String, _ page: (String) -> Bool) -> String? {
                drawn.first { $0["label"].string == id && page($0["href"].string ?? "") }?["status"].string
            }
            for (id, status) in Self.chunks {
                let shown = shown(id) { $0.hasPrefix("IMPLEMENTATION_PLAN.html#") }
                #expect(shown == status, "\(name): \(id) is drawn \(shown ?? "nowhere"), expected \(status)")
            }
            for (id, status) in Self.plans {
                let shown = shown(id) { $0.hasPrefix("planning/phases/") }
                #expect(shown == status, "\(name): plan \(id) is drawn \(shown ?? "nowhere"), expected \(status)")
            }
        }
    }

    /// Each node's link leads to a page of the site and, through its anchor, to the item's heading.
    func expectGraphLinksLand(_ nodes: [JSON], site: String) throws {
        let pages = Array(Set(nodes.compactMap { $0["page"].string })).sorted()
        #expect(pages.count >= 5, "the graph links to \(pages)")
        let visits = pages.map { BrowserDriver.Visit(url: $0, evaluate: Self.anchors) }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        var found: [String: JSON] = [:]
        for (page, result) in zip(pages, results) {
            browser.expectClean(result, "\(Self.sitePath(page, site: site)), a graph link's target")
            found[page] = result.value
        }
        for node in nodes {
            let label = node["label"].string ?? "?"
            let page = node["page"].string ?? ""
            let what = "graph node \(label) → \(node["href"])"
            guard let target = found[page], target != .null else {
                Issue.record("\(what): the page did not open")
                continue
            }
            #expect(FileManager.default.fileExists(atPath: site + "/" + Self.sitePath(page, site: site)), "\(what)")
            let fragment = node["fragment"].string
            let heading = fragment.map { target["ids"][$0] } ?? .null
            if let fragment {
                #expect(heading != .null, "\(what): no element with id '\(fragment)' on the page")
            }
            if label.hasPrefix("CHUNK-") {
                let number = Int(label.dropFirst("CHUNK-".count))
                let written = Self.matches(#"(?i)chunk[- ]0*(\d+)"#, in: heading.string ?? "").first.flatMap {
                    Int($0[0])
                }
                #expect(
                    fragment != nil && written == number,
                    "\(what): lands on '\(heading.string ?? "no anchor")', not on \(label)")
            } else if label.hasPrefix("Phase ") {
                #expect(
                    fragment == nil || heading.string?.contains(label) == true,
                    "\(what): lands on '\(heading.string ?? "")'")
            } else if label.range(of: #"^\d+-\d+$"#, options: .regularExpression) != nil {
                #expect(target["plan"].string == "Plan " + label, "\(what): the page is \(target["plan"])")
            } else {
                #expect(heading != .null || fragment == nil, "\(what)")
            }
        }
    }

    /// A plan with a chunk in every status the default content has none of
    /// (optional, cancelled) beside in review, waiting and blocked ones.
    static let everyStatus = """
        # Every Status

        ## CHUNK-001: Storage

        **Status**: ✅ Done

        ## CHUNK-002: Sync

        **Status**: In review — PR #12
        **Dependencies**: CHUNK-001

        ## CHUNK-003: Export

        **Status**: Optional
        **Dependencies**: CHUNK-001

        ## CHUNK-004: Import

        **Status**: Cancelled — out of scope

        ## CHUNK-005: Sharing

        **Status**: Not started
        **Dependencies**: CHUNK-002

        ## CHUNK-006: Backup

        **Status**: ❌ Blocked — needs the storage quota decision

        """

    @Test func badgesAndCaptionsReachAAContrastInBothThemes() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let other = CommandLineTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: other) }
        try FileManager.default.createDirectory(atPath: other + "/content", withIntermediateDirectories: true)
        try Self.everyStatus.write(toFile: other + "/content/PLAN.md", atomically: true, encoding: .utf8)
        let built = try CommandLineTests().run(["build", other + "/content", "--output", other + "/site"])
        try #require(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("warning"), "\(built.stderr)")

        let badges = ["done badge", "in-progress badge", "blocked badge", "not-started badge"]
        // The plan page's badges: its own status and its dependencies'.
        let plan = Self.planPages[0]
        let planBadges = Set(([plan.id] + plan.dependsOn.map(\.id)).map { Self.status(ofPlan: $0) }).sorted().map {
            $0.lowercased().replacingOccurrences(of: " ", with: "-") + " badge"
        }
        let site = folder + "/site/"
        let pages: [(path: String, measured: [String])] = [
            (
                site + "status.html",
                badges + ["waiting badge", "progress caption", "where written", "dashboard label", "blocked note"]
            ),
            (
                site + "IMPLEMENTATION_PLAN.html",
                badges + [
                    "progress caption", "item facts", "waiting or ready", "waiting line", "blocked line",
                    "cancelled item",
                ]
            ),
            (site + "SPRINT_PLAN.html", badges + ["in-review badge", "waiting line", "blocked line"]),
            (site + plan.path, planBadges + ["waiting badge", "plan card fact", "task chip", "task label"]),
            (
                other + "/site/PLAN.html",
                [
                    "done badge", "blocked badge", "not-started badge", "in-review badge", "optional badge",
                    "cancelled badge", "waiting line", "blocked line",
                ]
            ),
        ]
        var visits: [BrowserDriver.Visit] = []
        for page in pages {
            for scheme in ["light", "dark"] {
                let every = page.path.hasPrefix(other)
                visits.append(
                    BrowserDriver.Visit(
                        url: browser.url(page.path), colorScheme: scheme,
                        screenshot: every ? browser.screenshot("checklists-every-status-1280-\(scheme)") : nil,
                        evaluate: Self.contrast))
            }
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (index, (visit, result)) in zip(visits, results).enumerated() {
            let page = pages[index / 2]
            let name =
                "\(page.path.hasPrefix(other) ? "every status: PLAN.html" : String(page.path.dropFirst(site.count))), \(visit.colorScheme)"
            browser.expectClean(result, name)
            let samples = result.value.array
            for what in page.measured {
                #expect(samples.contains { $0["what"].string == what }, "\(name): no \(what) found to measure")
            }
            for sample in samples {
                #expect(
                    (sample["ratio"].number ?? 0) >= 4.5,
                    "\(name): \(sample["what"]) \(sample["text"]) is \(sample["color"]) on \(sample["background"]): \(sample["ratio"]):1, below 4.5:1"
                )
            }
        }
    }

    // MARK: - IMPLEMENTATION_PLAN

    @Test func thePlanShowsEachChunksStatusProgressAndReadOnlyCheckboxes() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = browser.url(folder + "/site/IMPLEMENTATION_PLAN.html")
        let written = Self.boxes(inMarkdown: read(CommandLineTests.repository + "/content/IMPLEMENTATION_PLAN.md"))
        try #require(written.count > 40, "the markdown's checkboxes: \(written.count)")
        var visits: [BrowserDriver.Visit] = []
        for size in BrowserTests.sizes {
            for scheme in ["light", "dark"] {
                visits.append(
                    BrowserDriver.Visit(
                        url: page, width: size.width, height: size.height, colorScheme: scheme,
                        screenshot: browser.screenshot("checklists-implementation-plan-\(size.name)-\(scheme)"),
                        actions: [Self.scroll(to: "chunk-004-home-screen-and-quick-log--in-progress")],
                        evaluate: Self.planPage))
            }
        }
        visits.append(
            BrowserDriver.Visit(
                url: page, screenshot: browser.screenshot("checklists-implementation-plan-top-1280-light"),
                evaluate: Self.planPage))
        // The in-progress boxes of CHUNK-006 (`[~]`, `[⏳]`) and the cancelled one of CHUNK-007 (`[-]`).
        for chunk in ["chunk-006-reminder-scheduler", "chunk-007-healthkit-sync--blocked"] {
            visits.append(
                BrowserDriver.Visit(
                    url: page,
                    screenshot: browser.screenshot("checklists-implementation-plan-\(chunk.prefix(9))-1280-light"),
                    actions: [Self.scroll(to: chunk)], evaluate: Self.planPage))
        }
        // A reader clicks an open box and a ticked one: neither changes.
        visits.append(
            BrowserDriver.Visit(
                url: page,
                actions: [
                    .evaluate(Self.ticks),
                    .click("article.doc li.task-list-item[data-status='not-started'] > input"),
                    .click("article.doc li.task-list-item[data-status='done'] > input"), .key("Space"),
                    .evaluate(Self.ticks),
                ]))
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (visit, result) in zip(visits, results) {
            browser.expectClean(result, "IMPLEMENTATION_PLAN.html, \(visit.width) px, \(visit.colorScheme)")
        }
        for (visit, result) in zip(visits, results).dropLast() {
            let name = "IMPLEMENTATION_PLAN.html, \(visit.width) px, \(visit.colorScheme)"
            let state = result.value
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
            #expect(state["theme"].string == visit.colorScheme, "\(name): data-theme is \(state["theme"])")
            expectFits(state, width: visit.width, name)
            expectChunks(state["chunks"].array, written: written, name)
            expectBoxes(state["boxes"].array, written: written, name)
            // Red only for CHUNK-007, which its author calls blocked (its badge, its line, the dots of links to it).
            let reds = Set(state["reds"].array.compactMap { $0["owner"].string })
            #expect(
                reds == ["#chunk-007-healthkit-sync--blocked"],
                "\(name): drawn red for \(reds): \(state["reds"].array.prefix(6))")

            // Under the title: the chunks' and the checkboxes' progress, and the way to the dashboard.
            let summary = state["summary"].array
            try #require(summary.count == 2, "\(name): the document's progress: \(summary)")
            let count = { (status: String) in Self.chunks.filter { $0.status == status }.count }
            expectBar(
                summary[0], done: count("Done"), total: Self.chunks.count, noun: "chunks",
                inProgress: count("In progress"), "\(name), document progress")
            let counted = written.filter { $0.status != "cancelled" }
            expectBar(
                summary[1], done: counted.filter(\.checked).count, total: counted.count, noun: "checkboxes",
                inProgress: counted.filter { $0.status == "in-progress" }.count, "\(name), checkboxes in the document")
            #expect(
                state["summaryLink"]["href"].string == "status.html"
                    && state["summaryLink"]["text"].string == "Status of all plans",
                "\(name): the summary links to \(state["summaryLink"])")
        }
        let clicked = results.last!.steps
        try #require(clicked.count == 5)
        #expect(!clicked[0].value.array.isEmpty, "there are checkboxes to click")
        #expect(clicked[4].value == clicked[0].value, "clicking the checkboxes changed them")
    }

    /// Each chunk heading: its id, a badge with its status, its checklist's bar, what it waits for.
    func expectChunks(_ chunks: [JSON], written: [Box], _ name: String) {
        #expect(chunks.map { $0["id"].string ?? "?" } == Self.chunks.map(\.id), "\(name): chunk headings \(chunks)")
        let symbols = ["Done": "✓", "In progress": "◐", "Not started": "○", "Blocked": "⛔"]
        for (chunk, (id, status)) in zip(chunks, Self.chunks) {
            let what = "\(name), \(id)"
            let badge = chunk["badge"]
            #expect(
                badge["label"].string == status && badge["symbol"].string == symbols[status]
                    && badge["shown"].bool == true,
                "\(what): the badge reads \(badge["symbol"]) \(badge["label"]), expected \(status)")
            #expect(chunk["badgeInHeading"].bool == true, "\(what): the badge is not on the heading")
            let heading = chunk["heading"].string ?? ""
            for marker in ["COMPLETED", "IN PROGRESS", "BLOCKED", "✅", "🚧", "❌"] {
                #expect(!heading.contains(marker), "\(what): the heading still shows its marker: \(heading)")
            }
            let boxes = written.filter { $0.chunk == id && $0.status != "cancelled" }
            expectBar(
                chunk["bar"], done: boxes.filter(\.checked).count, total: boxes.count, noun: "checked",
                inProgress: boxes.filter { $0.status == "in-progress" }.count, "\(what) checklist")
        }
        // Under each heading, what stands in its way: a calm "Waiting for …"
        // for what waits, the author's reason for what is blocked, "Ready to
        // start" for what can be picked up, nothing for work done or under way.
        func chunk(_ id: String) -> JSON { chunks.first { $0["id"].string == id } ?? .null }
        func states(_ id: String) -> [String] {
            chunk(id)["states"].array.map { "\($0["kind"].string ?? "?"): \($0["text"].string ?? "?")" }
        }
        #expect(
            states("CHUNK-005") == ["status-ready: Ready to start"], "\(name): CHUNK-005 says \(states("CHUNK-005"))")
        for (id, waitsFor) in Self.chunksWaiting {
            #expect(
                states(id) == ["status-waiting: Waiting for " + waitsFor.joined(separator: ", ")]
                    && chunk(id)["waitingFor"].strings == waitsFor,
                "\(name): \(id) says \(states(id)), expected it to wait for \(waitsFor)")
        }
        let healthKit = Self.blockedAsWritten[0]
        #expect(
            states(healthKit.id) == ["status-blocked: Blocked — " + healthKit.reason],
            "\(name): \(healthKit.id) says \(states(healthKit.id))")
        for id in ["CHUNK-001", "CHUNK-004", "CHUNK-006"] {
            #expect(states(id).isEmpty, "\(name): \(id) says \(states(id))")
        }
        #expect(
            chunks.allSatisfy { $0["states"].array.allSatisfy { $0["shown"].bool == true } },
            "\(name): a line under a heading is hidden")
        // The content's markers agree with its evidence: no hints to check.
        #expect(chunks.allSatisfy { $0["hints"].array.isEmpty }, "\(name): hints \(chunks.map { $0["hints"] })")
    }

    /// Every checkbox: read-only, ticked as written, its state drawn so each kind looks different.
    func expectBoxes(_ boxes: [JSON], written: [Box], _ name: String) {
        let shown = boxes.map {
            Box(chunk: nil, status: $0["status"].string ?? "?", checked: $0["checked"].bool == true)
        }
        #expect(
            shown == written.map { Box(chunk: nil, status: $0.status, checked: $0.checked) },
            "\(name): the page's checkboxes \(shown) are not the markdown's \(written)")
        for box in boxes {
            let what = "\(name), checkbox '\(box["text"])'"
            #expect(box["disabled"].bool == true && box["taskItem"].bool == true, "\(what) can be changed: \(box)")
            #expect(
                box["shown"].bool == true && (box["width"].number ?? 0) >= 10 && (box["height"].number ?? 0) >= 10,
                "\(what) is drawn \(box["width"]) × \(box["height"])")
            #expect(!(box["text"].string ?? "").hasPrefix("["), "\(what): the box's marker is left in the text")
            #expect(
                box["struck"].bool == (box["status"].string == "cancelled"), "\(what): struck through \(box["struck"])")
        }
        var looks: [String: Set<String>] = [:]
        for box in boxes { looks[box["status"].string ?? "?", default: []].insert(box["look"].string ?? "?") }
        let kinds = ["done", "not-started", "in-progress", "cancelled"]
        for kind in kinds {
            #expect(looks[kind]?.count == 1, "\(name): \(kind) boxes are drawn \(looks[kind] ?? [])")
        }
        #expect(
            Set(kinds.compactMap { looks[$0]?.first }).count == kinds.count,
            "\(name): kinds of box look the same: \(looks)")
        let labels = [("in-progress", "In progress"), ("cancelled", "Cancelled")]
        for (kind, label) in labels {
            #expect(
                boxes.filter { $0["status"].string == kind }.allSatisfy { $0["label"].string == label },
                "\(name): \(kind) boxes are not labelled '\(label)'")
        }
    }

    // MARK: - GSD plan pages

    @Test func aGSDPlanPageReadsAsAPlanWithTaskCards() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        var visits: [(plan: PlanPage, visit: BrowserDriver.Visit)] = []
        for plan in Self.planPages {
            let sizes = plan.id == "03-01" ? BrowserTests.sizes : [BrowserTests.sizes[0]]
            for size in sizes {
                for scheme in plan.id == "03-01" ? ["light", "dark"] : ["light"] {
                    for (part, actions) in [("", []), ("-tasks", [Self.scrollToTasks])] {
                        visits.append(
                            (
                                plan,
                                BrowserDriver.Visit(
                                    url: browser.url(site + "/" + plan.path), width: size.width, height: size.height,
                                    colorScheme: scheme,
                                    screenshot: browser.screenshot(
                                        "checklists-\(plan.screenshot)\(part)-\(size.name)-\(scheme)"),
                                    actions: actions, evaluate: Self.gsdPage)
                            ))
                    }
                }
            }
        }
        // Each dependency, clicked.
        var clicks: [(plan: PlanPage, index: Int, visit: BrowserDriver.Visit)] = []
        for plan in Self.planPages {
            for index in plan.dependsOn.indices {
                let selector = "section.gsd-plan-card .gsd-deps > li:nth-child(\(index + 1)) > a"
                clicks.append(
                    (
                        plan, index,
                        BrowserDriver.Visit(
                            url: browser.url(site + "/" + plan.path), actions: [.click(selector)],
                            evaluate: Self.landing)
                    ))
            }
        }
        let results = try BrowserDriver().visit(visits.map(\.visit) + clicks.map(\.visit))
        try #require(results.count == visits.count + clicks.count)
        for ((plan, visit), result) in zip(visits, results) {
            let name = "\(plan.id), \(visit.width) px, \(visit.colorScheme)"
            browser.expectClean(result, name)
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")
            let markdown = read(
                CommandLineTests.repository + "/content/."
                    + plan.path.replacingOccurrences(of: ".html", with: ".md"))
            expectPlanPage(result.value, plan, markdown: markdown, width: visit.width, name)
        }
        for ((plan, index, _), result) in zip(clicks, results.dropFirst(visits.count)) {
            let dependency = plan.dependsOn[index]
            let name = "\(plan.id), depends on \(dependency.id), clicked"
            browser.expectClean(result, name)
            let landed = result.value
            #expect(
                dependency.path.hasSuffix(landed["path"].string ?? "?")
                    && landed["title"].string == "Plan " + dependency.id,
                "\(name): landed on \(landed["path"]) (\(landed["title"])), expected \(dependency.path)")
            #expect(
                landed["badge"]["label"].string == Self.status(ofPlan: dependency.id),
                "\(name): the plan's own page says \(landed["badge"]["label"]), expected \(Self.status(ofPlan: dependency.id))"
            )
        }
    }

    static let scrollToTasks = BrowserDriver.Action.evaluate(
        "(() => { const e = document.querySelector('.gsd-tasks'); e?.scrollIntoView(); return !!e; })()")

    func expectPlanPage(_ page: JSON, _ plan: PlanPage, markdown: String, width: Int, _ name: String) {
        expectFits(page, width: width, name)
        #expect(
            page["cardFirst"].bool == true && page["cardShown"].bool == true, "\(name): no summary card under the title"
        )
        #expect(page["title"].string == "Plan " + plan.id, "\(name): the card is titled \(page["title"])")
        #expect(
            page["badge"]["label"].string == Self.status(ofPlan: plan.id) && page["badge"]["shown"].bool == true,
            "\(name): the card's badge says \(page["badge"]["label"]), expected \(Self.status(ofPlan: plan.id))")
        // Beside its status, a calm badge when the plan waits for an unfinished one; never red.
        let waiting = page["waiting"]
        if Self.plansWaiting[plan.id] != nil {
            #expect(
                waiting["label"].string == "Waiting" && waiting["symbol"].string == "⏸"
                    && waiting["shown"].bool == true,
                "\(name): the plan waits, and its card says \(waiting)")
        } else {
            #expect(waiting == .null, "\(name): the plan does not wait, yet its card says \(waiting)")
        }
        #expect(page["reds"].array.isEmpty, "\(name): drawn red: \(page["reds"].array.prefix(6))")
        for (term, value) in plan.facts {
            #expect(
                page["facts"][term].string == value, "\(name): \(term) is \(page["facts"][term]), expected \(value)")
        }
        let deps = page["deps"].array
        #expect(
            deps.map { "\($0["id"].string ?? "?") \($0["badge"]["label"].string ?? "?")" }
                == plan.dependsOn.map { "\($0.id) \(Self.status(ofPlan: $0.id))" },
            "\(name): depends on \(deps)")
        #expect(deps.allSatisfy { $0["href"] != .null }, "\(name): a dependency is not linked: \(deps)")

        // The plan's own sections as titled sections, its tasks as cards.
        let sections = Self.sections(inPlan: markdown).map(Self.title)
        #expect(
            page["sections"].strings == sections, "\(name): sections \(page["sections"]), the plan writes \(sections)")
        let written = Self.tasks(inPlan: markdown)
        let cards = page["tasks"].array
        #expect(
            !written.isEmpty && cards.count == written.count, "\(name): \(cards.count) cards, \(written.count) tasks")
        for (index, (card, task)) in zip(cards, written).enumerated() {
            let what = "\(name), task \(index + 1)"
            #expect(card["number"].string == "Task \(index + 1)", "\(what): numbered \(card["number"])")
            #expect(card["shown"].bool == true && card["inside"].bool == true, "\(what): the card is not in view")
            #expect(card["chips"].strings == task.chips, "\(what): chips \(card["chips"]), expected \(task.chips)")
            if let taskName = task.part("name") {
                let title = taskName.replacingOccurrences(
                    of: #"^Task \d+: "#, with: "", options: .regularExpression)
                #expect(card["name"].string == Self.plain(title), "\(what): named \(card["name"]), written '\(title)'")
            }
            if let files = task.part("files") {
                let paths = files.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(card["files"].strings == paths, "\(what): files \(card["files"]), written \(paths)")
            }
            let parts = task.parts.filter { $0.tag != "name" && $0.tag != "files" }
            let shown = card["parts"].array
            #expect(
                shown.map { $0["label"].string ?? "?" } == parts.map { Self.title($0.tag) },
                "\(what): parts \(shown.map { $0["label"] }), written \(parts.map(\.tag))")
            for (part, written) in zip(shown, parts) {
                #expect(
                    part["shown"].bool == true && !(part["text"].string ?? "").isEmpty,
                    "\(what): the \(written.tag) part is empty")
                if !written.text.contains("\n") {
                    #expect(
                        part["text"].string == Self.plain(written.text),
                        "\(what): \(written.tag) reads '\(part["text"])', written '\(written.text)'")
                }
            }
            #expect(task.part("action") == nil || shown.contains { $0["label"].string == "Action" }, "\(what)")
        }
        #expect(page["leaked"].array.isEmpty, "\(name): the page shows markup as text: \(page["leaked"])")
    }

    // MARK: - Links

    @Test func everyLinkOnTheChecklistPagesResolves() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = folder + "/site"
        let pages = ["status.html", "IMPLEMENTATION_PLAN.html"] + Self.planPages.map(\.path)
        let result = try BrowserDriver().crawl(start: pages.map { browser.url(site + "/" + $0) }, root: site)
        for page in pages {
            #expect(result.pages.contains(page), "\(page) was not crawled: \(result.pages)")
        }
        let broken = result.brokenLinks.filter { pages.contains($0.from) }
        #expect(broken.isEmpty, "\(broken.count) broken:\n\(broken.map(\.description).joined(separator: "\n"))")
        #expect(result.brokenLinks.isEmpty, "broken elsewhere: \(result.brokenLinks)")
        #expect(result.consoleErrors.isEmpty, "console errors: \(result.consoleErrors)")
        // The SVG nodes' links were read too: every plan page is reached.
        for plan in Self.plans {
            #expect(
                result.pages.contains { $0.hasPrefix("planning/phases/") && $0.hasSuffix("/\(plan.id)-PLAN.html") },
                "no link leads to plan \(plan.id)")
        }
        #expect(result.checked > 500, "only \(result.checked) references checked")
    }
}
