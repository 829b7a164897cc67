import SpecSiteKit

/// The planning tools whose folders specsite knows by their layout.
///
/// Every format's work is read into the one status model (``WorkItem``,
/// ``StatusReport``); the format says where it came from and what its
/// ``WorkUnit``s are called, so the dashboard, `status.json` and
/// `specsite status` can name them.
public enum PlanFormat: String, Sendable, Codable, CaseIterable {
    /// A plan written by hand: `## CHUNK-004: …`, headings with status
    /// markers, status tables, task lists.
    case markdown
    /// A GSD `.planning/` folder.
    case gsd
    /// GitHub spec-kit: `specs/NNN-feature/{spec,plan,tasks}.md`.
    case specKit = "spec-kit"
    /// Kiro: `.kiro/specs/NAME/{requirements,design,tasks}.md`.
    case kiro
    /// OpenSpec: `openspec/changes/ID/{proposal,design,tasks}.md`.
    case openSpec = "openspec"
    /// Backlog.md: `backlog/tasks/task-12 - Title.md`, one task a file.
    case backlogMD = "backlog-md"
    /// Task Master: `.taskmaster/tasks/tasks.json`, tags of tasks with subtasks.
    case taskMaster = "task-master"
    /// BMAD: epics of stories, in a sprint's `sprint-status.yaml` (v6) or
    /// story files numbered by epic (v4: `docs/stories/1.2.login.md`).
    case bmad
    /// Spec Kitty: `kitty-specs/FEATURE/`, its work packages
    /// `tasks/WP01-….md` moving through lanes.
    case specKitty = "spec-kitty"

    /// The tool's own name, as its users write it.
    public var name: String {
        switch self {
        case .markdown: "Markdown plan"
        case .gsd: "GSD"
        case .specKit: "spec-kit"
        case .kiro: "Kiro"
        case .openSpec: "OpenSpec"
        case .backlogMD: "Backlog.md"
        case .taskMaster: "Task Master"
        case .bmad: "BMAD"
        case .specKitty: "Spec Kitty"
        }
    }

    /// What the format groups its work in (`feature`), for formats that do.
    public var unitKind: String? {
        switch self {
        case .markdown, .gsd: nil
        case .specKit: "feature"
        case .kiro: "spec"
        case .openSpec: "change"
        case .backlogMD: "task"
        case .taskMaster: "tag"
        case .bmad: "epic"
        case .specKitty: "feature"
        }
    }
}

/// What a format groups its work in: a spec-kit feature, a Kiro spec, an
/// OpenSpec change. Its tasks are counted in it, and the dashboard lists it
/// under its project.
public struct WorkUnit: Sendable, Hashable, Codable {
    /// The format that writes it.
    public var format: PlanFormat
    /// Its name as the format writes it, the folder's name (`001-photo-albums`,
    /// `user-login`, `add-2fa`; an archived OpenSpec change without its date).
    public var id: String
    /// Its folder, a content path (`specs/001-photo-albums`).
    public var folder: String
    /// The folder that holds the format's own folder (`""`, or `apps/web` for
    /// `apps/web/.kiro/specs/…`): two projects in one site never share units.
    public var project: String
    /// What the format calls it: `feature`, `spec`, `change`, `task`.
    public var kind: String { format.unitKind ?? "" }
    /// An OpenSpec change moved to `changes/archive/`: done, whatever its
    /// boxes say; a Backlog.md task in `archive/` or `drafts/`: history.
    public var archived = false
    /// A Backlog.md task in `completed/`: done, whatever its status says.
    public var completed = false
}

