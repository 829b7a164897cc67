import Foundation
import SpecSiteKit

/// Every token of a site, with references between documents resolved, and
/// what a designer wants to know about the set: which names share a colour,
/// which colours are too close to tell apart, which are used together.
public struct TokenCatalog: Sendable {
    /// Every token in site order (pages in reading order, tokens as written),
    /// references resolved to their targets' values.
    public private(set) var tokens: [DesignToken] = []
    /// Problems found while resolving (alias cycles, aliases to nothing), at file lines.
    public private(set) var warnings: [Diagnostic] = []
    /// The tokens of each file, in written order, so a page finds its own
    /// without scanning the whole site.
    public private(set) var tokensByFile: [String: [DesignToken]] = [:]
    /// The tokens of each block, by file and the block's first line, in
    /// written order: a block draws its own without scanning its whole file
    /// (a file of 100,000 tokens in 10,000 blocks would scan a billion).
    public private(set) var tokensByBlock: [String: [Int: [DesignToken]]] = [:]
    /// Which colours are used together, for contrast.
    public private(set) var contrastPairs = ContrastPairs([])

    /// Collects the tokens of every page of `site`.
    public init(site: Site) {
        var references: [DesignToken] = []
        for page in site.pages {
            for fact in site.factsByPage[page.sourcePath] ?? [] {
                guard let fact = fact as? TokenFact else { continue }
                tokens += fact.tokens
                references += fact.references
                statedPairs += fact.statedPairs
            }
        }
        resolve(references)
    }

    /// Colour pairs the documents state, in reading order.
    private var statedPairs: [ContrastPairs.StatedPair] = []

    /// Builds a catalog from tokens and references directly (for tests and tools).
    public init(tokens: [DesignToken], references: [DesignToken] = []) {
        self.tokens = tokens
        resolve(references)
    }

    /// Resolves references in rounds, so an alias of an alias resolves too;
    /// what is left either loops (reported as a cycle) or names nothing
    /// (reported when written as a DTCG alias, `{group.token}`, since prose
    /// such as `Canvas: plum/950` may well not mean a token at all).
    ///
    /// A round retries only the references that a token added in the round
    /// before could answer (the others would fail again), in written order, so
    /// a chain written last-first resolves in linear time, not one link a round.
    private mutating func resolve(_ references: [DesignToken]) {
        var lookup = TokenLookup(tokens)
        var waiting: [String: [Int]] = [:]
        var unanswerable: [Int] = []
        var round = Array(references.indices)
        while !round.isEmpty {
            var woken: [Int] = []
            for offset in round {
                let reference = references[offset]
                guard case .alias(let target) = reference.value else { continue }
                guard let found = lookup.find(target, preferring: reference.mode) else {
                    if let key = TokenLookup.key(for: target) {
                        waiting[key, default: []].append(offset)
                    } else {
                        unanswerable.append(offset)
                    }
                    continue
                }
                let token = reference.resolved(to: found, target: target)
                tokens.append(token)
                lookup.add(token)
                let words = token.path.flatMap { TokenIndex.normalized($0) }
                for key in TokenLookup.keys(words) {
                    if let waiters = waiting.removeValue(forKey: key.text) { woken += waiters }
                }
            }
            round = woken.sorted()
        }
        let pending = (waiting.values.flatMap { $0 } + unanswerable).sorted().map { references[$0] }
        reportUnresolved(pending)
        // Back into written order: files as the site reads them, then lines.
        var fileOrder: [String: Int] = [:]
        for token in tokens + references where fileOrder[token.source.file] == nil {
            fileOrder[token.source.file] = fileOrder.count
        }
        tokens = tokens.enumerated().sorted {
            (fileOrder[$0.element.source.file] ?? 0, $0.element.source.line, $0.offset)
                < (fileOrder[$1.element.source.file] ?? 0, $1.element.source.line, $1.offset)
        }.map(\.element)
        tokensByFile = Dictionary(grouping: tokens, by: \.source.file)
        tokensByBlock = tokensByFile.mapValues { Dictionary(grouping: $0, by: \.blockLine) }
        unique = Self.deduplicated(tokens)
        contrastPairs = ContrastPairs(unique.tokens, stated: statedPairs)
    }

    /// Warns about each alias cycle once, at the first reference on it, and
    /// about DTCG aliases to nothing. Each name is followed once: a name whose
    /// chain was followed before answers at once, so a chain of 15,000
    /// unresolved aliases takes linear time.
    private mutating func reportUnresolved(_ references: [DesignToken]) {
        func key(_ name: String) -> String { TokenIndex.normalized(name).joined(separator: ".") }
        var names: [String: Int] = [:]
        for (offset, reference) in references.enumerated() where names[key(reference.name)] == nil {
            names[key(reference.name)] = offset
        }
        // Whether following a name's chain ends in a cycle, once known.
        var endsInCycle: [String: Bool] = [:]
        for (offset, reference) in references.enumerated() {
            guard case .alias(let target) = reference.value else { continue }
            let start = key(reference.name)
            var path = [start]
            var onPath: Set<String> = [start]
            var current = key(target)
            var result = false
            var closes: Int?
            while true {
                if onPath.contains(current) {
                    result = true
                    closes = names[current] ?? offset
                    break
                }
                if let known = endsInCycle[current] {
                    result = known
                    break
                }
                guard let next = names[current] else { break }
                path.append(current)
                onPath.insert(current)
                guard case .alias(let further) = references[next].value else { break }
                current = key(further)
            }
            for name in path.dropFirst() { endsInCycle[name] = result }
            if names[start] == offset { endsInCycle[start] = result }
            if let closes {
                let chain =
                    [reference.name] + path.dropFirst().compactMap { names[$0].map { references[$0].name } }
                    + [references[closes].name]
                // A cycle of thousands is named by its first twenty, not in a line of megabytes.
                let shown =
                    chain.count > 20
                    ? chain.prefix(20).joined(separator: " → ") + " → … (\(chain.count - 1) tokens)"
                    : chain.joined(separator: " → ")
                warnings.append(
                    Diagnostic(
                        .warning, file: reference.source.file, line: reference.source.line,
                        rule: .tokens, "alias cycle: \(shown); none of these tokens has a value"))
            } else if !result && reference.written.hasPrefix("{") {
                warnings.append(
                    Diagnostic(
                        .warning, file: reference.source.file, line: reference.source.line,
                        rule: .tokens,
                        "\(reference.name) refers to \(reference.written), which is not a token of this site"))
            }
        }
    }

