// Times LayeredLayout on deterministic pseudo-random graphs and reports the
// drawings' edge crossings. Run a release build:
//   swift build -c release --product LayoutBenchmark && .build/release/LayoutBenchmark [runs]
import SpecSiteDiagrams

/// A fixed-seed linear congruential generator, so every run lays out the same graphs.
struct Generator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// A connected graph: a random spanning tree, then random extra edges; most
/// edges point from an earlier to a later node, about one in eight back, so
/// there are cycles to break. `labelEvery` > 0 labels every n-th edge.
func makeGraph(nodes: Int, edges: Int, seed: UInt64, labelEvery: Int = 0) -> DiagramGraph {
    var random = Generator(state: seed)
    let words = ["Sign in", "Verify email", "Dashboard", "Settings", "Reset password", "Checkout", "Done"]
    let graphNodes = (0..<nodes).map { index in
        DiagramGraph.Node(id: "n\(index)", label: "\(words[random.next(words.count)]) \(index)")
    }
    var pairs: [(Int, Int)] = []
    var seen = Set<Int>()
    func add(_ a: Int, _ b: Int) {
        guard a != b, seen.insert(a * nodes + b).inserted else { return }
        pairs.append((a, b))
    }
    for v in 1..<nodes { add(random.next(v), v) }
    while pairs.count < edges {
        let a = random.next(nodes)
        let b = random.next(nodes)
        if random.next(8) == 0 { add(max(a, b), min(a, b)) } else { add(min(a, b), max(a, b)) }
    }
    let graphEdges = pairs.enumerated().map { index, pair in
        DiagramGraph.Edge(
            from: pair.0, to: pair.1, label: labelEvery > 0 && index % labelEvery == 0 ? "step \(index)" : "")
    }
    return DiagramGraph(nodes: graphNodes, edges: graphEdges)
}

func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
}

let arguments = CommandLine.arguments.dropFirst()
let requestedRuns = arguments.first.flatMap { Int($0) }
let cases: [(name: String, nodes: Int, edges: Int, labelEvery: Int, runs: Int)] = [
    ("200/400", 200, 400, 0, 31),
    ("200/400 labelled", 200, 400, 10, 31),
    ("500/1000", 500, 1000, 0, 11),
    ("2000/3000", 2000, 3000, 0, 5),
]
print(
    pad("graph", 18) + pad("median ms", 11) + pad("p90 ms", 10) + pad("crossings", 11) + pad("size", 14)
        + pad("runs", 6))
for entry in cases {
    let graph = makeGraph(nodes: entry.nodes, edges: entry.edges, seed: 42, labelEvery: entry.labelEvery)
    let runs = requestedRuns ?? entry.runs
    var times: [Double] = []
    var layout = LayeredLayout.layout(graph)  // warm-up
    let clock = ContinuousClock()
    for _ in 0..<max(1, runs) {
        let start = clock.now
        layout = LayeredLayout.layout(graph)
        times.append(milliseconds(clock.now - start))
    }
    times.sort()
    let median = times[times.count / 2]
    let p90 = times[min(times.count - 1, Int((Double(times.count) * 0.9).rounded(.up)) - 1)]
    let crossings = LayeredLayout.crossings(in: layout, of: graph)
    let size = "\(Int(layout.width))×\(Int(layout.height))"
    print(
        pad(entry.name, 18) + pad(format(median), 11) + pad(format(p90), 10) + pad("\(crossings)", 11)
            + pad(size, 14) + pad("\(times.count)", 6))
}
