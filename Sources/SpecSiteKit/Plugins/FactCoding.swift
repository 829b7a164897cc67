import Foundation

/// How a plugin's facts are kept in the build cache on disk (``Plugin/factCoding``),
/// so that a later `specsite build` of an unchanged page takes them from
/// there instead of analysing the page again.
///
/// Decoding must give back facts equal to the ones encoded: the cache trusts
/// them as if `analyze` had just returned them.
public struct FactCoding: Sendable {
    /// The facts as bytes, or nil when they cannot be kept (the page is then analysed again next time).
    public let encode: @Sendable ([any Fact]) -> [UInt8]?
    /// The facts from bytes `encode` made, or nil when they cannot be read back.
    public let decode: @Sendable ([UInt8]) -> [any Fact]?

    /// A coding from two functions.
    public init(
        encode: @escaping @Sendable ([any Fact]) -> [UInt8]?, decode: @escaping @Sendable ([UInt8]) -> [any Fact]?
    ) {
        self.encode = encode
        self.decode = decode
    }

    /// For a plugin that finds no facts: only an empty list is kept.
    public static let none = FactCoding(
        encode: { $0.isEmpty ? [] : nil }, decode: { $0.isEmpty ? [] : nil })

    /// For a plugin whose facts are all of one `Codable` type, as JSON
    /// (Foundation's coder: the synthesised conformances need no code of
    /// their own). A fact type cannot change under a cache: the cache's key
    /// names the specsite executable that wrote it.
    public static func codable<T: Fact & Codable>(_ type: T.Type) -> FactCoding {
        FactCoding(
            encode: { facts in
                let typed = facts.compactMap { $0 as? T }
                guard typed.count == facts.count else { return nil }
                return (try? JSONEncoder().encode(typed)).map { Array($0) }
            },
            decode: { bytes in
                (try? JSONDecoder().decode([T].self, from: Data(bytes))).map { $0 as [any Fact] }
            })
    }
}
