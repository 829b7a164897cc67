import Foundation

/// The files of the site being written. A path claimed twice is an error
/// naming both sources, and a path that would leave the output folder is refused.
final class OutputSet: @unchecked Sendable {
    // @unchecked: `sources` is guarded by `lock`; the rest is immutable.
    let displayRoot: String
    let store: @Sendable (String, [UInt8], Bool) throws(Diagnostic) -> Void
    /// Writes a file in pieces (see ``SiteWriter/stream(_:_:)``); without
    /// one, the pieces are joined and handed to `store`.
    let streamStore: StreamStore?
    let diagnostics: DiagnosticLog

    /// Writes the file at a path with the pieces a producer hands over.
    typealias StreamStore =
        @Sendable (
            String, (_ write: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) -> Void
        ) throws(Diagnostic) -> Void
    private let lock = NSLock()
    private var sources: [String: String] = [:]

    init(
        displayRoot: String, store: @escaping @Sendable (String, [UInt8], Bool) throws(Diagnostic) -> Void,
        streamStore: StreamStore? = nil, diagnostics: DiagnosticLog
    ) {
        self.displayRoot = displayRoot
        self.store = store
        self.streamStore = streamStore
        self.diagnostics = diagnostics
    }

    var count: Int { lock.withLock { sources.count } }

    /// Makes room for `count` paths at once, rather than growing (and
    /// rehashing every path) a dozen times on the way to 17,000.
    func reserve(_ count: Int) { lock.withLock { sources.reserveCapacity(count) } }

    /// Reserves `path` for `source`; false (with an error reported) when the
    /// path is not a plain relative path or is taken. `clash` words the error
    /// for the source that holds the path already, when the caller knows better.
    func claim(
        _ path: String, from source: String, clash: ((_ holder: String) -> Diagnostic?)? = nil
    ) -> Bool {
        guard Self.isPlainRelative(path), path != SiteWriter.markerName else {
            diagnostics.error(
                displayRoot, rule: .plugin,
                "\(source) wants to write '\(path)', which is not a path inside the site")
            return false
        }
        let other: String? = lock.withLock {
            if let other = sources[path] { return other }
            sources[path] = source
            return nil
        }
        if let other {
            diagnostics.report(
                clash?(other)
                    ?? Diagnostic(
                        .error, file: displayRoot, rule: .duplicateOutput, "\(source) and \(other) both write '\(path)'"
                    ))
            return false
        }
        return true
    }

    /// Whether `path` is relative and has no empty, `.` or `..` component.
    /// A byte scan: every page's path is claimed on every build of a session.
    static func isPlainRelative(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                let length = end - start
                if length == 0 { return false }
                if bytes[start] == UInt8(ascii: "."),
                    length == 1 || (length == 2 && bytes[start + 1] == UInt8(ascii: "."))
                {
                    return false
                }
                start = end + 1
            }
            return true
        }
    }

    /// Claims and writes; `unchanged` as for ``write(_:_:unchanged:)``.
    func add(_ path: String, _ bytes: [UInt8], from source: String, unchanged: Bool = false) {
        if claim(path, from: source) { write(path, bytes, unchanged: unchanged) }
    }

    /// Writes a claimed path. `unchanged` says the bytes are the ones the
    /// session's previous build wrote there (see ``SiteWriter/add(_:_:unchanged:)``).
    func write(_ path: String, _ bytes: [UInt8], unchanged: Bool = false) {
        do {
            try store(path, bytes, unchanged)
        } catch {
            diagnostics.report(error)
        }
    }

    /// Claims `path` and writes it with the pieces `produce` hands over.
    func stream(
        _ path: String, from source: String,
        _ produce: (_ write: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) -> Void
    ) {
        guard claim(path, from: source) else { return }
        write(path, inPieces: produce)
    }

    /// Writes a claimed path with the pieces `produce` hands over, never
    /// held whole when the writer takes pieces.
    func write(
        _ path: String, inPieces produce: (_ write: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) -> Void
    ) {
        do {
            if let streamStore {
                try streamStore(path, produce)
            } else {
                var whole: [UInt8] = []
                try produce { (bytes: [UInt8]) throws(Diagnostic) in whole += bytes }
                try store(path, whole, false)
            }
        } catch {
            diagnostics.report(error)
        }
    }
}
