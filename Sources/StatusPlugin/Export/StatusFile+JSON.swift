import SpecSiteKit

/// `status.json` as ``JSONValue``s, key for key what `JSONEncoder` writes for
/// ``StatusFile`` with snake-case keys (nil optionals left out).
extension StatusFile {
    /// Every object is built in key order, as it is written (see ``StatusFile/Item/json``).
    var json: JSONValue {
        .object([
            ("check_these", .array(checkThese.map(\.json))), ("items", .array(items.map(\.json))),
            ("plans", .array(plans.map(\.json))), ("schema", .int(schema)), ("summary", summary.json),
            ("warnings", .array(warnings.map(\.json))), ("work_units", .array(workUnits.map(\.json))),
        ])
    }
}

extension StatusFile.Summary {
    var json: JSONValue {
        .object([
            ("check_these", .int(checkThese)), ("checkboxes", checkboxes.json),
            ("critical_path", .array(criticalPath.map { .string($0) })),
            ("critical_path_minutes", .int(criticalPathMinutes)), ("done", .int(done)),
            ("estimate_minutes", estimateMinutes.json), ("percent", .double(percent)), ("ready", .int(ready)),
            (
                "statuses",
                .object(
                    statuses.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
                        ($0.key, .int($0.value))
                    })
            ),
            ("total", .int(total)), ("units", .array(units.map(\.json))), ("waiting", .int(waiting)),
            ("work_units", .array(workUnits.map(\.json))),
        ])
    }
}

extension StatusFile.Progress {
    var json: JSONValue { .object([("done", .int(done)), ("total", .int(total))]) }
}

extension StatusFile.Unit {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("done", .int(done)), ("kind", .string(kind))]
        if let list { members.append(("list", .string(list))) }
        members += [("noun", .string(noun)), ("text", .string(text)), ("total", .int(total))]
        return .object(members)
    }
}

extension StatusFile.Plan {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(format)), ("others", .array(others.map(\.json))), ("scope", .string(scope)),
            ("unit", unit.json),
        ]
        if let workUnit { members.append(("work_unit", .string(workUnit))) }
        return .object(members)
    }
}

extension StatusFile.UnitCount {
    var json: JSONValue {
        .object([
            ("done", .int(done)), ("format", .string(format)), ("kind", .string(kind)), ("text", .string(text)),
            ("total", .int(total)),
        ])
    }
}

extension StatusFile.WorkUnitEntry {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let archived { members.append(("archived", .bool(archived))) }
        members.append(
            (
                "checklists",
                .array(
                    checklists.map {
                        .object([
                            ("done", .int($0.done)), ("file", .string($0.file)), ("passes", .bool($0.passes)),
                            ("title", .string($0.title)), ("total", .int($0.total)),
                        ])
                    })
            ))
        if let criteria { members.append(("criteria", criteria.json)) }
        members += [
            ("folder", .string(folder)), ("format", .string(format)), ("id", .string(id)), ("kind", .string(kind)),
            (
                "next",
                .array(
                    next.map {
                        .object([
                            ("file", .string($0.file)), ("line", .int($0.line)), ("status", .string($0.status)),
                            ("text", .string($0.text)),
                        ])
                    })
            ),
            ("page", .string(page)), ("project", .string(project)), ("status", .string(status)),
        ]
        if let subtasks { members.append(("subtasks", subtasks.json)) }
        members.append(("tasks", tasks.json))
        if let tasksPage { members.append(("tasks_page", .string(tasksPage))) }
        members.append(("title", .string(title)))
        return .object(members)
    }
}

extension StatusFile.CheckThis {
    var json: JSONValue {
        .object([
            ("file", .string(file)), ("id", .string(id)), ("key", .string(key)), ("line", .int(line)),
            ("message", .string(message)),
        ])
    }
}

extension StatusFile.Warning {
    var json: JSONValue {
        .object([("file", .string(file)), ("line", .int(line)), ("message", .string(message))])
    }
}

extension StatusFile.Item {
    /// Built in key order, as the file is written: thousands of items are
    /// then not sorted one by one.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(32)
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        add("anchor", anchor)
        if let archived { members.append(("archived", .bool(archived))) }
        add("blocked_reason", blockedReason)
        members.append(
            (
                "checklist",
                .object([
                    ("blocked", .int(checklist.blocked)), ("cancelled", .int(checklist.cancelled)),
                    ("done", .int(checklist.done)), ("in_progress", .int(checklist.inProgress)),
                    ("open", .int(checklist.open)), ("optional", .int(checklist.optional)),
                    ("total", .int(checklist.total)),
                ])
            ))
        add("commits", commits)
        add("completed", completed)
        members.append(("dep_keys", .array(depKeys.map { .string($0) })))
        members.append(("deps", .array(deps.map { .string($0) })))
        if let estimate {
            members.append(
                (
                    "estimate",
                    .object([
                        ("max_minutes", .int(estimate.maxMinutes)), ("min_minutes", .int(estimate.minMinutes)),
                        ("text", .string(estimate.text)),
                    ])
                ))
        }
        members.append(("format", .string(format)))
        if let hints {
            members.append(
                ("hints", .array(hints.map { .object([("line", .int($0.line)), ("message", .string($0.message))]) })))
        }
        members.append(("id", .string(id)))
        members.append(("in_cycle", .bool(inCycle)))
        members.append(("key", .string(key)))
        members.append(("kind", .string(kind)))
        if let missingDeps { members.append(("missing_deps", .array(missingDeps.map { .string($0) }))) }
        add("note", note)
        add("parent", parent)
        add("phase", phase)
        add("priority", priority)
        members.append(("readiness", .string(readiness)))
        members.append(("ready", .bool(ready)))
        add("risk", risk)
        members.append(("source", .object([("file", .string(source.file)), ("line", .int(source.line))])))
        members.append(("status", .string(status)))
        add("status_text", statusText)
        members.append(("title", .string(title)))
        members.append(("waiting_for", .array(waitingFor.map { .string($0) })))
        members.append(("waiting_for_keys", .array(waitingForKeys.map { .string($0) })))
        add("wave", wave)
        add("work_unit", workUnit)
        return .object(members)
    }
}
