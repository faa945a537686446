import Testing

@testable import runloop_lab

@Suite("RunLoopBenchTable")
struct RunLoopBenchTableTests {
    func row(_ name: String, roundTrip: Int64, itemsPerSecond: Int?, idle: Double? = nil) -> BenchFigures {
        BenchFigures(
            name: name,
            roundTrip: LatencySample(nanoseconds: [roundTrip]),
            throughput: itemsPerSecond.map {
                OneWayThroughput(
                    capturingItem: Throughput(items: $0, nanoseconds: 1_000_000_000),
                    captureFree: Throughput(items: 2 * $0, nanoseconds: 1_000_000_000))
            },
            idleCPUPercent: idle
        )
    }

    @Test("each row shows ratios against the eventfd, Foundation and Dispatch baselines")
    func ratios() {
        let table = RunLoopBenchTable(
            eventfd: row("eventfd", roundTrip: 50_000, itemsPerSecond: nil),
            foundation: row("foundation", roundTrip: 100_000, itemsPerSecond: 300_000, idle: 0),
            dispatch: row("dispatch", roundTrip: 60_000, itemsPerSecond: 2_000_000),
            lab: row("lab", roundTrip: 55_000, itemsPerSecond: 4_000_000, idle: 0)
        )
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(
            lines[2]
                == "| lab        |        55.0 µs |        55.0 µs |          1.10× |          1.10× |   4.00 M/s |        13.33× |            2.00× |     8.00 M/s |    0.00% |"
        )
        #expect(lines[5].hasPrefix("| eventfd    |        50.0 µs |"))
        #expect(lines[5].hasSuffix("|          — |             — |                — |            — |        — |"))
    }

    @Test("without a lab row the baselines are still printed")
    func withoutLab() {
        let table = RunLoopBenchTable(
            eventfd: row("eventfd", roundTrip: 50_000, itemsPerSecond: nil),
            foundation: row("foundation", roundTrip: 100_000, itemsPerSecond: 300_000),
            dispatch: row("dispatch", roundTrip: 60_000, itemsPerSecond: 2_000_000),
            lab: nil
        )
        #expect(table.render().split(separator: "\n").count == 5)
    }
}
