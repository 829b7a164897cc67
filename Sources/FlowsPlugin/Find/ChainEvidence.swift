import Foundation
import SpecSiteKit

/// Whether an arrow chain in prose is about screens. Arrows in specs also
/// write brand lists, colour gradients, menu paths, call chains and
/// milestone sequences, so a chain is drawn only with evidence: the section
/// it stands in is about flows or navigation, its names are screens elsewhere
/// in the document, or the words around it speak of screens.
///
/// Hand-written word lists rather than a model: the rules must be the same on
/// every machine and explainable in a `--verbose` note.
enum ChainEvidence {
    /// Why a chain is not drawn, as a `--verbose` note says it.
    enum Skip: String, Sendable {
        case notScreens = "not about screens (no flow section, no known screens, no screen words around it)"
        case inlineCode = "its names are inline code"
        case boxArt = "it is part of a box-drawing picture"
        case table = "it stands in a table of other things"
        case rename = "it says a screen was renamed"
        case menuPath = "it is a menu path"
        case cutName = "where its first or last name ends in the sentence is a guess"
        case counts = "its names are counts of things"
        case template = "it defines a template of steps, not screens"
        case feelings = "it orders feelings, not screens"
        case wording = "its names are quoted words (labels or messages), not screens"
        case tooFew = "it names fewer than three screens"
        case actionOutcome = "it walks through what an action leads to (a list of **action** → outcome steps)"
    }

    /// Last steps that are a control, not a screen: `Right panel → Layout → Enable`.
    static let menuActions: Set<String> = [
        "enable", "disable", "toggle", "turn on", "turn off", "switch on", "switch off", "check", "uncheck",
        "click", "select", "tick", "untick",
    ]

    /// First steps that are a part of the window, not a screen: `Right panel → …`.
    static let menuParts: Set<String> = [
        "right panel", "left panel", "side panel", "panel", "sidebar", "toolbar", "menu bar", "menubar",
        "context menu", "menu", "inspector", "right-click menu", "overflow menu", "kebab menu",
    ]

    /// Whether a chain is a path through menus and panels to a control.
    static func isMenuPath(_ chain: ArrowChain) -> Bool {
        guard let first = chain.steps.first, let last = chain.steps.last else { return false }
        return menuParts.contains(ArrowChains.normalized(first.name))
            || menuActions.contains(ArrowChains.normalized(last.name))
    }

    /// Words of a heading that make its section about flows.
    static let flowSectionWords: Set<String> = [
        "flow", "flows", "journey", "journeys", "navigation", "navigate", "navigating", "wireflow", "wireflows",
        "screens", "sitemap", "walkthrough", "funnel", "funnels", "paths",
    ]

    /// Words of a sentence that say it is about screens.
    static let screenWords: Set<String> = [
        "screen", "screens", "page", "pages", "view", "views", "tab", "tabs", "sheet", "sheets", "modal", "modals",
        "dialog", "dialogs", "flow", "flows", "journey", "journeys", "navigates", "navigate", "navigation",
        "navigating", "wizard", "onboarding",
    ]

    /// Words before `flow` that make it something other than a screen flow.
    static let otherFlows: Set<String> = [
        "data", "control", "information", "cash", "git", "release", "build", "deploy", "deployment", "work",
        "message", "event", "request", "token", "auth", "oauth", "execution", "ci", "pipeline", "menu", "file",
        "import", "critical", "upgrade", "migration",
    ]

    /// Words of a sentence that say its arrows order something else: phases
    /// of work ("Implement in phases: Theme → Main screen → …"), tones, a
    /// visual hierarchy. Screen words in such a sentence are no evidence.
    static let otherSequenceWords: Set<String> = [
        "phase", "phases", "milestone", "milestones", "sprint", "sprints", "implement", "implementation",
        "release", "releases", "version", "versions", "tone", "tones", "gradient", "elevation", "priority",
        "priorities", "hierarchy", "roadmap", "pipeline", "stage", "stages", "fallback", "fallbacks",
    ]

    /// Words of a heading or sentence that say names were changed.
    static let renameWords: Set<String> = [
        "terminology", "renamed", "rename", "renames", "renaming", "formerly", "glossary", "naming", "vocabulary",
        "previously",
    ]

    /// Whether a heading makes its section about flows ("User flows",
    /// "3. Navigation", "Key journeys"), but not "Data flow".
    static func isAboutFlows(heading: String) -> Bool {
        hasWord(in: heading, from: flowSectionWords)
    }

    /// Words of a heading that say it, or the headings under it, name screens.
    static let screenKinds: Set<String> = [
        "screen", "screens", "page", "pages", "view", "views", "sheet", "sheets", "tab", "tabs", "modal", "modals",
        "dialog", "dialogs",
    ]

    /// Whether a heading names a screen (`Home Screen`) or holds screens (`Screens`, `4. Pages`).
    static func namesScreens(_ heading: String) -> Bool {
        words(of: heading).contains(where: screenKinds.contains)
    }

