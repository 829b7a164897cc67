import Foundation
import Testing

@testable import SpecSiteKit

/// The search index as the build writes it: terms as the browser makes them
/// from a query, and files it can read from `file://` (the browser's side
/// is tested in `SearchBrowserTests`).
@Suite("Search index")
struct SearchIndexTests {
    @Test func porterStemsHisOwnExamples() {
        let examples = [
            "caresses": "caress", "ponies": "poni", "ties": "ti", "caress": "caress", "cats": "cat", "feed": "feed",
            "agreed": "agre", "plastered": "plaster", "bled": "bled", "motoring": "motor", "sing": "sing",
            "conflated": "conflat", "troubled": "troubl", "sized": "size", "hopping": "hop", "tanned": "tan",
            "falling": "fall", "hissing": "hiss", "fizzed": "fizz", "failing": "fail", "filing": "file",
            "happy": "happi", "sky": "sky", "relational": "relat", "conditional": "condit", "rational": "ration",
            "valenci": "valenc", "digitizer": "digit", "conformabli": "conform", "radicalli": "radic",
            "differentli": "differ", "vileli": "vile", "analogousli": "analog", "vietnamization": "vietnam",
            "predication": "predic", "operator": "oper", "feudalism": "feudal", "decisiveness": "decis",
            "hopefulness": "hope", "callousness": "callous", "formaliti": "formal", "sensitiviti": "sensit",
            "sensibiliti": "sensibl", "triplicate": "triplic", "formative": "form", "formalize": "formal",
            "electriciti": "electr", "electrical": "electr", "hopeful": "hope", "goodness": "good",
            "revival": "reviv", "allowance": "allow", "inference": "infer", "airliner": "airlin",
            "gyroscopic": "gyroscop", "adjustable": "adjust", "defensible": "defens", "irritant": "irrit",
            "replacement": "replac", "adjustment": "adjust", "dependent": "depend", "adoption": "adopt",
            "homologou": "homolog", "communism": "commun", "activate": "activ", "angulariti": "angular",
            "homologous": "homolog", "effective": "effect", "bowdlerize": "bowdler", "probate": "probat",
            "rate": "rate", "cease": "ceas", "controll": "control", "roll": "roll", "generalizations": "gener",
            "oscillators": "oscil", "authentication": "authent", "is": "is", "ies": "i",
        ]
        for (word, stem) in examples {
            #expect(String(decoding: PorterStemmer.stem(Array(word.utf8)), as: UTF8.self) == stem, "\(word)")
        }
    }

    func terms(_ text: String) -> [String] { SearchTerms.terms(in: text).map(\.text) }

    @Test func idsNumbersColoursAndNamesBecomeTheTermsAQueryMakes() {
        #expect(terms("CHUNK-007: HealthKit Sync") == ["chunk", "chunk7", "7", "health", "kit", "sync"])
        #expect(terms("T012 and FR_3") == ["t", "t12", "12", "fr", "fr3", "3"])
        #expect(terms("chunk 7") == ["chunk", "7"], "the index joins an id over - _ . only; a query also over a space")
        #expect(terms("exportSidebar") == ["export", "sidebar"])
        #expect(terms("The Configuration of the running servers") == ["configur", "run", "server"])
        #expect(terms("#3B82F6, #fff and #123") == ["#3b82f6", "#fff", "123"], "#123 is an issue, not a colour")
        #expect(terms("Über café, naïve 東京") == ["über", "café", "naïve", "東京"])
        #expect(terms("v1.2.3") == ["v", "v1", "1", "2", "3"])
        #expect(terms(String(repeating: "x", count: 41) + " kept") == ["kept"], "a 41-byte run is data, not a word")
        #expect(terms("") == [] && terms("!!! --- ...") == [])
    }

    /// The index's files, read back the way `search.js` reads them.
    struct ReadIndex {
        var pages: [[String]]
        var shardKeys: [String]
        /// Per term: pages of its text (with "many") and heading sections.
        var postings: [String: (body: [(page: Int, many: Bool)], headings: [(page: Int, section: Int)])] = [:]
        var pageFiles: [Int: [[String]]] = [:]

