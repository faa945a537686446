import AFReplay
import Glibc
import LabRuntime
import NetSim
import RunLoopKit
import Synchronization

/// `runloop-lab bench network`: many concurrent `URLConnectionOperation`s on AFNetworking's
/// one network thread against the loopback server, against a plain poll() reader in C of
/// the same bytes from the same server, all in one run.
///
/// It prints its figures; it never asserts them.
enum NetworkBenchmark {
    /// The help text of `bench network`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab bench network [--operations N,N,...] [--max-open N] [--body-bytes N] [--repeats N] [--heap-trim off|glibc]"
        ],
        description: """
            Runs each workload of concurrent operations (100, 1000 and 10000 by default),
            each downloading 64 KiB from the loopback server over TCP, as
            URLConnectionOperations on AFNetworking's one network thread, on the live
            runtime; then a plain poll() reader in C reads the same responses from the same
            server. Reports completion time, MB/s, peak open descriptors and peak RSS.
            Every workload's operations go into one operation queue at once; its
            maxConcurrentOperationCount caps the open connections, so that descriptors
            never run out. Each row runs --repeats times, alternating with the other, and
            the median run is shown. Both rows read at most \(Connection.readLimit / 1024) KiB at a time.
            Unless --heap-trim glibc, glibc's heap trimming is turned off first, so that
            buffers freed on one thread are not faulted in again on another. Prints a
            Markdown table; progress goes to standard error.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(NetworkBenchOptions.specs))]
    )

    /// The `network` entry of ``BenchmarkTable``.
    static let command = Command.benchmark(
        name: "network",
        summary: "Concurrent URLConnectionOperations on one network thread against a poll() reader in C.",
        usage: usage,
        parse: { arguments throws(UsageError) in try NetworkBenchOptions.parse(arguments) },
        run: { options, console throws(BenchFailure) in try run(options, console: console) }
    )

    /// The descriptors kept free beyond those of the open connections (the process's own,
    /// the loops' epoll and eventfd descriptors, the listener, `/proc` reads).
    static let descriptorReserve = 256

    /// Raises the descriptor limit, sizes the connection window, runs every workload on a
    /// live runtime, and prints the table.
    ///
    /// - Throws: ``BenchFailure`` when the C reader cannot run.
    static func run(_ options: NetworkBenchOptions, console: any Console) throws(BenchFailure) {
        let heap = options.heapTrim.apply()
        let limit = ProcessResources.raiseDescriptorLimit()
        let baseline = ProcessResources.openDescriptorCount() ?? 0
        let fitting = max(1, (limit.soft - baseline - descriptorReserve) / 2)
        let maxOpen = min(options.maxOpen, fitting)
        let largest = options.workloads.max() ?? 0
        let runtime = LiveRuntime(tracing: false)
        let outcome = Mutex<Result<[(lab: NetworkFigures, limit: NetworkFigures)], BenchFailure>?>(nil)
        let done = runtime.makeSemaphore(named: "bench network done", value: 0)
        let mainFailure = Mutex<RunLoopError?>(nil)
        let main = runtime.spawnThread(named: "main") {
            do throws(RunLoopError) { try MainQueue.shared().run() } catch { mainFailure.withLock { $0 = error } }
        }
        let progress = SerializedConsole(console)
        let driver = runtime.spawnThread(named: "bench driver") {
            let result = Result { () throws(BenchFailure) in try measureAll(options, maxOpen: maxOpen, progress: progress) }
            outcome.withLock { $0 = result }
            MainQueue.shared().stop()
            done.signal()
        }
        done.wait()
        driver.join()
        main.join()
        if let error = mainFailure.withLock({ $0 }) { throw BenchFailure("main queue", error) }
        let rows = try outcome.withLock { $0 }!.get()

        var load = [Double](repeating: 0, count: 3)
        let loadCount = getloadavg(&load, 3)
        console.printLine(
            "bench network: workloads \(options.workloads.map(String.init).joined(separator: ", ")) operations of "
                + "\(options.bodyBytes) body bytes; 1 network thread; \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online"
                + (loadCount == 3 ? "; load average \(load.map { BenchFormat.loadAverage($0) }.joined(separator: " ")) after the run" : "")
        )
        console.printLine(heap)
        console.printLine(
            "descriptors: RLIMIT_NOFILE soft \(limit.soft) (raised from \(limit.before)), hard \(limit.hard); "
                + "\(baseline) open before the run; each open operation holds 2 (client and server end)."
        )
        let fitsOpen = 2 * largest + baseline + descriptorReserve <= limit.soft
        console.printLine(
            maxOpen >= largest
                ? "fd decision: raise. Every operation of every workload may be open at once (maxConcurrentOperationCount \(maxOpen))."
                : "fd decision: queue. Each workload's operations are all added at once to one LabOperationQueue with "
                    + "maxConcurrentOperationCount = \(maxOpen), so at most \(maxOpen) connections (\(2 * maxOpen) descriptors) "
                    + "are open; the C reader keeps the same window. "
                    + (fitsOpen
                        ? "The raised limit would also hold \(largest) open at once."
                        : "Raising alone cannot work: \(largest) open operations need \(2 * largest) descriptors, "
                            + "and the hard limit is \(limit.hard).")
        )
        console.printLine("")
        console.printLine(NetworkBenchTable(rows: rows).render())
        console.printLine("")
        console.printLine(
            "Target (reported, never asserted): \(NetworkLabBench.name) at ≥ 0.75× the poll() reader's MB/s at the median of 5 runs "
                + "(--repeats 5); "
                + "every operation completes with no descriptor exhaustion (failed = 0)."
        )
    }

    /// On a lab thread of the benchmark's runtime: starts the server, warms both rows up,
    /// then measures each workload `repeats` times, alternating the C reader and AFReplay so
    /// that a busy machine weighs on both alike, and keeps each row's median run.
    private static func measureAll(
        _ options: NetworkBenchOptions, maxOpen: Int,
        progress: SerializedConsole
    ) throws(BenchFailure) -> [(lab: NetworkFigures, limit: NetworkFigures)] {
        let server = LoopbackServer(name: "bench server")
        defer { server.stop() }
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: options.bodyBytes)
        server.route("GET", "/body", RouteScript(body: .bytes(body)))
        let request = HTTPRequest(url: server.url("/body"))
        let warmUp = min(100, options.workloads.min() ?? 1)
        progress.printError("warming up with \(warmUp) operations…")
        _ = try PollReaderBench.measure(
            port: server.port, request: request.wireBytes, operations: warmUp,
            maxOpen: min(maxOpen, warmUp), bodyBytes: options.bodyBytes)
        _ = try NetworkLabBench.measure(
            server: server, request: request, operations: warmUp, maxOpen: min(maxOpen, warmUp),
            bodyBytes: options.bodyBytes)
        var rows: [(lab: NetworkFigures, limit: NetworkFigures)] = []
        for operations in options.workloads {
            let window = min(maxOpen, operations)
            var limits: [NetworkFigures] = []
            var labs: [NetworkFigures] = []
            for run in 1...options.repeats {
                progress.printError(
                    "\(operations) operations, at most \(window) open, run \(run) of \(options.repeats): \(PollReaderBench.name)…")
                limits.append(
                    try PollReaderBench.measure(
                        port: server.port, request: request.wireBytes, operations: operations,
                        maxOpen: window, bodyBytes: options.bodyBytes))
                progress.printError(
                    "\(operations) operations, at most \(window) open, run \(run) of \(options.repeats): \(NetworkLabBench.name)…")
                labs.append(
                    try NetworkLabBench.measure(
                        server: server, request: request, operations: operations, maxOpen: window,
                        bodyBytes: options.bodyBytes))
            }
            rows.append((NetworkFigures.median(of: labs), NetworkFigures.median(of: limits)))
        }
        return rows
    }
}
