import Foundation

#if FUZZING
    // libFuzzer's entry for programs that keep their own `main`
    // (libclang_rt.fuzzer_no_main, which `make fuzz` links).
    @_extern(c, "LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    // The input handler, for the C callback, which cannot capture it.
    // libFuzzer calls it from one thread at a time.
    nonisolated(unsafe) private var handler: ([UInt8]) -> Void = { _ in }
#endif

/// The `main` of a fuzz target.
public enum FuzzDriver {
    /// Runs `body` on inputs. Built for fuzzing (`make fuzz`), libFuzzer takes
    /// the command line and calls `body` with each input it makes; in a plain
    /// build, `body` runs once on each file named on the command line (each file
    /// of a folder), to replay a saved crash or corpus without libFuzzer.
    public static func main(_ body: @escaping ([UInt8]) -> Void) -> Never {
        #if FUZZING
            handler = body
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runDriver(&argc, &argv) { data, size in
                    handler(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                })
        #else
            for path in CommandLine.arguments.dropFirst() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    FileHandle.standardError.write(Data("\(path): no such file or folder\n".utf8))
                    exit(2)
                }
                let files =
                    isFolder.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                        path + "/" + $0
                    }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    // Named first, so a crash names its input.
                    print(file)
                    body(Array(data))
                }
            }
            exit(0)
        #endif
    }
}
