import Foundation
import SpecSiteKit

/// One design token found in a document: a named colour, size, type style,
/// shadow or motion value, with where it was written.
///
/// Its ``Fields`` live in one shared, copy-on-write box: the catalog holds each
/// token in the pages' facts, in written order, by file, deduplicated and in
/// contrast pairs, and a site of many design documents has hundreds of
/// thousands of tokens; a copy of ten stored properties (216 bytes, most of
/// them strings) cost that much memory and a retain and release each, a copy
/// of the box costs one. Read and write the fields as if they were the
/// token's own (`token.path`, `token.alias = …`).
@dynamicMemberLookup
public struct DesignToken: Sendable, Equatable, Codable {
    /// What a token holds.
    public struct Fields: Sendable, Equatable, Codable {
        /// The token's path without its mode: `["Colors", "secondaryBackground"]`.
        /// Groups come from the source (object nesting, a Swift type, a table's
        /// heading); the last component is the token's own name.
        public var path: [String]
        /// `light` or `dark` when the token is one side of a pair; nil otherwise.
        public var mode: Mode?
        /// What kind of design decision the token is.
        public var kind: Kind
        /// The value, parsed.
        public var value: Value
        /// The value exactly as written in the source (`'#007AFF1A'`, `Color(hex: "#FFBF00")`).
        public var written: String
        /// A note written next to the token (a code comment, a table's other cells).
        public var description: String
        /// Where the token is written.
        public var source: SourceLocation
        /// The first line of the markdown block it came from, so the block can be
        /// drawn with its tokens in place.
        public var blockLine: Int
        /// The token it refers to, as written (`tide/300`, `smilePileBlue`), when
        /// its value is that token's.
        public var alias: String?
        /// Where the value holds besides a mode, as written in CSS: a named theme
        /// (`[data-theme="ocean"]`) or a breakpoint (`@media (max-width: 768px)`), the parts
        /// of a nested one joined by ``variantSeparator``; nil for the base value.
        public var variant: String?
    }

    /// The fields, in a box copies share (``SharedFields``); equal tokens have equal
    /// fields (one shared box is equal without looking).
    private var fields: SharedFields<Fields>

    /// Reads a field.
    public subscript<Field>(dynamicMember path: KeyPath<Fields, Field>) -> Field {
        fields.value[keyPath: path]
    }

    /// Reads or writes a field; a write first copies a box other copies share.
    public subscript<Field>(dynamicMember path: WritableKeyPath<Fields, Field>) -> Field {
        get { fields.value[keyPath: path] }
        set { fields.value[keyPath: path] = newValue }
    }

    /// Decodes the fields, as ``Fields`` encodes them.
    public init(from decoder: any Decoder) throws {
        fields = SharedFields(try Fields(from: decoder))
    }

    /// Encodes the fields as ``Fields`` does (the token adds no keys).
    public func encode(to encoder: any Encoder) throws {
        try fields.value.encode(to: encoder)
    }

    /// Between the parts of a nested variant (`@media (max-width: 768px) › [data-theme="ocean"]`).
    public static let variantSeparator = " › "

    /// Whether a group name is a variant as ``variant`` writes it (an at-rule, or a selector with an
    /// attribute), as a DTCG export names its variant groups.
    public static func isVariantName(_ name: String) -> Bool {
        name.hasPrefix("@media") || name.hasPrefix("@supports") || name.hasPrefix("@container")
            || (name.contains("[") && name.hasSuffix("]"))
    }

    /// Creates a token.
    public init(
        path: [String], mode: Mode? = nil, variant: String? = nil, kind: Kind, value: Value, written: String,
        description: String = "", source: SourceLocation, blockLine: Int
    ) {
        fields = SharedFields(
            Fields(
                path: path, mode: mode, kind: kind, value: value, written: written, description: description,
                source: source, blockLine: blockLine, alias: nil, variant: variant))
    }

    /// The path joined with dots: `Colors.secondaryBackground`.
    public var name: String { self.path.joined(separator: ".") }

    /// The token's own name, the last path component.
    public var shortName: String { self.path.last ?? "" }

    /// What tells this value from the others of its name: its mode and variant (`dark`,
    /// `@media (max-width: 768px)`), empty for the base value.
    public var condition: String {
        [self.mode?.rawValue, self.variant].compactMap { $0 }.joined(separator: ", ")
    }

    /// Light or dark.
    public enum Mode: String, Sendable, Equatable, CaseIterable, Comparable, Codable {
        case light, dark

