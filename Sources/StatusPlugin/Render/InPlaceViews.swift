import SpecSiteKit

/// What the plugin draws inside a plan's own page: a badge and a details line
/// under each work-item heading, read-only checkboxes (including `[~]`, `[⏳]`,
/// `[-]` and emoji boxes), and a progress bar under the document's title.
struct InPlaceViews {
    let fact: PlanFact
    let report: StatusReport
    let context: RenderContext

    /// A work-item heading: the marker replaced by a badge, then the item's details.
    func heading(_ block: MarkdownNode, item index: Int) throws -> String {
        let entry = report.entry(fact.items[index].key)
        // A story or task is drawn as the report has it: a sprint's story
        // with its story file's boxes and link, a work package with the lane
        // its feature's status.json gives it, a backlog task with its status
        // read from the backlog's settings.
        let kind = fact.items[index].kind
        let item = kind == .story || kind == .task ? entry?.item ?? fact.items[index] : fact.items[index]
        var shown = block
        if let marker = item.headingMarker, item.kind == .chunk || item.kind == .section,
            case .heading = block.kind
        {
            shown = Self.withoutMarker(block, marker: marker)
        }
        var html = try context.renderer.renderDefault(shown)
        let badge = " " + StatusViews.badge(item.status, title: item.statusText)
        if let anchor = html.range(of: "<a class=\"heading-anchor\"") {
            html.insert(contentsOf: badge, at: anchor.lowerBound)
        } else if let close = html.range(of: "</h", options: .backwards) {
            html.insert(contentsOf: badge, at: close.lowerBound)
        }
        return html + details(item, entry: entry)
    }

    /// The heading with its status marker taken out of the text (the badge says it).
    static func withoutMarker(_ block: MarkdownNode, marker: String) -> MarkdownNode {
        var shown = block
        // The trailing run of text, joined: cmark-gfm splits text at brackets,
        // so `Icons [DONE]` arrives as "Icons ", "[", "DONE]".
        var start = shown.children.endIndex
        var text = ""
        while start > shown.children.startIndex, case .text(let piece) = shown.children[start - 1].kind {
            text = piece + text
            start -= 1
        }
        // `(95% ✅)` and `(In Progress)` go with their parentheses.
        for candidate in ["[" + marker + "]", "(" + marker + ")", marker] where start < shown.children.endIndex {
            if let range = text.range(of: candidate, options: .backwards) {
                var rest = text
                rest.removeSubrange(range)
                rest = rest.replacingOccurrences(of: "  ", with: " ").trimmingSpaces
                while let end = rest.last, " :—–-|".contains(end) { rest.removeLast() }
                let line = shown.children[start].line
                shown.children.replaceSubrange(start..., with: [MarkdownNode(.text(rest), line: line)])
                return shown
            }
        }
        // `22. 🔲 Leads DTO Audit` with code later on: the marker is in the first text.
        if case .text(let first)? = shown.children.first?.kind, let range = first.range(of: marker) {
            var rest = first
            rest.removeSubrange(range)
            shown.children[0].kind = .text(rest.replacingOccurrences(of: "  ", with: " "))
            return shown
        }
        // ``(`done`)``: the marker is a code span between two bits of text.
        if let code = shown.children.lastIndex(where: { $0.kind == .code(marker) }) {
            shown.children.removeSubrange(code...)
            if case .text(let before)? = shown.children.last?.kind {
                var trimmed = before
                while let end = trimmed.last, " (".contains(end) { trimmed.removeLast() }
                shown.children[shown.children.count - 1].kind = .text(trimmed)
            }
        }
        return shown
    }

