/// Union–find over the integers `0..<count`, with path halving: which items
/// are joined, directly or through others. The layout splits a graph into its
/// connected parts with it, and the flows plugin merges chains that share a
/// screen.
///
/// Written here because it is ten lines and no package this project may use
/// has one. A set's root is always its smallest member, so results do not
/// depend on the order unions were made in.
public struct DisjointSets: Sendable {
    private var parent: [Int]

    /// `count` items, each in a set of its own.
    public init(count: Int) {
        parent = Array(0..<max(count, 0))
    }

    /// The smallest member of `item`'s set.
    public mutating func root(_ item: Int) -> Int {
        var item = item
        while parent[item] != item {
            parent[item] = parent[parent[item]]
            item = parent[item]
        }
        return item
    }

    /// Joins the sets of `a` and `b`.
    public mutating func union(_ a: Int, _ b: Int) {
        let (first, second) = (root(a), root(b))
        if first != second { parent[max(first, second)] = min(first, second) }
    }
}
