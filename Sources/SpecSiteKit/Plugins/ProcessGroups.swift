import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process groups of the external plugins running now, so that they die
/// with specsite: each plugin runs in a group of its own (so a timeout can
/// kill everything it started), which also means Ctrl-C at a terminal does
/// not reach it, and nothing would stop it if specsite died.
///
/// - Interrupted (SIGINT, SIGTERM, SIGHUP), specsite kills every live group
///   itself (``killAll()``, called by ``Interruption``).
/// - Killed outright (SIGKILL, a crash), it can run no code, so a *watcher*
///   does it: a small `/bin/sh` loop, started with the first plugin, that reads
///   `+PGID` and `-PGID` lines from a pipe only specsite holds open. When
///   specsite dies, for whatever reason, the kernel closes the pipe; the
///   watcher reads end of file and kills the groups still listed.
///
/// Why not `PR_SET_PDEATHSIG`: it is Linux-only; it is sent when the *thread*
/// that started the child exits, not the process (plugins start on Dispatch
/// worker threads); it reaches only the direct child (`sh`), not the plugin's
/// own children in its group; and setting it needs code between `fork` and
/// `exec`, which Swift cannot run safely in a multithreaded process (or a
/// helper binary such as `setpriv`, which not every system has). The pipe's
/// end of file is delivered however specsite ends, and kills whole groups.
enum ProcessGroups {
    private static let registry = Registry()

    /// Runs `spawn` (which starts a process in a new group and returns its
    /// id, the group's id) and records the group; refused once ``killAll()``
    /// has run, so no plugin starts while specsite is stopping.
    static func launch(_ spawn: () throws(ExternalProcess.LaunchError) -> pid_t) throws(ExternalProcess.LaunchError)
        -> pid_t
    {
        try registry.launch(spawn)
    }

    /// Kills the group `group` (everything the plugin left running) and
    /// forgets it. Call while its leader is not yet reaped, so the id
    /// cannot have been reused.
    static func finish(_ group: pid_t) {
        _ = kill(-group, SIGKILL)
        registry.forget(group)
    }

    /// Kills every live group and refuses new ones.
    static func killAll() {
        registry.killAll()
    }

    private final class Registry: @unchecked Sendable {
        // @unchecked: every field is guarded by `lock`.
        private let lock = NSLock()
        private var groups: Set<pid_t> = []
        private var stopping = false
        private var watcherStarted = false

        func launch(_ spawn: () throws(ExternalProcess.LaunchError) -> pid_t) throws(ExternalProcess.LaunchError)
            -> pid_t
        {
            // Held across the spawn, so `killAll` cannot miss a group being started.
            lock.lock()
            defer { lock.unlock() }
            guard !stopping else { throw ExternalProcess.LaunchError(message: "specsite is stopping") }
            if !watcherStarted {
                watcherStarted = true
                Watcher.start()
            }
            let group = try spawn()
            groups.insert(group)
            Watcher.send("+\(group)\n")
            return group
        }

        func forget(_ group: pid_t) {
            lock.withLock {
                if groups.remove(group) != nil { Watcher.send("-\(group)\n") }
            }
        }

        func killAll() {
            lock.withLock {
                stopping = true
                for group in groups { _ = kill(-group, SIGKILL) }
            }
        }
    }
}

/// The watcher process and the pipe to it (see ``ProcessGroups``).
private enum Watcher {
    /// Keeps a list of live groups from `+N`/`-N` lines; at end of file (specsite
    /// has gone) kills those left. Ignores the signals a terminal or a CI
    /// runner sends to stop a job, so that it outlives specsite long enough.
    static let script = """
        trap '' INT TERM HUP QUIT
        live=' '
        while IFS= read -r line; do
          case $line in
            +*) live="$live${line#+} " ;;
            -*) g=${line#-}
                case $live in *" $g "*) live="${live%%" $g "*} ${live#*" $g "}" ;; esac ;;
          esac
        done
        for g in $live; do kill -9 -$g 2>/dev/null; done
        """

    /// The write end of the pipe (never written to when no watcher runs), and the watcher's id.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var pid: pid_t = 0

    /// Starts the watcher; called once, under the registry's lock. A watcher
    /// that cannot start leaves plugins running as before: not a reason to fail a build.
    static func start() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        // The write end must reach no plugin (it would keep the pipe open
        // after specsite died) and must never block the build.
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        guard let started = spawn(stdin: fds[0]) else {
            close(fds[0])
            close(fds[1])
            return
        }
        close(fds[0])
        writeEnd = fds[1]
        pid = started
        // On a normal exit, end the watcher (its list is empty) and reap it,
        // so it is not left for init to collect; for at most a second, so a
        // stopped watcher cannot hold specsite up.
        atexit {
            guard Watcher.writeEnd >= 0 else { return }
            close(Watcher.writeEnd)
            var status: Int32 = 0
            for _ in 0..<100 {
                let result = waitpid(Watcher.pid, &status, WNOHANG)
                if result != 0 && !(result < 0 && errno == EINTR) { return }
                usleep(10_000)
            }
        }
    }

    /// Writes one line; a full pipe or a watcher gone loses it rather than block.
    static func send(_ line: String) {
        guard writeEnd >= 0 else { return }
        let bytes = Array(line.utf8)
        _ = write(writeEnd, bytes, bytes.count)
    }

    private static func spawn(stdin: Int32) -> pid_t? {
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
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Its own group: a signal to specsite's group (Ctrl-C) does not reach it.
        var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        let arguments = ["/bin/sh", "-c", script]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }
}
