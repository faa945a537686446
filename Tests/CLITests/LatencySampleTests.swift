import Testing

@testable import runloop_lab

@Suite("LatencySample")
struct LatencySampleTests {
    @Test("percentiles are nearest-rank over the sorted measurements")
    func percentiles() {
        let sample = LatencySample(nanoseconds: (1...100).reversed().map(Int64.init))
        #expect(sample.p50 == 50)
        #expect(sample.p99 == 99)
        #expect(sample.percentile(1) == 100)
        #expect(sample.percentile(0) == 1)
    }

    @Test("a single measurement is every percentile")
    func single() {
        let sample = LatencySample(nanoseconds: [42])
        #expect(sample.p50 == 42)
        #expect(sample.p99 == 42)
    }

    @Test("throughput is items over elapsed seconds")
    func throughput() {
        #expect(Throughput(items: 1_000_000, nanoseconds: 500_000_000).itemsPerSecond == 2_000_000)
    }
}
