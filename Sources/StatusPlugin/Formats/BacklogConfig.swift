import SpecSiteKit

/// A Backlog.md project's `backlog/config.yml`: its statuses, in order (the
/// board's columns), and the one a new task gets. Read as a page of its own
/// (the backlog's settings), so that a task's custom status (`Needs Triage`,
/// `Ready for Agent`) is understood rather than warned about.
struct BacklogConfig: Sendable, Equatable, Codable {
    /// The statuses, as written, in order.
    var statuses: [String]
    /// `default_status`, if written.
    var defaultStatus: String?
    /// The line of `statuses:`.
    var line: Int

    /// Whether a content path is a backlog's settings (`backlog/config.yml`, `.backlog/config.yml`).
    static func isConfigFile(_ path: String) -> Bool {
        path == "backlog/config.yml" || path == ".backlog/config.yml" || path.hasSuffix("/backlog/config.yml")
            || path.hasSuffix("/.backlog/config.yml")
    }

    /// The project a settings file belongs to: the folder that holds `backlog/`.
    static func project(of path: String) -> String {
        OutputPaths.folderOf(OutputPaths.folderOf(path))
    }

    /// The settings in a config file's data, or nil when it lists no statuses.
    static func read(_ data: YAMLValue) -> BacklogConfig? {
        let statuses = (data["statuses"]?.array ?? []).compactMap { PlanCard.text($0) }
        guard !statuses.isEmpty else { return nil }
        return BacklogConfig(
            statuses: statuses, defaultStatus: PlanCard.text(data["default_status"]),
            line: data.entries.first { $0.key == "statuses" }?.line ?? 1)
    }

    /// A status no plan's words tell, read by its place on the board: the
    /// default (or first) column is not started, the last is done, one
    /// between is under way; nil when the settings do not list it.
    func status(of written: String) -> WorkStatus? {
        let lowered = written.lowercased()
        guard let index = statuses.firstIndex(where: { $0.lowercased() == lowered }) else { return nil }
        if lowered == defaultStatus?.lowercased() || index == 0 { return .notStarted }
        return index == statuses.count - 1 ? .done : .inProgress
    }

    /// The settings page's markdown.
    func markdown(title: String) -> String {
        var writer = DataPageText.Writer()
        writer.line("# " + DataPageText.escaped(title))
        writer.line("")
        writer.line("The statuses of this backlog's tasks, in the order of its board:")
        writer.line("")
        for (index, status) in statuses.enumerated() {
            var note = ""
            if status == defaultStatus || (defaultStatus == nil && index == 0) { note = " (a new task's)" }
            writer.line("\(index + 1). " + DataPageText.escaped(status) + note)
        }
        writer.line("")
        writer.line("A status that is no plan's word is read by its place: the first is not started, the last done,")
        writer.line("one between under way.")
        return writer.text
    }
}

extension StatusReport {
    /// Backlog.md tasks whose status is no plan's word, read with their
    /// project's `backlog/config.yml` (see ``BacklogConfig/status(of:)``);
    /// those it does not list either stay unknown, with a warning each.
    static func readBacklogStatuses(
        _ facts: [(page: Page, fact: PlanFact)], formats: FormatFolders
    ) -> (facts: [(page: Page, fact: PlanFact)], problems: [Problem]) {
        var configs: [String: BacklogConfig] = [:]
        for (page, fact) in facts {
            if let config = fact.backlogConfig { configs[BacklogConfig.project(of: page.sourcePath)] = config }
        }
        var read = facts
        var problems: [Problem] = []
        for offset in facts.indices {
            guard let item = facts[offset].fact.items.first, item.kind == .task, item.status == .unknown,
                let written = item.statusText, let unit = formats.unit(of: item), unit.format == .backlogMD
            else { continue }
            let config = configs[unit.project]
            if let status = config?.status(of: written) {
                read[offset].fact.items[0].status = status
                continue
            }
            let listed = config.map { " (not one of backlog/config.yml's: \($0.statuses.joined(separator: ", ")))" }
            problems.append(
                problem(
                    at: item, "unknown status '\(written)'; counted as not done" + (listed ?? ""), rule: .unknownStatus)
            )
        }
        return (read, problems)
    }
}
