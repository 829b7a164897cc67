import Foundation

/// A GitHub Actions workflow command (`::error file=…,line=…::message`) that
/// annotates a pull request's diff.
public enum GitHubAnnotation {
    /// How the annotation is shown.
    public enum Level: String, Sendable { case error, warning, notice }

    /// One command line, with its values escaped as GitHub's toolkit escapes them.
    public static func line(
        _ level: Level, file: String? = nil, line: Int? = nil, title: String? = nil, message: String
    ) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(file)) }
        if let line, line > 0 { properties.append("line=\(line)") }
        if let title { properties.append("title=" + escapeProperty(title)) }
        let head =
            properties.isEmpty ? "::\(level.rawValue)" : "::\(level.rawValue) " + properties.joined(separator: ",")
        return head + "::" + escapeData(message) + "\n"
    }

    /// `%`, CR and LF, as `@actions/core` escapes a message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A message's escapes, and `:` and `,`, which end a property.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
