import SpecSiteKit

/// Draws the markers a format's task writes before its text: spec-kit's
/// `T012 [P] [US1] Album model` becomes the id in code type, a "parallel"
/// tag and a link to user story 1 in the feature's spec; Kiro's
/// `_Requirements: 1.1, 2.3_` links each number to its requirement.
///
/// It works on the item's rendered HTML: the markers are plain text at the
/// start of the first paragraph (or inside one `<em>` for Kiro), so a pass
/// over that prefix is enough, and the markdown renderer stays the one owner
/// of everything else in the item.
struct TaskMarkers {
    /// `US1` → the URL of user story 1 in the unit's spec.
    var stories: [String: String] = [:]
    /// `1` → the URL of requirement 1 in the unit's requirements.
    var requirements: [String: String] = [:]
    /// `2` → `#criterion-2`: a BMAD story's acceptance criteria, on its own page.
    var criteria: [String: String] = [:]
    /// The anchors of the task list's own tasks (`T012`, `task-2.1`): a task's
    /// `depends on T012` links to it.
    var tasks: Set<String> = []
    /// Whether the page is a format's task list: no other page's text is touched.
    var isTaskList = false

    /// The links of the unit the page is the task list of: the headings
    /// `User Story 1 - …` of its `spec.md`, `Requirement 1: …` of its
    /// `requirements.md`. Empty for any other page.
    init(for page: Page, in site: Site, from outputPath: String, formats: FormatFolders) {
        // A BMAD story's tasks cite its criteria: `(AC: #2)`, `(AC1, AC3)`.
        if BMADStory.name(ofPath: page.sourcePath) != nil, let fact = StatusPlugin.fact(of: page, in: site) {
            criteria = fact.criteria.mapValues { "#" + $0 }
            isTaskList = !criteria.isEmpty
            return
        }
        guard let unit = formats.unit(ofPath: page.sourcePath),
            !PlanLayout.isRecord(page.sourcePath, in: unit)
        else { return }
        isTaskList = true
        tasks = Set(StatusPlugin.fact(of: page, in: site)?.taskAnchors.values ?? [:].values)
        func anchors(_ file: String, _ pattern: Regex<(Substring, Substring)>) -> [String: String] {
            guard let spec = site.page(at: unit.folder + "/" + file) else { return [:] }
            var found: [String: String] = [:]
            let url = site.url(from: outputPath, to: spec.outputPath)
            for heading in spec.document.headings {
                guard let match = try? pattern.prefixMatch(in: heading.text) else { continue }
                let key = String(match.1)
                if found[key] == nil { found[key] = url + "#" + heading.id }
            }
            return found
        }
        stories = anchors("spec.md", Self.storyHeading).reduce(into: [:]) { $0["US" + $1.key] = $1.value }
        requirements = anchors("requirements.md", Self.requirementHeading)
    }

    nonisolated(unsafe) static let storyHeading = /(?i)user\s+story\s+(\d{1,3})\b/
    nonisolated(unsafe) static let requirementHeading = /(?i)requirement\s+(\d{1,3}[A-Z]?)\b/
    /// `T012 [P] [US1] ` (the id bold or not) at the start of a task's HTML.
    nonisolated(unsafe) static let lead =
        /^(<p>)?(?:<strong>)?(T\d{2,4}[a-z]?)(?:<\/strong>)?((?:\s+\[(?:P|US\d{1,3}|Story\s*\d{1,3})\])*)(?=\s)/
    nonisolated(unsafe) static let marker = /\[(P|US\d{1,3}|Story\s*\d{1,3})\]/
    /// `(AC: #1, #3)`, `(AC2`, `(AC: AC1, AC2`, `(ACs 1/2`: a BMAD task citing its story's criteria.
    nonisolated(unsafe) static let criteriaCitation =
        /\(ACs?:?\s*(?:AC\s*)?#?\d{1,2}(?:\s*(?:,|\/|and)\s*(?:AC\s*)?#?\d{1,2})*/
    /// A task id a dependency names: `T012`, `2.1`.
    nonisolated(unsafe) static let dependencyID = /T\d{2,4}[a-z]?|\b\d{1,3}(?:\.\d{1,3})*\b/
    /// One criterion of such a citation: `#2`, `AC2`, `2`.
    nonisolated(unsafe) static let criterionNumber = /(?:AC\s*)?#?(\d{1,2})/
    /// `<em>Requirements: 1.1, 2.3</em>` as Kiro writes it under a task.
    nonisolated(unsafe) static let requirementsLine = /<em>(Requirements?:)\s*([0-9A-Z., ]{1,200})<\/em>/

    /// The item's HTML with its markers drawn.
    func decorate(_ html: String) -> String {
        guard isTaskList else { return html }
        var html = html
        if html.utf8.contains(UInt8(ascii: "[")), let match = try? Self.lead.prefixMatch(in: html) {
            var drawn = (match.1.map(String.init) ?? "") + "<span class=\"task-id\">\(match.2)</span>"
            for marker in match.3.matches(of: Self.marker) {
                drawn += " " + tag(String(marker.1))
            }
            html = drawn + html[match.range.upperBound...]
        }
        if !criteria.isEmpty, html.contains("(AC") {
            html = html.replacing(Self.criteriaCitation) { (match: Regex<Substring>.Match) -> String in
                String(match.output).replacing(Self.criterionNumber) { number -> String in
                    guard let url = criteria[String(number.output.1)] else { return String(number.output.0) }
                    return "<a href=\"\(HTMLEscaping.escapeURL(url))\">\(number.output.0)</a>"
                }
            }
        }
        if !tasks.isEmpty, html.contains("epend") || html.contains("locked by") {
            html = html.replacing(TaskDependencies.phrase) { (match: Regex<(Substring, Substring)>.Match) -> String in
                String(match.output.0).replacing(Self.dependencyID) { (id: Regex<Substring>.Match) -> String in
                    let anchor = PlanReader.taskAnchor(String(id.output))
                    guard tasks.contains(anchor) else { return String(id.output) }
                    return "<a href=\"#\(HTMLEscaping.escapeURL(anchor))\">\(id.output)</a>"
                }
            }
        }
        if !requirements.isEmpty, html.contains("<em>Requirement") {
            html = html.replacing(Self.requirementsLine) { match in
                let numbers = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let links = numbers.map { number -> String in
                    let requirement = String(number.prefix { $0 != "." })
                    guard let url = requirements[requirement] else { return HTMLEscaping.escape(number) }
                    return "<a href=\"\(HTMLEscaping.escapeURL(url))\">\(HTMLEscaping.escape(number))</a>"
                }
                return "<em>\(match.1) \(links.joined(separator: ", "))</em>"
            }
        }
        return html
    }

    /// `P` as a tag that says what it means; `US1` as a link to its story.
    private func tag(_ marker: String) -> String {
        if marker == "P" {
            return "<span class=\"task-tag\" title=\"Can run in parallel with other [P] tasks\">P</span>"
        }
        let number = marker.filter(\.isNumber)
        let story = "US" + number
        guard let url = stories[story] else {
            return "<span class=\"task-tag\" title=\"User story \(number)\">\(story)</span>"
        }
        return
            "<a class=\"task-tag\" href=\"\(HTMLEscaping.escapeURL(url))\" title=\"User story \(number)\">\(story)</a>"
    }
}
