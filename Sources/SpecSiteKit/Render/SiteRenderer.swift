import Foundation

/// Renders every page of a loaded site into the files of the output folder.
struct SiteRenderer {
    let loaded: LoadedSite
    let templates: SiteTemplates
    let diagnostics: DiagnosticLog

    struct Rendered {
        /// Relative output path → bytes.
        var files: [String: [UInt8]]
        var generatedPages: Int
    }

    /// A page as the template sees it, markdown or generated.
    private struct PageView: Sendable {
        var outputPath: String
        var title: String
        var contentHTML: String
        var tocHTML: String
        var sourcePath: String?
    }

    func render() -> Rendered {
        let site = loaded.site
        var outputs = OutputSet(displayRoot: loaded.displayRoot, diagnostics: diagnostics)

        // Whole-site pages and files from plugins.
        var generated: [GeneratedPage] = []
        for plugin in loaded.plugins {
            do {
                for output in try plugin.generate(for: site, context: loaded.contexts[plugin.id]!) {
                    switch output {
                    case .page(let page): generated.append(page)
                    case .file(let path, let contents): outputs.add(path, contents, from: "plugin '\(plugin.id)'")
                    }
                }
            } catch {
                PageLoader.report(
                    error, plugin: plugin, displayPath: loaded.displayRoot, line: 0, diagnostics: diagnostics)
            }
        }
        generated.sort {
            ($0.order ?? .infinity, $0.title, $0.outputPath) < ($1.order ?? .infinity, $1.title, $1.outputPath)
        }
        if !site.pages.contains(where: { $0.outputPath == "index.html" })
            && !generated.contains(where: { $0.outputPath == "index.html" })
        {
            generated.insert(HomePage.make(for: site), at: 0)
        }

        // Assets: the templates' static files, then each plugin's CSS and JS.
        for (path, bytes) in templates.staticFiles.sorted(by: { $0.key < $1.key }) {
            outputs.add(path, bytes, from: "templates")
        }
        var stylesheets: [String] = []
        var scripts: [String] = []
        for plugin in loaded.plugins {
            for asset in plugin.assets {
                let path = "assets/" + asset.name
                outputs.add(path, Array(asset.contents.utf8), from: "plugin '\(plugin.id)'")
                if asset.name.hasSuffix(".css") { stylesheets.append(path) }
                if asset.name.hasSuffix(".js") { scripts.append(path) }
            }
        }

        let navigation = Navigation(
            entries: site.pages.map { ($0.title, $0.outputPath) } + generated.map { ($0.title, $0.outputPath) })
        let links = LinkResolver(pages: site.pages, files: loaded.files, diagnostics: diagnostics)

        let markdownViews = site.pages.parallelMap { page in renderBody(of: page, links: links) }
        let generatedViews = generated.map {
            PageView(
                outputPath: $0.outputPath, title: $0.title, contentHTML: $0.contentHTML, tocHTML: "", sourcePath: nil)
        }
        let shared = SharedContext(
            siteTitle: site.config.title, siteDescription: site.config.description, baseURL: site.config.baseURL,
            stylesheets: stylesheets, scripts: scripts)
        let templates = self.templates
        let documents = (markdownViews + generatedViews).parallelMap { view in
            (
                view.outputPath,
                Array(Self.document(for: view, navigation: navigation, shared: shared, templates: templates).utf8)
            )
        }
        for (path, bytes) in documents { outputs.add(path, bytes, from: "pages") }

        for file in links.referencedFiles {
            guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
                diagnostics.error(ContentDiscovery.join(loaded.displayRoot, file.relativePath), "cannot read file")
                continue
            }
            outputs.add(OutputPaths.file(for: file.relativePath), Array(data), from: file.relativePath)
        }
        if let baseURL = site.config.baseURL {
            outputs.add(
                "sitemap.xml", Array(Self.sitemap(baseURL: baseURL, paths: documents.map(\.0)).utf8), from: "sitemap")
        }
        return Rendered(files: outputs.files, generatedPages: generated.count)
    }

    private func renderBody(of page: Page, links: LinkResolver) -> PageView {
        let site = loaded.site
        let plugins = loaded.plugins
        let contexts = loaded.contexts
        let renderer = HTMLRenderer(
            allowRawHTML: site.config.allowRawHTML,
            blockOverride: { node, renderer in
                for plugin in plugins {
                    let context = RenderContext(
                        page: page, site: site, renderer: renderer, plugin: contexts[plugin.id]!)
                    do {
                        if let html = try plugin.render(node, context: context) { return html }
                    } catch let diagnostic as Diagnostic {
                        throw diagnostic
                    } catch {
                        throw Diagnostic(
                            .error, file: page.displayPath, line: node.line, "plugin '\(plugin.id)' failed: \(error)")
                    }
                }
                return nil
            },
            rewriteURL: { destination, isImage, line in
                links.resolve(destination, isImage: isImage, line: line, on: page)
            })
        var html = ""
        do {
            html = try renderer.render(page.document.root)
        } catch let diagnostic as Diagnostic {
            diagnostics.report(diagnostic)
        } catch {
            diagnostics.error(page.displayPath, "cannot render: \(error)")
        }
        return PageView(
            outputPath: page.outputPath, title: page.title, contentHTML: html,
            tocHTML: TableOfContents.html(for: page.document.headings), sourcePath: page.sourcePath)
    }

    /// What every page's template context shares.
    private struct SharedContext: Sendable {
        var siteTitle: String
        var siteDescription: String
        var baseURL: String?
        var stylesheets: [String]
        var scripts: [String]
    }

    private static func document(
        for view: PageView, navigation: Navigation, shared: SharedContext, templates: SiteTemplates
    ) -> String {
        let root = OutputPaths.rootPrefix(from: view.outputPath)
        var context: [String: Any] = [
            "site": ["title": shared.siteTitle, "description": shared.siteDescription],
            "page": ["title": view.title, "path": view.outputPath, "source": view.sourcePath ?? ""],
            "content": view.contentHTML,
            "nav": navigation.html(current: view.outputPath),
            "root": root,
            "home": root + "index.html",
            "stylesheets": shared.stylesheets.map { root + $0 },
            "scripts": shared.scripts.map { root + $0 },
        ]
        if !view.tocHTML.isEmpty { context["toc"] = view.tocHTML }
        if let baseURL = shared.baseURL { context["canonical"] = baseURL + view.outputPath }
        return templates.render("page", context)
    }

    static func sitemap(baseURL: String, paths: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths.sorted() {
            xml += "<url><loc>"
            HTMLEscaping.append(baseURL + HTMLEscaping.percentEncodePath(path), to: &xml)
            xml += "</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}

/// The files of the site being assembled; a path claimed twice is an error
/// naming both sources, and a path that would leave the output folder is refused.
private struct OutputSet {
    let displayRoot: String
    let diagnostics: DiagnosticLog
    var files: [String: [UInt8]] = [:]
    var sources: [String: String] = [:]

    init(displayRoot: String, diagnostics: DiagnosticLog) {
        self.displayRoot = displayRoot
        self.diagnostics = diagnostics
    }

    mutating func add(_ path: String, _ bytes: [UInt8], from source: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            path != SiteWriter.markerName
        else {
            diagnostics.error(displayRoot, "\(source) wants to write '\(path)', which is not a path inside the site")
            return
        }
        if let other = sources[path] {
            diagnostics.error(displayRoot, "\(source) and \(other) both write '\(path)'")
            return
        }
        sources[path] = source
        files[path] = bytes
    }
}

/// The "On this page" list: level 2 and 3 headings, nested.
enum TableOfContents {
    static func html(for headings: [Heading]) -> String {
        let entries = headings.filter { $0.level == 2 || $0.level == 3 }
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
            HTMLEscaping.append(heading.text, to: &output)
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

/// The home page written when the content has no `index.md` or root `README.md`:
/// every document with its summary, grouped by folder.
enum HomePage {
    static func make(for site: Site) -> GeneratedPage {
        var html = "<h1>"
        HTMLEscaping.append(site.config.title, to: &html)
        html += "</h1>\n"
        if !site.config.description.isEmpty {
            html += "<p class=\"lead\">"
            HTMLEscaping.append(site.config.description, to: &html)
            html += "</p>\n"
        }
        var currentSection: [String]?
        for page in site.pages {
            let section = page.sectionPath
            if section != currentSection {
                if currentSection != nil { html += "</ul>\n" }
                if !section.isEmpty {
                    html += "<h2>"
                    HTMLEscaping.append(section.map(Navigation.title(forFolder:)).joined(separator: " / "), to: &html)
                    html += "</h2>\n"
                } else if currentSection == nil {
                    html += "<h2>Documents</h2>\n"
                }
                html += "<ul class=\"document-list\">\n"
                currentSection = section
            }
            html += "<li><a href=\""
            html += HTMLEscaping.escapeURL(page.outputPath)
            html += "\">"
            HTMLEscaping.append(page.title, to: &html)
            html += "</a>"
            let summary = page.summary
            if !summary.isEmpty {
                html += "<br><span class=\"summary\">"
                HTMLEscaping.append(summary, to: &html)
                html += "</span>"
            }
            html += "</li>\n"
        }
        if currentSection != nil { html += "</ul>\n" }
        if site.pages.isEmpty { html += "<p>This site has no documents yet.</p>\n" }
        return GeneratedPage(outputPath: "index.html", title: "Home", contentHTML: html, order: -1)
    }
}
