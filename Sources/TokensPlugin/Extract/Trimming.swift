extension StringProtocol {
    /// The text without leading and trailing ASCII `characters` (spaces,
    /// tabs and line breaks by default).
    ///
    /// Foundation's `trimmingCharacters(in:)` bridges to `NSString` on every
    /// call, which showed as a sixth of the time spent reading tokens from
    /// table cells; this walks the UTF-8 bytes instead. Only ASCII characters
    /// are trimmed, so the cut always falls on a character boundary.
    func trimmed(_ characters: String = " \t\n\r") -> String {
        let set = Array(characters.utf8)
        let text = Substring(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, set.contains(bytes[start]) { start = bytes.index(after: start) }
        while end > start {
            let before = bytes.index(before: end)
            guard set.contains(bytes[before]) else { break }
            end = before
        }
        return String(text[start..<end])
    }
}
