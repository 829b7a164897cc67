import Foundation
import Testing

/// Encodings and byte-level oddities: every file is built, with a warning
/// where the reader should know, and what a reader sees is right.
@Suite("Hostile input: encodings", .serialized)
struct HostileEncodingTests {
    @Test func utf16WithAByteOrderMarkIsReadAsUTF16() throws {
        let site = HostileSite()
        defer { site.remove() }
        var little = Data([0xFF, 0xFE])
        little.append("# Café UTF-16\n\n[x](missing.md)\n".data(using: .utf16LittleEndian)!)
        try site.write("little.md", little)
        var big = Data([0xFE, 0xFF])
        big.append("# Café BE\n".data(using: .utf16BigEndian)!)
        try site.write("big.md", big)
        // A lone surrogate and an odd last byte: the rest is still read.
        var broken = Data([0xFF, 0xFE])
        broken.append("# Lone".data(using: .utf16LittleEndian)!)
        broken.append(contentsOf: [0x00, 0xD8, 0x78])
        try site.write("broken.md", broken)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("little.md:1: warning: file is UTF-16LE; read as such"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("big.md:1: warning: file is UTF-16BE"), "\(outcome.stderr)")
        // Lines are counted in the decoded text.
        #expect(outcome.stderr.contains("little.md:3: warning: broken link 'missing.md'"), "\(outcome.stderr)")
        #expect(site.built("little.html").contains("\">Café UTF-16<a class=\"heading-anchor\""))
        #expect(site.built("big.html").contains("\">Café BE<a class=\"heading-anchor\""))
        #expect(site.built("broken.html").contains("\">Lone\u{FFFD}<a class=\"heading-anchor\""))
    }

    @Test func nulBytesAndControlCharactersNeverReachAPage() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("nul.md", Data("# N\u{0}ul\n\ntext\u{0}here \u{1B}[31m red \u{85}next\n".utf8))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let page = site.built("nul.html")
        #expect(page.contains("text\u{FFFD}here \u{FFFD}[31m red \u{FFFD}next"))
        #expect(!page.unicodeScalars.contains { $0.value < 0x09 || (0x0E..<0x20).contains($0.value) })
    }

    @Test func oldMacLineEndingsCountLinesAsCmarkDoes() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("cr.md", Data("# CR only\r\rpara\r[x](gone.md)\r".utf8))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cr.md:4: warning: broken link 'gone.md'"), "\(outcome.stderr)")
        #expect(site.built("cr.html").contains("\">CR only<a class=\"heading-anchor\""))
    }

    @Test func randomBytesNamedMarkdownAreBuiltWithAWarning() throws {
        let site = HostileSite()
        defer { site.remove() }
        // A fixed generator, so the case is the same every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<65_536).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        try site.write("binary.md", Data(bytes))
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("binary.md:1: warning: file is not valid UTF-8"), "\(outcome.stderr)")
        #expect(!site.built("binary.html").isEmpty)
    }

    @Test func parserStressPatternsFinish() throws {
        let site = HostileSite()
        defer { site.remove() }
        // The inputs cmark's own pathological tests use, at sizes real files never reach.
        try site.write(
            "brackets.md", String(repeating: "[", count: 50_000) + "x" + String(repeating: "]", count: 50_000))
        try site.write("emphasis.md", String(repeating: "*a**", count: 30_000))
        try site.write("quotes.md", String(repeating: ">", count: 10_000) + " deep\n")
        try site.write("lists.md", (0..<3_000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined())
        try site.write(
            "backticks.md", (1...3_000).map { String(repeating: "`", count: $0) + "a" }.joined(separator: " "))
        try site.write("links.md", String(repeating: "[a](b ", count: 30_000))
        let outcome = try site.run(timeout: 300)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("quotes.md:1: warning: nesting deeper than 64 levels"), "\(outcome.stderr)")
        for page in ["brackets", "emphasis", "quotes", "lists", "backticks", "links"] {
            #expect(!site.built(page + ".html").isEmpty, "\(page).html")
        }
    }
}
