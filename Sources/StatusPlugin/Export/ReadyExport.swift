import SpecSiteKit

/// `ready.json`: the work that can start now, for a coding agent to pick
/// up. Each item the dashboard offers as ready next (not started, every
/// dependency done, in no cycle, not archived; ``StatusReport/readyNext``)
/// with where it is written, its page and markdown copy, what it depended
/// on, and the files and acceptance criteria its text names
/// (``WorkDetails``). Documented in docs/status.md.
enum ReadyExport {
    /// The schema version of `ready.json`.
    static let schemaVersion = 1

    struct File: Encodable {
        var schema: Int
        /// Items ready now, and every tracked item (so "3 of 40 can start" reads whole).
        var ready: Int
        var tracked: Int
        var items: [Item]
        /// The unfinished units of the formats that group their work (a
        /// spec-kit feature, a Kiro spec, an OpenSpec change), each with the
        /// tasks to pick up next in it: their tasks are boxes of a task list,
        /// not items of their own.
        var units: [Unit]
    }

    struct Unit: Encodable {
        var format: String
        var kind: String
        var id: String
        var title: String
        var folder: String
        var status: String
        /// Its main page and its task list, relative to the content folder.
        var file: String
        var tasksFile: String?
        var next: [NextTask]
    }

    struct NextTask: Encodable {
        var id: String?
        var text: String
        var status: String
        var file: String
        var line: Int
        /// Paths the task's text names (`in src/models/user.py`).
        var files: [String]
    }

    struct Item: Encodable {
        var id: String
        var key: String
        var kind: String
        var title: String
        var status: String
        /// The file it is written in, relative to the content folder, and the line.
        var file: String
        var line: Int
        /// The lines of its text (its heading to the next of its level), when it has a section.
        var lines: [Int]?
        /// Its built page, with the anchor of its heading.
        var page: String
        /// The page's markdown copy, when the site writes copies (`llms`).
        var markdown: String?
        /// The keys of what it depended on (all done).
        var dependsOn: [String]
        var phase: String?
        var priority: String?
        var estimate: StatusFile.EstimateRange?
        /// Paths its text names.
        var files: [String]
        /// Its acceptance criteria, as written.
        var acceptanceCriteria: [String]
        /// Its unticked boxes outside the criteria, as written.
        var openTasks: [String]
    }

    /// The file's text, keys sorted, so builds are byte-identical.
    static func json(_ report: StatusReport, site: Site) -> String {
        let ready = report.readyNext
        // A page is parsed once for its ready items, which come one after
        // another in site order; only the last page's tree is held.
        var tree: (path: String, page: Page)?
        var items: [Item] = []
        for entry in ready {
            let item = entry.item
            // A story a sprint file lists is told of in its own file.
            let textPath = item.file ?? item.sourcePath
            var details = WorkDetails()
            if tree?.path != textPath { tree = site.page(at: textPath).map { (textPath, $0.withTree()) } }
            if let page = tree?.page {
                details = WorkDetails.of(item, on: page)
                // Lines of another file, or of the markdown a data page is drawn from, are no use.
                if textPath != item.sourcePath || !page.isDocument { details.lines = nil }
            }
            let page = site.page(at: item.sourcePath)
            var url = page?.outputPath ?? ""
            if let anchor = item.anchor, !url.isEmpty { url += "#" + anchor }
            let markdown = page.flatMap { page -> String? in
                guard site.config.llms else { return nil }
                return MarkdownCopies.path(
                    sourcePath: page.sourcePath, outputPath: page.outputPath, isDocument: page.isDocument)
            }
            items.append(
                Item(
                    id: item.id, key: item.key, kind: item.kind.rawValue, title: item.title,
                    status: item.status.rawValue, file: report.file(of: item.sourcePath), line: item.line,
                    lines: details.lines.map { [$0.lowerBound, $0.upperBound] }, page: url, markdown: markdown,
                    dependsOn: entry.dependencies, phase: item.phase, priority: item.priority,
                    estimate: item.estimate.map {
                        StatusFile.EstimateRange(
                            text: $0.text, minMinutes: StatusExport.minutes($0.low),
                            maxMinutes: StatusExport.minutes($0.high))
                    },
                    files: details.files, acceptanceCriteria: details.criteria, openTasks: details.openTasks))
        }
        let units = report.workUnits.filter { !$0.isHistory && !$0.status.isSettled && !$0.next.isEmpty }.map {
            progress in
            Unit(
                format: progress.unit.format.rawValue, kind: progress.unit.kind, id: progress.unit.id,
                title: progress.title, folder: progress.unit.folder, status: progress.status.rawValue,
                file: report.file(of: progress.page), tasksFile: progress.tasksPage.map(report.file(of:)),
                next: progress.next.map {
                    NextTask(
                        id: $0.id, text: $0.text, status: $0.status.rawValue, file: report.file(of: $0.page),
                        line: $0.line, files: WorkDetails.pathWords(in: $0.text))
                })
        }
        let file = File(
            schema: schemaVersion, ready: ready.count, tracked: report.tracked.count, items: items, units: units)
        // snake_case keys, as `status.json` writes them.
        return StatusExport.encode(file, snakeCase: true)
    }
}
