import Foundation

/// Parses a new version of a document by parsing again only the sections a
/// change touched, and keeping the earlier version's tree for the rest.
///
/// A history replay reads a plan again at every commit that changed it, and
/// a commit changes a line or two of a long file; a session rebuilds a page
/// after each save. Parsing the whole file each time was a third of a replay.
///
/// Markdown's blocks are read line by line, in order, so what comes before a
/// line does not depend on what comes after it, with two exceptions that are
/// refused here: link reference and footnote definitions (`[x]: …`, which
/// act on the whole document) and the document-wide budgets of the parser
/// (refused when the earlier version or the new part warned of any). A
/// top-level ATX heading (`## …`) closes every block open before it and is
/// closed on its own line, so the blocks between two such headings can be
/// parsed on their own, starting at the one before the change: that
/// heading's line and all before it are unchanged, so it closes the same
/// blocks it did before. The part parsed ends with the heading after the
/// change, and is used only when cmark-gfm reads that line as a top-level
/// heading there too; from it on, the text is the earlier version's, and so
/// are its blocks (moved by the lines the change added or removed). Heading
/// ids are numbered again over the whole document, since a repeated title's
/// `-1`, `-2` depends on the headings before it.
///
/// Written here because cmark-gfm has no incremental parsing. Tests compare
/// it with a full parse over many random edits of real and hostile documents.
extension MarkdownParser {
    /// The document of `text` (starting at file line `firstLine`), made from
    /// `previous`, the document of `previousText` at the same first line;
    /// nil when the change cannot be parsed apart, and the caller parses the
    /// whole text.
    static func reparse(_ text: String, firstLine: Int, previousText: String, previous: MarkdownDocument)
        -> MarkdownDocument?
    {
        guard previous.anchorBases.count == previous.headings.count, previous.warnings.isEmpty,
            previous.footnoteLabels.isEmpty, !previousText.isEmpty, !text.isEmpty
        else { return nil }
        var old = previousText
        var new = text
        guard let change = old.withUTF8({ oldBytes in new.withUTF8 { LineChange(from: oldBytes, to: $0) } })
        else { return nil }
        if change.isNone { return previous }
        // A table too big to fill in depends on the whole text's size.
        if change.newHasTableBar && !TableBudget.defuse(text).lines.isEmpty { return nil }
        return SectionSplice(previous: previous, change: change, firstLine: firstLine)?.parse(text)
    }
}

/// Which lines of a text changed between two versions: those before the
/// first differing byte's line, and those after the last, are the same.
struct LineChange {
    /// Where each line of the new text starts, in UTF-8 bytes.
    var newStarts: [Int]
    var newByteCount: Int
    /// Lines in each version.
    var oldCount: Int
    var newCount: Int
    /// Lines (0-based) before this one are the same in both versions.
    var firstChanged: Int
    /// Lines from this one (0-based, in the earlier version) to the end are
    /// the same in both, moved by ``delta``.
    var firstUnchangedAfter: Int
    /// Whether the texts are the same.
    var isNone: Bool
    /// Whether the new text has a `|` (it may hold a table).
    var newHasTableBar: Bool

    /// Lines the new version has more than the earlier one.
    var delta: Int { newCount - oldCount }

    /// Nil when either text has what this splice refuses: a carriage return
    /// (cmark-gfm counts a lone one as a line break) or `]:` (a link
    /// reference or footnote definition, which acts on the whole document).
    init?(from old: UnsafeBufferPointer<UInt8>, to new: UnsafeBufferPointer<UInt8>) {
        guard !Self.refuses(old), !Self.refuses(new) else { return nil }
        let oldStarts = Self.lineStarts(old)
        newStarts = Self.lineStarts(new)
        newByteCount = new.count
        oldCount = oldStarts.count
        newCount = newStarts.count
        newHasTableBar = new.contains(UInt8(ascii: "|"))
        let shorter = min(old.count, new.count)
        let first = Self.sameBytes(old, new, limit: shorter, fromEnd: false)
        isNone = first == old.count && old.count == new.count
        let same = Self.sameBytes(old, new, limit: shorter - first, fromEnd: true)
        // The line holding the first differing byte, and every line whose
        // break before it lies in the same ending.
        firstChanged = Self.upperBound(oldStarts, first) - 1
        let trailing = oldCount - Self.lowerBound(oldStarts, old.count - same + 1)
        firstUnchangedAfter = oldCount - min(trailing, oldCount - firstChanged, newCount - firstChanged)
    }

