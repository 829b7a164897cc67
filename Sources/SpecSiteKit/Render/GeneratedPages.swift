import Foundation

/// What a spec document is, for the home page's groups.
public enum DocumentKind: String, CaseIterable, Sendable {
    /// Product requirements.
    case prd
    /// Architecture and technical design.
    case architecture
    /// UX specs, screens and flows.
    case ux
    /// Design systems and tokens.
    case design
    /// Implementation plans, roadmaps, phases and chunks.
    case plans
    /// Anything else.
    case other

    /// The heading of the kind's group on the home page.
    public var heading: String {
        switch self {
        case .prd: "Product requirements"
        case .architecture: "Architecture"
        case .ux: "UX and screen flows"
        case .design: "Design system"
        case .plans: "Plans and progress"
        case .other: "Other documents"
        }
    }

    /// The kind of `page`: front matter `kind:` when given, else words of its
    /// file and folder names, else words of its title.
    public static func of(_ page: Page) -> DocumentKind {
        if let given = page.frontMatter["kind"]?.string?.lowercased() {
            switch given {
            case "prd", "requirements", "product": return .prd
            case "architecture", "tech", "technical": return .architecture
            case "ux", "ui", "flows": return .ux
            case "design", "design-system", "design system", "tokens": return .design
            case "plan", "plans", "roadmap": return .plans
            case "other": return .other
            default: break
            }
        }
        return classify(words(page.sourcePath)) ?? classify(words(page.title)) ?? .other
    }

    private static func words(_ text: String) -> Set<String> {
        // ASCII names (nearly all) by bytes: the same words as below, without
        // a Character at a time (the home page and the reading order ask for every page).
        if text.isASCII {
            var words = Set<String>()
            var word: [UInt8] = []
            func flush() {
                guard !word.isEmpty else { return }
                words.insert(String(decoding: word, as: UTF8.self))
                if word.count > 3, word.last == UInt8(ascii: "s") {
                    words.insert(String(decoding: word.dropLast(), as: UTF8.self))
                }
                word.removeAll(keepingCapacity: true)
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                default: flush()
                }
            }
            flush()
            return words
        }
        return Set(
            text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
                .flatMap { word in
                    // `UXSpec`-style names are lowercased already; keep the word and its singular.
                    word.hasSuffix("s") && word.count > 3 ? [word, String(word.dropLast())] : [word]
                })
    }

    /// Plans first: `ONBOARDING_FLOW_PLAN` is a plan about a flow.
    private static func classify(_ words: Set<String>) -> DocumentKind? {
        func has(_ word: String) -> Bool { words.contains(word) }
        if has("planning") || has("plan") || has("roadmap") || has("chunk") || has("phase") || has("sprint")
            || has("milestone") || has("backlog") || has("todo")
        {
            return .plans
        }
        // A code style guide (`Code Style Guide`, `Coding Style`) is about source code, not design.
        let aboutCode = has("code") || has("coding") || has("codestyle") || has("lint") || has("formatting")
        if (has("design") && (has("system") || has("token"))) || has("token")
            || (!aboutCode && (has("styleguide") || (has("style") && has("guide")))) || has("brand")
        {
            return .design
        }
        if has("prd") || has("requirement") || (has("product") && (has("spec") || has("brief"))) {
            return .prd
        }
        if has("architecture") || has("adr") || (has("technical") && (has("design") || has("spec")))
            || (has("system") && has("design")) || (has("tech") && has("spec"))
        {
            return .architecture
        }
        if has("ux") || (has("user") && has("experience")) || has("flow") || has("screen") || has("wireframe")
            || has("journey")
        {
            return .ux
        }
        return nil
    }
}

/// The home page written when the content has no `index.md` or root
/// `README.md`: the documents grouped by kind, with their summaries.
enum HomePage {
    /// Cards shown per kind before "and N more".
    static let cardsPerKind = 12

