import SpecSiteKit

/// A Spec Kitty feature's `status.json` (`kitty-specs/FEATURE/status.json`),
/// read as a page of its own: the lane of each work package, as Spec Kitty
/// materialises it from the feature's event log. Where it names a package,
/// its lane wins over the one the package's file writes (a hint says so
/// when they differ).
enum KittyStatus {
    /// Whether a content path is a feature's `status.json`.
    static func isStatusFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 1] == "status.json" && parts[parts.count - 3] == "kitty-specs"
    }

    /// Each work package's lane, by id, or nil when the data lists none.
    static func lanes(_ data: YAMLValue) -> [(id: String, lane: String, line: Int)]? {
        guard case .mapping(let entries) = data["work_packages"] ?? .null else { return nil }
        let lanes = entries.compactMap { entry -> (String, String, Int)? in
            // `"WP01": {"lane": "done", …}`, or just `"WP01": "done"`.
            guard let lane = PlanCard.text(entry.value["lane"]) ?? entry.value.string else { return nil }
            return (entry.key, lane, entry.line)
        }
        return lanes.isEmpty ? nil : lanes
    }

    /// The page: the feature's packages and their lanes.
    static func markdown(_ lanes: [(id: String, lane: String, line: Int)], path: String) -> String {
        let feature = GSDFiles.fileName(OutputPaths.folderOf(path))
        var text = "# Work package lanes: " + DataPageText.escaped(feature) + "\n\n"
        text += "The lane of each work package, as Spec Kitty's `status.json` records it.\n\n"
        for (id, lane, _) in lanes {
            text += "- " + DataPageText.escaped(id) + ": " + DataPageText.escaped(lane) + "\n"
        }
        return text
    }
}

extension StatusReport {
    /// Spec Kitty's work packages with the lanes their features'
    /// `status.json` give them (see ``KittyStatus``); a package whose file
    /// writes another lane keeps the file's words in a hint, one no file
    /// and no `status.json` gives a lane to is counted as planned, with a
    /// hint; one done whose boxes are not all ticked gets a hint.
    static func readKittyLanes(
        _ facts: [(page: Page, fact: PlanFact)], formats: FormatFolders
    ) -> (facts: [(page: Page, fact: PlanFact)], problems: [Problem]) {
        var lanes: [String: [String: String]] = [:]
        for (page, fact) in facts where !fact.kittyLanes.isEmpty {
            lanes[OutputPaths.folderOf(page.sourcePath)] = fact.kittyLanes
        }
        var read = facts
        var problems: [Problem] = []
        for offset in facts.indices {
            guard var item = facts[offset].fact.items.first, item.kind == .task,
                let unit = formats.unit(ofPath: item.sourcePath), unit.format == .specKitty
            else { continue }
            if let lane = lanes[unit.folder]?[item.id] {
                if item.statusStated, let written = item.statusText, written.lowercased() != lane.lowercased() {
                    item.hint(
                        "its file says lane '\(written)'; the feature's status.json says '\(lane)', which is counted",
                        line: item.line)
                }
                item.statusText = lane
                item.statusStated = true
                if let status = KittyWorkPackage.status(ofLane: lane) {
                    item.status = status
                } else {
                    item.status = .unknown
                    problems.append(
                        problem(
                            at: item, "unknown lane '\(lane)' in status.json; counted as not done", rule: .unknownStatus
                        ))
                }
            } else if !item.statusStated {
                item.hint("no lane is written in its file or in status.json; counted as planned", line: item.line)
            }
            let boxes = item.checklist.total
            let open = boxes - item.checklist.done
            if item.status == .done, open > 0 {
                item.hint(
                    "in lane done, but \(open) of \(boxes) \(boxes == 1 ? "box is" : "boxes are") not ticked",
                    line: item.line)
            }
            read[offset].fact.items[0] = item
        }
        return (read, problems)
    }
}
