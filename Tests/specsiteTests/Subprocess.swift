import Dispatch
import Foundation

/// What a finished child process printed.
struct ProcessOutput {
    var status: Int32
    var stdout: Data
    var stderr: Data

    /// Both streams as text, for failure messages.
    var text: String { String(decoding: stdout + stderr, as: UTF8.self) }
}

/// Runs `executable` with `arguments` (in `directory`, with `input` on stdin)
/// and waits for it. Both pipes are read at once: a child that fills one pipe
/// while the parent waits on the other would otherwise block for ever. A child
/// still running after `timeout` seconds is terminated. `environment` is set
/// over the tests' own.
func runProcess(
    _ executable: String, _ arguments: [String], in directory: String? = nil, input: Data? = nil,
    environment: [String: String] = [:], timeout: Double = 600
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    process.standardOutput = stdout
    process.standardError = stderr
    // A child that exits without reading its input must not kill the tests
    // with SIGPIPE when the rest of the input is written.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    // SIGKILL, not `terminate()`'s SIGTERM: a child started from the test
    // runner may inherit a mask that blocks SIGTERM, and a hung build must
    // still end.
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { kill(pid, SIGKILL) } }

    final class Box: @unchecked Sendable {  // written once by the reader, read after `wait`
        var data = Data()
    }
    let errors = Box()
    let reading = DispatchGroup()
    reading.enter()
    DispatchQueue.global().async {
        errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
        reading.leave()
    }
    if let input {
        // Written beside the reading, so a child that answers before it has
        // read everything cannot block both sides.
        reading.enter()
        DispatchQueue.global().async {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
            reading.leave()
        }
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, stdout: output, stderr: errors.data)
}
