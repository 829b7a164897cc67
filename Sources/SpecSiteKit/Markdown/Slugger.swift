/// Makes GitHub-compatible heading anchors: the same ids GitHub gives headings,
/// so links written against GitHub's rendering keep working on the site.
///
/// The rule (github-slugger): lowercase; drop every character that is not a
/// letter, mark, number, connector punctuation, hyphen or space; spaces become
/// hyphens; a repeated slug gets `-1`, `-2`, … in order of appearance.
public struct Slugger: Sendable {
    private var occurrences: [String: Int] = [:]

    /// Creates a slugger with no slugs taken.
    public init() {}

    /// The slug of `text` without taking it (no collision suffix).
    public static func slugify(_ text: String) -> String {
        // ASCII headings (nearly all) by bytes: of ASCII, only letters, digits
        // and `_` are word characters, and lowercasing is `A`–`Z` alone. The
        // scalar path below costs a Unicode property lookup a character, and
        // every page's headings are slugged each time the page is parsed.
        if text.isASCII {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                    UInt8(ascii: "-"):
                    bytes.append(byte)
                case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
                default: break
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return slugifyByScalar(text)
    }

    /// ``slugify(_:)`` a scalar at a time, for any text.
    static func slugifyByScalar(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || isWordCharacter(scalar) {
                slug.append(scalar)
            }
        }
        return String(slug)
    }

    /// The unique slug for `text` in this document.
    public mutating func slug(for text: String) -> String {
        claim(Self.slugify(text))
    }

    /// The unique slug for a heading whose ``slugify(_:)`` is `base`.
    mutating func claim(_ base: String) -> String {
        // A heading with no word characters gets "" (then "-1", …) as on
        // GitHub; the renderer writes no id for "".
        var slug = base
        while occurrences[slug] != nil {
            let next = (occurrences[base] ?? 0) + 1
            occurrences[base] = next
            slug = "\(base)-\(next)"
        }
        occurrences[slug] = 0
        return slug
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}
