import SpecSiteKit

extension TaskMasterPage {
    /// The page's title: `Task Master tasks`, with its project's folder when
    /// it is not the site's root.
    static func title(of path: String) -> String {
        let project = project(of: path)
        return project.isEmpty ? "Task Master tasks" : "Task Master tasks: " + project
    }

    /// What a Task Master page holds as work: a ``WorkItem`` of kind `task`
    /// per task, scoped to its tag (its dependencies name tasks of that tag),
    /// its subtasks as its boxes. Statuses Task Master does not write
    /// (`completed`) are read as a plan's words are, with a hint; a task
    /// marked done with subtasks not done, or the other way round, gets a
    /// hint; subtasks of subtasks are named in a warning, not counted.
    /// `path` is the file's content path (a tag's page has its own), `intro`
    /// the page's first line as ``markdown(_:title:intro:)`` was given it.
    static func fact(
        _ file: TaskMasterFile, path: String, intro: String? = nil, page: Page, warnings: inout [LineMessage]
    ) -> PlanFact {
        let layout = markdown(file, title: "", intro: intro).layout
        let anchors = DataPageText.headingAnchors(of: page)
        var fact = PlanFact()
        fact.unitPageTitle = page.title
        for (tagIndex, tag) in file.tags.enumerated() {
            let scope = path + "#" + tag.name
            fact.unitAnchors[scope] = anchors[layout.tagHeadings[tagIndex]]
            fact.unitHeadings["heading:\(layout.tagHeadings[tagIndex])"] = scope
            var seen: [String: Int] = [:]
            for (taskIndex, task) in tag.tasks.enumerated() {
                var key = scope + "/" + task.id
                if let first = seen[task.id] {
                    warnings.append(
                        LineMessage(
                            line: task.line,
                            message: "tag '\(tag.name)' has two tasks with id \(task.id) (the first on line \(first));"
                                + " both are counted"))
                    key += "~\(task.line)"
                } else {
                    seen[task.id] = task.line
                }
                let heading = layout.taskHeadings[tagIndex][taskIndex]
                var item = WorkItem(
                    id: task.id, key: key, kind: .task, title: task.title, sourcePath: page.sourcePath,
                    displayPath: page.displayPath, line: task.line, anchor: anchors[heading])
                item.scope = scope
                item.priority = task.priority
                read(task.status, line: task.statusLine, into: &item, warnings: &warnings)
                item.dependencyText = task.dependencies.isEmpty ? nil : task.dependencies.joined(separator: ", ")
                item.dependencyLine = task.dependencyLine
                for dependency in task.dependencies {
                    // `3.2`, a subtask of task 3: the graph draws tasks, so it waits for task 3.
                    if let dot = dependency.firstIndex(of: "."), dot != dependency.startIndex {
                        let parent = String(dependency[..<dot])
                        item.hint(
                            "depends on subtask \(dependency); shown as waiting for task \(parent)",
                            line: task.dependencyLine ?? task.line)
                        if !item.dependencyIDs.contains(parent) { item.dependencyIDs.append(parent) }
                    } else if !item.dependencyIDs.contains(dependency) {
                        item.dependencyIDs.append(dependency)
                    }
                }
                let owner = fact.items.count
                var unfinished: [String] = []
                for subtask in task.subtasks {
                    let reading = TaskMasterFile.status(subtask.status)
                    let id = task.id + "." + subtask.id
                    if !reading.recognised {
                        warnings.append(
                            LineMessage(
                                line: subtask.statusLine,
                                rule: .unknownStatus,
                                message: "subtask \(id): unknown status '\(subtask.status ?? "")'; counted as not done")
                        )
                    } else if !reading.standard {
                        item.hint(
                            "subtask \(id) has status '\(subtask.status ?? "")', which Task Master does not write;"
                                + " read as \(reading.status.label.lowercased())", line: subtask.statusLine)
                    }
                    if subtask.nestedSubtasks > 0 {
                        let count = subtask.nestedSubtasks
                        warnings.append(
                            LineMessage(
                                line: subtask.line,
                                message: "subtask \(id) has \(count) \(count == 1 ? "subtask" : "subtasks") of its own,"
                                    + " which Task Master does not write; not counted"))
                    }
                    if reading.status != .done && reading.status != .cancelled {
                        unfinished.append(id + (subtask.status.map { " " + $0 } ?? ""))
                    }
                    item.checklist.add(reading.status)
                    fact.entries.append(
                        ChecklistEntry(
                            text: id + " " + subtask.title, status: reading.status, line: subtask.line, depth: 0,
                            owner: owner))
                }
                let boxes = item.checklist.total
                if item.status == .done, !unfinished.isEmpty {
                    item.hint(
                        "marked done, but \(unfinished.count) of \(task.subtasks.count) subtasks"
                            + " \(unfinished.count == 1 ? "is" : "are") not done: "
                            + unfinished.prefix(5).joined(separator: ", ") + (unfinished.count > 5 ? ", …" : ""),
                        line: task.statusLine)
                } else if item.status != .done, item.status.counts, boxes > 0, item.checklist.done == boxes {
                    item.hint(
                        "all \(boxes) subtasks are done, but the task is marked \(task.status ?? "pending")",
                        line: task.statusLine)
                }
                fact.headingItems["heading:\(heading)"] = owner
                let list = layout.subtaskLists[tagIndex][taskIndex]
                if list > 0 { fact.checklistLists.insert("list:\(list)") }
                fact.items.append(item)
            }
        }
        return fact
    }

    /// A task's status as written, read onto `item`.
    private static func read(_ written: String?, line: Int, into item: inout WorkItem, warnings: inout [LineMessage]) {
        let reading = TaskMasterFile.status(written)
        item.status = reading.status
        item.statusStated = written != nil
        item.statusText = written
        if !reading.recognised {
            warnings.append(
                LineMessage(
                    line: line, rule: .unknownStatus,
                    message: "task \(item.id): unknown status '\(written ?? "")'; counted as not done"))
        } else if !reading.standard {
            item.hint(
                "status '\(written ?? "")' is not one Task Master writes; read as \(reading.status.label.lowercased())",
                line: line)
        }
    }
}
