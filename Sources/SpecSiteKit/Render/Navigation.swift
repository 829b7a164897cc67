import Foundation

/// The site's navigation: the sidebar, the reading order behind the
/// previous/next links, and the breadcrumbs.
///
/// Folders become sections and pages keep their order, unless `nav` in
/// `specsite.yml` names entries first. A page's sidebar lists the top level and
/// opens only the folders on the way to the page, and a folder with more than
/// ``windowSize`` pages lists the first ones and a link to all of them, so a
/// site with thousands of documents does not write thousands of links into
/// every page.
struct Navigation: @unchecked Sendable {
    // @unchecked: the sections are built in init and only read afterwards,
    // from the render threads; the sidebar cache has its own lock.

    /// A page as navigation shows it.
    struct Entry: Sendable, Equatable {
        /// The title shown.
        var title: String
        /// The built page (`planning/ROADMAP.html`).
        var path: String
    }

    /// One line of the sidebar.
    enum Item {
        case page(Entry)
        case section(Section)
        case link(title: String, url: String)
    }

    /// A folder of the site, or a titled group from `nav`.
    final class Section {
        /// The built folder (`planning/phases`); nil for a group from `nav`.
        let folder: String?
        var title: String
        /// The folder's index page, when it has one.
        var indexPath: String?
        var items: [Item] = []

        init(folder: String?, title: String) {
            self.folder = folder
            self.title = title
        }

        /// The page a section's own link leads to: its index, else its first page.
        var landingPath: String? {
            if let indexPath { return indexPath }
            for item in items {
                switch item {
                case .page(let entry): return entry.path
                case .section(let section): if let path = section.landingPath { return path }
                case .link: continue
                }
            }
            return nil
        }

        var pageCount: Int {
            items.reduce(0) { count, item in
                if case .page = item { return count + 1 }
                return count
            }
        }
    }

    /// How many pages of one folder the sidebar lists before "All N documents".
    static let windowSize = 60

    let root = Section(folder: "", title: "")
    /// Links name folders rather than their `index.html` (pretty URLs).
    let pretty: Bool
    /// Every page once, in sidebar order: what previous and next follow.
    private(set) var readingOrder: [Entry] = []
    private var positions: [String: Int] = [:]
    private var sectionsByFolder: [String: Section] = [:]
    /// The folder each section's index page stands for, by the page's path.
    private var folderOfIndex: [String: String] = [:]
    private let folderIndexes: Set<String>