    /// How many bytes at the start (or the end) of `old` and `new` are the
    /// same, up to `limit`: compared a block at a time with `memcmp`, then
    /// byte by byte in the block that differs (a commit changes a line or
    /// two of a page of thousands).
    static func sameBytes(
        _ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>, limit: Int, fromEnd: Bool
    ) -> Int {
        guard limit > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return 0 }
        // The first of `length` bytes `done` bytes in, from the start or the end.
        func oldAt(_ done: Int, _ length: Int) -> UnsafePointer<UInt8> {
            fromEnd ? oldBase + (old.count - done - length) : oldBase + done
        }
        func newAt(_ done: Int, _ length: Int) -> UnsafePointer<UInt8> {
            fromEnd ? newBase + (new.count - done - length) : newBase + done
        }
        let block = 256
        var done = 0
        while done + block <= limit && memcmp(oldAt(done, block), newAt(done, block), block) == 0 { done += block }
        while done < limit && oldAt(done, 1).pointee == newAt(done, 1).pointee { done += 1 }
        return done
    }

    static func refuses(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) != nil { return true }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "]")), bytes.count - offset) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: ":") { return true }
            offset = at + 1
        }
        return false
    }

    /// The offset each line starts at; a break at the very end starts no line.
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = bytes.baseAddress else { return starts }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + 1 < bytes.count { starts.append(at + 1) }
            offset = at + 1
        }
        return starts
    }

    /// The first index whose value is greater than `value`.
    static func upperBound(_ sorted: [Int], _ value: Int) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index whose value is not less than `value`.
    static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The earlier tree cut around a change: the top-level blocks kept before
/// it, those parsed again, and those kept after it.
struct SectionSplice {
    let previous: MarkdownDocument
    let change: LineChange
    let firstLine: Int
    /// The top-level heading the part parsed again starts with (nil: the
    /// document's start) and the one it ends with (nil: the document's end),
    /// as indexes of the earlier root's children.
    let before: Int?
    let after: Int?

    init?(previous: MarkdownDocument, change: LineChange, firstLine: Int) {
        self.previous = previous
        self.change = change
        self.firstLine = firstLine
        let blocks = previous.root.children
        var before: Int?
        var after: Int?
        for (index, block) in blocks.enumerated() where Self.isATXHeading(block) {
            let bodyLine = block.line - firstLine
            if bodyLine < change.firstChanged {
                before = index
            } else if bodyLine >= change.firstUnchangedAfter {
                after = index
                break
            }
        }
        self.before = before
        self.after = after
    }

    /// A heading on one line: `## …`, not a setext heading's text and underline.
    static func isATXHeading(_ block: MarkdownNode) -> Bool {
        guard case .heading = block.kind else { return false }
        return block.line == block.endLine && block.line > 0
    }

