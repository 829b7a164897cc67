import Foundation
import Testing

@testable import SpecSiteKit

#if canImport(Glibc)
    import Glibc
#endif

/// The programs the history reader starts (`git`): their output, errors and
/// exit status come back, and they hold no descriptor of ours but the three
/// given them.
struct SpawnedProcessTests {
    static let shell = "/bin/sh"

    @Test func outputErrorsAndStatusComeBack() {
        let result = GitProcess.run(Self.shell, ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(String(decoding: result.output, as: UTF8.self) == "out\n")
        #expect(String(decoding: result.error, as: UTF8.self) == "err\n")
    }

    @Test func aProgramEndedByASignalReportsIt() {
        #expect(GitProcess.run(Self.shell, ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
    }

    @Test func aProgramThatCannotStartIsAnError() {
        let result = GitProcess.run("/nonexistent/git", ["status"])
        #expect(result.status == -1)
        #expect(String(decoding: result.error, as: UTF8.self).hasPrefix("cannot start git"))
    }

    @Test func whatIsWrittenToItsInputIsRead() throws {
        let process = try SpawnedProcess.start("/bin/cat", [], input: true, errors: false)
        try process.input!.write(contentsOf: Data("abc\n".utf8))
        try process.input!.close()
        #expect(String(decoding: process.output.readDataToEndOfFile(), as: UTF8.self) == "abc\n")
        #expect(process.wait() == 0)
    }

    /// A pipe of ours left open in a program would keep a `git cat-file` on
    /// another thread from seeing the end of its input. (`ls` lists the
    /// shell's descriptors; a glob in the shell would list the one it opens
    /// for the folder.)
    @Test(.enabled(if: SpawnedProcess.closesOtherDescriptors)) func noOtherDescriptorReachesTheProgram() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let result = GitProcess.run(Self.shell, ["-c", "ls /proc/$$/fd"])
        let open = Set(String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init))
        #expect(open.isSuperset(of: ["0", "1", "2"]))
        #expect(!open.contains(String(ends[0])) && !open.contains(String(ends[1])), "\(open)")
    }
}
