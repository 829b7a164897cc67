import Foundation

/// What one build leaves for the next build of the same folders, so a rebuild
/// redoes only what an edit touched (``BuildSession``).
///
/// Everything is keyed by what it was made from, never by what a watcher said
/// changed: a page's parse and facts by its bytes, its HTML besides by the
/// site's shape and the inputs of the summaries it drew on, a plugin's
/// generated pages by the inputs of its summary. A change of settings, options
/// or plugins empties the cache; a change of templates drops the HTML.
struct BuildCache: Sendable {
    /// What parsing and analysis depend on besides a page's own bytes.
    struct Settings: Equatable, Sendable {
        /// The settings file's text and name (nil when there is none).
        var config: String?
        var configFile: String?
        var baseURL: String?
        var pluginIDs: [String]
    }

    /// One markdown file as the last build read it.
    struct LoadedPage: Sendable {
        /// The file's bytes, compared whole: a page is reused only when they are the same.
        var bytes: [UInt8]
        /// The file's stamp when it was read, kept only when it had settled
        /// (see ``SourceStamp``): the same stamp now means the same bytes,
        /// and the file is not read again.
        var stamp: SourceStamp?
        /// Bumped each time the page is read anew; render and summary inputs name it.
        var revision: Int
        /// The page, or nil when it could not be read.
        var page: Page?
        /// Each plugin's facts, in plugin order (ids of plugins with none left out).
        var facts: [(plugin: String, facts: [any Fact])]
        /// For each plugin, the revision at which its facts last changed: a
        /// page edited where a plugin finds the same facts (prose beside a
        /// token table) keeps that plugin's summary input as it was. Facts of
        /// a type that is not `Equatable` change with every revision.
        var factRevisions: [String: Int] = [:]
        /// What reading and analysing it reported.
        var diagnostics: [Diagnostic]
        /// Its summary for listings (``Page/summary``).
        var summary: String
        /// Its kind (``DocumentKind/of(_:)``), worked out once.
        var kind: DocumentKind = .other
        /// The ids a reader can jump to on it (``LinkResolver/anchors(of:rawHTML:)``),
        /// worked out once and sorted, as ``SiteShape`` keeps them.
        var anchors: [String] = []
    }

    /// The per-page tables the stages after reading look up, made from the
    /// pages read, in the order they were found (``Builder/assemble(_:paths:reuses:cache:)``).
    struct Assembly: Sendable {
        /// Each markdown file's path, in the order found.
        let paths: [String]
        /// Each one's revision (0 when it could not be read), in the same order.
        var pageRevisions: [Int]
        /// Each one's page (nil when it could not be read), in the same order.
        var pages: [Page?]
        var factsByPage: [String: [any Fact]] = [:]
        var kinds: [String: DocumentKind] = [:]
        var anchors: [String: [String]] = [:]
        var pageSummaries: [String: String] = [:]
        var revisions: [String: Int] = [:]
        var factPlugins: [String: Set<String>] = [:]
        var factRevisions: [String: [String: Int]] = [:]

        /// Empty tables for the files at `paths`.
        init(paths: [String]) {
            self.paths = paths
            pageRevisions = Array(repeating: 0, count: paths.count)
            pages = Array(repeating: nil, count: paths.count)
        }

        /// Records `entry`, the file at `index` and `path`, in place of what was there.
        mutating func set(_ entry: LoadedPage, at index: Int, path: String) {
            pageRevisions[index] = entry.revision
            pages[index] = entry.page
            guard entry.page != nil else {
                factsByPage[path] = nil
                kinds[path] = nil
                anchors[path] = nil
                pageSummaries[path] = nil
                revisions[path] = nil
                factPlugins[path] = nil
                factRevisions[path] = nil
                return
            }
            let facts = entry.facts
            factsByPage[path] = facts.isEmpty ? nil : facts.flatMap(\.facts)
            kinds[path] = entry.kind
            anchors[path] = entry.anchors
            pageSummaries[path] = entry.summary
            revisions[path] = entry.revision
            factPlugins[path] = Set(facts.map(\.plugin))
            factRevisions[path] = entry.factRevisions
        }
    }

