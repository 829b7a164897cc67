import SpecSiteKit

/// A Task Master task file (`.taskmaster/tasks/tasks.json`, or `tasks/tasks.json`
/// as versions before tags wrote it), read from its data: tags, each a list of
/// tasks with their subtasks.
///
/// Task Master writes `{"master": {"tasks": [...], "metadata": {...}}, ...}`
/// since it has tags; before, `{"tasks": [...]}`, read as one tag, `master`
/// (what Task Master migrates such a file to). Ids are compared as text
/// (`1` and `"1"` are one id), within a tag: every tag numbers its tasks from 1.
struct TaskMasterFile: Sendable, Equatable {
    /// One tag: a list of tasks of its own.
    struct Tag: Sendable, Equatable {
        /// Its name (`master`, `feature-auth`).
        var name: String
        /// The file line of its key (1 for a file without tags).
        var line: Int
        /// Its metadata's description, if any.
        var description: String?
        /// Its tasks, in the file's order.
        var tasks: [Task]
    }

    /// A task or a subtask.
    struct Task: Sendable, Equatable {
        /// Its id as written (`3`; a subtask's own `2`, without its task's).
        var id: String
        var title: String
        /// The file line of its first key.
        var line: Int
        /// `pending`, `in-progress`, `review`, `done`, `deferred`, `cancelled`, or what else was written.
        var status: String?
        var statusLine: Int
        var priority: String?
        /// Ids as written: a task's are tasks of its tag (`"3.2"` names
        /// subtask 2 of task 3); a subtask's are its siblings (or `"3.2"`).
        var dependencies: [String]
        var dependencyLine: Int?
        var description: String?
        var details: String?
        var testStrategy: String?
        var subtasks: [Task]
        /// Subtasks of a subtask: Task Master writes none; counted nowhere, named in a warning.
        var nestedSubtasks = 0
    }

    var tags: [Tag]
    /// Whether it is the file from before tags (`{"tasks": [...]}`).
    var isLegacy: Bool

    /// Task Master's own statuses.
    static let statuses = ["pending", "in-progress", "review", "done", "deferred", "cancelled", "blocked"]

    /// The file's tags and tasks, or nil when the data holds no task list.
    /// `tasksOf` names the tags whose tasks are read (nil: every tag's);
    /// the others are listed with no tasks: a tag's own page reads its own,
    /// not every tag's of a large file.
    static func read(_ data: YAMLValue, tasksOf chosen: Set<String>? = nil) -> TaskMasterFile? {
        guard case .mapping(let entries) = data else { return nil }
        if let tasks = data["tasks"], case .sequence = tasks {
            let read = chosen?.contains("master") ?? true
            return TaskMasterFile(
                tags: [Tag(name: "master", line: 1, description: nil, tasks: read ? Self.tasks(tasks) : [])],
                isLegacy: true)
        }
        var tags: [Tag] = []
        for entry in entries {
            guard let tasks = entry.value["tasks"], case .sequence = tasks else { continue }
            let read = chosen?.contains(entry.key) ?? true
            tags.append(
                Tag(
                    name: entry.key, line: entry.line,
                    description: PlanCard.text(entry.value["metadata"]?["description"]),
                    tasks: read ? Self.tasks(tasks) : []))
        }
        return tags.isEmpty ? nil : TaskMasterFile(tags: tags, isLegacy: false)
    }

    private static func tasks(_ list: YAMLValue) -> [Task] {
        (list.array ?? []).compactMap { task(from: $0) }
    }

    private static func task(from value: YAMLValue) -> Task? {
        guard case .mapping(let entries) = value else { return nil }
        let line = entries.first?.line ?? 0
        func text(_ key: String) -> String? {
            guard let value = value[key]?.string?.trimmingSpaces, !value.isEmpty else { return nil }
            return value
        }
        let dependencies = (value["dependencies"]?.array ?? []).compactMap { $0.string?.trimmingSpaces }.filter {
            !$0.isEmpty
        }
        var subtasks: [Task] = []
        for sub in value["subtasks"]?.array ?? [] {
            guard var subtask = task(from: sub) else { continue }
            // One level is read; deeper ones are counted, to be named.
            subtask.nestedSubtasks = subtask.subtasks.count + subtask.subtasks.reduce(0) { $0 + $1.nestedSubtasks }
            subtask.subtasks = []
            subtasks.append(subtask)
        }
        return Task(
            id: text("id") ?? "?", title: text("title") ?? "(untitled)", line: line, status: text("status"),
            statusLine: entries.first { $0.key == "status" }?.line ?? line, priority: text("priority"),
            dependencies: dependencies, dependencyLine: entries.first { $0.key == "dependencies" }?.line,
            description: text("description"), details: text("details"), testStrategy: text("testStrategy"),
            subtasks: subtasks)
    }

    /// A status as written, read: Task Master's words first, then any word
    /// a plan may write (`completed`); `recognised` is false for one nothing
    /// understands, `standard` false for one Task Master does not write.
    static func status(_ written: String?) -> (status: WorkStatus, recognised: Bool, standard: Bool) {
        guard let written else { return (.notStarted, true, true) }
        switch written.lowercased() {
        case "pending": return (.notStarted, true, true)
        // Put off: not done, and never held back by anything.
        case "deferred": return (.notStarted, true, true)
        case "in-progress": return (.inProgress, true, true)
        case "review": return (.inReview, true, true)
        case "done": return (.done, true, true)
        case "cancelled": return (.cancelled, true, true)
        case "blocked": return (.blocked, true, true)
        default:
            let reading = StatusText.read(written)
            return (reading.recognised ? reading.status : .unknown, reading.recognised, false)
        }
    }
}

