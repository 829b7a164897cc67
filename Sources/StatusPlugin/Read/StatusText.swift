import Foundation
import SpecSiteKit

/// Reads the words and symbols plans use for status, effort and dependencies.
///
/// Hand-written: these notations are conventions of spec writers (`✅ Committed
/// (a9887c8..HEAD)`, `1.5h`, `CHUNK-001 (colors)`), which no library reads.
enum StatusText {
    /// What a status text says.
    struct Reading: Equatable {
        var status: WorkStatus
        /// Whether a symbol or word was recognised (false gives `.unknown`).
        var recognised: Bool
        /// Text after the status word and a dash (`waiting for review`).
        var note: String?
        /// `2026-01-12`, when the text has a date.
        var date: String?
        /// `88c8123..HEAD`, when the text has a commit range.
        var commits: String?
        /// Where the text contradicts itself (`✅ Not started`, `Done / In
        /// progress`): what was used and why, for a hint at the item.
        var conflict: String?
    }

    /// Symbols that stand for a status when no word says one. Colour circles
    /// are decoration as much as status (`🔴 Not Started`, `🔴 Critical`), so
    /// they never contradict words and a lone 🔴 is not started, not blocked.
    static let symbols: [(Character, WorkStatus)] = [
        ("✅", .done), ("✔", .done), ("✓", .done), ("☑", .done), ("🟢", .done), ("🎉", .done),
        ("🚧", .inProgress), ("🔄", .inProgress), ("⏳", .inProgress), ("🟡", .inProgress), ("🏗", .inProgress),
        ("🔨", .inProgress), ("◐", .inProgress), ("🟠", .inProgress), ("👀", .inReview),
        // A cross says "no": not done, missing, fails. Blocked is something an
        // author says in words (`❌ Blocked — API keys`) or with a stop sign.
        ("❌", .notStarted), ("✗", .notStarted), ("✘", .notStarted),
        ("⛔", .blocked), ("🛑", .blocked), ("🚫", .blocked),
        ("🔴", .notStarted), ("⬜", .notStarted), ("☐", .notStarted), ("🔲", .notStarted), ("⚪", .notStarted),
        ("⭕", .notStarted),
    ]

    /// The status a symbol stands for, with or without the emoji variation
    /// selector (`✔️` is `✔` U+FE0F, one `Character` that is not `✔`).
    static func status(ofSymbol character: Character) -> WorkStatus? {
        // Every symbol is one non-ASCII scalar: most characters of a plan are ASCII.
        guard let head = character.unicodeScalars.first, !head.isASCII else { return nil }
        let scalars = character.unicodeScalars.filter { $0.value != 0xFE0F }
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        return symbols.first { $0.0.unicodeScalars.first == scalar }?.1
    }

    /// `❌`, `✗`, `✘`: not done, and nothing more (see ``symbols``).
    static func isCross(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars.filter { $0.value != 0xFE0F }
        return scalars.count == 1 && ["❌", "✗", "✘"].contains(Character(scalars.first!))
    }

    /// Whether a character is a status symbol (see ``status(ofSymbol:)``).
    static func isSymbol(_ character: Character) -> Bool { status(ofSymbol: character) != nil }

    /// Symbols that decorate rather than state (see ``symbols``): colour
    /// circles, and the hourglass, which writers put beside "Pending" as often
    /// as beside "In progress".
    static let decorativeSymbols: Set<Character> = ["🟢", "🟡", "🟠", "🔴", "⚪", "🎉", "⏳"]

