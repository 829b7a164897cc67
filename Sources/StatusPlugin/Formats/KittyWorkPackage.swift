import SpecSiteKit

/// Spec Kitty's work packages (`kitty-specs/FEATURE/tasks/WP01-setup.md`):
/// each file is one work item of kind `task` that moves through lanes.
///
/// Spec Kitty has kept the lane in three places, one after the other: the
/// folder the file lies in (`tasks/doing/WP01-….md`), then a flat `tasks/`
/// with `lane:` in the file's front matter, then the feature's
/// `status.json` (``KittyStatus``), which wins where it names the package.
enum KittyWorkPackage {
    /// The lane folders of the first layout.
    static let laneFolders: Set<String> = ["planned", "doing", "for_review", "done"]

    /// For a path inside a feature's folder, whether it is a work package
    /// (a `WP01…md` anywhere under `tasks/`), and the lane its folder names
    /// (`tasks/done/WP01-….md`, `tasks/done/phase-1/WP01-….md`): `""` when
    /// no folder names one; nil for any other page (`tasks.md`, a review
    /// cycle `tasks/WP06-x/review-cycle-1.md`).
    static func lane(ofPath inside: String) -> String? {
        let parts = inside.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] == "tasks", let name = parts.last, name.hasSuffix(".md"),
            id(fromName: name) != nil
        else { return nil }
        return parts.count >= 3 && laneFolders.contains(parts[1]) ? parts[1] : ""
    }

    /// `WP01` of `WP01-setup.md`; nil for a name that is no work package's.
    static func id(fromName name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "W"), bytes[1] == UInt8(ascii: "P") else { return nil }
        let digits = bytes.dropFirst(2).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return nil }
        return "WP" + String(decoding: digits, as: UTF8.self)
    }

    /// A lane as Spec Kitty writes it, read: `planned`; `claimed`, `doing`
    /// and `in_progress` under way; `for_review`, `in_review` and `approved`
    /// (reviewed, not merged yet) in review; `done`; `blocked`; `canceled`.
    /// Nil for a word Spec Kitty does not write.
    static func status(ofLane lane: String) -> WorkStatus? {
        switch lane.lowercased().replacingOccurrences(of: "-", with: "_") {
        case "planned": .notStarted
        case "claimed", "doing", "in_progress": .inProgress
        case "for_review", "in_review", "approved": .inReview
        case "done": .done
        case "blocked": .blocked
        case "canceled", "cancelled": .cancelled
        default: nil
        }
    }

    /// The work package as the page's one work item, the page's boxes (its
    /// definition of done) its own. Its id is the front matter's
    /// `work_package_id` (else the file name's `WP01`), its title the front
    /// matter's, its lane the front matter's `lane:` or its folder's; its
    /// `dependencies:` name other packages of the feature. Its scope is the
    /// feature's `tasks.md`: ids are the feature's own, and the feature's
    /// packages are counted together.
    static func read(_ page: Page, unit: WorkUnit, fact: inout PlanFact, warnings: inout [LineMessage]) {
        let front = page.frontMatter
        let inside = String(page.sourcePath.dropFirst(unit.folder.count + 1))
        let name = GSDFiles.fileName(page.sourcePath)
        let id =
            PlanCard.text(front["work_package_id"]) ?? PlanCard.text(front["wp_code"]) ?? Self.id(fromName: name)
            ?? name
        let title = PlanCard.text(front["title"]) ?? page.title
        let line = front.entries.first { $0.key == "lane" }?.line ?? page.bodyFirstLine
        var item = WorkItem(
            id: id, key: page.sourcePath + "#" + id, kind: .task, title: title, sourcePath: page.sourcePath,
            displayPath: page.displayPath, line: line)
        item.scope = unit.folder + "/tasks.md"
        let written = PlanCard.text(front["lane"]) ?? lane(ofPath: inside).flatMap { $0.isEmpty ? nil : $0 }
        if let written {
            item.statusText = written
            item.statusStated = true
            if let status = status(ofLane: written) {
                item.status = status
            } else {
                item.status = .unknown
                warnings.append(
                    LineMessage(
                        line: line,
                        rule: .unknownStatus,
                        message: "unknown lane '\(written)'; expected planned, claimed, doing, for_review, approved,"
                            + " done, blocked or canceled (counted as not done)"))
            }
        }
        (item.dependencyIDs, item.dependencyLine) = PlanCard.dependencies(of: front)
        item.archived = unit.archived
        fact.ownAllBoxes(by: item)
    }
}
