import SpecSiteKit

/// The data files the status plugin reads as pages of their own (see
/// ``Plugin/readsAsPage(_:)``): Task Master's `tasks.json`
/// (``TaskMasterPage``), BMAD's `sprint-status.yaml` (``BMADSprintPage``) and
/// Backlog.md's `backlog/config.yml` (``BacklogConfig``). Each is written as
/// markdown from its data, and read into work from its data, never from
/// that markdown.
enum DataPages {
    /// Whether a content path is one of them.
    static func reads(_ path: String) -> Bool {
        TaskMasterPage.isTaskFile(path) || BMADSprintPage.isSprintFile(path) || BacklogConfig.isConfigFile(path)
            || KittyStatus.isStatusFile(path)
    }

    /// A data page's markdown, or nil for any other page. A file whose data
    /// holds none of what it should is a page that says so, with a warning.
    static func markdown(for page: PageSource, diagnostics: DiagnosticLog) -> String? {
        func empty(_ title: String, _ note: String, warning: String?) -> String {
            if let warning, page.data != .null { diagnostics.warning(page.displayPath, line: 1, rule: .plan, warning) }
            return "# " + DataPageText.escaped(title) + "\n\n" + note + "\n"
        }
        // A part of a data file (a Task Master tag) is read by its file's name.
        let path = page.part?.file ?? page.sourcePath
        if TaskMasterPage.isTaskFile(path) {
            let title = TaskMasterPage.title(of: path)
            guard let file = TaskMasterFile.read(page.data, tasksOf: tasksRead(part: page.part, parts: page.parts))
            else {
                return empty(
                    title, "This file holds no Task Master tasks.",
                    warning: "no Task Master tasks found (expected tags holding \"tasks\" lists)")
            }
            if let part = page.part {
                guard let tag = TaskMasterPage.tagPage(file, part: part) else {
                    return empty(title, "This file no longer has the tag \(part.name).", warning: nil)
                }
                return TaskMasterPage.markdown(tag.file, title: tag.title, intro: tag.intro).text
            }
            if !page.parts.isEmpty { return TaskMasterPage.overview(file, title: title, parts: page.parts).text }
            return TaskMasterPage.markdown(file, title: title).text
        }
        if BMADSprintPage.isSprintFile(page.sourcePath) {
            let sprint = BMADSprint.read(page.data)
            guard let sprint else {
                return empty(
                    BMADSprintPage.title(nil), "This file holds no sprint status.",
                    warning: "no BMAD sprint status found (expected a development_status: map)")
            }
            return BMADSprintPage.markdown(sprint, title: BMADSprintPage.title(sprint)).text
        }
        if KittyStatus.isStatusFile(page.sourcePath) {
            guard let lanes = KittyStatus.lanes(page.data) else {
                return empty("Work package lanes", "This file lists no work packages.", warning: nil)
            }
            return KittyStatus.markdown(lanes, path: page.sourcePath)
        }
        if BacklogConfig.isConfigFile(page.sourcePath) {
            let title = "Backlog.md settings"
            guard let config = BacklogConfig.read(page.data) else {
                return empty(title, "This file lists no statuses.", warning: nil)
            }
            return config.markdown(title: title)
        }
        return nil
    }

    /// The tags whose tasks a Task Master page shows: a tag's page its
    /// own, the page of a file split into tags none, any other page all.
    static func tasksRead(part: DataPagePart?, parts: [DataPagePart]) -> Set<String>? {
        if let part { return [part.name] }
        return parts.isEmpty ? nil : []
    }

    /// What a data page holds as work, with warnings at the file's lines, or
    /// nil for any other page (a data file that could not be read holds none).
    static func read(_ page: Page) -> (PlanFact, [LineMessage])? {
        let path = page.part?.file ?? page.sourcePath
        guard reads(path) else { return nil }
        var warnings: [LineMessage] = []
        if TaskMasterPage.isTaskFile(path),
            let file = TaskMasterFile.read(page.data, tasksOf: tasksRead(part: page.part, parts: page.parts))
        {
            if let part = page.part {
                guard let tag = TaskMasterPage.tagPage(file, part: part) else { return (PlanFact(), []) }
                var fact = TaskMasterPage.fact(tag.file, path: path, intro: tag.intro, page: page, warnings: &warnings)
                // The page is the tag's: its progress is drawn under the title, not again under the tag.
                fact.unitHeadings = [:]
                return (fact, warnings)
            }
            if !page.parts.isEmpty { return (TaskMasterPage.overviewFact(file, page: page, path: path), []) }
            return (TaskMasterPage.fact(file, path: path, page: page, warnings: &warnings), warnings)
        }
        if BMADSprintPage.isSprintFile(page.sourcePath), let sprint = BMADSprint.read(page.data) {
            return (BMADSprintPage.fact(sprint, page: page, warnings: &warnings), warnings)
        }
        if KittyStatus.isStatusFile(page.sourcePath), let lanes = KittyStatus.lanes(page.data) {
            var fact = PlanFact()
            for (id, lane, _) in lanes where fact.kittyLanes[id] == nil { fact.kittyLanes[id] = lane }
            return (fact, [])
        }
        if BacklogConfig.isConfigFile(page.sourcePath), let config = BacklogConfig.read(page.data) {
            var fact = PlanFact()
            fact.backlogConfig = config
            return (fact, [])
        }
        return (PlanFact(), [])
    }
}