    func parse(_ text: String) -> MarkdownDocument? {
        let blocks = previous.root.children
        let delta = change.delta
        let startLine = before.map { blocks[$0].line - firstLine } ?? 0
        let endLine = after.map { blocks[$0].line - firstLine + delta } ?? change.newCount - 1
        guard startLine >= 0, startLine <= endLine, endLine < change.newCount else { return nil }
        let startByte = change.newStarts[startLine]
        let endByte = endLine + 1 < change.newCount ? change.newStarts[endLine + 1] : change.newByteCount
        let utf8 = text.utf8
        let partText = String(
            Substring(
                utf8[utf8.index(utf8.startIndex, offsetBy: startByte)..<utf8.index(utf8.startIndex, offsetBy: endByte)])
        )
        let part = MarkdownParser.parse(partText, firstLine: firstLine + startLine, forSplicing: true)
        guard part.warnings.isEmpty, part.footnoteLabels.isEmpty else { return nil }
        // The part must start and end with the headings it was cut at, read as such.
        if let before {
            guard let first = part.root.children.first, Self.isATXHeading(first), first.line == blocks[before].line
            else { return nil }
        }
        if let after {
            guard let last = part.root.children.last, Self.isATXHeading(last),
                last.line == blocks[after].line + delta, case .heading(let level, _) = last.kind,
                case .heading(let oldLevel, _) = blocks[after].kind, level == oldLevel
            else { return nil }
        }
        // What the kept blocks hold: the first `head` of the earlier
        // document's links, anchors and headings, and those from `tail` on.
        let counts = previous.countsThrough
        guard counts.count == blocks.count, part.countsThrough.count == part.root.children.count else { return nil }
        let none = MarkdownDocument.BlockCounts()
        let head = before.map { $0 > 0 ? counts[$0 - 1] : none } ?? none
        let tail = after.map { counts[$0] } ?? counts.last ?? none
        let partTotal = part.countsThrough.last ?? none
        // The links' addresses within the document's budget: a link past it
        // would have been shown as text.
        let spent = head.addresses + partTotal.addresses + previous.addressesSpent - tail.addresses
        guard spent <= max(text.utf8.count, MarkdownParser.minimumAddressBudget) else { return nil }
        // Ids again over the whole document: a part's `## Tests` is `tests-3`
        // when three came before it.
        let bases =
            Array(previous.anchorBases[..<head.headings]) + part.anchorBases + previous.anchorBases[tail.headings...]
        let ids: [String]
        if previous.anchorBases[head.headings..<tail.headings].elementsEqual(part.anchorBases) {
            // The same titles where they were: the same ids.
            ids = previous.headings.map(\.id)
        } else {
            var slugger = Slugger()
            ids = bases.map { slugger.claim($0) }
        }
        var next = head.headings
        var partBlocks: [MarkdownNode] = []
        for block in part.root.children {
            guard let block = Self.moved(block, by: 0, ids: ids, next: &next) else { return nil }
            partBlocks.append(block)
        }
        let tailFirst = next
        guard tailFirst == head.headings + part.headings.count else { return nil }
        let tailMoves =
            delta != 0 || zip(previous.headings[tail.headings...], ids[tailFirst...]).contains { $0.id != $1 }
        var tailBlocks = after.map { Array(blocks[($0 + 1)...]) } ?? []
        if tailMoves {
            var moved: [MarkdownNode] = []
            moved.reserveCapacity(tailBlocks.count)
            for block in tailBlocks {
                guard let block = Self.moved(block, by: delta, ids: ids, next: &next) else { return nil }
                moved.append(block)
            }
            guard next == ids.count else { return nil }
            tailBlocks = moved
        }
        var headings = Array(previous.headings[..<head.headings])
        for (offset, var heading) in part.headings.enumerated() {
            heading.id = ids[head.headings + offset]
            headings.append(heading)
        }
        for (offset, var heading) in previous.headings[tail.headings...].enumerated() {
            heading.id = ids[tailFirst + offset]
            heading.line += delta
            headings.append(heading)
        }
        let root = MarkdownNode(
            .document, children: Array(blocks[..<(before ?? 0)]) + partBlocks + tailBlocks, line: previous.root.line,
            endLine: after == nil ? part.root.endLine : previous.root.endLine + delta)
        var document = MarkdownDocument(
            root: root, headings: headings,
            links: Array(previous.links[..<head.links]) + part.links
                + previous.links[tail.links...].map { link in
                    var link = link
                    if link.line > 0 { link.line += delta }
                    return link
                },
            htmlAnchors: Array(previous.htmlAnchors[..<head.anchors]) + part.htmlAnchors
                + previous.htmlAnchors[tail.anchors...].map { anchor in
                    var anchor = anchor
                    if anchor.line > 0 { anchor.line += delta }
                    return anchor
                })
        let partStart = head
        let tailShift = head + partTotal - tail
        document.countsThrough =
            Array(counts[..<(before ?? 0)]) + part.countsThrough.map { partStart + $0 }
            + counts[((after ?? counts.count - 1) + 1)...].map { $0 + tailShift }
        document.anchorBases = bases
        document.addressesSpent = spent
        return document
    }

    /// `node` moved down `lines` lines, its headings given the ids from
    /// `next` on; nil when it has a block cmark-gfm gave no line (a paragraph
    /// left from a table that was not one): the lines of its text count
    /// from 0 wherever it stands, so moving them would be wrong.
    static func moved(_ node: MarkdownNode, by lines: Int, ids: [String], next: inout Int) -> MarkdownNode? {
        var node = node
        if lines != 0 {
            if node.line == 0 && node.isBlock { return nil }
            if node.line > 0 { node.line += lines }
            if node.endLine > 0 { node.endLine += lines }
        }
        if case .heading(let level, _) = node.kind, next < ids.count {
            node.kind = .heading(level: level, id: ids[next])
            next += 1
        }
        if !node.children.isEmpty {
            var children: [MarkdownNode] = []
            children.reserveCapacity(node.children.count)
            for child in node.children {
                guard let child = moved(child, by: lines, ids: ids, next: &next) else { return nil }
                children.append(child)
            }
            node.children = children
        }
        return node
    }
}
