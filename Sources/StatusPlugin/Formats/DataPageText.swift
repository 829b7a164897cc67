import SpecSiteKit

/// What the pages written from data files (a Task Master `tasks.json`, a
/// BMAD `sprint-status.yaml`) are written with: text escaped so it shows as
/// written, lines counted as they are written (the status plugin finds its
/// headings and lists by their lines), boxes as the checklist reader reads them.
enum DataPageText {
    /// Text shown as written: every ASCII punctuation mark escaped (CommonMark
    /// lets a backslash escape any), line breaks made spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += " "
            } else if scalar.isASCII, scalar.properties.generalCategory.isPunctuationOrSymbol {
                result += "\\" + String(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A text's lines, whatever ends them.
    static func lines(_ text: String) -> [String] {
        SourceLines(text).texts.map { String($0) }
    }

    /// The box an entry of a given status is drawn with, as the checklist reader reads boxes.
    static func box(_ status: WorkStatus) -> String {
        switch status {
        case .done: "x"
        case .inProgress, .inReview: "~"
        case .cancelled: "-"
        default: " "
        }
    }

    /// The anchors of a page's headings by their line (the first, should
    /// two share one): how a data page's reader finds the headings it wrote.
    static func headingAnchors(of page: Page) -> [Int: String] {
        var anchors: [Int: String] = [:]
        for heading in page.document.headings where anchors[heading.line] == nil { anchors[heading.line] = heading.id }
        return anchors
    }

    /// Lines written one by one, counted.
    struct Writer {
        var text = ""
        /// The markdown line the next line is.
        var next = 1

        mutating func line(_ line: String) {
            text += line + "\n"
            next += 1
        }
    }
}

extension Unicode.GeneralCategory {
    /// Punctuation or a symbol: what CommonMark calls ASCII punctuation, for ASCII scalars.
    fileprivate var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default: false
        }
    }
}
