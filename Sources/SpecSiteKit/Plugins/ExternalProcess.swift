import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one shell command with a request on its stdin and collects its stdout
/// and stderr, with a hard deadline. Used by ``ExternalPlugin``.
///
/// Hand-written on `posix_spawn` and `poll` rather than Foundation's `Process`
/// or swift-subprocess because:
/// - the plugin pipeline is synchronous (pages are processed on
///   `concurrentPerform` threads) and swift-subprocess is async-only;
/// - a timeout must kill the whole process group (`sh -c` and everything it
///   started, so a backgrounded grandchild cannot keep the pipes open), which
///   needs `POSIX_SPAWN_SETPGROUP` and `kill(-pgid)`;
/// - stdin must be fed while stdout and stderr are drained, all in one `poll`
///   loop with a deadline, so a plugin that never reads its input or writes
///   megabytes cannot deadlock the build;
/// - it adds no dependency.
///
/// Every call owns its pipes and buffers; nothing is shared between calls, so
/// it is safe to call from many threads at once.
enum ExternalProcess {
    /// How the run ended.
    enum Termination: Equatable {
        /// The command exited with this status.
        case exited(Int32)
        /// The command was killed by this signal.
        case signaled(Int32)
        /// The deadline passed; the process group was killed.
        case timedOut
        /// Stdout grew past ``maximumOutput``; the process group was killed.
        case outputTooLarge
    }

    /// What a run produced.
    struct Output {
        var termination: Termination
        var stdout: [UInt8]
        /// The end of stderr (at most about ``keptError`` bytes).
        var stderr: [UInt8]
    }

    /// The command could not be started at all.
    struct LaunchError: Error {
        var message: String
    }

    /// Stdout beyond this is an error: a runaway plugin must not exhaust memory.
    static let maximumOutput = 64 << 20
    /// Only the end of stderr is kept; messages show its last lines.
    static let keptError = 64 << 10

    /// Runs `/bin/sh -c command` in `workingDirectory`, writes `input` to its
    /// stdin, closes stdin, and reads stdout and stderr until both close, all
    /// before `timeout` seconds have passed. `shellChangesDirectory` makes the
    /// shell `cd` instead of `posix_spawn` (the fallback for C libraries without
    /// `posix_spawn_file_actions_addchdir_np`; tests use it to cover that path).
    static func run(
        command: String, workingDirectory: String, input: [UInt8], timeout: Double,
        shellChangesDirectory: Bool = false
    ) throws(LaunchError) -> Output {
        _ = pipeSignalIgnored
        let start = DispatchTime.now().uptimeNanoseconds
        let seconds = timeout.isNaN ? 0 : max(0, min(timeout, 1e9))
        let deadline = start &+ UInt64(seconds * 1e9)

        let stdinPipe = try makePipe()
        let stdoutPipe: (read: Int32, write: Int32)
        let stderrPipe: (read: Int32, write: Int32)
        do {
            stdoutPipe = try makePipe()
        } catch {
            closeAll([stdinPipe.read, stdinPipe.write])
            throw error
        }
        do {
            stderrPipe = try makePipe()
        } catch {
            closeAll([stdinPipe.read, stdinPipe.write, stdoutPipe.read, stdoutPipe.write])
            throw error
        }
        let childEnds = [stdinPipe.read, stdoutPipe.write, stderrPipe.write]
        let parentEnds = [stdinPipe.write, stdoutPipe.read, stderrPipe.read]

        let pid: pid_t
        do {
            pid = try ProcessGroups.launch { () throws(LaunchError) -> pid_t in
                try spawn(
                    command: command, workingDirectory: workingDirectory, stdin: stdinPipe.read,
                    stdout: stdoutPipe.write, stderr: stderrPipe.write, closing: childEnds + parentEnds,
                    shellChangesDirectory: shellChangesDirectory)
            }
        } catch {
            closeAll(childEnds + parentEnds)
            throw error
        }
        // The child has its copies; ours would keep the pipes open forever.
        closeAll(childEnds)
        for fd in parentEnds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        var pump = Pump(
            input: input, stdin: input.isEmpty ? -1 : stdinPipe.write, stdout: stdoutPipe.read,
            stderr: stderrPipe.read)
        if input.isEmpty { close(stdinPipe.write) }
        var termination = pump.run(until: deadline)
        pump.closeAll()

        // Both outputs closed: the command has normally exited or is about to.
        if termination == nil && !waitForExit(pid, until: deadline) { termination = .timedOut }
        if termination != nil {
            // Stopped: `pid` itself too, in case it left its group.
            _ = kill(pid, SIGKILL)
        }
        // The whole group goes: `sh`, the plugin and anything they started
        // (on a timeout), or whatever the plugin left running when it exited.
        // `pid` is not yet reaped, so the group's number cannot have been reused.
        ProcessGroups.finish(pid)
        let status = reap(pid)
        return Output(termination: termination ?? status, stdout: pump.stdout, stderr: pump.stderr)
    }

