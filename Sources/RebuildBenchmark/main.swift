import AlertsPlugin
import FlowsPlugin
import Foundation
import SpecSiteKit
import StatusPlugin
import TokensPlugin

// `make bench-rebuild`: how long `specsite serve` takes from a saved file to
// new HTML on disk. Copies a content folder (the generated benchmark sets),
// builds it once in a session, then times rebuilds after no change, after a
// prose edit of one page, a checkbox ticked and a colour token changed, each
// the best of a few rounds, with what the rebuild redid.

let arguments = CommandLine.arguments.dropFirst()
guard let source = arguments.first else {
    FileHandle.standardError.write(Data("usage: RebuildBenchmark CONTENT [ROUNDS [ONLY]]\n".utf8))
    exit(2)
}
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 3
/// Only the measurements whose name contains one of these, separated by commas
/// (`no change,prose`: for profiling, or a large set where each costs minutes).
let only = arguments.dropFirst(2).first.map { $0.split(separator: ",").map(String.init) }
let manager = FileManager.default
let work = manager.temporaryDirectory.appendingPathComponent("specsite-rebuild-\(getpid())").path
let content = work + "/content"
defer { try? manager.removeItem(atPath: work) }
try manager.createDirectory(atPath: work, withIntermediateDirectories: true)
try manager.copyItem(atPath: source, toPath: content)

/// The markdown files of the copy, sorted.
let files = (manager.subpaths(atPath: content) ?? []).filter { $0.hasSuffix(".md") }.sorted()

/// The first file whose text contains `marker`, with its text.
func firstFile(containing marker: String) -> (path: String, text: String)? {
    for file in files {
        guard let text = try? String(contentsOfFile: content + "/" + file, encoding: .utf8) else { continue }
        if text.contains(marker) { return (file, text) }
    }
    return nil
}

let session = BuildSession(
    options: BuildOptions(
        content: content, output: work + "/site",
        plugins: [AlertsPlugin(), TokensPlugin(), FlowsPlugin(), StatusPlugin()]))
let first = session.rebuild()
guard let summary = first.summary else {
    print("first build failed: \(first.failure ?? "")")
    for line in first.diagnostics.prefix(20) { print(line) }
    exit(1)
}
print(
    "\(source): \(summary.pages) pages, \(summary.files) files; first build "
        + String(format: "%.0f ms", first.seconds * 1000) + " ("
        + first.stages.map { "\($0.stage) " + String(format: "%.0f", $0.seconds * 1000) }.joined(separator: ", ")
        + ")")

/// Makes `edit` (and its undo, alternately) `rounds` times and prints the best rebuild.
func measure(_ name: String, _ path: String?, _ edit: (Bool) throws -> Void) throws {
    if let only, !only.contains(where: { name.contains($0) }) { return }
    guard let path else {
        print("  \(name): no page to edit")
        return
    }
    var best: RebuildReport?
    for round in 0..<rounds {
        try edit(round % 2 == 0)
        let report = session.rebuild(changed: [path])
        guard report.succeeded else {
            print("  \(name): rebuild failed: \(report.failure ?? "")")
            return
        }
        if best == nil || report.seconds < best!.seconds { best = report }
    }
    if let best {
        print(
            "  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) "
                + String(format: "%7.1f ms", best.seconds * 1000)
                + "  (\(best.reparsed) parsed, \(best.rerendered) rendered, best of \(rounds))  "
                + best.stages.map { "\($0.stage) " + String(format: "%.0f", $0.seconds * 1000) }.joined(separator: ", ")
        )
    }
}

/// Replaces `old` by `new` in `file` (or back).
func toggle(_ file: (path: String, text: String)?, _ old: String, _ new: String) -> (Bool) throws -> Void {
    { forward in
        guard let file else { return }
        let text = forward ? file.text.replacingOccurrences(of: old, with: new) : file.text
        try text.write(toFile: content + "/" + file.path, atomically: true, encoding: .utf8)
    }
}

try measure("no change", "-") { _ in }
let prose = files.first.map { ($0, (try? String(contentsOfFile: content + "/" + $0, encoding: .utf8)) ?? "") }
try measure("prose edit", prose?.0) { forward in
    guard let prose else { return }
    try (forward ? prose.1 + "\nOne more sentence.\n" : prose.1).write(
        toFile: content + "/" + prose.0, atomically: true, encoding: .utf8)
}
let checkbox = firstFile(containing: "- [ ] ")
try measure("checkbox ticked", checkbox?.path, toggle(checkbox, "- [ ] ", "- [x] "))
let colour = files.lazy.compactMap { file -> (path: String, text: String, hex: String)? in
    guard let text = try? String(contentsOfFile: content + "/" + file, encoding: .utf8),
        let range = text.range(of: "#[0-9A-Fa-f]{6}\\b", options: .regularExpression)
    else { return nil }
    return (file, text, String(text[range]))
}.first
try measure(
    "token value", colour?.path,
    toggle(
        colour.map { ($0.path, $0.text) }, colour?.hex ?? "",
        colour.map { $0.hex == "#123456" ? "#654321" : "#123456" } ?? ""))
