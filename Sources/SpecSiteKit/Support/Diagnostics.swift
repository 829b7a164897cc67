import Foundation

/// A warning or error tied to a file and, where known, a line; printed as
/// `path:line: warning: message`, the form editors and CI annotate.
public struct Diagnostic: Sendable, Equatable, Error, CustomStringConvertible, Codable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Comparable, Codable {
        /// Something a build skipped on purpose, printed with `--verbose` only.
        case note
        case warning, error

        /// Notes sort before warnings, warnings before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// Warning or error.
    public var severity: Severity
    /// The file as the user names it (for example `content/PRD.md`), or nil for the whole build.
    public var file: String?
    /// 1-based line, or nil when the message is about the whole file.
    public var line: Int?
    /// What is wrong, said plainly.
    public var message: String
    /// What kind of problem it is, for `rules:` in the settings and for
    /// `specsite check`'s output; nil for one no rule covers.
    public var rule: DiagnosticRule?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, file: String?, line: Int? = nil, rule: DiagnosticRule? = nil, _ message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line.flatMap { $0 > 0 ? $0 : nil }
        self.rule = rule
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
///
/// A hostile or broken file can cause the same problem thousands of times (a
/// broken reference link used 200,000 times once printed 411 MB), so the log
/// keeps each message at most ``repeatsKept`` times per file, at its first
/// lines, and counts the rest; ``shown`` caps what is printed per file. What
/// is kept is the same whichever thread reported first, so the output is too.
public final class DiagnosticLog: @unchecked Sendable {
    /// How many times one message is kept (and printed) for one file, at its
    /// first lines; later repeats are counted.
    public static let repeatsKept = 10
    /// How many lines ``shown`` prints for one file before saying how many more there are.
    public static let shownPerFile = 100

    /// One message of one file: the first lines it was reported at, and how often.
    private struct Group {
        var diagnostic: Diagnostic
        /// The smallest lines reported, sorted, at most `repeatsKept` (0 for none).
        var lines: [Int] = []
        var count = 0
    }

    /// A line of ``shown`` before the per-file cap: a kept diagnostic, or a
    /// summary that stands for a message's further repeats.
    private struct Entry {
        var diagnostic: Diagnostic
        /// The message as reported (a summary's says how many more).
        var base: String
        var summary: Bool
        /// How many reports it stands for.
        var stands: Int

        /// A summary sorts as the message it counts, right after its last kept line.
        var sortKey: (String, Int, String, Int) {
            (diagnostic.file ?? "", diagnostic.line ?? 0, base, summary ? 1 : 0)
        }
    }

    private struct GroupKey: Hashable {
        var file: String?
        var severity: Diagnostic.Severity
        var rule: DiagnosticRule?
        var message: String

        init(_ diagnostic: Diagnostic) {
            (file, severity, rule, message) = (
                diagnostic.file, diagnostic.severity, diagnostic.rule, diagnostic.message
            )
        }
    }

    // @unchecked: every access to the stored state goes through `lock`.
    private let lock = NSLock()
    private var groups: [GroupKey: Group] = [:]
    private var errors = 0
    private var warnings = 0
    /// Called (under no lock) with each diagnostic as it is reported, e.g. to print it at once.
    private let onReport: (@Sendable (Diagnostic) -> Void)?
    /// Whether ``note(_:line:_:)`` keeps what it is told (`--verbose`).
    public let keepsNotes: Bool
    private var keptNotes: Set<NoteKey> = []

    private struct NoteKey: Hashable {
        var file: String?
        var line: Int
        var rule: DiagnosticRule?
        var message: String
    }

    /// What `rules:` in the settings makes of each rule (see ``apply(_:)``). Guarded by `lock`.
    private var rules = RuleSettings()

    /// The log a recording log passes everything on to (see ``init(recordingInto:)``).
    private let parent: DiagnosticLog?
    /// What a recording log was told, in order. Guarded by `lock`.
    private var recording: [Diagnostic] = []

    /// Creates an empty log; `onReport` sees every diagnostic as it arrives;
    /// notes are kept only when `keepsNotes`.
    public init(keepsNotes: Bool = false, onReport: (@Sendable (Diagnostic) -> Void)? = nil) {
        self.keepsNotes = keepsNotes
        self.onReport = onReport
        self.parent = nil
    }

    /// A log for one piece of work whose result a rebuild may reuse (a page's
    /// parse and facts, its HTML): it passes everything on to `parent` and
    /// keeps it, so that reusing the result reports the same again
    /// (``replay(_:into:)``) and a rebuild prints what a clean build prints.
    /// `keepsNotes` records notes even when `parent` drops them (what the
    /// build cache keeps serves a later `--verbose` build too).
    init(recordingInto parent: DiagnosticLog, keepsNotes: Bool? = nil) {
        self.keepsNotes = keepsNotes ?? parent.keepsNotes
        self.onReport = nil
        self.parent = parent
    }