/// Tells a content path's format and unit from its folders alone, so every
/// stage (reading, counting, drawing, exporting) gives a page the same answer.
/// The folders `specsite.yml` names (``FormatFolders``) come first; these are
/// the layouts the tools write.
public enum PlanLayout {
    /// The unit a content path lies in by the tools' own layouts, or nil
    /// for a path no format claims (a hand-written plan, a GSD folder, any
    /// other document). Stages ask ``FormatFolders/unit(ofPath:)``, which
    /// applies the site's settings first.
    ///
    /// - `.kiro/specs/NAME/…`: Kiro's spec `NAME`, the folder that holds the file
    ///   (`.kiro/specs/_archived/NAME/…` and `.kiro/specs/GROUP/NAME/…` too).
    /// - `openspec/changes/ID/…`: an OpenSpec change; `openspec/changes/archive/DATE-ID/…`
    ///   an archived one (`DATE-` is taken off its id).
    /// - `specs/NNN-name/…`: a spec-kit feature (three or more digits, a dash, a name).
    public static func standardUnit(ofPath path: String) -> WorkUnit? {
        // Asked of every item and page: most paths name none of the folders.
        guard
            path.containsBytes("specs/") || path.containsBytes("backlog/") || path.containsBytes("openspec/")
                || path.containsBytes("#")
        else {
            return nil
        }
        // A unit that is no folder of its own (`PLACE#ID`): a Task Master
        // tag, a BMAD epic of a sprint file or of a folder of story files.
        if let hash = path.firstIndex(of: "#") {
            let place = String(path[..<hash])
            let id = String(path[path.index(after: hash)...])
            if TaskMasterPage.isTaskFile(place) {
                return WorkUnit(format: .taskMaster, id: id, folder: path, project: TaskMasterPage.project(of: place))
            }
            if BMADSprintPage.isSprintFile(place) {
                return WorkUnit(format: .bmad, id: id, folder: path, project: BMADSprintPage.project(of: place))
            }
            if id.hasPrefix("epic-") || id.hasPrefix("supp-epic-") || id == "stories" {
                return WorkUnit(format: .bmad, id: id, folder: path, project: BMADSprintPage.project(of: place + "/"))
            }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let folders = parts.dropLast()
        guard folders.count >= 2 else { return nil }
        func unit(_ format: PlanFormat, at index: Int, id: String, project: Int, archived: Bool = false) -> WorkUnit {
            WorkUnit(
                format: format, id: id,
                folder: parts[...index].joined(separator: "/"), project: parts[..<project].joined(separator: "/"),
                archived: archived)
        }
        for index in folders.indices.dropLast() {
            let folder = folders[index]
            let next = folders[index + 1]
            if folder == "backlog" || folder == ".backlog", Self.backlogTaskFolders.contains(next) {
                // One task a file: `task-12 - Title.md` (README files in
                // folders of tasks are notes about them).
                let name = String(parts.last!.dropLast(parts.last!.hasSuffix(".md") ? 3 : 0))
                guard name.lowercased() != "readme" else { return nil }
                let id = name.range(of: " - ").map { String(name[..<$0.lowerBound]) } ?? name
                var unit = WorkUnit(
                    format: .backlogMD, id: id, folder: path,
                    project: parts[..<index].joined(separator: "/"), archived: next == "archive" || next == "drafts")
                unit.completed = next == "completed"
                return unit
            }
            if folder == ".kiro", next == "specs" {
                // A spec's files sit in its own folder, which users group in
                // folders of their own (`cnf/`, `_archived/`): the spec is the
                // folder that holds the file.
                let name = folders.count - 1
                guard name >= index + 2, !Self.isKiroArchive(folders[name]) else { return nil }
                let archived = folders[(index + 2)..<name].contains(where: Self.isKiroArchive)
                return unit(.kiro, at: name, id: folders[name], project: index, archived: archived)
            }
            if folder == "openspec", next == "changes" {
                guard index + 2 < folders.count else { return nil }
                if folders[index + 2] == "archive" {
                    guard index + 3 < folders.count else { return nil }
                    let name = folders[index + 3]
                    return unit(.openSpec, at: index + 3, id: Self.withoutDate(name), project: index, archived: true)
                }
                return unit(.openSpec, at: index + 2, id: folders[index + 2], project: index)
            }
            if folder == "kitty-specs" {
                // Every folder in it is a feature: `001-login`, `login-01KZZD69`.
                return unit(.specKitty, at: index + 1, id: next, project: index)
            }
            if folder == "specs", index == 0 || folders[index - 1] != "openspec", Self.isFeatureFolder(next) {
                return unit(.specKit, at: index + 1, id: next, project: index)
            }
        }
        return nil
    }

    /// Where Backlog.md keeps task files: to do and under way, done, archived, drafted.
    static let backlogTaskFolders: Set<String> = ["tasks", "completed", "archive", "drafts"]

    /// `001-photo-albums`: spec-kit's numbered feature folder.
    static func isFeatureFolder(_ name: String) -> Bool {
        let digits = name.utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let rest = name.utf8.dropFirst(digits)
        return digits >= 3 && rest.count >= 2 && rest.first == UInt8(ascii: "-")
    }

    /// `_archived`, `archive`: where Kiro users move finished specs.
    static func isKiroArchive(_ name: String) -> Bool {
        ["_archived", "archived", "archive", "_archive"].contains(name.lowercased())
    }

    /// `2025-01-11-add-2fa` → `add-2fa`: OpenSpec dates an archived change's folder.
    static func withoutDate(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard bytes.count > 11, bytes[0..<4].allSatisfy(isDigit), bytes[4] == UInt8(ascii: "-"),
            bytes[5..<7].allSatisfy(isDigit), bytes[7] == UInt8(ascii: "-"), bytes[8..<10].allSatisfy(isDigit),
            bytes[10] == UInt8(ascii: "-")
        else { return name }
        return String(name.dropFirst(11))
    }

    /// Whether a page of a unit records the work rather than listing it: the
    /// unit's work is its task list (`tasks.md`, `tasks-phase-2.md`, or
    /// `task.md` as some write it); a
    /// spec-kit feature's spec, plan, research and quality checklists
    /// (`checklists/requirements.md`, whose boxes check the spec, not the
    /// code), a Kiro spec's requirements and design, an OpenSpec change's
    /// proposal, design and spec deltas are records. Their boxes are drawn,
    /// never counted as tasks.
    public static func isRecord(_ path: String, in unit: WorkUnit) -> Bool {
        guard unit.format != .backlogMD, path.hasPrefix(unit.folder + "/") else { return false }
        let inside = path.dropFirst(unit.folder.count + 1)
        // A Spec Kitty feature's work is its work packages; its `tasks.md`
        // lists them, and its other pages (review cycles too) record them.
        if unit.format == .specKitty { return KittyWorkPackage.lane(ofPath: String(inside)) == nil }
        // A task list in a folder of its own is still a task list.
        let name = inside.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return !(inside.firstIndex(of: "/") == nil && name.hasPrefix("task") && name.hasSuffix(".md"))
    }

    /// Whether a page is one of a planning tool's own files rather than
    /// work: spec-kit's `.specify/` (its constitution and templates; older
    /// versions kept `memory/constitution*.md` at the root), Kiro's
    /// `.kiro/steering/`, and OpenSpec's instructions and current specs
    /// (`openspec/AGENTS.md`, `project.md`, `specs/`: what is built, not
    /// what is left), Task Master's `.taskmaster/templates/` and Spec Kitty's
    /// `.kittify/` (its missions' templates). Their
    /// boxes (a template's, a "Before Any Task" routine) are drawn, never
    /// counted.
    public static func isToolFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map { $0.lowercased() }
        guard parts.count >= 2 else { return false }
        let folders = parts.dropLast()
        for (offset, folder) in folders.enumerated() {
            let next = offset + 1 < folders.count ? folders[offset + 1] : nil
            if folder == ".specify" { return true }
            if folder == ".kiro" && next == "steering" { return true }
            if folder == "openspec" && next != "changes" { return true }
            if folder == ".taskmaster" && next == "templates" { return true }
            if folder == ".kittify" { return true }
        }
        return folders.last == "memory" && parts.last!.hasPrefix("constitution")
    }

    /// Whether a page of a spec-kit feature is one of its quality checklists
    /// (`checklists/ux.md`): a gate that passes when no box is left open.
    public static func isChecklist(_ path: String, in unit: WorkUnit) -> Bool {
        unit.format == .specKit && path.hasPrefix(unit.folder + "/checklists/")
    }
}
