import SpecSiteKit

/// Writes a BMAD sprint status file as a page: a section per epic with its
/// progress, a heading per story (its badge and readiness are drawn on it),
/// its retrospectives; and reads it into work: a ``WorkItem`` of kind
/// `story` per story key, scoped to its epic.
enum BMADSprintPage {
    /// Whether a content path is a sprint status file (`sprint-status.yaml`,
    /// `sprint-status-story-generator.yaml`).
    static func isSprintFile(_ path: String) -> Bool {
        let name = GSDFiles.fileName(path).lowercased()
        return name.hasPrefix("sprint-status") && (name.hasSuffix(".yaml") || name.hasSuffix(".yml"))
    }

    /// The folder of the project a sprint file belongs to: the one that
    /// holds BMAD's output folder (`_bmad-output/`, `docs/`), else its own.
    static func project(of path: String) -> String {
        let folder = OutputPaths.folderOf(path)
        let parts = folder.split(separator: "/").map(String.init)
        if let output = parts.lastIndex(where: { $0 == "_bmad-output" || $0 == "docs" || $0 == ".bmad" }) {
            return parts[..<output].joined(separator: "/")
        }
        return folder
    }

    /// The page's title.
    static func title(_ sprint: BMADSprint?) -> String {
        guard let project = sprint?.project, !project.isEmpty else { return "Sprint status" }
        return "Sprint status: " + project
    }

    /// `epic-1` → `Epic 1`, `epic-3-5` → `Epic 3.5`, `supp-epic-1` →
    /// `Supplementary epic 1`; `stories` (see ``BMADSprint/Epic/id``) → `Stories in no epic`.
    static func epicTitle(id key: String) -> String {
        if key == "stories" { return "Stories in no epic" }
        if key.hasPrefix("supp-epic-") {
            return "Supplementary epic " + key.dropFirst("supp-epic-".count).replacingOccurrences(of: "-", with: ".")
        }
        return "Epic " + key.dropFirst("epic-".count).replacingOccurrences(of: "-", with: ".")
    }

    /// Where the page's parts are, by markdown line.
    struct Layout: Sendable, Equatable {
        var epicHeadings: [Int] = []
        var storyHeadings: [[Int]] = []
    }

    /// The page's markdown and where its parts are.
    static func markdown(_ sprint: BMADSprint, title: String) -> (text: String, layout: Layout) {
        var writer = DataPageText.Writer()
        var layout = Layout()
        writer.line("# " + DataPageText.escaped(title))
        writer.line("")
        let stories = sprint.epics.reduce(0) { $0 + $1.stories.count }
        writer.line(
            "The sprint as BMAD tracks it: \(stories) \(stories == 1 ? "story" : "stories") in"
                + " \(sprint.epics.count) \(sprint.epics.count == 1 ? "epic" : "epics").")
        for epic in sprint.epics {
            writer.line("")
            layout.epicHeadings.append(writer.next)
            writer.line("## " + DataPageText.escaped(epicTitle(id: epic.id)))
            if let entry = epic.entry {
                writer.line("")
                writer.line(
                    "`" + entry.key + "`: " + DataPageText.escaped(entry.status ?? "no status") + " (as written)")
            }
            var headings: [Int] = []
            for story in epic.stories {
                writer.line("")
                headings.append(writer.next)
                writer.line(
                    "### " + DataPageText.escaped(BMADSprint.number(of: story.key)) + " "
                        + DataPageText.escaped(BMADSprint.title(of: story.key)))
                writer.line("")
                writer.line("`" + story.key + "`")
            }
            layout.storyHeadings.append(headings)
            if !epic.retrospectives.isEmpty {
                writer.line("")
                for retrospective in epic.retrospectives {
                    writer.line(
                        "- Retrospective `" + retrospective.key + "`: "
                            + DataPageText.escaped(retrospective.status ?? "no status"))
                }
            }
        }
        return (writer.text, layout)
    }

    /// The stories as work items, each in its epic's scope; statuses BMAD
    /// does not write get a hint, unknown ones a warning; an epic whose
    /// written status disagrees with its stories gets a warning.
    static func fact(_ sprint: BMADSprint, page: Page, warnings: inout [LineMessage]) -> PlanFact {
        let layout = markdown(sprint, title: "").layout
        let anchors = DataPageText.headingAnchors(of: page)
        var fact = PlanFact()
        fact.unitPageTitle = page.title
        var seen: [String: Int] = [:]
        for (epicIndex, epic) in sprint.epics.enumerated() {
            let scope = page.sourcePath + "#" + epic.id
            fact.unitAnchors[scope] = anchors[layout.epicHeadings[epicIndex]]
            fact.unitHeadings["heading:\(layout.epicHeadings[epicIndex])"] = scope
            var statuses: [WorkStatus] = []
            for (storyIndex, story) in epic.stories.enumerated() {
                let heading = layout.storyHeadings[epicIndex][storyIndex]
                var item = WorkItem(
                    id: BMADSprint.number(of: story.key), key: page.sourcePath + "#" + story.key, kind: .story,
                    title: BMADSprint.title(of: story.key), sourcePath: page.sourcePath,
                    displayPath: page.displayPath, line: story.line, anchor: anchors[heading])
                item.scope = scope
                if let first = seen[story.key] {
                    warnings.append(
                        LineMessage(
                            line: story.line, message: "story \(story.key) is listed twice (first on line \(first))"))
                    item.key += "~\(story.line)"
                } else {
                    seen[story.key] = story.line
                }
                let reading = BMADSprint.status(story.status)
                item.status = reading.status
                item.statusStated = story.status != nil
                item.statusText = story.status
                if !reading.recognised {
                    warnings.append(
                        LineMessage(
                            line: story.line,
                            rule: .unknownStatus,
                            message: "story \(story.key): unknown status '\(story.status ?? "")'; counted as not done"))
                } else if !reading.standard {
                    item.hint(
                        "status '\(story.status ?? "")' is not one BMAD writes; read as"
                            + " \(reading.status.label.lowercased())", line: story.line)
                }
                statuses.append(item.status)
                fact.headingItems["heading:\(heading)"] = fact.items.count
                fact.items.append(item)
            }
            if let entry = epic.entry, let message = epicDisagreement(entry, stories: statuses) {
                warnings.append(LineMessage(line: entry.line, message: message))
            }
        }
        return fact
    }

    /// What is wrong with an epic's written status, given its stories': done
    /// with stories not done, or not done with every story done.
    private static func epicDisagreement(_ epic: BMADSprint.Entry, stories: [WorkStatus]) -> String? {
        let written = BMADSprint.status(epic.status).status
        let counted = stories.filter(\.counts)
        guard !counted.isEmpty else { return nil }
        let done = counted.filter { $0 == .done }.count
        if written == .done, done < counted.count {
            return "\(epic.key) is marked \(epic.status ?? "done"), but \(counted.count - done) of its"
                + " \(counted.count) stories are not done"
        }
        if written != .done, done == counted.count {
            return "\(epic.key) is marked \(epic.status ?? "without a status"), but all its \(counted.count)"
                + " \(counted.count == 1 ? "story is" : "stories are") done"
        }
        return nil
    }
}
