import CBenchLimits
import Glibc
import LabRuntime
import NetSim

/// The "poll() reader (C)" row: the limit for `bench network`, measured by
/// `cbench_poll_reader` in the `CBenchLimits` C target against the same loopback server,
/// with the same request and the same window of open connections.
enum PollReaderBench {
    /// The row's name in the table.
    static let name = "poll() reader (C)"

    /// Reads `operations` responses of `bodyBytes` from 127.0.0.1:`port`, at most `maxOpen`
    /// connections at once, each read taking at most what a ``Connection``'s read takes.
    ///
    /// - Throws: ``BenchFailure`` when `poll` or an allocation fails.
    static func measure(port: Int, request: [UInt8], operations: Int, maxOpen: Int, bodyBytes: Int) throws(BenchFailure) -> NetworkFigures {
        var result = cbench_poll_result()
        let sampler = ResourceSampler.start()
        let status = request.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                cbench_poll_reader(
                    Int32(port), text.baseAddress, Int32(text.count), Int32(operations), Int32(maxOpen),
                    Int32(Connection.readLimit), Int64(bodyBytes), &result)
            }
        }
        let peaks = sampler.stop()
        guard status == 0 else {
            throw BenchFailure(name, SystemCallError("poll reader", errno: status))
        }
        return NetworkFigures(
            name: name, operations: operations, maxOpen: maxOpen, nanoseconds: result.elapsed_ns,
            bodyBytes: result.body_bytes, failed: Int(result.failed),
            peakDescriptors: peaks.descriptors, peakResidentKiB: peaks.residentKiB)
    }
}