    /// What a recording log was told, notes included, in the order it was told.
    var recorded: [Diagnostic] { lock.withLock { recording } }

    /// Reports `recorded` (from a recording log) to `log` again.
    static func replay(_ recorded: [Diagnostic], into log: DiagnosticLog) {
        for diagnostic in recorded {
            if diagnostic.severity == .note {
                log.note(diagnostic.file, line: diagnostic.line, rule: diagnostic.rule, diagnostic.message)
            } else {
                log.report(diagnostic)
            }
        }
    }

    /// Records a note: what the build skipped on purpose and why. Notes are
    /// no warnings (they count toward nothing, `--strict` ignores them) and
    /// are dropped unless the log ``keepsNotes`` or the settings make the
    /// note's rule a warning or an error (``apply(_:)``).
    public func note(_ file: String?, line: Int? = nil, rule: DiagnosticRule? = nil, _ message: String) {
        guard keeps(noteOf: rule) else { return }
        if let parent {
            lock.withLock { recording.append(Diagnostic(.note, file: file, line: line, rule: rule, message)) }
            return parent.note(file, line: line, rule: rule, message)
        }
        let key = NoteKey(file: file, line: line ?? 0, rule: rule, message: message)
        _ = lock.withLock { keptNotes.insert(key) }
    }

    /// Whether a note of `rule` is kept: always with ``keepsNotes``, else when
    /// the root log's settings raise the rule to a warning or an error.
    private func keeps(noteOf rule: DiagnosticRule?) -> Bool {
        if keepsNotes { return true }
        if let parent { return parent.keeps(noteOf: rule) }
        guard let rule, let level = lock.withLock({ rules.levels[rule] }) else { return false }
        return level == .error || level == .warning
    }

    /// Sets what `rules:` in the settings makes of each rule. It applies to
    /// every warning and error the log was and will be told (``all``,
    /// ``shown`` and the counts read through it), so a warning reported
    /// before the settings were read is treated as one reported after; a
    /// note is kept or dropped when it is told (the settings are read before
    /// any page, so before any note).
    public func apply(_ rules: RuleSettings) {
        if let parent { return parent.apply(rules) }
        lock.withLock { self.rules = rules }
    }

    /// The notes kept, sorted by file, line and message, so two runs print
    /// the same; with ``keepsNotes``, warnings the settings make notes too.
    public var notes: [Diagnostic] {
        resolved().notes.sorted(by: Self.precedes)
    }

    /// The groups and notes as the settings' rules make them: a rule that is
    /// off drops its diagnostics, one made a note moves them to the notes
    /// (kept only with ``keepsNotes``), and notes made warnings or errors
    /// join the groups.
    private func resolved() -> (groups: [Group], notes: [Diagnostic]) {
        let (groups, keptNotes, rules) = lock.withLock { (Array(self.groups.values), self.keptNotes, self.rules) }
        let notes = keptNotes.map { Diagnostic(.note, file: $0.file, line: $0.line, rule: $0.rule, $0.message) }
        guard !rules.levels.isEmpty else { return (groups, keepsNotes ? notes : []) }
        var merged: [GroupKey: Group] = [:]
        var shownNotes: [Diagnostic] = []
        func add(_ diagnostic: Diagnostic, lines: [Int], count: Int) {
            guard let ruled = rules.apply(to: diagnostic) else { return }
            if ruled.severity == .note {
                guard keepsNotes else { return }
                for line in lines {
                    var note = ruled
                    note.line = line > 0 ? line : nil
                    shownNotes.append(note)
                }
                return
            }
            var group = merged[GroupKey(ruled)] ?? Group(diagnostic: ruled)
            group.lines = Array((group.lines + lines).sorted().prefix(Self.repeatsKept))
            group.count += count
            merged[GroupKey(ruled)] = group
        }
        for group in groups { add(group.diagnostic, lines: group.lines, count: group.count) }
        for note in notes { add(note, lines: [note.line ?? 0], count: 1) }
        return (Array(merged.values), shownNotes)
    }

    /// Records a diagnostic.
    public func report(_ diagnostic: Diagnostic) {
        if let parent {
            lock.withLock { recording.append(diagnostic) }
            return parent.report(diagnostic)
        }
        if diagnostic.severity == .note {
            return note(diagnostic.file, line: diagnostic.line, rule: diagnostic.rule, diagnostic.message)
        }
        let key = GroupKey(diagnostic)
        let line = diagnostic.line ?? 0
        lock.withLock {
            if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            var group = groups.removeValue(forKey: key) ?? Group(diagnostic: diagnostic)
            group.count += 1
            // Keep the smallest lines, so which are kept does not depend on thread order.
            if group.lines.count < Self.repeatsKept || line < group.lines[group.lines.count - 1] {
                let position = group.lines.firstIndex { $0 > line } ?? group.lines.count
                group.lines.insert(line, at: position)
                if group.lines.count > Self.repeatsKept { group.lines.removeLast() }
            }
            groups[key] = group
        }
        onReport?(diagnostic)
    }

