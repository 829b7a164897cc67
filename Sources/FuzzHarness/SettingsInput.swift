import SpecSiteKit

/// Fuzz input for the YAML readers: the bytes as `specsite.yml`, as a page's
/// front matter and as bare YAML, read as the builder reads them, with every
/// value then read through each accessor plugins use.
public enum SettingsInput {
    /// Reads `bytes` every way; returns the diagnostics and errors reported.
    @discardableResult
    public static func read(_ bytes: [UInt8]) -> [Diagnostic] {
        // The builder refuses settings that are not UTF-8 before parsing them.
        guard let text = String(validating: bytes, as: UTF8.self) else { return [] }
        let log = DiagnosticLog()
        do {
            let config = try SiteConfig.parse(text, file: "content/specsite.yml", diagnostics: log)
            for (_, settings) in config.pluginSettings { visit(settings) }
        } catch {
            log.report(error)
        }
        do {
            let split = try FrontMatter.split(text)
            if let yaml = split.yaml { visit(try YAMLValue.parse(yaml, firstLine: 2)) }
        } catch {
            log.error("content/PAGE.md", line: error.line, error.message)
        }
        do {
            visit(try YAMLValue.parse(text))
        } catch {
            log.error("content/specsite.yml", line: error.line, error.message)
        }
        return log.all
    }

    /// Reads every value of `value` the ways plugins read front matter and settings.
    static func visit(_ value: YAMLValue, depth: Int = 0) {
        _ = (value.string, value.int, value.double, value.bool, value["title"], value["order"])
        guard depth < 64 else { return }
        for entry in value.entries { visit(entry.value, depth: depth + 1) }
        for item in value.array ?? [] where item != value { visit(item, depth: depth + 1) }
    }
}