    /// Status words and phrases (lowercase); the earliest in the text wins, and
    /// the longest of those starting at the same place (`not started` over `started`).
    static let words: [(String, WorkStatus)] = [
        ("done", .done), ("complete", .done), ("completed", .done), ("committed", .done), ("finished", .done),
        ("merged", .done), ("shipped", .done), ("passed", .done), ("verified", .done), ("implemented", .done),
        ("resolved", .done), ("closed", .done), ("released", .done), ("deployed", .done), ("landed", .done),
        ("fixed", .done), ("accepted", .done), ("fully implemented", .done),
        ("in progress", .inProgress), ("in-progress", .inProgress), ("in_progress", .inProgress),
        ("wip", .inProgress), ("started", .inProgress), ("ongoing", .inProgress), ("underway", .inProgress),
        ("under way", .inProgress), ("partial", .inProgress), ("partially", .inProgress), ("active", .inProgress),
        ("doing", .inProgress), ("testing", .inProgress), ("incomplete", .inProgress), ("gaps_found", .inProgress),
        ("gaps found", .inProgress), ("partially complete", .inProgress), ("partially implemented", .inProgress),
        ("in review", .inReview), ("in-review", .inReview), ("in_review", .inReview), ("review", .inReview),
        ("under review", .inReview), ("awaiting review", .inReview), ("waiting for review", .inReview),
        ("ready for review", .inReview), ("pending review", .inReview), ("needs review", .inReview),
        ("in qa", .inReview), ("pr open", .inReview), ("human_needed", .inReview), ("human needed", .inReview),
        ("awaiting verification", .inReview),
        ("blocked", .blocked), ("on hold", .blocked), ("on-hold", .blocked), ("stuck", .blocked),
        // A failed check or gate is work to redo, not work held up by something
        // else: only the author's "blocked" says that.
        ("failed", .inProgress), ("failing", .inProgress),
        // A gate passed on conditions still has those conditions to meet.
        ("conditional pass", .inProgress), ("conditionally passed", .inProgress),
        ("passed with conditions", .inProgress),
        // Waiting is no status of its own: what an item waits for is its
        // readiness (or, for an outside wait, the note), never "blocked".
        ("waiting", .notStarted), ("awaiting", .notStarted),
        ("review complete", .done), ("review completed", .done), ("review passed", .done),
        ("not started", .notStarted), ("not-started", .notStarted), ("not_started", .notStarted),
        ("not yet started", .notStarted), ("todo", .notStarted), ("to do", .notStarted), ("to-do", .notStarted),
        ("pending", .notStarted), ("planned", .notStarted), ("not planned", .notStarted),
        ("backlog", .notStarted), ("open", .notStarted), ("queued", .notStarted), ("upcoming", .notStarted),
        ("ready", .notStarted), ("scheduled", .notStarted), ("new", .notStarted), ("none", .notStarted),
        ("not complete", .notStarted), ("not completed", .notStarted), ("not done", .notStarted),
        ("not implemented", .notStarted), ("ready for dev", .notStarted), ("ready-for-dev", .notStarted),
        ("draft", .notStarted), ("proposed", .notStarted), ("approved", .notStarted),
        ("optional", .optional), ("nice to have", .optional), ("nice-to-have", .optional), ("stretch", .optional),
        ("cancelled", .cancelled), ("canceled", .cancelled), ("dropped", .cancelled), ("won't do", .cancelled),
        ("wont do", .cancelled), ("wontfix", .cancelled), ("skipped", .cancelled), ("obsolete", .cancelled),
        ("superseded", .cancelled), ("n/a", .cancelled), ("abandoned", .cancelled),
        // Deferred work is moved to a later PR or plan, not abandoned: like
        // optional work it is not counted here and holds nothing back, but
        // calling it cancelled would say it will never be done.
        ("deferred", .optional), ("postponed", .optional),
    ]

    /// What a finished piece of work waits for when it waits to be checked.
    nonisolated(unsafe) static let reviewWords =
        /(?i)\b(?:review|approval|sign[- ]?off|smoke[- ]?check|smoke[- ]?test|verification|qa|uat|acceptance)\b/

    /// `60%` in `Status: 60% Complete`.
    nonisolated(unsafe) static let percentPattern = /(?:^|[^\d.])(\d{1,3}(?:\.\d+)?)\s*%/

