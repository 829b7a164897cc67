import FuzzHarness

/// Fuzzes the YAML readers: each input is read as `specsite.yml`, as front
/// matter and as bare YAML (see ``SettingsInput``).
@main
enum FuzzSettings {
    static func main() {
        FuzzDriver.main { SettingsInput.read($0) }
    }
}
