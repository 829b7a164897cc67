// swift-tools-version: 6.1
import PackageDescription

// Warnings fail the build in CI (`SPECSITE_WERROR=1`, set by .ci/run), so a
// warning never lands; local builds keep them as warnings while you iterate.
let strictWarnings: [SwiftSetting] =
    Context.environment["SPECSITE_WERROR"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

// `make fuzz` passes the sanitizer flags and names libFuzzer's runtime
// (libclang_rt.fuzzer_no_main) in SPECSITE_FUZZ_RUNTIME: the fuzz targets then
// hand their command line to libFuzzer instead of replaying the files it names.
let fuzzRuntime = Context.environment["SPECSITE_FUZZ_RUNTIME"]
let fuzzSwift: [SwiftSetting] =
    strictWarnings + (fuzzRuntime == nil ? [] : [.define("FUZZING"), .enableExperimentalFeature("Extern")])
let fuzzLinker: [LinkerSetting] = fuzzRuntime.map { [.unsafeFlags(["-Xlinker", $0, "-lstdc++"])] } ?? []

let package = Package(
    name: "specsite",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "specsite", targets: ["specsite"]),
        .library(name: "SpecSiteKit", targets: ["SpecSiteKit"]),
        .library(name: "SpecSiteDiagrams", targets: ["SpecSiteDiagrams"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // `specsite serve`'s HTTP server and websocket: small, pure Swift over the socket
        // API with no SwiftNIO, so it adds seconds, not minutes, to each clean CI build.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // SHA-256 for the build cache's keys and its checksum (BoringSSL's, on Linux).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Keeps cmark-gfm's process-wide table of special inline characters
        // constant, so pages parse the same on any number of threads.
        .target(name: "CmarkSpecialCharacters", dependencies: ["CCmarkGFM"]),
        // Embeds templates/, scaffold/ and starters/ into the library, so the one binary
        // carries its default look and `specsite init` starter wherever it is copied.
        .executableTarget(name: "EmbedFiles", swiftSettings: strictWarnings),
        .plugin(
            name: "EmbedFilesPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedFiles"]
        ),
        .target(
            name: "SpecSiteKit",
            dependencies: [
                "CCmarkGFM",
                "CmarkSpecialCharacters",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictWarnings,
            plugins: ["EmbedFilesPlugin"]
        ),
        // The diagram engine plugins draw graphs with (graph model, layered layout,
        // SVG, text metrics). It uses only SpecSiteKit's XML escaping, number text,
        // clamping and union-find, and the site engine uses nothing of it; see
        // docs/ARCHITECTURE.md, Diagrams.
        .target(name: "SpecSiteDiagrams", dependencies: ["SpecSiteKit"], swiftSettings: strictWarnings),
        .target(name: "AlertsPlugin", dependencies: ["SpecSiteKit"], swiftSettings: strictWarnings),
        .target(name: "TokensPlugin", dependencies: ["SpecSiteKit"], swiftSettings: strictWarnings),
        .target(name: "FlowsPlugin", dependencies: ["SpecSiteKit", "SpecSiteDiagrams"], swiftSettings: strictWarnings),
        .target(
            name: "StatusPlugin", dependencies: ["SpecSiteKit", "SpecSiteDiagrams"], swiftSettings: strictWarnings),
        // `make bench` times the diagram layout with it (a benchmark, not a test).
        .executableTarget(name: "LayoutBenchmark", dependencies: ["SpecSiteDiagrams"], swiftSettings: strictWarnings),
        // `make bench-rebuild` times rebuilds after one edit with it (a benchmark, not a test).
        .executableTarget(
            name: "RebuildBenchmark",
            dependencies: ["SpecSiteKit", "AlertsPlugin", "TokensPlugin", "FlowsPlugin", "StatusPlugin"],
            swiftSettings: strictWarnings),
        // `make fuzz`: libFuzzer targets over one page's whole pipeline and over the YAML readers.
        .target(
            name: "FuzzHarness",
            dependencies: ["SpecSiteKit", "AlertsPlugin", "TokensPlugin", "FlowsPlugin", "StatusPlugin"],
            swiftSettings: fuzzSwift,
            linkerSettings: fuzzLinker
        ),
        .executableTarget(name: "FuzzPage", dependencies: ["FuzzHarness"], swiftSettings: strictWarnings),
        .executableTarget(name: "FuzzSettings", dependencies: ["FuzzHarness"], swiftSettings: strictWarnings),
        // `specsite serve`: the HTTP server, the file watcher and the reload channel.
        .target(
            name: "SpecSiteServer",
            dependencies: [
                "SpecSiteKit", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: strictWarnings
        ),
        .executableTarget(
            name: "specsite",
            dependencies: [
                "SpecSiteKit",
                "SpecSiteServer",
                "AlertsPlugin",
                "TokensPlugin",
                "FlowsPlugin",
                "StatusPlugin",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictWarnings
        ),
        .testTarget(
            name: "SpecSiteKitTests",
            dependencies: [
                "SpecSiteKit", "FuzzHarness", "AlertsPlugin", "TokensPlugin", "FlowsPlugin", "StatusPlugin",
            ],
            swiftSettings: strictWarnings),
        .testTarget(name: "SpecSiteDiagramsTests", dependencies: ["SpecSiteDiagrams"], swiftSettings: strictWarnings),
        .testTarget(
            name: "AlertsPluginTests",
            dependencies: ["AlertsPlugin", "SpecSiteKit"],
            swiftSettings: strictWarnings
        ),
        .testTarget(
            name: "TokensPluginTests",
            dependencies: ["TokensPlugin", "SpecSiteKit"],
            swiftSettings: strictWarnings
        ),
        .testTarget(
            name: "FlowsPluginTests",
            dependencies: ["FlowsPlugin", "SpecSiteKit", "SpecSiteDiagrams"],
            swiftSettings: strictWarnings
        ),
        .testTarget(
            name: "StatusPluginTests",
            dependencies: ["StatusPlugin", "SpecSiteKit"],
            swiftSettings: strictWarnings
        ),
        .testTarget(
            name: "SpecSiteServerTests",
            dependencies: ["SpecSiteServer", "SpecSiteKit"],
            swiftSettings: strictWarnings
        ),
        .testTarget(name: "specsiteTests", dependencies: ["specsite", "SpecSiteKit"], swiftSettings: strictWarnings),
    ]
)
