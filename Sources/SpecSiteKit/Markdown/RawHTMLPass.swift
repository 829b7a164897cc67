import Foundation

/// One run of the rules over a fragment: for real (writing, with ids and
/// URLs) or as the dry run that finds which elements later blocks close.
struct RawHTMLPass {
    var frame: RawHTMLSanitizer.Frame
    var linkDepth: Int
    let dryRun: Bool
    /// Dry run: the opening tags a closing tag (or an implied end) closed.
    var matched: Set<RawHTMLSanitizer.TagID> = []
    /// Dry run: the opening tags still open when their block ended.
    var openAtBlockEnd: Set<RawHTMLSanitizer.TagID> = []

    init(frame: RawHTMLSanitizer.Frame, linkDepth: Int, dryRun: Bool) {
        self.frame = frame
        self.linkDepth = linkDepth
        self.dryRun = dryRun
    }

    mutating func markContent() { frame.markContent() }

    /// Closes the innermost open element.
    private mutating func pop(into output: inout String) {
        guard let open = frame.pop() else { return }
        if dryRun { matched.insert(open.tag) }
        output += "</\(open.output)>"
        if open.output == "a" { linkDepth -= 1 }
    }

    /// Closes, from the innermost, the elements that do not stay open after
    /// their block: at the end of a block all of them, after a closing tag
    /// those left from earlier blocks.
    private mutating func closeUncarried(atBlockEnd: Bool, block: Int, into output: inout String) {
        while let top = frame.open.last {
            let stays: Bool
            if dryRun {
                // Anything that may hold blocks might be closed later; the dry run finds out.
                let element = RawHTML.elements[top.name]
                stays = !atBlockEnd || !(element?.holdsPhrasingOnly ?? true) || top.name == "p"
            } else {
                stays = top.carried || (!atBlockEnd && top.tag.block == block)
            }
            guard !stays else { break }
            _ = frame.pop()
            frame.autoClosed[top.name, default: 0] += 1
            output += "</\(top.output)>"
            if top.output == "a" { linkDepth -= 1 }
        }
        if dryRun, atBlockEnd {
            // This block's elements are the innermost.
            for open in frame.open.reversed() {
                guard open.tag.block == block else { break }
                openAtBlockEnd.insert(open.tag)
            }
        }
    }

    mutating func feed(
        _ bytes: [UInt8], tokens: [RawHTML.Token], block: Int, line: Int, isBlock: Bool,
        using sanitizer: RawHTMLSanitizer?
    ) -> (html: String, kept: Bool) {
        var output = ""
        var kept = false
        var ordinal = 0
        func escape(_ token: RawHTML.Token) {
            markContent()
            guard !dryRun else { return }
            HTMLEscaping.append(String(decoding: bytes[token.range], as: UTF8.self), to: &output)
        }
        for token in tokens {
            switch token.kind {
            case .comment:
                continue
            case .other:
                escape(token)
            case .text:
                let slice = bytes[token.range]
                if slice.contains(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 12) }) {
                    markContent()
                }
                guard !dryRun else { continue }
                HTMLEscaping.append(RawHTML.decode(Substring(String(decoding: slice, as: UTF8.self))), to: &output)
            case .end(let name):
                guard let element = RawHTML.elements[name] else {
                    escape(token)
                    continue
                }
                // `</br>`: a void element has nothing to close.
                if element.isVoid { continue }
                if let index = frame.innermost(name) {
                    while frame.open.count > index { pop(into: &output) }
                    kept = true
                    if isBlock, !frame.isInline { closeUncarried(atBlockEnd: false, block: block, into: &output) }
                } else if let count = frame.autoClosed[name], count > 0 {
                    // The partner of an element closed early (at the end of its block or frame): dropped.
                    frame.autoClosed[name] = count - 1
                    kept = true
                } else {
                    escape(token)
                }
            case .start(let name, let attributes, let selfClosing):
                ordinal += 1
                guard let element = RawHTML.elements[name] else {
                    escape(token)
                    continue
                }
                // Implied end tags: `<li>` closes an open `<li>`, a block closes an open `<p>`.
                var closes = element.closes
                if !element.isPhrasing { closes.insert("p") }
                while let top = frame.open.last, closes.contains(top.name) { pop(into: &output) }
                // `## <h2> <b>Intro</b> </h2>`: a heading's tags inside a heading
                // are left out and their text kept, as GitHub shows it.
                if sanitizer?.heading != nil, Self.headingElements.contains(name) {
                    frame.autoClosed[name, default: 0] += 1
                    kept = true
                    continue
                }
                guard fits(element, name: name) else {
                    escape(token)
                    continue
                }
                let asSpan = name == "a" && linkDepth > 0
                var written = ""
                if !dryRun, let sanitizer {
                    guard
                        let attributes = sanitizer.attributes(
                            attributes, of: name, element: element, asSpan: asSpan, line: line + token.line)
                    else {
                        escape(token)
                        continue
                    }
                    written = attributes
                }
                markContent()
                kept = true
                if element.isVoid {
                    output += "<\(element.output)\(written)>"
                    continue
                }
                let tag = RawHTMLSanitizer.TagID(block: block, ordinal: ordinal)
                let carried = frame.isInline || dryRun || frame.carried.contains(tag)
                var outputName = asSpan ? "span" : element.output
                if name == "p", !frame.isInline, !dryRun, carried { outputName = "div" }
                output += "<\(outputName)\(written)>"
                if selfClosing {
                    // `<a id="x"/>`: written as XML means empty; HTML would leave it open.
                    output += "</\(outputName)>"
                    continue
                }
                frame.push(RawHTMLSanitizer.Open(name: name, output: outputName, tag: tag, carried: carried))
                if outputName == "a" { linkDepth += 1 }
            }
        }
        if isBlock, !frame.isInline { closeUncarried(atBlockEnd: true, block: block, into: &output) }
        return (output, kept)
    }

    static let headingElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Whether `element` may stand where the frame is: phrasing where only
    /// phrasing is allowed, in the parent it needs (`<li>` in a list), among
    /// the children its parent allows, a `<summary>` first in its `<details>`.
    private func fits(_ element: RawHTML.Element, name: String) -> Bool {
        let parent = frame.open.last
        let parentElement = parent.flatMap { RawHTML.elements[$0.name] }
        let phrasingOnly = parentElement.map { $0.holdsPhrasingOnly && parent?.output != "div" } ?? frame.isInline
        if phrasingOnly, !element.isPhrasing { return false }
        if let parents = element.parents {
            guard let parent, parents.contains(RawHTML.elements[parent.name]?.output ?? parent.name) else {
                return false
            }
        }
        if let children = parentElement?.children, !children.contains(element.output) { return false }
        if name == "summary", parent?.hasContent == true { return false }
        return true
    }
}