        /// Light sorts before dark.
        public static func < (lhs: Mode, rhs: Mode) -> Bool { lhs == .light && rhs == .dark }
    }

    /// The kinds of token, each drawn its own way.
    public enum Kind: String, Sendable, Equatable, CaseIterable, Codable {
        case color, typography, fontFamily, fontWeight, fontSize, lineHeight, letterSpacing
        case spacing, radius, size, shadow, duration, easing, spring

        /// The heading this kind is listed under.
        public var title: String {
            switch self {
            case .color: "Colours"
            case .typography: "Typography"
            case .fontFamily: "Font families"
            case .fontWeight: "Font weights"
            case .fontSize: "Font sizes"
            case .lineHeight: "Line heights"
            case .letterSpacing: "Letter spacing"
            case .spacing: "Spacing"
            case .radius: "Radii"
            case .size: "Sizes"
            case .shadow: "Shadows"
            case .duration: "Durations"
            case .easing: "Easing"
            case .spring: "Springs"
            }
        }
    }

    /// A token's parsed value.
    public enum Value: Sendable, Equatable, Codable {
        /// An sRGB colour.
        case color(TokenColor)
        /// A length: `16 px`, `1.5 rem`, `44 pt`.
        case dimension(Dimension)
        /// A unitless number (a line-height multiplier, a font weight).
        case number(Double)
        /// A duration in milliseconds.
        case duration(milliseconds: Double)
        /// A cubic Bézier timing curve, CSS order (x1, y1, x2, y2).
        case cubicBezier([Double])
        /// Font families, most preferred first.
        case fontFamily([String])
        /// A spring animation.
        case spring(Spring)
        /// One or more shadow layers.
        case shadow([Shadow])
        /// A type style.
        case typography(Typography)
        /// Another token, by name as written (`plum/950`, `{color.brand}`); kept
        /// only while unresolved.
        case alias(String)
    }
}

/// A file and line, as messages name them.
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The file as the user names it (`content/DESIGN_SYSTEM.md`).
    public var file: String
    /// 1-based line.
    public var line: Int

    /// Creates a location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }

    /// By file, then line.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}

/// A length with its unit.
public struct Dimension: Sendable, Equatable, Hashable, CustomStringConvertible, Codable {
    /// The number.
    public var value: Double
    /// `px`, `rem`, `em`, `pt` or `dp` (unitless numbers are read as `px`).
    public var unit: String

    /// Creates a dimension.
    public init(_ value: Double, _ unit: String = "px") {
        self.value = value
        self.unit = unit
    }

    /// The length in CSS pixels (`rem` and `em` at 16 px; `pt` and `dp` are
    /// the platforms' logical points, drawn one to one).
    public var pixels: Double {
        switch unit {
        case "rem", "em": value * 16
        default: value
        }
    }

    /// The length as CSS and the DTCG write it: the platforms' logical
    /// points (`pt`, `dp`) are CSS pixels, while CSS's own `pt` is a printer's
    /// point (1.33 px), so they become `px`.
    public var normalized: Dimension {
        unit == "pt" || unit == "dp" ? Dimension(value, "px") : self
    }

    /// `16px`, `1.5rem` (normalized).
    public var description: String {
        let css = normalized
        return TokenFormat.number(css.value) + css.unit
    }
}

/// A spring, normalised to a damping ratio and a natural period, whichever
/// way it was written (SwiftUI's response and damping fraction, or a physics
/// engine's stiffness, damping and mass).
public struct Spring: Sendable, Equatable, Codable {
    /// Stiffness (k), when written.
    public var stiffness: Double?
    /// Damping (c) as written; a value of 1 or less is read as a damping ratio.
    public var damping: Double?
    /// Mass (m), when written.
    public var mass: Double?
    /// SwiftUI's `response`, seconds, when written.
    public var response: Double?
    /// SwiftUI's `dampingFraction`, when written.
    public var dampingFraction: Double?