    /// Reads a status text (`✅ Committed (88c8123..HEAD)`, `❌ Blocked — reason`).
    ///
    /// Words beat decoration: where a symbol and the words disagree
    /// (`🔴 Not Started`, `✅ Not started`) the words are used, and a symbol
    /// that agrees with any status word in the text picks that one
    /// (`🔄 Scheduler merged; gap fixes in progress` is in progress). A
    /// percentage below 100 beside a done word (`60% Complete`) is in progress.
    static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var reading = Reading(status: .unknown, recognised: false)
        reading.date = firstMatch(of: datePattern, in: trimmed)
        reading.commits = firstMatch(of: commitPattern, in: trimmed)
        let found = statusWords(in: trimmed)
        let symbol = trimmed.first { isSymbol($0) }
        let symbolStatus = symbol.flatMap { status(ofSymbol: $0) }
        if found.isEmpty {
            guard let symbol, let symbolStatus else { return finish(reading, text: trimmed) }
            reading.status = symbolStatus
            reading.recognised = true
            let after = trimmed.index(after: trimmed.firstIndex(of: symbol)!)
            if trimmed.first == symbol {
                // What follows a leading symbol is its note (`⏳ Legal sign-off`).
                let rest = trimmed[after...].trimmingCharacters(
                    in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
                reading.note = rest.isEmpty ? nil : rest
            } else {
                reading.note = note(after: after, in: trimmed)
            }
            return finish(reading, text: trimmed, symbolOnly: true)
        }
        guard let first = found.first else { return reading }
        var chosen = first
        var symbolDecided = false
        if let symbol, isCross(symbol) {
            // A cross says only "not done": the words say which (`❌ Blocked —
            // waiting on API keys` is blocked, `❌ FAILED` in progress), and
            // contradict it only when they say done.
            if first.status == .done {
                reading.conflict =
                    "\(symbol) says not done but the words say \(first.status.label.lowercased()); the words are used"
            }
        } else if let symbolStatus, let agreeing = found.first(where: { $0.status == symbolStatus }) {
            chosen = agreeing
            symbolDecided = true
        } else if let symbol, let symbolStatus, !decorativeSymbols.contains(symbol),
            family(symbolStatus) != family(first.status)
        {
            reading.conflict =
                "\(symbol) says \(symbolStatus.label.lowercased()) but the words say"
                + " \(first.status.label.lowercased()); the words are used"
        }
        // `Waiting for Beta App Review`, `Awaiting operator smoke-check`: waiting
        // on someone to check finished work is in review, not blocked.
        if chosen.word.hasSuffix("waiting") {
            if let review = found.first(where: { $0.status == .inReview }) {
                chosen = review
                symbolDecided = true
            } else if (try? reviewWords.firstMatch(in: trimmed)) != nil {
                reading.status = .inReview
                reading.recognised = true
                reading.note = note(after: chosen.end, in: trimmed)
                return finish(reading, text: trimmed)
            }
        }
        reading.status = chosen.status
        reading.recognised = true
        reading.note = note(after: chosen.end, in: trimmed)
        // Two status words of different kinds before any note: the text contradicts itself.
        if reading.conflict == nil && !symbolDecided {
            let statusPart = trimmed.prefix { !"—–:(,;".contains($0) }
            let clashing = found.first {
                $0.offset < statusPart.count && family($0.status) != family(chosen.status)
            }
            if let clashing {
                reading.conflict =
                    "the status says both \(chosen.status.label.lowercased()) and"
                    + " \(clashing.status.label.lowercased()); \(chosen.status.label.lowercased()) is used"
            }
        }
        return finish(reading, text: trimmed)
    }

    /// A percentage below 100 beside a done word is progress, not done; 0% is not started.
    /// Beside a symbol and no word the number decides: `95% ✅` is in progress and
    /// `15% ❌` is not blocked, for the symbol only grades the number.
    /// Only in the status itself, not in its note: `✅ Done — coverage 85%` is done.
    private static func finish(_ reading: Reading, text: String, symbolOnly: Bool = false) -> Reading {
        var reading = reading
        let status = String(text.prefix { !"—–;".contains($0) })
        guard let match = try? percentPattern.firstMatch(in: status), let value = Double(match.1) else {
            return reading
        }
        if !reading.recognised || symbolOnly {
            reading.recognised = true
            reading.status = value >= 100 ? .done : (value <= 0 ? .notStarted : .inProgress)
        } else if reading.status == .done && value < 100 {
            reading.status = value <= 0 ? .notStarted : .inProgress
        }
        return reading
    }

    // MARK: Headings and titles

