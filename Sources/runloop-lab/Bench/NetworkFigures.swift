/// What one row of `bench network` measured for one workload.
struct NetworkFigures: Equatable, Sendable {
    /// The row's name, such as `poll() reader (C)`.
    let name: String
    /// Operations (connections) in the workload.
    let operations: Int
    /// The most connections allowed open at once.
    let maxOpen: Int
    /// From the first operation created (or connection opened) until the last finished, in
    /// nanoseconds.
    let nanoseconds: Int64
    /// Body bytes received over all operations.
    let bodyBytes: Int64
    /// Operations that ended with an error or a body of the wrong length (for a median row,
    /// over all its runs).
    let failed: Int
    /// The most descriptors the process had open at once (sampled from `/proc/self/fd`).
    let peakDescriptors: Int?
    /// The process's peak resident set size during the workload, in KiB (`VmHWM`).
    let peakResidentKiB: Int?

    /// Body megabytes (10⁶ bytes) per second.
    var megabytesPerSecond: Double {
        Double(bodyBytes) * 1e3 / Double(max(nanoseconds, 1))
    }

    /// The run with the median completion time, with the highest peaks and the total of
    /// failures over all `runs` of one row.
    static func median(of runs: [NetworkFigures]) -> NetworkFigures {
        precondition(!runs.isEmpty, "a median needs at least one run")
        let middle = runs.sorted { $0.nanoseconds < $1.nanoseconds }[runs.count / 2]
        return NetworkFigures(
            name: middle.name, operations: middle.operations, maxOpen: middle.maxOpen,
            nanoseconds: middle.nanoseconds, bodyBytes: middle.bodyBytes,
            failed: runs.reduce(0) { $0 + $1.failed },
            peakDescriptors: runs.compactMap(\.peakDescriptors).max(),
            peakResidentKiB: runs.compactMap(\.peakResidentKiB).max())
    }
}
