import FlyingFox
import Foundation

/// The HTTP side of `specsite serve`, on FlyingFox (chosen over Hummingbird
/// because it is small, pure Swift over the socket API with no SwiftNIO, so it
/// adds seconds rather than minutes to every clean CI build, and it has
/// websockets built in).
///
/// `GET` and `HEAD` only. Site files come from ``SiteFiles`` (no `..`, no
/// hidden segments, nothing a link leads out to); HTML pages get the reload
/// script; a missing file gets the site's own `404.html` with status 404.
/// Nothing is cached by the browser, so a reload always shows the newest build.
public final class SiteServer: Sendable {
    /// The site being served.
    public let files: SiteFiles
    /// The open pages.
    public let channel: ReloadChannel
    private let server: HTTPServer

    /// A server for the site in `output` on `host` (an IPv4 or IPv6 address)
    /// and `port` (0 for any free port); nothing listens until ``run()``.
    public init(output: String, host: String, port: UInt16, channel: ReloadChannel) throws {
        let files = SiteFiles(root: output)
        self.files = files
        self.channel = channel
        let address = try PortCheck.address(host: host, port: port)
        let handler = Handler(files: files, socket: .webSocket(channel))
        server = HTTPServer(config: .init(address: address, timeout: 30, logger: .disabled), handler: handler)
    }

    /// One handler for every request: the websocket at its exact raw path,
    /// everything else through ``SiteServer/respond(to:files:)``. Not
    /// FlyingFox's routes: they match the path after it has resolved `..`.
    private struct Handler: HTTPHandler {
        let files: SiteFiles
        let socket: WebSocketHTTPHandler

        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.target.path(percentEncoded: true) == ReloadScript.socketPath, request.method == .GET {
                return try await socket.handleRequest(request)
            }
            // Off Swift's concurrency pool (one thread per core), which the
            // server's sockets need: reading a file blocks, and a lookup
            // during a site swap waits a moment before looking again.
            return await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: SiteServer.respond(to: request, files: files))
                }
            }
        }
    }

    /// Listens and serves until ``stop()``; throws when the address cannot be bound.
    public func run() async throws {
        try await server.run()
    }

    /// Waits until the server is listening, and returns its port.
    public func waitUntilListening(timeout: TimeInterval = 20) async throws -> UInt16 {
        try await server.waitUntilListening(timeout: timeout)
        switch await server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: return 0
        }
    }

    /// Closes every websocket, stops listening and waits (a second at most)
    /// for requests in flight.
    public func stop() async {
        channel.closeAll()
        await server.stop(timeout: 1)
    }

    /// The response to one request: the server's own script, a site file, a
    /// redirect for a folder without its slash, or the 404 page.
    static func respond(to request: HTTPRequest, files: SiteFiles) -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return finish(
                HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"])),
                request)
        }
        let rawPath = request.target.path(percentEncoded: true)
        if rawPath == ReloadScript.path {
            return finish(page(.ok, "text/javascript; charset=utf-8", Array(ReloadScript.source.utf8)), request)
        }
        switch files.lookup(rawPath: rawPath) {
        case .file(let path, let bytes):
            let type = ContentTypes.type(for: path)
            let body = ContentTypes.isHTML(type) ? ReloadScript.inject(into: bytes) : bytes
            // Revalidated on every request, never stale: an unchanged stylesheet or
            // script is answered with 304, and the browser keeps what it parsed of it.
            let tag = EntityTag(of: body)
            if let asked = request.headers[.ifNoneMatch], tag.isMatched(by: asked) {
                return finish(
                    HTTPResponse(
                        statusCode: .notModified,
                        headers: HTTPHeaders([.eTag: tag.header, .cacheControl: "no-cache"])),
                    request)
            }
            var response = page(.ok, type, body)
            response.headers[.eTag] = tag.header
            response.headers[.cacheControl] = "no-cache"
            return finish(response, request)
        case .redirect(let location):
            return finish(
                HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: location])), request)
        case .notFound:
            return finish(notFound(files), request)
        case .noSite:
            return finish(noSite(), request)
        }
    }

    private static func notFound(_ files: SiteFiles) -> HTTPResponse {
        guard let bytes = files.contents(of: "404.html") else {
            return page(.notFound, "text/plain; charset=utf-8", Array("404 Not Found\n".utf8))
        }
        let html = ReloadScript.inject(into: ReloadScript.rootBase(for: bytes))
        return page(.notFound, "text/html; charset=utf-8", html)
    }

    /// What a page shows before any build has written a site: the reload
    /// script shows the build's error, and reloads once a build succeeds.
    private static func noSite() -> HTTPResponse {
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>No site yet</title></head>
            <body><p>No site has been built yet: this page reloads when a build succeeds.</p></body></html>
            """
        return page(.serviceUnavailable, "text/html; charset=utf-8", ReloadScript.inject(into: Array(html.utf8)))
    }

    private static func page(_ status: HTTPStatusCode, _ type: String, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [
                .contentType: type, .cacheControl: "no-store", HTTPHeader("X-Content-Type-Options"): "nosniff",
            ],
            body: Data(body))
    }

    /// A `HEAD` response keeps the length of the body it leaves out.
    private static func finish(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
        guard request.method == .HEAD, case .httpBody(let body) = response.payload else { return response }
        var head = response
        head.headers[.contentLength] = String(body.count ?? 0)
        head.payload = .httpBody(HTTPBodySequence(data: Data()))
        return head
    }
}
