import Foundation

/// Which colours are used together, so contrast is measured where it means something: text and
/// icon colours on the background and surface colours of their mode, a stated pair (`onPrimary` on
/// `primary`), and a background under the site's own text colour. A brand or border colour on its
/// own has no partner, so no contrast; white and black are never assumed.
public struct ContrastPairs: Sendable {
    /// What a colour is for, read from the words of its name.
    public enum Role: Sendable, Equatable {
        /// Text: `text`, `foreground`, `fg`, `ink`, `label`, `onPrimary`.
        case text
        /// An icon or another non-text mark, rated against WCAG's 3:1.
        case icon
        /// Something drawn on: `background`, `bg`, `surface`, `canvas`, `card`, `panel`.
        case ground
        /// Anything else: brand, accent, border, state colours.
        case other
    }

    /// One measured pair.
    public struct Pair: Sendable, Equatable, Codable {
        /// The colour read (text or icon).
        public var foreground: TokenColor
        /// The colour under it.
        public var background: TokenColor
        /// The token that is not the one on the card, named on it.
        public var partner: String
        /// Whether the card's token is the background of the pair.
        public var cardIsBackground: Bool
        /// Whether the foreground is an icon (3:1 suffices) rather than text.
        public var isIcon: Bool
    }

    /// A pair a document states, in a table with Foreground and Background columns: token names
    /// (`color.text.primary`) or CSS colour names (`white`).
    public struct StatedPair: Sendable, Equatable, Codable {
        /// The text or mark, as written.
        public var foreground: String
        /// What it is drawn on, as written.
        public var background: String

        /// Creates a stated pair.
        public init(foreground: String, background: String) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// The most partners shown on one card, besides the pairs the documents state.
    static let limit = 3

    /// Every colour token, by the index the tables below hold.
    private var traits: [Traits] = []
    /// Grounds, text colours and all colours of each document, as indices into ``traits``.
    private var grounds: [String: [Int]] = [:]
    private var texts: [String: [Int]] = [:]
    /// ``grounds`` and ``texts`` by document and block, with what ``sameMode(_:as:)`` must know of
    /// the whole document: a card's partners come from its own block when it has any, and a file
    /// of 50,000 colours in 5,000 blocks is not read whole for every card.
    private var groundsByBlock: [String: BlockIndex] = [:]
    private var textsByBlock: [String: BlockIndex] = [:]
    private var colors: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    private var byShortName: [String: [Int]] = [:]
    private var stated: [StatedPair] = []
    /// Each stated pair's two names as ``key(_:)`` writes them, in the order of ``stated``.
    private var statedKeys: [(foreground: String, background: String)] = []
    /// The stated pairs that name a key, as foreground or background, in stated order.
    private var statedByKey: [String: [Int]] = [:]
    /// Names of one document written with `light` and with `dark` in them (`color-background-light`,
    /// `color-background-dark`), each with the word left out: the two values of one name.
    private var lightDarkNames: Set<String> = []

    /// What pairing asks of a colour token, worked out once per token. A card's partners are
    /// chosen among every colour of its document, and each comparison used to split names into
    /// words again: at 9,000 tokens that was seconds of every build.
    private struct Traits: Sendable {
        var name: String
        var key: String
        var file: String
        var words: [String]
        var role: Role
        var mode: DesignToken.Mode?
        var variant: String?
        var isAlias: Bool
        var blockLine: Int
        var color: TokenColor
        var hex: String
        /// ``lightDarkName(words:file:group:)``'s name, when the token has one.
        var shadeName: String?
        /// Whether ``shadeName`` is one of ``lightDarkNames``: one of the two values of a name.
        var isShade = false
        /// Whether its name says `dark` or `night`.
        var isDark: Bool
        var isInverse: Bool
        var isMainText: Bool
        /// Whether its name's words, `color` and `colour` left out, are just `primary`.
        var isPrimaryOnly: Bool

        /// ``lightDarkName(words:file:group:)``'s word, `light` or `dark`.
        var shadeWord: String?

