import Foundation

/// What one build of a ``BuildSession`` did, as a server shows it.
public struct RebuildReport: Sendable {
    /// The build's summary, or nil when it failed (the previous site is still in place then).
    public var summary: BuildSummary?
    /// Why it failed, in one line (`build failed: 1 error; …`), or nil.
    public var failure: String?
    /// What the build reported, as it would be printed (sorted, repeats folded).
    public var diagnostics: [Diagnostic]
    /// Wall time of the build, in seconds.
    public var seconds: Double
    /// Source paths (relative to the content folder) the caller said changed.
    public var changed: [String]
    /// Pages that were parsed and analysed again (the others came from the cache).
    public var reparsed: Int
    /// Pages rendered again (the others were known to be unchanged).
    public var rerendered: Int
    /// Each stage's wall time, in the order they ran (empty when the build failed early).
    public var stages: [StageTime] = []

    /// Whether the build wrote a new site.
    public var succeeded: Bool { summary != nil }
}

/// Builds the same folders again and again (for `specsite serve`), keeping what
/// it learnt between builds so a rebuild redoes only what an edit touched.
///
/// One build runs at a time: ``rebuild(changed:)`` holds a lock for its whole
/// length, so a server may call it from any thread.
public final class BuildSession: @unchecked Sendable {
    // @unchecked: `cache` is only touched under `lock`.
    /// The options every build uses.
    public let options: BuildOptions
    private let keepsNotes: Bool
    private let lock = NSLock()
    private var cache = BuildCache(isEnabled: true)

    /// Creates a session; nothing is built until ``rebuild(changed:)``.
    public init(options: BuildOptions, keepsNotes: Bool = false) {
        self.options = options
        self.keepsNotes = keepsNotes
    }

    /// Builds the site. `changed` names the files that changed since the last
    /// call, for the report only: what to redo is decided from the files' own
    /// bytes, never from what a watcher said, so a missed event cannot leave a
    /// stale page.
    public func rebuild(changed: [String] = []) -> RebuildReport {
        lock.withLock {
            let started = DispatchTime.now().uptimeNanoseconds
            let diagnostics = DiagnosticLog(keepsNotes: keepsNotes)
            let builder = Builder(options: options, diagnostics: diagnostics)
            var report = RebuildReport(
                summary: nil, failure: nil, diagnostics: [], seconds: 0, changed: changed, reparsed: 0, rerendered: 0)
            do {
                let (summary, work) = try builder.build(cache: &cache)
                report.summary = summary
                report.reparsed = work.reparsed
                report.rerendered = work.rerendered
                report.stages = work.stages
            } catch let failure as BuildFailure {
                report.failure = failure.description
            } catch let diagnostic as Diagnostic {
                diagnostics.report(diagnostic)
                report.failure = diagnostic.description
            } catch {
                report.failure = "error: \(error)"
            }
            report.diagnostics = diagnostics.notes + diagnostics.shown
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            return report
        }
    }
}
