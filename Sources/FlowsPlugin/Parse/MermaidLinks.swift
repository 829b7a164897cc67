import SpecSiteDiagrams

/// One link between two node groups.
struct MermaidLink {
    var style: DiagramGraph.LineStyle
    var arrow: Bool
    var reversed = false
    var invisible = false
    var label = ""
}

extension MermaidReader {
    // MARK: Links

    /// The link at `pos`, with its label, or nil (and `pos` unchanged) if none starts there.
    mutating func link() throws(MermaidAbort) -> MermaidLink? {
        let start = pos
        skipEdgeID()
        var startMarker = false
        if let first = peek(), first == "<" || first == "o" || first == "x", let next = peek(1),
            next == "-" || next == "="
        {
            startMarker = true
            pos += 1
        }
        guard let first = peek() else {
            pos = start
            return nil
        }
        var link: MermaidLink
        switch first {
        case "-":
            let dashes = run(of: "-")
            if peek() == "." {
                _ = run(of: ".")
                if peek() == "-" {
                    pos += 1
                    link = MermaidLink(style: .dotted, arrow: endMarker())
                } else {
                    link = try textLink(.dotted, key: "dotted-end", end: Self.dottedEnd)
                }
            } else if dashes >= 2 {
                if endMarker() {
                    link = MermaidLink(style: .solid, arrow: true)
                } else if dashes >= 3 {
                    link = MermaidLink(style: .solid, arrow: false)
                } else {
                    link = try textLink(.solid, key: "solid-end", end: Self.runEnd("-"))
                }
            } else {
                pos = start
                return nil
            }
        case "=":
            let bars = run(of: "=")
            guard bars >= 2 else {
                pos = start
                return nil
            }
            if endMarker() {
                link = MermaidLink(style: .thick, arrow: true)
            } else if bars >= 3 {
                link = MermaidLink(style: .thick, arrow: false)
            } else {
                link = try textLink(.thick, key: "thick-end", end: Self.runEnd("="))
            }
        case "." where !startMarker:
            _ = run(of: ".")
            guard peek() == "-" else {
                pos = start
                return nil
            }
            pos += 1
            link = MermaidLink(style: .dotted, arrow: endMarker())
        case "~" where !startMarker:
            guard run(of: "~") >= 3 else {
                pos = start
                return nil
            }
            link = MermaidLink(style: .solid, arrow: false, invisible: true)
        default:
            pos = start
            return nil
        }
        if startMarker {
            link.reversed = !link.arrow
            link.arrow = true
        }
        let save = pos
        skipBlanks()
        if peek() == "|" {
            link.label = try pipeLabel()
        } else {
            pos = save
        }
        return link
    }

    /// `e1@` before a link names the edge (for animation); skipped.
    mutating func skipEdgeID() {
        let save = pos
        guard scanID() != nil, peek() == "@", let next = peek(1), "-=.~<ox".unicodeScalars.contains(next) else {
            pos = save
            return
        }
        pos += 1
    }

    /// `>`, or `o`/`x` not followed by a letter, at the end of a link.
    mutating func endMarker() -> Bool {
        if peek() == ">" {
            pos += 1
            return true
        }
        if Self.isCrossOrCircle(text, pos) {
            pos += 1
            return true
        }
        return false
    }

    /// The rest of `-- text -->`: the text and the closing part, found by `end`.
    mutating func textLink(
        _ style: DiagramGraph.LineStyle, key: String, end: ([Unicode.Scalar], Int) -> Int?
    ) throws(MermaidAbort) -> MermaidLink {
        let textStart = pos
        var quoted: String?
        skipBlanks()
        // A quoted text may hold what would otherwise close the link.
        if peek() == "\"", let found = readQuoted(at: pos) {
            quoted = found.content
            pos = found.end
        } else {
            pos = textStart
        }
        guard let close = find(key, from: pos, match: end) else {
            let closing = style == .dotted ? ".->" : style == .thick ? "==>" : "-->"
            throw fail("link text is not closed (expected `\(closing)` or similar)")
        }
        let raw = quoted ?? string(textStart..<close.lowerBound)
        let last = text[close.upperBound - 1]
        pos = close.upperBound
        return MermaidLink(style: style, arrow: last == ">" || last == "o" || last == "x", label: Self.cleanLabel(raw))
    }

    /// `|label|` or `|"quoted | label"|` after a link.
    mutating func pipeLabel() throws(MermaidAbort) -> String {
        pos += 1
        let start = pos
        skipBlanks()
        if peek() == "\"", let quoted = readQuoted(at: pos) {
            skipBlanks(from: quoted.end)
            if peek() == "|" {
                pos += 1
                return Self.cleanLabel(quoted.content)
            }
        }
        pos = start
        guard let close = findLiteral("|", from: start) else { throw fail("link label `|` is not closed") }
        pos = close.upperBound
        return Self.cleanLabel(string(start..<close.lowerBound))
    }

    /// Counts and skips a run of `scalar`.
    mutating func run(of scalar: Unicode.Scalar) -> Int {
        let start = pos
        while peek() == scalar { pos += 1 }
        return pos - start
    }
}
