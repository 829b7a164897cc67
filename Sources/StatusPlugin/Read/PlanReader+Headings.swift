import Foundation
import SpecSiteKit

/// Headings: which are work items, their ids, titles and markers, and the
/// sections that declare their work optional.
extension PlanReader {
    // MARK: Headings

    /// What a heading says about work: its chunk id, title and status marker.
    struct HeadingReading: Equatable {
        var chunkID: String?
        /// The author's number when it is the heading's only id: `22` in
        /// `### 22. 🔲 Leads DTO Audit`, `1.2` in `#### 1.2 Integration (90% ✅)`.
        var number: String?
        var title: String
        var marker: String?

        /// The title with the author's number before it (`22. Leads DTO Audit`, `1.2 Integration`).
        var numberedTitle: String {
            guard let number else { return title }
            return number.contains(".") ? "\(number) \(title)" : "\(number). \(title)"
        }
    }

    /// What a heading's text says, wherever it stands: read once a version
    /// for each heading (``surveyHeadings()``, then ``visit(_:)`` uses it), and
    /// remembered across versions in a replay, so a heading that did not
    /// change costs one lookup.
    struct HeadingText {
        /// What it says about work, if anything.
        var reading: HeadingReading?
        /// Its plain text, trimmed.
        var plain: String
        /// Its title as the survey counts it: the reading's numbered title,
        /// else its plain text (untrimmed) without decoration.
        var surveyTitle: String
        /// ``normalized(_:)`` of ``surveyTitle``: what ``headingCounts`` counts.
        var surveyKey: String
        /// Its own title: the reading's numbered title, else ``plain`` without decoration.
        var title: String
        /// ``normalized(_:)`` of ``title``.
        var normalizedTitle: String
        /// Whether ``title`` names a step of any phase (``isGeneric(_:normalized:)``).
        var isGeneric: Bool
        /// Whether it declares the work under it optional (``declaresOptional(_:)``).
        var declaresOptional: Bool
        /// Whether it heads the page's key to its symbols (``legendHeading``).
        var isLegend: Bool

        /// `source`: its markdown without the `#` marks (``headingSource(_:)``).
        init(source: String, plainText: String) {
            reading = PlanReader.workItem(fromHeading: source, plainText: plainText)
            plain = plainText.trimmingSpaces
            surveyTitle = reading?.numberedTitle ?? StatusText.withoutDecoration(plainText)
            surveyKey = PlanReader.normalized(surveyTitle)
            title = reading?.numberedTitle ?? StatusText.withoutDecoration(plain)
            normalizedTitle = title == surveyTitle ? surveyKey : PlanReader.normalized(title)
            isGeneric = PlanReader.isGeneric(title, normalized: normalizedTitle)
            declaresOptional = PlanReader.declaresOptional(plain)
            isLegend = (try? PlanReader.legendHeading.wholeMatch(in: StatusText.withoutDecoration(plain))) != nil
        }
    }

    /// ``HeadingText`` of a heading block, remembered in a replay.
    func headingText(_ block: MarkdownNode) -> HeadingText {
        let source = headingSource(block)
        let plainText = block.plainText
        guard let remembered else { return HeadingText(source: source, plainText: plainText) }
        return remembered.heading(TextReadings.Pair(first: source, second: plainText)) {
            HeadingText(source: source, plainText: plainText)
        }
    }

    /// `Verdict: 🟡 CONDITIONAL PRODUCTION READY`, `Overall Score: 67% ✅`,
    /// `Legend: ✅ done`: a heading that states a judgement of the document, or
    /// explains its symbols, names no work however its value is written.
    nonisolated(unsafe) static let judgementHeading =
        /^(?i)(?:[^\w\s]{1,3}\s*)?(?:overall\s+|final\s+|current\s+|document\s+)?(?:verdict|score|rating|grade|result|outcome|legend|key|recommendation|conclusion|status)s?\s*:/

