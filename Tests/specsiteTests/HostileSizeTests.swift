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
            "title: &name Tidepool\nplugins:\n  status: &checks { page: true }\n  flows: *checks\n"
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
        #expect(outcome.stderr.contains(", 15000 warnings;") || outcome.stderr.contains(", 15000 warnings)"))
    }

    // MARK: Plans

    @Test func sixThousandChunksThatEachDependOnAllPreviousBuildAndReport() throws {
        let site = HostileSite()
        defer { site.remove() }
        var plan = "# Implementation Plan\n\n"
        for number in 1...6_000 {
            plan += "## CHUNK-\(String(format: "%04d", number)): Step \(number)\n\n**Status**: Not started\n"
            if number > 1 { plan += "**Dependencies:** All previous chunks\n" }
            plan += "**Estimated Time**: 1 hour\n\n"
        }
        try site.write("IMPLEMENTATION_PLAN.md", plan)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = site.built("status.json")
        let status = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(status["items"] as? [[String: Any]])
        #expect(items.count == 6_000)
        #expect(items.last?["deps"] as? [String] == ["CHUNK-5999"])
        #expect(items.last?["waiting_for_keys"] as? [String] == ["IMPLEMENTATION_PLAN.md#CHUNK-5999"])
        #expect(items.filter { $0["ready"] as? Bool == true }.count == 1)
        #expect(site.built("IMPLEMENTATION_PLAN.html").contains("all previous (5999)"))
        let summary = try #require(status["summary"] as? [String: Any])
        #expect((summary["critical_path"] as? [String])?.count == 6_000)
        #expect(outcome.seconds < 120)
    }

    @Test func aStatusTableOf100000RowsBuilds() throws {
        let site = HostileSite()
        defer { site.remove() }
        var plan = "# Plan\n\n| Chunk | Status | Title |\n|---|---|---|\n"
        for number in 0..<100_000 { plan += "| CHUNK-\(String(format: "%05d", number)) | Not started | Step |\n" }
        try site.write("IMPLEMENTATION_PLAN.md", plan)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.seconds < 120)
        // Every row is an item (JSON is not parsed here: 100,000 items take minutes in a debug test).
        let status = site.built("status.json")
        #expect(status.contains("\"key\" : \"IMPLEMENTATION_PLAN.md#CHUNK-99999\""))
        // Each item once, and the summary's and the plan's unit once each.
        #expect(status.components(separatedBy: "\"kind\" : \"chunk\"").count - 1 == 100_002)
        #expect(status.contains("\"text\" : \"0 of 100000 chunks\""))
    }

    // MARK: Diagnostics

    @Test func twoHundredThousandBrokenLinksPrintElevenLines() throws {
        let site = HostileSite()
        defer { site.remove() }
        let name = "missing-" + String(repeating: "x", count: 200) + ".md"
        try site.write("PRD.md", "# Requirements\n\n" + String(repeating: "[x](\(name))\n", count: 200_000))
        let outcome = try site.run()
        #expect(outcome.status == 0)
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 12, "\(lines.count) lines")
        #expect(lines[0] == site.content + "/PRD.md:3: warning: broken link '\(name)': \(name) does not exist")
        #expect(lines[9].hasPrefix(site.content + "/PRD.md:12: warning: broken link"))
        #expect(lines[10].hasPrefix(site.content + "/PRD.md:12: warning: and 199,990 more like this: broken link"))
        #expect(lines[11].contains(", 200000 warnings;") || lines[11].contains(", 200000 warnings)"))
        #expect(outcome.stderr.utf8.count < 10_000)

        // --strict still fails on them, and says how many there were.
        let strict = try site.run(["build", site.content, "--output", site.output, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("200000 warnings (--strict)"))
    }

    @Test func aLongLinkReferenceUsed200000TimesDoesNotMakeAPageOf400MB() throws {
        let site = HostileSite()
        defer { site.remove() }
        let target = "missing-" + String(repeating: "x", count: 2_000) + ".md"
        let uses = String(repeating: "[x][r] ", count: 200_000)
        try site.write("PRD.md", "# Requirements\n\n" + uses + "\n\n[r]: \(target)\n")
        let outcome = try site.run()
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.contains(
                site.content + "/PRD.md:3: warning: link addresses add up to more than the document's own size"))
        let page = try FileManager.default.attributesOfItem(atPath: site.output + "/PRD.html")[.size] as? Int ?? 0
        #expect(page > 0 && page < 5_000_000, "\(page) bytes")
        #expect(outcome.stderr.utf8.count < 60_000)
    }

    // MARK: Tables

    @Test func aWideTableOfShortRowsIsNotFilledInToMillionsOfCells() throws {
        // 26 KB: 5,000 columns, 2,000 rows of one cell; cmark-gfm would fill in 10 million.
        let site = HostileSite()
        defer { site.remove() }
        let table =
            "|" + String(repeating: "a|", count: 5_000) + "\n|" + String(repeating: "-|", count: 5_000) + "\n"
            + String(repeating: "|x\n", count: 2_000)
        try site.write("PRD.md", "# Requirements\n\n" + table + "\nAfter the table.\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                site.content + "/PRD.md:4: warning: a table this wide with this many rows would fill in more empty"
                    + " cells"))
        let page = site.built("PRD.html")
        #expect(!page.contains("<table"))
        #expect(page.contains("After the table."))
        #expect(page.utf8.count < 1_000_000)
    }

    @Test func aTableOf100000RowsIsStillATable() throws {
        let site = HostileSite()
        defer { site.remove() }
        let rows = (0..<100_000).map { "| r\($0) | value | more |\n" }.joined()
        try site.write("PRD.md", "# Requirements\n\n| A | B | C |\n|---|---|---|\n" + rows)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"))
        #expect(site.built("PRD.html").contains("<td>r99999</td>"))
    }

    @Test func aRepeatedProblemIsListedTenTimesInStatusJSON() throws {
        let site = HostileSite()
        defer { site.remove() }
        // Rows of one name share an id, so each unknown status is the same message.
        let rows =
            String(repeating: "| Step | Done |\n", count: 12_000)
            + String(repeating: "| Step | Parked |\n", count: 8_000)
        try site.write("PLAN.md", "# Plan\n\n| Task | Status |\n|---|---|\n" + rows)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let status = try #require(
            JSONSerialization.jsonObject(with: Data(site.built("status.json").utf8)) as? [String: Any])
        let warnings = try #require(status["warnings"] as? [[String: Any]])
        let messages = warnings.compactMap { $0["message"] as? String }
        #expect(messages.count == 11, "\(messages.count) warnings")
        #expect(messages.first?.hasPrefix("unknown status 'Parked' for step") == true)
        #expect(messages.last?.hasPrefix("and 7,990 more like this: unknown status 'Parked' for step") == true)
        #expect(outcome.stderr.split(separator: "\n").count == 12)
    }
}