/// The parts of a Task Master page that the status plugin draws on: where
/// each tag's and task's heading and each subtask list is in the markdown
/// ``TaskMasterPage/markdown(_:)`` writes.
struct TaskMasterLayout: Sendable, Equatable {
    /// Markdown line of each tag's heading, by tag index.
    var tagHeadings: [Int] = []
    /// Markdown line of each task's heading, by tag index, then task index.
    var taskHeadings: [[Int]] = []
    /// Markdown line of each task's subtask list (0 when it has none).
    var subtaskLists: [[Int]] = []
}

/// Writes a Task Master file as a page: a section per tag, a heading per task
/// (its badge, progress and dependencies are drawn on it), its description,
/// its details in a quote, its subtasks as a task list.
enum TaskMasterPage {
    /// Whether a content path is a Task Master task file.
    static func isTaskFile(_ path: String) -> Bool {
        path.hasSuffix(".taskmaster/tasks/tasks.json") || path == "tasks/tasks.json"
            || path.hasSuffix("/tasks/tasks.json") && !path.contains(".taskmaster/") && isLegacyLocation(path)
    }

    /// `tasks/tasks.json` at a project's root, where Task Master wrote it
    /// before `.taskmaster/`: any folder's `tasks/tasks.json` but one inside
    /// another tool's folder.
    private static func isLegacyLocation(_ path: String) -> Bool {
        !path.split(separator: "/").dropLast(2).contains { $0.hasPrefix(".") || $0 == "node_modules" }
    }

    /// The folder of the project a task file belongs to: the one that holds
    /// `.taskmaster/` (or, for the older layout, `tasks/`).
    static func project(of path: String) -> String {
        var folder = OutputPaths.folderOf(path)
        folder = OutputPaths.folderOf(folder)
        if folder.hasSuffix(".taskmaster") || folder == ".taskmaster" { folder = OutputPaths.folderOf(folder) }
        return folder
    }

    /// The page's markdown and where its parts are. `intro`, one line of
    /// markdown, follows the title; by default it names the file's tags.
    static func markdown(
        _ file: TaskMasterFile, title: String, intro: String? = nil
    ) -> (text: String, layout: TaskMasterLayout) {
        var writer = DataPageText.Writer()
        var layout = TaskMasterLayout()
        writer.line("# " + DataPageText.escaped(title))
        writer.line("")
        let count = file.tags.count
        writer.line(
            intro
                ?? "Tasks written by Task Master, in \(count) \(count == 1 ? "tag" : "tags"): "
                + file.tags.map { DataPageText.escaped($0.name) }.joined(separator: ", ") + ".")
        for tag in file.tags {
            writer.line("")
            layout.tagHeadings.append(writer.next)
            writer.line("## Tag: " + DataPageText.escaped(tag.name))
            if let description = tag.description {
                writer.line("")
                writer.line(DataPageText.escaped(description))
            }
            var headings: [Int] = []
            var lists: [Int] = []
            for task in tag.tasks {
                writer.line("")
                headings.append(writer.next)
                writer.line("### " + DataPageText.escaped(task.id) + ". " + DataPageText.escaped(task.title))
                if let description = task.description {
                    writer.line("")
                    writer.line(DataPageText.escaped(description))
                }
                for (label, text) in [("Details", task.details), ("Test strategy", task.testStrategy)] {
                    guard let text else { continue }
                    writer.line("")
                    // In a quote, the author's markdown stays inside it: an
                    // unclosed code fence or a heading cannot take over the page.
                    writer.line("> **\(label)**")
                    writer.line(">")
                    for line in DataPageText.lines(text) { writer.line(line.isEmpty ? ">" : "> " + line) }
                }
                guard !task.subtasks.isEmpty else {
                    lists.append(0)
                    continue
                }
                writer.line("")
                lists.append(writer.next)
                for subtask in task.subtasks {
                    let status = TaskMasterFile.status(subtask.status).status
                    var text =
                        "- [\(DataPageText.box(status))] " + DataPageText.escaped(task.id + "." + subtask.id) + " "
                        + DataPageText.escaped(subtask.title)
                    if let written = subtask.status, !["done", "pending", "in-progress", "cancelled"].contains(written)
                    {
                        text += " *(" + DataPageText.escaped(written) + ")*"
                    }
                    // A subtask's dependencies name its siblings (`2`) or
                    // any task's subtask (`3.2`): written out in full.
                    if !subtask.dependencies.isEmpty {
                        let ids = subtask.dependencies.map { $0.contains(".") ? $0 : task.id + "." + $0 }
                        text += " · depends on " + ids.map(DataPageText.escaped).joined(separator: ", ")
                    }
                    writer.line(text)
                }
            }
            layout.taskHeadings.append(headings)
            layout.subtaskLists.append(lists)
        }
        return (writer.text, layout)
    }
}
