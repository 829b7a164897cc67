import Foundation

/// A commit that changed some of the files asked about.
public struct GitTouch: Sendable, Equatable {
    /// The full id.
    public var id: String
    /// Committer time, seconds since 1970.
    public var date: Int
    /// The whole message.
    public var message: String
    /// Which of the files asked about it changed, relative to the top folder.
    public var files: [String]
}

/// One commit of a content folder's history.
public struct GitCommit: Sendable, Equatable {
    /// One file's change.
    public struct Change: Sendable, Equatable {
        /// The path before (nil for an added file).
        public var oldPath: String?
        /// The path after (nil for a deleted file).
        public var newPath: String?
        /// The blob after (nil for a deleted file).
        public var blob: String?
    }
    /// The full id.
    public var id: String
    /// Committer time, seconds since 1970: when the commit reached the branch.
    public var date: Int
    /// The first line of the message.
    public var subject: String
    /// The content folder's files it changed, in git's order.
    public var changes: [Change]
}

/// Reads `git log -z --raw --format=%x1e%H%x1f%ct%x1f%s` output.
enum GitLog {
    static func parse(_ bytes: [UInt8]) -> [GitCommit] {
        var commits: [GitCommit] = []
        var index = 0
        let end = bytes.count
        func field(until terminator: UInt8) -> ArraySlice<UInt8> {
            let start = index
            while index < end, bytes[index] != terminator { index += 1 }
            let slice = bytes[start..<index]
            if index < end { index += 1 }
            return slice
        }
        while index < end {
            guard bytes[index] == 0x1E else {
                index += 1
                continue
            }
            index += 1
            let id = String(decoding: field(until: 0x1F), as: UTF8.self)
            let date = Int(String(decoding: field(until: 0x1F), as: UTF8.self)) ?? 0
            let subject = String(decoding: field(until: 0), as: UTF8.self)
            var changes: [GitCommit.Change] = []
            while index < end, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            // `:<mode> <mode> <old> <new> <status>\0<path>\0[<path>\0]`
            while index < end, bytes[index] == UInt8(ascii: ":") {
                let header = field(until: 0).split(separator: 32)
                guard header.count == 5, let kind = header[4].first else { break }
                let blob = String(decoding: header[3], as: UTF8.self)
                let path = String(decoding: field(until: 0), as: UTF8.self)
                switch kind {
                case UInt8(ascii: "A"): changes.append(.init(oldPath: nil, newPath: path, blob: blob))
                case UInt8(ascii: "D"): changes.append(.init(oldPath: path, newPath: nil, blob: nil))
                case UInt8(ascii: "R"):
                    let to = String(decoding: field(until: 0), as: UTF8.self)
                    changes.append(.init(oldPath: path, newPath: to, blob: blob))
                case UInt8(ascii: "C"):
                    let to = String(decoding: field(until: 0), as: UTF8.self)
                    changes.append(.init(oldPath: nil, newPath: to, blob: blob))
                default:
                    // M, T (type change): the same path, new bytes. A submodule's
                    // "blob" is a commit id: cat-file tells, and it is skipped.
                    changes.append(.init(oldPath: path, newPath: path, blob: blob))
                }
            }
            commits.append(GitCommit(id: id, date: date, subject: subject, changes: changes))
        }
        return commits
    }
}
