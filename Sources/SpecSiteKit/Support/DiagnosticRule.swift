import Foundation

/// What kind of problem a diagnostic reports, by a stable id (`broken-anchor`):
/// printed after the message (`[broken-anchor]`), the `ruleId` of SARIF, and
/// the key that `rules:` in `specsite.yml` sets to error, warning, note or off.
public struct DiagnosticRule: RawRepresentable, Hashable, Comparable, Sendable, Codable {
    /// The id, lowercase words joined by hyphens.
    public let rawValue: String

    /// A rule with this id; ids outside ``catalog`` are allowed for external use.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Rules sort by id.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A link to a file that is neither in the content folder nor built.
    public static let brokenLink = Self(rawValue: "broken-link")
    /// A link to a heading or id a page does not have.
    public static let brokenAnchor = Self(rawValue: "broken-anchor")
    /// An image that is neither in the content folder nor built.
    public static let missingImage = Self(rawValue: "missing-image")
    /// An id raw HTML gives an element that the page already uses.
    public static let duplicateID = Self(rawValue: "duplicate-id")
    /// A document with nothing in it, or a content folder with no document.
    public static let emptyDocument = Self(rawValue: "empty-document")
    /// A link that climbs out of the content folder.
    public static let linkOutside = Self(rawValue: "link-outside")
    /// `nav` in the settings names a page that does not exist.
    public static let navigation = Self(rawValue: "nav")
    /// A setting that is unknown, malformed or renamed.
    public static let settings = Self(rawValue: "settings")
    /// Front matter that cannot be read.
    public static let frontMatter = Self(rawValue: "front-matter")
    /// A file that is not UTF-8.
    public static let encoding = Self(rawValue: "encoding")
    /// A file or folder that cannot be read or is skipped (links, devices).
    public static let unreadable = Self(rawValue: "unreadable")
    /// Markdown past a limit that keeps pages bounded (nesting, link expansion).
    public static let markdownLimit = Self(rawValue: "markdown-limit")
    /// Two sources that build to the same page or file.
    public static let duplicateOutput = Self(rawValue: "duplicate-output")
    /// A template that cannot be used, or a file of the templates folder nothing uses.
    public static let template = Self(rawValue: "template")
    /// A linked HTML or SVG file that carries script.
    public static let activeContent = Self(rawValue: "active-content")
    /// A plugin that failed.
    public static let plugin = Self(rawValue: "plugin")
    /// The output or cache folder cannot be written.
    public static let output = Self(rawValue: "output")
    /// A status word the plans' reader does not know.
    public static let unknownStatus = Self(rawValue: "unknown-status")
    /// A plan written in a way its reader cannot follow (a task line it cannot
    /// read, a duplicate id, an unclosed fence in a GSD plan).
    public static let plan = Self(rawValue: "plan")
    /// A dependency on work that does not exist, or a cycle of dependencies.
    public static let dependency = Self(rawValue: "dependency")
    /// What the status checks across the site say about an item (a ROADMAP
    /// that ticks a plan with no SUMMARY): shown by `specsite check`.
    public static let statusHint = Self(rawValue: "status-hint")
    /// What git says about an item's files (done, but its files never
    /// existed): shown by `specsite check`.
    public static let evidence = Self(rawValue: "evidence")
    /// A design token that cannot be read or is defined twice.
    public static let tokens = Self(rawValue: "tokens")
    /// A screen flow that cannot be drawn whole, or arrows not read as one.
    public static let flows = Self(rawValue: "flows")
    /// The build cache could not be used or written.
    public static let buildCache = Self(rawValue: "build-cache")

