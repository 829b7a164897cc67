import SpecSiteKit

extension GSDMarkup {
    /// Makes sure cmark-gfm reads every marker as a marker and nothing else as
    /// one. The rewrite follows fences as CommonMark does at the top level, but
    /// cmark-gfm may read a fence line otherwise: inside an HTML block (`<div>`
    /// runs to a blank line) it is no fence, in a list item it may close later.
    ///
    /// - A code block that would swallow markers would leave elements open on
    ///   the page: its fence is shown as text instead (a backslash before it),
    ///   with a warning.
    /// - A line of the page's own that starts like a marker and that cmark-gfm
    ///   reads as HTML gets `&lt;` for its `<`, so it is not drawn as one.
    ///
    /// Each round is one parse of the page; real pages need one.
    static func repair(_ outputs: inout [String], markers: [Bool], warnings: inout [LineMessage]) {
        // markersBefore[i]: marker lines among lines 0..<i.
        var markersBefore = [0]
        markersBefore.reserveCapacity(outputs.count + 1)
        for isMarker in markers { markersBefore.append(markersBefore[markersBefore.count - 1] + (isMarker ? 1 : 0)) }
        func looksLikeMarker(_ index: Int) -> Bool {
            !markers[index] && outputs[index].drop { $0 == " " || $0 == "\t" }.hasPrefix(GSDMarker.prefix)
        }
        func unforge(_ index: Int) {
            if let start = outputs[index].firstRange(of: GSDMarker.prefix)?.lowerBound {
                outputs[index].replaceSubrange(start..<outputs[index].index(after: start), with: "&lt;")
            }
        }
        for _ in 0..<10 {
            var openers: [Int] = []
            var forged: [Int] = []
            MarkdownParser.parse(outputs.joined(separator: "\n")).root.walk { node in
                // `outputs` holds the lines as cmark-gfm counts them (see `lines`); a
                // node past its end must still not make a range run backwards.
                let first = node.line - 1
                let last = min(node.endLine, outputs.count) - 1
                switch node.kind {
                case .codeBlock where first >= 0 && last > first:
                    if markersBefore[last + 1] - markersBefore[first + 1] > 0 {
                        openers.append(first)
                        forged += (first + 1...last).filter(looksLikeMarker)
                    }
                    return false
                case .htmlBlock(let html) where first >= 0 && first < outputs.count:
                    // Counted from the HTML itself: cmark-gfm ends a comment block a line early.
                    let end = min(first + max(lines(html).count - 1, 1), outputs.count)
                    forged += (first..<end).filter(looksLikeMarker)
                    return false
                default:
                    return true
                }
            }
            guard !openers.isEmpty || !forged.isEmpty else { break }
            forged.forEach(unforge)
            for index in openers {
                guard let fence = outputs[index].firstRange(of: "```") ?? outputs[index].firstRange(of: "~~~") else {
                    continue
                }
                outputs[index].insert("\\", at: fence.lowerBound)
                warnings.append(
                    LineMessage(
                        line: index + 1,
                        message: "this code fence would hide the plan's tags after it (markdown reads it "
                            + "differently inside HTML or a list); it is shown as text"))
            }
        }
        warnings.sort { $0.line < $1.line }
    }
}
