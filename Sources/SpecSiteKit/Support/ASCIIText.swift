extension StringProtocol {
    /// Whether every byte of the text is ASCII: then each byte is a character,
    /// and byte scans find what a `Character` scan finds. The readers' fast
    /// paths (slugs, link paths, status words) ask it before working on bytes.
    @inlinable
    public var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