    /// One page's HTML as the last build rendered it.
    struct RenderedPage: Sendable {
        /// The revision of the page it was rendered from.
        var revision: Int
        var outputPath: String
        /// The generation of each plugin's summary inputs it depended on.
        var summaryGenerations: [String: Int]
        /// What it drew of each plugin's summary, for the plugins that say
        /// (``Plugin/summarySlice(for:site:context:)``).
        var slices: [String: SummarySlice] = [:]
        /// The file's bytes.
        var html: [UInt8]
        /// What rendering it reported.
        var diagnostics: [Diagnostic]
        /// Content files its links made the site copy.
        var copied: [String]
        /// What it gave the search index (when the site has one), reused with its HTML.
        var search: SearchIndex.PageEntry?
    }

    /// A generated page's HTML, reused while the page and the site's shape are the same.
    struct GeneratedHTML: Sendable {
        var page: GeneratedPage
        var html: [UInt8]
        /// What it gave the search index (when the site has one).
        var search: SearchIndex.PageEntry?
    }

    /// One plugin's summary of the site.
    struct Summary: Sendable {
        var generation: Int
        var value: (any Sendable)?
        var diagnostics: [Diagnostic]
    }

    /// One plugin's generated pages and files.
    struct Generated: Sendable {
        var generation: Int
        var outputs: [GeneratedOutput]
        var diagnostics: [Diagnostic]
    }

    /// What a plugin's summary is made from: the pages' paths and titles, and the
    /// revisions of the pages where it has facts. Equal inputs give an equal summary.
    struct SummaryInput: Equatable, Sendable {
        var pages: [PageKey]
        var facts: [FactKey]

        struct PageKey: Equatable, Sendable {
            var sourcePath: String
            var outputPath: String
            var title: String
        }

        struct FactKey: Equatable, Sendable {
            var sourcePath: String
            /// The revision at which the page's facts of this plugin last changed.
            var revision: Int
        }
    }

    /// What every page's HTML depends on besides the page itself.
    struct SiteShape: Equatable, Sendable, Codable {
        /// The templates' own files (the defaults are built in).
        var templates: [String: [UInt8]]
        var pages: [PageShape]
        var generated: [String]
        var files: [String]
        var refused: [String: String]

        struct PageShape: Equatable, Sendable, Codable {
            var sourcePath: String
            var outputPath: String
            var title: String
            var order: Double?
            var anchors: [String]
        }
    }

    /// Whether builds keep what the next one may reuse (a one-off build keeps nothing).
    var isEnabled: Bool
    /// Whether loads work out each page's anchors (``LoadedPage/anchors``)
    /// for rendering. A history's past versions are never rendered, and
    /// their loader (``SnapshotLoader``) turns it off: the sorted set of
    /// every heading id of every changed page, at every commit.
    var recordsAnchors = true
    var settings: Settings?
    var pages: [String: LoadedPage] = [:]
    /// The parts each data file was split into, by its bytes: a rebuild
    /// that finds the same bytes need not parse the file to know them.
    var dataParts: [String: (bytes: [UInt8], parts: [DataPagePart])] = [:]
    var revision = 0
    /// Each plugin's summary input and its generation, bumped when the input changes.
    var summaryInputs: [String: (input: SummaryInput, generation: Int)] = [:]
    var summaries: [String: Summary] = [:]
    var generated: [String: Generated] = [:]
    var shape: SiteShape?
    var layout: PageLayout?
    var assembly: Assembly?
    var indexPages: IndexPages?
    var renderSetup: RenderSetup?
    var rendered: [String: RenderedPage] = [:]
    var generatedHTML: [String: GeneratedHTML] = [:]
    /// The search index's files, and the page numbers they were made for.
    var search: SearchIndex.Made?
    /// The site the last build committed, so the next one can update it in place.
    var written: WrittenSite?

    /// An empty cache; `isEnabled` says whether builds fill it.
    init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// Forgets everything.
    mutating func clear() {
        let recordsAnchors = recordsAnchors
        self = BuildCache(isEnabled: isEnabled)
        self.recordsAnchors = recordsAnchors
    }

    /// Records `input` for `plugin` and returns its generation, the same as
    /// last time when the input is the same.
    mutating func generation(of plugin: String, for input: SummaryInput) -> Int {
        if let known = summaryInputs[plugin], known.input == input { return known.generation }
        let next = (summaryInputs[plugin]?.generation ?? 0) + 1
        summaryInputs[plugin] = (input, next)
        return next
    }
}