    /// Whether a sentence speaks of screens ("the Settings screen", "Flow goes …")
    /// and not of some other sequence.
    static func mentionsScreens(_ text: String) -> Bool {
        hasWord(in: text, from: screenWords) && !words(of: text).contains(where: otherSequenceWords.contains)
    }

    /// Screen words that name moving between screens, not a place: in a
    /// chain's own names they say nothing of what the names are.
    static let movingWords: Set<String> = [
        "flow", "flows", "journey", "journeys", "navigates", "navigate", "navigation", "navigating",
    ]

    /// ``mentionsScreens(_:)`` of the words around `chain`, not of its own
    /// names: `Tap once → capture → IMMEDIATE/OBJECTS/NAVIGATION` names a mode
    /// "navigation", which says nothing of screens. A place in a name
    /// (`Home screen`, `Settings page`, `Onboarding`) still does: it says what
    /// the name is.
    static func mentionsScreens(_ text: String, besides chain: ArrowChain) -> Bool {
        guard mentionsScreens(text) else { return false }
        var own: [String: Int] = [:]
        for step in chain.steps {
            for word in words(of: step.name) + words(of: step.label) where movingWords.contains(word) {
                own[word, default: 0] += 1
            }
        }
        // Most chains name no screen word: the sentence's answer stands.
        guard !own.isEmpty else { return true }
        var previous = ""
        for word in words(of: text) {
            defer { previous = word }
            guard screenWords.contains(word) else { continue }
            let isFlow = word.hasPrefix("flow") || word.hasPrefix("path")
            if isFlow, otherFlows.contains(previous) { continue }
            if let count = own[word], count > 0 {
                own[word] = count - 1
                continue
            }
            return true
        }
        return false
    }

    /// Whether a text says names were changed ("Terminology", "formerly", "renamed to").
    static func mentionsRename(_ text: String) -> Bool {
        hasWord(in: text, from: renameWords)
    }

    /// Words of a sentence or table row that make `Old → New` in it a rename:
    /// fewer than a heading's, as "previously" in a sentence is rarely about names.
    static let renameVerbs: Set<String> = ["terminology", "renamed", "rename", "renames", "renaming"]

    /// Whether a sentence or table row says `A → B` in it renames A to B.
    static func saysRenamed(_ text: String) -> Bool {
        hasWord(in: text, from: renameVerbs)
    }

    /// Whether one of `words` is a word of `text`; `flow` and `paths` not after
    /// a word that makes them another kind of flow (`data flow`).
    static func hasWord(in text: String, from words: Set<String>) -> Bool {
        var text = text
        if let found = text.withUTF8({ byteHasWord($0, from: words) }) { return found }
        return hasWordByCharacter(in: text, from: words)
    }

    /// ``hasWord(in:from:)`` over ``wordsByCharacter(_:)``: any text, the rule as it is written.
    static func hasWordByCharacter(in text: String, from words: Set<String>) -> Bool {
        var previous = ""
        for word in wordsByCharacter(text) {
            if words.contains(word) {
                let isFlow = word.hasPrefix("flow") || word.hasPrefix("path")
                if !isFlow || !otherFlows.contains(previous) { return true }
            }
            previous = word
        }
        return false
    }