    /// Status phrases a heading may end with, after a dash (`Export - COMPLETE`,
    /// `Setup — DONE`) or in parentheses (`Task 1.3 (In Progress)`, `(optional)`).
    /// Fewer than ``words``: `Testing`, `Review`, `Draft` or `New` after a dash
    /// name a topic as often as a status (`Step 3 - Testing`).
    /// Each reads as ``words`` say.
    static let headingWords: [String] = [
        "done", "complete", "completed", "finished", "merged", "fully implemented",
        "in progress", "in-progress", "in_progress", "wip", "started", "partially complete", "partially implemented",
        "incomplete", "in review", "in-review", "under review", "awaiting review", "ready for review",
        "blocked", "on hold", "on-hold",
        "not started", "not-started", "not yet started", "todo", "to do", "to-do", "pending", "not done",
        "not complete", "not completed",
        "optional", "nice to have", "nice-to-have", "deferred", "postponed",
        "cancelled", "canceled", "dropped", "skipped", "won't do", "obsolete", "superseded",
    ]

    /// Words that may join a heading's status word to its reason: `Blocked by
    /// auth`, `Deferred to a separate PR`, `Done in #12`.
    static let headingConnectors: Set<String> = [
        "to", "until", "till", "by", "on", "in", "for", "since", "at", "as", "after", "per", "via", "with",
    ]

