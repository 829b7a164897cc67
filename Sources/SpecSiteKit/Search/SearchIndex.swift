import Foundation

/// The site's search index, filled as pages are rendered (from every
/// thread) and written when they all are. The browser's side is
/// `templates/assets/search.js`; `docs/search.md` describes the files.
///
/// - Every term of a page's text points at the page (and says whether it is
///   there three times or more); a term of a heading or the title points at
///   its section. Positions are not kept: sections are small enough that the
///   browser finds the words in a result's text itself.
/// - The terms, sorted, are cut into shards of about ``shardBudget`` bytes,
///   so that a query loads the few that hold its words.
/// - Each page's sections, with their text cut at ``sectionTextLimit``, are a
///   file of their own, loaded only for the results shown.
/// - Every file is a script that hands its data to `specsiteSearch`, so the
///   browser loads it with a `<script>` element: that works from `file://`,
///   where `fetch` is refused, and under any base path.
final class SearchIndex: @unchecked Sendable {
    // @unchecked: `entries`, `changed`, `body`, `headings` and `pages` are guarded by `lock`; the rest is immutable.
    /// The search box's script (from the templates), published only when the site has search.
    static let scriptPath = "assets/search.js"
    /// The folder of the index in the site.
    static let folder = "assets/search/"
    /// The file giving the number of pages and each shard's first term, loaded when search is first opened.
    static let metaPath = folder + "index.js"
    static func shardPath(_ number: Int) -> String { folder + "t/\(number).js" }
    static func pagePath(_ number: Int) -> String { folder + "p/\(number).js" }
    /// The text kept of a section for its snippet, in UTF-8 bytes.
    static let sectionTextLimit = 4_000
    /// The text kept of a page for snippets, in UTF-8 bytes.
    static let pageTextLimit = 120_000
    /// The size a shard is split at, in bytes: a query of three words loads
    /// about three, so the first query of a 1,000-page site loads well under 150 kB.
    static let shardBudget = 40_000

    /// Whether pages' entries are kept and merged when every page is in
    /// (a session, which keeps them anyway): a rebuild where no page gave a
    /// new entry then reuses the last build's files without merging. A
    /// one-off build merges each page as it comes, holding only postings.
    let defersMerge: Bool
    private let lock = NSLock()
    private var entries: [Int: PageEntry] = [:]
    /// Whether a page gave an entry the last build did not have.
    private var changed = false
    /// Per term, the pages whose text holds it: `page << 1 | (three times or more ? 1 : 0)`.
    private var body: [String: [UInt32]] = [:]
    /// Per term, the sections whose heading holds it: `page << 32 | section` (section 0 is the title).
    private var headings: [String: [UInt64]] = [:]
    private var pages: Set<Int> = []

    /// What was written, for the build's summary.
    struct Written: Sendable, Equatable {
        /// The index proper: the shard list and the shards.
        var indexBytes = 0
        var shards = 0
        var largestShard = 0
        /// The pages indexed.
        var pages = 0
    }

    /// What one page gives the index. A session keeps it with the page's
    /// HTML, so that a rebuild does not parse and scan an unchanged page again.
    struct PageEntry: Sendable {
        /// The terms of its text, each with whether it is there three times or more.
        var body: [(term: String, many: Bool)]
        /// The terms of its title and headings, each with the sections they are in.
        var headings: [(term: String, sections: [Int])]
        /// Its file after the number and URL: `,title,[[anchor,heading,text],…]);`.
        var file: [UInt8]
    }

    /// What `document` gives the index.
    static func entry(for document: SearchDocument) -> PageEntry {
        // Words are counted as written and stemmed once each.
        var words = WordCounter()
        var plain = WordCounter()
        var headingSections: [String: [Int]] = [:]
        for (index, section) in document.sections.enumerated() {
            SearchTerms.forEachTerm(in: section.heading) { term, _ in
                if headingSections[term]?.last != index { headingSections[term, default: []].append(index) }
            }
            SearchTerms.forEachWord(in: section.text) { bytes, kind in
                if kind == .word { words.add(bytes) } else { plain.add(bytes) }
            }
        }
        var bodyCounts: [String: Int] = [:]
        bodyCounts.reserveCapacity(words.count + plain.count)
        plain.forEachWord { bytes, count in bodyCounts[String(decoding: bytes, as: UTF8.self), default: 0] += count }
        var stem: [UInt8] = []
        words.forEachWord { bytes, count in
            stem.removeAll(keepingCapacity: true)
            stem += bytes
            SearchTerms.stem(&stem)
            bodyCounts[String(decoding: stem, as: UTF8.self), default: 0] += count
        }
        return PageEntry(
            body: bodyCounts.map { ($0.key, $0.value >= 3) }, headings: headingSections.map { ($0.key, $0.value) },
            file: fileTail(document))
    }

