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
    }

    /// A data page's markdown, or nil for any other page. A file whose data
    /// holds none of what it should is a page that says so, with a warning.
    static func markdown(for page: PageSource, diagnostics: DiagnosticLog) -> String? {
        func empty(_ title: String, _ note: String, warning: String?) -> String {
            if let warning, page.data != .null { diagnostics.warning(page.displayPath, line: 1, warning) }
            return "# " + DataPageText.escaped(title) + "\n\n" + note + "\n"
        }
        if TaskMasterPage.isTaskFile(page.sourcePath) {
            let title = TaskMasterPage.title(of: page.sourcePath)
            guard let file = TaskMasterFile.read(page.data) else {
                return empty(
                    title, "This file holds no Task Master tasks.",
                    warning: "no Task Master tasks found (expected tags holding \"tasks\" lists)")
            }
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
        if BacklogConfig.isConfigFile(page.sourcePath) {
            let title = "Backlog.md settings"
            guard let config = BacklogConfig.read(page.data) else {
                return empty(title, "This file lists no statuses.", warning: nil)
            }
            return config.markdown(title: title)
        }
        return nil
    }

    /// What a data page holds as work, with warnings at the file's lines, or
    /// nil for any other page (a data file that could not be read holds none).
    static func read(_ page: Page) -> (PlanFact, [LineMessage])? {
        guard reads(page.sourcePath) else { return nil }
        var warnings: [LineMessage] = []
        if TaskMasterPage.isTaskFile(page.sourcePath), let file = TaskMasterFile.read(page.data) {
            return (TaskMasterPage.fact(file, page: page, warnings: &warnings), warnings)
        }
        if BMADSprintPage.isSprintFile(page.sourcePath), let sprint = BMADSprint.read(page.data) {
            return (BMADSprintPage.fact(sprint, page: page, warnings: &warnings), warnings)
        }
        if BacklogConfig.isConfigFile(page.sourcePath), let config = BacklogConfig.read(page.data) {
            var fact = PlanFact()
            fact.backlogConfig = config
            return (fact, [])
        }
        return (PlanFact(), [])
    }
}
