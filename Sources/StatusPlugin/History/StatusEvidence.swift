import Foundation
import SpecSiteKit

/// The repository's evidence behind each item that names files (`Files to
/// Create:`, GSD `files_modified`, spec-kit task paths, Kiro `_Files:_`):
///
/// - marked done, but files it names are not in the repository;
/// - marked done, but no commit changed its files since it was written;
/// - not marked done, but a commit that changed its files names its id.
///
/// Each is a hint on the item (so it is listed in "Check these"); the
/// author's status is never changed.
enum StatusEvidence {
    /// Files an item names that are looked at, at most.
    static let filesPerItem = 20
    /// Paths asked of git in one run, at most.
    static let pathLimit = 4000
    /// How long before an item was written its work may have been committed:
    /// a plan is often recorded after the code it describes (a quick task's
    /// plan and summary minutes after the commit), so "before it was written"
    /// means more than a day before.
    static let grace = 86_400

    /// An item to check: where it is in the report, the files it names as
    /// found in the repository (each as the paths it matches, relative to the
    /// top), and those that should be there and are not.
    private struct Claim {
        var index: Int
        var found: [[String]]
        /// The files found as written (not by a glob or a bare name).
        var exact: [String]
        var missing: [String]
    }

    /// Adds the hints to `report`'s entries; returns why nothing was
    /// checked, when nothing was.
    static func check(
        _ report: inout StatusReport, site: Site, contentFolder: String, repository: GitRepository,
        history: StatusHistory?
    ) -> String? {
        let files = RepositoryFiles(
            top: URL(fileURLWithPath: repository.topLevel).standardizedFileURL.path,
            content: URL(fileURLWithPath: Builder.absolute(contentFolder)).standardizedFileURL.path,
            tracked: (try? repository.trackedFiles()) ?? [])
        var claims: [Claim] = []
        for named in namedFiles(in: report, site: site) {
            let folder = (files.content as NSString).appendingPathComponent(
                (named.textPath as NSString).deletingLastPathComponent)
            var claim = Claim(index: named.index, found: [], exact: [], missing: [])
            for file in named.files {
                switch files.locate(file, from: folder) {
                case .found(let paths, let exact):
                    claim.found.append(paths)
                    if exact { claim.exact += paths }
                case .missing: claim.missing.append(file)
                case .unjudged: continue
                }
            }
            if !claim.found.isEmpty || !claim.missing.isEmpty { claims.append(claim) }
        }
        guard !claims.isEmpty else { return nil }
        // Not one named file here: the plans describe code kept in another
        // repository (a spec-only repository). Every done item would be
        // flagged, wrongly; it is said once instead.
        guard claims.contains(where: { !$0.found.isEmpty }) else {
            return
                "\(claims.count == 1 ? "1 item names" : "\(claims.count) items name") files, and none of them is in"
                + " this repository, so they were not checked (is the code kept elsewhere?)"
        }
        // When each missing file was last changed (removed), if it ever was
        // in the repository: a file an item removed is its work, not a miss.
        let missingPaths = Array(
            Set(claims.flatMap(\.missing).compactMap(RepositoryFiles.concrete)).sorted().prefix(pathLimit))
        var removed: [String: Int] = [:]
        for touch in (try? repository.commits(touching: missingPaths)) ?? [] {
            for file in touch.files { removed[file] = max(removed[file] ?? 0, touch.date) }
        }
        let paths = Array(Set(claims.flatMap { $0.found.flatMap { $0 } }).sorted().prefix(pathLimit))
        let touches = (try? repository.commits(touching: paths)) ?? []
        var lastTouched: [String: Int] = [:]
        var touchesByFile: [String: [Int]] = [:]
        for (number, touch) in touches.enumerated() {
            for file in touch.files {
                lastTouched[file] = max(lastTouched[file] ?? 0, touch.date)
                touchesByFile[file, default: []].append(number)
            }
        }
        for claim in claims {
            var item = report.entries[claim.index].item
            if item.status == .done {
                let written = history?.written[item.key]
                let count = claim.missing.count + claim.found.count
                // Never in the repository; or removed before the item was
                // written. A file removed later may be the item's own work.
                let never = claim.missing.filter { removed[RepositoryFiles.concrete($0) ?? $0] == nil }
                let gone = claim.missing.filter { file in
                    guard let date = removed[RepositoryFiles.concrete(file) ?? file], let written else { return false }
                    return date < written - grace
                }
                if !never.isEmpty {
                    item.hint(
                        "marked done, but \(never.count) of the \(count) files it names"
                            + " \(never.count == 1 ? "has" : "have") never been in the repository: \(Self.list(never))",
                        line: item.line, fromGit: true)
                }
                if !gone.isEmpty, let written {
                    item.hint(
                        "marked done, but \(gone.count) of the \(count) files it names \(gone.count == 1 ? "was" : "were")"
                            + " removed before it was written (\(StatusHistoryText.day(written))): \(Self.list(gone))",
                        line: item.line, fromGit: true)
                }
                if claim.missing.isEmpty, let written {
                    // Documents an item names are mostly what it refers to, not what it makes.
                    let made = claim.exact.filter { !RepositoryFiles.isDocument($0) }
                    let last = made.compactMap { lastTouched[$0] }.max()
                    if !made.isEmpty, last.map({ $0 < written - grace }) ?? true {
                        item.hint(
                            "marked done, but no commit has changed the files it names since it was written"
                                + " (\(StatusHistoryText.day(written)))", line: item.line, fromGit: true)
                    }
                }
            } else if claim.missing.isEmpty, namesItself(item.id) {
                let numbers = Set(claim.found.flatMap { $0.flatMap { touchesByFile[$0] ?? [] } }).sorted()
                if let match = numbers.lazy.map({ touches[$0] }).first(where: { mentions($0.message, item.id) }) {
                    item.hint(
                        "not marked done, but commit \(match.id.prefix(7)) (\(StatusHistoryText.day(match.date)))"
                            + " names \(item.id) and changed the files it names", line: item.line, fromGit: true)
                }
            }
            report.entries[claim.index].item = item
        }
        return nil
    }