    /// The line under a work-item heading: progress, estimate, dependencies,
    /// readiness, and what to check.
    func details(_ item: WorkItem, entry: StatusReport.Entry?) -> String {
        var parts: [String] = []
        if item.checklist.total > 0 {
            parts.append(
                StatusViews.progressBar(
                    done: item.checklist.done, total: item.checklist.total, inProgress: item.checklist.inProgress,
                    noun: item.kind == .plan || item.kind == .quick ? "tasks" : "checked", label: "\(item.id) checklist"
                ))
        }
        var facts: [String] = []
        if let estimate = item.estimate {
            facts.append(
                "<span class=\"work-fact\"><span class=\"work-key\">Estimate</span> \(StatusViews.estimate(estimate))</span>"
            )
        }
        if let entry, !entry.dependencies.isEmpty || item.dependencyText != nil {
            // "All previous" names only the latest earlier items in `dependencies`; say how many it means.
            let text =
                item.dependsOnAllPrevious && entry.previousCount > 1
                ? "all previous (\(entry.previousCount))"
                : entry.dependencies.compactMap { report.entry($0) }.map { link(to: $0.item, status: true) }
                    .joined(separator: ", ")
            facts.append(
                "<span class=\"work-fact\"><span class=\"work-key\">Depends on</span> "
                    + (text.isEmpty ? HTMLEscaping.escape(item.dependencyText ?? "") : text) + "</span>")
        }
        for (key, value) in [
            ("Risk", item.risk), ("Priority", item.priority), ("Phase", item.phase), ("Wave", item.wave),
        ] {
            if let value, !value.isEmpty {
                facts.append(
                    "<span class=\"work-fact\"><span class=\"work-key\">\(key)</span> \(HTMLEscaping.escape(value))</span>"
                )
            }
        }
        if let file = item.file, let page = context.site.page(at: file) {
            facts.append(
                "<span class=\"work-fact\"><span class=\"work-key\">Story</span> <a href=\""
                    + HTMLEscaping.escapeURL(context.url(to: page.outputPath)) + "\">"
                    + HTMLEscaping.escape(page.title) + "</a></span>")
        }
        if let completed = item.completed {
            facts.append(
                "<span class=\"work-fact\"><span class=\"work-key\">Completed</span> \(HTMLEscaping.escape(completed))</span>"
            )
        }
        if let commits = item.commits {
            facts.append(
                "<span class=\"work-fact\"><span class=\"work-key\">Commits</span> <code>\(HTMLEscaping.escape(commits))</code></span>"
            )
        }
        if let entry {
            if item.status == .blocked {
                let reason = item.note.map { " — " + HTMLEscaping.escape($0) } ?? ""
                facts.append("<span class=\"work-state status-blocked\">Blocked\(reason)</span>")
            }
            if entry.inCycle {
                facts.append("<span class=\"work-state status-blocked\">In a dependency cycle</span>")
            } else if !entry.waitingFor.isEmpty {
                let links = entry.waitingFor.compactMap { report.entry($0) }.map { link(to: $0.item, status: false) }
                facts.append(
                    "<span class=\"work-state status-waiting\">Waiting for \(links.joined(separator: ", "))</span>")
            } else if entry.isReady {
                facts.append("<span class=\"work-state status-ready\">Ready to start</span>")
            }
        }
        if !facts.isEmpty { parts.append("<p class=\"work-facts\">" + facts.joined(separator: " ") + "</p>") }
        // The report's item holds the hints of the whole site's reading (a
        // roadmap's phase with no SUMMARY, the evidence from git) beside the
        // page's own.
        let hints = entry?.item.hints ?? item.hints
        if !hints.isEmpty { parts.append(StatusViews.hintList(hints.map(\.message))) }
        guard !parts.isEmpty else { return "" }
        return "<div class=\"work-details\">" + parts.joined() + "</div>\n"
    }

    /// A link to where an item is written, with a status dot.
    func link(to item: WorkItem, status: Bool) -> String {
        var href = item.sourcePath == context.page.sourcePath ? "" : pageURL(item.sourcePath)
        if let anchor = item.anchor { href += "#" + anchor }
        let dot = status ? "<span class=\"status-dot status-\(item.status.rawValue)\" aria-hidden=\"true\"></span>" : ""
        let label = HTMLEscaping.escape(item.id)
        let title = HTMLEscaping.escape(item.title + " — " + item.status.label)
        guard !href.isEmpty else { return "<span title=\"\(title)\">\(dot)\(label)</span>" }
        return "<a href=\"\(HTMLEscaping.escapeURL(href))\" title=\"\(title)\">\(dot)\(label)</a>"
    }

    private func pageURL(_ sourcePath: String) -> String {
        guard let page = context.site.page(at: sourcePath) else { return "" }
        return context.url(to: page.outputPath)
    }

    /// The progress of the whole document, under its title.
    func documentSummary() -> String {
        // The document's plan as the dashboard's row counts it: in its own
        // unit; a page of several units (a Task Master file's tags) sums theirs.
        let own = report.plans.filter { $0.scope == context.page.sourcePath }
        let units = Set(fact.unitHeadings.values).union(fact.unitAnchors.keys)
        let plans = own.isEmpty ? report.plans.filter { units.contains($0.scope) } : own
        let count = fact.count
        var parts: [String] = []
        let total = plans.reduce(0) { $0 + $1.unit.total }
        if total > 0 {
            let done = plans.reduce(0) { $0 + $1.unit.done }
            let underWay = plans.reduce(0) { sum, plan in
                sum + plan.entries.filter { $0.item.status == .inProgress || $0.item.status == .inReview }.count
            }
            let nouns = Set(plans.map(\.unit.noun))
            parts.append(
                StatusViews.progressBar(
                    done: done, total: total, inProgress: underWay,
                    noun: UnitProgress.plural(nouns.count == 1 ? nouns.first! : "item", total),
                    label: "Document progress"))
        }
        if count.total > 0 {
            // A data page's boxes are its tasks' subtasks.
            let noun = fact.unitAnchors.isEmpty ? "checkboxes" : "subtasks"
            parts.append(
                StatusViews.progressBar(
                    done: count.done, total: count.total, inProgress: count.inProgress, noun: noun,
                    label: fact.unitAnchors.isEmpty ? "Checkboxes in this document" : "Subtasks in this document"))
        }
        guard !parts.isEmpty else { return "" }
        var html = "<div class=\"doc-progress\">" + parts.joined()
        html +=
            "<p class=\"doc-progress-link\"><a href=\"\(context.url(to: StatusPlugin.pagePath))\">Status of all plans</a></p>"
        return html + "</div>\n"
    }

