import LabRuntime
import Synchronization

/// Runs parsed scenarios under the deterministic `Simulation` and checks their `expect`
/// lines.
///
/// ```swift
/// let scenario = try Scenario.parse(source: text, fileName: "cancel-race.lab")
/// let run = try ScenarioRunner().run(scenario, seed: 7)
/// print(run.report)
/// ```
///
/// The runner holds what is shared by every run it makes: the checkers `expect checker`
/// lines may call, and the budgets that stop a run that would never end.
public struct ScenarioRunner: Sendable {
    /// The checkers `expect checker NAME` lines may use, looked up by name.
    public var checkers: [any ScenarioChecker]
    /// The scheduling points after which a run stops as `step-limit`, unless the scenario
    /// ends with `run N steps`.
    public var stepLimit: Int
    /// The virtual time after which a run stops as `time-limit`, unless the scenario ends
    /// with `run for D`.
    public var timeLimit: Duration

    /// A runner offering `checkers` (every checker of `explore --list` unless given others),
    /// with the given budgets.
    public init(
        checkers: [any ScenarioChecker] = InspectorScenarioChecker.all, stepLimit: Int = 300_000, timeLimit: Duration = .seconds(300)
    ) {
        self.checkers = checkers
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit
    }

    /// Runs `scenario` under its declared strategy, or under `random seed` `seed` when one
    /// is given (a seed replaces whatever strategy the scenario declares, `exhaustive`
    /// included).
    ///
    /// `pct seed N depth D` runs one PCT schedule (Burckhardt et al.): its `k`, the number
    /// of steps the change points are drawn from, is the number of choice points of the
    /// scenario's default schedule (every thread runs until it blocks), measured first.
    ///
    /// - Throws: ``ScenarioDiagnostics`` pointing at the strategy line when the scenario
    ///   declares `exhaustive` or `delay`, searches of many schedules that only the explorer
    ///   runs, and no `seed` is given.
    public func run(_ scenario: Scenario, seed: UInt64? = nil) throws(ScenarioDiagnostics) -> ScenarioRun {
        let strategy = seed.map { ScenarioStrategy.random(seed: $0) } ?? scenario.strategy
        switch strategy {
        case let .random(seed):
            return run(scenario, using: RandomStrategy(seed: seed), named: strategy.description)
        case let .replay(schedule):
            return run(scenario, using: ReplayStrategy(schedule), named: strategy.description)
        case let .pct(seed, depth):
            let steps = pctSteps(for: scenario)
            return run(
                scenario, using: PCTStrategy(seed: seed, depth: depth, steps: steps),
                named: "\(strategy.description) (k = \(steps))")
        case let .pos(seed):
            return run(scenario, using: POSStrategy(seed: seed), named: strategy.description)
        case .exhaustive, .delayBounded:
            let line = scenario.strategyLine ?? 1
            let source = scenario.sourceLines[line - 1]
            let column = (source.firstIndex { $0 != " " && $0 != "\t" }).map { source.distance(from: source.startIndex, to: $0) + 1 } ?? 1
            throw ScenarioDiagnostics([
                ScenarioDiagnostic(
                    fileName: scenario.fileName, location: SourceLocation(line: line, column: column),
                    message: "strategy \(strategy.description.prefix { $0 != " " }) searches many schedules; the interpreter runs one",
                    hint:
                        "run the search with 'runloop-lab explore --strategy exhaustive' or '--strategy delay', or run one schedule here with 'strategy random seed N', 'strategy pct seed N depth D', 'strategy pos seed N' or 'strategy replay \"SCHEDULE\"'",
                    sourceLine: source)
            ])
        }
    }

    /// PCT's *k* for `scenario`: the choice points of its default schedule (every thread
    /// runs until it blocks), at least 1.
    public func pctSteps(for scenario: Scenario) -> Int {
        max(simulate(scenario, using: ReplayStrategy(Schedule(switches: []))).result.choicePoints, 1)
    }