    /// ``hasWord(in:from:)`` of a text of ASCII and ``SeparatorScalars`` (an
    /// arrow, a dash, a curly quote), nil for any other. Every heading,
    /// paragraph and table row is asked, so the text is not split into strings:
    /// a word becomes one only when a word of the set has its length and first
    /// letter (and the word before it only when a `flow` needs it).
    private static func byteHasWord(_ bytes: UnsafeBufferPointer<UInt8>, from words: Set<String>) -> Bool? {
        var lengths: UInt64 = 0
        var initials: UInt32 = 0
        for word in words {
            lengths |= 1 << UInt64(min(word.utf8.count, 63))
            if let first = word.utf8.first, first >= 0x61, first <= 0x7A {
                initials |= 1 << UInt32(first - 0x61)
            } else {
                initials = .max
            }
        }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        var previous: Range<Int>?
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] >= 0x80 {
                guard let length = SeparatorScalars.length(at: offset, in: bytes) else { return nil }
                offset += length
                continue
            }
            guard isLetter(bytes[offset]) else {
                offset += 1
                continue
            }
            let start = offset
            while offset < bytes.count, isLetter(bytes[offset]) { offset += 1 }
            if offset < bytes.count, bytes[offset] >= 0x80, SeparatorScalars.length(at: offset, in: bytes) == nil {
                return nil
            }
            let length = offset - start
            if lengths & (1 << UInt64(min(length, 63))) != 0,
                initials & (1 << UInt32((bytes[start] | 0x20) - 0x61)) != 0
            {
                let word = lowercasedASCII(bytes[start..<offset])
                if words.contains(word) {
                    let isFlow = word.hasPrefix("flow") || word.hasPrefix("path")
                    if !isFlow || !otherFlows.contains(previous.map { lowercasedASCII(bytes[$0]) } ?? "") {
                        // The words before this one are the rule's, and it returns at its first word
                        // found too, so what follows cannot change the answer.
                        return true
                    }
                }
            }
            previous = start..<offset
        }
        return false
    }

    /// Lowercased words: runs of letters.
    static func words(of text: String) -> [String] {
        // Every heading, cell and paragraph of a page is looked at, so an ASCII
        // text is split on its bytes (the same words as by Character, without
        // looking up each one's Unicode properties); so is one whose other
        // characters are ``SeparatorScalars`` (`Login → Home`).
        var text = text
        let ascii = text.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var start = -1
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                var length = 1
                if byte >= 0x80 {
                    guard let separator = SeparatorScalars.length(at: offset, in: bytes) else { return nil }
                    length = separator
                }
                let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
                if isLetter, start < 0 { start = offset }
                if !isLetter, start >= 0 {
                    words.append(Self.lowercasedASCII(bytes[start..<offset]))
                    start = -1
                }
                offset += length
            }
            if start >= 0 { words.append(Self.lowercasedASCII(bytes[start...])) }
            return words
        }
        return ascii ?? wordsByCharacter(text)
    }

    /// ``words(of:)`` read one Character at a time: any text, the rule as it is written.
    static func wordsByCharacter(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    private static func lowercasedASCII(_ letters: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: letters.count) { buffer in
            for (offset, byte) in letters.enumerated() { buffer[offset] = byte | 0x20 }
            return letters.count
        }
    }

    /// Whether the text holds box-drawing characters (`│ ┌ ─ ▶`): such a line
    /// is a picture, and its arrows are part of it.
    static func hasBoxArt(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }
    }

    /// The form a name is compared in when looking for the same screen
    /// elsewhere: `3.2 Home Screen`, `Screen: Home` and `home` are all `home`.
    static func screenKey(_ name: String) -> String {
        var words = ArrowChains.normalized(ArrowChains.clean(name)).split(separator: " ").map(String.init)
        // Section numbers and ids: `3.2`, `S-01`, `4)`.
        while let first = words.first, words.count > 1,
            first.allSatisfy({ $0.isNumber || $0 == "." || $0 == ")" })
                || (first.contains("-") && first.contains(where: \.isNumber) && first.count <= 6)
        {
            words.removeFirst()
        }
        let kinds: Set<String> = [
            "screen", "screen:", "page", "page:", "view", "view:", "sheet", "tab", "modal", "dialog",
        ]
        if words.count > 1, let first = words.first, kinds.contains(first), first.hasSuffix(":") {
            words.removeFirst()
        }
        if words.count > 1, let last = words.last, kinds.contains(last) { words.removeLast() }
        return words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ":.,"))
    }

    /// Whether a chain's names are screens the document names elsewhere: at
    /// least two of them, and at least half.
    static func namesKnownScreens(_ chain: ArrowChain, screens: Set<String>) -> Bool {
        let keys = Set(chain.steps.map { screenKey($0.name) })
        let known = keys.filter { screens.contains($0) }.count
        return known >= 2 && known * 2 >= keys.count
    }

    /// `Piles (formerly Categories)`, `Categories was renamed to Piles`,
    /// `rename Categories to Piles`: the renames a text states, old name to new.
    static func renames(in text: String) -> [(old: String, new: String)] {
        // Most text says nothing of renames: the expressions run only where it might.
        guard mentionsRename(text) else { return [] }
        let name = #"((?:[A-Z][\w'’-]*)(?: [A-Z][\w'’-]*){0,3})"#
        let patterns: [(String, Bool)] = [
            // New first: `Piles (formerly Categories)`, `Piles, formerly Categories`.
            (name + #"[*_"“”]*\s*[(,]\s*(?:formerly|previously|was|renamed from)\s+[*_"“”]*"# + name, true),
            // Old first: `Categories was renamed to Piles`, `rename Categories to Piles`.
            (name + #"[*_"“”]*\s+(?:(?:is|was|has been|were|are)\s+)?renamed\s+(?:to|as)\s+[*_"“”]*"# + name, false),
            (#"[Rr]ename[sd]?\s+[*_"“”]*"# + name + #"[*_"“”]*\s+(?:to|as)\s+[*_"“”]*"# + name, false),
        ]
        var found: [(old: String, new: String)] = []
        let range = NSRange(text.startIndex..., in: text)
        for (pattern, newFirst) in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: text, range: range) {
                guard let first = Range(match.range(at: 1), in: text), let second = Range(match.range(at: 2), in: text)
                else { continue }
                let a = String(text[first])
                let b = String(text[second])
                found.append(newFirst ? (old: b, new: a) : (old: a, new: b))
            }
        }
        return found
    }
}
