import CBenchLimits
import Inspector
import LabRuntime

/// `runloop-lab bench explore`: how fast the explorer runs schedules of a scenario, against
/// the simulator's own limit, the baton hand-off, measured in the same run.
///
/// It prints its figures; it never asserts them.
enum ExploreBenchmark {
    /// The help text of `bench explore`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab bench explore [--scenario NAME|FILE] [--schedules N] [--jobs N] [--preemption-bound B] [--hand-offs N]",
            "                          [--memory-schedules N]",
            "runloop-lab bench explore --suite [--budget N] [--reduction-budget N]",
        ],
        description: """
            Measures, in one run: the baton hand-off (two lab threads that always switch)
            and the eventfd round trip between two threads on one CPU (the kernel's limit);
            random schedules per second and scheduling points per second on the scenario,
            with one job and with --jobs, without checkers (runs that record no trace) and
            with the scenario's checkers; the wall time of an exhaustive search with the
            preemption bound; and, first of all, the process's peak resident memory after
            1% of --memory-schedules random schedules and after all of them (a run must not
            keep memory). Prints a Markdown table; progress goes to standard error. With
            --suite it runs random, PCT (depth 3), POS, preemption bounding, delay bounding
            and DPOR on each kernel of the classic-bug suite and prints which bugs each
            found after how many schedules, then the schedules DPOR and unreduced search
            need to cover each built-in scenario (the lab's, the AFNetworking race files and
            the classic bugs).
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(ExploreBenchOptions.specs))]
    )

    /// The `explore` entry of ``BenchmarkTable``.
    static let command = Command.benchmark(
        name: "explore",
        summary: "Schedules/s, scheduling points/s, baton hand-off, exhaustive-search time and memory of the explorer.",
        usage: usage,
        parse: { arguments throws(UsageError) in try ExploreBenchOptions.parse(arguments) },
        run: { options, console in run(options, console: console) }
    )

    /// One measured row: a search and how long it took.
    private struct Row {
        let name: String
        let report: ExplorationReport
        let seconds: Double
    }

    /// Measures everything and prints the table.
    static func run(_ options: ExploreBenchOptions, console: any Console) {
        if options.suite {
            ClassicBugBenchmark.run(budget: options.budget, reductionBudget: options.reductionBudget, console: console)
            return
        }
        let scenario = options.scenario
        let memory = measureMemory(scenario, schedules: options.memorySchedules, console: console)
        console.printError("measuring the baton hand-off…")
        let handOff = BatonHandOffBench.measure(handOffs: options.handOffs)
        let eventfd = sameCPUEventFDRoundTrip()
        var rows: [Row] = []
        for (jobs, checkers) in [(1, false), (options.jobs, false), (1, true), (options.jobs, true)] {
            let name = "random, \(jobs.counted("job")), " + (checkers ? "scenario's checkers" : "no checker")
            console.printError("measuring \(name)…")
            rows.append(
                time(
                    name,
                    Explorer(
                        scenario: scenario, checkers: checkers ? scenario.checkers : [],
                        strategy: .random(seed: 0), schedules: options.schedules, jobs: jobs)))
        }
        for jobs in Array(Set([1, options.jobs])).sorted() {
            let name = "exhaustive, bound \(options.preemptionBound), \(jobs.counted("job")), no checker"
            console.printError("measuring \(name)…")
            rows.append(
                time(
                    name,
                    Explorer(
                        scenario: scenario, checkers: [], strategy: .exhaustive(preemptionBound: options.preemptionBound),
                        schedules: 10_000_000, jobs: jobs)))
        }
        console.printLine("bench explore: scenario \(scenario.name) (\(scenario.summary)); \(CPUCount.online) CPUs online")
        console.printLine("")
        console.printLine("| baton hand-off (2 lab threads, always switching) | eventfd round trip, both threads on one CPU (C) |")
        console.printLine("|---:|---:|")
        console.printLine(
            "| \(BenchFormat.duration(nanoseconds: Int64(handOff))) → ≤ \(Int(1e9 / handOff)) switching points/s | \(eventfd.map { BenchFormat.duration(nanoseconds: $0) } ?? BenchFormat.missing) |"
        )
        console.printLine("")
        console.printLine("| search | schedules | scheduling points | wall time | schedules/s | points/s |")
        console.printLine("|---|---:|---:|---:|---:|---:|")
        for row in rows {
            let seconds = max(row.seconds, 1e-9)
            let complete = row.report.complete ? " (complete)" : ""
            console.printLine(
                "| \(row.name) | \(row.report.explored)\(complete) | \(row.report.steps) | "
                    + "\(ExploreCommand.format(row.seconds, decimals: 3)) s | \(Int(Double(row.report.explored) / seconds)) | "
                    + "\(Int(Double(row.report.steps) / seconds)) |")
        }
        if let memory {
            console.printLine("")
            console.printLine("| peak RSS after \(memory.short.schedules) schedules | after \(memory.long.schedules) | ratio |")
            console.printLine("|---:|---:|---:|")
            console.printLine(
                "| \(memory.short.peakKiB) KiB | \(memory.long.peakKiB) KiB | "
                    + "\(ExploreCommand.format(Double(memory.long.peakKiB) / Double(max(memory.short.peakKiB, 1)), decimals: 2)) |")
        }
        console.printLine("")
        console.printLine(
            "Targets (reported, never asserted): ≥ 20000 schedules/s with 1 job; baton hand-off ≤ 0.3 µs; "
                + "exhaustive search with bound 2 in < 10 s; peak RSS after all memory schedules ≤ 1.2 × after 1% of them.")
    }

    /// The process's peak resident memory (`VmHWM`) after a random search of 1% of
    /// `schedules` (1 job, no checker), then after one of all of them; `nil` when
    /// `schedules` is 0 or `/proc` cannot be read. Measured before anything else, so that
    /// the short run's peak is not another figure's.
    private static func measureMemory(
        _ scenario: Scenario, schedules: Int, console: any Console
    )
        -> (short: (schedules: Int, peakKiB: Int), long: (schedules: Int, peakKiB: Int))?
    {
        guard schedules > 0 else { return nil }
        func peak(after count: Int) -> (schedules: Int, peakKiB: Int)? {
            console.printError("measuring peak memory over \(count) schedules…")
            _ = Explorer(scenario: scenario, checkers: [], strategy: .random(seed: 0), schedules: count, jobs: 1).explore()
            return ProcessResources.statusKiB("VmHWM").map { (count, $0) }
        }
        guard let short = peak(after: max(schedules / 100, 1)), let long = peak(after: schedules) else { return nil }
        return (short, long)
    }

    private static func time(_ name: String, _ explorer: Explorer) -> Row {
        let start = MonotonicClock.nanoseconds()
        let report = explorer.explore()
        return Row(name: name, report: report, seconds: Double(MonotonicClock.nanoseconds() - start) / 1e9)
    }

    /// The median eventfd round trip of the C ping-pong with both threads pinned to one CPU
    /// (the ponging thread inherits the caller's affinity), or `nil` if it failed.
    private static func sameCPUEventFDRoundTrip() -> Int64? {
        let previous = CPUAffinity.callingThreadMask
        CPUAffinity.pinCallingThread(toCPU: 0)
        defer { CPUAffinity.restoreCallingThreadMask(previous) }
        var nanoseconds = [Int64](repeating: 0, count: 5_000)
        let status = nanoseconds.withUnsafeMutableBufferPointer { cbench_eventfd_pingpong(Int32($0.count), $0.baseAddress) }
        return status == 0 ? LatencySample(nanoseconds: nanoseconds).p50 : nil
    }
}