    /// Records a warning.
    public func warning(_ file: String?, line: Int? = nil, rule: DiagnosticRule? = nil, _ message: String) {
        report(Diagnostic(.warning, file: file, line: line, rule: rule, message))
    }

    /// Records an error.
    public func error(_ file: String?, line: Int? = nil, rule: DiagnosticRule? = nil, _ message: String) {
        report(Diagnostic(.error, file: file, line: line, rule: rule, message))
    }

    /// Everything kept, sorted by file, line and message so output is the same
    /// whichever thread reported first: every diagnostic, except that a message
    /// repeated in one file is kept at its first ``repeatsKept`` lines only.
    public var all: [Diagnostic] {
        let groups = resolved().groups
        return groups.flatMap { group in
            group.lines.map { line in
                var diagnostic = group.diagnostic
                diagnostic.line = line > 0 ? line : nil
                return diagnostic
            }
        }.sorted(by: Self.precedes)
    }

    /// What to print, in the order of ``all``: each message at most
    /// ``repeatsKept`` times per file, then a line saying how many more times it
    /// was reported; at most ``shownPerFile`` lines per file, then a line
    /// saying how many more problems that file has. Its size depends on the
    /// number of files and distinct messages, not on how often one repeats.
    public var shown: [Diagnostic] {
        let groups = resolved().groups
        // Each kept occurrence, and after a group's last one, its "more like this".
        var entries: [Entry] = []
        var totals: [String: (errors: Int, warnings: Int)] = [:]
        for group in groups {
            let file = group.diagnostic.file ?? ""
            var total = totals[file] ?? (0, 0)
            if group.diagnostic.severity == .error {
                total.errors += group.count
            } else {
                total.warnings += group.count
            }
            totals[file] = total
            for line in group.lines {
                var diagnostic = group.diagnostic
                diagnostic.line = line > 0 ? line : nil
                entries.append(Entry(diagnostic: diagnostic, base: group.diagnostic.message, summary: false, stands: 1))
            }
            let more = group.count - group.lines.count
            if more > 0 {
                var summary = group.diagnostic
                summary.line = group.lines.last.flatMap { $0 > 0 ? $0 : nil }
                summary.message =
                    "and \(Self.grouped(more)) more like this: " + Self.shortened(group.diagnostic.message)
                entries.append(Entry(diagnostic: summary, base: group.diagnostic.message, summary: true, stands: more))
            }
        }
        entries.sort { $0.sortKey < $1.sortKey }
        var shown: [Diagnostic] = []
        var index = 0
        while index < entries.count {
            let file = entries[index].diagnostic.file
            var end = index
            while end < entries.count && entries[end].diagnostic.file == file { end += 1 }
            let block = entries[index..<end]
            guard block.count > Self.shownPerFile else {
                shown += block.map(\.diagnostic)
                index = end
                continue
            }
            var left = totals[file ?? ""] ?? (0, 0)
            for entry in block.prefix(Self.shownPerFile) {
                shown.append(entry.diagnostic)
                // A summary line stands for the repeats it counts.
                if entry.diagnostic.severity == .error {
                    left.errors -= entry.stands
                } else {
                    left.warnings -= entry.stands
                }
            }
            var parts: [String] = []
            if left.errors > 0 { parts.append("\(Self.grouped(left.errors)) more error\(left.errors == 1 ? "" : "s")") }
            if left.warnings > 0 {
                parts.append("\(Self.grouped(left.warnings)) more warning\(left.warnings == 1 ? "" : "s")")
            }
            shown.append(
                Diagnostic(
                    left.errors > 0 ? .error : .warning, file: file,
                    "and \(parts.joined(separator: " and ")) in this file, not shown"))
            index = end
        }
        return shown
    }

    /// How many errors have been reported, as the settings' rules make them.
    public var errorCount: Int { counts.errors }

    /// How many warnings have been reported, as the settings' rules make them.
    public var warningCount: Int { counts.warnings }

    private var counts: (errors: Int, warnings: Int) {
        let (errors, warnings, plain) = lock.withLock { (self.errors, self.warnings, rules.levels.isEmpty) }
        if plain { return (errors, warnings) }
        var counts = (errors: 0, warnings: 0)
        for group in resolved().groups {
            if group.diagnostic.severity == .error {
                counts.errors += group.count
            } else {
                counts.warnings += group.count
            }
        }
        return counts
    }

    /// The order diagnostics are printed in: by file, line and message.
    public static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.file ?? "", lhs.line ?? 0, lhs.message) < (rhs.file ?? "", rhs.line ?? 0, rhs.message)
    }

    /// `199990` → `199,990`: counts that size are read, not parsed.
    public static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// A repeated message quoted in its summary: long ones (a 2,000-character
    /// link) are cut, since the lines above print it whole.
    private static func shortened(_ message: String) -> String {
        message.count > 120 ? String(message.prefix(119)) + "…" : message
    }
}
