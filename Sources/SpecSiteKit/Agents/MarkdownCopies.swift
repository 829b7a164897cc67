import Foundation

/// Copies of the site's documents for coding agents and other readers of
/// plain text: each page's markdown beside its HTML, `llms.txt` (the site's
/// documents as a linked list with one-line summaries, as the llms.txt
/// proposal at llmstxt.org sets it out) and `llms-full.txt` (every document,
/// one after another). On unless `specsite.yml` says `llms: false`.
public enum MarkdownCopies {
    /// The index for agents, at the site's root.
    public static let indexPath = "llms.txt"
    /// Every document in one file, at the site's root.
    public static let fullPath = "llms-full.txt"

    /// Where the copy of the page built from `sourcePath` (at the built path
    /// `outputPath`) is written. A document's copy keeps its file name in its
    /// page's folder (`PRD.md` beside `PRD.html`, `README.md` beside the
    /// `index.html` it builds, `planning/ROADMAP.md` for
    /// `.planning/ROADMAP.md`), so the links it writes to other documents
    /// lead to their copies. A data page's copy is its page's path with
    /// `.md` (`tasks.json.md`, `tasks.json.master.md`).
    public static func path(sourcePath: String, outputPath: String, isDocument: Bool) -> String {
        guard isDocument else {
            return (outputPath.hasSuffix(".html") ? String(outputPath.dropLast(5)) : outputPath) + ".md"
        }
        return OutputPaths.file(for: sourcePath)
    }

    /// A document's text as its copy holds it: as written, with its lines
    /// ended by LF (a plan saved on Windows gives the same copy), and links into
    /// hidden folders (`../.planning/ROADMAP.md`), which lead where the site
    /// puts those folders (`../planning/ROADMAP.md`), since the copies sit
    /// beside the pages. `links` are the document's links as its parse found
    /// them; a destination is replaced where the text writes it as an inline
    /// link (`](…)`, `](<…>)`) or a reference definition (`]: …`).
    public static func text(_ source: String, links: [LinkReference]) -> String {
        let source = withLineFeeds(source)
        var replacements: [(from: String, to: String)] = []
        var seen: Set<String> = []
        for link in links where seen.insert(link.destination).inserted {
            if let visible = visibleDestination(link.destination) { replacements.append((link.destination, visible)) }
        }
        guard !replacements.isEmpty else { return source }
        return replacingDestinations(in: source, replacements)
    }

    /// `text` with each destination of `replacements` replaced where it
    /// follows `](`, `](<`, `]: `, `]:<` or `]: <`: one pass over the bytes,
    /// looking only after each `]` (Foundation's `replacingOccurrences` goes
    /// through `NSString` and cost a build more than everything else together).
    static func replacingDestinations(in text: String, _ replacements: [(from: String, to: String)]) -> String {
        let bytes = Array(text.utf8)
        let pairs = replacements.map { (from: Array($0.from.utf8), to: Array($0.to.utf8)) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "]") else {
                index += 1
                continue
            }
            // The opening after `]`, and where a destination starts.
            var start = index + 1
            if start < bytes.count, bytes[start] == UInt8(ascii: "(") {
                start += 1
            } else if start < bytes.count, bytes[start] == UInt8(ascii: ":") {
                start += 1
                if start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
            } else {
                index += 1
                continue
            }
            if start < bytes.count, bytes[start] == UInt8(ascii: "<") { start += 1 }
            if let pair = pairs.first(where: { pair in
                start + pair.from.count <= bytes.count
                    && bytes[start..<start + pair.from.count].elementsEqual(pair.from)
            }) {
                out += bytes[copied..<start]
                out += pair.to
                copied = start + pair.from.count
                index = copied
            } else {
                index = start
            }
        }
        guard copied > 0 else { return text }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with every line break (CR LF, a lone CR) a LF, where
    /// ``SourceLines`` ends lines.
    static func withLineFeeds(_ text: String) -> String {
        guard text.containsBytes("\r") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for line in SourceLines(text) {
            out += line.text
            if !line.lineBreak.isEmpty { out += "\n" }
        }
        return out
    }

    /// `destination` with its hidden folders' dots dropped, as the site
    /// writes them (``OutputPaths/folder(for:)``); nil when that changes
    /// nothing or it is not a relative path (`https:`, `mailto:`, `/root`, `#anchor`).
    static func visibleDestination(_ destination: String) -> String? {
        guard hasHiddenFolder(destination), !destination.hasPrefix("/"), !hasScheme(destination) else { return nil }
        return rewritten(destination)
    }

    /// Whether a segment of the path part of `destination` but its last
    /// starts with a dot and is neither `.` nor `..`: a byte scan, since
    /// every link of every page is asked.
    static func hasHiddenFolder(_ destination: String) -> Bool {
        var utf8 = destination.utf8[...]
        // The path part: up to `#` or `?`.
        if let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
            utf8 = utf8[..<end]
        }
        let bytes = Array(utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            // A folder (a `/` follows) named `.x`, not `.` or `..`.
            if end < bytes.count, end > start, bytes[start] == UInt8(ascii: "."),
                !(end - start == 1 || (end - start == 2 && bytes[start + 1] == UInt8(ascii: ".")))
            {
                return true
            }
            start = end + 1
        }
        return false
    }

    private static func rewritten(_ destination: String) -> String? {
        let end = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
        let path = destination[..<end]
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count > 1 else { return nil }
        // Every segment but the last is a folder; a file keeps its name.
        let folders = segments.dropLast().map { segment -> String in
            segment.isEmpty ? segment : OutputPaths.folder(for: segment)
        }
        segments.replaceSubrange(0..<folders.count, with: folders)
        let visible = segments.joined(separator: "/") + destination[end...]
        return visible == destination ? nil : visible
    }

    /// Whether `destination` starts with a URL scheme (`https:`, `mailto:`).
    private static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
