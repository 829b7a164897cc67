import FuzzHarness

/// Fuzzes the page pipeline: each input is a small content folder built in
/// memory with the built-in plugins (see ``PageInput``).
@main
enum FuzzPage {
    static func main() {
        FuzzDriver.main { PageInput.build($0) }
    }
}
