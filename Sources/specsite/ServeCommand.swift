import ArgumentParser
import Dispatch
import Foundation
import SpecSiteKit
import SpecSiteServer

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on this machine, and rebuild and reload pages as you edit.",
        discussion: """
            Watches CONTENT (its templates/ and specsite.yml included) and a --config file, rebuilds after each \
            burst of changes and reloads open pages, keeping their scroll position; a build error is shown over \
            the page while the last good site is served. Exit status: 0 stopped by Ctrl-C (SIGINT), SIGTERM or \
            SIGHUP; 1 could not start (port in use, output already served, content missing).
            """
    )

    @Argument(help: "The folder of markdown documents.")
    var content: String = "content"

    @Option(name: .shortAndLong, help: "The folder to build the site into (replaced on every build).")
    var output: String = "site"

    @Option(help: "The port to listen on.")
    var port: UInt16 = 8000

    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the site in the default browser once it is served.")
    var open = false

    @Option(help: "A settings file to use instead of CONTENT/specsite.yml (watched too).")
    var config: String?

    @Flag(help: "Also print notes on what was skipped on purpose.")
    var verbose = false

    @Flag(help: "Watch by polling the files' times and sizes instead of inotify.")
    var poll = false

    @Flag(help: "Analyse every page on the first build, without reading or writing the build cache.")
    var noCache = false

    @Option(help: "The folder of the build cache (default: .specsite-cache beside the output folder).")
    var cacheDir: String?

    func validate() throws {
        if noCache && cacheDir != nil { throw ValidationError("--no-cache and --cache-dir cannot be used together") }
        if (try? PortCheck.address(host: host, port: port)) == nil {
            throw ValidationError("--host \(host) is not an IP address (use 127.0.0.1, ::1 or 0.0.0.0)")
        }
    }

    func run() throws {
        let console = Console()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content, isDirectory: &isFolder), isFolder.boolValue else {
            console.print("error: the content folder \(content) does not exist")
            throw ExitCode(1)
        }
        let server = DevServer(
            options: DevServer.Options(
                build: BuildOptions(
                    content: content, output: output, configFile: config, plugins: SpecSite.builtInPlugins,
                    cacheFolder: noCache ? nil : cacheDir ?? BuildOptions.defaultCacheFolder(output: output)),
                host: host, port: port, verbose: verbose, polling: poll),
            log: { console.print($0) })
        let stopped = DispatchSemaphore(value: 0)
        let signals = ServeSignals {
            await server.stop()
        } done: {
            stopped.signal()
        }
        let started = Outcome()
        Task {
            do { try await server.start() } catch { started.set(error) }
            started.done.signal()
        }
        started.done.wait()
        if let error = started.error, !(error is CancellationError) {
            signals.cancel()
            console.print("error: \(error)")
            throw ExitCode(1)
        }
        if started.error == nil && !server.isStopped { announce(server) }
        stopped.wait()
        console.print("Stopped.")
        // A build may still be running on its threads: end without exit's
        // clean-up racing them (its plugins were killed, its staging deleted).
        fflush(nil)
        _exit(0)
    }

    private func announce(_ server: DevServer) {
        let console = Console()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let address = "http://\(shownHost == "0.0.0.0" ? "127.0.0.1" : shownHost):\(server.port)/"
        console.print("Serving \(output)/ at \(address) (watching \(content)/; Ctrl-C stops)")
        if !PortCheck.isLoopback(host) {
            console.print("warning: listening on \(host): anyone who can reach this machine can read the site")
        }
        if open { Self.openBrowser(address) }
    }

    private static func openBrowser(_ address: String) {
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            let opener = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// The start-up's error, handed from its task to the main thread.
    private final class Outcome: @unchecked Sendable {
        // @unchecked: `stored` is written before `done` is signalled and read after.
        let done = DispatchSemaphore(value: 0)
        private(set) var error: (any Error)?
        func set(_ error: any Error) { self.error = error }
    }
}

/// Ctrl-C, SIGTERM and SIGHUP for `serve`, which ends only this way: stop the
/// server and the watcher, kill plugins and delete the staging folder of a
/// build under way, then let the command exit 0. A second signal while that
/// runs exits at once with 128 + its number.
final class ServeSignals: @unchecked Sendable {
    // @unchecked: `stopping` is only touched on `queue`.
    private let queue = DispatchQueue(label: "specsite.serve.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var stopping = false

    init(stop: @escaping @Sendable () async -> Void, done: @escaping @Sendable () -> Void) {
        // A process started by another (a test runner, an IDE) may inherit a
        // mask that blocks these, and a blocked signal never reaches a source.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                if stopping { _exit(128 + number) }
                stopping = true
                FileHandle.standardError.write(Data("\nStopping…\n".utf8))
                Task {
                    await stop()
                    BuildAbandonment.abandonRunningBuilds()
                    done()
                }
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
