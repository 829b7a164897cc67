import Foundation

/// The site's navigation: folders become sections, pages keep their order.
///
/// A page's sidebar lists the top level and opens only the folders on the way
/// to the page, so a site with thousands of documents does not write thousands
/// of links into every page.
struct Navigation: @unchecked Sendable {
    // @unchecked: the sections are built in init and only read afterwards,
    // from the render threads.
    /// One entry of a section: a page or a sub-section.
    final class Section {
        let name: String
        var title: String
        var indexPath: String?
        var pages: [(title: String, path: String)] = []
        var sections: [Section] = []

        init(name: String, title: String) {
            self.name = name
            self.title = title
        }

        /// The page a section's own link leads to: its index, else its first page.
        var landingPath: String? {
            indexPath ?? pages.first?.path ?? sections.lazy.compactMap(\.landingPath).first
        }
    }

    let root = Section(name: "", title: "")

    /// `entries` in reading order: (title, output path).
    init(entries: [(title: String, path: String)]) {
        for entry in entries {
            let components = entry.path.split(separator: "/").map(String.init)
            var section = root
            for folder in components.dropLast() {
                if let existing = section.sections.first(where: { $0.name == folder }) {
                    section = existing
                } else {
                    let child = Section(name: folder, title: Navigation.readableTitle(folder))
                    section.sections.append(child)
                    section = child
                }
            }
            if components.last == "index.html" && section !== root {
                section.indexPath = entry.path
                section.title = entry.title
            } else if components == ["index.html"] {
                // The home page leads the list.
                section.pages.insert(entry, at: 0)
            } else {
                section.pages.append(entry)
            }
        }
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

    /// The sidebar HTML for the page at `current` (an output path): links are
    /// relative to it, its folders are open and its own link is marked.
    func html(current: String) -> String {
        let folder = current.split(separator: "/").dropLast().map(String.init)
        let prefix = String(repeating: "../", count: folder.count)
        // Pages of one folder share a sidebar but for the marked link: render
        // it once per folder and mark the page's own link in a copy.
        let shared = cache.value(for: folder.joined(separator: "/")) {
            var output = ""
            render(root, openPath: folder[...], prefix: prefix, into: &output)
            return output
        }
        // Every link to the page is marked: a folder's own link leads to its
        // first page, which its list names too.
        let href = HTMLEscaping.escapeURL(prefix + OutputPaths.urlPath(current))
        return shared.replacingOccurrences(
            of: "<a href=\"" + href + "\">", with: "<a aria-current=\"page\" href=\"" + href + "\">")
    }

    private let cache = FolderCache()

    /// Sidebars by folder, filled from the render threads.
    private final class FolderCache: @unchecked Sendable {
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

    private func link(_ path: String, title: String, prefix: String, into output: inout String) {
        output += "<a href=\""
        output += HTMLEscaping.escapeURL(prefix + OutputPaths.urlPath(path))
        output += "\">"
        HTMLEscaping.append(title, to: &output)
        output += "</a>"
    }

    private func render(
        _ section: Section, openPath: ArraySlice<String>, prefix: String, into output: inout String
    ) {
        output += "<ul>\n"
        for page in section.pages {
            output += "<li>"
            link(page.path, title: page.title, prefix: prefix, into: &output)
            output += "</li>\n"
        }
        for child in section.sections {
            let isOpen = openPath.first == child.name
            output += isOpen ? "<li class=\"nav-section open\">" : "<li class=\"nav-section\">"
            if let landing = child.landingPath {
                link(landing, title: child.title, prefix: prefix, into: &output)
            } else {
                HTMLEscaping.append(child.title, to: &output)
            }
            if isOpen {
                output += "\n"
                render(child, openPath: openPath.dropFirst(), prefix: prefix, into: &output)
            }
            output += "</li>\n"
        }
        output += "</ul>\n"
    }
}
