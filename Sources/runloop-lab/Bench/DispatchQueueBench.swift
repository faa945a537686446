import Dispatch

/// The "serial DispatchQueue" row: blocks sent with `async` to one serial queue.
enum DispatchQueueBench {
    /// The row's name in the table.
    static let name = "serial DispatchQueue"

    /// Measures the row.
    ///
    /// - Round trip: `async` of a block that signals a semaphore, then a wait on it.
    /// - Throughput: `options.items` `async` blocks from one producer; the time runs until
    ///   the last block has run.
    /// - Idle CPU: not measured; an idle serial queue holds no thread.
    static func measure(_ options: RunLoopBenchOptions) -> BenchFigures {
        let queue = DispatchQueue(label: "bench.serial")
        let reply = DispatchSemaphore(value: 0)
        let roundTrip = LatencySample.measure(iterations: options.roundTrips, warmUp: options.warmUpRoundTrips) {
            queue.async { reply.signal() }
            reply.wait()
        }
        let throughput = OneWayThroughput.measure(items: options.items, repetitions: options.repetitions) { queue.async(execute: $0) }
        return BenchFigures(name: name, roundTrip: roundTrip, throughput: throughput, idleCPUPercent: nil)
    }
}
