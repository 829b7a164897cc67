import SpecSiteKit

/// A BMAD story file: one story, whose status its author writes under the
/// title and whose boxes are its tasks.
///
/// - v4 (`docs/stories/1.2.login.md`, `1.2.story.md`, `2.6.1.bench.story.md`;
///   `docs/epics/e1/stories/e1-02-card.md`): a `## Status` section, the value
///   on the heading line (`## Status: Done`) or the paragraph after it.
/// - v6 (`implementation-artifacts/1-2-login.md`, `sprint-artifacts/…`,
///   `se1-4-reader.md`): a `Status: done` or `**Status:** done` line above
///   the first section. A sprint status file that lists the story wins over
///   it (see ``StatusReport/linkStories(_:)``).
///
/// A second status section that disagrees with the first (an agent that
/// appended `## Status` / `Done` at the end) is a hint: the first is counted.
enum BMADStory {
    /// A story's number and epic, told by its file's name and folder.
    struct Name: Sendable, Equatable {
        /// `1.2`, `2.6.1`, `E1-02`, `se1.4`.
        var number: String
        /// `epic-1`, `supp-epic-1`, or `stories` for a story of no epic.
        var epic: String
    }

    /// The story a content path is, or nil for any other page.
    static func name(ofPath path: String) -> Name? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, let file = parts.last, file.lowercased().hasSuffix(".md") else { return nil }
        let folders = parts.dropLast().map { $0.lowercased() }
        var stem = file.dropLast(3)
        if stem.lowercased().hasSuffix(".story") { stem = stem.dropLast(6) }
        let inStories = folders.contains("stories")
        let inArtifacts = folders.contains { $0 == "implementation-artifacts" || $0 == "sprint-artifacts" }
        // v4: `1.2.login`, `1.2`, `2.6.1.bench`: numbers joined by dots, then a dot or nothing.
        if inStories {
            let numbers = stem.split(separator: ".", omittingEmptySubsequences: false)
            let leading = numbers.prefix { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }
            if leading.count >= 2 {
                return Name(number: leading.joined(separator: "."), epic: "epic-" + leading[0])
            }
            // `e1-02-card`
            let words = stem.split(separator: "-")
            if words.count >= 3, words[0].count >= 2, words[0].first == "e",
                words[0].dropFirst().allSatisfy(\.isASCIIDigitCharacter), words[1].allSatisfy(\.isASCIIDigitCharacter)
            {
                return Name(number: words[0].uppercased() + "-" + words[1], epic: "epic-" + words[0].dropFirst())
            }
        }
        guard inStories || inArtifacts else { return nil }
        // v6: `1-2-login`, `3-5-0-cleanup`, `se1-4-reader`, `supp-1-thinking`.
        let words = stem.split(separator: "-")
        guard words.count >= 3 else { return nil }
        // Epic numbers are short: `2025-11-27-notes.md` is a dated note, no story.
        if words[0].count <= 3, words[0].allSatisfy(\.isASCIIDigitCharacter),
            words[1].allSatisfy(\.isASCIIDigitCharacter)
        {
            let numbers = words.prefix { $0.allSatisfy(\.isASCIIDigitCharacter) }
            guard numbers.count < words.count else { return nil }
            return Name(number: numbers.joined(separator: "."), epic: "epic-" + words[0])
        }
        if words[0].hasPrefix("se"), words[0].count > 2, words[0].dropFirst(2).allSatisfy(\.isASCIIDigitCharacter),
            words[1].allSatisfy(\.isASCIIDigitCharacter)
        {
            return Name(number: words[0] + "." + words[1], epic: "supp-epic-" + words[0].dropFirst(2))
        }
        if words[0] == "supp", words[1].allSatisfy(\.isASCIIDigitCharacter) {
            return Name(number: "supp-" + words[1], epic: "stories")
        }
        return nil
    }

    /// Whether a page is the index of a folder of stories (`stories/README.md`):
    /// it lists the stories, often with statuses older than the files', so
    /// its boxes and statuses are a record, never counted.
    static func isStoryIndex(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].lowercased() == "stories" else { return false }
        let name = parts.last!.lowercased()
        return name == "readme.md" || name == "index.md"
    }

    /// Whether a page is a BMAD validation report (`validation-report-3-7-20251217.md`,
    /// `story-validation-report-….md`) in a folder of stories or sprint
    /// artifacts: what a check of a story found, passed or not, never work
    /// of its own. Its boxes are drawn, never counted.
    static func isValidationReport(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map { $0.lowercased() }
        guard let name = parts.last, name.hasSuffix(".md"),
            name.hasPrefix("validation-report") || name.hasPrefix("story-validation-report")
        else { return false }
        return parts.dropLast().contains { folder in
            ["stories", "sprint-artifacts", "implementation-artifacts", "_bmad-output"].contains(folder)
                || folder.hasPrefix("epic-") || folder.hasPrefix(".bmad") || folder.hasPrefix("_bmad")
        }
    }

    /// The story's key in a sprint status file: its file's name without `.md`.
    static func key(ofPath path: String) -> String {
        String(GSDFiles.fileName(path).dropLast(3))
    }

    /// The statuses the page writes, first first: `## Status` sections (the
    /// value on the heading or in the paragraph after it), and `Status:`
    /// lines above the first section. Code, tables and a review's
    /// `**Status:** PASS` further down are not the story's.
    static func statuses(of page: Page) -> [(text: String, line: Int)] {
        var found: [(String, Int)] = []
        let blocks = page.document.root.children
        var sawSection = false
        for (index, block) in blocks.enumerated() {
            switch block.kind {
            case .heading(let level, _) where level >= 2:
                sawSection = true
                let text = block.plainText.trimmingSpaces
                guard level <= 3, text.lowercased().hasPrefix("status") else { continue }
                let rest = text.dropFirst("status".count).trimmingSpaces
                if rest.hasPrefix(":") {
                    let value = rest.dropFirst().trimmingSpaces
                    if !value.isEmpty { found.append((value, block.line)) }
                } else if rest.isEmpty, index + 1 < blocks.count, case .paragraph = blocks[index + 1].kind {
                    let value = firstLine(blocks[index + 1].plainText)
                    if !value.isEmpty { found.append((value, blocks[index + 1].line)) }
                }
            case .paragraph where !sawSection:
                let text = firstLine(block.plainText)
                guard text.lowercased().hasPrefix("status:") else { continue }
                let value = text.dropFirst("status:".count).trimmingSpaces
                if !value.isEmpty { found.append((value, block.line)) }
            default: continue
            }
        }
        return found
    }

    /// `AC1 — Successful registration`, `AC 2:`, `**AC3**`: a criterion's number.
    nonisolated(unsafe) static let criterionLead = /^(?i)AC\s*#?(\d{1,2})\b/

    /// The story's acceptance criteria under its `Acceptance Criteria`
    /// heading: the items of the first numbered list there (`1. Given …`),
    /// paragraphs that start `AC1`, and headings `### AC1: …` anywhere.
    static func findCriteria(_ page: Page, fact: inout PlanFact) {
        let blocks = page.document.root.children
        var ids: [Int: String] = [:]
        for heading in page.document.headings where ids[heading.line] == nil { ids[heading.line] = heading.id }
        var section: Int?
        var listed = false
        for block in blocks {
            if case .heading(let level, _) = block.kind {
                let text = block.plainText.trimmingSpaces
                if let match = try? criterionLead.prefixMatch(in: text), let id = ids[block.line] {
                    if fact.criteria[String(match.1)] == nil { fact.criteria[String(match.1)] = id }
                    continue
                }
                if let open = section, level <= open { section = nil }
                if text.lowercased().hasPrefix("acceptance criteria") { section = level }
                continue
            }
            guard section != nil else { continue }
            switch block.kind {
            case .list(let info) where info.ordered && !listed:
                listed = true
                fact.criterionBlocks[block.blockKey] = info.start
                for offset in block.children.indices {
                    let number = String(info.start + offset)
                    if fact.criteria[number] == nil { fact.criteria[number] = "criterion-" + number }
                }
            case .paragraph:
                guard let match = try? criterionLead.prefixMatch(in: block.plainText.trimmingSpaces),
                    let number = Int(match.1), fact.criteria[String(number)] == nil
                else { continue }
                fact.criterionBlocks[block.blockKey] = number
                fact.criteria[String(number)] = "criterion-\(number)"
            default: continue
            }
        }
    }

    private static func firstLine(_ text: String) -> String {
        String(text.trimmingSpaces.prefix { $0 != "\n" }).trimmingSpaces
    }

    /// The page as its one work item, a story of its epic, its boxes its
    /// tasks (as a Backlog.md task's are its criteria).
    static func read(_ page: Page, name: Name, fact: inout PlanFact, warnings: inout [LineMessage]) {
        let statuses = statuses(of: page)
        var title = page.title.trimmingSpaces
        if title.lowercased().hasPrefix("story"), let colon = title.firstIndex(of: ":") {
            title = String(title[title.index(after: colon)...]).trimmingSpaces
        }
        // `E2-05: Design Tokens`: the number is the item's id, not its title.
        if title.uppercased().hasPrefix(name.number.uppercased()) {
            let rest = title.dropFirst(name.number.count).drop { $0 == ":" || $0 == " " || $0 == "-" || $0 == "—" }
            if !rest.isEmpty { title = String(rest) }
        }
        let folder = OutputPaths.folderOf(page.sourcePath)
        var item = WorkItem(
            id: name.number, key: page.sourcePath + "#" + name.number, kind: .story, title: title,
            sourcePath: page.sourcePath, displayPath: page.displayPath,
            line: statuses.first?.line ?? page.document.headings.first?.line ?? page.bodyFirstLine)
        item.scope = folder + "#" + name.epic
        if let first = statuses.first {
            let reading = StatusText.read(first.text)
            item.status = reading.recognised ? reading.status : .unknown
            item.statusStated = true
            item.statusText = first.text
            if !reading.recognised {
                warnings.append(
                    LineMessage(
                        line: first.line, rule: .unknownStatus,
                        message: "unknown status '\(first.text)'; counted as not done"))
            }
            for other in statuses.dropFirst() {
                let again = StatusText.read(other.text)
                guard again.recognised, again.status != item.status else { continue }
                item.hint(
                    "a second status, '\(other.text)' (line \(other.line)), disagrees with '\(first.text)';"
                        + " the first is counted", line: other.line)
            }
        } else {
            item.hint("no status written; counted as not started", line: item.line)
        }
        fact.ownAllBoxes(by: item)
        findCriteria(page, fact: &fact)
        let boxes = fact.items[0].checklist.total
        let open = boxes - fact.items[0].checklist.done
        if item.status == .done, open > 0 {
            fact.items[0].hint(
                "marked done, but \(open) of \(boxes) \(boxes == 1 ? "box is" : "boxes are") not ticked",
                line: item.line)
        }
    }
}

extension Substring.Element {
    /// `0`…`9`.
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
