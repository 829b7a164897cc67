import SpecSiteKit

/// The titles of a BMAD project's epics, from the documents that plan them:
/// `## Epic 1: Foundation & Infrastructure` in `epics.md` (v6) or the PRD,
/// `# Epic 2: Search` in a sharded PRD's `docs/prd/epic-2-search.md` (v4).
/// A sprint file and story numbers name an epic only by its number; the
/// dashboard names it by its title where the documents agree on one.
enum BMADEpicTitles {
    /// Whether a page may plan epics: a name with `epic` or `prd` in it,
    /// not an archived copy.
    static func mayName(_ path: String) -> Bool {
        let name = GSDFiles.fileName(path).lowercased()
        guard name.hasSuffix(".md"), !name.contains("archive") else { return false }
        return name.contains("epic") || name.contains("prd")
    }

    /// The epics a page names in its headings (levels 1 to 3), by the id a
    /// sprint gives them (`epic-4-5` for `Epic 4.5`), each with its first
    /// title on the page (`Epic 4.5: State Detection`), trailing status
    /// marks taken off.
    static func read(_ page: Page) -> [String: String] {
        guard mayName(page.sourcePath) else { return [:] }
        var titles: [String: String] = [:]
        for heading in page.document.headings where heading.level <= 3 {
            guard let (number, title) = parse(heading.text) else { continue }
            let id = "epic-" + number.replacingOccurrences(of: ".", with: "-")
            if titles[id] == nil { titles[id] = "Epic " + number + ": " + title }
        }
        return titles
    }

    /// `Epic 4.5: State Detection ✅` → (`4.5`, `State Detection`); nil
    /// without a separator after the number (`Epic 1 Story List`).
    static func parse(_ text: String) -> (number: String, title: String)? {
        guard let match = try? pattern.wholeMatch(in: text.trimmingSpaces) else { return nil }
        var title = Substring(match.2)
        // `✅`, `🚧` after the title are its status, not its name.
        while let last = title.unicodeScalars.last,
            last.properties.isEmojiPresentation || last == "\u{FE0F}" || last == " " || last == "\u{2705}"
        {
            title = title.dropLast()
        }
        guard !title.isEmpty else { return nil }
        return (String(match.1), String(title))
    }

    private nonisolated(unsafe) static let pattern = #/(?i)epic\s+(\d+(?:\.\d+)?)\s*[:.\-–—]\s+(.+)/#

    /// The title of each epic by its project and id, where the pages that
    /// name it agree; an epic two documents name differently (a rescoped
    /// copy beside the first) keeps its number alone.
    static func titles(in facts: [(page: Page, fact: PlanFact)]) -> [String: String] {
        var found: [String: Set<String>] = [:]
        for (page, fact) in facts where !fact.epicTitles.isEmpty {
            let project = BMADSprintPage.project(of: page.sourcePath)
            for (id, title) in fact.epicTitles { found[project + "#" + id, default: []].insert(title) }
        }
        return found.compactMapValues { $0.count == 1 ? $0.first : nil }
    }
}
