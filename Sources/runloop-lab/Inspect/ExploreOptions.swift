import Inspector
import LabRuntime

/// The settings of `runloop-lab explore`.
struct ExploreOptions {
    /// The options `explore` accepts.
    static let specs = [
        OptionSpec(name: "--scenario", valueName: "NAME", help: "The scenario to explore (see --list), or a .lab file."),
        OptionSpec(name: "--list", valueName: nil, help: "List the scenarios and checkers, then stop."),
        OptionSpec(name: "--strategy", valueName: "S", help: "random, pct, pos, exhaustive, delay or dpor (default random)."),
        OptionSpec(name: "--seed", valueName: "N", help: "The first seed; run i uses seed N+i (default 0)."),
        OptionSpec(name: "--depth", valueName: "D", help: "PCT's bug depth: D-1 priority change points (default 2)."),
        OptionSpec(name: "--steps", valueName: "K", help: "PCT's k, the choice points per run (default: measured)."),
        OptionSpec(name: "--schedules", valueName: "N", help: "The most runs (default 1000; 1000000 for exhaustive, delay and dpor)."),
        OptionSpec(name: "--seconds", valueName: "S", help: "A wall-clock budget for the search (default none)."),
        OptionSpec(name: "--preemption-bound", valueName: "B", help: "Exhaustive search's preemption bound (default 2)."),
        OptionSpec(name: "--delay-bound", valueName: "B", help: "Delay bounding's delay bound (default 2)."),
        OptionSpec(name: "--jobs", valueName: "N", help: "Simulations run at once; never changes the result (default 1)."),
        OptionSpec(name: "--checkers", valueName: "A,B", help: "The checkers to run (default: the scenario's)."),
        OptionSpec(name: "--no-interleaving", valueName: nil, help: "Leave the per-thread columns out of the report."),
        OptionSpec(name: "--shard", valueName: "K/N", help: "Make only part K (from 0) of N of the runs; N alone: K from the batch job."),
        OptionSpec(name: "--report", valueName: "FILE", help: "Also write the result as JSON, for runloop-lab merge."),
    ]

    /// The strategies `--strategy` names, in the order its error message lists them.
    enum StrategyName: String, CaseIterable {
        /// Random schedules, one seed per run.
        case random
        /// Probabilistic concurrency testing.
        case pct
        /// Partial-order sampling.
        case pos
        /// Every schedule within a preemption bound.
        case exhaustive
        /// Every schedule within a delay bound.
        case delay
        /// Every Mazurkiewicz trace, with partial-order reduction.
        case dpor
    }

    /// The explorer to run, or `nil` for `--list`.
    let explorer: Explorer?

    /// Whether the report shows each schedule's interleaving in per-thread columns.
    var showsInterleavings = true

    /// Where `--report` writes the JSON report, if anywhere.
    var reportPath: String?
    /// Whether `--scenario` names a scenario file (whose `expect` checker judges its expect
    /// lines), not a built-in scenario.
    var exploresFile = false

    /// Parses the arguments after `explore`.
    ///
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option, a missing scenario or a bad value.
    /// `environment` supplies a `--shard N`'s index (the process's environment by default).
    static func parse(
        _ arguments: [String],
        environment: (String) -> String? = ShardOption.processEnvironment
    ) throws(UsageError) -> ExploreOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: ExploreCommand.usage)
        if parsed.wantsHelp { return nil }
        if parsed.isSet("--list") {
            try parsed.reject(specs.map(\.name).filter { $0 != "--list" }, "cannot go with --list, which only lists")
            return ExploreOptions(explorer: nil)
        }
        let scenario = try ScenarioCatalog.scenario(parsed)
        let checkers = try ScenarioCatalog.checkers(parsed, default: scenario.checkers)
        let seed = try parsed.seed() ?? 0
        let strategyName = try parsed.choice("--strategy", default: StrategyName.random)
        if strategyName != .pct { try parsed.reject(["--depth", "--steps"], "applies to --strategy pct only") }
        if strategyName != .exhaustive { try parsed.reject(["--preemption-bound"], "applies to --strategy exhaustive only") }
        if strategyName != .delay { try parsed.reject(["--delay-bound"], "applies to --strategy delay only") }
        let strategy: ExplorationStrategy
        switch strategyName {
        case .random:
            strategy = .random(seed: seed)
        case .pct:
            let depth = try parsed.integer("--depth", default: 2, in: 1...10)
            let steps = parsed.isSet("--steps") ? try parsed.integer("--steps", default: 1, in: 1...10_000_000) : nil
            strategy = .pct(seed: seed, depth: depth, steps: steps)
        case .pos:
            strategy = .pos(seed: seed)
        case .exhaustive:
            try parsed.reject(["--seed"], "does not apply to --strategy exhaustive, which tries every schedule")
            strategy = .exhaustive(preemptionBound: try parsed.integer("--preemption-bound", default: 2, in: 0...20))
        case .delay:
            try parsed.reject(["--seed"], "does not apply to --strategy delay, which tries every schedule within its bound")
            strategy = .delayBounded(delayBound: try parsed.integer("--delay-bound", default: 2, in: 0...20))
        case .dpor:
            try parsed.reject(["--seed"], "does not apply to --strategy dpor, which runs every Mazurkiewicz trace once")
            strategy = .dpor
        }
        let isExhaustive =
            switch strategy {
            case .exhaustive, .delayBounded, .dpor: true
            case .random, .pct, .pos: false
            }
        let schedules = try parsed.integer("--schedules", default: isExhaustive ? 1_000_000 : 1_000, in: 1...100_000_000)
        let seconds = parsed.isSet("--seconds") ? try parsed.seconds("--seconds", default: 0, in: 0.001...86_400) : nil
        let jobs = try parsed.integer("--jobs", default: 1, in: 1...256)
        var explorer = Explorer(
            scenario: scenario, checkers: checkers, strategy: strategy, schedules: schedules,
            timeBudget: seconds.map { .nanoseconds(Int64($0 * 1e9)) }, jobs: jobs)
        if let text = parsed.string("--shard") {
            explorer.shard = try ShardOption.parse(text, environment: environment, usage: ExploreCommand.usage)
        }
        return ExploreOptions(
            explorer: explorer, showsInterleavings: !parsed.isSet("--no-interleaving"),
            reportPath: try parsed.outputPath("--report"),
            exploresFile: parsed.string("--scenario").map(ScenarioFile.isPath) ?? false)
    }
}