        init(_ token: DesignToken, color: TokenColor) {
            // Each component split into words once: the key, the role and the shade all read them.
            let components = token.path.map { ContrastPairs.words($0) }
            name = token.name
            key = ContrastPairs.key(components)
            file = token.source.file
            words = components.last ?? []
            role = ContrastPairs.role(ofComponents: components)
            mode = token.mode
            variant = token.variant
            isAlias = token.alias != nil
            blockLine = token.blockLine
            self.color = color
            hex = color.hex
            let shade = ContrastPairs.lightDarkName(
                words: words, file: file, group: ContrastPairs.key(Array(components.dropLast())))
            shadeName = shade?.name
            shadeWord = shade?.word
            isDark = words.contains { $0 == "dark" || $0 == "night" }
            isInverse = ContrastPairs.isInverse(words: words)
            isMainText = ContrastPairs.isMainText(words: words)
            isPrimaryOnly = words.filter { $0 != "color" && $0 != "colour" } == ["primary"]
        }
    }

    /// Pairs among `tokens` (one token per name and mode, as the catalog keeps them), the pairs the
    /// documents state first.
    init(_ tokens: [DesignToken], stated: [StatedPair] = []) {
        self.stated = stated
        var shades: [String: Set<String>] = [:]
        for token in tokens where token.kind == .color {
            guard case .color(let color) = token.value else { continue }
            let index = traits.count
            let entry = Traits(token, color: color)
            traits.append(entry)
            byName[entry.key, default: []].append(index)
            byShortName[entry.words.joined(separator: " "), default: []].append(index)
            if let name = entry.shadeName, let word = entry.shadeWord { shades[name, default: []].insert(word) }
            // An alias repeats its target, unless it is what a mode assigns (`[data-theme='dark'] {
            // --bg: var(--bg-dark) }`), which is how that mode's colours are used together.
            guard token.alias == nil || token.mode != nil else { continue }
            colors[entry.file, default: []].append(index)
            switch entry.role {
            case .ground: grounds[entry.file, default: []].append(index)
            case .text: texts[entry.file, default: []].append(index)
            default: break
            }
        }
        groundsByBlock = grounds.mapValues { BlockIndex($0, traits: traits) }
        textsByBlock = texts.mapValues { BlockIndex($0, traits: traits) }
        lightDarkNames = Set(shades.filter { $0.value.count == 2 }.keys)
        for index in traits.indices {
            if let name = traits[index].shadeName { traits[index].isShade = lightDarkNames.contains(name) }
        }
        for (offset, pair) in stated.enumerated() {
            let keys = (
                foreground: Self.key(Self.namePath(pair.foreground)),
                background: Self.key(Self.namePath(pair.background))
            )
            statedKeys.append(keys)
            statedByKey[keys.foreground, default: []].append(offset)
            if keys.background != keys.foreground { statedByKey[keys.background, default: []].append(offset) }
        }
    }

    /// A name with `light` or `dark` among its words (`color-background-dark`), as its document, its
    /// path and its words with that one left out, and the word.
    /// `words` are the token's own name's, `group` the ``key(_:)`` of the path before it.
    private static func lightDarkName(words: [String], file: String, group: String) -> (name: String, word: String)? {
        let found = words.filter { $0 == "light" || $0 == "dark" }
        guard found.count == 1, words.count > 1 else { return nil }
        let rest = words.filter { $0 != found[0] }.joined(separator: " ")
        return (file + "|" + group + "|" + rest, found[0])
    }

    /// Whether a text colour's name says it is inverse text (`text-inverse`, `inverseText`), which
    /// goes on inverse or primary fills, not on the document's surfaces.
    private static func isInverse(words: [String]) -> Bool {
        words.contains(where: inverseWords.contains)
    }

    private static let inverseWords: Set<String> = ["inverse", "inverted", "reverse", "reversed"]

    /// The words of a name: `textPrimary`, `text-primary`, `text_primary` and `Text Primary` all give
    /// `text`, `primary`.
    static func words(_ name: String) -> [String] {
        // Pairing compares every colour's words with every other's, so an ASCII name (nearly all)
        // is split on its bytes; the Character path below gives the same words for it.
        asciiWords(name) ?? wordsByCharacter(name)
    }