        init(site: String) throws {
            func payload(_ path: String, prefix: String) throws -> String {
                let text = try String(contentsOfFile: site + "/" + path, encoding: .utf8)
                #expect(text.utf8.allSatisfy { $0 < 0x80 }, "\(path) is ASCII")
                #expect(text.hasPrefix(prefix) && text.hasSuffix(");\n"), "\(path)")
                return String(text.dropFirst(prefix.count).dropLast(3))
            }
            let meta =
                try JSONSerialization.jsonObject(
                    with: Data(try payload("assets/search/index.js", prefix: "specsiteSearch.meta(").utf8))
                as! [String: Any]
            let count = meta["pages"] as! Int
            shardKeys = meta["shards"] as! [String]
            let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            func numbers(_ text: Substring) -> [Int] {
                var out: [Int] = []
                var value = 0
                var shift = 0
                for character in text {
                    let digit = digits.firstIndex(of: character)!
                    if digit >= 32 {
                        value |= (digit - 32) << shift
                        shift += 5
                    } else {
                        out.append(value | digit << shift)
                        value = 0
                        shift = 0
                    }
                }
                return out
            }
            for (number, key) in shardKeys.enumerated() {
                let text = try payload("assets/search/t/\(number).js", prefix: "specsiteSearch.shard(\(number),")
                let lines =
                    (try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
                    as! String).split(separator: "|")
                var previous: [UInt16] = []
                for (index, line) in lines.enumerated() {
                    let sharedEnd = line.firstIndex { digits.firstIndex(of: $0)! < 32 }!
                    let shared = numbers(line[...sharedEnd])[0]
                    let fields = line[line.index(after: sharedEnd)...].split(
                        separator: ",", omittingEmptySubsequences: false)
                    let units = Array(previous.prefix(shared)) + Array(fields[0].utf16)
                    let term = String(decoding: units, as: UTF16.self)
                    if index == 0 { #expect(term == key, "a shard is listed under its first term") }
                    previous = units
                    var body: [(Int, Bool)] = []
                    var page = 0
                    for value in numbers(fields[1]) {
                        page += value >> 1
                        body.append((page, value & 1 == 1))
                    }
                    var headings: [(Int, Int)] = []
                    page = 0
                    let heads = fields.count > 2 ? numbers(fields[2]) : []
                    for at in stride(from: 0, to: heads.count, by: 2) {
                        page += heads[at]
                        headings.append((page, heads[at + 1]))
                    }
                    postings[term] = (
                        body.map { (page: $0.0, many: $0.1) }, headings.map { (page: $0.0, section: $0.1) }
                    )
                }
            }
            pages = []
            for number in 0..<count {
                let text = try payload("assets/search/p/\(number).js", prefix: "specsiteSearch.page(\(number),")
                let fields = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as! [Any]
                pages.append([fields[0] as! String, fields[1] as! String])
                pageFiles[number] = fields[2] as? [[String]]
            }
        }

        func page(_ url: String) -> Int? { pages.firstIndex { $0[0] == url } }
    }

    @Test func theIndexPointsTermsAtPagesAndHeadingsAtSections() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write(
            "PLAN.md",
            """
            # Delivery plan

            Intro about the sync engine.

            ## CHUNK-007: HealthKit Sync ✅ COMPLETED

            Sync steps with HealthKit. Sync again, and sync once more.

            ## Risks

            Nothing about health here, `tokenName` in code.
            """)
        space.write("notes/Q&A.md", "# Q&A </script> \"quoted\"\n\nCafé notes on sync.\n")
        space.write("README.md", "# Start\n\nWelcome.\n")
        let outcome = space.build()
        #expect(outcome.error == nil, "\(outcome.messages)")
        let index = try ReadIndex(site: space.output)
        let plan = try #require(index.page("PLAN.html"))
        let notes = try #require(index.page("notes/Q&A.html"))
        #expect(index.pages[plan][1] == "Delivery plan")
        #expect(index.pages[notes][1] == "Q&A </script> \"quoted\"")
        #expect(index.page("index.html") != nil, "README builds a page of its own")

