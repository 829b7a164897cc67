import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `specsite serve` per output folder: an exclusive `flock` on
/// `.NAME.specsite-serve.lock` beside the output (as the builder's staging
/// folder `.NAME.specsite-new-PID` is), holding the server's pid. Two servers
/// rebuilding into one folder would swap sites under each other's feet.
///
/// The kernel drops the lock when the process dies, however it dies, so a
/// crashed server never blocks the next one. The file is removed on
/// ``release()``; a process that locked a file just unlinked checks that the
/// path still names the file it locked, and tries again if not.
public final class ServeLock: Sendable {
    /// The lock file's path.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock for `output`, or throws
    /// ``ServeError/alreadyServing(output:pid:lockFile:)`` naming the pid
    /// that holds it.
    public init(output: String) throws {
        let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
        let trimmed = absolute.hasSuffix("/") && absolute.count > 1 ? String(absolute.dropLast()) : absolute
        let parent = (trimmed as NSString).deletingLastPathComponent
        let name = (trimmed as NSString).lastPathComponent
        let path = parent + "/." + name + ".specsite-serve.lock"
        self.path = path
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        var attempts = 0
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw ServeError.cannotLock(lockFile: path, reason: String(cString: strerror(errno)))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let pid = Self.readPID(descriptor)
                close(descriptor)
                throw ServeError.alreadyServing(output: output, pid: pid, lockFile: path)
            }
            // The holder before us may have unlinked the file between our
            // open and our lock: then we hold a lock on nothing.
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino,
                opened.st_dev == named.st_dev
            {
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(descriptor, 0)
                _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                self.descriptor = descriptor
                return
            }
            close(descriptor)
            attempts += 1
            if attempts > 20 { throw ServeError.cannotLock(lockFile: path, reason: "it keeps being replaced") }
        }
    }

    /// Removes the lock file and drops the lock.
    public func release() {
        unlink(path)
        close(descriptor)
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
