/// What one build leaves for the next build of the same folders.
struct BuildCache: Sendable {}

/// How much of a build was redone rather than reused.
struct BuildWork: Sendable, Equatable {
    /// Pages parsed and analysed.
    var reparsed: Int
    /// Pages rendered.
    var rerendered: Int
}