        let sync = try #require(index.postings["sync"])
        #expect(sync.body.contains { $0.page == plan && $0.many }, "sync is in the plan's text four times")
        #expect(sync.body.contains { $0.page == notes && !$0.many })
        #expect(sync.headings.map(\.page) == [plan] && sync.headings.map(\.section) == [1])
        #expect(index.postings["chunk7"]?.headings.map(\.section) == [1], "the id points at its section")
        #expect(index.postings["deliveri"]?.headings.map(\.section) == [0], "a title term points at section 0")
        #expect(index.postings["token"] != nil && index.postings["name"] != nil, "code spans are searched")

        let sections = try #require(index.pageFiles[plan])
        #expect(sections.map { $0[0] } == ["", "chunk-007-healthkit-sync--completed", "risks"])
        #expect(sections[0][1] == "Delivery plan" && sections[0][2] == "Intro about the sync engine.")
        #expect(sections[2][2] == "Nothing about health here, tokenName in code.")
        #expect(index.page("404.html") == nil, "the 404 page lists nothing to find")
        let page = try #require(space.site("PLAN.html"))
        #expect(page.contains("class=\"search-open\"") && page.contains("assets/search.js"))
        #expect(space.site("assets/search.js") != nil)
    }

    @Test func theSameContentGivesTheSameIndex() throws {
        let first = Workspace()
        let second = Workspace()
        defer {
            first.remove()
            second.remove()
        }
        for space in [first, second] {
            for number in 0..<40 {
                space.write(
                    "docs/page-\(number).md",
                    "# Page \(number)\n\n## Part \(number % 7)\n\nWord\(number) and shared text.\n")
            }
            #expect(space.build().error == nil)
        }
        for path in ["assets/search/index.js", "assets/search/t/0.js", "assets/search/p/17.js"] {
            #expect(first.site(path) != nil && first.site(path) == second.site(path), "\(path)")
        }
    }

    @Test func shardsAreCutBySizeAndListedByTheirFirstTerm() {
        let lines = (0..<4_000).map {
            SearchIndex.Line(term: String(format: "term%05d", $0), postings: Array("ABCDEFGHIJ".utf8))
        }
        let shards = SearchIndex.split(lines)
        #expect(shards.count > 1)
        #expect(shards.map(\.key) == shards.map { $0.lines[0].term })
        #expect(shards.flatMap(\.lines).map(\.term) == lines.map(\.term))
        for shard in shards {
            #expect(
                shard.lines.reduce(0) { $0 + $1.term.utf8.count + $1.postings.count + 3 } <= SearchIndex.shardBudget)
        }
        var out: [UInt8] = []
        SearchIndex.appendJSString("a\"b\\c</script>\u{2028}é😀\n", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\u003c/script>\u2028\u00e9\ud83d\ude00\u000a""#)
        #expect(SearchIndex.truncated("aé😀", to: 4) == "aé", "cut at a scalar's end")
    }

    @Test func searchFalseWritesNoIndexAndNoBox() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "search: false\n")
        space.write("PRD.md", "# PRD\n")
        #expect(space.build().diagnostics.isEmpty)
        #expect(space.site("assets/search/index.js") == nil)
        #expect(space.site("assets/search.js") == nil)
        let page = try #require(space.site("PRD.html"))
        #expect(!page.contains("search"))
    }

    @Test func searchMustBeAFlag() {
        let space = Workspace()
        defer { space.remove() }
        space.write("specsite.yml", "search: maybe\n")
        space.write("PRD.md", "# PRD\n")
        let outcome = space.build()
        let error = "\(outcome.error.map { "\($0)" } ?? "")" + outcome.messages.joined()
        #expect(error.contains("specsite.yml:1") && error.contains("'search' must be true or false"), "\(error)")
    }
}
