/// A set of measured latencies, such as cross-thread round trips, with percentiles.
struct LatencySample: Equatable, Sendable {
    /// Every measurement in nanoseconds, in ascending order; never empty.
    let sortedNanoseconds: [Int64]

    /// Creates a sample from measurements in any order.
    ///
    /// - Precondition: `nanoseconds` is not empty.
    init(nanoseconds: [Int64]) {
        precondition(!nanoseconds.isEmpty, "a latency sample needs at least one measurement")
        sortedNanoseconds = nanoseconds.sorted()
    }

    /// The median.
    var p50: Int64 { percentile(0.50) }

    /// The 99th percentile.
    var p99: Int64 { percentile(0.99) }

    /// The nearest-rank percentile: the smallest measurement that at least `fraction` of all
    /// measurements do not exceed.
    ///
    /// - Parameter fraction: a value in `0...1`, such as `0.99`.
    func percentile(_ fraction: Double) -> Int64 {
        precondition((0...1).contains(fraction), "a percentile is a fraction from 0 to 1")
        let rank = Int((fraction * Double(sortedNanoseconds.count)).rounded(.up))
        return sortedNanoseconds[max(rank, 1) - 1]
    }

    /// Times `iterations` calls of `operation` with ``MonotonicClock``, after `warmUp`
    /// untimed calls.
    static func measure(iterations: Int, warmUp: Int, _ operation: () -> Void) -> LatencySample {
        for _ in 0..<warmUp {
            operation()
        }
        var nanoseconds = [Int64](repeating: 0, count: iterations)
        for index in nanoseconds.indices {
            let start = MonotonicClock.nanoseconds()
            operation()
            nanoseconds[index] = MonotonicClock.nanoseconds() - start
        }
        return LatencySample(nanoseconds: nanoseconds)
    }
}
