import Dispatch
import Synchronization

/// The "Foundation RunLoop" row: a Foundation thread running its `RunLoop`, fed with
/// `perform(inModes:)` followed by `CFRunLoopWakeUp`.
enum FoundationRunLoopBench {
    /// The row's name in the table.
    static let name = "Foundation RunLoop + CFRunLoopWakeUp"

    /// The descriptors checked free before the row starts: it uses about 5 (two CF loops'
    /// wake ports, timers and epoll instances, some shared), with a margin.
    static let descriptorsNeeded = 8

    /// Measures the row.
    ///
    /// - Round trip: the producer performs a block that signals a semaphore, wakes the loop,
    ///   and waits on the semaphore.
    /// - Throughput: the producer performs `options.items` blocks (each with a wake-up); the
    ///   time runs until the last block has run.
    /// - Idle CPU: a fresh loop thread kept alive by its timer, with nothing to do.
    ///
    /// - Throws: ``BenchFailure`` naming `EMFILE` when fewer than ``descriptorsNeeded``
    ///   descriptors are free: Foundation's run loop crashes (`SIGILL`) when it gets none.
    static func measure(_ options: RunLoopBenchOptions) throws(BenchFailure) -> BenchFigures {
        try ProcessResources.requireFreeDescriptors(descriptorsNeeded, for: name)
        let loop = FoundationLoopThread.start()
        let reply = DispatchSemaphore(value: 0)
        let roundTrip = LatencySample.measure(iterations: options.roundTrips, warmUp: options.warmUpRoundTrips) {
            loop.perform { reply.signal() }
            reply.wait()
        }
        let throughput = OneWayThroughput.measure(items: options.items, repetitions: options.repetitions) { loop.perform($0) }
        loop.stop()
        let idle =
            options.idleSeconds > 0
            ? IdleCPUMeter.percentOfOneCore(
                over: options.idleSeconds,
                starting: { FoundationLoopThread.start() },
                threadCPU: { loop in
                    let cpu = Atomic<Int64>(0)
                    loop.perform {
                        cpu.store(IdleCPUMeter.callingThreadCPUNanoseconds(), ordering: .relaxed)
                        reply.signal()
                    }
                    reply.wait()
                    return cpu.load(ordering: .relaxed)
                },
                stopping: { $0.stop() }
            )
            : nil
        return BenchFigures(name: name, roundTrip: roundTrip, throughput: throughput, idleCPUPercent: idle)
    }
}