    /// Every built-in rule with what it checks, by id: the ids `rules:` accepts.
    public static let catalog: [DiagnosticRule: String] = [
        .brokenLink: "A link to a file that is neither in the content folder nor built.",
        .brokenAnchor: "A link to a heading or id the page it names does not have.",
        .missingImage: "An image that is neither in the content folder nor built.",
        .duplicateID: "An id raw HTML gives an element that the page already uses.",
        .emptyDocument: "A document with nothing in it, or a content folder with no document.",
        .linkOutside: "A link that climbs out of the content folder.",
        .navigation: "The settings' nav names a page that does not exist.",
        .settings: "A setting that is unknown, malformed or renamed.",
        .frontMatter: "Front matter that cannot be read.",
        .encoding: "A file that is not UTF-8.",
        .unreadable: "A file or folder that cannot be read, or is skipped on purpose.",
        .markdownLimit: "Markdown past a limit that keeps pages bounded.",
        .duplicateOutput: "Two sources that build to the same page or file.",
        .template: "A template that cannot be used, or a templates file nothing uses.",
        .activeContent: "A linked HTML or SVG file that carries script.",
        .plugin: "A plugin that failed.",
        .output: "The output or cache folder cannot be written.",
        .unknownStatus: "A status word the plans' reader does not know.",
        .plan: "A plan written in a way its reader cannot follow.",
        .dependency: "A dependency on work that does not exist, or a cycle of dependencies.",
        .statusHint: "What the status checks across the site say about an item.",
        .evidence: "What git says about the files a plan's item names.",
        .tokens: "A design token that cannot be read or is defined twice.",
        .flows: "A screen flow that cannot be drawn whole, or arrows not read as one.",
        .buildCache: "The build cache could not be used or written.",
    ]
}

/// How `rules:` in `specsite.yml` sets rules: a warning or note made an
/// error, a warning, a note, or dropped (off). Errors stay errors: a rule
/// cannot make a build go on past something it cannot build.
public struct RuleSettings: Sendable, Equatable {
    /// What a rule's diagnostics become.
    public enum Level: String, Sendable, CaseIterable {
        case error, warning, note, off
    }

    /// The level set for each rule named.
    public var levels: [DiagnosticRule: Level] = [:]

    /// No rule changed.
    public init() {}

    /// Reads the `rules:` mapping of the settings; an id outside the catalog
    /// or a level that is not one of the four is an error at its line.
    public static func parse(_ value: YAMLValue, file: String, line: Int) throws(Diagnostic) -> RuleSettings {
        var settings = RuleSettings()
        if value == .null { return settings }
        guard case .mapping(let entries) = value else {
            throw Diagnostic(
                .error, file: file, line: line, rule: .settings,
                "'rules' must map rule ids to error, warning, note or off ('broken-anchor: error')")
        }
        for entry in entries {
            let rule = DiagnosticRule(rawValue: entry.key)
            guard DiagnosticRule.catalog[rule] != nil else {
                throw Diagnostic(
                    .error, file: file, line: entry.line, rule: .settings,
                    "unknown rule '\(entry.key)' in 'rules'; known rules: "
                        + DiagnosticRule.catalog.keys.sorted().map(\.rawValue).joined(separator: ", "))
            }
            // `off`, `no` and `false` all say off, in any case, as YAML 1.1 reads them.
            let written = entry.value.bool == false ? "off" : entry.value.string?.lowercased()
            guard let written, let level = Level(rawValue: written) else {
                throw Diagnostic(
                    .error, file: file, line: entry.line, rule: .settings,
                    "rule '\(entry.key)' must be error, warning, note or off")
            }
            settings.levels[rule] = level
        }
        return settings
    }

    /// What `diagnostic` becomes under these settings: nil when its rule is
    /// off. Errors, and diagnostics with no rule, are left as they are.
    public func apply(to diagnostic: Diagnostic) -> Diagnostic? {
        guard diagnostic.severity != .error, let rule = diagnostic.rule, let level = levels[rule] else {
            return diagnostic
        }
        var changed = diagnostic
        switch level {
        case .error: changed.severity = .error
        case .warning: changed.severity = .warning
        case .note: changed.severity = .note
        case .off: return nil
        }
        return changed
    }
}
