import SpecSiteKit

/// Reads a Backlog.md task file (`backlog/tasks/task-12 - Title.md`): one
/// task, whose front matter states its id, title, status, priority and
/// dependencies, and whose boxes are its acceptance criteria.
enum BacklogTask {
    /// The task as the page's one work item, the page's boxes its criteria.
    ///
    /// Its status is the front matter's `status:` read as any status is
    /// (`To Do`, `In Progress`, `Done`; a word nothing understands is
    /// unknown, with a warning); a task in `completed/` is done whatever it
    /// says. A task in `archive/` or `drafts/` is history.
    static func read(_ page: Page, unit: WorkUnit, fact: inout PlanFact, warnings: inout [LineMessage]) {
        let front = page.frontMatter
        let id = PlanCard.text(front["id"]) ?? unit.id
        let title = PlanCard.text(front["title"]) ?? page.title
        let line = front.entries.first { $0.key == "status" }?.line ?? page.bodyFirstLine
        var item = WorkItem(
            id: id, key: page.sourcePath + "#" + id, kind: .task, title: title, sourcePath: page.sourcePath,
            displayPath: page.displayPath, line: line)
        if unit.completed {
            item.status = .done
            item.statusStated = true
            item.statusText = PlanCard.text(front["status"])
        } else if let said = PlanCard.text(front["status"]) {
            let reading = StatusText.read(said)
            // A word no plan uses may be one of the backlog's own statuses
            // (`Needs Triage`): the report reads it with `backlog/config.yml`,
            // and warns of it there when the settings do not list it either.
            item.status = reading.recognised ? reading.status : .unknown
            item.statusStated = true
            item.statusText = said
        }
        item.priority = PlanCard.text(front["priority"])
        (item.dependencyIDs, item.dependencyLine) = PlanCard.dependencies(of: front)
        item.archived = unit.archived
        // Every box on the page is one of its criteria.
        fact.ownAllBoxes(by: item)
        let open = fact.items[0].checklist.total - fact.items[0].checklist.done
        if item.status == .done, open > 0 {
            let boxes = fact.items[0].checklist.total
            fact.items[0].hint(
                "marked done, but \(open) of \(boxes) acceptance \(boxes == 1 ? "criterion is" : "criteria are") not ticked",
                line: line)
        }
    }
}
