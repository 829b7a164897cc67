import Foundation

extension StringProtocol {
    /// The text without the spaces and tabs at either end (line breaks stay):
    /// what `trimmingCharacters(in: .whitespaces)` gives. Written here because
    /// Foundation's goes through `NSString` at tens of thousands of
    /// instructions a call, and the plan readers trim every item and heading
    /// they read; this looks only at the ends, a scalar at a time. Inlinable,
    /// so the plugins get it specialised for `String` and `Substring` rather
    /// than through the protocol's witnesses at every scalar.
    @inlinable
    public var trimmingSpaces: String {
        let scalars = unicodeScalars
        // Most texts have nothing to trim: they are returned whole, not
        // copied out of a slice of themselves.
        if let first = scalars.first, let last = scalars.last, !Self.isSpace(first), !Self.isSpace(last) {
            return String(self)
        }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let last = scalars.index(before: end)
            guard Self.isSpace(scalars[last]) else { break }
            end = last
        }
        return String(self[start..<end])
    }

    /// Whether `CharacterSet.whitespaces` holds the scalar: of ASCII, the space
    /// and the tab; others (which it holds beyond Unicode's space separators,
    /// such as the zero-width space) are asked of the set itself.
    @usableFromInline
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return CharacterSet.whitespaces.contains(scalar)
    }
}
