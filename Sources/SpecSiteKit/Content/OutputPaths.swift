/// Where each source file lands in the built site, and relative URLs between
/// built files: every internal URL is relative, so the site works from disk
/// (`file://`) and under any sub-path.
public enum OutputPaths {
    /// The built page for a markdown source: `docs/PRD.md` → `docs/PRD.html`,
    /// `index.md` → `index.html`, `README.md` → `index.html` when `readmeIsIndex`.
    /// Hidden folders lose their dot (`.planning/` → `planning/`) because many
    /// static hosts do not serve dot-folders.
    public static func page(for sourcePath: String, readmeIsIndex: Bool) -> String {
        var components = sourcePath.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return "index.html" }
        let directories = components.map(visibleName)
        var stem = stem(of: file)
        if isIndex(stem, readmeIsIndex: readmeIsIndex) { stem = "index" }
        return (directories + [stem + ".html"]).joined(separator: "/")
    }

    /// A markdown file's name without its extension (`.md`, `.markdown`, any case).
    public static func stem(of fileName: String) -> String {
        let lower = fileName.lowercased()
        for suffix in [".markdown", ".md"] where lower.hasSuffix(suffix) {
            return String(fileName.dropLast(suffix.count))
        }
        return fileName
    }

    /// Whether a file with this stem is its folder's index page: `index`, or
    /// `README` in a folder without an `index` (any case).
    public static func isIndex(_ stem: String, readmeIsIndex: Bool) -> Bool {
        let lower = stem.lowercased()
        return lower == "index" || (readmeIsIndex && lower == "readme")
    }

    /// The built path of a non-markdown file (an image, a PDF): the same path,
    /// with hidden folders renamed as for pages.
    public static func file(for sourcePath: String) -> String {
        var components = sourcePath.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return sourcePath }
        return (components.map(visibleName) + [file]).joined(separator: "/")
    }

    /// The built path of a folder (`.planning/phases` → `planning/phases`).
    public static func folder(for sourcePath: String) -> String {
        sourcePath.split(separator: "/").map { visibleName(String($0)) }.joined(separator: "/")
    }

    private static func visibleName(_ folder: String) -> String {
        let trimmed = folder.drop { $0 == "." }
        return trimmed.isEmpty ? folder : String(trimmed)
    }

    /// The relative URL from the built file `from` to the built file `to`
    /// (`planning/ROADMAP.html` → `PRD.html` gives `../PRD.html`).
    public static func relativeURL(from: String, to: String) -> String {
        // Every link of every page comes here. Splitting an ASCII path at its
        // `/` bytes gives the components splitting its characters gives,
        // without breaking the text into graphemes.
        guard from.isASCII, to.isASCII else {
            return relativeURLByCharacter(from: from, to: to)
        }
        let fromDirectory = from.utf8.split(separator: UInt8(ascii: "/")).dropLast()
        let target = to.utf8.split(separator: UInt8(ascii: "/"))
        var common = 0
        while common < fromDirectory.count, common < target.count - 1,
            fromDirectory[fromDirectory.startIndex + common].elementsEqual(target[common])
        {
            common += 1
        }
        var path: [UInt8] = []
        for _ in 0..<(fromDirectory.count - common) {
            if !path.isEmpty { path.append(UInt8(ascii: "/")) }
            path += "..".utf8
        }
        for component in target[common...] {
            if !path.isEmpty { path.append(UInt8(ascii: "/")) }
            path += component
        }
        return urlPath(String(decoding: path, as: UTF8.self))
    }

    /// ``relativeURL(from:to:)`` a character at a time, for any path.
    static func relativeURLByCharacter(from: String, to: String) -> String {
        let fromDirectory = from.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        let target = to.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < fromDirectory.count, common < target.count - 1,
            fromDirectory[fromDirectory.startIndex + common] == target[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: fromDirectory.count - common)
        return urlPath((ups + target[common...].map(String.init)).joined(separator: "/"))
    }

    /// A built path as the path part of a URL: characters that would end the
    /// path (`#`, `?`) or start an escape (`%`) are percent-encoded, so a file
    /// named `Q&A #2.md` still links to itself. Spaces and non-ASCII are encoded
    /// when the URL is written into HTML.
    public static func urlPath(_ path: String) -> String {
        // A first segment with a colon would read as a scheme (`javascript:x.html`).
        let firstSegment = path.prefix { $0 != "/" }
        let prefix = firstSegment.contains(":") ? "./" : ""
        // These are ASCII, so a path without their bytes has none of them.
        guard path.utf8.contains(where: { $0 == 0x23 || $0 == 0x3F || $0 == 0x25 }),
            path.contains(where: { $0 == "#" || $0 == "?" || $0 == "%" })
        else { return prefix + path }
        var encoded = prefix
        for character in path {
            switch character {
            case "%": encoded += "%25"
            case "#": encoded += "%23"
            case "?": encoded += "%3F"
            default: encoded.append(character)
            }
        }
        return encoded
    }

    /// Where a page is written with pretty URLs: `docs/PRD.html` →
    /// `docs/PRD/index.html`, so it is reached as `docs/PRD/`. Index pages and
    /// other files keep their path.
    public static func prettyPage(_ path: String) -> String {
        guard path.hasSuffix(".html") else { return path }
        let name = path.split(separator: "/").last ?? ""
        if name == "index.html" || name == "404.html" { return path }
        return String(path.dropLast(".html".count)) + "/index.html"
    }

    /// Where the page with the built path `path` is written: the same path,
    /// or with pretty URLs ``prettyPage(_:)``.
    public static func writtenPath(_ path: String, pretty: Bool) -> String {
        pretty ? prettyPage(path) : path
    }

    /// The relative URL a link from `from` to `to` (both built paths) is
    /// written with. With `pretty`, a link to an index page names its folder
    /// (`../`, `PRD/`, `./`), as web servers serve a folder's `index.html`.
    /// Both are paths as written without pretty URLs (`docs/PRD.html`), so
    /// the rest of the build need not know which style the site uses.
    public static func link(from: String, to: String, pretty: Bool) -> String {
        guard pretty else { return relativeURL(from: from, to: to) }
        let url = relativeURL(from: prettyPage(from), to: prettyPage(to))
        guard url == "index.html" || url.hasSuffix("/index.html") else { return url }
        let folder = String(url.dropLast("index.html".count))
        return folder.isEmpty ? "./" : folder
    }

    /// The relative URL from the page `from` to a file that is not a page (an
    /// image, a PDF, a copied `.html` file), which keeps its path with pretty URLs too.
    public static func fileLink(from: String, to: String, pretty: Bool) -> String {
        relativeURL(from: writtenPath(from, pretty: pretty), to: to)
    }

    /// The folder of a built path (`planning/ROADMAP.html` → `planning`, `PRD.html` → ``).
    public static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The prefix that leads from the built file `path` to the site root (`""` or `"../../"`).
    public static func rootPrefix(from path: String) -> String {
        let depth = path.split(separator: "/").count - 1
        return String(repeating: "../", count: max(depth, 0))
    }

    /// Resolves `relative` against the folder of `base` (both relative to the
    /// content root) and removes `.` and `..`. Returns nil when the result
    /// would leave the root.
    public static func resolve(_ relative: String, against base: String) -> String? {
        // Every link of every page is resolved: ASCII paths by their bytes, where
        // each byte is a character and `/`, `.` and `..` are the same components.
        if relative.isASCII, base.isASCII {
            return resolveASCII(relative, against: base)
        }
        return resolveByCharacter(relative, against: base)
    }

    /// ``resolve(_:against:)`` of ASCII paths, on their bytes.
    static func resolveASCII(_ relative: String, against base: String) -> String? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var components: [Substring.UTF8View.SubSequence] = []
        if relative.utf8.first != slash {
            components = Array(base.utf8.split(separator: slash).dropLast())
        }
        for part in relative.utf8.split(separator: slash) {
            if part.count == 1, part.first == dot { continue }
            if part.count == 2, part.first == dot, part.last == dot {
                guard !components.isEmpty else { return nil }
                components.removeLast()
                continue
            }
            components.append(part)
        }
        var bytes: [UInt8] = []
        for (index, component) in components.enumerated() {
            if index > 0 { bytes.append(slash) }
            bytes += component
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``resolve(_:against:)`` a character at a time, for any path.
    static func resolveByCharacter(_ relative: String, against base: String) -> String? {
        var components: [Substring]
        if relative.hasPrefix("/") {
            components = []
        } else {
            components = Array(base.split(separator: "/").dropLast())
        }
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(part)
            }
        }
        return components.joined(separator: "/")
    }
}
