import Foundation
import SpecSiteKit

/// Estimates, chunk, plan and phase ids, and dependency lists in status text.
extension StatusText {
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
        // The pattern is quadratic on a long run of digits: a run past 21
        // digits is as absurd as 21 nines, which it becomes.
        let start = text.replacing(/\d{22,}/) { _ in String(repeating: "9", count: 21) }
        guard let match = try? estimatePattern.firstMatch(in: start) else { return nil }
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
            Estimate(low: min(low, high), high: max(low, high), text: text.trimmingSpaces))
    }

    // MARK: Dependencies

    /// What a dependency text names.
    struct Dependencies: Equatable {
        var ids: [String] = []
        var allPrevious = false
        /// Whether the text says there are none.
        var none = false
    }

    /// What is trimmed from a dependency text before it is compared with
    /// "none" and the like (made once: a union of sets costs more than the
    /// comparison it serves).
    static let dependencyTrimmed = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)

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
        let lower = text.lowercased().trimmingCharacters(in: dependencyTrimmed)
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
        // Each expression runs only where the text's bytes hold what it
        // needs: `chun` (whose letters have no non-ASCII case variant, as
        // `k` has), `pha`, a hyphen. Swift's engine tries an unanchored
        // expression at every character, which a dependency line of every
        // section of a long plan pays for several times over.
        let namesChunks = text.containsBytes(ignoringASCIICase: "chun")
        var rangeEnds = Set<String>()
        if namesChunks {
            for match in text.matches(of: chunkRangePattern) {
                guard let low = Int(match.1), let high = Int(match.2), low <= high, high - low <= 500 else { continue }
                for number in low...high { add(chunkID(number: Substring(String(number)))) }
                rangeEnds.insert(chunkID(number: match.2))
            }
            for match in text.matches(of: chunkPattern) { add(chunkID(number: match.1)) }
        }
        if text.containsBytes(ignoringASCIICase: "pha") {
            for match in text.matches(of: phasePattern) {
                add(phaseID(match.1))
                for number in match.2.matches(of: /\d+(?:\.\d+)?/) { add(phaseID(number.output)) }
            }
        }
        if result.ids.isEmpty, text.utf8.contains(UInt8(ascii: "-")) {
            for match in text.matches(of: planIDPattern) { add(planID(phase: match.1, plan: match.2)) }
        }
        return result
    }
}
