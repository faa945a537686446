import LabRuntime
import RunLoopKit
import Synchronization

/// The "RunLoop Lab live" row: RunLoopKit's run loop on the live runtime, with tracing off.
enum RunLoopLabBench {
    /// The row's name in the table.
    static let name = "RunLoop Lab live"

    /// Measures the row, with the same method as ``FoundationRunLoopBench``:
    ///
    /// - Round trip: from the benchmark thread, `RunLoop.perform(on:waitUntilDone: true)` of
    ///   an empty block on a lab thread whose loop is kept alive by a port.
    /// - Throughput: `options.items` calls of `RunLoop.perform(on:)` (queue + wake-up) from
    ///   one producer; the time runs until the last block has run.
    /// - Idle CPU: ``IdleCPUMeter`` over a fresh keep-alive lab loop with nothing to do.
    ///
    /// - Throws: ``BenchFailure`` naming the error when a lab loop cannot be set up (no
    ///   descriptor left, `EMFILE`).
    static func measure(_ options: RunLoopBenchOptions) throws(BenchFailure) -> BenchFigures? {
        let runtime = LiveRuntime(tracing: false)
        let worker = try startKeepAliveThread(runtime)
        let roundTrip = LatencySample.measure(iterations: options.roundTrips, warmUp: options.warmUpRoundTrips) {
            try! RunLoop.perform(on: worker, waitUntilDone: true) {}
        }
        let throughput = OneWayThroughput.measure(items: options.items, repetitions: options.repetitions) { block in
            try! RunLoop.perform(on: worker, consume block)
        }
        stop(worker)
        let idle =
            options.idleSeconds > 0
            ? try IdleCPUMeter.percentOfOneCore(
                over: options.idleSeconds,
                starting: { () throws(BenchFailure) in try startKeepAliveThread(runtime) },
                threadCPU: { thread in
                    let cpu = Atomic<Int64>(0)
                    try! RunLoop.perform(on: thread, waitUntilDone: true) {
                        cpu.store(IdleCPUMeter.callingThreadCPUNanoseconds(), ordering: .relaxed)
                    }
                    return cpu.load(ordering: .relaxed)
                },
                stopping: stop)
            : nil
        return BenchFigures(name: name, roundTrip: roundTrip, throughput: throughput, idleCPUPercent: idle)
    }

    /// A lab thread running `RunLoop.run()` with a keep-alive port, returned once its loop
    /// is set up (`RunLoop.spawnKeptAlive(named:portName:holdingWakeUpsWhileBusy:in:)`); with no descriptor left for
    /// its ports, a ``BenchFailure`` naming the error (`EMFILE`).
    private static func startKeepAliveThread(_ runtime: LiveRuntime) throws(BenchFailure) -> LabThread {
        do throws(RunLoopError) {
            return try RunLoop.spawnKeptAlive(named: "bench-runloop", portName: "keep-alive", in: runtime)
        } catch {
            throw BenchFailure(name, error)
        }
    }

    private static func stop(_ thread: LabThread) {
        RunLoop.of(thread).stop()
        thread.join()
    }
}
