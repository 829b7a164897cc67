import Foundation
import Yams

/// A YAML value as written: scalars keep their source text, so `plan: 09`
/// stays "09" and `phase: 05` stays "05" (YAML 1.1 would turn them into numbers).
/// Used for front matter, `specsite.yml` and plugin settings.
public indirect enum YAMLValue: Sendable, Equatable {
    /// A scalar's text exactly as written (quotes removed).
    case scalar(String)
    /// `~`, `null` or an empty value.
    case null
    /// A list.
    case sequence([YAMLValue])
    /// A mapping, in source order.
    case mapping([Entry])

    /// One key of a mapping with its value and the line it stands on.
    public struct Entry: Sendable, Equatable {
        /// The key's text.
        public var key: String
        /// The value.
        public var value: YAMLValue
        /// 1-based line of the key in its file (0 when unknown).
        public var line: Int

        /// Creates an entry.
        public init(key: String, value: YAMLValue, line: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The value for `key` when this is a mapping.
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The entries when this is a mapping, else none.
    public var entries: [Entry] {
        if case .mapping(let entries) = self { return entries }
        return []
    }

    /// The scalar's text, or nil for anything else.
    public var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    /// The scalar read as an integer (`05` → 5).
    public var int: Int? { string.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    /// The scalar read as a number.
    public var double: Double? { string.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }

    /// The scalar read as a YAML boolean (`true`, `yes`, `on` and their opposites).
    public var bool: Bool? {
        switch string?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// The items when this is a sequence; a lone scalar reads as a one-item list.
    public var array: [YAMLValue]? {
        switch self {
        case .sequence(let items): return items
        case .scalar: return [self]
        default: return nil
        }
    }

    /// Parses YAML text. `firstLine` is the file line the text starts on, so
    /// errors and entry lines name lines of the file.
    public static func parse(_ yaml: String, firstLine: Int = 1) throws(YAMLError) -> YAMLValue {
        let node: Node?
        if let line = YAMLBudget.aliasedComplexKey(in: yaml) {
            throw YAMLError(
                line: line + firstLine - 1,
                message: "a mapping key that is an alias or a list or mapping, in YAML that uses aliases, is not"
                    + " supported (such keys can take unbounded time to compare)")
        }
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw YAMLError(from: error, firstLine: firstLine)
        } catch {
            throw YAMLError(line: firstLine, message: "\(error)")
        }
        guard let node else { return .null }
        // Yams shares an aliased node rather than copying it, so the tree is
        // as small as the text; copying it into values is where "billion
        // laughs" (nine aliases of nine aliases of …) would take gigabytes.
        var budget = YAMLBudget(text: yaml)
        return try YAMLValue(node, firstLine: firstLine, line: firstLine, budget: &budget)
    }

    private init(_ node: Node, firstLine: Int, line: Int, budget: inout YAMLBudget) throws(YAMLError) {
        try budget.spend(line: line)
        switch node {
        case .scalar(let scalar):
            let isNull =
                scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [YAMLValue] = []
            for item in sequence {
                items.append(try YAMLValue(item, firstLine: firstLine, line: line, budget: &budget))
            }
            self = .sequence(items)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for pair in mapping {
                let keyLine = (pair.key.mark?.line).map { $0 + firstLine - 1 } ?? 0
                entries.append(
                    Entry(
                        key: pair.key.scalar?.string ?? "",
                        value: try YAMLValue(
                            pair.value, firstLine: firstLine, line: keyLine > 0 ? keyLine : line, budget: &budget),
                        line: keyLine))
            }
            self = .mapping(entries)
        case .alias:
            self = .null
        }
    }
}

/// A YAML syntax error with the file line it was found on.
public struct YAMLError: Error, Sendable, Equatable {
    /// 1-based file line.
    public var line: Int
    /// What the YAML parser said.
    public var message: String

    /// Creates an error.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    init(from error: YamlError, firstLine: Int) {
        switch error {
        case .scanner(let context, let problem, let mark, let yaml),
            .parser(let context, let problem, let mark, let yaml),
            .composer(let context, let problem, let mark, let yaml):
            // The parser notices an unclosed `[` or `{` only at the end of the
            // text; the line where the construct started is where to look then.
            let lastLine = SourceLines.lineBreakCount(in: yaml, breaks: .yaml) + 1
            var line = mark.line
            var message = problem
            if let context {
                let construct = context.text.replacingOccurrences(of: "while parsing ", with: "")
                message += " (in \(construct) that starts on line \(context.mark.line + firstLine - 1))"
                if mark.line >= lastLine - 1 && context.mark.line < mark.line { line = context.mark.line }
            }
            self.init(line: line + firstLine - 1, message: message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                line: context.mark.line + firstLine - 1,
                message: "duplicate key \(duplicates.joined(separator: ", "))")
        default:
            self.init(line: firstLine, message: "\(error)")
        }
    }
}
