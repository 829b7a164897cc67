import SpecSiteKit

/// GitHub-style alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` is shown as a callout with an
/// icon and a title, in the markup GitHub writes, so CSS written for GitHub's
/// alerts applies too.
///
/// ```markdown
/// > [!WARNING]
/// > Back up the database before migrating.
/// ```
///
/// The marker must be the whole first line of the quote's first paragraph
/// (any case, trailing spaces allowed) and the quote must have content after
/// it; otherwise the quote stays a quote, as on GitHub. Unlike GitHub, an
/// alert inside a list item or another quote is recognised too.
public struct AlertsPlugin: Plugin {
    /// `alerts`, the key of this plugin's (unused) settings in `specsite.yml`.
    public var id: String { "alerts" }
    /// Finds no facts, so there are none to keep.
    public var factCoding: FactCoding? { FactCoding.none }

    /// Creates the plugin.
    public init() {}

    /// Returns the callout for a block quote that is an alert, or nil for any
    /// other block (including quotes that only look like alerts).
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? {
        guard let alert = Alert(block) else { return nil }
        var html = "<div class=\"markdown-alert markdown-alert-\(alert.kind.rawValue)\" role=\"note\">"
        html += "<p class=\"markdown-alert-title\">\(alert.kind.icon)\(alert.kind.title)</p>"
        // The body goes back through the page's renderer so other plugins still
        // see its blocks (a diagram or a nested alert inside the callout).
        html += try context.renderer.renderChildren(alert.body)
        html += "</div>\n"
        return html
    }

    /// `alerts.css`: the border and title colour of each kind, overridable by the
    /// site theme through `--alert-note`, `--alert-tip`, `--alert-important`,
    /// `--alert-warning` and `--alert-caution`.
    public var assets: [Asset] { [Asset(name: "alerts.css", contents: AlertKind.stylesheet)] }
}

/// A block quote recognised as an alert: its kind and the blocks to show
/// under the title.
struct Alert {
    var kind: AlertKind
    var body: [MarkdownNode]

    /// Recognises `block` as GitHub does, or returns nil.
    init?(_ block: MarkdownNode) {
        guard case .blockQuote = block.kind,
            let first = block.children.first, case .paragraph = first.kind,
            let marker = first.children.first, case .text(let text) = marker.kind,
            let kind = AlertKind(marker: text)
        else { return nil }
        var body = Array(block.children.dropFirst())
        let afterMarker = first.children.dropFirst()
        if let next = afterMarker.first {
            // `[!NOTE] Title` or `[!NOTE]*x*`: the marker is not the whole line.
            guard next.kind == .softBreak || next.kind == .lineBreak else { return nil }
            let rest = Array(afterMarker.dropFirst())
            if !rest.isEmpty {
                // The first paragraph now starts on the line after the marker.
                let paragraph = MarkdownNode(
                    .paragraph, children: rest, line: rest[0].line == 0 ? first.line : rest[0].line,
                    endLine: first.endLine)
                body.insert(paragraph, at: 0)
            }
        }
        // GitHub shows a marker with nothing after it as the quote it is.
        guard !body.isEmpty else { return nil }
        self.kind = kind
        self.body = body
    }
}

/// The five kinds of alert GitHub knows; the raw value is the class suffix.
enum AlertKind: String, CaseIterable, Sendable {
    case note, tip, important, warning, caution

    /// Parses a marker line such as `[!NOTE]` or `[!tip]  `.
    init?(marker: String) {
        var line = Substring(marker)
        while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
        guard line.hasPrefix("[!"), line.hasSuffix("]") else { return nil }
        let name = line.dropFirst(2).dropLast()
        // Only ASCII letters can match, so lowercasing cannot turn a look-alike into a kind.
        guard name.isASCII else { return nil }
        self.init(rawValue: name.lowercased())
    }

