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
    private let pagesBySource: [String: Page]
    private let pagesByOutput: [String: Page]
    private let generatedPaths: Set<String>
    /// The ids a reader can jump to on each page (``anchors(of:rawHTML:)``), by source path.
    let anchorsBySource: [String: Set<String>]
    private let files: [String: SourceFile]
    private let refused: [String: String]
    private let diagnostics: DiagnosticLog
    private let pretty: Bool
    /// Every folder that holds a page somewhere below it, to say why a link to a folder is broken.
    private let foldersWithPages: Set<String>
    private let lock = NSLock()
    private var copied: Set<String> = []
    /// What each page's destinations resolved to, and the warning each gave
    /// (reported again at each line): one long link reference used 200,000
    /// times is worked out once, not 200,000 times. Guarded by `lock`.
    private var resolved: [Resolution: Resolved] = [:]

    /// What a destination resolved to: the link to write, what is wrong with
    /// it, and the content file it makes the site copy.
    private struct Resolved {
        var link: String
        var warning: String?
        var file: String?
    }

    private struct Resolution: Hashable {
        var page: String
        var destination: String
        var isImage: Bool
    }

    /// `generatedPaths` are the output paths of pages plugins and the builder
    /// add (the home page), which links to a folder may lead to.
    /// `pretty` writes links the pretty-URL way (`PRD/` for `PRD.html`).
    /// `refused` holds entries discovery skipped (links out of the content
    /// folder), with the reason, so a link to one says why it is not published.
    init(
        pages: [Page], generatedPaths: Set<String>, files: [String: SourceFile], refused: [String: String] = [:],
        pretty: Bool = false, rawHTML: Bool = false, anchors known: [String: Set<String>] = [:],
        diagnostics: DiagnosticLog
    ) {
        var pagesBySource: [String: Page] = [:]
        var pagesByOutput: [String: Page] = [:]
        var anchors: [String: Set<String>] = [:]
        var folders: Set<String> = []
        for page in pages {
            var folder = page.sourcePath
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard folders.insert(folder).inserted else { break }
            }
            pagesBySource[page.sourcePath] = page
            pagesByOutput[page.outputPath] = page
            anchors[page.sourcePath] = known[page.sourcePath] ?? Self.anchors(of: page, rawHTML: rawHTML)
        }
        self.pagesBySource = pagesBySource
        self.pagesByOutput = pagesByOutput
        self.generatedPaths = generatedPaths
        self.anchorsBySource = anchors
        self.foldersWithPages = folders
        self.files = files
        self.refused = refused
        self.pretty = pretty
        self.diagnostics = diagnostics
    }

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
        guard files[target] != nil else { return false }
        lock.withLock { _ = copied.insert(target) }
        return true
    }

    /// Files of the content folder that pages link to, to be copied into the site.
    var referencedFiles: [SourceFile] {
        lock.withLock { copied }.sorted().compactMap { files[$0] }
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
        let key = Resolution(page: page.sourcePath, destination: destination, isImage: isImage)
        let known = lock.withLock { resolved[key] }
        let result = known ?? resolve(destination, isImage: isImage, on: page)
        if known == nil { lock.withLock { resolved[key] = result } }
        if let file = result.file {
            lock.withLock { _ = self.copied.insert(file) }
            copied?(file)
        }
        if let warning = result.warning { (log ?? diagnostics).warning(page.displayPath, line: line, warning) }
        return result.link
    }

    /// What `destination` on `page` leads to, and what is wrong with it, if anything.
    private func resolve(_ destination: String, isImage: Bool, on page: Page) -> Resolved {
        let (pathPart, fragment) = Self.split(destination)
        if pathPart.isEmpty || pathPart.hasPrefix("?") {
            // `#anchor` or `?query`: this page.
            if let fragment, !fragment.isEmpty, anchorsBySource[page.sourcePath]?.contains(fragment) == false {
                return Resolved(
                    link: destination, warning: "broken anchor '#\(fragment)': no such heading or id on this page")
            }
            return Resolved(link: destination)
        }
        let queryStart = pathPart.firstIndex(of: "?") ?? pathPart.endIndex
        let query = String(pathPart[queryStart...])
        let rawPath = String(pathPart[..<queryStart])
        // Most links have nothing to decode; skip Foundation's decoder for them.
        let decoded = rawPath.contains("%") ? (rawPath.removingPercentEncoding ?? rawPath) : rawPath
        guard let target = OutputPaths.resolve(decoded, against: page.sourcePath) else {
            return Resolved(
                link: destination, warning: "link '\(destination)' leaves the content folder (not followed)")
        }
        let suffix = fragment.map { "#" + $0 } ?? ""
        if let targetPage = pagesBySource[target] ?? folderIndex(target) {
            let link =
                OutputPaths.link(from: page.outputPath, to: targetPage.outputPath, pretty: pretty) + query + suffix
            if let fragment, !fragment.isEmpty, anchorsBySource[targetPage.sourcePath]?.contains(fragment) == false {
                return Resolved(
                    link: link,
                    warning:
                        "broken anchor '#\(fragment)' in link '\(destination)': \(targetPage.sourcePath) has no such heading or id"
                )
            }
            return Resolved(link: link)
        }
        if let generated = generatedIndex(target) {
            return Resolved(
                link: OutputPaths.link(from: page.outputPath, to: generated, pretty: pretty) + query + suffix)
        }
        if files[target] != nil {
            let link =
                OutputPaths.fileLink(from: page.outputPath, to: OutputPaths.file(for: target), pretty: pretty) + query
                + suffix
            return Resolved(link: link, file: target)
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
        return Resolved(link: destination, warning: "broken \(what) '\(destination)': \(reason)")
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

    /// The index page of the folder `target` names (`docs`, `docs/`, `` for the root).
    private func folderIndex(_ target: String) -> Page? {
        pagesByOutput[indexPath(of: target)]
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

    static func split(_ destination: String) -> (path: String, fragment: String?) {
        guard let hash = destination.firstIndex(of: "#") else { return (destination, nil) }
        let fragment = String(destination[destination.index(after: hash)...])
        let decoded = fragment.contains("%") ? (fragment.removingPercentEncoding ?? fragment) : fragment
        return (String(destination[..<hash]), decoded)
    }

    /// `https:`, `mailto:`, `tel:`… — but not a Windows-style `C:` path.
    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
