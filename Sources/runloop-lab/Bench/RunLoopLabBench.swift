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
    static func measure(_ options: RunLoopBenchOptions) -> BenchFigures? {
        let runtime = LiveRuntime(tracing: false)
        let worker = startKeepAliveThread(runtime)
        let roundTrip = LatencySample.measure(iterations: options.roundTrips, warmUp: options.warmUpRoundTrips) {
            try! RunLoop.perform(on: worker, waitUntilDone: true) {}
        }
        let throughput = Throughput.pipelined(items: options.items, repetitions: options.repetitions) {
            try! RunLoop.perform(on: worker, $0)
        }
        stop(worker)
        let idle =
            options.idleSeconds > 0
            ? IdleCPUMeter.percentOfOneCore(
                over: options.idleSeconds,
                starting: { startKeepAliveThread(runtime) },
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
    /// runs. With no descriptor left for its ports, the process ends with `EMFILE` named
    /// (`RunLoop.runKeptAlive(portName:)`).
    private static func startKeepAliveThread(_ runtime: LiveRuntime) -> LabThread {
        let running = runtime.makeSemaphore(named: "running", value: 0)
        let thread = runtime.spawnThread(named: "bench-runloop") {
            RunLoop.current.perform { running.signal() }
            RunLoop.runKeptAlive(portName: "keep-alive")
        }
        running.wait()
        return thread
    }

    private static func stop(_ thread: LabThread) {
        RunLoop.of(thread).stop()
        thread.join()
    }
}
