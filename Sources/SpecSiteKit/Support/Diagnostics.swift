import Foundation

/// A warning or error tied to a file and, where known, a line; printed as
/// `path:line: warning: message`, the form editors and CI annotate.
public struct Diagnostic: Sendable, Equatable, Error, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Comparable {
        case warning, error

        /// Warnings sort before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// Warning or error.
    public var severity: Severity
    /// The file as the user names it (for example `content/PRD.md`), or nil for the whole build.
    public var file: String?
    /// 1-based line, or nil when the message is about the whole file.
    public var line: Int?
    /// What is wrong, said plainly.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, file: String?, line: Int? = nil, _ message: String) {
        self.severity = severity
        self.file = file
        self.line = line.flatMap { $0 > 0 ? $0 : nil }
        self.message = message
    }

    /// `path:line: severity: message`, on one line: control characters from the
    /// content (an ESC in a title, a newline in a link) are shown as escapes
    /// (``TerminalText``), so a message can neither drive the terminal nor forge
    /// another line.
    public var description: String {
        var location = ""
        if let file {
            location = file
            if let line { location += ":\(line)" }
            location += ": "
        }
        return TerminalText.escaped("\(location)\(severity.rawValue): \(message)")
    }
}

/// Collects diagnostics from every stage and thread of a build.
public final class DiagnosticLog: @unchecked Sendable {
    // @unchecked: every access to `items` goes through `lock`.
    private let lock = NSLock()
    private var items: [Diagnostic] = []
    /// Called (under no lock) with each diagnostic as it is reported, e.g. to print it at once.
    private let onReport: (@Sendable (Diagnostic) -> Void)?

    /// Creates an empty log; `onReport` sees every diagnostic as it arrives.
    public init(onReport: (@Sendable (Diagnostic) -> Void)? = nil) {
        self.onReport = onReport
    }

    /// Records a diagnostic.
    public func report(_ diagnostic: Diagnostic) {
        lock.withLock { items.append(diagnostic) }
        onReport?(diagnostic)
    }

    /// Records a warning.
    public func warning(_ file: String?, line: Int? = nil, _ message: String) {
        report(Diagnostic(.warning, file: file, line: line, message))
    }

    /// Records an error.
    public func error(_ file: String?, line: Int? = nil, _ message: String) {
        report(Diagnostic(.error, file: file, line: line, message))
    }

    /// Everything reported so far, sorted by file, line and message so output is
    /// the same whichever thread reported first.
    public var all: [Diagnostic] {
        lock.withLock { items }.sorted {
            ($0.file ?? "", $0.line ?? 0, $0.message) < ($1.file ?? "", $1.line ?? 0, $1.message)
        }
    }

    /// How many errors have been reported.
    public var errorCount: Int { lock.withLock { items.filter { $0.severity == .error }.count } }

    /// How many warnings have been reported.
    public var warningCount: Int { lock.withLock { items.filter { $0.severity == .warning }.count } }
}
