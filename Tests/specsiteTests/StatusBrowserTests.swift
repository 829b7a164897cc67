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

    /// IMPLEMENTATION_PLAN's chunks and the status each shows (CHUNK-008 and
    /// CHUNK-009 wait for unfinished chunks, CHUNK-007 is stated blocked).
    static let chunks: [(id: String, status: String)] = [
        ("CHUNK-001", "Done"), ("CHUNK-002", "Done"), ("CHUNK-003", "Done"), ("CHUNK-004", "In progress"),
        ("CHUNK-005", "Not started"), ("CHUNK-006", "In progress"), ("CHUNK-007", "Blocked"),
        ("CHUNK-008", "Blocked"), ("CHUNK-009", "Blocked"),
    ]

    /// The GSD plans of `content/.planning/phases` and the status each shows
    /// (STATE.md's Current Position says 02-02 is under way).
    static let plans: [(id: String, status: String)] = [
        ("01-01", "Done"), ("01-02", "Done"), ("02-01", "Done"), ("02-02", "In progress"), ("03-01", "Blocked"),
        ("03-02", "Blocked"),
    ]

    /// The status a plan of `content/.planning/phases` shows.
    static func status(ofPlan id: String) -> String { plans.first { $0.id == id }?.status ?? "?" }

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
            const numbers = caption.match(/^(\d+) of (\d+) (\S+) · (\d+)%$/);
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
                const numbers = Object.fromEntries([...document.querySelectorAll(".status-numbers > .status-number")].map(n => [
                    n.querySelector(".status-label")?.innerText.trim() ?? "?",
                    {
                        value: Number(n.querySelector(".status-value")?.innerText),
                        detail: n.querySelector(".status-detail")?.innerText.trim() ?? null,
                        shown: displayed(n),
                    },
                ]));
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
                        id: idOf(links[0]), href: links[0]?.getAttribute("href") ?? null,
                        blockers: links.slice(1).map(idOf), blockerHrefs: links.slice(1).map(a => a.getAttribute("href")),
                        note: li.querySelector(".work-note")?.innerText ?? null,
                        badge: badge(li.querySelector(":scope > .status-badge")),
                        text: li.innerText.replace(/\s+/g, " "), where: where(li),
                    };
                });
                const recent = listAfter("recently-completed").map(li => ({
                    id: idOf(li.querySelector(":scope > a")), date: li.querySelector("time")?.innerText ?? null,
                    badge: badge(li.querySelector(":scope > .status-badge")),
                }));
                const plans = [...document.querySelectorAll("table.status-table > tbody > tr")].map(tr => ({
                    document: tr.cells[0]?.innerText.trim() ?? null,
                    href: tr.cells[0]?.querySelector("a")?.getAttribute("href") ?? null,
                    bar: bar(tr.cells[1]?.querySelector(".progress")),
                    inProgress: Number(tr.cells[2]?.innerText), blocked: Number(tr.cells[3]?.innerText),
                }));
                const phases = [...document.querySelectorAll("ul.status-phases > li.status-phase")].map(li => {
                    const heading = li.parentElement.previousElementSibling;
                    return {
                        root: heading?.matches("h3.status-root") ? heading.textContent : null,
                        name: li.querySelector(".status-phase-head a")?.textContent ?? null,
                        badge: badge(li.querySelector(".status-phase-head .status-badge")),
                        bar: bar(li.querySelector(":scope > .progress")),
                        plans: [...li.querySelectorAll(".status-waves > li > ul > li")].map(p => ({
                            id: idOf(p.querySelector("a")), badge: badge(p.querySelector(".status-badge")),
                        })),
                    };
                });
                const figure = document.querySelector("article.doc figure.status-graph");
                const svg = figure?.querySelector(":scope > svg");
                const graph = svg ? (() => {
                    const parsed = new DOMParser().parseFromString(svg.outerHTML, "image/svg+xml");
                    const nodes = [...svg.querySelectorAll("g.diagram-node")].map(g => {
                        const link = g.closest("a");
                        const href = link && svg.contains(link) ? link.getAttribute("href") : null;
                        const shape = [...g.children].find(e => e.tagName !== "title" && e.tagName !== "text");
                        const url = href ? new URL(href, document.baseURI) : null;
                        return {
                            label: textLines(g)[0] ?? null,
                            status: (g.querySelector(":scope > title")?.textContent ?? "").split(" — ").pop(),
                            tone: [...g.classList].find(c => c.startsWith("diagram-tone-")) ?? null,
                            fill: getComputedStyle(shape).fill, stroke: getComputedStyle(shape).stroke,
                            href, page: url ? url.href.split("#")[0] : null,
                            fragment: url && url.hash ? decodeURIComponent(url.hash.slice(1)) : null,
                        };
                    });
                    const legend = [...document.querySelectorAll(".status-legend .status-legend-item")].map(item => ({
                        label: item.innerText.trim(),
                        colour: item.querySelector(".status-dot") ? getComputedStyle(item.querySelector(".status-dot")).backgroundColor : null,
                    }));
                    return {
                        namespace: svg.namespaceURI, markup: svg.outerHTML,
                        xmlError: parsed.querySelector("parsererror")?.textContent ?? null,
                        xmlRoot: parsed.documentElement.localName,
                        description: svg.querySelector(":scope > desc")?.textContent ?? "",
                        shown: displayed(svg) && svg.getBoundingClientRect().width > 0,
                        scrolls: figure.scrollWidth > figure.clientWidth + 1,
                        drawing: drawing(svg), nodes, legend,
                    };
                })() : null;
                const text = article.innerText;
                return {
                    title: article.querySelector("h1")?.textContent ?? null,
                    locations: [...article.querySelectorAll(".work-where")].map(e => e.innerText.trim())
                        .filter(t => /\.md:\d+$/.test(t)),
                    numbers, overall: [...document.querySelectorAll(".status-overview > .progress")].map(bar),
                    plans, phases, ready, blocked, recent, graph,
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
                        state: details?.querySelector(".work-state")?.innerText ?? null,
                        waitingFor: [...(details?.querySelectorAll(".work-state a") ?? [])].map(a => a.textContent),
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
                    chunks, boxes,
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
                    facts, deps, tasks,
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
            take("progress caption", ".progress-text", 3);
            take("where written", ".work-where", 3);
            take("dashboard label", ".status-label, .status-detail", 3);
            take("blocked note", ".work-note", 2);
            take("item facts", ".work-facts > .work-fact", 3);
            take("waiting or ready", ".work-state", 3);
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
        let summary = try JSONDecoder().decode(
            JSON.self, from: Data(read(site + "/status.json").utf8))["summary"]
        var visits: [BrowserDriver.Visit] = []
        for size in BrowserTests.sizes {
            for scheme in ["light", "dark"] {
                for (part, target) in [("", "status"), ("-graph", "dependency-graph")] {
                    visits.append(
                        BrowserDriver.Visit(
                            url: browser.url(site + "/status.html"), width: size.width, height: size.height,
                            colorScheme: scheme,
                            screenshot: browser.screenshot("checklists-status\(part)-\(size.name)-\(scheme)"),
                            actions: [Self.scroll(to: target)], evaluate: Self.statusPage))
                }
            }
        }
        #expect(
            summary["done"].number == 12 && summary["items"].number == 35 && summary["percent"].number == 34.3,
            "status.json: \(summary)")
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
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
            #expect(browser.size(of: visit.screenshot!) > 10_000, "\(name): a screenshot was written")

            // The headline numbers, as the export and `specsite status` count them.
            let numbers = page["numbers"]
            #expect(
                numbers["% done"]["value"].number == 34 && numbers["% done"]["detail"].string == "12 of 35 items",
                "\(name): the first number reads \(numbers["% done"])")
            for (label, key) in [("in progress", "in_progress"), ("ready", "ready"), ("blocked", "blocked")] {
                #expect(
                    numbers[label]["value"] == summary[key] && numbers[label]["shown"].bool == true,
                    "\(name): '\(label)' shows \(numbers[label]["value"]), status.json says \(summary[key])")
            }
            let overall = page["overall"].array
            try #require(overall.count == 2, "\(name): the overall bars: \(overall)")
            expectBar(
                overall[0], done: 12, total: 35, noun: "items", inProgress: Int(summary["in_progress"].number ?? -1),
                "\(name), overall")
            let checkboxes = summary["checkboxes"]
            expectBar(
                overall[1], done: Int(checkboxes["done"].number ?? -1), total: Int(checkboxes["total"].number ?? -1),
                noun: "checkboxes", "\(name), all checkboxes")

            // A row per plan: IMPLEMENTATION_PLAN's chunks, the sprint's items.
            let rows = page["plans"].array
            let planRow = rows.first { $0["href"].string == "IMPLEMENTATION_PLAN.html" } ?? .null
            let count = { (status: String) in Self.chunks.filter { $0.status == status }.count }
            expectBar(
                planRow["bar"], done: count("Done"), total: Self.chunks.count, noun: "chunks",
                inProgress: count("In progress"), "\(name), the IMPLEMENTATION_PLAN row")
            #expect(
                planRow["inProgress"].number == Double(count("In progress"))
                    && planRow["blocked"].number == Double(count("Blocked")),
                "\(name): the IMPLEMENTATION_PLAN row counts \(planRow["inProgress"]) in progress, \(planRow["blocked"]) blocked"
            )
            #expect(rows.count == 2, "\(name): rows \(rows.map { $0["document"] })")
            for row in rows where row != planRow {
                let bar = row["bar"]
                expectBar(
                    bar, done: Int(bar["done"].number ?? -1), total: Int(bar["total"].number ?? -1),
                    inProgress: Int(row["inProgress"].number ?? -1), "\(name), row \(row["document"])")
            }

            // GSD phases, their plans' badges, and bars that count them.
            let phases = page["phases"].array
            let current = phases.filter { $0["root"].string == ".planning" }
            let shownPlans = current.flatMap { $0["plans"].array }.map {
                "\($0["id"].string ?? "?") \($0["badge"]["label"].string ?? "?")"
            }
            #expect(
                shownPlans == Self.plans.map { "\($0.id) \($0.status)" },
                "\(name): the .planning phases show \(shownPlans)")
            for phase in phases where phase["bar"] != .null {
                let plans = phase["plans"].array
                expectBar(
                    phase["bar"], done: plans.filter { $0["badge"]["label"].string == "Done" }.count,
                    total: plans.count,
                    noun: "plans", "\(name), \(phase["root"]) \(phase["name"])")
            }
            #expect(
                current.map { $0["badge"]["label"].string ?? "?" } == [
                    "Done", "In progress", "Not started", "Not started",
                ],
                "\(name): .planning's phases \(current.map { "\($0["name"]) \($0["badge"]["label"])" })")

            // Ready next, and blocked with what they wait for.
            let ready = page["ready"].array
            #expect(
                numbers["ready"]["value"].number == Double(ready.count),
                "\(name): the dashboard says \(numbers["ready"]["value"]) ready and lists \(ready.count)")
            #expect(
                ready.map { $0["id"].string ?? "?" } == Self.readyNext.map(\.id)
                    && ready.map { $0["href"].string ?? "?" } == Self.readyNext.map(\.href),
                "\(name): ready next: \(ready)")
            let blocked = page["blocked"].array
            for item in blocked {
                #expect(
                    item["badge"]["label"].string == "Blocked" && item["badge"]["shown"].bool == true,
                    "\(name): \(item["id"]) has no Blocked badge")
                #expect(
                    !item["blockers"].array.isEmpty || !(item["note"].string ?? "").isEmpty,
                    "\(name): \(item["id"]) shows no reason: \(item["text"])")
            }
            func blockedItem(_ id: String, in document: String) -> JSON {
                blocked.first { $0["id"].string == id && ($0["href"].string ?? "").hasPrefix(document) } ?? .null
            }
            let healthKit = blockedItem("CHUNK-007", in: "IMPLEMENTATION_PLAN.html#")
            #expect(
                healthKit["note"].string?.contains("HealthKit entitlement review") == true
                    && healthKit["blockers"].array.isEmpty, "\(name): CHUNK-007 says \(healthKit["text"])")
            let implementationPlan = [
                "CHUNK-008": ["CHUNK-004"], "CHUNK-009": ["CHUNK-004", "CHUNK-005", "CHUNK-008"],
            ]
            for (id, blockers) in implementationPlan {
                let item = blockedItem(id, in: "IMPLEMENTATION_PLAN.html#")
                #expect(item["blockers"].strings == blockers, "\(name): \(id) says \(item["text"])")
                #expect(
                    item["blockerHrefs"].strings.allSatisfy { $0.hasPrefix("IMPLEMENTATION_PLAN.html#chunk-") },
                    "\(name): \(id)'s blockers link to \(item["blockerHrefs"])")
            }
            #expect(
                blockedItem("CHUNK-008", in: "IMPLEMENTATION_PLAN.html#")["text"].string?.contains(
                    "waiting for CHUNK-004 Home Screen and Quick Log (in progress)") == true,
                "\(name): CHUNK-008 does not say what it waits for")
            for (id, blocker) in [("03-01", "02-02"), ("03-02", "03-01")] {
                let item = blockedItem(id, in: "planning/phases/")
                #expect(item["blockers"].strings == [blocker], "\(name): \(id) says \(item["text"])")
            }

            // Recently completed, newest first.
            let recent = page["recent"].array
            let dates = recent.compactMap { $0["date"].string }
            #expect(!recent.isEmpty && recent.count <= 10, "\(name): recently completed: \(recent.count)")
            #expect(dates == dates.sorted(by: >), "\(name): recently completed is not newest first: \(dates)")
            #expect(
                recent.prefix(dates.count).allSatisfy { $0["date"] != .null },
                "\(name): an undated item comes before a dated one")
            #expect(
                recent.allSatisfy { $0["badge"]["label"].string == "Done" }, "\(name): recently completed without Done")

            try expectGraph(page["graph"], name, width: visit.width)
        }

        let page = results[0].value

        try expectGraphLinksLand(page["graph"], site: site)
    }

    /// The dependency graph: inline SVG that parses as XML, drawn readably,
    /// every node a link and coloured by its status as the legend says.
    func expectGraph(_ graph: JSON, _ name: String, width: Int) throws {
        try #require(graph != .null, "\(name): no svg in figure.status-graph")
        #expect(graph["namespace"].string == "http://www.w3.org/2000/svg", "\(name): the graph is not inline SVG")
        #expect(
            graph["xmlError"] == .null && graph["xmlRoot"].string == "svg",
            "\(name): the graph's markup is not XML: \(graph["xmlError"])")
        if let problem = TokensBrowserTests.XMLCheck.problem(in: graph["markup"].string ?? "") {
            Issue.record("\(name): the graph's markup is not well-formed XML: \(problem)")
        }
        #expect(graph["shown"].bool == true, "\(name): the graph is not shown")
        FlowsBrowserTests().expectReadable(graph["drawing"], "\(name), dependency graph")
        let nodes = graph["nodes"].array
        #expect(
            graph["description"].string?.hasPrefix("\(nodes.count) items") == true,
            "\(name): \(nodes.count) nodes drawn, the description says \(graph["description"])")
        let tones = [
            "Done": "diagram-tone-success", "In progress": "diagram-tone-accent",
            "Not started": "diagram-tone-normal", "Blocked": "diagram-tone-danger",
        ]
        for node in nodes {
            let what = "\(name), node \(node["label"]) (\(node["status"]))"
            #expect(node["href"] != .null, "\(what) is not a link")
            #expect(node["tone"].string == tones[node["status"].string ?? ""], "\(what) is drawn \(node["tone"])")
        }
        var fills: [String: Set<String>] = [:]
        for node in nodes { fills[node["status"].string ?? "?", default: []].insert(node["fill"].string ?? "?") }
        for status in tones.keys {
            #expect(fills[status]?.count == 1, "\(name): \(status) nodes are filled \(fills[status] ?? [])")
        }
        let distinct = Set(tones.keys.compactMap { fills[$0]?.first })
        #expect(distinct.count == tones.count, "\(name): statuses share fills: \(fills)")
        // A reader tells the statuses apart by fill or outline, not by a shade too faint to see.
        func colour(_ status: String, _ key: String) -> [Double] {
            nodes.first { $0["status"].string == status }.flatMap {
                TokensBrowserTests.rgba(computed: $0[key].string ?? "")
            } ?? []
        }
        let statuses = tones.keys.sorted()
        for (index, one) in statuses.enumerated() {
            for other in statuses.dropFirst(index + 1) {
                let apart =
                    ["fill", "stroke"].map { key in
                        zip(colour(one, key).prefix(3), colour(other, key).prefix(3)).map { abs($0 - $1) }.max() ?? 0
                    }.max() ?? 0
                #expect(apart >= 32, "\(name): \(one) and \(other) nodes are drawn alike (at most \(apart) apart)")
            }
        }
        // The legend's dots are the colours of the nodes' outlines.
        for item in graph["legend"].array where item["colour"] != .null {
            let status = item["label"].string ?? "?"
            let strokes = Set(nodes.filter { $0["status"].string == status }.compactMap { $0["stroke"].string })
            let dot = TokensBrowserTests.rgba(computed: item["colour"].string ?? "") ?? []
            let near = strokes.allSatisfy { stroke in
                let outline = TokensBrowserTests.rgba(computed: stroke) ?? []
                return dot.count == 4 && outline.count == 4 && zip(dot, outline).allSatisfy { abs($0 - $1) <= 16 }
            }
            #expect(!strokes.isEmpty && near, "\(name): the legend's \(status) is \(item["colour"]), nodes \(strokes)")
        }
        // The items the plans write, drawn in their status.
        func shown(_ id: String, _ page: (String) -> Bool) -> String? {
            nodes.first { $0["label"].string == id && page($0["href"].string ?? "") }?["status"].string
        }
        for (id, status) in Self.chunks {
            let drawn = shown(id) { $0.hasPrefix("IMPLEMENTATION_PLAN.html#") }
            #expect(drawn == status, "\(name): \(id) is drawn \(drawn ?? "nowhere"), expected \(status)")
        }
        for (id, status) in Self.plans {
            let drawn = shown(id) { $0.hasPrefix("planning/phases/") }
            #expect(drawn == status, "\(name): plan \(id) is drawn \(drawn ?? "nowhere"), expected \(status)")
        }
        // Shrunk to the column no further than 85% (a reading size), then scrolled sideways.
        let scale = graph["drawing"]["scale"].number ?? 0
        #expect(scale >= 0.84, "\(name): the graph is drawn at \(scale) of its size")
        #expect(scale > 0.86 || graph["scrolls"].bool == true, "\(name): the graph is cut off without a scroll")
    }

    /// Each node's link leads to a page of the site and, through its anchor, to the item's heading.
    func expectGraphLinksLand(_ graph: JSON, site: String) throws {
        let nodes = graph["nodes"].array
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

    @Test func badgesAndCaptionsReachAAContrastInBothThemes() throws {
        let folder = try TokensBrowserTests().buildDefaultSite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let badges = ["done badge", "in-progress badge", "blocked badge", "not-started badge"]
        // The plan page's badges: its own status and its dependencies'.
        let plan = Self.planPages[0]
        let planBadges = Set(([plan.id] + plan.dependsOn.map(\.id)).map { Self.status(ofPlan: $0) }).sorted().map {
            $0.lowercased().replacingOccurrences(of: " ", with: "-") + " badge"
        }
        let pages: [(path: String, measured: [String])] = [
            ("status.html", badges + ["progress caption", "where written", "dashboard label", "blocked note"]),
            (
                "IMPLEMENTATION_PLAN.html",
                badges + ["progress caption", "item facts", "waiting or ready", "cancelled item"]
            ),
            (plan.path, planBadges + ["plan card fact", "task chip", "task label"]),
        ]
        var visits: [BrowserDriver.Visit] = []
        for page in pages {
            for scheme in ["light", "dark"] {
                visits.append(
                    BrowserDriver.Visit(
                        url: browser.url(folder + "/site/" + page.path), colorScheme: scheme, evaluate: Self.contrast))
            }
        }
        let results = try BrowserDriver().visit(visits)
        try #require(results.count == visits.count)
        for (index, (visit, result)) in zip(visits, results).enumerated() {
            let page = pages[index / 2]
            let name = "\(page.path), \(visit.colorScheme)"
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
        func chunk(_ id: String) -> JSON { chunks.first { $0["id"].string == id } ?? .null }
        #expect(chunk("CHUNK-005")["state"].string == "Ready to start", "\(name): CHUNK-005 says \(chunk("CHUNK-005"))")
        #expect(
            chunk("CHUNK-008")["waitingFor"].strings == ["CHUNK-004"]
                && chunk("CHUNK-008")["state"].string == "Waiting for CHUNK-004",
            "\(name): CHUNK-008 says \(chunk("CHUNK-008")["state"])")
        #expect(
            chunk("CHUNK-009")["waitingFor"].strings == ["CHUNK-004", "CHUNK-005", "CHUNK-008"],
            "\(name): CHUNK-009 says \(chunk("CHUNK-009")["state"])")
        for id in ["CHUNK-001", "CHUNK-004", "CHUNK-007"] {
            #expect(chunk(id)["state"] == .null, "\(name): \(id) says \(chunk(id)["state"])")
        }
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
