/// The `Content-Type` of a site file, from its extension: the kinds a built
/// site holds (pages, styles, scripts, images, fonts, exports) and the files
/// pages link to. Anything else is `application/octet-stream`, which a
/// browser downloads rather than runs.
public enum ContentTypes {
    /// The content type for a file name or path.
    public static func type(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    /// Whether a content type is an HTML page (the only kind the reload script goes into).
    public static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }

    /// What a file of unknown kind is served as.
    public static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "xml": "application/xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "wasm": "application/wasm",
        "webmanifest": "application/manifest+json",
    ]
}
