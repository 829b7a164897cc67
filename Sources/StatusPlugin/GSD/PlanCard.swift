import SpecSiteKit

/// The summary card at the top of a GSD plan page, drawn from its front matter:
/// the plan's id and status, phase, wave, type, dependencies, the files it
/// modifies and its `must_haves` (truths, artifacts, key links).
///
/// Front matter is written by hand or by an agent, so every key may be missing
/// or have another shape than the template's (a string where a list belongs, a
/// list where a string belongs); the card shows what it can read and skips the
/// rest.
struct PlanCard {
    /// A plan this one depends on, resolved by the caller: its id, the link to
    /// its page (nil when there is none) and its status when known.
    typealias Dependency = (id: String, url: String?, status: WorkStatus?)

    /// The page's front matter.
    var frontMatter: YAMLValue
    /// `10-04`; nil to make it from `phase` and `plan`.
    var id: String?
    /// Where the plan stands.
    var status: WorkStatus?
    /// When it was completed (from its summary), as written.
    var completed: String?
    /// `depends_on`, resolved; nil to list the ids of `depends_on` without links.
    var dependsOn: [Dependency]?
    /// The number of `<task>`s in the body.
    var taskCount: Int?
    /// Whether it waits for unfinished dependencies (shown apart from its status).
    var waiting = false
    /// Whether it is a quick task (`quick-13`), whose `phase` and `plan` name no phase of the roadmap.
    var isQuickTask = false
    /// What to check (``Hint``): where its markers and the evidence disagree.
    var hints: [String] = []

    /// More modified files than this are listed collapsed.
    static let openFileLimit = 8

    /// Creates a card.
    init(
        id: String? = nil, frontMatter: YAMLValue, status: WorkStatus? = nil, completed: String? = nil,
        dependsOn: [Dependency]? = nil, taskCount: Int? = nil
    ) {
        self.frontMatter = frontMatter
        self.id = id
        self.status = status
        self.completed = completed
        self.dependsOn = dependsOn
        self.taskCount = taskCount
    }

    // MARK: - Reading the front matter

    /// The plan's id: the one given, else `PHASE-PLAN` (`10-04` from
    /// `phase: 10-visual-design-flow` and `plan: 04`).
    var planID: String? {
        if let id, !id.isEmpty { return id }
        let phase = Self.text(frontMatter["phase"]).map(Self.phaseNumber)
        let plan = Self.text(frontMatter["plan"])
        switch (phase, plan) {
        case (let phase?, let plan?): return phase + "-" + plan
        case (nil, let plan?): return plan
        case (let phase?, nil): return phase
        case (nil, nil): return nil
        }
    }

    /// "Plan 10-04", "Quick task 13".
    var title: String {
        if isQuickTask { return "Quick task " + (id.map { String($0.dropFirst("quick-".count)) } ?? "") }
        return planID.map { "Plan " + $0 } ?? "Plan"
    }

    /// `10` of `10-visual-design-flow`, `01.1` of `01.1-hotfix`, `05` of `05`.
    static func phaseNumber(_ phase: String) -> String {
        let number = phase.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return number.isEmpty ? phase : String(number)
    }

