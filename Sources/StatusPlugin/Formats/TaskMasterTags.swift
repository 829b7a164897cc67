import SpecSiteKit

/// A Task Master file of several tags is split into a page per tag (see
/// ``Plugin/dataPageParts(_:data:)``): each tag's tasks are a page of their
/// own, and the file's own page lists the tags, each with its status and
/// progress and a link to its page. A file of one tag stays one page.
extension TaskMasterPage {
    /// The names of the tags of a file of more than one, a page each; none
    /// for a file of one tag or for data that holds no tasks.
    static func parts(of data: YAMLValue) -> [String] {
        guard let file = TaskMasterFile.read(data, tasksOf: []), file.tags.count > 1 else { return [] }
        return file.tags.map(\.name)
    }

    /// What a tag's page is written from: the file cut to that tag, the
    /// page's title and its first line; nil when the file no longer has it.
    struct TagPage {
        var file: TaskMasterFile
        var title: String
        var intro: String
    }

    /// The page of the tag `part` names.
    static func tagPage(_ file: TaskMasterFile, part: DataPagePart) -> TagPage? {
        guard let tag = file.tags.first(where: { $0.name == part.name }) else { return nil }
        let name = part.file.split(separator: "/").last.map(String.init) ?? part.file
        // No count here: the progress above counts what is tracked (not
        // what is cancelled), and two numbers for one list would disagree.
        let intro =
            "Tag **\(DataPageText.escaped(tag.name))** of [\(DataPageText.escaped(name))](<\(name)>), one of its"
            + " \(file.tags.count) tags."
        return TagPage(
            file: TaskMasterFile(tags: [tag], isLegacy: false),
            title: title(of: part.file) + ", tag " + tag.name, intro: intro)
    }

    /// The file's own page when its tags have pages of their own: a section
    /// per tag (its description, a link to its page), and the markdown line
    /// of each tag's heading, on which its status and progress are drawn.
    static func overview(
        _ file: TaskMasterFile, title: String, parts: [DataPagePart]
    ) -> (text: String, tagHeadings: [Int]) {
        var writer = DataPageText.Writer()
        var headings: [Int] = []
        writer.line("# " + DataPageText.escaped(title))
        writer.line("")
        writer.line("Tasks written by Task Master, in \(file.tags.count) tags, a page each.")
        for tag in file.tags {
            writer.line("")
            headings.append(writer.next)
            writer.line("## Tag: " + DataPageText.escaped(tag.name))
            if let description = tag.description {
                writer.line("")
                writer.line(DataPageText.escaped(description))
            }
            guard let part = parts.first(where: { $0.name == tag.name }) else { continue }
            let page = part.sourcePath.split(separator: "/").last.map(String.init) ?? part.sourcePath
            writer.line("")
            writer.line("[The tasks of tag \(DataPageText.escaped(tag.name))](<\(page)>)")
        }
        return (writer.text, headings)
    }

    /// What the file's own page holds when its tags have pages: no work
    /// (that is on the tags' pages), but each tag's heading drawn with its
    /// unit's status and progress.
    static func overviewFact(_ file: TaskMasterFile, page: Page, path: String) -> PlanFact {
        let headings = overview(file, title: "", parts: page.parts).tagHeadings
        var fact = PlanFact()
        fact.unitPageTitle = page.title
        for (tag, line) in zip(file.tags, headings) {
            fact.unitHeadings["heading:\(line)"] = path + "#" + tag.name
        }
        return fact
    }
}
