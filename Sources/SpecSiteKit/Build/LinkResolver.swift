import Foundation

/// Turns the links a page's author wrote against the markdown files into links
/// that work in the built site, and reports the ones that lead nowhere.
///
/// - `PRD.md#goals` → `PRD.html#goals`, relative to the linking page;
///   the anchor must be a heading, a footnote or a raw HTML id of the target.
/// - `images/sketch.svg` → the same path; the file is copied into the site.
/// - URLs with a scheme (`https:`, `mailto:`) and `//host` links are left alone.
/// - A link that climbs out of the content folder is reported and left as written.
final class LinkResolver: @unchecked Sendable {
    // @unchecked: the lookup tables are immutable; `copied` is guarded by `lock`.
    /// What links resolve against: the same for every build of a session
    /// while the site's shape is the same (``sharing(_:diagnostics:)``).
    let tables: Tables
    private let diagnostics: DiagnosticLog
    private let lock = NSLock()
    private var copied: Set<String> = []

    /// The site's pages, files and anchors as links see them, and what links
    /// resolved to so far.
    final class Tables: @unchecked Sendable {
        // @unchecked: the tables are immutable; `resolved` is guarded by `lock`.
        /// Each page's output path, by source path.
        fileprivate let outputBySource: [String: String]
        /// Each page's source path, by output path.
        fileprivate let sourceByOutput: [String: String]
        fileprivate let generatedPaths: Set<String>
        /// The ids a reader can jump to on each page (``anchors(of:rawHTML:)``), by source path.
        let anchorsBySource: [String: Set<String>]
        fileprivate let files: [String: SourceFile]
        fileprivate let refused: [String: String]
        fileprivate let pretty: Bool
        /// Every folder that holds a page somewhere below it, to say why a link to a folder is broken.
        fileprivate let foldersWithPages: Set<String>
        fileprivate let lock = NSLock()
        /// What each page's destinations resolved to, and the warning each gave
        /// (reported again at each line), by source path: one long link reference
        /// used 200,000 times is worked out once, not 200,000 times. It follows from
        /// the tables alone, so builds that share them share it; a one-off build
        /// lets a page's go once the page is rendered (``forget(_:)``). Guarded by `lock`.
        fileprivate var resolved: [String: [Destination: Resolved]] = [:]

        fileprivate init(
            pages: [Page], generatedPaths: Set<String>, files: [String: SourceFile], refused: [String: String],
            pretty: Bool, rawHTML: Bool, anchors known: [String: [String]]
        ) {
            var outputBySource: [String: String] = [:]
            var sourceByOutput: [String: String] = [:]
            var anchors: [String: Set<String>] = [:]
            var folders: Set<String> = []
            for page in pages {
                var folder = page.sourcePath
                while let slash = folder.lastIndex(of: "/") {
                    folder = String(folder[..<slash])
                    guard folders.insert(folder).inserted else { break }
                }
                outputBySource[page.sourcePath] = page.outputPath
                sourceByOutput[page.outputPath] = page.sourcePath
                anchors[page.sourcePath] =
                    known[page.sourcePath].map(Set.init) ?? LinkResolver.anchors(of: page, rawHTML: rawHTML)
            }
            self.outputBySource = outputBySource
            self.sourceByOutput = sourceByOutput
            self.generatedPaths = generatedPaths
            self.anchorsBySource = anchors
            self.foldersWithPages = folders
            self.files = files
            self.refused = refused
            self.pretty = pretty
        }
    }

    /// What a destination resolved to: the link to write, what is wrong with
    /// it, and the content file it makes the site copy.
    fileprivate struct Resolved {
        var link: String
        var warning: String?
        var file: String?
        /// What kind of problem `warning` is.
        var rule = DiagnosticRule.brokenLink
    }

    fileprivate struct Destination: Hashable {
        var destination: String
        var isImage: Bool
    }

