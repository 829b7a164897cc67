import SpecSiteKit

extension StatusReport {
    /// BMAD story files that a sprint status file lists (by the file's name,
    /// `1-2-login.md` for `1-2-login`, in the sprint's project): the sprint
    /// status wins, so the file's own story leaves the count, and the
    /// sprint's story takes its boxes and links to it; where the file's
    /// status disagrees, the sprint's story says so in a hint.
    static func linkStories(_ facts: [(page: Page, fact: PlanFact)]) -> [(page: Page, fact: PlanFact)] {
        var listed: [String: [(fact: Int, item: Int)]] = [:]
        for (offset, pair) in facts.enumerated() where BMADSprintPage.isSprintFile(pair.page.sourcePath) {
            for (index, item) in pair.fact.items.enumerated() where item.kind == .story {
                let key = item.key.drop { $0 != "#" }.dropFirst().prefix { $0 != "~" }
                listed[String(key), default: []].append((offset, index))
            }
        }
        guard !listed.isEmpty else { return facts }
        var linked = facts
        for (offset, pair) in facts.enumerated() {
            guard pair.fact.items.count == 1, let story = pair.fact.items.first, story.kind == .story,
                !BMADSprintPage.isSprintFile(pair.page.sourcePath)
            else { continue }
            let folder = OutputPaths.folderOf(pair.page.sourcePath)
            let sprints = (listed[BMADStory.key(ofPath: pair.page.sourcePath)] ?? []).filter {
                related(BMADSprintPage.project(of: facts[$0.fact].page.sourcePath), folder)
            }
            guard !sprints.isEmpty else { continue }
            linked[offset].fact.items = []
            linked[offset].fact.headingItems = [:]
            for place in sprints {
                var item = linked[place.fact].fact.items[place.item]
                item.checklist = story.checklist
                item.file = pair.page.sourcePath
                // The file's title is the one its author wrote; the key's words are a slug.
                item.title = story.title
                let boxes = story.checklist.total
                let open = boxes - story.checklist.done
                if story.statusStated, story.status != item.status, let text = story.statusText {
                    item.hint(
                        "its story file says '\(text)' (\(pair.page.sourcePath):\(story.line)); the sprint status"
                            + " '\(item.statusText ?? "")' is counted", line: item.line)
                }
                if item.status == .done, open > 0 {
                    item.hint(
                        "marked done, but \(open) of \(boxes) \(boxes == 1 ? "box is" : "boxes are") not ticked in"
                            + " its story file", line: item.line)
                }
                linked[place.fact].fact.items[place.item] = item
            }
        }
        return linked
    }
}