    /// Builds the navigation.
    /// - Parameters:
    ///   - entries: every page in reading order (markdown and generated).
    ///   - overrides: the `nav` setting; its pages come first, with its titles.
    ///   - outputBySource: built path by source path, to find the pages `nav` names.
    ///   - pretty: pretty URLs.
    ///   - folderIndexes: generated folder indexes; a folder left with nothing
    ///     else (its pages all moved by `nav`) leaves the sidebar.
    ///   - unknown: called with each `nav` page that matches no page, and its line.
    init(
        entries: [Entry], overrides: [NavItem] = [], outputBySource: [String: String] = [:], pretty: Bool = false,
        folderIndexes: Set<String> = [], unknown: (String, Int) -> Void = { _, _ in }
    ) {
        self.pretty = pretty
        self.folderIndexes = folderIndexes
        sectionsByFolder[""] = root
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

        // Entries that `nav` names, resolved first so the folders skip them.
        var claimed: Set<String> = []
        func resolve(_ items: [NavItem]) -> [Item] {
            items.compactMap { item -> Item? in
                switch item {
                case .page(let path, let title, let line):
                    guard let output = Self.resolve(path, outputBySource: outputBySource, byPath: byPath),
                        let entry = byPath[output]
                    else {
                        unknown(path, line)
                        return nil
                    }
                    // Listed twice: the first place wins, so one link is the page's.
                    guard claimed.insert(output).inserted else { return nil }
                    return .page(Entry(title: title ?? entry.title, path: output))
                case .link(let title, let url, _):
                    return .link(title: title, url: url)
                case .section(let title, let children, _):
                    let group = Section(folder: nil, title: title)
                    group.items = resolve(children)
                    return .section(group)
                }
            }
        }
        let overridden = resolve(overrides)

        // The folder tree of everything else: pages first, then sub-folders.
        var subsections: [ObjectIdentifier: [Section]] = [:]
        for entry in entries where !claimed.contains(entry.path) {
            let components = entry.path.split(separator: "/").map(String.init)
            var section = root
            var folder = ""
            for name in components.dropLast() {
                folder = folder.isEmpty ? name : folder + "/" + name
                if let existing = sectionsByFolder[folder] {
                    section = existing
                } else {
                    let child = Section(folder: folder, title: Navigation.readableTitle(name))
                    subsections[ObjectIdentifier(section), default: []].append(child)
                    sectionsByFolder[folder] = child
                    section = child
                }
            }
            if components.last == "index.html" && section !== root {
                section.indexPath = entry.path
                section.title = entry.title
            } else if entry.path == "index.html" {
                // The home page leads the list.
                section.items.insert(.page(entry), at: 0)
            } else {
                section.items.append(.page(entry))
            }
        }
        for section in sectionsByFolder.values {
            section.items += (subsections[ObjectIdentifier(section)] ?? []).map(Item.section)
        }
        // With pretty URLs `api.html` is written as `api/index.html`: it is the
        // folder `api`'s index, not a page beside it.
        if pretty {
            for folder in sectionsByFolder.keys.sorted() where !folder.isEmpty {
                let section = sectionsByFolder[folder]!
                let page = folder + ".html"
                guard section.indexPath == nil, let entry = byPath[page], !claimed.contains(page),
                    let parent = sectionsByFolder[OutputPaths.folderOf(folder)]
                else { continue }
                parent.items.removeAll { if case .page(let listed) = $0 { listed.path == page } else { false } }
                section.indexPath = page
                section.title = entry.title
            }
        }
        for (folder, section) in sectionsByFolder { if let index = section.indexPath { folderOfIndex[index] = folder } }
        func prune(_ section: Section) {
            section.items = section.items.filter { item in
                guard case .section(let child) = item else { return true }
                prune(child)
                return !child.items.isEmpty || child.indexPath.map { !folderIndexes.contains($0) } ?? false
            }
        }
        prune(root)
        let home = root.items.prefix { if case .page(let entry) = $0 { entry.path == "index.html" } else { false } }
        root.items = Array(home) + overridden + root.items.dropFirst(home.count)

        // Reading order: depth first, a folder's index before its pages.
        var seen: Set<String> = []
        func visit(_ section: Section) {
            if let index = section.indexPath, let entry = byPath[index], seen.insert(index).inserted {
                readingOrder.append(Entry(title: section.title, path: entry.path))
            }
            for item in section.items {
                switch item {
                case .page(let entry): if seen.insert(entry.path).inserted { readingOrder.append(entry) }
                case .section(let child): visit(child)
                case .link: continue
                }
            }
        }
        visit(root)
        for (position, entry) in readingOrder.enumerated() { positions[entry.path] = position }
    }

    /// The built page a `nav` entry names: a markdown file (`PRD.md`), a built
    /// path (`tokens.html`), or a folder (`sub/`, `sub`, `index.md`) for its index,
    /// generated or not.
    private static func resolve(
        _ path: String, outputBySource: [String: String], byPath: [String: Entry]
    ) -> String? {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        if let output = outputBySource[trimmed] ?? byPath[trimmed]?.path { return output }
        let folder = trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
        let candidates = [
            OutputPaths.page(for: trimmed, readmeIsIndex: true),
            folder.isEmpty ? "index.html" : OutputPaths.folder(for: folder) + "/index.html",
        ]
        return candidates.first { byPath[$0] != nil }
    }