extension BuildCache {
    /// The pages' output paths and reading order. They follow from each
    /// page's source path, front-matter order and kind alone, and working
    /// them out again (splitting and comparing every path) was a tenth of a
    /// rebuild after no change: kept while those are the same.
    struct PageLayout: Sendable {
        /// What the layout follows from, one per page, in the order pages were read.
        struct Key: Equatable, Sendable {
            var sourcePath: String
            var order: Double?
            var kind: DocumentKind
        }
        var keys: [Key]
        /// Each page's output path, in the order of `keys`.
        var outputPaths: [String]
        /// Positions in `keys`, in reading order.
        var readingOrder: [Int]
    }

    /// The navigation and the tables links resolve against, and the shape
    /// they were made from: while the shape is the same, so are they.
    struct RenderSetup: Sendable {
        var shape: SiteShape
        let navigation: Navigation
        /// What making the navigation warned about (`nav` naming no page), reported again on reuse.
        let navigationWarnings: [(line: Int, message: String)]
        let links: LinkResolver
    }
}

extension BuildCache {
    /// The home page and the folder indexes the builder writes, and what they
    /// are made from: every page's paths, title, summary and kind, and the
    /// plugins' generated pages (the settings, which give the site's title,
    /// clear the whole cache when they change).
    struct IndexPages: Sendable {
        struct PageKey: Equatable, Sendable {
            var outputPath: String
            var sourcePath: String
            var title: String
            var summary: String
            var kind: DocumentKind
        }
        struct Key: Equatable, Sendable {
            var pages: [PageKey]
            /// Each plugin page's output path and title.
            var generated: [String]
            var makesHome: Bool
        }
        var key: Key
        var home: GeneratedPage?
        var folderIndexes: [GeneratedPage]
    }
}

/// How much of a build was redone rather than reused, and how long each stage took.
struct BuildWork: Sendable, Equatable {
    /// Pages parsed and analysed.
    var reparsed: Int
    /// Pages rendered.
    var rerendered: Int
    /// Each stage's wall time, in the order they ran.
    var stages: [StageTime] = []
}

/// One stage of a build and its wall time.
public struct StageTime: Sendable, Equatable {
    /// The stage's name (`load`, `summarize`, `generate`, `render`, `write`).
    public var stage: String
    /// Its wall time, in seconds.
    public var seconds: Double
}

/// Times a build's stages one after another (on the builder's thread).
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var stages: [StageTime] = []

    /// Ends the stage under way, naming it, and starts the next.
    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        stages.append(StageTime(stage: stage, seconds: Double(now - last) / 1e9))
        last = now
    }
}

extension BuildCache {
    /// Whether two lists of facts are equal: every fact of an `Equatable`
    /// type equal to the one in its place; false when a type is not `Equatable`.
    static func sameFacts(_ old: [any Fact], _ new: [any Fact]) -> Bool {
        guard old.count == new.count else { return false }
        return zip(old, new).allSatisfy { first, second in
            guard let equatable = first as? any Equatable else { return false }
            return isEqual(equatable, second)
        }
    }

    private static func isEqual<Value: Equatable>(_ value: Value, _ other: any Fact) -> Bool {
        (other as? Value) == value
    }
}

/// A source file's identity and times, as `stat` gives them: device, inode,
/// size, modification and status-change times.
///
/// The same stamp means the same bytes, as git's index and make assume, with
/// git's guard against a "racy" stamp: a file changed again within the clock
/// tick of its last write keeps its times, so a stamp is trusted only when
/// the file was last written well before it was taken (``settled(at:)``).
/// The status-change time cannot be set by a program (unlike the
/// modification time, which `touch -d` and unpackers set), so a file
/// replaced with old times still differs.
struct SourceStamp: Equatable, Sendable {
    var file: FileStamp
    var changedSeconds: Int
    var changedNanoseconds: Int

    /// How long before the stamp is taken a file must have been last written
    /// for its stamp to be trusted: more than any file system's time
    /// resolution (FAT keeps two seconds).
    static let settleSeconds = 3

    /// The stamp of the file at `path` (links followed), or nil when it is not a regular file.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stamp `stat` gave for a regular file.
    init(_ info: stat) {
        file = FileStamp(info)
        changedSeconds = Int(info.statusChangeTime.tv_sec)
        changedNanoseconds = Int(info.statusChangeTime.tv_nsec)
    }

    /// Whether the file was last written (or its status changed) at least
    /// ``settleSeconds`` before `now` (seconds since 1970).
    func settled(at now: Int) -> Bool {
        max(file.seconds, changedSeconds) + Self.settleSeconds <= now
    }

    /// The wall clock's seconds since 1970, as file times count.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec)
    }
}