    /// `Status Key`, `Legend`, `Status Legend`, `Symbols used`, `Key:`: a
    /// heading over the page's key to its symbols (see ``PlanReader/inLegendSection``).
    nonisolated(unsafe) static let legendHeading =
        /(?i)(?:\d+(?:\.\d+)*[.)]?\s+)?(?:(?:status|symbol|icon|emoji|progress)\s+)?(?:legend|key|keys|guide to symbols)\s*:?|(?:symbols|icons|emoji)\s+used\s*:?/

    /// `## Status: ✅ Implemented` under a page's title: the document's own
    /// status (see ``PlanReader/documentStatus``).
    nonisolated(unsafe) static let documentStatusHeading = /^(?i)(?:(?:overall|current|document)\s+)?status\s*:\s*(.+)$/

    nonisolated(unsafe) static let chunkHeading = /^(?i)(?:[^\w\s]{1,3}\s*)?chunk[\s_-]*0*(\d{1,6})\b\s*(?:[:.—–-]\s*)?/
    nonisolated(unsafe) static let bracketMarker = /\s*\[([A-Za-z][A-Za-z \-_']{1,20})\]\s*$/
    nonisolated(unsafe) static let codeMarker = /\s*\(\s*`([^`]{1,30})`\s*\)\s*$/
    nonisolated(unsafe) static let leadingBracket = /^\[([A-Za-z][A-Za-z \-_']{1,20})\]\s*/

    /// Reads `CHUNK-004: Logo ✅ COMPLETED`, `Chunk 3: Fonts`, `Export ✓`,
    /// `[DONE] Export`, ``Export (`done`)``; nil for a heading that is no work item.
    static func workItem(fromHeading source: String, plainText: String) -> HeadingReading? {
        var text = source.trimmingSpaces
        // Every heading of every page comes here, and Swift's regex engine tries an
        // unanchored expression at each character: each runs only where the text's bytes
        // hold what it needs (a colon; `chunk`, whose letters but `k` have no non-ASCII
        // case variant; a bracket; a backquote).
        if text.utf8.contains(UInt8(ascii: ":")), (try? judgementHeading.firstMatch(in: text)) != nil { return nil }
        var chunkID: String?
        if text.containsBytes(ignoringASCIICase: "chun"), let match = try? chunkHeading.firstMatch(in: text) {
            chunkID = StatusText.chunkID(number: match.1)
            // A status symbol written before the id is a marker too.
            text = String(text[match.range.upperBound...])
            if let symbol = match.output.0.first, StatusText.isSymbol(symbol) {
                text += " " + String(symbol)
            }
        }
        var marker: String?
        let hasBrackets = text.utf8.contains(UInt8(ascii: "]"))
        if hasBrackets, let split = headingBox(text) {
            marker = split.marker
            text = split.rest
        } else if hasBrackets, let match = try? bracketMarker.firstMatch(in: text),
            StatusText.read(String(match.1)).recognised
        {
            marker = String(match.1)
            text = String(text[..<match.range.lowerBound])
        } else if text.utf8.contains(UInt8(ascii: "`")), let match = try? codeMarker.firstMatch(in: text),
            StatusText.read(String(match.1)).recognised
        {
            marker = String(match.1)
            text = String(text[..<match.range.lowerBound])
        } else if hasBrackets, let match = try? leadingBracket.firstMatch(in: text),
            StatusText.read(String(match.1)).recognised
        {
            marker = String(match.1)
            text = String(text[match.range.upperBound...])
        } else if let split = numberedSymbolMarker(text) {
            marker = split.marker
            text = split.rest
        } else if let split = parenthesisedMarker(text) ?? trailingSymbolMarker(text) ?? dashMarker(text) {
            marker = split.marker
            // `Setup - COMPLETE ✅`, `Phases 1-4 COMPLETE ✅`: the words before
            // the symbol are the marker too.
            if let words = dashMarker(split.rest) ?? capitalStatus(split.rest) {
                marker = text[text.index(text.startIndex, offsetBy: words.rest.count)...]
                    .trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
                text = words.rest
            } else {
                text = split.rest
            }
        }
        var title = text.trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
        guard chunkID != nil || marker != nil, chunkID != nil || !namesRecord(title) else { return nil }
        if chunkID == nil, let marker, isGrade(marker: marker, title: title) { return nil }
        var number: String?
        if chunkID == nil { (number, title) = splitNumber(title) }
        title = StatusText.withoutDecoration(title)
        return HeadingReading(
            chunkID: chunkID, number: number, title: title.isEmpty ? (chunkID ?? plainText) : title, marker: marker)
    }

    /// `1. [x] Slice 1 — Import`, `[ ] Export`: a task box written in a
    /// heading (some Kiro task lists make each task a heading). The box is
    /// the marker, said in words (`Done`); the number stays with the title.
    static func headingBox(_ text: String) -> (marker: String, rest: String)? {
        guard let match = try? Self.boxInHeading.prefixMatch(in: text) else { return nil }
        let marker: String
        switch match.2 {
        case "x", "X": marker = "Done"
        case " ": marker = "Not started"
        case "~", "/": marker = "In progress"
        default: marker = "Cancelled"
        }
        return (marker, String(match.1 ?? "") + text[match.range.upperBound...])
    }

    nonisolated(unsafe) static let boxInHeading = /(\d{1,4}(?:\.\d{1,4})*[.)]?\s+)?\[([ xX~\/-])\]\*?(?:\s+|$)/

    /// Whether a heading's symbol grades what it names rather than says how far
    /// its work is: capitals beside the symbol that say no status (`✅ WELL
    /// HANDLED`, `✅ PASS`, `Technical Approach: VALIDATED ✅`), as a review,
    /// an audit or a failure-mode analysis writes its findings. `✅ COMPLETE`
    /// and `🚧 IN PROGRESS` are statuses.
    static func isGrade(marker: String, title: String) -> Bool {
        guard marker.contains(where: { StatusText.isSymbol($0) }) else { return false }
        // The title's words count only as a verdict after a colon, and long
        // (`Approach: VALIDATED`): short capitals are names (`Phase 2: API ✅`).
        var verdict = ""
        if let colon = title.lastIndex(of: ":") {
            let after = title[title.index(after: colon)...].split(separator: " ")
            if !after.isEmpty, after.allSatisfy({ $0.count >= 5 && $0.allSatisfy { !$0.isLetter || $0.isUppercase } }) {
                verdict = after.joined(separator: " ")
            }
        }
        let beside = marker + " " + verdict
        let words = beside.split { !$0.isLetter }.filter { $0.count > 1 }
        guard !words.isEmpty, words.allSatisfy({ $0.count >= 4 && $0.allSatisfy(\.isUppercase) }) else { return false }
        return StatusText.statusWords(in: beside).isEmpty
    }

    /// `22.`, `1b.`, `3)` or `1.2` at the start of a title: the author's number.
    /// A bare number needs its `.` or `)` (`2026 Roadmap` is a title).
    nonisolated(unsafe) static let leadingNumber = /^(\d{1,4}(?:\.\d{1,4})+|\d{1,4}[a-z]?(?=[.)]))[.)]?\s+/

    /// `22. Leads DTO Audit` → (`22`, `Leads DTO Audit`); no number when nothing follows it.
    static func splitNumber(_ title: String) -> (number: String?, title: String) {
        guard let match = try? leadingNumber.firstMatch(in: title) else { return (nil, title) }
        let rest = title[match.range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " :—–-|"))
        return rest.isEmpty ? (nil, title) : (String(match.1), rest)
    }

    /// `22. 🔲 Leads DTO Audit` → (`22. Leads DTO Audit`, `🔲`): a status symbol
    /// right after the author's number, as trackers list their queue.
    static func numberedSymbolMarker(_ text: String) -> (rest: String, marker: String)? {
        guard let match = try? leadingNumber.firstMatch(in: text) else { return nil }
        let after = text[match.range.upperBound...]
        guard let symbol = after.first, StatusText.isSymbol(symbol) else { return nil }
        let rest = after.dropFirst().trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
        guard !rest.isEmpty else { return nil }
        return (String(text[..<match.range.upperBound]) + rest, String(symbol))
    }

    /// `Development (95% ✅)` → (`Development`, `95% ✅`); `Task 1.3 (In
    /// Progress)` → (`Task 1.3`, `In Progress`): a status in the parentheses that
    /// end a heading, taken out whole (no `(95%` is left behind).
    static func parenthesisedMarker(_ text: String) -> (rest: String, marker: String)? {
        guard text.hasSuffix(")") else { return nil }
        var depth = 0
        var opening: String.Index?
        for index in text.indices.reversed() {
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" { depth -= 1 }
            if depth == 0 {
                opening = index
                break
            }
        }
        guard let opening else { return nil }
        let inner = text[text.index(after: opening)..<text.index(before: text.endIndex)]
            .trimmingSpaces
        let rest = text[..<opening].trimmingSpaces
        guard !rest.isEmpty, !inner.isEmpty,
            StatusText.isHeadingStatus(inner) || StatusText.isGradedPercentage(inner)
        else { return nil }
        return (rest, inner)
    }

    /// `Phases 1-4 COMPLETE` → (`Phases 1-4`, `COMPLETE`): a status phrase in
    /// capitals that ends the text, before a symbol that marks the heading.
    static func capitalStatus(_ text: String) -> (rest: String, marker: String)? {
        for phrase in StatusText.headingWords.sorted(by: { $0.count > $1.count }) {
            let capitals = " " + phrase.uppercased()
            guard text.hasSuffix(capitals) else { continue }
            let rest = String(text.dropLast(capitals.count)).trimmingSpaces
            if !rest.isEmpty { return (rest, phrase.uppercased()) }
        }
        return nil
    }

    /// `Add the export - COMPLETE` → (`Add the export`, `COMPLETE`): a status
    /// after a dash at the end of a heading (`— DONE`, `– Blocked — legal
    /// review`). A hyphen counts only with spaces round it (`Per-User` is a word).
    static func dashMarker(_ text: String) -> (rest: String, marker: String)? {
        for index in text.indices {
            let character = text[index]
            guard character == "—" || character == "–" || character == "-" else { continue }
            let next = text.index(after: index)
            if character == "-" {
                guard index > text.startIndex, text[text.index(before: index)] == " ", next < text.endIndex,
                    text[next] == " "
                else { continue }
            }
            let rest = text[..<index].trimmingSpaces
            let marker = text[next...].trimmingSpaces
            if !rest.isEmpty, StatusText.isHeadingStatus(marker) { return (rest, marker) }
        }
        return nil
    }

    /// `Logo ✅ COMPLETED` → (`Logo`, `✅ COMPLETED`): a status symbol at the end
    /// of a heading, followed by at most a few upper-case or status words, or by
    /// a status word and its reason (`❌ Blocked — waiting for legal review`).
    static func trailingSymbolMarker(_ text: String) -> (rest: String, marker: String)? {
        guard
            let index = text.lastIndex(where: { character in StatusText.isSymbol(character) }),
            index > text.startIndex
        else { return nil }
        let after = text[text.index(after: index)...].trimmingSpaces
        // `(~80% of them ✅)`: a symbol inside parentheses is no marker of the heading.
        if after.filter({ $0 == ")" }).count > after.filter({ $0 == "(" }).count { return nil }
        let reading = StatusText.read(after)
        let withReason = reading.recognised && reading.note != nil
        guard after.split(separator: " ").count <= 4 || withReason else { return nil }
        if !after.isEmpty && after.uppercased() != after && !reading.recognised { return nil }
        let rest = String(text[..<index]).trimmingSpaces
        guard !rest.isEmpty else { return nil }
        return (rest, String(text[index...]).trimmingSpaces)
    }

    // MARK: Sections of a heading

    /// Whether a heading declares the work under it optional: `### Future /
    /// Optional`, `### Nice to Have (Can Wait)`, `## Stretch goals`, `## Deferred`.
    static func declaresOptional(_ heading: String) -> Bool {
        let words = " " + joinedWords(heading, keepingApostrophes: true) + " "
        // The phrases are ASCII between spaces, and a space of `words` is always followed by
        // a letter or digit: a byte search finds what Foundation's `contains` finds.
        return [
            " optional ", " nice to have ", " can wait ", " stretch ", " stretch goals ", " deferred ",
            " postponed ", " future work ", " future ideas ",
        ].contains { words.containsBytes($0) }
    }

    /// A heading's title as compared with the page's others: lower case, words only.
    static func normalized(_ title: String) -> String {
        joinedWords(title, keepingApostrophes: false)
    }

    /// `text` lowercased, its runs of letters and digits (and apostrophes, if kept) joined by
    /// single spaces.
    static func joinedWords(_ text: String, keepingApostrophes: Bool) -> String {
        asciiJoinedWords(text, keepingApostrophes: keepingApostrophes)
            ?? joinedWordsByCharacter(text, keepingApostrophes: keepingApostrophes)
    }

    /// ``joinedWords(_:keepingApostrophes:)`` one Character at a time: any text, the rule as written.
    static func joinedWordsByCharacter(_ text: String, keepingApostrophes: Bool) -> String {
        text.lowercased().split { !($0.isLetter || $0.isNumber || (keepingApostrophes && $0 == "'")) }
            .joined(separator: " ")
    }

    /// ``joinedWords(_:keepingApostrophes:)`` of an ASCII text by its bytes, nil for any other:
    /// every heading of every page is normalised, and the Character path looks up each
    /// character's Unicode properties.
    private static func asciiJoinedWords(_ text: String, keepingApostrophes: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var inWord = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = byte | 0x20
                let isLetter = lower >= 0x61 && lower <= 0x7A
                let isWordByte =
                    isLetter || (byte >= 0x30 && byte <= 0x39) || (keepingApostrophes && byte == UInt8(ascii: "'"))
                if isWordByte {
                    if !inWord, !output.isEmpty { output.append(0x20) }
                    output.append(isLetter ? lower : byte)
                }
                inWord = isWordByte
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Headings that name a step of any phase rather than a piece of work:
    /// `Implementation`, `Tests First (TDD Red Phase)`, `Tasks`, `Acceptance criteria`.
    static let genericTitles: Set<String> = [
        "implementation", "tests", "test", "testing", "tests first", "tasks", "task list", "subtasks", "todo",
        "to do", "todos", "setup", "set up", "verification", "validation", "cleanup", "clean up", "documentation",
        "docs", "polish", "checklist", "steps", "deliverables", "acceptance criteria", "success criteria",
        "definition of done", "next steps", "follow ups", "remaining work", "work items", "action items",
    ]

    /// Whether a title is generic (``genericTitles``), parentheses aside.
    /// `normalized`, when given, is ``normalized(_:)`` of `title`, already made.
    static func isGeneric(_ title: String, normalized known: String? = nil) -> Bool {
        // The expression runs only where there is a bracket to remove.
        guard title.utf8.contains(UInt8(ascii: "(")) else { return genericTitles.contains(known ?? normalized(title)) }
        return genericTitles.contains(normalized(title.replacing(Self.bracketed, with: "")))
    }

    /// `Task 3.3` in `- Task 3.3: Onboarding Flow`: a label an optional section
    /// lists to name work written elsewhere.
    nonisolated(unsafe) static let listedLabel =
        /^([A-Za-z][A-Za-z-]{0,20}[ ]+\d{1,4}(?:\.\d{1,4})*[a-z]?)(?=$|[\s:.,;)—–-])/

    /// Items a section that declares its work optional names by label
    /// (`- Task 3.3: Onboarding Flow` under `### Future / Optional`).
    mutating func markOptionalLabels() {
        guard !optionalLabels.isEmpty else { return }
        for index in fact.items.indices {
            let title = fact.items[index].title.lowercased()
            let named = optionalLabels.contains { label in
                // The label at the start of the title, or after a parent's name (`Phase 3 — Task 3.3`).
                var after: [Substring] = []
                if title.hasPrefix(label) { after.append(title.dropFirst(label.count)) }
                if let range = title.range(of: " — " + label) { after.append(title[range.upperBound...]) }
                return after.contains { rest in rest.first.map { !($0.isLetter || $0.isNumber) } ?? true }
            }
            if named { optionalItems.insert(index) }
        }
    }

    mutating func addItem(_ reading: HeadingReading, level: Int, block: MarkdownNode, id anchor: String) {
        let id = reading.chunkID ?? reading.number ?? anchor
        var key = page.sourcePath + "#" + id
        if let first = seenIDs[id] {
            warnings.append(
                LineMessage(
                    line: block.line,
                    message:
                        "two items have the id \(id) (lines \(first) and \(block.line)): a dependency on \(id) means line \(first)'s;"
                        + " this one is tracked on its own (key \(key)@\(block.line))"))
            key += "@\(block.line)"
        } else {
            seenIDs[id] = block.line
        }
        var item = WorkItem(
            id: id, key: key, kind: reading.chunkID == nil ? .section : .chunk, title: reading.title,
            sourcePath: page.sourcePath, displayPath: page.displayPath, line: block.line,
            anchor: anchor.isEmpty ? nil : anchor)
        if let marker = reading.marker {
            applyStatus(marker, to: &item, line: block.line)
            item.headingMarker = marker
        }
        item.parent = open.last.map { fact.items[$0.index].key }
        item.area = area(above: block)
        append(item)
        fact.headingItems[block.blockKey] = fact.items.count - 1
        open.append((level, fact.items.count - 1))
    }

    /// The outermost heading above `block`, below the page's title, that is
    /// no work item and names none (`## Production Readiness Gates`, not
    /// `## Week 2`): the area a section is written in, which tells a
    /// document's lists apart (see ``WorkItem/area``).
    func area(above block: MarkdownNode) -> String? {
        trail.prefix { $0.block.line != block.line }.first { frame in
            frame.level > 1 && fact.headingItems[frame.block.blockKey] == nil
                && (try? Self.workHeading.firstMatch(in: frame.title)) == nil
        }?.title
    }

    mutating func applyStatus(_ text: String, to item: inout WorkItem, line: Int) {
        let reading = readStatus(text)
        if !reading.recognised {
            warnings.append(
                LineMessage(
                    line: line,
                    rule: .unknownStatus,
                    message: "unknown status '\(text)' for \(item.id); expected done, in review, in progress,"
                        + " blocked, not started, optional or cancelled (kept as unknown)"))
        }
        if let conflict = reading.conflict {
            item.hint("'\(text)': \(conflict)", line: line)
        }
        // A heading marker and a Status line that disagree: the line is used
        // (it has more detail), and the marker is named.
        if item.statusStated, let marker = item.headingMarker, let previous = item.statusText, previous == marker,
            item.status != reading.status, reading.recognised, item.status != .unknown
        {
            item.hint(
                "the heading says '\(marker)' (\(item.status.label.lowercased())) but the status line says"
                    + " '\(text)' (\(reading.status.label.lowercased())); the status line is used", line: line)
        } else if item.statusStated, let previous = item.statusText, previous != item.headingMarker,
            reading.recognised, item.status != .unknown, StatusText.contradict(item.status, reading.status)
        {
            // Two status lines in one item (its parts' lines, read as its own) that disagree.
            item.hint(
                "an earlier status line says '\(previous)' (\(item.status.label.lowercased())) but this one says"
                    + " '\(text)' (\(reading.status.label.lowercased())); the later one is used", line: line)
        }
        item.status = reading.status
        item.statusStated = true
        item.statusText = text
        item.note = reading.note ?? item.note
        item.completed = item.completed ?? (reading.status == .done ? reading.date : nil)
        item.commits = reading.commits ?? item.commits
    }
}
