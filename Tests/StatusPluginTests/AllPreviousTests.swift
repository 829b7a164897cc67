import Testing

@testable import StatusPlugin

/// `All previous chunks` names only the latest earlier items as dependencies
/// (so 6,000 such chunks make 6,000 edges, not 18 million), while readiness,
/// cycles and the critical path still mean every earlier chunk.
@Suite struct AllPreviousTests {
    /// A plan of chunks: (status, dependencies line or nil, hours).
    static func plan(_ chunks: [(String, String?, Int)]) throws -> StatusReport {
        var text = "# Plan\n\n"
        for (offset, chunk) in chunks.enumerated() {
            text += "## CHUNK-00\(offset + 1): Step \(offset + 1)\n\n**Status**: \(chunk.0)\n"
            if let dependencies = chunk.1 { text += "**Dependencies**: \(dependencies)\n" }
            text += "**Estimate**: \(chunk.2) hours\n\n"
        }
        return report([try page(text)])
    }

    @Test func anEarlierUnfinishedChunkThatTheLatestDoesNotNameStillBlocks() throws {
        // CHUNK-002 is done although it depends on the unfinished CHUNK-001:
        // CHUNK-003 names only CHUNK-002, yet waits for CHUNK-001.
        let status = try Self.plan([
            ("Not started", nil, 1), ("Done", "CHUNK-001", 1), ("Not started", "All previous chunks", 1),
        ])
        let last = try #require(status.entry("PLAN.md#CHUNK-003"))
        #expect(last.dependencies == ["PLAN.md#CHUNK-002"])
        #expect(last.previousCount == 2)
        #expect(last.waitingFor == ["PLAN.md#CHUNK-001"])
        #expect(!last.isReady)
        #expect(status.criticalPath == ["PLAN.md#CHUNK-001", "PLAN.md#CHUNK-003"])
    }

    @Test func independentEarlierChunksAreAllNamed() throws {
        let status = try Self.plan([
            ("Done", nil, 1), ("Not started", nil, 3), ("Done", nil, 1), ("Not started", "Previous chunks", 1),
        ])
        let last = try #require(status.entry("PLAN.md#CHUNK-004"))
        #expect(last.dependencies == ["PLAN.md#CHUNK-001", "PLAN.md#CHUNK-002", "PLAN.md#CHUNK-003"])
        #expect(last.waitingFor == ["PLAN.md#CHUNK-002"])
        #expect(status.criticalPath == ["PLAN.md#CHUNK-002", "PLAN.md#CHUNK-004"])
    }

    @Test func aChunkIsReadyOnceEveryEarlierOneIsDone() throws {
        let status = try Self.plan([
            ("Done", nil, 1), ("Done", "All previous chunks", 1), ("Not started", "All previous chunks", 1),
        ])
        let last = try #require(status.entry("PLAN.md#CHUNK-003"))
        #expect(last.waitingFor.isEmpty)
        #expect(last.isReady)
    }

    @Test func aCycleThroughAllPreviousIsStillFound() throws {
        // CHUNK-001 waits for CHUNK-003, which waits for everything before it.
        let status = try Self.plan([
            ("Not started", "CHUNK-003", 1), ("Not started", nil, 1), ("Not started", "All previous chunks", 1),
        ])
        #expect(status.entries.filter(\.inCycle).map(\.item.id) == ["CHUNK-001", "CHUNK-003"])
        #expect(status.warnings.contains { $0.message.hasPrefix("dependency cycle: CHUNK-001 → CHUNK-003") })
    }

    @Test func sixThousandChunksMakeLinearlyManyEdges() throws {
        let chunks = (1...6_000).map {
            ("Not started", $0 == 1 ? nil : "All previous chunks", 1) as (String, String?, Int)
        }
        var text = "# Plan\n\n"
        for (offset, chunk) in chunks.enumerated() {
            text += "## CHUNK-\(offset + 1): Step\n\n**Status**: \(chunk.0)\n"
            if let dependencies = chunk.1 { text += "**Dependencies**: \(dependencies)\n" }
            text += "\n"
        }
        let status = report([try page(text)])
        #expect(status.entries.count == 6_000)
        #expect(status.entries.map(\.dependencies.count).reduce(0, +) == 5_999)
        #expect(status.entries.last?.waitingFor == ["PLAN.md#CHUNK-5999"])
        #expect(status.entries.filter(\.isReady).map(\.item.id) == ["CHUNK-001"])
    }
}
