import Foundation

/// Blob bytes by id from one long-lived `git cat-file --batch`, asked one at a
/// time: git flushes after each object, so a request and its answer pair up.
public final class GitBlobReader {
    private let process: SpawnedProcess
    private let input: FileHandle
    private let output: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0

    init(executable: String, folder: String) throws(GitRepository.Unavailable) {
        // A git that dies mid-replay must fail the read, not kill specsite
        // with SIGPIPE on the next request written to it.
        _ = brokenPipesFail
        do {
            process = try SpawnedProcess.start(
                executable, ["-C", folder, "cat-file", "--batch"], input: true, errors: false)
        } catch {
            throw .init(reason: "cannot start git: \(error)")
        }
        input = process.input!
        output = process.output
    }

    deinit {
        try? input.close()
        _ = process.wait()
    }

    /// The blob's bytes, or nil when it is not a blob of the repository
    /// (a submodule's commit, or an object a shallow clone lacks).
    public func read(_ id: String) -> [UInt8]? {
        guard (try? input.write(contentsOf: Data((id + "\n").utf8))) != nil else { return nil }
        guard let header = line() else { return nil }
        // `<id> blob <size>` or `<id> missing`
        let fields = header.split(separator: 32)
        guard fields.count == 3, fields[1].elementsEqual("blob".utf8),
            let size = Int(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        guard fill(size + 1) else { return nil }
        let bytes = Array(buffer[start..<start + size])
        start += size + 1
        return bytes
    }

    private func line() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            guard more() else { return nil }
        }
    }

    private func fill(_ count: Int) -> Bool {
        while buffer.count - start < count { guard more() else { return false } }
        return true
    }

    private func more() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let chunk = output.availableData
        guard !chunk.isEmpty else { return false }
        buffer.append(contentsOf: chunk)
        return true
    }
}

/// SIGPIPE ignored, once: a write to a pipe whose reader has gone then
/// fails with EPIPE (as `ExternalProcess` has it for plugins).
private let brokenPipesFail: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()

/// A git command run to its end, its output collected.
enum GitProcess {
    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: [UInt8], error: [UInt8]) {
        var environment = ProcessInfo.processInfo.environment
        // Messages are matched in English; no pager, no lock on the index.
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess.start(
                executable, arguments, environment: environment, input: false, errors: true)
        } catch {
            return (-1, [], Array("cannot start git: \(error)".utf8))
        }
        // stderr is read beside stdout, so a chatty git cannot fill one pipe and wait.
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        group.enter()
        let errorOutput = process.errors!
        DispatchQueue.global().async {
            errors = errorOutput.readDataToEndOfFile()
            group.leave()
        }
        let output = process.output.readDataToEndOfFile()
        group.wait()
        return (process.wait(), [UInt8](output), [UInt8](errors))
    }
}