    /// Feeds stdin and drains stdout and stderr with `poll`.
    private struct Pump {
        let input: [UInt8]
        var written = 0
        var stdinFD: Int32
        var stdoutFD: Int32
        var stderrFD: Int32
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []

        init(input: [UInt8], stdin: Int32, stdout: Int32, stderr: Int32) {
            self.input = input
            self.stdinFD = stdin
            self.stdoutFD = stdout
            self.stderrFD = stderr
        }

        /// Runs until stdout and stderr have both closed (nil), or the deadline
        /// passes, or stdout grows too large.
        mutating func run(until deadline: UInt64) -> Termination? {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while stdoutFD >= 0 || stderrFD >= 0 {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { return .timedOut }
                let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
                var fds: [pollfd] = []
                if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
                if stdoutFD >= 0 { fds.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
                if stderrFD >= 0 { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
                let ready = poll(&fds, nfds_t(fds.count), milliseconds)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .timedOut  // poll cannot fail on valid fds; do not spin
                }
                for entry in fds where entry.revents != 0 {
                    if entry.fd == stdinFD {
                        feed()
                    } else if entry.fd == stdoutFD {
                        if !drain(stdoutFD, into: &stdout, buffer: &buffer) { closeStdout() }
                        if stdout.count > ExternalProcess.maximumOutput { return .outputTooLarge }
                    } else if entry.fd == stderrFD {
                        if !drain(stderrFD, into: &stderr, buffer: &buffer) { closeStderr() }
                        if stderr.count > 2 * ExternalProcess.keptError {
                            stderr.removeFirst(stderr.count - ExternalProcess.keptError)
                        }
                    }
                }
            }
            return nil
        }

        /// Writes what the pipe takes; closes stdin when all is written or the
        /// command has closed its end (EPIPE: it does not want the input).
        mutating func feed() {
            let count = input.count - written
            let result = input.withUnsafeBytes { bytes in
                write(stdinFD, bytes.baseAddress! + written, min(count, 64 << 10))
            }
            if result > 0 {
                written += result
                if written == input.count { closeStdin() }
            } else if result < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                closeStdin()
            }
        }

        /// Reads what is there; false at end of file or on an error.
        func drain(_ fd: Int32, into output: inout [UInt8], buffer: inout [UInt8]) -> Bool {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
                return true
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return true }
            return false
        }

        mutating func closeStdin() {
            if stdinFD >= 0 { close(stdinFD) }
            stdinFD = -1
        }

        mutating func closeStdout() {
            if stdoutFD >= 0 { close(stdoutFD) }
            stdoutFD = -1
        }

        mutating func closeStderr() {
            if stderrFD >= 0 { close(stderrFD) }
            stderrFD = -1
        }

