import Foundation
import Testing

/// Small inputs that once cost gigabytes or minutes, built with the real
/// binary: each must finish well within the time limit with a clear message.
/// Inputs are generated here rather than committed.
@Suite struct HostileSizeTests {
    /// "Billion laughs": nine levels of nine aliases, 9⁹ values in 342 bytes.
    static let aliasBomb: String = {
        var lines = [#"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        let names = "abcdefghi".map(String.init)
        for level in 1..<names.count {
            let previous = "*" + names[level - 1]
            lines.append(
                "\(names[level]): &\(names[level]) [" + Array(repeating: previous, count: 9).joined(separator: ",")
                    + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anAliasBombInFrontMatterIsAWarningAndThePageIsBuilt() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("PRD.md", "---\n" + Self.aliasBomb + "---\n# Requirements\n\nThe body.\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Entry `f:` (9⁶ values) is where the expansion passes the budget: line 6 of the YAML, 7 of the file.
        #expect(
            outcome.stderr.contains(
                site.content + "/PRD.md:7: warning: invalid front matter, page read without it: aliases (*name)"
                    + " expand it to more than"))
        #expect(site.built("PRD.html").contains("The body."))
    }

    @Test func anAliasBombInTheSettingsIsAnError() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("specsite.yml", Self.aliasBomb)
        try site.write("PRD.md", "# Requirements\n")
        let outcome = try site.run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains(site.content + "/specsite.yml:6: error: invalid YAML: aliases (*name) expand"))
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func anAliasedCollectionAsAMappingKeyIsRefusedBeforeParsing() throws {
        // Yams compares keys as it parses: hashing `*i` walks all 9⁹ values.
        let site = HostileSite()
        defer { site.remove() }
        try site.write("PRD.md", "---\n" + Self.aliasBomb + "? *i\n: 1\n---\n# Requirements\n\nThe body.\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                site.content + "/PRD.md:11: warning: invalid front matter, page read without it: a mapping key that is"
                    + " an alias"))
        #expect(site.built("PRD.html").contains("The body."))
    }

    @Test func aliasesThatReuseABlockStillWork() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write(
            "specsite.yml",
            "title: &name Tidepool\nplugins:\n  checklists: &checks { page: true }\n  flows: *checks\n"
                + "description: *name\n")
        try site.write("PRD.md", "---\nowner: &who Ana\nreviewer: *who\n---\n# Requirements\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr)")
        #expect(site.built("PRD.html").contains("Tidepool"))
    }
}