    /// The title GitHub shows.
    var title: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        }
    }

    /// An inline SVG icon on a 16×16 grid, filled with the title's colour by
    /// `alerts.css` (GitHub's CSS fills `.octicon` the same way). Each outline is
    /// an outer contour drawn clockwise and an inner one counter-clockwise, so the
    /// default nonzero fill rule leaves the inside hollow.
    var icon: String {
        "<svg class=\"octicon\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\">"
            + "<path d=\"\(iconPath)\"/></svg>"
    }

    /// The icon's path data, drawn for this plugin.
    var iconPath: String {
        switch self {
        case .note:
            // A ring with an "i".
            "M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1ZM8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11Z"
                + "M8 3.9a1 1 0 1 1 0 2a1 1 0 1 1 0-2ZM7.25 7h1.5v4.75h-1.5Z"
        case .tip:
            // A light bulb: globe and neck, then the base.
            "M5.5 11.5V10.33A5 5 0 1 1 10.5 10.33V11.5ZM6.75 10H9.25V9.27A3.5 3.5 0 1 0 6.75 9.27Z"
                + "M6.5 13h3a.75.75 0 0 1 0 1.5h-3a.75.75 0 0 1 0-1.5Z"
        case .important:
            // A speech bubble with a tail, and a "!".
            "M2.75 1.5h10.5A1.75 1.75 0 0 1 15 3.25v6.5a1.75 1.75 0 0 1-1.75 1.75H7.5l-3 3v-3H2.75"
                + "A1.75 1.75 0 0 1 1 9.75v-6.5A1.75 1.75 0 0 1 2.75 1.5ZM2.5 3V10H13.5V3Z"
                + "M7.25 4h1.5v3.5h-1.5ZM8 8a.75.75 0 1 1 0 1.5a.75.75 0 1 1 0-1.5Z"
        case .warning:
            // A triangle with a "!".
            "M8 1L15.25 14H.75ZM8 4.08L3.3 12.5H12.7Z"
                + "M7.25 6.5h1.5v3h-1.5ZM8 10.25a.75.75 0 1 1 0 1.5a.75.75 0 1 1 0-1.5Z"
        case .caution:
            // An octagon (a stop sign) with a "!".
            "M5 1H11L15 5V11L11 15H5L1 11V5ZM5.62 2.5L2.5 5.62V10.38L5.62 13.5H10.38L13.5 10.38V5.62L10.38 2.5Z"
                + "M7.25 4.5h1.5v4.5h-1.5ZM8 10.25a.75.75 0 1 1 0 1.5a.75.75 0 1 1 0-1.5Z"
        }
    }

    /// Fallback title colour on a light page (GitHub's light palette).
    var lightColor: String {
        switch self {
        case .note: "#0969da"
        case .tip: "#1a7f37"
        case .important: "#8250df"
        case .warning: "#9a6700"
        case .caution: "#d1242f"
        }
    }

    /// Fallback title colour on a dark page (GitHub's dark palette).
    var darkColor: String {
        switch self {
        case .note: "#4493f8"
        case .tip: "#3fb950"
        case .important: "#ab7df8"
        case .warning: "#d29922"
        case .caution: "#f85149"
        }
    }

    /// One rule per kind setting the colour the alert's border and title share.
    static func colorRules(prefix: String, indent: String, dark: Bool) -> String {
        allCases.map { kind in
            let color = dark ? kind.darkColor : kind.lightColor
            return "\(indent)\(prefix).markdown-alert-\(kind.rawValue) "
                + "{ --markdown-alert-color: var(--alert-\(kind.rawValue), \(color)); }\n"
        }.joined()
    }

    /// The contents of `alerts.css`.
    static let stylesheet = """
        /* GitHub-style alerts (the alerts plugin).

           A site theme recolours the alerts by setting --alert-note, --alert-tip,
           --alert-important, --alert-warning and --alert-caution (for each colour
           scheme it supports); the fallbacks below apply when it does not.

           Title colours against the page background, WCAG 2 contrast ratios
           (AA for normal text needs 4.5:1):
             kind       light, on #ffffff     dark, on #0d1117
             note       #0969da  5.19:1       #4493f8  6.11:1
             tip        #1a7f37  5.08:1       #3fb950  7.45:1
             important  #8250df  5.05:1       #ab7df8  6.33:1
             warning    #9a6700  4.87:1       #d29922  7.50:1
             caution    #d1242f  5.24:1       #f85149  5.65:1 */

        .markdown-alert {
          padding: .5rem 1rem;
          margin: 0 0 1rem;
          color: inherit;
          border-left: .25em solid var(--markdown-alert-color, currentColor);
        }
        .markdown-alert > :first-child { margin-top: 0; }
        .markdown-alert > :last-child { margin-bottom: 0; }
        .markdown-alert-title {
          display: flex;
          align-items: center;
          gap: .5rem;
          font-weight: 600;
          line-height: 1;
          color: var(--markdown-alert-color, inherit);
        }
        .markdown-alert-title .octicon { flex: none; fill: currentColor; }

        \(colorRules(prefix: "", indent: "", dark: false))
        /* Dark fallbacks follow the reader's system setting... */
        @media (prefers-color-scheme: dark) {
        \(colorRules(prefix: "", indent: "  ", dark: true))}

        /* ...unless the site's theme switch says otherwise, on any ancestor. */
        \(colorRules(prefix: "[data-theme=\"dark\"] ", indent: "", dark: true))
        \(colorRules(prefix: "[data-theme=\"light\"] ", indent: "", dark: false))
        """
}
