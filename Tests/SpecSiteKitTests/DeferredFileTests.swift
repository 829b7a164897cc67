import Foundation
import Testing

@testable import SpecSiteKit

/// A plugin's deferred file is made when it is written, once, and a session
/// keeps its bytes to write again, as it keeps a plain file's.
@Suite("Deferred files")
struct DeferredFileTests {
    @Test func aBuildMakesADeferredFileOnceWhenItIsWritten() {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        let counter = MadeCounter()
        let outcome = space.build(plugins: [DeferringPlugin(counter: counter)])
        #expect(outcome.error == nil, "\(outcome.messages)")
        #expect(space.site("exports/data.txt") == "made 1\n")
        #expect(counter.count == 1)
    }

    @Test func aSessionKeepsTheBytesAndWritesTheSameFileAgain() throws {
        let space = Workspace()
        defer { space.remove() }
        space.write("a.md", "# A\n")
        let counter = MadeCounter()
        let session = BuildSession(
            options: BuildOptions(
                content: space.content, output: space.output, plugins: [DeferringPlugin(counter: counter)]))
        #expect(session.rebuild().failure == nil)
        #expect(counter.count == 1)
        // A page's text changes, not the plugin's inputs (the pages and their titles): its
        // outputs are reused, not made again.
        space.write("a.md", "# A\n\nMore words.\n")
        #expect(session.rebuild().failure == nil)
        #expect(counter.count == 1)
        #expect(space.site("exports/data.txt") == "made 1\n")
        // The file deleted from the output is written again from the kept bytes.
        try FileManager.default.removeItem(atPath: space.output + "/exports/data.txt")
        #expect(session.rebuild().failure == nil)
        #expect(space.site("exports/data.txt") == "made 1\n")
        #expect(counter.count == 1)
    }

    @Test func aDeferredFileReadsAsAFile() {
        let output = GeneratedOutput.deferredFile(path: "x.txt") { Array("x".utf8) }
        #expect(output.file?.path == "x.txt")
        #expect(output.file?.contents == Array("x".utf8))
        guard case .file(let path, let contents) = output.made else {
            Issue.record("a made deferred file is a plain file")
            return
        }
        #expect(path == "x.txt" && contents == Array("x".utf8))
        #expect(GeneratedOutput.page(GeneratedPage(outputPath: "p.html", title: "P", contentHTML: "")).file == nil)
    }
}

/// How many times the deferred file's bytes were made.
private final class MadeCounter: @unchecked Sendable {
    // @unchecked: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
    var count: Int { lock.withLock { value } }
}

/// Generates one deferred file that says how many times it was made; its
/// output depends on no page, so a session reuses it while pages change.
private struct DeferringPlugin: Plugin {
    let id = "deferring"
    let counter: MadeCounter

    func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        [.deferredFile(path: "exports/data.txt") { Array("made \(counter.next())\n".utf8) }]
    }
}
