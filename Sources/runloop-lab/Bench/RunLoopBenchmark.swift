import Glibc

/// `runloop-lab bench runloop`: cross-thread round trip, one-way throughput and idle CPU of
/// RunLoop Lab's live loop against Foundation's run loop, a serial DispatchQueue and the raw
/// eventfd ping-pong, all in one run.
///
/// It prints its figures; it never asserts them.
enum RunLoopBenchmark {
    /// The help text of `bench runloop`.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab bench runloop [--iterations N] [--items N] [--repeat N] [--idle-seconds S]"],
        description: """
            Measures, in one run, the cross-thread round trip (p50, p99), the one-way
            throughput from one producer (with a fresh block per item that captures it,
            and with one capture-free block), and the idle CPU of a keep-alive loop, for
            RunLoop Lab live, Foundation's RunLoop with CFRunLoopWakeUp, a serial
            DispatchQueue and a raw eventfd ping-pong in C. Prints a Markdown table with
            ratios against the baselines; progress goes to standard error.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(RunLoopBenchOptions.specs))]
    )

    /// The `runloop` entry of ``BenchmarkTable``.
    static let command = Command.benchmark(
        name: "runloop",
        summary: "Round trip, throughput and idle CPU of run loops against Foundation, Dispatch and eventfd.",
        usage: usage,
        parse: { arguments throws(UsageError) in try RunLoopBenchOptions.parse(arguments) },
        run: { options, console throws(BenchFailure) in try run(options, console: console) }
    )

    /// Measures every row and prints the table.
    ///
    /// - Throws: ``BenchFailure`` when a baseline cannot be measured.
    static func run(_ options: RunLoopBenchOptions, console: any Console) throws(BenchFailure) {
        console.printError("measuring \(EventFDPingPongBench.name)…")
        let eventfd = try EventFDPingPongBench.measure(options)
        console.printError("measuring \(FoundationRunLoopBench.name)…")
        let foundation = try FoundationRunLoopBench.measure(options)
        console.printError("measuring \(DispatchQueueBench.name)…")
        let dispatch = DispatchQueueBench.measure(options)
        console.printError("measuring \(RunLoopLabBench.name)…")
        let lab = try RunLoopLabBench.measure(options)
        let idle = options.idleSeconds > 0 ? "idle CPU over \(options.idleSeconds) s" : "idle CPU skipped"
        console.printLine(
            "bench runloop: \(options.roundTrips) round trips after \(options.warmUpRoundTrips) warm-up, "
                + "\(options.items) items one way (median of \(options.repetitions)), \(idle); \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online"
        )
        console.printLine("")
        console.printLine(RunLoopBenchTable(eventfd: eventfd, foundation: foundation, dispatch: dispatch, lab: lab).render())
        console.printLine("")
        if lab == nil {
            console.printLine("\(RunLoopLabBench.name): not measured; this build has no live RunLoopKit loop yet.")
        }
        console.printLine(
            "Targets for \(RunLoopLabBench.name) (reported, never asserted): round trip ≤ 1.15× eventfd pinned to one CPU "
                + "(taskset -c 0); throughput ≥ 9 M/s, ≥ 10× Foundation and ≥ 1.5× DispatchQueue; idle CPU 0.0%."
        )
        console.printLine(
            "Throughput sends a fresh block per item, capturing it; capture-free sends one block that captures nothing.")
        console.printLine(
            "Idle CPU is the idle loop thread's own CPU time (CLOCK_THREAD_CPUTIME_ID) over the idle window, in percent of one core.")
    }
}