    /// Adds `entry` as page `number` (from 0; every number up to the last
    /// one is added once) at `url` (relative to the site root) and returns
    /// the page's file.
    func add(_ entry: PageEntry, number: Int, url: String, kept: Bool = false) -> [UInt8] {
        lock.withLock {
            pages.insert(number)
            if defersMerge {
                entries[number] = entry
                if !kept { changed = true }
            } else {
                merge(entry, number: number)
            }
        }
        var file = Array("specsiteSearch.page(\(number),".utf8)
        Self.appendJSString(url, to: &file)
        return file + entry.file
    }

    /// Creates an index; see ``defersMerge``.
    init(defersMerge: Bool = false) {
        self.defersMerge = defersMerge
    }

    /// Adds a page's terms to the postings (under the lock).
    private func merge(_ entry: PageEntry, number: Int) {
        for (term, many) in entry.body { body[term, default: []].append(UInt32(number) << 1 | (many ? 1 : 0)) }
        for (term, sections) in entry.headings {
            for section in sections { headings[term, default: []].append(UInt64(number) << 32 | UInt64(section)) }
        }
    }

    /// What a session keeps of the index for the next build: the files,
    /// and the page numbers they were made for.
    struct Made: Sendable {
        var numbers: [String: Int]
        var files: [(path: String, bytes: [UInt8])]
        var written: Written
        /// Whether these are the last build's files, taken again.
        var reused = false
    }

    /// The page list and the shards: `previous`'s when no page gave a new
    /// entry and the pages have the same numbers (`numbers`, by built path).
    func files(numbers: [String: Int], previous: Made?) -> Made {
        if defersMerge {
            let (entries, changed) = lock.withLock { (self.entries, self.changed) }
            if !changed, var previous, previous.numbers == numbers {
                previous.reused = true
                return previous
            }
            // In page order, so the postings come out as a one-off build makes them.
            lock.withLock {
                for number in entries.keys.sorted() { merge(entries[number]!, number: number) }
            }
        }
        let (files, written) = files()
        return Made(numbers: numbers, files: files, written: written)
    }

