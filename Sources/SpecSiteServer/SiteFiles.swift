import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a built site as a server may hand them out: only regular
/// files inside the output folder, found from a request's raw path.
///
/// Every segment of the path is percent-decoded on its own, so `%2e%2e` and
/// `%2f` cannot smuggle a `..` or a separator past the split; a segment that
/// is empty is skipped, and one that starts with a dot (`..`, `.git`, the
/// builder's `.specsite-build` marker) or decodes to a separator, a NUL or
/// invalid UTF-8 refuses the whole request. A file is served only when its
/// real path (symbolic links resolved) lies inside the output's real path.
public struct SiteFiles: Sendable {
    /// The output folder, as given.
    public let root: String

    /// Creates a view of the site in `root`.
    public init(root: String) {
        self.root = root
    }

    /// What a request path leads to.
    public enum Lookup: Equatable, Sendable {
        /// A file's whole content, read in one go, with its site path (`docs/PRD.html`).
        case file(path: String, bytes: [UInt8])
        /// A folder asked for without its trailing slash: the address to redirect to.
        case redirect(String)
        /// Nothing the server may serve.
        case notFound
        /// The output folder itself is missing (no build has succeeded yet, or a swap is under way).
        case noSite
    }

    /// The segments of a raw (still percent-encoded) request path, decoded,
    /// or nil when the path must be refused.
    public static func segments(ofRawPath rawPath: String) -> [String]? {
        let path = rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard path.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(raw).removingPercentEncoding else { return nil }
            if decoded.hasPrefix(".") || decoded.contains("/") || decoded.contains("\\") || decoded.contains("\0") {
                return nil
            }
            segments.append(decoded)
        }
        return segments
    }

    /// Finds and reads the file a request path names: the path as is, a
    /// folder's `index.html`, or `NAME.html` for an extensionless `NAME`, as
    /// static hosts do. A file that vanishes between lookup and read (the
    /// builder swapping a new site into place) is looked up once more.
    public func lookup(rawPath: String) -> Lookup {
        guard Self.segments(ofRawPath: rawPath) != nil else { return .notFound }
        let first = lookupOnce(rawPath: rawPath)
        guard first == .noSite || first == .notFound else { return first }
        // The swap renames the old site away and the new one into place: for
        // a moment there is neither, and a file looked up just then is missing.
        usleep(50_000)
        return lookupOnce(rawPath: rawPath)
    }

    private func lookupOnce(rawPath: String) -> Lookup {
        guard let segments = Self.segments(ofRawPath: rawPath) else { return .notFound }
        guard let realRoot = Self.realPath(root) else { return .noSite }
        let endsWithSlash = rawPath.split(separator: "?", maxSplits: 1).first?.hasSuffix("/") ?? false
        let relative = segments.joined(separator: "/")
        var candidates: [String] = []
        switch Self.kind(of: realRoot, relative) {
        case .folder:
            guard endsWithSlash || segments.isEmpty else {
                return .redirect("/" + segments.map(Self.encodeSegment).joined(separator: "/") + "/")
            }
            candidates.append(relative.isEmpty ? "index.html" : relative + "/index.html")
        case .file:
            candidates.append(relative)
        case .missing:
            if !endsWithSlash, let last = segments.last, !last.contains(".") { candidates.append(relative + ".html") }
        }
        for candidate in candidates {
            if let bytes = contents(of: candidate, under: realRoot) { return .file(path: candidate, bytes: bytes) }
        }
        return Self.realPath(root) == nil ? .noSite : .notFound
    }

    /// Reads a file of the site (`404.html`), with the same checks as a request.
    public func contents(of relative: String) -> [UInt8]? {
        guard let realRoot = Self.realPath(root) else { return nil }
        return contents(of: relative, under: realRoot)
    }

    private enum Kind { case file, folder, missing }

    private static func kind(of realRoot: String, _ relative: String) -> Kind {
        var info = stat()
        let path = relative.isEmpty ? realRoot : realRoot + "/" + relative
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    /// The whole file at `relative`, or nil when it is not a regular file
    /// whose real path lies inside `realRoot`.
    private func contents(of relative: String, under realRoot: String) -> [UInt8]? {
        guard let real = Self.realPath(realRoot + "/" + relative), real.hasPrefix(realRoot + "/") else { return nil }
        // The real path was checked; opening it (not the path asked for) with
        // O_NOFOLLOW means a link swapped in since cannot lead elsewhere.
        let descriptor = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// `realpath(3)`, or nil when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A decoded segment encoded again for a `Location` header.
    static func encodeSegment(_ segment: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