    /// `generatedPaths` are the output paths of pages plugins and the builder
    /// add (the home page), which links to a folder may lead to.
    /// `pretty` writes links the pretty-URL way (`PRD/` for `PRD.html`).
    /// `refused` holds entries discovery skipped (links out of the content
    /// folder), with the reason, so a link to one says why it is not published.
    /// `anchors` holds each page's ids when they are known (sorted, as
    /// ``BuildCache/SiteShape`` keeps them); the others are worked out.
    init(
        pages: [Page], generatedPaths: Set<String>, files: [String: SourceFile], refused: [String: String] = [:],
        pretty: Bool = false, rawHTML: Bool = false, anchors known: [String: [String]] = [:],
        diagnostics: DiagnosticLog
    ) {
        tables = Tables(
            pages: pages, generatedPaths: generatedPaths, files: files, refused: refused, pretty: pretty,
            rawHTML: rawHTML, anchors: known)
        self.diagnostics = diagnostics
    }

    /// A resolver for a new build over the tables of `earlier`, which the
    /// caller knows were made from the same pages, files and anchors: it
    /// starts with no file marked for copying.
    init(sharing earlier: LinkResolver, diagnostics: DiagnosticLog) {
        tables = earlier.tables
        self.diagnostics = diagnostics
    }

    /// The ids a reader can jump to on each page, by source path.
    var anchorsBySource: [String: Set<String>] { tables.anchorsBySource }

    /// The ids a reader can jump to on a page: headings, footnotes, and the
    /// ids raw HTML gives elements (`<a id="doc-intro"></a>`) that reach the
    /// page: those of allowed elements, or all when raw HTML passes through.
    static func anchors(of page: Page, rawHTML: Bool = false) -> Set<String> {
        var ids = Set(page.document.headings.map(\.id).filter { !$0.isEmpty })
        for label in page.document.footnoteLabels {
            ids.insert("fn-" + label)
            ids.insert("fnref-" + label)
        }
        for anchor in page.document.htmlAnchors where anchor.isAllowed || rawHTML { ids.insert(anchor.id) }
        return ids
    }

    /// Marks the content file `target` (a path relative to the content folder)
    /// for copying; false when there is no such file.
    func copy(_ target: String) -> Bool {
        guard tables.files[target] != nil else { return false }
        lock.withLock { _ = copied.insert(target) }
        return true
    }

    /// Files of the content folder that pages link to, to be copied into the site.
    var referencedFiles: [SourceFile] {
        lock.withLock { copied }.sorted().compactMap { tables.files[$0] }
    }

    /// The destination to write in `page`'s HTML for `destination`. What is
    /// wrong with it goes to `log` (the resolver's own when nil), and a content
    /// file it leads to is marked for copying and added to `copied`.
    func resolve(
        _ destination: String, isImage: Bool, line: Int, on page: Page, log: DiagnosticLog? = nil,
        copied: ((String) -> Void)? = nil
    ) -> String {
        guard !destination.isEmpty, !Self.hasScheme(destination), !destination.hasPrefix("//") else {
            return destination
        }
        let key = Destination(destination: destination, isImage: isImage)
        let known = tables.lock.withLock { tables.resolved[page.sourcePath]?[key] }
        let result = known ?? tables.resolve(destination, isImage: isImage, on: page)
        if known == nil { tables.lock.withLock { tables.resolved[page.sourcePath, default: [:]][key] = result } }
        if let file = result.file {
            lock.withLock { _ = self.copied.insert(file) }
            copied?(file)
        }
        if let warning = result.warning {
            (log ?? diagnostics).warning(page.displayPath, line: line, rule: result.rule, warning)
        }
        return result.link
    }

    /// Lets go of what `page`'s links resolved to. A one-off build renders each page
    /// once, so it has no use for them after: at 10,000 pages they were 46 MB.
    func forget(_ page: Page) {
        tables.lock.withLock { _ = tables.resolved.removeValue(forKey: page.sourcePath) }
    }

    static func split(_ destination: String) -> (path: String, fragment: String?) {
        guard let hash = firstIndex(of: "#", in: destination) else { return (destination, nil) }
        let fragment = String(destination[destination.index(after: hash)...])
        // A `%` byte is a `%` character or one with a mark on it, which no escape decodes.
        let decoded =
            fragment.utf8.contains(UInt8(ascii: "%")) ? (fragment.removingPercentEncoding ?? fragment) : fragment
        return (String(destination[..<hash]), decoded)
    }

    /// Where `character` (ASCII) first stands in `text`: found in the bytes of an ASCII
    /// text, where each byte is a character (every link of every page is split), and by
    /// Characters in any other, where a mark may sit on it.
    static func firstIndex(of character: Character, in text: String) -> String.Index? {
        guard text.isASCII else { return text.firstIndex(of: character) }
        return text.utf8.firstIndex(of: character.asciiValue!)
    }

