import SpecSiteDiagrams

/// What a parser made of one block: the graph to draw, its title and what it
/// could not understand.
public struct ParsedFlow: Sendable, Equatable {
    /// The nodes, edges and clusters, in the order they were written.
    public var graph: DiagramGraph
    /// The title the block gives itself (a flow block's `title:` line, mermaid
    /// front matter `title:` or a `title` line), if any.
    public var title: String?
    /// The lines that were skipped or only partly understood, in line order.
    public var warnings: [FlowWarning]

    /// Creates a result.
    public init(graph: DiagramGraph = DiagramGraph(), title: String? = nil, warnings: [FlowWarning] = []) {
        self.graph = graph
        self.title = title
        self.warnings = warnings
    }
}

/// Something a parser skipped or guessed at.
public struct FlowWarning: Sendable, Equatable {
    /// The 0-based index of the line within the block.
    public var line: Int
    /// What was not understood, quoting the text in backticks.
    public var message: String

    /// Creates a warning.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

extension FlowWarning {
    /// `text` cut to a length that reads well inside a message, so a warning
    /// about a 100k-character line stays one line.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        var characters = text.drop(while: \.isWhitespace)
        while let last = characters.last, last.isWhitespace { characters = characters.dropLast() }
        return characters.count > limit ? String(characters.prefix(limit)) + "…" : String(characters)
    }

    /// Sorts warnings by line, keeping the order they were found in on each line.
    static func sorted(_ warnings: [FlowWarning]) -> [FlowWarning] {
        warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}
