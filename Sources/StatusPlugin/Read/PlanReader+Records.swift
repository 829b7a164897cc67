import Foundation
import SpecSiteKit

/// Lists and headings that look like work but record something else: a
/// legend of the status symbols, a checklist to repeat for each task, a
/// requirements matrix.
extension PlanReader {
    /// `For EVERY task, verify:`, `Use this for each task:`, `Run after each
    /// chunk:`: a checklist introduced as one to go through for every piece of
    /// work is a template, not a piece of work.
    nonisolated(unsafe) static let repeatedChecklist =
        /(?i)\b(?:for|per|after|before|with|on)\s+(?:each|every|any)\s+(?:\w+\s+)?(?:task|item|chunk|story|feature|step|pr|pull request|change|plan|phase|ticket)s?\b/

    /// `Checklist Template`, `Template: Definition of Ready`.
    nonisolated(unsafe) static let templateHeading =
        /(?i)\bchecklist\s+template\b|\btemplate\s+checklist\b|^template\s*:/

    /// `Requirements Coverage Matrix`, `Risk Matrix`, `Legend`, `Status Key`,
    /// `Glossary`: a heading that names a record of the document, whatever
    /// status its title carries (`(COMPLETE)` says the matrix is complete).
    nonisolated(unsafe) static let recordTitle =
        /(?i)(?:\b(?:coverage|traceability|risk|decision|requirements?|compliance)\s+matrix|\blegend|\bglossary|\b(?:status|symbol|colou?r|icon|emoji)\s+key)$/

    /// Whether a list under the current heading records something other than
    /// work (its boxes are left as written, counted nowhere).
    func isNoWorkList(_ collected: [(entry: ChecklistEntry, symbol: Character?, list: String)]) -> Bool {
        Self.isLegend(collected) || isTemplate()
    }

    /// A list of status symbols each followed by only its status' name, or
    /// its name and a short gloss (`- ⬜ **Not Started**`, `- ✅ Done &
    /// confirmed`, `- ⏸️ Blocked / needs input`): it says what the symbols
    /// mean. A status written as a label of work (`- ✅ Done: the login
    /// screen`) or followed by a sentence is work.
    static func isLegend(_ collected: [(entry: ChecklistEntry, symbol: Character?, list: String)]) -> Bool {
        guard collected.count >= 2, collected.allSatisfy({ $0.symbol != nil }) else { return false }
        var statuses: Set<WorkStatus> = []
        for found in collected {
            let text = found.entry.text
            guard let first = StatusText.statusWords(in: text).first, first.offset == 0 else { return false }
            let gloss = text[first.end...].trimmingSpaces
            guard !gloss.hasPrefix(":"), gloss.split(separator: " ").count <= 3 else { return false }
            statuses.insert(first.status)
        }
        return statuses.count >= 2
    }

    /// Whether the boxes here are a template: the heading says so, or the
    /// paragraph before the list says it is for each task.
    func isTemplate() -> Bool {
        // Each expression needs a word of its own, looked for in bytes
        // first: Swift's regex engine reads a paragraph at hundreds of
        // thousands of instructions.
        if let title = heading?.text, title.containsBytes(ignoringASCIICase: "template"),
            (try? Self.templateHeading.firstMatch(in: title)) != nil
        {
            return true
        }
        // Only a paragraph that introduces the list (`… verify:`): a purpose
        // stated before it (spec-kit's `**Purpose**: … MUST be complete
        // before ANY user story can be implemented.`) says when the work
        // is due, not that the boxes are to be gone through again.
        // A text that ends in `:` ends in that scalar: the paragraph's last
        // scalar is found without making its whole text.
        guard let paragraph = introducingParagraph, Self.lastVisibleScalar(of: paragraph) == ":",
            let introduction, introduction.trimmingSpaces.hasSuffix(":"),
            ["each", "every", "any"].contains(where: { introduction.containsBytes(ignoringASCIICase: $0) })
        else { return false }
        return (try? Self.repeatedChecklist.firstMatch(in: introduction)) != nil
    }

    /// The last scalar of a node's plain text (``MarkdownNode/plainText``)
    /// that is not a space, or nil when there is none.
    static func lastVisibleScalar(of node: MarkdownNode) -> Unicode.Scalar? {
        // The plain text is a node's own text, then its children's: from the
        // end, the children come first.
        for child in node.children.reversed() {
            if let found = lastVisibleScalar(of: child) { return found }
        }
        switch node.kind {
        case .text(let value), .code(let value): return value.trimmingSpaces.unicodeScalars.last
        case .codeBlock(_, let code): return code.trimmingSpaces.unicodeScalars.last
        default: return nil
        }
    }

    /// Whether a heading's title (its marker aside) names a record of the document.
    static func namesRecord(_ title: String) -> Bool {
        let bare = title.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        return (try? recordTitle.firstMatch(in: bare)) != nil
    }
}