    /// A page's file is `specsiteSearch.page(N,url,title,[[anchor,heading,text],…]);`:
    /// this is what follows the URL. The URL and title are here rather than
    /// in the page list: a query needs them only for the results shown, and
    /// at 10,000 pages the list would be 850 kB for the first query to load.
    static func fileTail(_ document: SearchDocument) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: ",")]
        appendJSString(document.title, to: &out)
        out += Array(",[".utf8)
        var budget = pageTextLimit
        for (index, section) in document.sections.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let text = truncated(section.text, to: min(sectionTextLimit, budget))
            budget = max(0, budget - text.utf8.count)
            out.append(UInt8(ascii: "["))
            appendJSString(section.anchor, to: &out)
            out.append(UInt8(ascii: ","))
            appendJSString(section.heading, to: &out)
            out.append(UInt8(ascii: ","))
            appendJSString(text, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out += Array("]);\n".utf8)
        return out
    }

    /// The page list and the shards, as files in the site (in path order).
    func files() -> (files: [(path: String, bytes: [UInt8])], written: Written) {
        let (body, headings, pages) = lock.withLock { (self.body, self.headings, self.pages) }
        var written = Written()
        var terms = Set(body.keys)
        terms.formUnion(headings.keys)
        // In UTF-16 order, as JavaScript compares strings.
        let lines = terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }.map { term in
            Line(term: term, postings: Self.postings(body: body[term] ?? [], headings: headings[term] ?? []))
        }
        let shards = Self.split(lines)
        var files: [(path: String, bytes: [UInt8])] = []
        for (number, shard) in shards.enumerated() {
            var out = Array("specsiteSearch.shard(\(number),".utf8)
            Self.appendJSString(Self.shardText(shard.lines), to: &out)
            out += Array(");\n".utf8)
            written.indexBytes += out.count
            written.largestShard = max(written.largestShard, out.count)
            files.append((Self.shardPath(number), out))
        }
        written.shards = shards.count
        var meta = Array("specsiteSearch.meta({\"version\":1,\"pages\":\(pages.count),\"shards\":[".utf8)
        for (number, shard) in shards.enumerated() {
            if number > 0 { meta.append(UInt8(ascii: ",")) }
            Self.appendJSString(shard.key, to: &meta)
        }
        meta += Array("]});\n".utf8)
        written.indexBytes += meta.count
        written.pages = pages.count
        files.insert((Self.metaPath, meta), at: 0)
        return (files, written)
    }

    /// A shard's terms and postings: a line per term, `|` between lines.
    /// Each term is written after the number of UTF-16 units it shares with
    /// the term before it, which it leaves out (sorted terms share a lot: `auth`,
    /// `author`, `authent`), then `,` and its postings.
    static func shardText(_ lines: [Line]) -> String {
        var out: [UInt8] = []
        var previous: [UInt16] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "|")) }
            let units = Array(line.term.utf16)
            var shared = 0
            // At least one unit is written: terms are unique, and sorted, so none is a prefix of the one before.
            while shared < min(units.count - 1, previous.count), units[shared] == previous[shared] { shared += 1 }
            appendNumber(shared, to: &out)
            out += Array(String(decoding: units[shared...], as: UTF16.self).utf8)
            out.append(UInt8(ascii: ","))
            out += line.postings
            previous = units
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A term's postings, each list of numbers as ``appendNumber(_:to:)``
    /// writes them, each number the difference from the one before. The
    /// pages whose text holds it, each `(page difference) << 1 | many`; then,
    /// when a heading holds it, `,` and its sections, each the page
    /// difference then the section.
    static func postings(body: [UInt32], headings: [UInt64]) -> [UInt8] {
        var out: [UInt8] = []
        var last: UInt32 = 0
        for posting in body.sorted() {
            let page = posting >> 1
            appendNumber(Int((page - last) << 1 | (posting & 1)), to: &out)
            last = page
        }
        guard !headings.isEmpty else { return out }
        out.append(UInt8(ascii: ","))
        var lastPage: UInt64 = 0
        for posting in headings.sorted() {
            let page = posting >> 32
            appendNumber(Int(page - lastPage), to: &out)
            appendNumber(Int(posting & 0xFFFF_FFFF), to: &out)
            lastPage = page
        }
        return out
    }

    /// The 64 characters numbers are written with: each carries five bits,
    /// low bits first; the first 32 end a number, the others say more follow.
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        var value = value
        while value >= 32 {
            out.append(digits[32 + (value & 31)])
            value >>= 5
        }
        out.append(digits[value])
    }

    struct Line {
        var term: String
        var postings: [UInt8]
    }

    /// The sorted terms cut into runs of about ``shardBudget`` bytes, each
    /// under its first term: a term is in the last shard whose first term
    /// is not after it, and the terms a prefix begins are in consecutive shards.
    static func split(_ lines: [Line]) -> [(key: String, lines: [Line])] {
        var shards: [(key: String, lines: [Line])] = []
        var size = 0
        for line in lines {
            let length = line.term.utf8.count + line.postings.count + 3
            if shards.isEmpty || size + length > shardBudget {
                shards.append((line.term, []))
                size = 0
            }
            shards[shards.count - 1].lines.append(line)
            size += length
        }
        return shards
    }

    /// `text` cut to at most `limit` UTF-8 bytes, at a character's end.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let utf8 = text.utf8
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        // Back to the first byte of a scalar.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(Substring(utf8[..<end]))
    }

    /// `text` as a JavaScript string literal of ASCII only: quotes,
    /// backslashes, control characters and everything past ASCII escaped,
    /// so a file reads the same whatever encoding the browser assumes.
    static func appendJSString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        func escape(_ unit: UInt32) {
            out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(hexDigits[Int((unit >> UInt32(shift)) & 0xF)])
            }
        }
        var text = text
        text.withUTF8 { bytes in
            // Runs of printable ASCII are copied whole: the pages' files hold the site's text.
            var index = 0
            var runStart = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C && byte != 0x3C {
                    index += 1
                    continue
                }
                out += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0..<0x80: escape(UInt32(byte))
                default:
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for offset in 1..<length where index + offset < bytes.count {
                        value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F)
                    }
                    if value >= 0x10000 {
                        escape(0xD800 + ((value - 0x10000) >> 10))
                        escape(0xDC00 + ((value - 0x10000) & 0x3FF))
                    } else {
                        escape(value)
                    }
                    index += length - 1
                }
                index += 1
                runStart = index
            }
            out += UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
