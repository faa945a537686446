import CBenchLimits
import Glibc
import LabRuntime

/// The "eventfd ping-pong (C)" row: the physical limit of a cross-thread wake-up round trip,
/// measured by `cbench_eventfd_pingpong` in the `CBenchLimits` C target.
enum EventFDPingPongBench {
    /// The row's name in the table.
    static let name = "eventfd ping-pong (C)"

    /// Measures the row's round trips; it has no throughput or idle figure.
    ///
    /// - Throws: ``BenchFailure`` when an eventfd, the thread, or a read or write fails.
    static func measure(_ options: RunLoopBenchOptions) throws(BenchFailure) -> BenchFigures {
        var nanoseconds = [Int64](repeating: 0, count: options.roundTrips)
        let status = nanoseconds.withUnsafeMutableBufferPointer {
            cbench_eventfd_pingpong(Int32(options.roundTrips), $0.baseAddress)
        }
        guard status == 0 else {
            throw BenchFailure(name, SystemCallError("eventfd ping-pong", errno: status))
        }
        return BenchFigures(
            name: name,
            roundTrip: LatencySample(nanoseconds: nanoseconds),
            throughput: nil,
            idleCPUPercent: nil
        )
    }
}