    /// `10 · Visual design flow` for `10-visual-design-flow`; a phase without a name as written.
    static func phaseLabel(_ phase: String) -> String {
        let number = phaseNumber(phase)
        guard number != phase else { return phase }
        let name = phase.dropFirst(number.count).drop { $0 == "-" || $0 == "_" || $0 == " " }
        guard !name.isEmpty else { return number }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        return number + " · " + words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The plan ids of `depends_on` as written: a list, one id, or ids separated
    /// by commas or spaces (`"03-01, 03-02"`, even `"[03-01]"` written as a
    /// string). The one reading of it, for the card and the status report.
    static func dependencyIDs(in frontMatter: YAMLValue) -> [String] {
        strings(frontMatter["depends_on"]).flatMap { $0.split(separator: " ").map(String.init) }
    }

    /// A scalar as text; a list of scalars joined by commas; nil for anything else or empty.
    static func text(_ value: YAMLValue?) -> String? {
        switch value {
        case .scalar(let text):
            let trimmed = GSDMarkup.trimmed(Substring(text))
            return trimmed.isEmpty ? nil : String(trimmed)
        case .sequence(let items):
            let texts = items.compactMap { item -> String? in
                if case .scalar = item { return text(item) }
                return nil
            }
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        default:
            return nil
        }
    }

    /// The ids front matter's `dependencies:` names (a list, or one line
    /// of ids split at commas), and its line: a Backlog.md task's, a Spec
    /// Kitty work package's.
    static func dependencies(of front: YAMLValue) -> (ids: [String], line: Int?) {
        let ids = strings(front["dependencies"]).flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
            .filter { !$0.isEmpty }
        return (ids, front.entries.first { $0.key == "dependencies" }?.line)
    }

    /// A list of strings from a list, or from one string split at commas.
    static func strings(_ value: YAMLValue?) -> [String] {
        switch value {
        case .sequence(let items):
            return items.compactMap { text($0) }
        case .scalar(let string):
            var list = GSDMarkup.trimmed(Substring(string))
            if list.first == "[", list.last == "]" { list = list.dropFirst().dropLast() }
            return list.split(separator: ",").map { piece in
                var item = GSDMarkup.trimmed(piece)
                if item.count >= 2, let first = item.first, first == "\"" || first == "'", item.last == first {
                    item = item.dropFirst().dropLast()
                }
                return String(item)
            }.filter { !$0.isEmpty }
        default:
            return []
        }
    }

    // MARK: - HTML

    /// The card's HTML.
    func html() -> String {
        var output = "<section class=\"gsd-plan-card\" aria-label=\"" + HTMLEscaping.escape(title) + "\">\n"
        output += "<div class=\"gsd-plan-card-header\"><h2 class=\"gsd-plan-card-title\">"
        output += HTMLEscaping.escape(title) + "</h2>"
        if let status { output += " " + Self.badge(status) }
        if waiting { output += " " + StatusViews.waitingBadge }
        output += "</div>\n"
        if !hints.isEmpty { output += StatusViews.hintList(hints) + "\n" }
        output += facts()
        output += files()
        output += mustHaves()
        return output + "</section>\n"
    }

    private func facts() -> String {
        var rows: [(String, String)] = []
        if !isQuickTask, let phase = Self.text(frontMatter["phase"]) {
            rows.append(("Phase", Self.escape(Self.phaseLabel(phase))))
        }
        if !isQuickTask, let plan = Self.text(frontMatter["plan"]) { rows.append(("Plan", Self.escape(plan))) }
        if let wave = Self.text(frontMatter["wave"]) { rows.append(("Wave", Self.escape(wave))) }
        if let type = Self.text(frontMatter["type"]) { rows.append(("Type", Self.escape(type))) }
        if let autonomous = frontMatter["autonomous"], let text = Self.text(autonomous) {
            let value = autonomous.bool.map { $0 ? "Yes" : "No" } ?? text
            rows.append(("Autonomous", Self.escape(value)))
        }
        if let taskCount { rows.append(("Tasks", taskCount == 1 ? "1 task" : "\(taskCount) tasks")) }
        if let completed, !completed.isEmpty { rows.append(("Completed", Self.escape(completed))) }
        let dependencies = dependsOn ?? Self.dependencyIDs(in: frontMatter).map { ($0, nil, nil) }
        if !dependencies.isEmpty {
            var list = "<ul class=\"gsd-deps\">"
            for dependency in dependencies {
                list += "<li>"
                if let url = dependency.url {
                    list += "<a href=\"" + HTMLEscaping.escapeURL(url) + "\">" + Self.escape(dependency.id) + "</a>"
                } else {
                    list += "<span class=\"gsd-dep\">" + Self.escape(dependency.id) + "</span>"
                }
                if let status = dependency.status { list += " " + Self.badge(status) }
                list += "</li>"
            }
            rows.append(("Depends on", list + "</ul>"))
        }
        let requirements = Self.strings(frontMatter["requirements"])
        if !requirements.isEmpty {
            rows.append(
                ("Requirements", requirements.map { "<code>" + Self.escape($0) + "</code>" }.joined(separator: " ")))
        }
        guard !rows.isEmpty else { return "" }
        var output = "<dl class=\"gsd-plan-facts\">\n"
        for (term, value) in rows { output += "<div><dt>\(term)</dt><dd>\(value)</dd></div>\n" }
        return output + "</dl>\n"
    }

    private func files() -> String {
        let files = Self.strings(frontMatter["files_modified"])
        guard !files.isEmpty else { return "" }
        var list = "<ul class=\"gsd-file-list\">"
        for file in files { list += "<li><code>" + Self.escape(file) + "</code></li>" }
        list += "</ul>\n"
        let heading = "Files modified (\(files.count))"
        if files.count > Self.openFileLimit {
            return "<details class=\"gsd-plan-files\">\n<summary class=\"gsd-card-heading\">\(heading)</summary>\n"
                + list + "</details>\n"
        }
        return "<div class=\"gsd-plan-files\">\n<h3 class=\"gsd-card-heading\">\(heading)</h3>\n" + list + "</div>\n"
    }

    private func mustHaves() -> String {
        guard let mustHaves = frontMatter["must_haves"] else { return "" }
        var body = ""
        // A bare list (or string) under must_haves reads as its truths.
        let truths = Self.strings(mustHaves.entries.isEmpty ? mustHaves : mustHaves["truths"])
        if !truths.isEmpty {
            body += "<h4 class=\"gsd-card-subheading\">Truths</h4>\n<ul class=\"gsd-truths\">\n"
            for truth in truths { body += "<li>" + Self.escape(truth) + "</li>\n" }
            body += "</ul>\n"
        }
        body += Self.table(
            "Artifacts", mustHaves["artifacts"], columns: ["path", "provides", "contains", "exports", "min_lines"],
            code: ["path", "contains", "exports"])
        body += Self.table(
            "Key links", mustHaves["key_links"], columns: ["from", "to", "via", "pattern"], code: ["pattern"])
        guard !body.isEmpty else { return "" }
        return "<div class=\"gsd-must-haves\">\n<h3 class=\"gsd-card-heading\">Must haves</h3>\n" + body + "</div>\n"
    }

    /// A table of mappings (`- path: … provides: …`): the known columns present
    /// in some row, then any other keys; a plain string is a row with only the first column.
    private static func table(_ title: String, _ value: YAMLValue?, columns known: [String], code: Set<String>)
        -> String
    {
        guard let value else { return "" }
        let items: [YAMLValue]
        switch value {
        case .sequence(let list): items = list
        case .null: return ""
        default: items = [value]
        }
        let rows: [[String: String]] = items.compactMap { item in
            if case .scalar = item, let text = text(item) { return [known[0]: text] }
            var row: [String: String] = [:]
            for entry in item.entries { row[entry.key] = text(entry.value) }
            return row.isEmpty ? nil : row
        }
        guard !rows.isEmpty else { return "" }
        var columns = known.filter { key in rows.contains { $0[key] != nil } }
        for item in items {
            for entry in item.entries
            where !columns.contains(entry.key) && rows.contains(where: { $0[entry.key] != nil }) {
                columns.append(entry.key)
            }
        }
        var output = "<h4 class=\"gsd-card-subheading\">\(title)</h4>\n<div class=\"table-wrap\">\n"
        output += "<table class=\"gsd-table\">\n<thead>\n<tr>"
        for column in columns { output += "<th>" + escape(GSDRender.title(column)) + "</th>" }
        output += "</tr>\n</thead>\n<tbody>\n"
        for row in rows {
            output += "<tr>"
            for column in columns {
                let cell = row[column].map(escape) ?? ""
                output += code.contains(column) && !cell.isEmpty ? "<td><code>\(cell)</code></td>" : "<td>\(cell)</td>"
            }
            output += "</tr>\n"
        }
        return output + "</tbody>\n</table>\n</div>\n"
    }

    /// `<span class="status-badge status-done">Done</span>`.
    static func badge(_ status: WorkStatus) -> String {
        "<span class=\"status-badge status-\(status.rawValue)\">\(escape(status.label))</span>"
    }

    private static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
