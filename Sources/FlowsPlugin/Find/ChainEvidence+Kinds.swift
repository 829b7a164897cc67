import Foundation

/// What else a chain may be, when it is no screen flow: a process or a
/// template, a test scenario. Each rule reads the words a document uses, so a
/// `--verbose` note can say why.
extension ChainEvidence {
    /// Words of a heading that say its section is about tests, whose chains
    /// are scenarios ("6.2 Integration Test Gap": `Chat flow: Create → Send → React`).
    static let testWords: Set<String> = ["test", "tests", "testing", "scenario", "scenarios", "qa"]

    /// Whether a section's own heading says its arrows order something other
    /// than screens: phases of work ("Phase 1: Style Discovery"), tests,
    /// milestones. Screen words in its sentences are then no evidence.
    static func headingOrdersOtherThings(_ heading: String?) -> Bool {
        guard let heading else { return false }
        return words(of: heading).contains { otherSequenceWords.contains($0) || testWords.contains($0) }
    }

    /// Words that say a sentence defines a template rather than walks through
    /// screens ("For each flow, define: entry point → screens visited → …").
    static let templateWords: Set<String> = [
        "define", "defines", "defining", "template", "templates", "schema", "placeholder", "placeholders",
    ]

    /// Whether a table's header, lead-in and a chain's own cell speak of
    /// screens, flows or paths (`Entry point | Path | Notes`).
    static func speaksOfFlows(table text: String) -> Bool {
        mentionsScreens(text) || isAboutFlows(heading: text) || words(of: text).contains("path")
    }

    /// Whether the text a chain stands in (its own paragraph, item, cell or line) defines a template.
    static func definesTemplate(_ text: String) -> Bool {
        words(of: text).contains(where: templateWords.contains)
    }

    /// Whether most of a chain's names are counts of things (`6 HTML mockups →
    /// 3 finalists → 1 winner`): a funnel of work, not screens.
    static func namesCounts(_ chain: ArrowChain) -> Bool {
        let counts = chain.steps.filter { step in
            let first = step.name.split(separator: " ").first ?? ""
            return step.name.contains(" ") && !first.isEmpty && first.allSatisfy(\.isNumber)
        }.count
        return counts >= 2 && counts * 2 >= chain.steps.count
    }

    /// Whether `Old → New` states a rename as a whole: its names are whole, and
    /// nothing of a sentence stands before the old one but a word of renaming
    /// ("We renamed Categories → Piles"), unlike "User edits name in `Detail` → hits Return".
    static func isRenameStatement(_ chain: ArrowChain) -> Bool {
        guard chain.endsAreWhole, chain.steps.count == 2 else { return false }
        guard let last = words(of: chain.lead).last else { return true }
        return renameWords.contains(last)
    }
}