    /// A unit's progress under its heading on a page of several units (a
    /// Task Master tag): its tasks and their boxes, as the dashboard counts them.
    func unitSummary(_ folder: String) -> String {
        guard let unit = report.workUnits.first(where: { $0.unit.folder == folder }) else { return "" }
        let tasks = unit.tasks
        let boxes = unit.criteria
        var html = "<div class=\"doc-progress\">" + StatusViews.badge(unit.status, title: nil)
        if tasks.total > 0 {
            html += StatusViews.progressBar(
                done: tasks.done, total: tasks.total, inProgress: tasks.inProgress,
                noun: UnitProgress.plural(unit.taskNoun, tasks.total), label: "\(unit.unit.id) tasks")
        }
        if boxes.total > 0 {
            // A Task Master task's boxes are its subtasks; a BMAD story's, the tasks its file ticks.
            let noun = unit.unit.format == .taskMaster ? "subtasks" : "boxes"
            html += StatusViews.progressBar(
                done: boxes.done, total: boxes.total, inProgress: boxes.inProgress, noun: noun,
                label: "\(unit.unit.id) \(noun)")
        }
        return html + "</div>\n"
    }

    /// A BMAD story's acceptance criteria with the anchors its tasks link
    /// to: each item of their list (`criterion-2`), or their paragraph.
    func criterion(_ block: MarkdownNode, number: Int) throws -> String {
        guard case .list(let info) = block.kind else {
            let html = try context.renderer.renderDefault(block)
            guard html.hasPrefix("<p>") else { return html }
            return "<p id=\"criterion-\(number)\">" + html.dropFirst(3)
        }
        var html = info.start == 1 ? "<ol>\n" : "<ol start=\"\(info.start)\">\n"
        for (offset, item) in block.children.enumerated() {
            html += "<li id=\"criterion-\(number + offset)\">"
            html += try context.renderer.renderItemContent(of: item, tight: info.tight) + "</li>\n"
        }
        return html + "</ol>\n"
    }

    // MARK: Checklists

    /// A list drawn with read-only boxes for every kind of checkbox.
    func checklist(_ list: MarkdownNode) throws -> String {
        guard case .list(let info) = list.kind else { return "" }
        var html = "<ul class=\"contains-task-list\">\n"
        if info.ordered {
            html =
                info.start == 1
                ? "<ol class=\"contains-task-list\">\n" : "<ol start=\"\(info.start)\" class=\"contains-task-list\">\n"
        }
        let dashBox = PlanReader.dashBox(forPath: context.page.sourcePath, formats: report.formats)
        let markers = TaskMarkers(
            for: context.page, in: context.site, from: context.page.outputPath, formats: report.formats)
        for item in list.children {
            guard case .item(let task) = item.kind else { continue }
            let text = PlanReader.itemText(item)
            var status: WorkStatus?
            var shown = item
            if let task {
                status = PlanReader.boxStatus(task, item: item, text: text)
            } else if let box = PlanReader.nonStandardBox(text, dash: dashBox) {
                status = box.status
                shown = Self.withoutLeadingMark(item)
            } else if let first = text.first, let symbolStatus = StatusText.status(ofSymbol: first) {
                status = symbolStatus
                shown = Self.withoutLeadingMark(item)
            }
            guard let status else {
                html += "<li>" + (try context.renderer.renderItemContent(of: item, tight: info.tight)) + "</li>\n"
                continue
            }
            let checked = status == .done ? " checked" : ""
            html +=
                "<li class=\"task-list-item\"\(taskAnchor(text, line: item.line)) data-status=\"\(status.rawValue)\">"
            html += "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled\(checked)"
            // Every box is named by its status (a control needs a name, WCAG
            // 4.1.2): for in progress or cancelled the name says what the box cannot.
            html += " aria-label=\"\(status.label)\">"
            html +=
                " " + markers.decorate(try context.renderer.renderItemContent(of: shown, tight: info.tight)) + "</li>\n"
        }
        return html + (info.ordered ? "</ol>\n" : "</ul>\n")
    }

    /// ` id="T040"` for a task of a format's task list, where the dashboard's
    /// Ready next links to it; a task id written twice on the page anchors
    /// its first box only.
    private func taskAnchor(_ text: String, line: Int) -> String {
        guard let anchor = fact.taskAnchors[line] else { return "" }
        return " id=\"\(HTMLEscaping.escape(anchor))\""
    }

    /// The item with `[~] ` or `✅ ` taken off the front of its first paragraph.
    static func withoutLeadingMark(_ item: MarkdownNode) -> MarkdownNode {
        var shown = item
        guard var paragraph = shown.children.first, case .paragraph = paragraph.kind,
            case .text(let text)? = paragraph.children.first?.kind
        else { return item }
        paragraph.children[0].kind = .text(PlanReader.withoutMark(text))
        shown.children[0] = paragraph
        return shown
    }
}