    /// `summaries`: each page's summary, by built path; `kinds`: each
    /// page's kind, by source path, when already known.
    static func make(
        for site: Site, summaries: [String: String], kinds: [String: DocumentKind] = [:]
    ) -> GeneratedPage {
        var html = "<h1>"
        HTMLEscaping.append(site.config.title, to: &html)
        html += "</h1>\n"
        if !site.config.description.isEmpty {
            html += "<p class=\"lead\">"
            HTMLEscaping.append(site.config.description, to: &html)
            html += "</p>\n"
        }
        var byKind: [DocumentKind: [Page]] = [:]
        for page in site.pages where page.outputPath != "index.html" && page.outputPath != NotFoundPage.path {
            byKind[kinds[page.sourcePath] ?? DocumentKind.of(page), default: []].append(page)
        }
        for kind in DocumentKind.allCases {
            guard var pages = byKind[kind] else { continue }
            // Top-level documents first: a roadmap before its phases' plans.
            pages = pages.enumerated().map { ($0.element, $0.element.sectionPath.count, $0.offset) }
                .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
            html +=
                "<section class=\"kind-group\" data-kind=\"\(kind.rawValue)\" aria-labelledby=\"kind-\(kind.rawValue)\">\n"
            html += "<h2 id=\"kind-\(kind.rawValue)\">\(kind.heading)</h2>\n<ul class=\"doc-cards\">\n"
            for page in pages.prefix(cardsPerKind) {
                html += "<li class=\"doc-card\"><a href=\""
                html += HTMLEscaping.escapeURL(site.url(from: "index.html", to: page.outputPath))
                html += "\">"
                HTMLEscaping.append(page.title, to: &html)
                html += "</a>"
                if let summary = summaries[page.outputPath], !summary.isEmpty {
                    html += "<p class=\"summary\">"
                    HTMLEscaping.append(summary, to: &html)
                    html += "</p>"
                }
                html += "<span class=\"doc-path\">"
                HTMLEscaping.append(page.sourcePath, to: &html)
                html += "</span></li>\n"
            }
            html += "</ul>\n"
            let rest = pages.dropFirst(cardsPerKind)
            if !rest.isEmpty {
                html += "<p class=\"kind-more\">and \(rest.count) more"
                let folder = commonFolder(rest.map(\.outputPath))
                if !folder.isEmpty {
                    html += " in <a href=\""
                    html += HTMLEscaping.escapeURL(site.url(from: "index.html", to: folder + "/index.html"))
                    html += "\">"
                    HTMLEscaping.append(
                        folder.split(separator: "/").map { Navigation.readableTitle(String($0)) }
                            .joined(separator: " / "), to: &html)
                    html += "</a>"
                }
                html += "</p>\n"
            }
            html += "</section>\n"
        }
        if site.pages.isEmpty { html += "<p>This site has no documents yet.</p>\n" }
        return GeneratedPage(outputPath: "index.html", title: "Home", contentHTML: html, order: -1, template: "home")
    }

