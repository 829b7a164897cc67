import Foundation
import SpecSiteKit

@testable import SpecSiteServer

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway folder with a `content/` to serve and a `site/` to build into.
struct Workspace {
    let root: String
    var content: String { root + "/content" }
    var output: String { root + "/site" }

    init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("specsite-serve-\(UUID().uuidString)")
        root =
            SiteFiles.realPath(FileManager.default.temporaryDirectory.path).map {
                $0 + "/" + base.lastPathComponent
            } ?? base.path
        try? FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
    }

    /// Writes a file under `content/` (or anywhere, with an absolute path), whole, in place.
    func write(_ path: String, _ text: String) {
        let full = path.hasPrefix("/") ? path : content + "/" + path
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Waits, polling, until `condition` holds or `seconds` pass; says whether it held.
/// For synchronous tests: it blocks its thread.
func eventually(_ seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// `eventually` for async tests: sleeps without holding a thread, and runs
/// `condition` (which may block on a socket) off the concurrency pool.
func eventually(_ seconds: Double = 20, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await offPool(condition) { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return await offPool(condition)
}

/// Runs blocking work (a socket read, a file wait) on a thread of its own.
/// The server runs on Swift's concurrency pool, which has one thread per
/// core: a test that blocked those threads would starve the server it waits for.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// `get`, off the concurrency pool.
func fetch(_ target: String, port: UInt16, method: String = "GET") async -> RawResponse? {
    await offPool { get(target, port: port, method: method) }
}

/// A connected TCP socket to 127.0.0.1, with a receive timeout.
final class RawSocket: @unchecked Sendable {
    // @unchecked: used by one test at a time, from one thread at a time.
    let descriptor: Int32

    init?(port: UInt16, timeout: Int = 20) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Up to `count` bytes; empty at end of stream or on timeout.
    func receive(_ count: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return got > 0 ? Array(buffer[0..<got]) : []
    }

    /// Exactly `count` bytes, or nil on end of stream or timeout.
    func receive(exactly count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let chunk = receive(count - bytes.count)
            if chunk.isEmpty { return nil }
            bytes += chunk
        }
        return bytes
    }
}

/// One HTTP response, as read off a raw socket.
struct RawResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends `GET target` exactly as written (no client normalises the path) and reads the response.
func get(_ target: String, port: UInt16, method: String = "GET") -> RawResponse? {
    guard let socket = RawSocket(port: port) else { return nil }
    socket.send(Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    var bytes: [UInt8] = []
    while true {
        let chunk = socket.receive()
        if chunk.isEmpty { break }
        bytes += chunk
    }
    let separator = Array("\r\n\r\n".utf8)
    guard
        let end = (0...max(0, bytes.count - 4)).first(where: {
            Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator
        })
    else { return nil }
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
        let status = Int(statusLine.split(separator: " ")[1])
    else { return nil }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Array(bytes[(end + 4)...])
    if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = Array(body[..<length]) }
    return RawResponse(status: status, headers: headers, body: body)
}

/// One message of the reload channel.
struct ReloadMessage: Sendable {
    var type: String
    var lines: [String]
}

/// A websocket client of the reload channel, by hand: the handshake, then
/// the server's text frames (which are never masked). Its calls block: use
/// the async ones from async tests.
final class ReloadClient: @unchecked Sendable {
    // @unchecked: used by one test at a time, from one thread at a time.
    let socket: RawSocket

    /// Connects off the concurrency pool.
    static func connect(port: UInt16) async -> ReloadClient? {
        await offPool { ReloadClient(port: port) }
    }

    /// The next message, off the concurrency pool.
    func message() async -> ReloadMessage? {
        await offPool {
            self.next().map { ReloadMessage(type: $0["type"] as? String ?? "", lines: $0["lines"] as? [String] ?? []) }
        }
    }

    /// The next message of `type`, off the concurrency pool.
    func message(ofType type: String) async -> ReloadMessage? {
        await offPool {
            self.next(ofType: type).map { ReloadMessage(type: type, lines: $0["lines"] as? [String] ?? []) }
        }
    }

    init?(port: UInt16) {
        guard let socket = RawSocket(port: port) else { return nil }
        self.socket = socket
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        socket.send(
            Array(
                ("GET \(ReloadScript.socketPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            guard let byte = socket.receive(exactly: 1) else { return nil }
            head += byte
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { return nil }
    }

    /// The next message as JSON (`type`, `lines`, `version`), or nil on timeout or close.
    func next() -> [String: Any]? {
        while true {
            guard let header = socket.receive(exactly: 2) else { return nil }
            let opcode = header[0] & 0x0F
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                guard let extended = socket.receive(exactly: 2) else { return nil }
                length = Int(extended[0]) << 8 | Int(extended[1])
            } else if length == 127 {
                guard let extended = socket.receive(exactly: 8) else { return nil }
                length = extended.reduce(0) { $0 << 8 | Int($1) }
            }
            guard let payload = length == 0 ? [] : socket.receive(exactly: length) else { return nil }
            if opcode == 0x8 { return nil }
            guard opcode == 0x1 else { continue }
            return (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
        }
    }

    /// Reads messages until one of `type` comes (skipping others), or nil.
    func next(ofType type: String) -> [String: Any]? {
        while let message = next() {
            if message["type"] as? String == type { return message }
        }
        return nil
    }
}
