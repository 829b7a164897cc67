import Foundation
import Testing

/// `specsite serve` as a user runs it: the real binary, a real port, Ctrl-C.
@Suite("specsite serve command", .serialized)
struct ServeCommandTests {
    /// A running `specsite serve`, its stderr collected in a file.
    final class Server: @unchecked Sendable {
        // @unchecked: the process is only used from the test's thread.
        let process = Process()
        let log: String

        init(_ arguments: [String], in folder: String) throws {
            log = folder + "/serve-\(UUID().uuidString).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle(forWritingAtPath: log)
            process.standardError = FileHandle(forWritingAtPath: log)
            try process.run()
        }

        var output: String {
            FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }

        /// Waits (20 s at most) until the output contains `text`.
        func waitFor(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if output.contains(text) { return true }
                if !process.isRunning { return output.contains(text) }
                usleep(50_000)
            }
            return false
        }

        /// Sends `signal` and waits for the exit status.
        func stop(_ signal: Int32 = SIGINT) -> Int32 {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// A port nothing listens on now.
    static func freePort() -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length)
                return getsockname(descriptor, $0, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    func folderWithContent() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specsite-serve-\(UUID().uuidString)"
        )
        .path
        try? FileManager.default.createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/content/index.md", contents: Data("# Home\n".utf8))
        return folder
    }

    @Test func ctrlCStopsCleanlyWithStatusZero() throws {
        let folder = folderWithContent()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = Self.freePort()
        let server = try Server(["content", "--port", "\(port)"], in: folder)
        #expect(server.waitFor("Serving site/ at http://127.0.0.1:\(port)/"), "\(server.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/.site.specsite-serve.lock"))
        #expect(server.stop(SIGINT) == 0, "\(server.output)")
        #expect(server.output.contains("Stopped."))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.site.specsite-serve.lock"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("specsite-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aSecondServeAndATakenPortSayWhyAndExit1() throws {
        let folder = folderWithContent()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = Self.freePort()
        let server = try Server(["content", "--port", "\(port)"], in: folder)
        defer { _ = server.stop() }
        #expect(server.waitFor("Serving"), "\(server.output)")

        let same = try runProcess(
            CommandLineTests.binary, ["serve", "content", "--port", "0"], in: folder, timeout: 60)
        #expect(same.status == 1)
        #expect(same.text.contains("error: another specsite serve (pid \(server.process.processIdentifier))"))

        let taken = try runProcess(
            CommandLineTests.binary, ["serve", "content", "-o", "other", "--port", "\(port)"], in: folder, timeout: 60)
        #expect(taken.status == 1)
        #expect(taken.text.contains("error: port \(port) on 127.0.0.1 is in use (another server?); try --port "))

        let missing = try runProcess(
            CommandLineTests.binary, ["serve", "nowhere", "--port", "0"], in: folder, timeout: 60)
        #expect(missing.status == 1)
        #expect(missing.text.contains("the content folder nowhere does not exist"))
    }
}
