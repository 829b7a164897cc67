import FlyingFox
import Foundation

/// The open pages' websockets, and what to tell them: `reload` after a build
/// that wrote a new site, `error` with the diagnostics after one that failed.
///
/// Messages are JSON text frames: `{"type":"hello","version":"…"}` first (the
/// server's run and build count, so a page that reconnects after missing a
/// build, or to a restarted server, reloads), then `{"type":"reload"}` or
/// `{"type":"error","lines":["file:line: message", …]}`. A page that connects
/// while the last build has failed gets the error at once.
public final class ReloadChannel: WSMessageHandler, @unchecked Sendable {
    // @unchecked: every stored property is only touched under `lock`.
    private let lock = NSLock()
    private var clients: [Int: AsyncStream<WSMessage>.Continuation] = [:]
    private var nextID = 0
    private var connections = 0
    private var builds = 0
    private var errorLines: [String]?
    private let run = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// Creates a channel with no pages connected.
    public init() {}

    /// Pages connected now.
    public var clientCount: Int { lock.withLock { clients.count } }

    /// Connections made since the server started (counting closed ones).
    public var connectionCount: Int { lock.withLock { connections } }

    /// Tells every page a new site is in place.
    public func buildSucceeded() {
        let message = lock.withLock {
            builds += 1
            errorLines = nil
            return Self.encode(["type": "reload"])
        }
        broadcast(.text(message))
    }

    /// Tells every page the build failed, with its diagnostics one a line.
    public func buildFailed(lines: [String]) {
        let message = lock.withLock {
            builds += 1
            errorLines = lines
            return Self.encode(["type": "error", "lines": lines])
        }
        broadcast(.text(message))
    }

    /// Closes every page's websocket (the pages then try to reconnect).
    public func closeAll() {
        let all = lock.withLock {
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in all {
            client.yield(.close(.goingAway))
            client.finish()
        }
    }

    /// FlyingFox calls this for each websocket: the messages it returns are
    /// sent to the page; the page's own messages are read only to notice it
    /// has gone.
    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: WSMessage.self, bufferingPolicy: .bufferingNewest(64))
        let id = lock.withLock {
            nextID += 1
            connections += 1
            clients[nextID] = continuation
            continuation.yield(.text(Self.encode(["type": "hello", "version": "\(run)-\(builds)"])))
            if let errorLines { continuation.yield(.text(Self.encode(["type": "error", "lines": errorLines]))) }
            return nextID
        }
        Task { [weak self] in
            for await _ in client {}
            continuation.finish()
            self?.lock.withLock { _ = self?.clients.removeValue(forKey: id) }
        }
        return stream
    }

    private func broadcast(_ message: WSMessage) {
        for client in lock.withLock({ Array(clients.values) }) { client.yield(message) }
    }

    private static func encode(_ object: [String: any Sendable]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
