import SpecSiteKit

/// `status.json` as ``JSONValue``s, key for key what `JSONEncoder` writes for
/// ``StatusFile`` with snake-case keys (nil optionals left out).
extension StatusFile {
    var json: JSONValue {
        .object([
            ("schema", .int(schema)), ("summary", summary.json), ("plans", .array(plans.map(\.json))),
            ("items", .array(items.map(\.json))), ("check_these", .array(checkThese.map(\.json))),
            ("warnings", .array(warnings.map(\.json))),
        ])
    }
}

extension StatusFile.Summary {
    var json: JSONValue {
        .object([
            ("total", .int(total)), ("done", .int(done)), ("percent", .double(percent)),
            ("units", .array(units.map(\.json))),
            ("statuses", .object(statuses.map { ($0.key, .int($0.value)) })),
            ("waiting", .int(waiting)), ("ready", .int(ready)), ("check_these", .int(checkThese)),
            ("estimate_minutes", estimateMinutes.json), ("checkboxes", checkboxes.json),
            ("critical_path", .array(criticalPath.map { .string($0) })),
            ("critical_path_minutes", .int(criticalPathMinutes)),
        ])
    }
}

extension StatusFile.Progress {
    var json: JSONValue { .object([("done", .int(done)), ("total", .int(total))]) }
}

extension StatusFile.Unit {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind)), ("noun", .string(noun)), ("done", .int(done)), ("total", .int(total)),
            ("text", .string(text)),
        ]
        if let list { members.append(("list", .string(list))) }
        return .object(members)
    }
}

extension StatusFile.Plan {
    var json: JSONValue {
        .object([("scope", .string(scope)), ("unit", unit.json), ("others", .array(others.map(\.json)))])
    }
}

extension StatusFile.CheckThis {
    var json: JSONValue {
        .object([
            ("id", .string(id)), ("key", .string(key)), ("file", .string(file)), ("line", .int(line)),
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
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(id)), ("key", .string(key)), ("kind", .string(kind)), ("title", .string(title)),
            ("status", .string(status)), ("readiness", .string(readiness)),
            ("source", .object([("file", .string(source.file)), ("line", .int(source.line))])),
            ("deps", .array(deps.map { .string($0) })), ("dep_keys", .array(depKeys.map { .string($0) })),
            ("waiting_for", .array(waitingFor.map { .string($0) })),
            ("waiting_for_keys", .array(waitingForKeys.map { .string($0) })),
            ("ready", .bool(ready)), ("in_cycle", .bool(inCycle)),
            (
                "checklist",
                .object([
                    ("done", .int(checklist.done)), ("in_progress", .int(checklist.inProgress)),
                    ("open", .int(checklist.open)), ("blocked", .int(checklist.blocked)),
                    ("cancelled", .int(checklist.cancelled)), ("optional", .int(checklist.optional)),
                    ("total", .int(checklist.total)),
                ])
            ),
        ]
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        add("blocked_reason", blockedReason)
        if let hints {
            members.append(
                ("hints", .array(hints.map { .object([("line", .int($0.line)), ("message", .string($0.message))]) })))
        }
        if let archived { members.append(("archived", .bool(archived))) }
        if let estimate {
            members.append(
                (
                    "estimate",
                    .object([
                        ("text", .string(estimate.text)), ("min_minutes", .int(estimate.minMinutes)),
                        ("max_minutes", .int(estimate.maxMinutes)),
                    ])
                ))
        }
        add("anchor", anchor)
        add("status_text", statusText)
        add("note", note)
        add("completed", completed)
        add("commits", commits)
        add("risk", risk)
        add("priority", priority)
        add("phase", phase)
        add("wave", wave)
        add("parent", parent)
        if let missingDeps { members.append(("missing_deps", .array(missingDeps.map { .string($0) }))) }
        return .object(members)
    }
}
