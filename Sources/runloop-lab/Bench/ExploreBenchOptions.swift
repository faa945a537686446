import Inspector

/// The settings of `runloop-lab bench explore`.
struct ExploreBenchOptions {
    /// The scenario measured.
    var scenario: Scenario
    /// Random schedules per throughput figure.
    var schedules = 5_000
    /// Simulations at once for the parallel figure.
    var jobs = CPUCount.online
    /// The preemption bound of the timed exhaustive search.
    var preemptionBound = 2
    /// Baton hand-offs timed for the hand-off figure.
    var handOffs = 20_000
    /// Random schedules of the long memory run (0: no memory figure); the short one runs 1%.
    var memorySchedules = 100_000
    /// Whether to run the classic-bug suite instead of the throughput figures.
    var suite = false
    /// The schedules each strategy may spend on each kernel of the suite.
    var budget = 10_000
    /// The schedules each search may spend on each scenario of the reduction table.
    var reductionBudget = 2_000

    /// The scenario measured when `--scenario` is absent: the race file of two operations on
    /// main, one paused and one cancelled, in the hardened flavour.
    static let defaultScenario = "pause-cancel-pair-hardened"

    /// The options `bench explore` accepts.
    static let specs = [
        OptionSpec(
            name: "--scenario", valueName: "NAME",
            help: "The scenario to measure, or a .lab file (default \(defaultScenario); see 'explore --list')."),
        OptionSpec(name: "--schedules", valueName: "N", help: "Random schedules per throughput figure (default 5000)."),
        OptionSpec(name: "--jobs", valueName: "N", help: "Simulations at once for the parallel figure (default: CPUs online)."),
        OptionSpec(name: "--preemption-bound", valueName: "B", help: "Bound of the timed exhaustive search (default 2)."),
        OptionSpec(name: "--hand-offs", valueName: "N", help: "Baton hand-offs timed for the hand-off cost (default 20000)."),
        OptionSpec(
            name: "--memory-schedules", valueName: "N",
            help: "Schedules of the long memory run, compared with a run of 1% of them (default 100000; 0 skips it)."),
        OptionSpec(name: "--suite", valueName: nil, help: "Run every strategy on the classic-bug suite, then DPOR's reduction table."),
        OptionSpec(name: "--budget", valueName: "N", help: "Schedules per strategy and kernel with --suite (default 10000)."),
        OptionSpec(
            name: "--reduction-budget", valueName: "N", help: "Schedules per search and scenario in the reduction table (default 2000)."),
    ]

    /// Parses the arguments after `bench explore`.
    ///
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a value out of range.
    static func parse(_ arguments: [String]) throws(UsageError) -> ExploreBenchOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: ExploreBenchmark.usage)
        if parsed.wantsHelp { return nil }
        let scenario = try ScenarioCatalog.scenario(parsed, default: defaultScenario)
        var options = ExploreBenchOptions(scenario: scenario)
        options.schedules = try parsed.integer("--schedules", default: options.schedules, in: 1...10_000_000)
        options.jobs = try parsed.integer("--jobs", default: options.jobs, in: 1...256)
        options.preemptionBound = try parsed.integer("--preemption-bound", default: options.preemptionBound, in: 0...10)
        options.handOffs = try parsed.integer("--hand-offs", default: options.handOffs, in: 2...100_000_000)
        options.memorySchedules = try parsed.integer("--memory-schedules", default: options.memorySchedules, in: 0...100_000_000)
        options.suite = parsed.isSet("--suite")
        options.budget = try parsed.integer("--budget", default: options.budget, in: 1...10_000_000)
        options.reductionBudget = try parsed.integer("--reduction-budget", default: options.reductionBudget, in: 1...10_000_000)
        return options
    }
}
