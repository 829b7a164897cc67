import Foundation

/// What else a chain, a list or a diagram may be, when it is no screen flow:
/// a process or a template, a test scenario, the parts of a window side by
/// side, a system's architecture. Each rule reads the words a document uses,
/// so a `--verbose` note can say why.
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

    /// Words that say a chain orders feelings, not screens: "**Emotional
    /// arc:** Curious → Confident → Delighted", "Emotions throughout the journey".
    static let feelingWords: Set<String> = [
        "emotion", "emotions", "emotional", "feeling", "feelings", "mood", "moods", "sentiment", "arc",
    ]

    /// Whether a heading or the text a chain stands in speaks of feelings.
    static func speaksOfFeelings(_ text: String) -> Bool {
        words(of: text).contains(where: feelingWords.contains)
    }

    /// Whether every name of a chain is written in double quotes in its own
    /// text: `**"Let's go"** → **"Got it"** → **"I'm ready"**` is the wording
    /// of buttons or messages, one after another, not screens. A first or last
    /// name cut out of a longer quote (`"I commit` of `"I commit to myself"`)
    /// has its quote on one side.
    static func namesAreQuoted(_ chain: ArrowChain, in text: String) -> Bool {
        chain.steps.allSatisfy { step in
            text.contains("\"" + step.name) || text.contains(step.name + "\"") || text.contains("“" + step.name)
                || text.contains(step.name + "”")
        }
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

    // MARK: - Numbered lists

    /// Words of a lead-in or heading that say a list holds the parts of a
    /// window side by side, not steps: `**Sidebar items:**`, "Tab bar".
    static let windowParts: Set<String> = [
        "sidebar", "sidebars", "toolbar", "toolbars", "menu", "menus", "menubar", "tabbar", "navbar", "tabs",
    ]

    /// Words of a heading that say its list is a structure, not a sequence.
    static let structureWords: Set<String> = ["structure", "hierarchy", "inventory", "sitemap", "principles"]

    /// Whether a numbered list led in by `leadIn` under `heading` holds places
    /// side by side (a sidebar's sections, a screen inventory) rather than steps.
    static func listsPlacesSideBySide(leadIn: String, heading: String?) -> Bool {
        let lead = words(of: leadIn)
        let title = words(of: heading ?? "")
        if lead.contains(where: windowParts.contains) || title.contains(where: windowParts.contains) { return true }
        if hasPair(lead, "tab", "bar") || hasPair(title, "tab", "bar") { return true }
        return title.contains(where: structureWords.contains)
    }

    /// Whether a name says it is a screen: `AuthScreen`, `Home screen`, `Settings page`, `ProfileView`.
    static func looksLikeScreen(_ name: String) -> Bool {
        guard let last = camelCaseWords(of: name).last else { return false }
        return screenKinds.contains(last) || screenKinds.contains(last + "s")
    }

    /// Lowercased words, with `camelCase` and `PascalCase` split: `AuthScreen` is `auth screen`.
    static func camelCaseWords(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in text {
            guard character.isLetter else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousIsLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    // MARK: - Diagrams

    /// Words of a heading that name a drawing, not what it shows.
    static let diagramWords: Set<String> = [
        "diagram", "diagrams", "flowchart", "flowcharts", "chart", "charts", "graph", "graphs", "mermaid",
        "visual", "visualization", "visualisation",
    ]

    /// Whether a heading only says "here is a drawing" (`#### Flow Diagram`,
    /// "Mermaid chart"): a flow under it is named after the heading above.
    static func namesOnlyADrawing(_ heading: String) -> Bool {
        let generic: Set<String> = ["flow", "flows", "user", "screen", "the", "a", "of", "overview"]
        let words = words(of: heading)
        return words.contains(where: diagramWords.contains)
            && words.allSatisfy { diagramWords.contains($0) || generic.contains($0) }
    }

    /// Words of a heading or title that say a diagram shows a system's parts, not screens.
    static let architectureWords: Set<String> = [
        "architecture", "architectural", "deployment", "infrastructure", "topology", "backend", "microservices",
    ]

    /// Whether a heading or page title speaks of architecture: "High-Level
    /// Architecture", "System Context Diagram", "Container Diagram",
    /// "Deployment Model", "Data Model". A diagram under it (C4, components,
    /// services) is drawn, but its boxes are no screens.
    static func isAboutArchitecture(_ text: String) -> Bool {
        let words = words(of: text)
        // "Information Architecture" is the screens' own structure.
        if words.indices.contains(where: {
            architectureWords.contains(words[$0]) && !($0 > 0 && words[$0 - 1] == "information")
        }) {
            return true
        }
        // The expression runs only where its letters are: most headings have no `C4`.
        if text.utf8.contains(UInt8(ascii: "4")), text.contains("C4"),
            text.range(of: #"\bC4\b"#, options: .regularExpression) != nil
        {
            return true
        }
        return hasPair(words, "system", "context") || hasPair(words, "system", "overview")
            || hasPair(words, "container", "diagram") || hasPair(words, "component", "diagram")
            || hasPair(words, "data", "model") || hasPair(words, "data", "flow")
    }

    /// Whether `first` is directly followed by `second` in `words`.
    static func hasPair(_ words: [String], _ first: String, _ second: String) -> Bool {
        zip(words, words.dropFirst()).contains { $0 == first && $1 == second }
    }
}
