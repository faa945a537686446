import Inspector

/// `runloop-lab explore`: runs a scenario under a strategy, checks every run, and prints the
/// first violation, shrunk, with the command that replays it.
enum ExploreCommand {
    /// The help text of `explore`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab explore --scenario NAME|FILE [--strategy random|pct|pos|exhaustive|delay|dpor]",
            "                    [--seed N] [--depth D] [--steps K] [--schedules N] [--seconds S] [--preemption-bound B]",
            "                    [--delay-bound B] [--jobs N] [--checkers A,B] [--no-interleaving]",
            "                    [--shard K/N] [--report FILE]",
            "runloop-lab explore --list",
        ],
        description: """
            Runs the scenario (a built-in one, or a scenario file: a path containing '/' or
            ending in .lab) on the deterministic runtime under many schedules and checks
            every run; a file's 'expect' lines are checked by the 'expect' checker, so a
            run that breaks one is a violation. random, pct and pos (partial-order
            sampling) draw one schedule per seed; exhaustive (preemption bounding) and
            delay (delay bounding) walk every schedule within their bound depth-first,
            cheapest first, where the choice at a blocking point is round-robin and only
            deviations from it are counted, so bound 0 is one schedule; dpor runs every
            Mazurkiewicz trace of the visible operations once (dynamic partial-order
            reduction with source sets and sleep sets), no bound. To hunt a race in a
            large scenario (AFNetworking's), start with random, pct or pos: dpor, which
            suits proving a small program clean, takes every variation of a run's last
            steps before it changes an earlier one, which can take it millions of runs.
            On the first violation (the lowest-numbered run, whatever --jobs is) it
            shrinks the schedule to the fewest preemptions, then the fewest switches
            (within 2,000 replays; the report says when they ran out), and prints the
            violation, the seed, the schedule, the interleaving in one column per thread,
            and the replay command. A lock-order inversion is followed by a search for a
            schedule that really deadlocks. Exits 1 when it finds a
            violation, 0 when every run was clean; timing goes to standard error. On a
            terminal, a progress line on standard error shows the schedules done, the rate
            and the violations so far; Ctrl-C stops the search, prints what it found so far
            (a violation unshrunk) and exits 130.

            --shard K/N splits a search over N processes or machines: shard K (from 0)
            makes the K-th of N contiguous blocks of the runs of a random, PCT or POS
            search, or of every level's subtrees of an exhaustive or delay search, or of
            the subtrees below a DPOR search's frontier. With N alone, K comes from
            JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID less
            SLURM_ARRAY_TASK_MIN (a Slurm job array). Write each shard's result with
            --report FILE and combine them with 'runloop-lab merge', which prints what the
            unsplit search prints. A DPOR search, split or not, expands the choice points
            above its frontier fully and runs DPOR below, so its shards make the unsplit
            search's runs in its order.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(ExploreOptions.specs))]
    )

    /// The `explore` entry of ``CommandTable``.
    static let command = Command(
        name: "explore",
        summary: "Search a scenario's schedules for deadlocks, lock-order inversions and hangs.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        guard let options = try ExploreOptions.parse(arguments) else {
            console.printLine(usage)
            return ExitCode.success
        }
        guard let explorer = options.explorer else {
            ScenarioCatalog.listing.forEach(console.printLine)
            return ExitCode.success
        }
        let start = ContinuousClock.now
        let (report, interrupted) = ExploreProgressLine.watching(drawing: ExploreProgressLine.isTerminal) { progress in
            var watched = explorer
            watched.progress = progress
            return watched.explore()
        }
        let elapsed = ContinuousClock.now - start
        if let failure = report.systemCallFailure {
            console.printError("runloop-lab explore: \(failure)")
            return ExitCode.systemError
        }
        let summary = ShardReport(report, showingInterleavings: options.showsInterleavings)
        for line in summary.text.split(separator: "\n", omittingEmptySubsequences: false) { console.printLine(String(line)) }
        if options.exploresFile, let hint = Self.expectLinesHint(report, checkers: explorer.checkers.map(\.name)) {
            console.printLine(hint)
        }
        console.printError(Self.timing(report, seconds: elapsed.seconds, jobs: explorer.jobs))
        if interrupted {
            console.printLine(Self.interruption(report))
            if options.reportPath != nil { console.printError("runloop-lab explore: interrupted, so no --report was written") }
            return ExitCode.interrupted
        }
        if let path = options.reportPath, let failure = OutputFile.write(ShardReportJSON.encode(summary), to: path) {
            console.printError("runloop-lab explore: \(failure)")
            return ExitCode.failure
        }
        return report.finding == nil ? ExitCode.success : ExitCode.failure
    }

    /// For a scenario file whose first violation came from a built-in checker while none of its
    /// `expect` lines failed: how to search for the expect lines alone, since the search
    /// stops at its first violation.
    static func expectLinesHint(_ report: ExplorationReport, checkers: [String]) -> String? {
        let expect = ExpectationChecker().name
        guard checkers.count > 1, checkers.contains(expect), let finding = report.finding,
            !finding.violations.contains(where: { $0.checker == expect })
        else { return nil }
        return "hint:      the search stops at its first violation, this one from '\(finding.violations[0].checker)'; "
            + "add '--checkers expect' to search for a schedule that breaks an expect line"
    }

    /// What an interrupted search says after its partial summary.
    static func interruption(_ report: ExplorationReport) -> String {
        guard report.interrupted else { return "interrupted: Ctrl-C arrived after the search ended; the summary above is complete" }
        return
            "interrupted: Ctrl-C stopped the search after \(report.explored) of \(report.shardBudget) schedules"
            + (report.finding == nil ? "; no violation so far" : "; the violation above is not shrunk")
    }

    /// `"explored 1000 schedules in 0.52 s (1923 schedules/s, 40123 points/s) with 1 job"`.
    static func timing(_ report: ExplorationReport, seconds: Double, jobs: Int) -> String {
        let elapsed = max(seconds, 1e-9)
        return "explored \(report.explored.counted("schedule")) in \(format(seconds, decimals: 2)) s "
            + "(\(rate(Double(report.explored) / elapsed)) schedules/s, \(rate(Double(report.steps) / elapsed)) points/s) "
            + "with \(jobs.counted("job")); shrinking and confirmation included"
    }

    /// A rate per second: whole, or with one decimal below 10, so that a slow search of a
    /// few long schedules does not read as `0 schedules/s`.
    static func rate(_ perSecond: Double) -> String {
        perSecond < 10 ? format(perSecond, decimals: 1) : "\(Int(perSecond))"
    }

    /// `value` with `decimals` digits after the point, without Foundation.
    static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return decimals == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
