/// Cutting the first and last names of a chain out of the clause they stand in.
///
/// The names between two arrows are whole as written. The name before the
/// first arrow and the one after the last share their clause with the
/// sentence ("Flow goes **Welcome** → … → **Complete** then …"), so they are
/// cut out of it, from the arrow outward. A cut must land where the name
/// plainly ends: at the clause's edge (the text's start or end, or a
/// punctuation break), at a joining word (*goes*, *then*, *and*), or, in a
/// chain of capitalised names, where a capitalised word meets a lowercase
/// one. A cut made only because the name grew longer than the names between
/// the arrows is a guess (`Sign up` would become `up`): such a chain's ends
/// are not whole, and it is no flow.
extension ArrowChains {
    /// A first or last name, as cut out of its clause.
    struct EndName {
        var step: ArrowChain.Step
        /// Whether the name is whole as written (see ``ArrowChains``' names).
        var isWhole: Bool
        /// The words of its clause beyond the name (`Flow goes` before `Welcome`); empty when it fills the clause.
        var rest: String
    }

    /// How the first and last names of a chain are cut out of their sentence.
    struct Cut {
        /// How many words the names between the arrows have: a name may grow
        /// past it only up to the edge of its clause.
        var words: Int
        /// Whether the chain's names are capitalised, so a lowercase word next
        /// to a capitalised one is not part of a name.
        var capitalised: Bool
        /// Whether the text is no sentence (a table cell), so a name is all of
        /// its clause when that is short enough to be one.
        var wholeClauses = false

        /// How many of `words` (from the arrow outward) the name takes, and
        /// whether it ends where it plainly ends; nil when the word next to the
        /// arrow joins the sentence rather than naming a screen. `fromStart`:
        /// the words run forward, after the last arrow (else backward, before the first).
        func take(_ words: [Substring], fromStart: Bool) -> (count: Int, isWhole: Bool)? {
            guard let first = words.first else { return nil }
            if wholeClauses, words.count <= maximumWords, words.contains(where: { $0.contains(where: \.isLetter) }) {
                return (words.count, true)
            }
            // After the last arrow a joining word is the sentence ("→ then Home");
            // before the first it may end a name (`Sign in →`), though not be one.
            guard !fromStart || !stopWords.contains(first.lowercased()) else { return nil }
            if words.count == 1 || stopWords.contains(words[1].lowercased()), stopWords.contains(first.lowercased()) {
                return nil
            }
            // A count opens a name (`→ 1 winner`), and nothing before it belongs to one (`6 HTML mockups →`).
            if first.allSatisfy(\.isNumber) {
                guard fromStart, words.count > 1, words[1].contains(where: \.isLetter) else { return nil }
            } else if !first.contains(where: \.isLetter) {
                return nil
            }
            var count = 1
            var pastGuide = false
            while count < words.count {
                let word = words[count]
                if !fromStart, word.allSatisfy(\.isNumber) { return (count + 1, !pastGuide) }
                // A joining word, or a word that is no word (`2.`, `—`; not `&`), ends the name.
                if stopWords.contains(word.lowercased()) || !word.contains(where: { $0.isLetter || "&+".contains($0) })
                {
                    return (count, !pastGuide)
                }
                if capitalised, word.first?.isLowercase == true, words[count - 1].first?.isLowercase == false {
                    return (count, !pastGuide)
                }
                if count >= maximumWords { return (count, false) }
                if count >= self.words { pastGuide = true }
                count += 1
            }
            // The clause's edge: the name fills it.
            return (count, true)
        }
    }

    /// The name that opens a piece (`Complete` of ` Complete, then …`), with
    /// its label; nil when none is there.
    static func leadingName(_ text: Substring, cut: Cut) -> EndName? {
        // A chain that wraps goes on at the next line (`Connection →` over `Ongoing Engagement`).
        var piece = text.drop(while: \.isWhitespace)
        if let end = firstBreak(in: piece) { piece = piece[..<end] }
        // A label right after the name belongs to it: `PIN (skip), then …`.
        let (name, label) = nameAndLabel(piece.trimmed)
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let (count, isWhole) = cut.take(words, fromStart: true) else { return nil }
        let cleaned = clean(words.prefix(count).joined(separator: " "))
        guard isName(cleaned) else { return nil }
        let step = ArrowChain.Step(name: cleaned, label: count == words.count ? clean(label) : "")
        return EndName(step: step, isWhole: isWhole, rest: words.dropFirst(count).joined(separator: " "))
    }

    /// The name that closes a piece (`Welcome` of `Flow goes Welcome `); nil when none is there.
    static func trailingName(_ text: Substring, cut: Cut) -> EndName? {
        var piece = text[...]
        if let end = lastBreak(in: piece) { piece = piece[piece.index(after: end)...] }
        let (name, _) = nameAndLabel(piece.trimmed)
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let (count, isWhole) = cut.take(words.reversed(), fromStart: false) else { return nil }
        let cleaned = clean(words.suffix(count).joined(separator: " "))
        guard isName(cleaned) else { return nil }
        return EndName(
            step: ArrowChain.Step(name: cleaned, label: ""), isWhole: isWhole,
            rest: words.dropLast(count).joined(separator: " "))
    }

    // MARK: - Breaks

    /// Whether a piece between two arrows holds the end of one sentence or
    /// clause and the start of another, rather than one screen name.
    static func isBreak(_ text: Substring) -> Bool {
        let (name, _) = nameAndLabel(text.trimmed)
        if name.contains("\n") { return true }
        if wordCount(name) > maximumWords || name.count > maximumCharacters { return true }
        return firstBreak(in: name) != nil
    }

    /// The index of the first sentence or clause break (`. `, `, `, `; `, `: `,
    /// ` - `, ` — `, `!`, a middle dot or bullet between statements), if any.
    static func firstBreak(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let followedBySpace = next == text.endIndex || text[next] == " " || text[next] == "\n"
            switch character {
            case ",", ";", "!", "\n", "·", "•":
                return index
            case ".", ":":
                if followedBySpace { return index }
            case "-", "—", "–":
                let spaced = index > text.startIndex && text[text.index(before: index)] == " " && followedBySpace
                if spaced || character != "-" { return index }
            default:
                break
            }
            index = next
        }
        return nil
    }

    /// The last index of a break, if any.
    static func lastBreak(in text: Substring) -> Substring.Index? {
        var found: Substring.Index?
        var rest = text[...]
        while let index = firstBreak(in: rest) {
            found = index
            rest = rest[rest.index(after: index)...]
        }
        return found
    }

    /// Words that join a name to its sentence rather than belong to it.
    static let stopWords: Set<String> = [
        "a", "an", "the", "to", "from", "then", "and", "or", "but", "goes", "go", "going", "is", "are", "was",
        "be", "shows", "show", "flow", "flows", "order", "via", "through", "maintained", "navigates", "navigate",
        "moves", "move", "sequence", "sequentially", "cycles", "cycle", "path", "with", "after", "before", "of",
        "in", "on", "at", "for", "by", "as", "like", "e.g.", "i.e.", "steps", "step", "until", "when", "if",
        "which", "that", "this", "these", "back", "into", "onto", "leads", "lead", "opens", "open",
    ]
}