    /// A readable title from a file or folder name: `01-foundation` →
    /// `Foundation`, `getting_started` → `Getting started`, while names made of
    /// numbers stay as written (`01-01-PLAN`).
    static func readableTitle(_ folder: String) -> String {
        var name = Substring(folder)
        let digits = name.prefix { $0.isNumber }
        let rest = name.dropFirst(digits.count)
        if !digits.isEmpty, let separator = rest.first, "-_ ".contains(separator),
            rest.dropFirst().first?.isLetter == true
        {
            name = rest.dropFirst()
        }
        // A separator between two letters is a space; elsewhere (`01-01`) it stays.
        var words = ""
        var previous: Character?
        for (index, character) in zip(name.indices, name) {
            let next = name.index(after: index) < name.endIndex ? name[name.index(after: index)] : nil
            if character == "-" || character == "_", previous?.isLetter == true, next?.isLetter == true {
                words.append(" ")
            } else {
                words.append(character)
            }
            previous = character
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    // MARK: - Previous and next

    /// The pages before and after `path` in reading order.
    func neighbours(of path: String) -> (previous: Entry?, next: Entry?) {
        guard let position = positions[path] else { return (nil, nil) }
        return (
            position > 0 ? readingOrder[position - 1] : nil,
            position + 1 < readingOrder.count ? readingOrder[position + 1] : nil
        )
    }

    /// The URL of `target` as written on the page `from` (both built paths
    /// as without pretty URLs), escaped for an attribute.
    func url(from: String, to target: String) -> String {
        HTMLEscaping.escapeURL(OutputPaths.link(from: from, to: target, pretty: pretty))
    }

    // MARK: - Breadcrumbs

    /// The trail from the home page through the page's folders, or "" on the home page.
    func breadcrumbs(current: String, title: String) -> String {
        guard current != "index.html" else { return "" }
        var output = "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">\n<ol>\n<li><a href=\""
        output += url(from: current, to: "index.html")
        output += "\">Home</a></li>\n"
        let folder = OutputPaths.folderOf(current)
        var path = ""
        for name in folder.split(separator: "/") {
            path = path.isEmpty ? String(name) : path + "/" + name
            let section = sectionsByFolder[path]
            let crumbTitle = section?.title ?? Navigation.readableTitle(String(name))
            if let landing = section?.landingPath, landing != current {
                output += "<li><a href=\""
                output += url(from: current, to: landing)
                output += "\">"
                HTMLEscaping.append(crumbTitle, to: &output)
                output += "</a></li>\n"
            } else if section?.indexPath != current {
                output += "<li>"
                HTMLEscaping.append(crumbTitle, to: &output)
                output += "</li>\n"
            }
        }
        output += "<li aria-current=\"page\">"
        HTMLEscaping.append(title, to: &output)
        return output + "</li>\n</ol>\n</nav>\n"
    }

    // MARK: - Sidebar

    /// Marks where a page outside a folder's window gets its own line.
    private static let currentSlot = "<!--current-->"

    /// The sidebar HTML for the page at `current` (a built path): links are
    /// relative to it, its folders are open and its own link is marked.
    func html(current: String) -> String {
        let folder = folderOfIndex[current] ?? OutputPaths.folderOf(current)
        // Pages of one folder share a sidebar but for the marked link: render
        // it once per folder and mark the page's own link in a copy. Links
        // depend on where the page is written (with pretty URLs a page sits
        // one folder below its folder's index), open sections on its folder.
        let written = OutputPaths.folderOf(OutputPaths.writtenPath(current, pretty: pretty))
        let shared = cache.value(for: written + "\n" + folder) {
            var open: Set<String> = [""]
            var path = ""
            for name in folder.split(separator: "/") {
                path = path.isEmpty ? String(name) : path + "/" + name
                open.insert(path)
            }
            var output = ""
            render(root, open: open, currentFolder: folder, from: current, into: &output)
            return output
        }
        // Every link to the page is marked: a folder's own link leads to its
        // index, which names the page too.
        let href = "<a href=\"" + url(from: current, to: current) + "\">"
        let marked = "<a aria-current=\"page\" href=\"" + url(from: current, to: current) + "\">"
        let withMark = shared.replacingBytes(href, with: marked)
        if withMark.utf8.count != shared.utf8.count {
            return withMark.replacingBytes(Self.currentSlot, with: "")
        }
        // A page beyond its folder's window is listed after the window with
        // its neighbours, and a mark for the pages skipped on either side.
        guard let position = positions[current] else {
            return shared.replacingBytes(Self.currentSlot, with: "")
        }
        func inFolder(_ index: Int) -> Bool {
            readingOrder.indices.contains(index) && OutputPaths.folderOf(readingOrder[index].path) == folder
                && readingOrder[index].path != folder + "/index.html"
        }
        func listed(_ index: Int) -> Bool {
            shared.containsBytes("<a href=\"" + url(from: current, to: readingOrder[index].path) + "\">")
        }
        var first = position
        while first > position - Self.neighbours, inFolder(first - 1), !listed(first - 1) { first -= 1 }
        var last = position
        while last < position + Self.neighbours, inFolder(last + 1) { last += 1 }
        var lines =
            inFolder(first - 1) && !listed(first - 1) ? "<li class=\"nav-gap\" aria-hidden=\"true\">…</li>\n" : ""
        for index in first...last {
            let entry = readingOrder[index]
            lines += index == position ? "<li>" + marked : "<li><a href=\"" + url(from: current, to: entry.path) + "\">"
            HTMLEscaping.append(entry.title, to: &lines)
            lines += "</a></li>\n"
        }
        if inFolder(last + 1) { lines += "<li class=\"nav-gap\" aria-hidden=\"true\">…</li>\n" }
        return shared.replacingBytes(Self.currentSlot, with: lines)
    }

    /// How many pages on each side of a page beyond the window are listed with it.
    static let neighbours = 2

    private let cache = SidebarCache()

    /// Sidebars by folder, filled from the render threads.
    private final class SidebarCache: @unchecked Sendable {
        // @unchecked: `values` is guarded by `lock`.
        private let lock = NSLock()
        private var values: [String: String] = [:]

        func value(for key: String, make: () -> String) -> String {
            if let value = lock.withLock({ values[key] }) { return value }
            let value = make()
            lock.withLock { values[key] = value }
            return value
        }
    }

    private func link(_ path: String, title: String, from: String, into output: inout String) {
        output += "<a href=\""
        output += url(from: from, to: path)
        output += "\">"
        HTMLEscaping.append(title, to: &output)
        output += "</a>"
    }

    private func render(
        _ section: Section, open: Set<String>, currentFolder: String, from: String, into output: inout String
    ) {
        output += "<ul>\n"
        let pageCount = section.pageCount
        // Only folders whose generated index lists every page are cut short.
        let windowed =
            pageCount > Self.windowSize + 1 && section.indexPath.map { folderIndexes.contains($0) } == true
        var listed = 0
        for item in section.items {
            switch item {
            case .page(let entry):
                listed += 1
                if windowed && listed > Self.windowSize { continue }
                output += "<li>"
                link(entry.path, title: entry.title, from: from, into: &output)
                output += "</li>\n"
            case .link(let title, let url):
                output += "<li><a class=\"nav-external\" href=\""
                HTMLEscaping.append(url, to: &output)
                output += "\">"
                HTMLEscaping.append(title, to: &output)
                output += "</a></li>\n"
            case .section(let child):
                guard let folder = child.folder else {
                    // A group from `nav` is always open: it is short and chosen.
                    output += "<li class=\"nav-section open\"><span class=\"nav-group\">"
                    HTMLEscaping.append(child.title, to: &output)
                    output += "</span>\n"
                    render(child, open: open, currentFolder: currentFolder, from: from, into: &output)
                    output += "</li>\n"
                    continue
                }
                let isOpen = open.contains(folder)
                output += isOpen ? "<li class=\"nav-section open\">" : "<li class=\"nav-section\">"
                if let landing = child.landingPath {
                    link(landing, title: child.title, from: from, into: &output)
                } else {
                    HTMLEscaping.append(child.title, to: &output)
                }
                if isOpen {
                    output += "\n"
                    render(child, open: open, currentFolder: currentFolder, from: from, into: &output)
                }
                output += "</li>\n"
            }
        }
        if windowed, let folder = section.folder, let index = section.indexPath {
            if folder == currentFolder { output += Self.currentSlot }
            output += "<li class=\"nav-more\"><a href=\""
            output += url(from: from, to: index)
            output += "\">All \(pageCount) documents</a></li>\n"
        }
        output += "</ul>\n"
    }
}
