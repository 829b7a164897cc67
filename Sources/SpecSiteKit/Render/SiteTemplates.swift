import Foundation
import Mustache

/// The Mustache templates and static files (CSS, JS, fonts) a site is drawn
/// with: the defaults built into specsite, with any file of the site's own
/// `templates/` folder taking the place of the default of the same name.
public struct SiteTemplates: Sendable {
    /// Templates by name (file name without `.mustache`, `partials/nav` for subfolders).
    public let library: MustacheLibrary
    /// Every other file, by path relative to `templates/`, copied into the site as is.
    public let staticFiles: [String: [UInt8]]
    /// The site's own template files as read (the defaults are built in): a
    /// rebuild reuses no page drawn with other templates.
    var siteSources: [String: [UInt8]] = [:]

    /// Files of a site's `templates/` folder published although no template
    /// names them: browsers and static hosts ask for them by name.
    static let wellKnownFiles: Set<String> = [
        "favicon.ico", "robots.txt", "CNAME", ".nojekyll", "_headers", "_redirects",
    ]

    /// The built-in templates with the files of `overrides` (a site's
    /// `templates/` folder) in place of the defaults they name. Symbolic links
    /// may not lead outside `overrides`.
    public static func load(overrides: String?, displayRoot: String) throws(Diagnostic) -> SiteTemplates {
        try load(
            overrides: overrides, displayRoot: displayRoot, boundary: overrides.map { ContentBoundary(folder: $0) },
            diagnostics: nil)
    }

    /// As ``load(overrides:displayRoot:)``, reading `overrides` within
    /// `boundary` (the content folder's), with warnings (links skipped, files
    /// no template uses) reported to `diagnostics`.
    static func load(
        overrides: String?, displayRoot: String, boundary: ContentBoundary?, diagnostics: DiagnosticLog?
    ) throws(Diagnostic) -> SiteTemplates {
        var texts: [String: (text: String, display: String)] = [:]
        var statics: [String: [UInt8]] = [:]
        for (path, text) in EmbeddedFiles.templates {
            if path.hasSuffix(".mustache") {
                texts[path] = (text, "templates/" + path)
            } else {
                statics[path] = Array(text.utf8)
            }
        }
        var siteFiles: [String: [UInt8]] = [:]
        var sources: [String: [UInt8]] = [:]
        if let overrides, let boundary, FileManager.default.fileExists(atPath: overrides) {
            let log = DiagnosticLog()
            let found = ContentDiscovery.discover(
                root: overrides, displayRoot: displayRoot, boundary: boundary, diagnostics: log)
            if let problem = log.all.first(where: { $0.severity == .error }) { throw problem }
            for warning in log.all { diagnostics?.report(warning) }
            for file in found.files {
                let display = displayRoot + "/" + file.relativePath
                let data: [UInt8]
                switch boundary.contents(of: file.absolutePath) {
                case .success(let bytes): data = bytes
                case .failure(let refusal):
                    throw Diagnostic(
                        .error, file: display, rule: .template, "cannot read template file: \(refusal.reason)")
                }
                if file.relativePath.hasSuffix(".mustache") {
                    guard let text = String(validating: data, as: UTF8.self) else {
                        throw Diagnostic(.error, file: display, rule: .template, "template is not UTF-8")
                    }
                    texts[file.relativePath] = (text, display)
                    sources[file.relativePath] = data
                } else {
                    siteFiles[file.relativePath] = data
                }
            }
        }
        let used = usedFiles(siteFiles, defaults: Set(statics.keys), templates: texts.values.map(\.text))
        for (path, bytes) in siteFiles {
            if used.contains(path) {
                statics[path] = bytes
            } else if !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                diagnostics?.warning(
                    displayRoot + "/" + path, rule: .template,
                    "no template or stylesheet uses this file (not copied into the site)")
            }
        }
        var library = MustacheLibrary()
        for path in texts.keys.sorted() {
            let (text, display) = texts[path]!
            do {
                library.register(try MustacheTemplate(string: text), named: String(path.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw Diagnostic(
                    .error, file: display, line: error.context.lineNumber, rule: .template,
                    "template syntax error: \(error.error)")
            } catch {
                throw Diagnostic(.error, file: display, rule: .template, "template syntax error: \(error)")
            }
        }
        for required in ["page"] where library.getTemplate(named: required) == nil {
            throw Diagnostic(.error, file: displayRoot, rule: .template, "no '\(required).mustache' template")
        }
        var templates = SiteTemplates(library: library, staticFiles: statics)
        templates.siteSources = sources.merging(siteFiles) { first, _ in first }
        return templates
    }

    /// The files of a site's `templates/` folder that are published: those
    /// that replace a default file, the ``wellKnownFiles``, and those a
    /// template names (`{{root}}assets/extra.css`), or a published file names
    /// relative to itself (`url(fonts/inter.woff2)` in `assets/extra.css`),
    /// and so on. A stray file (`templates/.env`, `templates/notes.txt`) is not:
    /// everything in the folder used to be copied, secrets included.
    static func usedFiles(_ files: [String: [UInt8]], defaults: Set<String>, templates: [String]) -> Set<String> {
        var used = Set(files.keys.filter { defaults.contains($0) || wellKnownFiles.contains($0) })
        var referrers: [(folder: String, text: [UInt8])] = templates.sorted().map { ("", Array($0.utf8)) }
        referrers += used.sorted().map { (OutputPaths.folderOf($0), files[$0]!) }
        var next = 0
        while next < referrers.count {
            let (folder, text) = referrers[next]
            next += 1
            for path in files.keys.sorted() where !used.contains(path) {
                let relative = OutputPaths.relativeURL(from: folder.isEmpty ? "x" : folder + "/x", to: path)
                if mentions(text, path) || mentions(text, relative) {
                    used.insert(path)
                    referrers.append((OutputPaths.folderOf(path), files[path]!))
                }
            }
        }
        return used
    }

    /// Whether `text` names `path` as a whole: not as part of a longer name
    /// (`secret.env` is not named by `my-secret.env` or `secret.env.bak`).
    static func mentions(_ text: [UInt8], _ path: String) -> Bool {
        let needle = Array(path.utf8)
        guard let first = needle.first, needle.count <= text.count else { return false }
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "~") || byte >= 0x80
        }
        var start = 0
        while start + needle.count <= text.count {
            guard let at = text[start...].firstIndex(of: first), at + needle.count <= text.count else { return false }
            if text[at..<(at + needle.count)].elementsEqual(needle),
                at == 0 || !isNameByte(text[at - 1]),
                at + needle.count == text.count
                    || !(isNameByte(text[at + needle.count]) || text[at + needle.count] == UInt8(ascii: "/"))
            {
                return true
            }
            start = at + 1
        }
        return false
    }

    /// Renders the template `name` with `context`.
    /// Renders the template `name` with `context`; a name the library does
    /// not hold (a plugin page naming a template the site lacks) falls back to `page`.
    ///
    /// Mustache escapes markup in the values but not control characters, which
    /// HTML forbids (a title with an ESC in it): those become U+FFFD here, the
    /// one place every page passes.
    public func render(_ name: String, _ context: [String: Any]) -> String {
        let name = library.getTemplate(named: name) == nil ? "page" : name
        return HTMLEscaping.replacingControlCharacters(library.render(context, withTemplate: name) ?? "")
    }
}
