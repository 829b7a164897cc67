import Foundation
import SpecSiteKit

/// What the status plugin reads from git for a content folder on disk: the
/// plans' history, and the evidence behind items that name files.
extension StatusPlugin {
    /// What ``readGit(folder:configFile:cache:report:site:history:evidence:)`` found.
    public struct GitReading: Sendable {
        /// The history, when the folder has commits and it was asked for.
        public var history: StatusHistory?
        /// Why items that name files were not checked, when they were not.
        public var evidenceNote: String?
        /// Whether the folder is outside any git repository (or there is no
        /// `git`): the note then says what a reader of the page may not know,
        /// and what a user at a terminal does.
        public var outsideGit = false
        /// Problems worth a warning (git refused the repository, a replay failed).
        public var warnings: [String] = []
    }

    /// Reads the history (when `history`) and adds the evidence hints to
    /// `report`'s items (when `evidence`). A folder outside git has neither,
    /// and says so only where items name files.
    public static func readGit(
        folder: String, configFile: String?, cache: String?, report: inout StatusReport, site: Site, history: Bool,
        evidence: Bool
    ) -> GitReading {
        var reading = GitReading()
        let repository: GitRepository
        do {
            repository = try GitRepository(folder: folder)
        } catch {
            let quiet = error.reason == "not inside a git repository" || error.reason == "no git command on PATH"
            if !quiet { reading.warnings.append("no history or evidence from git: \(error.reason)") }
            reading.outsideGit = quiet
            if evidence { reading.evidenceNote = note(report: report, reason: error.reason) }
            return reading
        }
        if history || evidence {
            do {
                let options = BuildOptions(
                    content: folder, output: "", configFile: configFile, plugins: [StatusPlugin()])
                let replayed = try StatusHistory.replay(options: options, repository: repository, cache: cache)
                reading.history = replayed.points.isEmpty ? nil : replayed
            } catch {
                reading.warnings.append(
                    "no history from git: \((error as? Diagnostic)?.message ?? String(describing: error))")
            }
        }
        guard evidence else { return reading }
        guard reading.history != nil else {
            reading.evidenceNote = note(report: report, reason: "no commit holds the content folder")
            return reading
        }
        reading.evidenceNote = StatusEvidence.check(
            &report, site: site, contentFolder: folder, repository: repository, history: reading.history)
        return reading
    }

    /// "The files items name were not checked against git: REASON", or nil
    /// when there is no item to check. Said without reading the items'
    /// texts, which would parse every plan again for a sentence.
    static func note(report: StatusReport, reason: String) -> String? {
        guard !report.tracked.isEmpty else { return nil }
        return "The files items name were not checked against git: \(reason)"
    }
}