    /// Runs `scenario` under `strategy` (after the scenario's `interleave` entries), named
    /// `name` in the report: the entry point for replays and what-if runs.
    public func run(_ scenario: Scenario, using strategy: some SchedulingStrategy, named name: String) -> ScenarioRun {
        let (result, built, plan) = simulate(scenario, using: strategy)
        let operations = built.operationReports().map { $0.reading(result.trace) }
        let checkpoints = built.checkpoints.map { snapshot in
            let note = CheckpointSnapshot.noteText(snapshot.name)
            let end = result.trace.firstIndex { if case .note(note) = $0.kind { true } else { false } } ?? result.trace.endIndex
            let trace = Array(result.trace[...min(end, result.trace.count - 1)])
            return RunFacts(
                result: result, trace: trace, operations: snapshot.operations.map { $0.reading(trace) },
                taskStates: snapshot.taskStates, streams: snapshot.streams,
                batches: snapshot.batches,
                indicatorCount: snapshot.indicatorCount, checkers: checkers, checkpoint: snapshot.name, checkpoints: [])
        }
        let facts = RunFacts(
            result: result, trace: result.trace, operations: operations, taskStates: built.taskStates(), streams: built.streamReports(),
            batches: built.batchReports(),
            indicatorCount: built.indicatorCount,
            checkers: checkers, checkpoint: nil, checkpoints: checkpoints)
        let checks = scenario.expectations.map { expectation in
            let verdict = expectation.expectation.evaluate(in: facts)
            return ScenarioCheck(
                fileName: scenario.fileName, line: expectation.line, statement: expectation.text,
                passed: verdict.passed, expected: verdict.expected, actual: verdict.actual)
        }
        return ScenarioRun(
            scenario: scenario, strategy: name, result: result, operations: operations,
            indicatorCount: facts.indicatorCount, problems: built.problems + plan.leftOver, checks: checks)
    }

    /// Simulates `scenario` under `strategy` (after the scenario's `interleave` entries),
    /// without reporting on it: the simulation's result, the world the script built, and
    /// the interleaving plan with whatever of it was left over. Without `tracing` the run
    /// records no trace, unless `interleave` lines need its events to learn thread names.
    func simulate(
        _ scenario: Scenario, using strategy: some SchedulingStrategy, tracing: Bool = true
    )
        -> (result: SimulationResult, world: ScenarioWorld, plan: InterleavingPlan)
    {
        let plan = InterleavingPlan()
        // Only `interleave` lines arm the plan: without any, the strategy need not consult
        // it, and no event needs to be shown to a listener for the thread names it reads.
        // Without them the declared strategy is the simulation's own, so that each choice
        // reaches it directly, not through a wrapper holding it as an existential.
        let interleaves = scenario.statements.contains(where: \.isInterleave)
        let steps = scenario.stepLimit ?? stepLimit
        let time = scenario.timeLimit ?? timeLimit
        let simulation =
            interleaves
            ? Simulation(strategy: InterleavingStrategy(base: strategy, plan: plan), stepLimit: steps, timeLimit: time)
            : Simulation(strategy: strategy, stepLimit: steps, timeLimit: time, tracing: tracing)
        if interleaves {
            let isThreadStart: @Sendable (TraceEvent.Kind) -> Bool = { if case .threadStart = $0 { true } else { false } }
            simulation.trace.addListener(where: isThreadStart) { event in
                plan.learnName(of: event.thread, event.threadName)
            }
        }
        let world = Mutex<ScenarioWorld?>(nil)
        let result = simulation.run {
            let made = ScenarioWorld(scenario: scenario, plan: plan)
            world.withLock { $0 = made }
            made.runScript()
        }
        guard let built = world.withLock({ $0 }) else { preconditionFailure("the simulation ended before its main thread ran") }
        return (result, built, plan)
    }
}