    // MARK: - What the set says

    /// The tokens with one entry per name, mode and variant: the first written wins,
    /// as in the exports. `conflicts` are later tokens with the same name and
    /// mode but another value.
    public private(set) var unique: (tokens: [DesignToken], conflicts: [(kept: DesignToken, dropped: DesignToken)]) =
        ([], [])

    /// Works out ``unique`` once the tokens are final.
    private static func deduplicated(_ tokens: [DesignToken]) -> (
        tokens: [DesignToken], conflicts: [(kept: DesignToken, dropped: DesignToken)]
    ) {
        var seen: [String: DesignToken] = [:]
        var kept: [DesignToken] = []
        var conflicts: [(DesignToken, DesignToken)] = []
        for token in tokens {
            let key = token.name + "|" + token.condition
            if let first = seen[key] {
                if first.value != token.value { conflicts.append((first, token)) }
                continue
            }
            seen[key] = token
            kept.append(token)
        }
        return (kept, conflicts)
    }

    /// Names that two documents give different values: the token the
    /// Tokens page and exports keep, and the one they leave out. (Clashes
    /// within one document are warned about when the document is read.)
    public var conflictsBetweenDocuments: [(kept: DesignToken, dropped: DesignToken)] {
        unique.conflicts.filter { $0.kept.source.file != $0.dropped.source.file }
    }

    /// Colours written under more than one name with exactly the same value.
    public var duplicateColors: [[DesignToken]] {
        var groups: [String: [DesignToken]] = [:]
        var order: [String] = []
        // An alias shares its target's colour by design; only independent
        // definitions of one colour are worth a hint.
        for token in unique.tokens where token.alias == nil {
            guard case .color(let color) = token.value else { continue }
            let key = color.hex
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(token)
        }
        return order.compactMap { key in
            let group = groups[key] ?? []
            return Set(group.map(\.name)).count > 1 ? group : nil
        }
    }

    /// The most distinct colours ``nearDuplicateColors(threshold:)`` compares.
    public static let nearDuplicateLimit = 2_000

    /// Pairs of different colours closer than `threshold` (CIEDE2000), which
    /// people will not tell apart; empty when the site has more than
    /// ``nearDuplicateLimit`` distinct colours.
    public func nearDuplicateColors(threshold: Double = 2) -> [(DesignToken, DesignToken, Double)] {
        var distinct: [(TokenColor, DesignToken)] = []
        var seenHex: Set<String> = []
        for token in unique.tokens where token.alias == nil {
            guard case .color(let color) = token.value, seenHex.insert(color.hex).inserted else { continue }
            distinct.append((color, token))
        }
        // A palette has tens or hundreds of colours; thousands of distinct
        // ones are not a palette to tidy, and comparing them costs seconds.
        guard distinct.count <= Self.nearDuplicateLimit else { return [] }
        // CIEDE2000 divides the lightness difference by S_L, which is at most
        // about 1.76, so two colours whose L* differ by more than 1.8 × the
        // threshold cannot be closer than it: sorting by L* leaves each colour
        // only its neighbours to compare.
        let window = threshold * 1.8
        let sorted = distinct.map { (color: $0.0, token: $0.1, lightness: $0.0.lab.l) }
            .enumerated().sorted { ($0.element.lightness, $0.offset) < ($1.element.lightness, $1.offset) }
            .map(\.element)
        var pairs: [(DesignToken, DesignToken, Double, Int, Int)] = []
        let order = Dictionary(
            distinct.enumerated().map { ($0.element.1.source.description + $0.element.1.name, $0.offset) },
            uniquingKeysWith: { a, _ in a })
        for first in sorted.indices {
            var second = first + 1
            while second < sorted.count, sorted[second].lightness - sorted[first].lightness <= window {
                let a = sorted[first]
                let b = sorted[second]
                second += 1
                guard abs(a.color.alpha - b.color.alpha) < 0.01 else { continue }
                let distance = a.color.deltaE2000(b.color)
                guard distance < threshold else { continue }
                let orderA = order[a.token.source.description + a.token.name] ?? 0
                let orderB = order[b.token.source.description + b.token.name] ?? 0
                pairs.append(
                    orderA <= orderB
                        ? (a.token, b.token, distance, orderA, orderB) : (b.token, a.token, distance, orderB, orderA))
            }
        }
        // In written order, as the page lists them.
        return pairs.sorted { ($0.3, $0.4) < ($1.3, $1.4) }.map { ($0.0, $0.1, $0.2) }
    }
}
