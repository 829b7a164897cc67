import SpecSiteKit

/// The folders `specsite.yml` names as a format's (`plugins.status.formats`),
/// ahead of the layouts the tools write (``PlanLayout``): a Kiro folder kept
/// outside `.kiro/`, a content folder that is itself `openspec/changes/`,
/// spec-kit features whose folders carry no number, or a `specs/001-api/`
/// that is no spec-kit feature at all (`none`).
///
/// ```yaml
/// plugins:
///   status:
///     formats:
///       planning/features: spec-kit   # each folder in it is a feature
///       "": kiro                      # the content folder holds the specs
///       specs/001-api: none           # read as a hand-written plan
/// ```
///
/// Every stage asks ``unit(ofPath:)`` of the one value made from the
/// settings, so reading, counting, drawing and exporting agree.
public struct FormatFolders: Sendable, Equatable {
    /// One folder and what it holds.
    public struct Folder: Sendable, Equatable {
        /// A content path without slashes at its ends; `""` is the content folder.
        public var path: String
        /// The format whose units the folder holds, or nil: no format's.
        public var format: PlanFormat?
        /// The setting's line in `specsite.yml` (0 when unknown).
        public var line = 0
    }

    /// The folders, the deepest first: the most precise setting wins.
    public private(set) var folders: [Folder] = []

    /// Where each format keeps its units in its own layout: the folder a
    /// setting stands for.
    static let homes: [PlanFormat: String] = [
        .specKit: "specs", .kiro: ".kiro/specs", .openSpec: "openspec/changes", .backlogMD: "backlog",
        .specKitty: "kitty-specs",
    ]

    /// The tools' layouts only.
    public init() {}

    /// The folders `settings` (the plugin's, `plugins.status`) names under
    /// `formats`; each value not understood is a warning at its line in `file`.
    public init(settings: YAMLValue, file: String = "specsite.yml", diagnostics: DiagnosticLog? = nil) {
        guard let written = settings["formats"] else { return }
        guard case .mapping(let entries) = written else {
            let line = settings.entries.first { $0.key == "formats" }?.line ?? 0
            diagnostics?.warning(
                file, line: line,
                rule: .settings, "'plugins.status.formats' should map folders to formats ('specs: spec-kit'); ignored")
            return
        }
        for entry in entries {
            let path = Self.normalized(entry.key)
            let name = (entry.value.string ?? "").lowercased()
            switch name {
            case "none", "markdown", "off", "false", "no":
                folders.append(Folder(path: path, format: nil, line: entry.line))
            case "spec-kit", "speckit": folders.append(Folder(path: path, format: .specKit, line: entry.line))
            case "kiro": folders.append(Folder(path: path, format: .kiro, line: entry.line))
            case "openspec": folders.append(Folder(path: path, format: .openSpec, line: entry.line))
            case "spec-kitty", "speckitty": folders.append(Folder(path: path, format: .specKitty, line: entry.line))
            case "backlog-md", "backlog.md", "backlog":
                folders.append(Folder(path: path, format: .backlogMD, line: entry.line))
            case "gsd", "task-master", "taskmaster", "bmad":
                diagnostics?.warning(
                    file, line: entry.line,
                    rule: .settings,
                    "'\(name)' in 'plugins.status.formats' is known by its files' names (`.planning/`,"
                        + " `tasks.json`, `sprint-status.yaml`, story files), not by a folder; ignored")
            default:
                diagnostics?.warning(
                    file, line: entry.line,
                    rule: .settings,
                    "unknown format '\(entry.value.string ?? "")' for folder '\(entry.key)' in"
                        + " 'plugins.status.formats' (ignored); expected spec-kit, kiro, openspec, backlog-md, spec-kitty or none"
                )
            }
        }
        // Deepest first; of two settings for one folder, the later wins, as in any YAML mapping.
        var seen = Set<String>()
        folders = folders.reversed().filter { seen.insert($0.path).inserted }
        // A folder that holds another is shorter than it.
        folders.sort { $0.path.utf8.count > $1.path.utf8.count }
    }

    /// `./plans/specs/` → `plans/specs`; `.` and `/` → the content folder.
    static func normalized(_ folder: String) -> String {
        var path = Substring(folder.trimmingSpaces)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path == "." ? "" : String(path)
    }

    /// The setting a content path lies under, if any.
    func folder(holding path: String) -> Folder? {
        folders.first { $0.path.isEmpty || (path.hasPrefix($0.path) && path.dropFirst($0.path.count).hasPrefix("/")) }
    }

    /// The unit a content path lies in (a page's path, or a scope such as a
    /// Task Master tag's `tasks.json#master`): by the folder the settings
    /// name for it, else by the tools' layouts (``PlanLayout/standardUnit(ofPath:)``).
    public func unit(ofPath path: String) -> WorkUnit? {
        // Scopes of data files are known by their files' names.
        guard !folders.isEmpty, !path.containsBytes("#"), let folder = folder(holding: path) else {
            return PlanLayout.standardUnit(ofPath: path)
        }
        guard let format = folder.format, let home = Self.homes[format] else { return nil }
        let inside = folder.path.isEmpty ? path : String(path.dropFirst(folder.path.count + 1))
        // The folder that holds the tool's own (`apps/web` for
        // `apps/web/.kiro/specs`), as for the tools' layouts; else the
        // folder that holds the named one.
        let project =
            folder.path == home
            ? ""
            : folder.path.hasSuffix("/" + home)
                ? String(folder.path.dropLast(home.count + 1))
                : folder.path.split(separator: "/").dropLast().joined(separator: "/")
        if format == .specKit {
            // Named a features folder, every folder in it is a feature, numbered or not.
            guard let slash = inside.firstIndex(of: "/") else { return nil }
            let name = String(inside[..<slash])
            return WorkUnit(
                format: .specKit, id: name, folder: folder.path.isEmpty ? name : folder.path + "/" + name,
                project: project)
        }
        // The path as the tool lays it out, read by the tool's rules, then moved back.
        guard var unit = PlanLayout.standardUnit(ofPath: home + "/" + inside), unit.format == format,
            unit.folder.hasPrefix(home + "/")
        else { return nil }
        let rest = unit.folder.dropFirst(home.count + 1)
        unit.folder = folder.path.isEmpty ? String(rest) : folder.path + "/" + rest
        unit.project = project
        return unit
    }

    /// The unit an item lies in: its scope's (a Task Master tag), else its page's.
    public func unit(of item: WorkItem) -> WorkUnit? {
        unit(ofPath: item.scope ?? item.sourcePath)
    }

    /// The format an item is written in: GSD's for its plans, phases and
    /// quick tasks and anything in a `.planning/` folder, its unit's, else a
    /// hand-written plan.
    public func format(of item: WorkItem) -> PlanFormat {
        if item.kind.isGSD || GSDFiles.isInPlanningFolder(item.sourcePath) { return .gsd }
        return unit(of: item)?.format ?? .markdown
    }

    /// The named folders no document lies in (a misspelt path).
    func unused(pages: [String]) -> [Folder] {
        folders.filter { folder in
            !folder.path.isEmpty && !pages.contains { $0.hasPrefix(folder.path + "/") }
        }
    }
}