    /// Creates a spring from whatever parameters were written.
    public init(
        stiffness: Double? = nil, damping: Double? = nil, mass: Double? = nil, response: Double? = nil,
        dampingFraction: Double? = nil
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// ζ: below 1 the spring overshoots and bounces, at 1 it settles as fast
    /// as it can without overshooting, above 1 it creeps in.
    public var dampingRatio: Double {
        if let dampingFraction { return dampingFraction }
        if let damping, damping <= 1 { return damping }
        let m = mass ?? 1
        if let damping, let stiffness, stiffness > 0 { return damping / (2 * (stiffness * m).squareRoot()) }
        return 1
    }

    /// The undamped period in seconds (SwiftUI's `response`).
    public var period: Double {
        if let response, response > 0 { return response }
        let m = mass ?? 1
        if let stiffness, stiffness > 0 { return 2 * Double.pi / (stiffness / m).squareRoot() }
        return 0.5
    }

    /// Whether enough was written to draw it.
    public var isComplete: Bool {
        (response != nil && (dampingFraction != nil || damping != nil)) || (stiffness != nil && damping != nil)
    }
}

/// One shadow layer.
public struct Shadow: Sendable, Equatable, Codable {
    /// Its colour, opacity included.
    public var color: TokenColor
    /// Horizontal offset.
    public var offsetX: Dimension
    /// Vertical offset.
    public var offsetY: Dimension
    /// Blur radius.
    public var blur: Dimension
    /// Spread.
    public var spread: Dimension
    /// Whether it is drawn inside the box.
    public var inset: Bool

    /// Creates a shadow layer.
    public init(
        color: TokenColor, offsetX: Dimension, offsetY: Dimension, blur: Dimension,
        spread: Dimension = Dimension(0), inset: Bool = false
    ) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.inset = inset
    }

    /// The layer as a CSS `box-shadow` value.
    public var css: String {
        (inset ? "inset " : "") + "\(offsetX) \(offsetY) \(blur) \(spread) \(color.cssRGBA)"
    }
}

/// A type style; any part may be missing.
public struct Typography: Sendable, Equatable, Codable {
    /// Font families, most preferred first.
    public var fontFamily: [String]?
    /// Font size.
    public var fontSize: Dimension?
    /// Line height: a length, or a multiplier of the font size when its unit is empty.
    public var lineHeight: Dimension?
    /// Weight, 100–900.
    public var fontWeight: Double?
    /// Letter spacing.
    public var letterSpacing: Dimension?

    /// Creates a type style.
    public init(
        fontFamily: [String]? = nil, fontSize: Dimension? = nil, lineHeight: Dimension? = nil,
        fontWeight: Double? = nil, letterSpacing: Dimension? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.fontWeight = fontWeight
        self.letterSpacing = letterSpacing
    }

    /// Whether it says anything at all.
    public var isEmpty: Bool {
        fontFamily == nil && fontSize == nil && lineHeight == nil && fontWeight == nil && letterSpacing == nil
    }
}

/// The tokens one page defines; the plugin's fact.
public struct TokenFact: Fact, Equatable, Codable {
    /// The tokens in the order they are written.
    public var tokens: [DesignToken]
    /// Tokens whose value names another token (`Canvas: plum/950`), resolved
    /// once every page is read; their value is `.alias`.
    public var references: [DesignToken]
    /// The blocks tokens were read from, as ``SpecSiteKit/MarkdownNode/blockKey`` names them.
    public var blocks: Set<String>
    /// Colour pairs the page states (a contrast table's Foreground and Background).
    public var statedPairs: [ContrastPairs.StatedPair]
    /// Whether a heading of the page's outline names a design system, which
    /// makes it one for the exports (``TokensSettings/kind(of:)``); read while
    /// the page has its tree.
    public var headingNamesDesignSystem = false

    /// Creates the fact.
    public init(
        tokens: [DesignToken], references: [DesignToken] = [], blocks: Set<String> = [],
        statedPairs: [ContrastPairs.StatedPair] = []
    ) {
        self.tokens = tokens
        self.references = references
        self.blocks = blocks
        self.statedPairs = statedPairs
    }
}

/// Number formatting shared by the renderers and exporters.
public enum TokenFormat {
    /// `16`, `0.37`, `-0.41`: rounded to `decimals` places (four unless
    /// said), no trailing zeros, never `-0`; not-a-number and infinities are `0`.
    /// The one number format of the plugin: pages, plots and exports differ
    /// only in how many places they keep.
    public static func number(_ value: Double, decimals: Int = 4) -> String {
        NumberText.format(value, decimals: decimals)
    }
}

extension DesignToken {
    /// This reference (`{color.primary}`, `var(--primary)`) with the value and
    /// kind of `found`, the token its `target` names; the mode is `found`'s
    /// when the reference states none.
    func resolved(to found: DesignToken, target: String) -> DesignToken {
        var token = self
        token.value = found.value
        token.kind = found.kind
        token.alias = target
        if token.mode == nil { token.mode = found.mode }
        return token
    }
}