    /// ``words(_:)`` read one Character at a time: any name, the rules as they are written.
    static func wordsByCharacter(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if !character.isLetter && !character.isNumber {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase, !current.isEmpty {
                    words.append(current.lowercased())
                    current = ""
                }
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// ``words(_:)`` of an ASCII name, split on its bytes; nil for any other name.
    private static func asciiWords(_ name: String) -> [String]? {
        var name = name
        return name.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var current: [UInt8] = []
            var previous: UInt8 = 0
            func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
            func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
            func flush() {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if !isLower(byte) && !isUpper(byte) && !(byte >= 0x30 && byte <= 0x39) {
                    flush()
                } else {
                    if isUpper(byte), isLower(previous), !current.isEmpty { flush() }
                    current.append(isUpper(byte) ? byte + 0x20 : byte)
                }
                previous = byte
            }
            flush()
            return words
        }
    }

    /// What a colour token is for, from the words of its name read from its own name outwards:
    /// `color.text.primary` is text, `color.border.subtle` other, `Surfaces.Canvas` a ground.
    public static func role(of token: DesignToken) -> Role {
        role(ofComponents: token.path.map { words($0) })
    }

    /// ``role(of:)`` from the words of each component of a token's path, its own name last.
    private static func role(ofComponents components: [[String]]) -> Role {
        let own = components.last ?? []
        if own.first == "on" && own.count > 1 { return .text }
        for words in components.reversed() {
            if let role = role(ofWords: words) { return role }
        }
        return .other
    }

    private static let iconWords: Set<String> = ["icon", "icons", "glyph"]
    private static let textWords: Set<String> = [
        "text", "foreground", "fg", "ink", "label", "heading", "title", "caption",
    ]
    private static let otherWords: Set<String> = [
        "border", "divider", "outline", "separator", "shadow", "overlay", "scrim", "backdrop",
    ]
    private static let groundWords: Set<String> = [
        "background", "bg", "surface", "canvas", "card", "panel", "sheet", "page",
    ]

    /// The role words name, or nil when they say nothing about it (`primary`, `subtle`).
    private static func role(ofWords words: [String]) -> Role? {
        if words.contains(where: iconWords.contains) { return .icon }
        if words.contains(where: textWords.contains) { return .text }
        if words.contains(where: otherWords.contains) { return .other }
        if words.contains(where: groundWords.contains) { return .ground }
        return nil
    }

    /// The pairs a token's card shows: those its documents state, then those its role implies.
    /// `readingWholeDocuments` takes the partners from all of the document's colours before
    /// keeping its block's: the rule as written, which tests hold the block-first reading to.
    public func pairs(for token: DesignToken, readingWholeDocuments: Bool = false) -> [Pair] {
        guard token.kind == .color, case .color(let color) = token.value else { return [] }
        var own = Traits(token, color: color)
        if let name = own.shadeName { own.isShade = lightDarkNames.contains(name) }
        let statedPairs = self.statedPairs(for: own)
        let implied = impliedPairs(for: own, path: token.path, readingWholeDocuments: readingWholeDocuments).filter {
            pair in
            !statedPairs.contains { $0.partner == pair.partner && $0.cardIsBackground == pair.cardIsBackground }
        }
        return statedPairs + implied
    }

    /// The pairs stated for this token, as foreground or as background.
    private func statedPairs(for own: Traits) -> [Pair] {
        var pairs: [Pair] = []
        for offset in statedByKey[own.key] ?? [] {
            let pair = stated[offset]
            let keys = statedKeys[offset]
            if keys.foreground == own.key, let partner = partner(keys.background, pair.background, as: own) {
                pairs.append(
                    Pair(
                        foreground: own.color, background: partner.color, partner: partner.name,
                        cardIsBackground: false, isIcon: own.role == .icon))
            } else if keys.background == own.key, let partner = partner(keys.foreground, pair.foreground, as: own) {
                pairs.append(
                    Pair(
                        foreground: partner.color, background: own.color, partner: partner.name, cardIsBackground: true,
                        isIcon: false))
            }
        }
        return pairs
    }

    /// The colour a stated name (`written`, whose ``key(_:)`` is `key`) stands for: a token of the
    /// same mode, or a CSS colour name.
    private func partner(_ key: String, _ written: String, as own: Traits) -> (name: String, color: TokenColor)? {
        if let found = sameMode(byName[key] ?? [], as: own).first { return (traits[found].name, traits[found].color) }
        if case .color(let color) = ColorLiteral.parseCSS(written) { return (written, color) }
        return nil
    }

    /// A written name as a path: `color.text.primary`, `plum/950`.
    private static func namePath(_ written: String) -> [String] {
        written.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
    }

    /// The pairs a token's role implies.
    private func impliedPairs(for own: Traits, path: [String], readingWholeDocuments: Bool) -> [Pair] {
        let color = own.color
        // A stated pair: `onPrimary` is read on `primary`.
        let words = own.words
        if words.first == "on", words.count > 1 {
            // `onPrimary` beside `primary`, or `color.text.onAccent` and `color.accent`: the colour it
            // is on, and nothing else (the page background is not where it goes).
            let named = words.dropFirst().joined(separator: " ")
            let base = Array(path.dropLast()) + [named]
            let candidates = byName[Self.key(base)] ?? byShortName[named]?.filter { traits[$0].file == own.file } ?? []
            guard let partner = sameMode(candidates, as: own).first else { return [] }
            return [
                Pair(
                    foreground: color, background: traits[partner].color, partner: traits[partner].name,
                    cardIsBackground: false, isIcon: false)
            ]
        }
        // Implied pairs stay within the token's own document: another document's colours belong to
        // another palette, mode or era.
        let file = own.file
        switch own.role {
        case .text, .icon:
            var candidates =
                readingWholeDocuments || own.isInverse
                ? sameMode(grounds[file] ?? [], as: own)
                : sameModeInBlockIfAny(groundsByBlock[file], as: own, where: { _ in true })
            if own.isInverse {
                // Inverse text on inverse fills, else on the primary colour; never on the surfaces it
                // is the inverse of.
                let others = sameMode(colors[file] ?? [], as: own).filter { traits[$0].name != own.name }
                let inverse = others.filter { traits[$0].isInverse && traits[$0].role != .text }
                candidates = inverse.isEmpty ? others.filter { traits[$0].isPrimaryOnly } : inverse
            }
            return partners(sameBlockIfAny(candidates, as: own), of: own).map { ground in
                Pair(
                    foreground: color, background: traits[ground].color, partner: traits[ground].name,
                    cardIsBackground: false, isIcon: own.role == .icon)
            }
        case .ground:
            // The document's own text colour on this background: the first text token of the mode, the
            // one whose name says it is the main one (`text`, `textPrimary`, `foreground`) first. Text
            // written in this very colour is not meant for it: then there is no pair.
            let isPlainText = { (index: Int) in traits[index].words.first != "on" && !traits[index].isInverse }
            let candidates = oneShadeEach(
                readingWholeDocuments
                    ? sameBlockIfAny(sameMode(texts[file] ?? [], as: own).filter(isPlainText), as: own)
                    : sameModeInBlockIfAny(textsByBlock[file], as: own, where: isPlainText), for: own)
            let main = candidates.first { traits[$0].isMainText } ?? candidates.first
            guard let main, traits[main].name != own.name, traits[main].hex != own.hex else { return [] }
            return [
                Pair(
                    foreground: traits[main].color, background: color, partner: traits[main].name,
                    cardIsBackground: true, isIcon: false)
            ]
        case .other:
            return []
        }
    }

    /// Whether a text token is the main text colour: `text`, `textPrimary`, `foreground`, `fg`.
    private static func isMainText(words: [String]) -> Bool {
        words.allSatisfy(mainTextWords.contains)
    }

    private static let mainTextWords: Set<String> = [
        "text", "foreground", "fg", "color", "colour", "primary", "default", "body",
    ]

    /// Tokens of the same mode as `own`; a moded token pairs with unmoded ones when its mode has
    /// none, and an unmoded one with the light side (the default) of a pair, or the dark side when its
    /// name says `dark` or `night`. Between unmoded tokens,
    /// one whose name says `dark` or `night` (`backgroundDark`) and one that does not are not paired:
    /// the name is no mode, but such a pair is seldom drawn together. The two values of a name
    /// written with `light` and with `dark` (`color-background-light`, `color-background-dark`) are
    /// no such hint: either may be the one a colour goes with. A variant's colour (a theme's, a
    /// breakpoint's) pairs with its variant's colours first, then with the base ones; a base colour
    /// never with a variant's.
    private func sameMode(_ candidates: [Int], as own: Traits, exactExists: Bool? = nil) -> [Int] {
        let scoped =
            candidates.filter { traits[$0].variant == own.variant && own.variant != nil }
            + candidates.filter { traits[$0].variant == nil }
        let others = scoped.filter { candidate in
            traits[candidate].name != own.name
                && (own.isShade || traits[candidate].isShade
                    || !(traits[candidate].mode == nil && own.mode == nil && traits[candidate].isDark != own.isDark))
        }
        let exact = others.filter { traits[$0].mode == own.mode }
        // Of a part of a list, whether the whole list has a colour of this mode is told.
        if exactExists ?? !exact.isEmpty, own.mode != nil { return exact }
        if own.mode == nil {
            // A mode's assignment (an alias with a mode) pairs within that mode only.
            return others.filter {
                traits[$0].mode != (own.isDark ? .light : .dark) && (traits[$0].mode == nil || !traits[$0].isAlias)
            }
        }
        return others.filter { traits[$0].mode == nil }
    }

    /// `sameBlockIfAny(sameMode(all).filter(isWanted))` of a document's list, reading the whole
    /// list only when the token's block holds none of it. ``sameMode(_:as:exactExists:)`` of the
    /// block alone keeps what that of the whole list keeps of the block, in the same order, once
    /// it is told whether the whole list has a colour of the token's exact mode.
    private func sameModeInBlockIfAny(
        _ index: BlockIndex?, as own: Traits, where isWanted: (Int) -> Bool
    ) -> [Int] {
        guard let index else { return [] }
        let block = index.byBlock[own.blockLine] ?? []
        let inBlock = sameMode(block, as: own, exactExists: index.hasExactMode(for: own)).filter(isWanted)
        return inBlock.isEmpty ? sameMode(index.all, as: own).filter(isWanted) : inBlock
    }

    /// A document's grounds or text colours, by block, and which names each mode has.
    private struct BlockIndex: Sendable {
        var all: [Int]
        var byBlock: [Int: [Int]]
        /// For each mode and variant (nil for the base), a name with it and whether there are others.
        var names: [ModeKey: (name: String, others: Bool)] = [:]

        struct ModeKey: Hashable, Sendable {
            var mode: DesignToken.Mode
            var variant: String?
        }

        init(_ all: [Int], traits: [Traits]) {
            self.all = all
            byBlock = Dictionary(grouping: all) { traits[$0].blockLine }
            for index in all {
                guard let mode = traits[index].mode else { continue }
                let key = ModeKey(mode: mode, variant: traits[index].variant)
                if let known = names[key] {
                    if !known.others, known.name != traits[index].name { names[key] = (known.name, true) }
                } else {
                    names[key] = (traits[index].name, false)
                }
            }
        }

        /// Whether ``sameMode(_:as:)`` of the whole list finds a colour of `own`'s mode: one of
        /// another name, of that mode, and of `own`'s variant or of none.
        func hasExactMode(for own: Traits) -> Bool {
            guard let mode = own.mode else { return false }
            let keys =
                [ModeKey(mode: mode, variant: nil)] + (own.variant.map { [ModeKey(mode: mode, variant: $0)] } ?? [])
            return keys.contains { key in names[key].map { $0.others || $0.name != own.name } ?? false }
        }
    }

    /// The candidates written in the token's own block (a palette written together is used
    /// together), or all of them when its block has none: text colours in one table, grounds in the
    /// next.
    private func sameBlockIfAny(_ candidates: [Int], as own: Traits) -> [Int] {
        let inBlock = candidates.filter { traits[$0].blockLine == own.blockLine }
        return inBlock.isEmpty ? candidates : inBlock
    }

    /// Up to ``limit`` partners in reading order, never one of the colour's own value: text in the
    /// colour of its ground is not meant for it.
    private func partners(_ candidates: [Int], of own: Traits) -> [Int] {
        var seen: Set<String> = [own.hex]
        var chosen: [Int] = []
        for candidate in oneShadeEach(candidates, for: own) where chosen.count < Self.limit {
            guard seen.insert(traits[candidate].hex).inserted else { continue }
            chosen.append(candidate)
        }
        return chosen
    }

    /// `candidates` with only one of the two values of each light/dark name: the one `own`'s colour
    /// reads better with, which is the one it is made for.
    private func oneShadeEach(_ candidates: [Int], for own: Traits) -> [Int] {
        var best: [String: (index: Int, ratio: Double)] = [:]
        for candidate in candidates {
            guard traits[candidate].isShade, let name = traits[candidate].shadeName else { continue }
            let ratio = own.hex == traits[candidate].hex ? 0 : own.color.contrastRatio(with: traits[candidate].color)
            if let current = best[name], current.ratio >= ratio { continue }
            best[name] = (candidate, ratio)
        }
        guard !best.isEmpty else { return candidates }
        return candidates.filter { candidate in
            guard let name = traits[candidate].shadeName, let kept = best[name] else { return true }
            return traits[kept.index].name == traits[candidate].name
                && traits[kept.index].mode == traits[candidate].mode
        }
    }

    private static func key(_ path: [String]) -> String {
        key(path.map { words($0) })
    }

    /// ``key(_:)`` of a path already split into each component's words.
    private static func key(_ components: [[String]]) -> String {
        components.map { $0.joined(separator: " ") }.joined(separator: ".")
    }
}
