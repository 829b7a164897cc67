import Foundation

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
    }

    /// Symbols that stand for a status, checked before words.
    static let symbols: [(Character, WorkStatus)] = [
        ("✅", .done), ("✔", .done), ("✓", .done), ("☑", .done), ("🟢", .done), ("🎉", .done),
        ("🚧", .inProgress), ("🔄", .inProgress), ("⏳", .inProgress), ("🟡", .inProgress), ("🏗", .inProgress),
        ("🔨", .inProgress), ("◐", .inProgress),
        ("❌", .blocked), ("⛔", .blocked), ("🛑", .blocked), ("🔴", .blocked), ("🚫", .blocked),
        ("✗", .blocked), ("✘", .blocked),
        ("⬜", .notStarted), ("☐", .notStarted), ("🔲", .notStarted), ("⚪", .notStarted), ("⭕", .notStarted),
        ("📋", .notStarted),
    ]

    /// Status words and phrases (lowercase); the earliest in the text wins, and
    /// the longest of those starting at the same place (`not started` over `started`).
    static let words: [(String, WorkStatus)] = [
        ("done", .done), ("complete", .done), ("completed", .done), ("committed", .done), ("finished", .done),
        ("merged", .done), ("shipped", .done), ("passed", .done), ("verified", .done), ("implemented", .done),
        ("resolved", .done), ("closed", .done), ("released", .done), ("deployed", .done), ("landed", .done),
        ("fixed", .done), ("accepted", .done),
        ("in progress", .inProgress), ("in-progress", .inProgress), ("in_progress", .inProgress),
        ("wip", .inProgress), ("started", .inProgress), ("ongoing", .inProgress), ("underway", .inProgress),
        ("partial", .inProgress), ("partially", .inProgress), ("active", .inProgress), ("doing", .inProgress),
        ("in review", .inProgress), ("review", .inProgress), ("testing", .inProgress),
        ("human_needed", .inProgress), ("human needed", .inProgress),
        ("blocked", .blocked), ("on hold", .blocked), ("on-hold", .blocked), ("stuck", .blocked),
        ("waiting", .blocked), ("failed", .blocked), ("failing", .blocked), ("gaps_found", .inProgress),
        ("gaps found", .inProgress),
        ("not started", .notStarted), ("not-started", .notStarted), ("not_started", .notStarted),
        ("not yet started", .notStarted), ("todo", .notStarted), ("to do", .notStarted), ("to-do", .notStarted),
        ("pending", .notStarted), ("planned", .notStarted), ("not planned", .notStarted),
        ("backlog", .notStarted), ("open", .notStarted), ("queued", .notStarted), ("upcoming", .notStarted),
        ("ready", .notStarted), ("scheduled", .notStarted), ("new", .notStarted), ("none", .notStarted),
        ("cancelled", .cancelled), ("canceled", .cancelled), ("dropped", .cancelled), ("won't do", .cancelled),
        ("wont do", .cancelled), ("wontfix", .cancelled), ("skipped", .cancelled), ("obsolete", .cancelled),
        ("superseded", .cancelled), ("n/a", .cancelled), ("abandoned", .cancelled),
    ]

    /// Reads a status text (`✅ Committed (88c8123..HEAD)`, `❌ Blocked — reason`).
    static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var reading = Reading(status: .unknown, recognised: false)
        reading.date = firstMatch(of: datePattern, in: trimmed)
        reading.commits = firstMatch(of: commitPattern, in: trimmed)
        let symbol = trimmed.first { character in symbols.contains { $0.0 == character } }
        let word = firstWord(in: trimmed)
        // A symbol that opens the text decides (`🔄 Scheduler merged; gap fixes
        // in progress` is in progress, `⏳ Waiting for review` too); the words
        // after it are its note.
        if let first = trimmed.first, let status = symbols.first(where: { $0.0 == first })?.1 {
            reading.status = status
            reading.recognised = true
            if let word, word.status == status {
                reading.note = note(after: word.end, in: trimmed)
            } else {
                let rest = trimmed.dropFirst().trimmingCharacters(
                    in: .whitespaces.union(CharacterSet(charactersIn: "\u{FE0F}")))
                reading.note =
                    rest.isEmpty || reading.commits != nil && rest.lowercased().hasPrefix("committed") ? nil : rest
            }
            return reading
        }
        if let word {
            reading.status = word.status
            reading.recognised = true
            reading.note = note(after: word.end, in: trimmed)
        } else if let symbol, let status = symbols.first(where: { $0.0 == symbol })?.1 {
            reading.status = status
            reading.recognised = true
            if let index = trimmed.firstIndex(of: symbol) {
                reading.note = note(after: trimmed.index(after: index), in: trimmed)
            }
        }
        return reading
    }

    /// The earliest status word in `text`, on word boundaries.
    private static func firstWord(in text: String) -> (status: WorkStatus, end: String.Index)? {
        let lower = text.lowercased()
        // Lowercasing can change lengths (`İ`); fall back to no note then.
        let sameLength = lower.count == text.count
        var best: (offset: Int, length: Int, status: WorkStatus)?
        for (word, status) in words {
            var searchStart = lower.startIndex
            while let range = lower.range(of: word, range: searchStart..<lower.endIndex) {
                if isBoundary(before: range.lowerBound, in: lower) && isBoundary(after: range.upperBound, in: lower) {
                    let offset = lower.distance(from: lower.startIndex, to: range.lowerBound)
                    if best == nil || offset < best!.offset || (offset == best!.offset && word.count > best!.length) {
                        best = (offset, word.count, status)
                    }
                    break
                }
                searchStart = range.upperBound
            }
        }
        guard let best else { return nil }
        let end =
            sameLength
            ? text.index(text.startIndex, offsetBy: best.offset + best.length) : text.endIndex
        return (best.status, end)
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
        var rest = text[index...].trimmingCharacters(in: .whitespaces)
        for separator in ["—", "–", "-", ":", ","] where rest.hasPrefix(separator) {
            rest = String(rest.dropFirst(separator.count)).trimmingCharacters(in: .whitespaces)
            return rest.isEmpty ? nil : rest
        }
        if rest.hasPrefix("("), rest.hasSuffix(")") {
            let inner = String(rest.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
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

    // MARK: Estimates

    nonisolated(unsafe) static let estimatePattern =
        /(?i)(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?\s*(minutes?|mins?|m|hours?|hrs?|hr|h|days?|d|weeks?|wks?|w)\b(?:\s*(\d+)\s*(?:minutes?|mins?|m)\b)?/

    /// Reads `30 minutes`, `2 hours`, `1.5h`, `2h 05m`, `8-10 days`. The first
    /// amount in the text is the estimate; a working day is 8 hours. Nil also
    /// for an amount past ``Estimate/maximumMinutes`` (see ``readEstimate(_:)``).
    static func estimate(_ text: String) -> Estimate? {
        if case .estimate(let estimate)? = readEstimate(text) { return estimate }
        return nil
    }

    /// What an estimate text says.
    enum EstimateReading: Equatable {
        case estimate(Estimate)
        /// An amount written as an estimate but past ``Estimate/maximumMinutes``
        /// (`99999999999999999999 hours`): no plan means it, and sums of such
        /// amounts would leave the range of the numbers they are shown with.
        case tooLarge
    }

    /// Reads an estimate as ``estimate(_:)`` does, telling an absurd amount
    /// from none (nil).
    static func readEstimate(_ text: String) -> EstimateReading? {
        guard let match = try? estimatePattern.firstMatch(in: text) else { return nil }
        guard let first = Double(match.1) else { return nil }
        let second = match.2.flatMap { Double($0) }
        let unit = match.3.lowercased()
        let scale: Double =
            switch unit.first {
            case "m": unit.hasPrefix("mo") ? 0 : 1
            case "h": 60
            case "d": 8 * 60
            case "w": 5 * 8 * 60
            default: 0
            }
        guard scale > 0 else { return nil }
        let extra = match.4.flatMap { Double($0) } ?? 0
        let low = first * scale + (second == nil ? extra : 0)
        let high = (second ?? first) * scale + extra
        guard low >= 0, high >= 0 else { return nil }
        // Infinity too: `Double` reads 400 nines as infinity.
        guard low <= Estimate.maximumMinutes, high <= Estimate.maximumMinutes else { return .tooLarge }
        return .estimate(
            Estimate(low: min(low, high), high: max(low, high), text: text.trimmingCharacters(in: .whitespaces)))
    }

    // MARK: Dependencies

    /// What a dependency text names.
    struct Dependencies: Equatable {
        var ids: [String] = []
        var allPrevious = false
        /// Whether the text says there are none.
        var none = false
    }

    nonisolated(unsafe) static let chunkPattern = /(?i)\bchunk[\s_-]*0*(\d{1,6})\b/
    nonisolated(unsafe) static let chunkRangePattern =
        /(?i)\bchunk[\s_-]*0*(\d{1,6})\s*(?:to|through|thru|–|-|—|\.\.)\s*(?:chunk[\s_-]*)?0*(\d{1,6})\b/
    nonisolated(unsafe) static let planIDPattern = /\b(\d{1,3}(?:\.\d+)?)-(\d{1,3})\b/
    nonisolated(unsafe) static let phasePattern = /(?i)\bphases?\s+(\d+(?:\.\d+)?)((?:\s*(?:,|and|&)\s*\d+(?:\.\d+)?)*)/

    /// `CHUNK-004` for `chunk 4`, `Chunk-004`, `CHUNK_04`.
    static func chunkID(number: Substring) -> String {
        let digits = number.drop { $0 == "0" }
        let value = digits.isEmpty ? "0" : String(digits)
        return "CHUNK-" + String(repeating: "0", count: max(0, 3 - value.count)) + value
    }

    /// `10-04` for `10-4`, `3.1-2`: two digits each, decimal phases kept.
    static func planID(phase: Substring, plan: Substring) -> String {
        func pad(_ part: Substring) -> String {
            let whole = part.prefix { $0 != "." }
            let rest = part.dropFirst(whole.count)
            let trimmed = whole.drop { $0 == "0" }
            let digits = trimmed.isEmpty ? "0" : String(trimmed)
            return String(repeating: "0", count: max(0, 2 - digits.count)) + digits + rest
        }
        return pad(phase) + "-" + pad(plan)
    }

    /// `phase-2` for `Phase 2`, `phase-2.1` for an inserted phase.
    static func phaseID(_ number: Substring) -> String {
        let whole = number.prefix { $0 != "." }
        let trimmed = whole.drop { $0 == "0" }
        return "phase-" + (trimmed.isEmpty ? "0" : String(trimmed)) + number.dropFirst(whole.count)
    }

    /// Reads `CHUNK-001 (colors), CHUNK-003`, `CHUNK-001 to CHUNK-005`, `None`,
    /// `All previous chunks`, `Phase 1`, `Phases 2 and 3`.
    static func dependencies(_ text: String) -> Dependencies {
        var result = Dependencies()
        let lower = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        if ["none", "n/a", "na", "nothing", "no", "-", "—", ""].contains(lower) || lower.hasPrefix("none")
            || lower.hasPrefix("nothing")
        {
            result.none = true
            return result
        }
        if lower.contains("previous") && (lower.contains("chunk") || lower.contains("all") || lower.contains("step")) {
            result.allPrevious = true
        }
        var seen = Set<String>()
        func add(_ id: String) { if seen.insert(id).inserted { result.ids.append(id) } }
        var rangeEnds = Set<String>()
        for match in text.matches(of: chunkRangePattern) {
            guard let low = Int(match.1), let high = Int(match.2), low <= high, high - low <= 500 else { continue }
            for number in low...high { add(chunkID(number: Substring(String(number)))) }
            rangeEnds.insert(chunkID(number: match.2))
        }
        for match in text.matches(of: chunkPattern) { add(chunkID(number: match.1)) }
        for match in text.matches(of: phasePattern) {
            add(phaseID(match.1))
            for number in match.2.matches(of: /\d+(?:\.\d+)?/) { add(phaseID(number.output)) }
        }
        if result.ids.isEmpty {
            for match in text.matches(of: planIDPattern) { add(planID(phase: match.1, plan: match.2)) }
        }
        return result
    }
}
