import LabRuntime

/// A small lab program to explore: a `main` closure run on a fresh `Simulation` for every
/// schedule (or a whole simulation of its own, see
/// ``init(name:summary:checkers:stepLimit:timeLimit:simulate:)``),
/// the checkers that judge each run, and the budget that bounds one run.
///
/// `main` must build all of its state inside the run (locks, threads, counters), so that
/// every run starts from scratch, and must not read the wall clock or any unseeded
/// randomness. Scenarios are registered by name in a ``ScenarioRegistry``, which is how
/// `runloop-lab explore --scenario NAME` and the replay command find them; a scenario file
/// becomes one through the Walkthrough library.
public struct Scenario: Sendable {
    /// The name that selects it on the command line, e.g. `"abba"`.
    public let name: String
    /// One line saying what it does and what can go wrong.
    public let summary: String
    /// The checkers run after each run unless the caller picks others.
    public let checkers: [any Checker]
    /// The scheduling points after which a run counts as a livelock.
    public let stepLimit: Int
    /// The virtual time after which a run stops (for scenarios with repeating timers).
    public let timeLimit: Duration?
    /// One run from scratch under the strategy given, recording its trace if told to (or
    /// always, for a scenario that cannot run without one): how every run is made.
    private let simulate: @Sendable (any SchedulingStrategy, _ tracing: Bool) -> SimulationResult
    /// Whether a run made without its trace records none, so that the explorer gains by
    /// asking for that.
    let runsUntraced: Bool

    /// A scenario.
    ///
    /// - Parameters:
    ///   - name: the name that selects it.
    ///   - summary: one line for `explore --list`.
    ///   - checkers: the default checkers (all of ``CheckerRegistry/lab`` unless given).
    ///   - stepLimit: the livelock budget per run.
    ///   - timeLimit: the virtual-time budget per run, if any.
    ///   - main: the program.
    public init(
        name: String, summary: String, checkers: [any Checker] = CheckerRegistry.lab.checkers,
        stepLimit: Int = 100_000, timeLimit: Duration? = nil, main: @escaping @Sendable () -> Void
    ) {
        self.name = name
        self.summary = summary
        self.checkers = checkers
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit
        simulate = { strategy, tracing in
            Simulation(strategy: strategy, stepLimit: stepLimit, timeLimit: timeLimit, tracing: tracing).run(main: main)
        }
        runsUntraced = true
    }

    /// A scenario that makes each run itself: `simulate` builds a fresh `Simulation` under
    /// the strategy it is given, with its own budgets, and returns the result. This is how a
    /// program that wraps the strategy (a scenario file's `interleave` lines) is explored.
    ///
    /// - Parameters:
    ///   - name: the name that selects it.
    ///   - summary: one line for `explore --list`.
    ///   - checkers: the default checkers.
    ///   - stepLimit: the step budget `simulate` gives its simulations.
    ///   - timeLimit: the virtual-time budget `simulate` gives its simulations, if any.
    ///   - simulate: one run from scratch under the strategy given, with tracing on.
    public init(
        name: String, summary: String, checkers: [any Checker], stepLimit: Int, timeLimit: Duration?,
        simulate: @escaping @Sendable (any SchedulingStrategy) -> SimulationResult
    ) {
        self.name = name
        self.summary = summary
        self.checkers = checkers
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit
        self.simulate = { strategy, _ in simulate(strategy) }
        runsUntraced = false
    }

    /// A scenario that makes each run itself and can make it without recording a trace:
    /// `simulateWithTracing` builds a fresh `Simulation` under the strategy it is given,
    /// passing on `tracing` (`Simulation`'s `tracing:`), and returns the result. The explorer asks for
    /// runs without a trace when none of its checkers reads one (see
    /// ``Checker/readsTrace(endingWith:)``), which makes them faster.
    ///
    /// - Parameters:
    ///   - name: the name that selects it.
    ///   - summary: one line for `explore --list`.
    ///   - checkers: the default checkers.
    ///   - stepLimit: the step budget `simulateWithTracing` gives its simulations.
    ///   - timeLimit: the virtual-time budget `simulateWithTracing` gives its simulations,
    ///     if any.
    ///   - simulateWithTracing: one run from scratch under the strategy given, recording its
    ///     trace when `tracing` is true. A run made with and without its trace must make the
    ///     same choices and end the same way.
    public init(
        name: String, summary: String, checkers: [any Checker], stepLimit: Int, timeLimit: Duration?,
        simulateWithTracing: @escaping @Sendable (any SchedulingStrategy, _ tracing: Bool) -> SimulationResult
    ) {
        self.name = name
        self.summary = summary
        self.checkers = checkers
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit
        simulate = simulateWithTracing
        runsUntraced = true
    }

    /// Runs the scenario once under `strategy`, with tracing on.
    public func run(_ strategy: some SchedulingStrategy) -> SimulationResult { simulate(strategy, true) }

    /// Runs the scenario once under `strategy`, recording its trace only if `tracing`.
    func run(_ strategy: some SchedulingStrategy, tracing: Bool) -> SimulationResult { simulate(strategy, tracing) }

    /// Replays `schedule` exactly.
    public func replay(_ schedule: Schedule) -> SimulationResult { run(ReplayStrategy(schedule)) }
}
