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

    // MARK: Token alias chains

    /// A design document whose one code block is `code`, in a fence of `language`.
    static func design(_ language: String, _ code: String) -> String {
        "# Design\n\n```\(language)\n" + code + "```\n"
    }

    /// `count` tokens, each an alias of the one before (`c2` of `c1`), the first a colour.
    static func chain(_ count: Int, _ write: (Int) -> String) -> String {
        (1...count).map(write).joined()
    }

    @Test func aChainOf15000CustomPropertiesResolvesEveryLink() throws {
        let site = HostileSite()
        defer { site.remove() }
        let css = Self.chain(15_000) { $0 == 1 ? "  --c1: #ffffff;\n" : "  --c\($0): var(--c\($0 - 1));\n" }
        try site.write("DESIGN.md", Self.design("css", ":root {\n" + css + "}\n"))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.seconds < 120)
        #expect(site.built("tokens.css").contains("--c15000: #FFFFFF;"))
    }

    @Test func aChainOf15000TypeScriptPropertiesResolvesEveryLink() throws {
        let site = HostileSite()
        defer { site.remove() }
        let code = Self.chain(15_000) { $0 == 1 ? "  c1: '#ffffff',\n" : "  c\($0): colors.c\($0 - 1),\n" }
        try site.write("DESIGN.md", Self.design("ts", "export const colors = {\n" + code + "};\n"))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(site.built("tokens.css").contains("--colors-c15000: #FFFFFF;"))
    }

    /// `{"c15000": {"$value": "{c14999}"}, …, "c1": {"$value": …}}`: the last link written first.
    static func dtcgChain(_ count: Int, first: String) -> String {
        var json = "{\n"
        for index in stride(from: count, to: 1, by: -1) {
            json += "  \"c\(index)\": { \"$value\": \"{c\(index - 1)}\" },\n"
        }
        return json + "  \"c1\": { \"$type\": \"color\", \"$value\": \"\(first)\" }\n}\n"
    }

    @Test func aDTCGChainOf15000WrittenLastFirstResolvesEveryLink() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("DESIGN.md", Self.design("json", Self.dtcgChain(15_000, first: "#ffffff")))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr.prefix(2_000))")
        #expect(site.built("tokens.css").contains("--c15000: #FFFFFF;"))
    }

    @Test func aCycleOf15000AliasesIsOneShortWarning() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("DESIGN.md", Self.design("json", Self.dtcgChain(15_000, first: "{c15000}")))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let cycles = outcome.stderr.split(separator: "\n").filter { $0.contains("alias cycle") }
        #expect(cycles.count == 1)
        #expect(cycles.first?.contains("alias cycle: c15000 → c14999 → ") == true)
        #expect(cycles.first?.contains("… (15000 tokens)") == true)
        #expect((cycles.first?.count ?? 0) < 1_000)
    }

    @Test func aChainOf15000AliasesToNothingWarnsOncePerLinkWithinTheFileCap() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("DESIGN.md", Self.design("json", Self.dtcgChain(15_000, first: "{nowhere}")))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("c15000 refers to {c14999}, which is not a token of this site"))
        #expect(outcome.stderr.contains("/DESIGN.md: warning: and 14,900 more warnings in this file, not shown"))
        #expect(outcome.stderr.contains(", 15000 warnings)"))
    }
}
