import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where content may come from, and the one way content files are read.
///
/// specsite runs in CI jobs with secrets in the environment and on disk, so a
/// symbolic link in the content folder must not publish what lies outside it
/// (`/etc/passwd`, `~/.ssh/id_rsa`, `../.env`). Files are allowed when their
/// real path (every link resolved) is inside the content folder's real path;
/// with `follow_links_outside: true` anywhere. Never allowed, whatever the
/// setting: devices, FIFOs and sockets (reading one can block for ever), and
/// files of the kernel's file systems (`/proc`, `/sys`), which look like empty
/// regular files but are made up on reading (`/proc/self/environ` holds the
/// build's secrets).
struct ContentBoundary: Sendable {
    /// The content folder's real path.
    let root: String
    /// Whether symbolic links may lead outside `root`.
    let followLinksOutside: Bool

    /// Why a file or folder may not be read.
    enum Refusal: Error, Equatable {
        /// Its real path is outside the content folder.
        case outside
        /// It is on a kernel file system (`/proc`, `/sys`, `/dev`).
        case kernel(String)
        /// It is a device, FIFO or socket (or a folder where a file was expected).
        case notRegular
        /// It could not be opened or read, with the system's reason.
        case unreadable(String)

        /// The reason, for messages (`leads outside the content folder`).
        var reason: String {
            switch self {
            case .outside: "leads outside the content folder"
            case .kernel(let place): "leads into \(place), which is never read"
            case .notRegular: "is not a regular file"
            case .unreadable(let reason): reason
            }
        }
    }

    /// A boundary at the real path of `folder` (which may itself be reached
    /// through a symbolic link, as `/tmp` is on some systems).
    init(folder: String, followLinksOutside: Bool = false) {
        self.root = ContentDiscovery.realPath(folder) ?? folder
        self.followLinksOutside = followLinksOutside
    }

    /// Whether `realPath` is the content folder or inside it.
    func contains(_ realPath: String) -> Bool {
        realPath == root || realPath.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Why something whose real path is `realPath` may not be read; nil when it may.
    func refusal(realPath: String) -> Refusal? {
        if let place = Self.kernelFolder(realPath) { return .kernel(place) }
        if !followLinksOutside && !contains(realPath) { return .outside }
        return nil
    }

    /// `/proc`, `/sys` or `/dev` when `realPath` lies in one of them.
    static func kernelFolder(_ realPath: String) -> String? {
        for folder in ["/proc", "/sys", "/dev"] where realPath == folder || realPath.hasPrefix(folder + "/") {
            return folder
        }
        return nil
    }

    /// Reads the regular file at `path` whole, checking what was actually
    /// opened: its type, its file system and its real path are taken from the
    /// open descriptor, so a link swapped between discovery and reading is
    /// still caught.
    func contents(of path: String) -> Result<[UInt8], Refusal> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        if Self.onKernelFileSystem(descriptor: descriptor) { return .failure(.kernel("a kernel file system")) }
        if let refusal = refusal(realPath: Self.realPath(of: descriptor) ?? ContentDiscovery.realPath(path) ?? path) {
            return .failure(refusal)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(Int(info.st_size), 0))
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
        }
    }

    /// The real path of an open file, from the kernel (`/proc/self/fd`), or nil
    /// where that is not available (then the caller resolves the path it opened).
    private static func realPath(of descriptor: Int32) -> String? {
        #if canImport(Glibc) || canImport(Musl)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return nil
        #endif
    }

    /// Whether an open file or folder is on a kernel file system (`procfs`,
    /// `sysfs` and their kin), whatever path reached it (a bind mount inside the
    /// content folder, say). Linux only; elsewhere the path check stands alone.
    static func onKernelFileSystem(descriptor: Int32) -> Bool {
        #if os(Linux)
            guard let fstatfs = FileSystemCalls.shared.fstatfs else { return false }
            return fileSystemType { fstatfs(descriptor, $0) }.map(kernelFileSystems.contains) ?? false
        #else
            return false
        #endif
    }

    /// Whether the folder or file at `path` is on a kernel file system.
    static func onKernelFileSystem(path: String) -> Bool {
        #if os(Linux)
            guard let statfs = FileSystemCalls.shared.statfs else { return false }
            return fileSystemType { statfs(path, $0) }.map(kernelFileSystems.contains) ?? false
        #else
            return false
        #endif
    }

    /// `f_type` of the `struct statfs` that `call` fills in, or nil when it fails.
    private static func fileSystemType(_ call: (UnsafeMutableRawPointer) -> Int32) -> Int64? {
        // Larger than any `struct statfs`; `f_type` (a C long) comes first on every Linux ABI.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 512)
        guard call(buffer) == 0 else { return nil }
        return Int64(buffer.load(as: CLong.self))
    }

    /// Magic numbers (`f_type`, from linux/magic.h) of file systems whose files
    /// the kernel makes up on reading: proc, sysfs, debugfs, tracefs,
    /// securityfs, cgroup, cgroup2, configfs, efivarfs, bpf, pstore, devpts,
    /// fusectl, binfmt_misc and selinuxfs.
    private static let kernelFileSystems: Set<Int64> = [
        0x9fa0, 0x6265_6572, 0x6462_6720, 0x7472_6163, 0x7363_6673, 0x0027_e0eb, 0x6367_7270, 0x6265_6570,
        0xde5e_81e4, 0xcafe_4a11, 0x6165_676c, 0x1cd1, 0x6573_5543, 0x4249_4e4d, 0xf97c_ff8c,
    ]
}

#if os(Linux)
    /// `statfs` and `fstatfs`, which Swift's Glibc module does not import
    /// (`sys/vfs.h` is not in it); looked up once by name, nil where missing.
    private struct FileSystemCalls: @unchecked Sendable {
        // @unchecked: immutable after init; holds only C function pointers.
        typealias StatFS = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Int32
        typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer?) -> Int32

        let statfs: StatFS?
        let fstatfs: FStatFS?

        static let shared = FileSystemCalls()

        private init() {
            let handle = dlopen(nil, RTLD_NOW)
            statfs = dlsym(handle, "statfs").map { unsafeBitCast($0, to: StatFS.self) }
            fstatfs = dlsym(handle, "fstatfs").map { unsafeBitCast($0, to: FStatFS.self) }
        }
    }
#endif
