import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started with `posix_spawn`, its standard input and output on
/// pipes of ours and its errors on a pipe or `/dev/null`.
///
/// Written here rather than with Foundation's `Process`, which took about
/// 50 ms to start each `git` on Linux against under 2 ms for `posix_spawn`
/// (measured side by side, ten starts each): a build that reads its
/// history back starts two, and a replay one or two a thread. The
/// `swift-subprocess` package is asynchronous, and the readers of git here
/// are plain synchronous code. ``ExternalProcess`` (plugins) runs one shell
/// command against a deadline; `git cat-file --batch` is a conversation
/// kept open for a whole replay, so this is the smaller piece both share
/// their signal set-up with (``startsWithDefaultSignals(_:flags:)``).
struct SpawnedProcess {
    let pid: pid_t
    /// Writes to the program's standard input; nil when it reads `/dev/null`.
    let input: FileHandle?
    /// Reads its standard output.
    let output: FileHandle
    /// Reads its standard error; nil when it goes to `/dev/null`.
    let errors: FileHandle?

    /// Why a program could not be started.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable` with `arguments` (without the program's name) and
    /// `environment` (this process's when nil). Every other descriptor of
    /// this process is closed in the program, so that one started beside
    /// another on another thread cannot hold the other's pipe open.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Bool,
        errors: Bool
    ) throws(Failure) -> SpawnedProcess {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Each pipe is marked close-on-exec (and every descriptor from 3 on
        // is closed in the program where the C library can): only the copies
        // made below, onto 0, 1 and 2, reach the program.
        var opened: [Int32] = []
        func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                for end in opened { close(end) }
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            opened += ends
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        let stdin = input ? try makePipe() : nil
        let stdout = try makePipe()
        let stderr = errors ? try makePipe() : nil
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        if let stderr {
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        #if canImport(Darwin)
            let flags = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            let flags: Int32 = 0
            if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        #endif

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp =
            (environment ?? ProcessInfo.processInfo.environment).sorted { $0.key < $1.key }.map {
                strdup($0.key + "=" + $0.value)
            } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        startsWithDefaultSignals(&attributes, flags: flags)

        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // The program holds its own ends now; ours of them go.
        for end in [stdin?.read, stdout.write, stderr?.write].compactMap({ $0 }) { close(end) }
        guard started == 0 else {
            for end in [stdin?.write, stdout.read, stderr?.read].compactMap({ $0 }) { close(end) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(started)))")
        }
        return SpawnedProcess(
            pid: pid, input: stdin.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) },
            output: FileHandle(fileDescriptor: stdout.read, closeOnDealloc: true),
            errors: stderr.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) })
    }

    /// Waits for the program to end: its exit status, or 128 plus the
    /// signal that ended it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Sets `attributes` so that a program starts with no signal blocked
    /// and SIGPIPE, SIGINT, SIGTERM, SIGHUP and SIGQUIT at their defaults:
    /// specsite's threads block signals and it ignores some (an ignored
    /// signal survives exec). `flags` are set beside the two this needs.
    static func startsWithDefaultSignals(_ attributes: inout SpawnAttributes, flags: Int32) {
        posix_spawnattr_setflags(
            &attributes, Int16(flags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
    }

    #if canImport(Darwin)
        /// `posix_spawnattr_t` as the C library declares it (a pointer on Darwin).
        typealias SpawnAttributes = posix_spawnattr_t?

        /// Whether programs start with no descriptor of ours but their three
        /// streams: `POSIX_SPAWN_CLOEXEC_DEFAULT` sees to it.
        static var closesOtherDescriptors: Bool { true }
    #else
        /// `posix_spawnattr_t` as the C library declares it.
        typealias SpawnAttributes = posix_spawnattr_t

        /// Whether programs start with no descriptor of ours but their three
        /// streams (see ``addCloseFrom``); the pipes made here never reach them.
        static var closesOtherDescriptors: Bool { addCloseFrom != nil }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
        /// looked up at run time because Swift's Glibc module does not declare
        /// it; nil where the C library has none.
        private static let addCloseFrom: CloseFrom? = {
            guard
                let symbol = dlsym(
                    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(symbol, to: CloseFrom.self)
        }()

        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    #endif
}
