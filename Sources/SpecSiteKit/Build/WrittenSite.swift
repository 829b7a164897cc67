import Foundation

/// A file's identity on disk: device, inode, size and modification time. Two
/// equal stamps taken at different times mean nobody replaced or rewrote the
/// file in between (a rewrite in place changes the time, a replacement the inode).
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.modificationTime.tv_sec)
        nanoseconds = Int(info.modificationTime.tv_nsec)
    }

    /// The stamp of the regular file at `path` (links not followed), or nil.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stamp of an open file, or nil.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }
}

/// What a committed site holds, as ``SiteWriter`` left it: every file's stamp.
///
/// A session's next build updates the site in place when the output still
/// holds exactly these files (each one checked by its stamp as it is
/// reached), writing only what changed; anything else about the folder, or a
/// file whose stamp differs, is written anew, so nothing someone changed in
/// the output is taken for the build's own.
struct WrittenSite: Equatable, Sendable {
    /// The output folder, absolute.
    var output: String
    /// Each file's stamp, by path relative to the output.
    var files: [String: FileStamp]
}

extension stat {
    /// When the file's bytes last changed (`st_mtim`; `st_mtimespec` on Darwin).
    var modificationTime: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }

    /// When the file's status last changed (`st_ctim`; `st_ctimespec` on
    /// Darwin): any write, rename or change of mode. No program can set it.
    var statusChangeTime: timespec {
        #if canImport(Darwin)
            st_ctimespec
        #else
            st_ctim
        #endif
    }
}
