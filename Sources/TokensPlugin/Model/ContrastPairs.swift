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

    private var grounds: [String: [DesignToken]] = [:]
    private var texts: [String: [DesignToken]] = [:]
    private var colors: [String: [DesignToken]] = [:]
    private var byName: [String: [DesignToken]] = [:]
    private var stated: [StatedPair] = []
    private var byShortName: [String: [DesignToken]] = [:]
    /// Names of one document written with `light` and with `dark` in them (`color-background-light`,
    /// `color-background-dark`), each with the word left out: the two values of one name.
    private var lightDarkNames: Set<String> = []

    /// Pairs among `tokens` (one token per name and mode, as the catalog keeps them), the pairs the
    /// documents state first.
    init(_ tokens: [DesignToken], stated: [StatedPair] = []) {
        self.stated = stated
        var shades: [String: Set<String>] = [:]
        for token in tokens where token.kind == .color {
            guard case .color = token.value else { continue }
            byName[Self.key(token.path), default: []].append(token)
            byShortName[Self.words(token.shortName).joined(separator: " "), default: []].append(token)
            if let (name, word) = Self.lightDarkName(token) { shades[name, default: []].insert(word) }
            // An alias repeats its target, unless it is what a mode assigns (`[data-theme='dark'] {
            // --bg: var(--bg-dark) }`), which is how that mode's colours are used together.
            guard token.alias == nil || token.mode != nil else { continue }
            let file = token.source.file
            colors[file, default: []].append(token)
            switch Self.role(of: token) {
            case .ground: grounds[file, default: []].append(token)
            case .text: texts[file, default: []].append(token)
            default: break
            }
        }
        lightDarkNames = Set(shades.filter { $0.value.count == 2 }.keys)
    }

    /// A name with `light` or `dark` among its words (`color-background-dark`), as its document, its
    /// path and its words with that one left out, and the word.
    private static func lightDarkName(_ token: DesignToken) -> (String, String)? {
        let words = words(token.shortName)
        let found = words.filter { $0 == "light" || $0 == "dark" }
        guard found.count == 1, words.count > 1 else { return nil }
        let rest = words.filter { $0 != found[0] }.joined(separator: " ")
        return (token.source.file + "|" + key(Array(token.path.dropLast())) + "|" + rest, found[0])
    }

    /// Whether the token is one of the two values of a name written with `light` and with `dark`.
    private func isLightDarkShade(_ token: DesignToken) -> Bool {
        guard let (name, _) = Self.lightDarkName(token) else { return false }
        return lightDarkNames.contains(name)
    }

    /// Whether a text colour's name says it is inverse text (`text-inverse`, `inverseText`), which
    /// goes on inverse or primary fills, not on the document's surfaces.
    private static func isInverse(_ token: DesignToken) -> Bool {
        !Set(words(token.shortName)).isDisjoint(with: ["inverse", "inverted", "reverse", "reversed"])
    }

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
        let own = words(token.shortName)
        if own.first == "on" && own.count > 1 { return .text }
        for component in token.path.reversed() {
            if let role = role(ofWords: Set(words(component))) { return role }
        }
        return .other
    }

    /// The role words name, or nil when they say nothing about it (`primary`, `subtle`).
    private static func role(ofWords set: Set<String>) -> Role? {
        if !set.isDisjoint(with: ["icon", "icons", "glyph"]) { return .icon }
        if !set.isDisjoint(with: ["text", "foreground", "fg", "ink", "label", "heading", "title", "caption"]) {
            return .text
        }
        if !set.isDisjoint(with: [
            "border", "divider", "outline", "separator", "shadow", "overlay", "scrim", "backdrop",
        ]) {
            return .other
        }
        if !set.isDisjoint(with: ["background", "bg", "surface", "canvas", "card", "panel", "sheet", "page"]) {
            return .ground
        }
        return nil
    }

    /// The pairs a token's card shows: those its documents state, then those its role implies.
    public func pairs(for token: DesignToken) -> [Pair] {
        guard token.kind == .color, case .color(let color) = token.value else { return [] }
        let statedPairs = self.statedPairs(for: token, color: color)
        let implied = impliedPairs(for: token, color: color).filter { pair in
            !statedPairs.contains { $0.partner == pair.partner && $0.cardIsBackground == pair.cardIsBackground }
        }
        return statedPairs + implied
    }

    /// The pairs stated for this token, as foreground or as background.
    private func statedPairs(for token: DesignToken, color: TokenColor) -> [Pair] {
        let own = Self.key(token.path)
        var pairs: [Pair] = []
        for pair in stated {
            let foreground = Self.key(Self.namePath(pair.foreground))
            let background = Self.key(Self.namePath(pair.background))
            if foreground == own, let partner = partner(pair.background, as: token) {
                pairs.append(
                    Pair(
                        foreground: color, background: partner.color, partner: partner.name, cardIsBackground: false,
                        isIcon: Self.role(of: token) == .icon))
            } else if background == own, let partner = partner(pair.foreground, as: token) {
                pairs.append(
                    Pair(
                        foreground: partner.color, background: color, partner: partner.name, cardIsBackground: true,
                        isIcon: false))
            }
        }
        return pairs
    }

    /// The colour a stated name stands for: a token of the same mode, or a CSS colour name.
    private func partner(_ written: String, as token: DesignToken) -> (name: String, color: TokenColor)? {
        if let found = sameMode(byName[Self.key(Self.namePath(written))] ?? [], as: token).first,
            case .color(let color) = found.value
        {
            return (found.name, color)
        }
        if case .color(let color) = ColorLiteral.parseCSS(written) { return (written, color) }
        return nil
    }

    /// A written name as a path: `color.text.primary`, `plum/950`.
    private static func namePath(_ written: String) -> [String] {
        written.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
    }

    /// The pairs a token's role implies.
    private func impliedPairs(for token: DesignToken, color: TokenColor) -> [Pair] {
        let role = Self.role(of: token)
        // A stated pair: `onPrimary` is read on `primary`.
        let words = Self.words(token.shortName)
        if words.first == "on", words.count > 1 {
            // `onPrimary` beside `primary`, or `color.text.onAccent` and `color.accent`: the colour it
            // is on, and nothing else (the page background is not where it goes).
            let named = words.dropFirst().joined(separator: " ")
            let base = Array(token.path.dropLast()) + [named]
            let candidates =
                byName[Self.key(base)] ?? byShortName[named]?.filter { $0.source.file == token.source.file } ?? []
            guard let partner = sameMode(candidates, as: token).first, case .color(let ground) = partner.value
            else { return [] }
            return [
                Pair(
                    foreground: color, background: ground, partner: partner.name, cardIsBackground: false,
                    isIcon: false)
            ]
        }
        // Implied pairs stay within the token's own document: another document's colours belong to
        // another palette, mode or era.
        let file = token.source.file
        switch role {
        case .text, .icon:
            var candidates = sameMode(grounds[file] ?? [], as: token)
            if Self.isInverse(token) {
                // Inverse text on inverse fills, else on the primary colour; never on the surfaces it
                // is the inverse of.
                let own = sameMode(colors[file] ?? [], as: token).filter { $0.name != token.name }
                let inverse = own.filter { Self.isInverse($0) && Self.role(of: $0) != .text }
                candidates =
                    inverse.isEmpty
                    ? own.filter {
                        Self.words($0.shortName).filter { !["color", "colour"].contains($0) } == ["primary"]
                    }
                    : inverse
            }
            return partners(Self.sameBlockIfAny(candidates, as: token), of: token, color: color).compactMap { ground in
                guard case .color(let background) = ground.value else { return nil }
                return Pair(
                    foreground: color, background: background, partner: ground.name, cardIsBackground: false,
                    isIcon: role == .icon)
            }
        case .ground:
            // The document's own text colour on this background: the first text token of the mode, the
            // one whose name says it is the main one (`text`, `textPrimary`, `foreground`) first. Text
            // written in this very colour is not meant for it: then there is no pair.
            let candidates = oneShadeEach(
                Self.sameBlockIfAny(
                    sameMode(texts[file] ?? [], as: token).filter {
                        Self.words($0.shortName).first != "on" && !Self.isInverse($0)
                    }, as: token), for: color)
            let main = candidates.first { Self.isMainText($0) } ?? candidates.first
            guard let main, main.name != token.name, case .color(let text) = main.value, text.hex != color.hex
            else { return [] }
            return [
                Pair(foreground: text, background: color, partner: main.name, cardIsBackground: true, isIcon: false)
            ]
        case .other:
            return []
        }
    }

    /// Whether a text token is the main text colour: `text`, `textPrimary`, `foreground`, `fg`.
    private static func isMainText(_ token: DesignToken) -> Bool {
        let words = Set(words(token.shortName))
        let rest = words.subtracting(["text", "foreground", "fg", "color", "colour", "primary", "default", "body"])
        return rest.isEmpty
    }

    /// Tokens of the same mode as `token`; a moded token pairs with unmoded ones when its mode has
    /// none, and an unmoded one with the light side (the default) of a pair, or the dark side when its
    /// name says `dark` or `night`. Between unmoded tokens,
    /// one whose name says `dark` or `night` (`backgroundDark`) and one that does not are not paired:
    /// the name is no mode, but such a pair is seldom drawn together. The two values of a name
    /// written with `light` and with `dark` (`color-background-light`, `color-background-dark`) are
    /// no such hint: either may be the one a colour goes with. A variant's colour (a theme's, a
    /// breakpoint's) pairs with its variant's colours first, then with the base ones; a base colour
    /// never with a variant's.
    private func sameMode(_ candidates: [DesignToken], as token: DesignToken) -> [DesignToken] {
        let dark: (DesignToken) -> Bool = { !Set(Self.words($0.shortName)).isDisjoint(with: ["dark", "night"]) }
        let tokenIsShade = isLightDarkShade(token)
        let scoped =
            candidates.filter { $0.variant == token.variant && token.variant != nil }
            + candidates.filter { $0.variant == nil }
        let others = scoped.filter { candidate in
            candidate.name != token.name
                && (tokenIsShade || isLightDarkShade(candidate)
                    || !(candidate.mode == nil && token.mode == nil && dark(candidate) != dark(token)))
        }
        let exact = others.filter { $0.mode == token.mode }
        if !exact.isEmpty, token.mode != nil { return exact }
        if token.mode == nil {
            // A mode's assignment (an alias with a mode) pairs within that mode only.
            return others.filter { $0.mode != (dark(token) ? .light : .dark) && ($0.mode == nil || $0.alias == nil) }
        }
        return others.filter { $0.mode == nil }
    }

    /// The candidates written in the token's own block (a palette written together is used
    /// together), or all of them when its block has none: text colours in one table, grounds in the
    /// next.
    private static func sameBlockIfAny(_ candidates: [DesignToken], as token: DesignToken) -> [DesignToken] {
        let own = candidates.filter { $0.blockLine == token.blockLine }
        return own.isEmpty ? candidates : own
    }

    /// Up to ``limit`` partners in reading order, never one of the colour's own value: text in the
    /// colour of its ground is not meant for it.
    private func partners(_ candidates: [DesignToken], of token: DesignToken, color: TokenColor) -> [DesignToken] {
        var seen: Set<String> = [color.hex]
        var chosen: [DesignToken] = []
        for candidate in oneShadeEach(candidates, for: color) where chosen.count < Self.limit {
            guard case .color(let other) = candidate.value, seen.insert(other.hex).inserted else { continue }
            chosen.append(candidate)
        }
        return chosen
    }

    /// `candidates` with only one of the two values of each light/dark name: the one `color` reads
    /// better with, which is the one it is made for.
    private func oneShadeEach(_ candidates: [DesignToken], for color: TokenColor) -> [DesignToken] {
        var best: [String: (token: DesignToken, ratio: Double)] = [:]
        for candidate in candidates {
            guard let (name, _) = Self.lightDarkName(candidate), lightDarkNames.contains(name),
                case .color(let other) = candidate.value
            else { continue }
            let ratio = color.hex == other.hex ? 0 : color.contrastRatio(with: other)
            if let current = best[name], current.ratio >= ratio { continue }
            best[name] = (candidate, ratio)
        }
        return candidates.filter { candidate in
            guard let (name, _) = Self.lightDarkName(candidate), let kept = best[name] else { return true }
            return kept.token.name == candidate.name && kept.token.mode == candidate.mode
        }
    }

    private static func key(_ path: [String]) -> String {
        path.map { words($0).joined(separator: " ") }.joined(separator: ".")
    }
}
