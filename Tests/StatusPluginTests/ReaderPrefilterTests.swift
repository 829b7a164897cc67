import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// The plan reader runs its regular expressions only where a line's bytes
/// hold what they need (a colon, `**`, a key's letters, `chun`, `pha`, a
/// hyphen). These tests read every line of the fixture plans, the default
/// content, the shared corpus and a set of odd lines both ways, the
/// expressions alone and behind their byte tests, and expect the same.
@Suite("Reader byte tests")
struct ReaderPrefilterTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Lines written to sit at the edges of the byte tests.
    static let oddLines = [
        "**Status**: ✅ Done", "- **Depends on:** CHUNK-001, CHUNK-003", "__Risk__: low", "Status: in progress",
        "  * Deps: 2.1", "REQUIRES: chunk 4", "Blocked by: Phase 2 and 3", "Estimated time: 2h 05m",
        "EFFORT : 3 days", "**Status** : done", "Statuses: many", "**No colon here**", "status - done",
        "Depends on CHUNK-004 to CHUNK-006", "depends on: chunk_07 thru 9", "Phases 1, 2 & 3.5", "Plan 10-04, 3.1-2",
        "none", "— n/a —", "All previous chunks", "**Ｓtatus**: done", "ſtatus: done", "**Status**:",
        "**Ｄeps**: 1-2", "Prerequisites: CHUNK‐001", "Requires: Phase ２", "`Status`: done",
    ]

    /// Every line of the markdown files under the fixtures, `content/` and the corpus.
    static func lines() -> [String] {
        var lines = oddLines
        let folders = [
            repository + "/Tests/fixtures/plans", repository + "/content", repository + "/../shared/corpus/seeds",
        ]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let path as String in walker where path.hasSuffix(".md") {
                guard let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
                lines += text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            }
        }
        return lines
    }

    @Test func metadataLinesAreReadAsTheExpressionsAloneReadThem() {
        let lines = Self.lines()
        #expect(lines.count > 2_000)
        var found = 0
        for line in lines {
            var expected: PlanReader.MetadataLine?
            if let match = try? PlanReader.metadataLine.firstMatch(in: line) {
                expected = PlanReader.MetadataLine(
                    key: match.1.lowercased().trimmingSpaces, raw: String(match.2), bold: true)
            } else if let match = try? PlanReader.plainMetadataLine.wholeMatch(in: line) {
                expected = PlanReader.MetadataLine(key: match.1.lowercased(), raw: String(match.2), bold: false)
            }
            if expected != nil { found += 1 }
            #expect(PlanReader.metadataLine(in: line) == expected, "\(line)")
        }
        #expect(found > 100)
    }

    @Test func dependencyTextsNameWhatTheExpressionsAloneFind() {
        var named = 0
        for line in Self.lines() {
            var ids: [String] = []
            func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
            for match in line.matches(of: StatusText.chunkRangePattern) {
                guard let low = Int(match.1), let high = Int(match.2), low <= high, high - low <= 500 else { continue }
                for number in low...high { add(StatusText.chunkID(number: Substring(String(number)))) }
            }
            for match in line.matches(of: StatusText.chunkPattern) { add(StatusText.chunkID(number: match.1)) }
            for match in line.matches(of: StatusText.phasePattern) {
                add(StatusText.phaseID(match.1))
                for number in match.2.matches(of: /\d+(?:\.\d+)?/) { add(StatusText.phaseID(number.output)) }
            }
            if ids.isEmpty {
                for match in line.matches(of: StatusText.planIDPattern) {
                    add(StatusText.planID(phase: match.1, plan: match.2))
                }
            }
            let read = StatusText.dependencies(line)
            if !read.none {
                #expect(read.ids == ids, "\(line)")
                if !ids.isEmpty { named += 1 }
            }
        }
        #expect(named > 50)
    }

    @Test func statusWordsAreFoundWhereFoundationsSearchFindsThem() {
        let odd = [
            "Done\u{301} — not done", "é done ✅", "not started → in progress", "İn progress — done",
            "fixed\u{200D}👍 done", "Ｄone, done", "wip 🚧 in review", "naïve — completed",
            "under review\u{301}ing, under review", "🚀 shipped (partially)", "gaps_found → passed",
        ]
        var found = 0
        for line in Self.lines() + odd {
            let bytes = StatusText.statusWords(in: line)
            let reference = StatusText.statusWords(in: line, search: .foundation)
            #expect(
                bytes.map(\.word) == reference.map(\.word) && bytes.map(\.offset) == reference.map(\.offset), "\(line)")
            if !line.isASCII, !bytes.isEmpty { found += 1 }
        }
        #expect(found > 20)
        // A word that starts inside a character (U+0600 joins the letter
        // after it) is none; Foundation's search found it there, and the
        // boundary test then stopped the process on an index inside it.
        #expect(StatusText.statusWords(in: "\u{0600}done").isEmpty)
        #expect(StatusText.statusWords(in: "\u{0600}done — done").map(\.word) == ["done"])
        // A status line written so is unknown (with the reader's warning), not a crash.
        #expect(!StatusText.read("\u{0600}done").recognised)
    }

    @Test func tableMarkersAreCommentsThatNameSpecsite() {
        #expect(WorkTableRule.marker(in: "<!-- specsite:work-items -->\n") == .workItems)
        #expect(WorkTableRule.marker(in: "\u{A0}\n  <!--SPECSITE:not-work-items-->\u{2028}\n") == .notWorkItems)
        #expect(WorkTableRule.marker(in: "<!-- specsite:work -->") == .unknown("specsite:work"))
        #expect(WorkTableRule.marker(in: "<task type=\"auto\"><!-- specsite:work-items --></task>") == nil)
        #expect(WorkTableRule.marker(in: "<!-- specsite:work-items --> x") == nil)
        #expect(WorkTableRule.marker(in: "<!-- work-items -->") == nil)
        #expect(WorkTableRule.marker(in: "<!-- specsite:work-items --\u{301}>") == nil)
        #expect(WorkTableRule.marker(in: "<!-- specsite:gsd task-start -->") == nil)
        for text in ["", " ", "\u{A0}a b\u{2029}", "\n\tx\u{301} \u{3000}", "a", "\u{85}\u{85}", " é\u{301} "] {
            #expect(
                String(WorkTableRule.trimmingSpace(text[...])) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func valuesLoseTheirMarksAsBefore() {
        for line in Self.lines() {
            var text = line
            if text.contains("](") || text.contains("][") {
                text = text.replacing(PlanReader.inlineLink) { String($0.1) }
            }
            let expected = text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
                .replacingOccurrences(of: "`", with: "").trimmingSpaces
            #expect(PlanReader.plain(line) == expected, "\(line)")
        }
    }

    /// Headings' lines, and lines cut where a combining mark or a space
    /// could join a `#` or a space into another character.
    static let headingLines = [
        "# Title", "## CHUNK-004: Export ✅ COMPLETED", "   ### Indented", "#NoSpace", "####### Seven", "## Ends #",
        "## ✅ Done", "#\u{301} Accent on the mark", " \u{301}# Accent before", "##", "", "   ", "plain",
        "# \u{301}accent after the space", "## Title ##", "#\u{FE0F} variation", "##\t Tab",
    ]

    @Test func headingsAreCutByBytesWhereCharactersCutThem() {
        for line in Self.lines() + Self.headingLines {
            let text = line[...]
            guard let byBytes = PlanReader.afterHashes(text) else { continue }
            #expect(byBytes == PlanReader.afterHashesByCharacter(text), "\(Array(line.unicodeScalars))")
        }
    }

    @Test func aParagraphsLastVisibleScalarIsTheLastOfItsText() {
        var documents = Self.lines().joined(separator: "\n")
        documents += "\n\nFor each task:\n\nEnds with `code:`\n\nA *soft\nbreak* :  \n\n![alt text:](x.png)\n\n"
        documents += "<span>html</span>:\n\nText <b>tag:</b>\n\n  \n\nSpace\u{2003}:\u{2003}\n"
        var paragraphs: [MarkdownNode] = []
        MarkdownParser.parse(documents).root.walk { node in
            if case .paragraph = node.kind { paragraphs.append(node) }
            return true
        }
        for node in paragraphs {
            #expect(
                PlanReader.lastVisibleScalar(of: node) == node.plainText.trimmingSpaces.unicodeScalars.last,
                "\(node.plainText)")
        }
        let checked = paragraphs.count
        #expect(checked > 100)
    }

    @Test func aTextThatStartsVisiblyIsNotAllWhiteSpace() {
        for text in Self.lines() + [" ", "\t", "\u{A0}", "\u{2003}x", "x", "\u{7F}", "\u{85}"] {
            let allWhite = text.allSatisfy(\.isWhitespace)
            if PlanReader.startsVisibly(text) { #expect(!allWhite, "\(Array(text.unicodeScalars))") }
        }
    }
}