    /// Whether `text` is a status as a heading ends with one: a phrase of
    /// ``headingWords`` alone (`COMPLETE`, `In Progress`), or followed by its
    /// reason after a separator or a joining word (`Blocked — legal review`,
    /// `Deferred to a separate PR`). `Done criteria` and `Complete the
    /// migration` are no status.
    static func isHeadingStatus(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(
            in: .whitespaces.union(CharacterSet(charactersIn: "*_")))
        guard
            let phrase = headingWords.filter({ lower.hasPrefix($0) }).max(by: { $0.count < $1.count })
        else { return false }
        let rest = lower.dropFirst(phrase.count)
        guard let first = rest.first else { return true }
        if first.isLetter || first.isNumber { return false }
        // `deferred-items.md`, `done_list`: one word, not a status and its reason.
        if "-_.'".contains(first), let second = rest.dropFirst().first, second.isLetter || second.isNumber {
            return false
        }
        let tail = rest.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters).union(.symbols))
        if tail.isEmpty || "—–-:,;(".contains(first) { return true }
        // A date or a percentage after the word: `Done 2026-01-12`.
        if tail.allSatisfy({ $0.isNumber || "-./% ".contains($0) }) { return true }
        let next = tail.prefix { $0.isLetter || $0 == "'" }
        return headingConnectors.contains(String(next))
    }

    /// Whether `text` is a percentage graded by a symbol or a status word, as
    /// assessments write beside a heading: `95% ✅`, `45% ⚠️`, `Current: 90% ✅`,
    /// `60% complete`. A bare `80%` or `80% of users` is no status.
    static func isGradedPercentage(_ text: String) -> Bool {
        guard (try? percentPattern.firstMatch(in: text)) != nil else { return false }
        var graded = false
        var rest = ""
        for character in text {
            if isDecoration(character) {
                graded = true
            } else {
                rest.append(character)
            }
        }
        rest = rest.replacing(/\d+(?:\.\d+)?\s*%/, with: " ")
        let labels: Set<String> = ["current", "status", "progress", "now", "approx", "about", "ca"]
        for word in rest.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
            if labels.contains(String(word)) { continue }
            if ["complete", "completed", "done"].contains(String(word)) {
                graded = true
                continue
            }
            return false
        }
        return graded
    }

    /// A status symbol or any emoji (`✅`, `🔲`, `⚠️`, `🎯`): decoration that a
    /// title does without.
    static func isDecoration(_ character: Character) -> Bool {
        if isSymbol(character) { return true }
        let scalars = character.unicodeScalars
        guard let first = scalars.first, !first.isASCII else { return false }
        return first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}")
    }

    /// A title without emoji and status symbols (`22. 🔲 Leads DTO Audit` →
    /// `22. Leads DTO Audit`), with the spaces they stood between made one;
    /// the text as given when nothing else is left.
    static func withoutDecoration(_ title: String) -> String {
        // No ASCII character is decoration (symbols and emoji are not ASCII): most titles end here.
        guard !title.isASCII, title.contains(where: isDecoration) else { return title }
        var kept = String(title.filter { !isDecoration($0) })
        kept = kept.replacingOccurrences(of: "()", with: "").replacingOccurrences(of: "[]", with: "")
        let words = kept.split(separator: " ", omittingEmptySubsequences: true)
        let joined = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
        return joined.isEmpty ? title : joined
    }

    /// Whether two statuses contradict each other (done and not started), not
    /// merely differ in detail (in progress and in review).
    static func contradict(_ one: WorkStatus, _ other: WorkStatus) -> Bool {
        family(one) != family(other)
    }

    /// Kinds of status that contradict each other: done, under way (in
    /// progress, in review, blocked), not begun, and set aside.
    private static func family(_ status: WorkStatus) -> Int {
        switch status {
        case .done: 0
        case .inProgress, .inReview, .blocked: 1
        case .notStarted: 2
        case .optional, .cancelled: 3
        case .unknown: 4
        }
    }

    /// A status word found in a text: its status, where it starts (in
    /// `Character`s) and where it ends.
    struct FoundWord {
        var word: String
        var status: WorkStatus
        var offset: Int
        var end: String.Index
    }

    /// Every status word in `text`, on word boundaries, earliest first (the
    /// longest of those starting at one place: `not started` over `started`).
    /// Each phrase is found once, at its first place.
    static func statusWords(in text: String, search: WordSearch = .bytes) -> [FoundWord] {
        let lower = text.lowercased()
        // Lowercasing can change lengths (`İ`); fall back to no note then.
        let sameLength = lower.count == text.count
        var best: [Int: (word: String, length: Int, status: WorkStatus)] = [:]
        // The words are ASCII: they are found by their bytes, where Foundation's
        // search costs thousands of instructions a call, ninety calls a text.
        // Foundation's search compares canonically: in a text that is not
        // ASCII, a match a combining mark follows (`done` in `done\u{301}`)
        // is none, and the search goes on. One that starts inside a
        // character (after U+0600, which joins the letter after it) is none
        // either: the boundary test below cannot look before it.
        let ascii = lower.isASCII
        func find(_ word: String, from start: String.Index) -> Range<String.Index>? {
            if search == .foundation { return lower.range(of: word, range: start..<lower.endIndex) }
            if ascii { return asciiRange(of: word, in: lower, from: start) }
            var from = start
            while let range = asciiRange(of: word, in: lower, from: from) {
                let next = range.upperBound < lower.endIndex ? lower.unicodeScalars[range.upperBound] : nil
                if range.lowerBound.samePosition(in: lower) != nil, !(next.map(isCombiningMark) ?? false) {
                    return range
                }
                from = lower.utf8.index(after: range.lowerBound)
            }
            return nil
        }
        for (word, status) in words {
            var searchStart = lower.startIndex
            while let range = find(word, from: searchStart) {
                if isBoundary(before: range.lowerBound, in: lower) && isBoundary(after: range.upperBound, in: lower) {
                    var offset = lower.distance(from: lower.startIndex, to: range.lowerBound)
                    var (length, said) = (word.count, status)
                    // `Not yet implemented`, `not merged`: a done word negated is not done.
                    if status == .done {
                        for negation in ["not yet ", "not "] where lower[..<range.lowerBound].hasSuffix(negation) {
                            offset -= negation.count
                            length += negation.count
                            said = .notStarted
                            break
                        }
                    }
                    if best[offset].map({ length > $0.length }) ?? true { best[offset] = (word, length, said) }
                    break
                }
                searchStart = range.upperBound
            }
        }
        // Drop words inside a longer phrase found earlier (`started` in `not started`).
        var found: [FoundWord] = []
        var coveredUntil = 0
        for (offset, match) in best.sorted(by: { $0.key < $1.key }) where offset >= coveredUntil {
            let end =
                sameLength ? text.index(text.startIndex, offsetBy: offset + match.length) : text.endIndex
            found.append(FoundWord(word: match.word, status: match.status, offset: offset, end: end))
            coveredUntil = offset + match.length
        }
        return found
    }

    /// Words that say a piece of work is not finished, strong enough to
    /// question a ticked box whose text carries them (`- [x] 30-06 … smoke-check
    /// Task 2 PENDING`). Weaker words (`open`, `new`, `testing`) are too often
    /// part of a plain description.
    static let unfinishedWords: Set<String> = [
        "pending", "awaiting", "in progress", "in-progress", "wip", "not started", "not yet started", "todo",
        "incomplete", "blocked", "on hold",
    ]

    /// The first strong unfinished word in `text` (see ``unfinishedWords``), as written.
    static func unfinishedWord(in text: String) -> String? {
        unfinishedStatement(in: text)?.word
    }

    /// The first strong unfinished word in `text`, as written, and whether it
    /// is written as a status rather than as part of a description: in
    /// capitals (`Task 2 PENDING`) or closing its clause (`(in progress)`,
    /// `smoke-check pending;`), not `pending orders view`.
    static func unfinishedStatement(in text: String) -> (word: String, isStatus: Bool)? {
        for found in statusWords(in: text) where unfinishedWords.contains(found.word) {
            let start = text.index(text.startIndex, offsetBy: found.offset, limitedBy: text.endIndex) ?? text.endIndex
            let written = start < found.end ? String(text[start..<found.end]) : found.word
            let letters = written.filter(\.isLetter)
            let capitals = letters.count > 1 && letters.allSatisfy(\.isUppercase)
            let after = text[found.end...].drop { $0 == " " || $0 == "*" || $0 == "_" }
            let closesClause = after.first.map { ").;,:—–".contains($0) } ?? true
            return (written, capitals || closesClause)
        }
        return nil
    }

    /// Whether `scalar` is a combining mark (categories Mn, Mc, Me), which
    /// belongs to the character before it.
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// How ``statusWords(in:search:)`` finds its words: by their bytes, or
    /// with Foundation's search, which the bytes stand for (tests compare them).
    enum WordSearch {
        case bytes
        case foundation
    }

    /// Where the ASCII `word` first stands in `text` at or after `start`, found by its
    /// bytes: in an ASCII text each byte is a character (a `\r\n` pair aside, which no
    /// word holds); in another the caller looks at the match's ends.
    static func asciiRange(of word: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        let offset = text.utf8.distance(from: text.startIndex, to: start)
        guard let found = text.byteOffset(of: word, from: offset) else { return nil }
        let lower = text.utf8.index(text.startIndex, offsetBy: found)
        return lower..<text.utf8.index(lower, offsetBy: word.utf8.count)
    }

    private static func isBoundary(before index: String.Index, in text: String) -> Bool {
        guard index > text.startIndex else { return true }
        let previous = text[text.index(before: index)]
        return !(previous.isLetter || previous.isNumber)
    }

    private static func isBoundary(after index: String.Index, in text: String) -> Bool {
        guard index < text.endIndex else { return true }
        let next = text[index]
        return !(next.isLetter || next.isNumber)
    }

    /// `reason` in `Blocked — reason`, `Blocked: reason`, `Blocked (reason)`.
    private static func note(after index: String.Index, in text: String) -> String? {
        var rest = text[index...].trimmingSpaces
        for separator in ["—", "–", "-", ":", ","] where rest.hasPrefix(separator) {
            rest = String(rest.dropFirst(separator.count)).trimmingSpaces
            return rest.isEmpty ? nil : rest
        }
        if rest.hasPrefix("("), rest.hasSuffix(")") {
            let inner = String(rest.dropFirst().dropLast()).trimmingSpaces
            // `(88c8123..HEAD)` is a commit range, not a note.
            return inner.isEmpty || inner.contains("..") ? nil : inner
        }
        return nil
    }

    nonisolated(unsafe) static let datePattern = /\b(\d{4}-\d{2}-\d{2})\b/
    nonisolated(unsafe) static let commitPattern = /\b([0-9a-f]{6,40}\.\.\.?[0-9A-Za-z_\/.\-]*[0-9A-Za-z_])/

    private static func firstMatch(of pattern: Regex<(Substring, Substring)>, in text: String) -> String? {
        (try? pattern.firstMatch(in: text)).map { String($0.1) }
    }
}