    /// `https:`, `mailto:`, `tel:`… — but not a Windows-style `C:` path.
    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

extension LinkResolver.Tables {
    /// What `destination` on `page` leads to, and what is wrong with it, if anything.
    fileprivate func resolve(_ destination: String, isImage: Bool, on page: Page) -> LinkResolver.Resolved {
        let (pathPart, fragment) = LinkResolver.split(destination)
        if pathPart.isEmpty || pathPart.hasPrefix("?") {
            // `#anchor` or `?query`: this page.
            if let fragment, !fragment.isEmpty, anchorsBySource[page.sourcePath]?.contains(fragment) == false {
                return LinkResolver.Resolved(
                    link: destination, warning: "broken anchor '#\(fragment)': no such heading or id on this page",
                    rule: .brokenAnchor)
            }
            return LinkResolver.Resolved(link: destination)
        }
        let queryStart = LinkResolver.firstIndex(of: "?", in: pathPart) ?? pathPart.endIndex
        let query = String(pathPart[queryStart...])
        let rawPath = String(pathPart[..<queryStart])
        // Most links have nothing to decode; skip Foundation's decoder for them.
        let decoded =
            rawPath.utf8.contains(UInt8(ascii: "%")) ? (rawPath.removingPercentEncoding ?? rawPath) : rawPath
        guard let target = OutputPaths.resolve(decoded, against: page.sourcePath) else {
            return LinkResolver.Resolved(
                link: destination, warning: "link '\(destination)' leaves the content folder (not followed)",
                rule: .linkOutside)
        }
        let suffix = fragment.map { "#" + $0 } ?? ""
        if let (targetSource, targetOutput) = self.page(at: target) {
            let link = OutputPaths.link(from: page.outputPath, to: targetOutput, pretty: pretty) + query + suffix
            if let fragment, !fragment.isEmpty, anchorsBySource[targetSource]?.contains(fragment) == false {
                return LinkResolver.Resolved(
                    link: link,
                    warning:
                        "broken anchor '#\(fragment)' in link '\(destination)': \(targetSource) has no such heading or id",
                    rule: .brokenAnchor)
            }
            return LinkResolver.Resolved(link: link)
        }
        if let generated = generatedIndex(target) {
            return LinkResolver.Resolved(
                link: OutputPaths.link(from: page.outputPath, to: generated, pretty: pretty) + query + suffix)
        }
        if files[target] != nil {
            let link =
                OutputPaths.fileLink(from: page.outputPath, to: OutputPaths.file(for: target), pretty: pretty) + query
                + suffix
            return LinkResolver.Resolved(link: link, file: target)
        }
        let what = isImage ? "image" : "link"
        let folder = target.hasSuffix("/") ? String(target.dropLast()) : target
        let reason =
            if let (path, why) = refusal(of: folder) {
                "\(path) is \(why) (not published)"
            } else if foldersWithPages.contains(folder) {
                "the folder \(folder) has no index.md or README.md"
            } else {
                "\(target.isEmpty ? "/" : target) does not exist"
            }
        return LinkResolver.Resolved(
            link: destination, warning: "broken \(what) '\(destination)': \(reason)",
            rule: isImage ? .missingImage : .brokenLink)
    }

    /// The skipped entry `target` is, or lies in, with the reason it was skipped.
    private func refusal(of target: String) -> (String, String)? {
        var path = Substring(target)
        while !path.isEmpty {
            if let why = refused[String(path)] { return (String(path), why) }
            path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        }
        return nil
    }

    /// The page `target` names, or the index page of the folder it names
    /// (`docs`, `docs/`, `` for the root): its source and output paths.
    private func page(at target: String) -> (source: String, output: String)? {
        if let output = outputBySource[target] { return (target, output) }
        let index = indexPath(of: target)
        return sourceByOutput[index].map { ($0, index) }
    }

    /// The generated page (the home page) that stands for the folder `target`.
    private func generatedIndex(_ target: String) -> String? {
        let path = indexPath(of: target)
        return generatedPaths.contains(path) ? path : nil
    }

    private func indexPath(of folder: String) -> String {
        let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return trimmed.isEmpty ? "index.html" : OutputPaths.folder(for: trimmed) + "/index.html"
    }
}