    /// The deepest folder holding every path (`` when they share none).
    static func commonFolder(_ paths: [String]) -> String {
        guard var common = paths.first.map({ OutputPaths.folderOf($0).split(separator: "/") }) else { return "" }
        for path in paths.dropFirst() {
            let folder = OutputPaths.folderOf(path).split(separator: "/")
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.joined(separator: "/")
    }
}

/// The index page of a folder that has no `index.md` or `README.md`: its
/// documents with their summaries and its sub-folders, so every folder a
/// breadcrumb or the sidebar names leads somewhere.
enum FolderIndexPage {
    /// One page for each folder of `paths` (built paths of every page) that
    /// has no index among them.
    /// With pretty URLs a page `api.html` is written as `api/index.html`: it
    /// is the folder `api`'s index.
    static func make(
        for site: Site, paths: [String], titles: [String: String], summaries: [String: String]
    ) -> [GeneratedPage] {
        var existing = Set(paths)
        if site.config.prettyURLs {
            for path in paths where path.hasSuffix(".html") {
                existing.insert(String(path.dropLast(5)) + "/index.html")
            }
        }
        var folders: [String] = []
        var seen: Set<String> = [""]
        var pagesByFolder: [String: [String]] = [:]
        var childrenByFolder: [String: [String]] = [:]
        for path in paths {
            let folder = OutputPaths.folderOf(path)
            if !(path.hasSuffix("/index.html") || path == "index.html") {
                pagesByFolder[folder, default: []].append(path)
            }
            // Every folder on the way, parents first, each listed under its parent.
            var current = ""
            for name in folder.split(separator: "/") {
                let parent = current
                current = current.isEmpty ? String(name) : current + "/" + name
                if seen.insert(current).inserted {
                    folders.append(current)
                    childrenByFolder[parent, default: []].append(current)
                }
            }
        }
        func count(_ folder: String) -> Int {
            (pagesByFolder[folder]?.count ?? 0) + (childrenByFolder[folder] ?? []).reduce(0) { $0 + count($1) }
        }
        var pages: [GeneratedPage] = []
        for folder in folders where !existing.contains(folder + "/index.html") {
            let indexPath = folder + "/index.html"
            let name = String(folder.split(separator: "/").last ?? "")
            let title = Navigation.readableTitle(name)
            var html = "<h1>"
            HTMLEscaping.append(title, to: &html)
            html += "</h1>\n"
            let total = count(folder)
            html += "<p class=\"lead\">\(total) document\(total == 1 ? "" : "s")</p>\n<ul class=\"doc-list\">\n"
            for path in pagesByFolder[folder] ?? [] {
                html += "<li><a href=\""
                html += HTMLEscaping.escapeURL(site.url(from: indexPath, to: path))
                html += "\">"
                HTMLEscaping.append(titles[path] ?? path, to: &html)
                html += "</a>"
                if let summary = summaries[path], !summary.isEmpty {
                    html += "<p class=\"summary\">"
                    HTMLEscaping.append(summary, to: &html)
                    html += "</p>"
                }
                html += "</li>\n"
            }
            for child in childrenByFolder[folder] ?? [] {
                let childIndex = child + "/index.html"
                html += "<li class=\"doc-list-folder\"><a href=\""
                html += HTMLEscaping.escapeURL(site.url(from: indexPath, to: childIndex))
                html += "\">"
                HTMLEscaping.append(
                    titles[childIndex] ?? Navigation.readableTitle(String(child.split(separator: "/").last ?? "")),
                    to: &html)
                let childCount = count(child)
                html +=
                    "</a><p class=\"summary\">Folder · \(childCount) document\(childCount == 1 ? "" : "s")</p></li>\n"
            }
            html += "</ul>\n"
            pages.append(GeneratedPage(outputPath: indexPath, title: title, contentHTML: html))
        }
        return pages
    }
}

/// `404.html`, which static hosts (GitHub Pages, Netlify, S3) serve for a
/// missing URL. It is served at the missing URL's address, so with a base URL
/// its links are made absolute by a `<base>` element.
enum NotFoundPage {
    static let path = "404.html"
    static let template = "404"

    static func make(for site: Site) -> GeneratedPage {
        var html = "<h1>Page not found</h1>\n"
        html += "<p class=\"lead\">There is no page at this address in "
        HTMLEscaping.append(site.config.title, to: &html)
        html += ". It may have been renamed or moved.</p>\n"
        html += "<p><a href=\"index.html\">Go to the home page</a> or pick a document from the list.</p>\n"
        return GeneratedPage(outputPath: path, title: "Page not found", contentHTML: html, template: template)
    }
}

/// The "On this page" list: level 2 and 3 headings, nested.
enum TableOfContents {
    static func html(for headings: [Heading], rawHTML: Bool = false) -> String {
        let entries = headings.filter { ($0.level == 2 || $0.level == 3) && !$0.id.isEmpty }
        guard entries.count > 1 else { return "" }
        var output = "<ul>\n"
        var inSublist = false
        var openItem = false
        for heading in entries {
            if heading.level == 3 {
                if !inSublist {
                    output += openItem ? "\n<ul>\n" : "<li><ul>\n"
                    inSublist = true
                    openItem = true
                }
            } else {
                if inSublist {
                    output += "</ul>"
                    inSublist = false
                }
                if openItem { output += "</li>\n" }
                openItem = false
            }
            output += heading.level == 3 || !openItem ? "<li>" : ""
            output += "<a href=\"#"
            output += HTMLEscaping.escapeURL(heading.id)
            output += "\">"
            HTMLEscaping.append(heading.displayText(rawHTML: rawHTML), to: &output)
            output += "</a>"
            if heading.level == 3 {
                output += "</li>\n"
            } else {
                openItem = true
            }
        }
        if inSublist { output += "</ul>" }
        if openItem { output += "</li>\n" }
        return output + "</ul>\n"
    }
}
