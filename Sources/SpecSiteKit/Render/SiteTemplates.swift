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

    /// The built-in templates with the files of `overrides` (a site's
    /// `templates/` folder) in place of the defaults they name.
    public static func load(overrides: String?, displayRoot: String) throws(Diagnostic) -> SiteTemplates {
        var texts: [String: (text: String, display: String)] = [:]
        var statics: [String: [UInt8]] = [:]
        for (path, text) in EmbeddedFiles.templates {
            if path.hasSuffix(".mustache") {
                texts[path] = (text, "templates/" + path)
            } else {
                statics[path] = Array(text.utf8)
            }
        }
        if let overrides, FileManager.default.fileExists(atPath: overrides) {
            let log = DiagnosticLog()
            for file in ContentDiscovery.scan(root: overrides, displayRoot: displayRoot, diagnostics: log) {
                guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
                    throw Diagnostic(.error, file: displayRoot + "/" + file.relativePath, "cannot read template file")
                }
                if file.relativePath.hasSuffix(".mustache") {
                    guard let text = String(data: data, encoding: .utf8) else {
                        throw Diagnostic(.error, file: displayRoot + "/" + file.relativePath, "template is not UTF-8")
                    }
                    texts[file.relativePath] = (text, displayRoot + "/" + file.relativePath)
                } else {
                    statics[file.relativePath] = Array(data)
                }
            }
            if let problem = log.all.first(where: { $0.severity == .error }) { throw problem }
        }
        var library = MustacheLibrary()
        for path in texts.keys.sorted() {
            let (text, display) = texts[path]!
            do {
                library.register(try MustacheTemplate(string: text), named: String(path.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw Diagnostic(
                    .error, file: display, line: error.context.lineNumber, "template syntax error: \(error.error)")
            } catch {
                throw Diagnostic(.error, file: display, "template syntax error: \(error)")
            }
        }
        for required in ["page"] where library.getTemplate(named: required) == nil {
            throw Diagnostic(.error, file: displayRoot, "no '\(required).mustache' template")
        }
        return SiteTemplates(library: library, staticFiles: statics)
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
