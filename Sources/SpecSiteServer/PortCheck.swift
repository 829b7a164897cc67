import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why `specsite serve` could not start.
public enum ServeError: Error, Equatable, CustomStringConvertible {
    /// The port is taken; `suggestion` is a free one near it, if any.
    case portInUse(host: String, port: UInt16, suggestion: UInt16?)
    /// `--host` is not an IP address.
    case badHost(String)
    /// The address could not be bound for another reason.
    case cannotListen(host: String, port: UInt16, reason: String)
    /// Another `specsite serve` holds the output's lock.
    case alreadyServing(output: String, pid: Int32?, lockFile: String)
    /// The lock file could not be made.
    case cannotLock(lockFile: String, reason: String)

    /// The message, without `error: `.
    public var description: String {
        switch self {
        case .portInUse(let host, let port, let suggestion):
            let hint = suggestion.map { "; try --port \($0)" } ?? ""
            return "port \(port) on \(host) is in use (another server?)\(hint)"
        case .badHost(let host):
            return "--host \(host) is not an IP address (use 127.0.0.1, ::1 or 0.0.0.0)"
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host) port \(port): \(reason)"
        case .alreadyServing(let output, let pid, let lockFile):
            let who = pid.map { "another specsite serve (pid \($0))" } ?? "another specsite serve"
            return "\(who) is already serving \(output)/ (lock \(lockFile)); stop it, or serve into another --output"
        case .cannotLock(let lockFile, let reason):
            return "cannot create the lock file \(lockFile): \(reason)"
        }
    }
}

/// Addresses, and whether a port is free, asked of the socket API directly
/// so that a taken port gets its own message (FlyingFox reports only a
/// failed `bind`).
public enum PortCheck {
    /// The socket address for `host` (an IPv4 or IPv6 address; `localhost`
    /// is 127.0.0.1) and `port`.
    public static func address(host: String, port: UInt16) throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        if let address = try? sockaddr_in.inet(ip4: name, port: port) { return address }
        if let address = try? sockaddr_in6.inet6(ip6: name, port: port) { return address }
        throw ServeError.badHost(host)
    }

    /// Whether the address is loopback only (127.0.0.0/8, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Throws ``ServeError/portInUse(host:port:suggestion:)`` (with a free
    /// port after `port` to try) when `port` cannot be bound on `host`, or
    /// ``ServeError/cannotListen(host:port:reason:)`` for another reason.
    public static func checkFree(host: String, port: UInt16) throws {
        let code = bindError(host: host, port: port)
        if code == 0 { return }
        if code == EADDRINUSE {
            let suggestion = (1...50).lazy.compactMap { step -> UInt16? in
                let next = Int(port) + step
                guard next <= Int(UInt16.max), bindError(host: host, port: UInt16(next)) == 0 else { return nil }
                return UInt16(next)
            }.first
            throw ServeError.portInUse(host: host, port: port, suggestion: suggestion)
        }
        throw ServeError.cannotListen(host: host, port: port, reason: String(cString: strerror(code)))
    }

    /// 0 when a socket can bind and listen on the address (with
    /// SO_REUSEADDR, as FlyingFox binds), else the errno.
    static func bindError(host: String, port: UInt16) -> Int32 {
        guard let address = try? address(host: host, port: port) else { return EINVAL }
        let family = Int32(type(of: address).family)
        #if canImport(Glibc)
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockAddr { bind(descriptor, $0, $1) }
        guard bound == 0 else { return errno }
        return listen(descriptor, 1) == 0 ? 0 : errno
    }
}
