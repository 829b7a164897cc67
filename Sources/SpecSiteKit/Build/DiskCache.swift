import Crypto
import Foundation

/// The build cache on disk: what `specsite build` keeps of each page's
/// analysis so the next build of the same folders takes an unchanged page's
/// facts from it instead of analysing the page again (the analysis is most of
/// a build's work; parsing with cmark-gfm is a small part and is redone, so
/// every page still reaches the renderer whole), and what each page's HTML
/// was made from, so a page whose inputs are the same is not rendered again
/// (``DiskRenderReuse``).
///
/// One file per content folder and output folder, in a cache folder that,
/// when specsite made it, holds a `.gitignore` of `*` (so it is never
/// committed) and a `CACHEDIR.TAG` (so backup tools skip it). A page's entry
/// is keyed by the SHA-256 of its bytes; the file as a whole by the tool's
/// build, the settings and the plugins (``key``), and its second line is the
/// checksum of its body.
/// A file that is foreign (another tool build, other settings), corrupt or
/// of another format is ignored, said in a note, and replaced after the build.
struct DiskCache: Sendable {
    /// The layout of the file; bump it when ``Contents`` changes.
    static let format = 2
    /// The first line of every cache file.
    static let magic = "specsite-cache"

    /// What a cache file holds.
    struct Contents: Codable, Equatable {
        var format: Int
        var key: String
        /// Each page's analysis, by source path.
        var pages: [String: PageEntry]
        /// Each page's HTML as the last build wrote it, by source path.
        var rendered: [String: RenderEntry] = [:]
    }

    /// What one build did with the cache: what it found there and what it leaves.
    struct Use: Sendable {
        var cache: DiskCache
        /// The output folder, absolute.
        var output: String
        /// What the cache held when the build started (empty when it held nothing trusted).
        var previous: Contents
        /// This build's analysis of each page, by source path.
        var pages: [String: PageEntry] = [:]
        /// Each page's bytes digest, by source path.
        var pageDigests: [String: String] = [:]
        /// The digest of each plugin's summary input (the pages' paths and
        /// titles and the revisions of its facts), by plugin id.
        var summaryDigests: [String: String] = [:]
    }

    /// A page's HTML as a build wrote it: the digest of what it was made from
    /// (see ``DiskRenderReuse``) and of the bytes, which the next build finds
    /// in the output folder.
    struct RenderEntry: Codable, Equatable, Sendable {
        /// The digest of the HTML's inputs other than the summaries (``DiskRenderReuse/base(sourcePath:writtenPath:)``).
        var base: String
        /// The plugins that drew on it or found facts on it, sorted.
        var plugins: [String]
        /// The digest of each such plugin's summary input.
        var summaries: [String: String]
        /// The fingerprint of what the page drew of each such plugin's
        /// summary, for the plugins whose slice has one.
        var slices: [String: String]
        /// The SHA-256 of the HTML, in hex.
        var html: String
        /// What rendering it reported.
        var diagnostics: [Diagnostic]
        /// Content files its links made the site copy.
        var copied: [String]
    }

    /// What the analysis of one page found.
    struct PageEntry: Codable, Equatable, Sendable {
        /// The SHA-256 of the file's bytes, in hex.
        var digest: String
        /// Each plugin's facts, encoded by its ``FactCoding``, in plugin order
        /// (plugins that found none left out).
        var facts: [PluginFacts]
        /// What the plugins reported while analysing it, notes included
        /// (replayed, they are dropped unless the build keeps notes).
        var diagnostics: [Diagnostic]
    }

    /// One plugin's facts on one page.
    struct PluginFacts: Codable, Equatable, Sendable {
        var plugin: String
        var bytes: Data
        /// Names the facts' value: made from the page's digest when they
        /// change, kept while a re-read page gives equal facts (as a
        /// session's fact revisions are), so the summaries built on them
        /// keep their digest.
        var revision: String
    }

    /// The cache file.
    let file: String
    /// What the file must have been made under to be trusted.
    let key: String

    /// The cache of the build of `content` (a real path) into `output` (an
    /// absolute path) under `settings`, in `folder`.
    init(folder: String, content: String, output: String, settings: Settings) {
        let name = Self.digest(Array((content + "\n" + output).utf8)).prefix(24)
        file = folder + "/build-" + name + ".cache"
        key = settings.key
    }

    /// What a cached analysis depends on besides a page's bytes.
    struct Settings: Codable {
        /// The tool's version and the identity of its executable (see ``toolBuild``).
        var tool: String
        /// The settings file's text and name, and `--base-url`.
        var config: String?
        var configFile: String?
        var baseURL: String?
        /// The content folder as the user named it: messages and facts carry it.
        var displayRoot: String
        var pluginIDs: [String]

        /// The settings as one digest.
        var key: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return DiskCache.digest(Array((try? encoder.encode(self)) ?? Data()))
        }
    }

    /// What the file holds, or nil with the reason it was not trusted (nil
    /// and nil when there is no file yet).
    func read() -> (contents: Contents?, problem: String?) {
        guard let data = FileManager.default.contents(atPath: file) else { return (nil, nil) }
        let bytes = [UInt8](data)
        // "specsite-cache 2\n<64 hex digits>\n<JSON>"
        let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == "\(Self.magic) \(Self.format)" else {
            return (nil, "not a cache file of this version of specsite")
        }
        guard String(decoding: lines[1], as: UTF8.self) == Self.digest(Array(lines[2])) else {
            return (nil, "the file is damaged (its checksum does not match)")
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: Data(lines[2])),
            contents.format == Self.format
        else { return (nil, "the file cannot be read") }
        guard contents.key == key else {
            return (nil, "it was made by another build of specsite or with other settings")
        }
        return (contents, nil)
    }

    /// Writes `contents` to the cache file, whole or not at all: into a temporary
    /// file beside it, then renamed over it.
    func write(_ contents: Contents) throws {
        let folder = (file as NSString).deletingLastPathComponent
        let manager = FileManager.default
        // Marked only when made here: a folder the user named keeps its own files.
        if !manager.fileExists(atPath: folder) {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, text) in [
                (".gitignore", "# Made by specsite: its build cache, never committed.\n*\n"),
                (
                    "CACHEDIR.TAG",
                    "Signature: 8a477f597d28d172789f06886806bc55\n"
                        + "# specsite's build cache; see https://bford.info/cachedir/\n"
                ),
            ] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = try encoder.encode(contents)
        var bytes = Array("\(Self.magic) \(Self.format)\n\(Self.digest(Array(body)))\n".utf8)
        bytes.append(contentsOf: body)
        let temporary = file + ".\(getpid()).tmp"
        defer { try? manager.removeItem(atPath: temporary) }
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, file) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
    }

    /// The SHA-256 of `bytes`, in lowercase hex.
    static func digest(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The tool's version and its executable's size, times and inode: a
    /// cache made by another build of specsite (a new release, or the same
    /// version compiled again) is not trusted, since its plugins may read
    /// pages differently.
    static let toolBuild: String = {
        var info = stat()
        for path in ["/proc/self/exe", Bundle.main.executablePath].compactMap({ $0 }) where stat(path, &info) == 0 {
            let stamp = FileStamp(info)
            return
                "\(specsiteVersion) \(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.seconds).\(stamp.nanoseconds)"
        }
        // An executable that cannot be found: a cache it made is never trusted.
        return "\(specsiteVersion) \(UUID().uuidString)"
    }()
}