        mutating func closeAll() {
            closeStdin()
            closeStdout()
            closeStderr()
        }
    }

    /// Waits for `pid` to exit without reaping it (so its process group's
    /// number stays taken until the group is killed), polling so the deadline
    /// still holds (a command may close its outputs and keep running). False
    /// when the deadline passed first.
    private static func waitForExit(_ pid: pid_t, until deadline: UInt64) -> Bool {
        var pause: Int32 = 1
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0 && info.si_signo == SIGCHLD { return true }
            if result < 0 && errno != EINTR { return true }  // not our child: reaping will say so
            if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
            _ = poll(nil, 0, pause)
            pause = min(pause * 2, 20)
        }
    }

    /// Waits (blocking) for `pid`, which has exited or been sent SIGKILL.
    private static func reap(_ pid: pid_t) -> Termination {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, 0)
            if result == pid { return termination(status) }
            if result < 0 && errno != EINTR { return .exited(-1) }
        }
    }

    /// Decodes a `waitpid` status (the W* macros are not imported into Swift).
    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    /// Starts `/bin/sh -c command` in its own process group with the given
    /// pipe ends as fds 0, 1 and 2 and every fd in `closing` closed.
    private static func spawn(
        command: String, workingDirectory: String, stdin: Int32, stdout: Int32, stderr: Int32,
        closing: [Int32], shellChangesDirectory: Bool
    ) throws(LaunchError) -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var script = command
        let changesDirectory = !shellChangesDirectory && addChangeDirectory(&actions, workingDirectory)
        if !changesDirectory {
            // Same effect from the shell; exit 126 (cannot execute) if it fails.
            script = "cd -- \(shellQuoted(workingDirectory)) || exit 126; \(command)"
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }

        // Own process group (pgid = pid) so a timeout can kill everything the
        // command started; no blocked signals, and default SIGPIPE, SIGINT,
        // SIGTERM, SIGHUP and SIGQUIT (the parent ignores them, to catch them
        // with ``Interruption``, and ignored signals survive exec).
        var flags = Int32(POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            // Darwin's `pipe` has no O_CLOEXEC variant; close everything not dup'd.
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        SpawnedProcess.startsWithDefaultSignals(&attributes, flags: flags)
        posix_spawnattr_setpgroup(&attributes, 0)

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let arguments = ["/bin/sh", "-c", script]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw LaunchError(message: "could not start /bin/sh in \(workingDirectory): \(describeError(result))")
        }
        return pid
    }

    /// A pipe whose ends are close-on-exec (so commands started on other
    /// threads do not inherit them) and above 2 (so the child's dup2 onto
    /// 0, 1 and 2 never overwrites another end).
    private static func makePipe() throws(LaunchError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let result: Int32
        #if canImport(Darwin)
            // No pipe2: the flag is set just after, and POSIX_SPAWN_CLOEXEC_DEFAULT
            // keeps our own concurrent spawns from inheriting the gap.
            result = pipe(&fds)
            for fd in fds where result == 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #else
            if let pipe2 = LibC.shared.pipe2 {
                result = pipe2(&fds, O_CLOEXEC)
            } else {
                result = pipe(&fds)
                for fd in fds where result == 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            }
        #endif
        guard result == 0 else {
            throw LaunchError(message: "could not create a pipe: \(describeError(errno))")
        }
        for index in fds.indices where fds[index] <= 2 {
            let moved = fcntl(fds[index], F_DUPFD_CLOEXEC, 3)
            close(fds[index])
            fds[index] = moved
        }
        guard fds[0] >= 0 && fds[1] >= 0 else {
            let code = errno
            closeAll(fds.filter { $0 >= 0 })
            throw LaunchError(message: "could not create a pipe: \(describeError(code))")
        }
        return (fds[0], fds[1])
    }

    /// Adds a chdir action if the C library has one.
    #if canImport(Darwin)
        private static func addChangeDirectory(
            _ actions: inout posix_spawn_file_actions_t?, _ directory: String
        ) -> Bool {
            posix_spawn_file_actions_addchdir_np(&actions, directory) == 0
        }
    #else
        private static func addChangeDirectory(
            _ actions: inout posix_spawn_file_actions_t, _ directory: String
        ) -> Bool {
            guard let addChangeDirectory = LibC.shared.addChangeDirectory else { return false }
            return addChangeDirectory(&actions, directory) == 0
        }
    #endif

    private static func closeAll(_ fds: [Int32]) {
        for fd in fds { close(fd) }
    }

    /// `'text'` for `/bin/sh`, with embedded quotes escaped.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func describeError(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Writing to a pipe whose reader has gone raises SIGPIPE, which would kill
/// the whole build; with it ignored the write fails with EPIPE instead, which
/// ``ExternalProcess`` handles (pipes have no `MSG_NOSIGNAL`). Set once, on
/// first use (Swift initialises globals exactly once, thread-safely).
private let pipeSignalIgnored: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()

#if !canImport(Darwin)
    /// C library functions glibc declares only under `_GNU_SOURCE`, which Swift's
    /// Glibc module does not define; looked up once by name. Nil where missing
    /// (`addchdir_np` needs glibc 2.29; without it the shell changes directory).
    private struct LibC: @unchecked Sendable {
        // @unchecked: immutable after init; holds only C function pointers.
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
        typealias AddChangeDirectory =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
            ) -> Int32

        let pipe2: Pipe2?
        let addChangeDirectory: AddChangeDirectory?

        static let shared = LibC()

        private init() {
            let handle = dlopen(nil, RTLD_NOW)
            pipe2 = dlsym(handle, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
            addChangeDirectory = dlsym(handle, "posix_spawn_file_actions_addchdir_np").map {
                unsafeBitCast($0, to: AddChangeDirectory.self)
            }
        }
    }
#endif
