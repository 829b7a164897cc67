import Foundation
import Testing

@testable import SpecSiteKit

@Suite struct DiagnosticLogTests {
    @Test func aRepeatedMessageIsKeptAtItsFirstLinesAndCounted() {
        let log = DiagnosticLog()
        // Reported last line first, as threads may: the first lines are kept anyway.
        for line in stride(from: 20_000, through: 1, by: -1) {
            log.warning("PRD.md", line: line, "broken link 'gone.md': no such file")
        }
        #expect(log.warningCount == 20_000)
        #expect(log.all.map(\.line) == Array(1...10))
        let shown = log.shown.map(\.description)
        #expect(shown.count == 11)
        #expect(shown.first == "PRD.md:1: warning: broken link 'gone.md': no such file")
        #expect(shown.last == "PRD.md:10: warning: and 19,990 more like this: broken link 'gone.md': no such file")
    }

    @Test func eachFileShowsAtMostAHundredLinesThenSaysHowManyMore() {
        let log = DiagnosticLog()
        for line in 1...500 { log.warning("a.md", line: line, "unknown status 'S\(line)'") }
        log.error("a.md", line: 600, "an error past the cap")
        log.warning("b.md", line: 1, "one")
        let shown = log.shown.map(\.description)
        #expect(shown.count == 102)
        #expect(shown[99] == "a.md:100: warning: unknown status 'S100'")
        #expect(shown[100] == "a.md: error: and 1 more error and 400 more warnings in this file, not shown")
        #expect(shown[101] == "b.md:1: warning: one")
        #expect(log.errorCount == 1)
        #expect(log.warningCount == 501)
    }

    @Test func whatIsShownDoesNotDependOnTheOrderOfReports() {
        var reports: [(String, Int, String)] = []
        for line in 1...300 {
            reports.append(("a.md", line % 37, "message \(line % 7)"))
            reports.append(("b.md", line, "same"))
        }
        var shownBefore: [String]?
        for seed in 0..<4 {
            let log = DiagnosticLog()
            var generator = SeededGenerator(seed: UInt64(seed))
            for (file, line, message) in reports.shuffled(using: &generator) {
                log.warning(file, line: line, message)
            }
            let shown = log.shown.map(\.description)
            if let shownBefore { #expect(shown == shownBefore) }
            shownBefore = shown
        }
    }

    @Test func longMessagesAreShortenedInTheirSummaryOnly() {
        let log = DiagnosticLog()
        let target = "missing-" + String(repeating: "x", count: 2_000) + ".md"
        for _ in 0..<200_000 { log.warning("PRD.md", line: 3, "broken link '\(target)': no such file") }
        let shown = log.shown.map(\.description)
        #expect(shown.count == 11)
        #expect(shown[0].count > 2_000)
        #expect(shown[10].hasPrefix("PRD.md:3: warning: and 199,990 more like this: broken link 'missing-xxx"))
        #expect(shown[10].count < 200)
    }
}
