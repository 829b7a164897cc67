import Foundation
import SpecSiteKit

/// What `specsite serve` runs: the lock, the first build, the HTTP server, the
/// watcher and the rebuild loop.
///
/// The watcher feeds a ``Debouncer``; each batch it lets through is one
/// ``BuildSession/rebuild(changed:)`` on the debouncer's thread, so builds never
/// overlap and changes made during a build are the next batch. A build that
/// succeeds swapped a whole new site into place before the pages are told to
/// reload; one that fails leaves the last good site served and sends its
/// diagnostics to the pages' overlay.
public final class DevServer: @unchecked Sendable {
    // @unchecked: the parts are made in `start` before anything runs
    // concurrently and are only read after; `stopped` is under `lock`.
    /// What to serve and how.
    public struct Options: Sendable {
        /// The build (content, output, settings, plugins).
        public var build: BuildOptions
        /// The address to listen on.
        public var host: String
        /// The port; 0 for any free port.
        public var port: UInt16
        /// Also keep the builds' notes.
        public var verbose: Bool
        /// Watch by polling even where inotify is available.
        public var polling: Bool
        /// Seconds of quiet that end a burst of changes.
        public var quiet: Double

        /// Creates options.
        public init(
            build: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 8000, verbose: Bool = false,
            polling: Bool = false, quiet: Double = 0.075
        ) {
            self.build = build
            self.host = host
            self.port = port
            self.verbose = verbose
            self.polling = polling
            self.quiet = quiet
        }
    }

    /// The options it was made with.
    public let options: Options
    /// The open pages.
    public let channel = ReloadChannel()
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var stopped = false
    private var serveLock: ServeLock?
    private var server: SiteServer?
    private var serverTask: Task<Void, Never>?
    private var watcher: (any FileWatcher)?
    private var debouncer: Debouncer?
    private var session: BuildSession?
    /// The port it listens on, once started.
    public private(set) var port: UInt16 = 0
    /// Builds run so far (the first included).
    public var buildCount: Int { lock.withLock { builds } }
    private var builds = 0
    /// The warnings the last good build printed: the next prints its own only when they differ.
    private var warningsShown: [String] = []

    /// A server that prints its lines (start-up, one per rebuild, diagnostics) through `log`.
    public init(options: Options, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Takes the output's lock, checks the port, starts listening and
    /// watching, and runs the first build. Throws ``ServeError`` when
    /// another server holds the output or the port is taken.
    public func start() async throws {
        let build = options.build
        let serveLock = try ServeLock(output: build.output)
        do {
            if options.port != 0 { try PortCheck.checkFree(host: options.host, port: options.port) }
            let server = try SiteServer(
                output: build.output, host: options.host, port: options.port, channel: channel)
            let failure = Failure()
            let task = Task {
                do { try await server.run() } catch { failure.set(error) }
            }
            let port: UInt16
            do {
                port = try await server.waitUntilListening(timeout: 20)
            } catch {
                task.cancel()
                throw failure.error.map {
                    ServeError.cannotListen(host: options.host, port: options.port, reason: "\($0)")
                }
                    ?? error
            }
            let session = BuildSession(
                options: BuildOptions(
                    content: build.content, output: build.output, configFile: build.configFile,
                    baseURL: build.baseURL, strict: build.strict, plugins: build.plugins),
                keepsNotes: options.verbose)
            let debouncer = Debouncer(quiet: options.quiet) { [weak self] batch in self?.rebuild(batch) }
            let cancelled = lock.withLock {
                self.serveLock = serveLock
                self.server = server
                self.serverTask = task
                self.session = session
                self.debouncer = debouncer
                self.port = port
                return stopped
            }
            // Stopped while starting: `stop()` found nothing to stop yet.
            if cancelled {
                debouncer.stop()
                await server.stop()
                task.cancel()
                serveLock.release()
                throw CancellationError()
            }
        } catch {
            if !(error is CancellationError) { serveLock.release() }
            throw error
        }
        // Watch before building, so an edit made during the first build is not missed.
        let (watcher, fallback) = Watchers.start(targets, polling: options.polling) { [weak self] changes in
            self?.debouncer?.add(contentsOf: changes)
        }
        let (session, cancelled) = lock.withLock {
            self.watcher = watcher
            return (self.session, stopped)
        }
        guard let session, !cancelled else {
            watcher.stop()
            throw CancellationError()
        }
        if let fallback { log("note: \(fallback)") }
        // A build blocks its thread for a while: not one of the concurrency
        // pool's few, which the server's sockets run on.
        let report = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: session.rebuild(changed: [])) }
        }
        finish(report, batch: nil)
    }

    /// What the watcher watches: the content folder, and the settings file when it lies outside it.
    var targets: WatchTargets {
        let build = options.build
        var files: [String] = []
        if let config = build.configFile,
            let real = SiteFiles.realPath(OutputPaths.folderOf(config).isEmpty ? "." : OutputPaths.folderOf(config)),
            let content = SiteFiles.realPath(build.content), real != content, !real.hasPrefix(content + "/")
        {
            files.append(config)
        }
        return WatchTargets(content: build.content, files: files, output: build.output)
    }

    /// Stops watching, closes the pages' websockets, stops listening and
    /// releases the lock. A build under way is left to finish (the server
    /// has stopped asking for more); to end at once, the caller abandons it
    /// (``BuildAbandonment``).
    public func stop() async {
        let parts = lock.withLock { () -> ((any FileWatcher)?, Debouncer?, SiteServer?, ServeLock?)? in
            guard !stopped else { return nil }
            stopped = true
            return (watcher, debouncer, server, serveLock)
        }
        // Parts not made yet are stopped by `start`, which sees `stopped`.
        guard let (watcher, debouncer, server, serveLock) = parts else { return }
        watcher?.stop()
        debouncer?.stop()
        await server?.stop()
        lock.withLock { serverTask }?.cancel()
        serveLock?.release()
    }

    /// Whether ``stop()`` has been called.
    public var isStopped: Bool { lock.withLock { stopped } }

    private func rebuild(_ batch: ChangeBatch) {
        guard !isStopped, let session = lock.withLock({ session }) else { return }
        let changed = batch.everything ? ["(everything)"] + batch.paths : batch.paths
        let report = session.rebuild(changed: changed)
        finish(report, batch: batch)
    }

    private func finish(_ report: RebuildReport, batch: ChangeBatch?) {
        guard !isStopped else { return }
        for line in RebuildLine.lines(for: report, batch: batch) { log(line) }
        if report.succeeded {
            // The same warnings after every save would bury the rebuild lines.
            let warnings = report.diagnostics.map(\.description)
            let changed = lock.withLock {
                defer { warningsShown = warnings }
                return warnings != warningsShown
            }
            if changed { for line in warnings { log(line) } }
        }
        lock.withLock { builds += 1 }
        if report.succeeded {
            channel.buildSucceeded()
        } else {
            channel.buildFailed(lines: RebuildLine.overlayLines(for: report))
        }
    }

    /// The error of the server's task, set from it.
    private final class Failure: @unchecked Sendable {
        // @unchecked: `stored` is only touched under `lock`.
        private let lock = NSLock()
        private var stored: (any Error)?
        func set(_ error: any Error) { lock.withLock { stored = error } }
        var error: (any Error)? { lock.withLock { stored } }
    }
}