    /// The items that name files, with the files (the first ``filesPerItem``)
    /// and the page they are written on: counted items, not archived.
    static func namedFiles(in report: StatusReport, site: Site) -> [(index: Int, files: [String], textPath: String)] {
        // The items by the page their text is on: each page is parsed again
        // once, the pages side by side, and only while its items are read.
        var order: [String] = []
        var byPage: [String: [Int]] = [:]
        for (index, entry) in report.entries.enumerated() {
            let item = entry.item
            guard StatusReport.trackedKinds.contains(item.kind), !item.archived, item.status.counts else { continue }
            let textPath = item.file ?? item.sourcePath
            if byPage[textPath] == nil { order.append(textPath) }
            byPage[textPath, default: []].append(index)
        }
        let entries = report.entries
        let pages = byPage
        let found = order.parallelMap { textPath -> [(index: Int, files: [String], textPath: String)] in
            guard let page = site.page(at: textPath)?.withTree() else { return [] }
            return pages[textPath, default: []].compactMap { index in
                let files = WorkDetails.of(entries[index].item, on: page).files.prefix(filesPerItem)
                return files.isEmpty ? nil : (index, Array(files), textPath)
            }
        }
        return found.flatMap { $0 }.sorted { $0.index < $1.index }
    }

    /// "`a`, `b` and 3 more".
    static func list(_ files: [String]) -> String {
        let named = files.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
        return files.count > 5 ? named + " and \(files.count - 5) more" : named
    }

    /// Whether an id is one a commit message would name: letters and a
    /// number (`CHUNK-004`, `T012`, `10-04`, `task-12`), not a heading's anchor.
    static func namesItself(_ id: String) -> Bool {
        id.contains(where: \.isNumber) && id.count >= 3 && !id.contains(" ")
    }

    /// Whether `message` names `id` as a whole word, in any case.
    static func mentions(_ message: String, _ id: String) -> Bool {
        let text = Array(message.lowercased().unicodeScalars)
        let needle = Array(id.lowercased().unicodeScalars)
        guard !needle.isEmpty, text.count >= needle.count else { return false }
        func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        var start = 0
        while start + needle.count <= text.count {
            if text[start..<start + needle.count].elementsEqual(needle) {
                let before = start == 0 || !isWordPart(text[start - 1])
                let afterIndex = start + needle.count
                // `CHUNK-004` is not named by `CHUNK-0041`, nor `10-04` by `10-04.5`.
                let after =
                    afterIndex == text.count
                    || (!isWordPart(text[afterIndex])
                        && !(text[afterIndex] == "." && afterIndex + 1 < text.count
                            && ("0"..."9").contains(text[afterIndex + 1])))
                if before && after { return true }
            }
            start += 1
        }
        return false
    }
}
