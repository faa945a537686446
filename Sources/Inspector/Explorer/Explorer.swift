import LabRuntime

/// Runs a scenario under a strategy for a number of schedules (or until a time budget runs
/// out), checks every run, and shrinks the first violation.
///
/// The reported violation is the one of the lowest-numbered violating run, whatever
/// `jobs` is: random and PCT runs are numbered by seed offset, exhaustive runs by search
/// order (see `BoundedSearch`). A lock-order inversion is then confirmed, if it can
/// be, by an exhaustive search (preemption bound 2) for a schedule that really deadlocks;
/// a data race gets a schedule that runs its two accesses back to back.
public struct Explorer: Sendable {
    /// The scenario to explore.
    public var scenario: Scenario
    /// The checkers to run after each run, in order.
    public var checkers: [any Checker]
    /// How schedules are chosen.
    public var strategy: ExplorationStrategy
    /// The most runs to make.
    public var schedules: Int
    /// A wall-clock budget for the search; `nil` for none. The clock is read only between
    /// runs, never inside a simulation.
    public var timeBudget: Duration?
    /// How many simulations to run at once.
    public var jobs: Int
    /// The part of the runs this process makes (``Shard/whole`` by default). Random, PCT and
    /// POS searches split by run number, bounded searches by subtrees of each level, DPOR by
    /// subtrees below a frontier; the shards' reports merge to the whole search's (see
    /// ``ShardReport/merge(_:)``).
    public var shard = Shard.whole
    /// The most replays shrinking may use.
    public var shrinkBudget = 2_000
    /// The most schedules the deadlock confirmation of a lock-order inversion may run.
    public var confirmationBudget = 20_000
    /// Watches the search (not the confirmation), and can stop it between runs; `nil` for
    /// none. A stopped search reports what it found so far, unshrunk.
    public var progress: ExplorationProgress?

    /// An explorer of `scenario` with its default checkers unless others are given.
    public init(
        scenario: Scenario, checkers: [any Checker]? = nil, strategy: ExplorationStrategy,
        schedules: Int = 1_000, timeBudget: Duration? = nil, jobs: Int = 1
    ) {
        precondition(schedules >= 1 && jobs >= 1, "explore: schedules and jobs must be positive")
        self.scenario = scenario
        self.checkers = checkers ?? scenario.checkers
        self.strategy = strategy
        self.schedules = schedules
        self.timeBudget = timeBudget
        self.jobs = jobs
    }

    /// Explores and returns the report.
    public func explore() -> ExplorationReport {
        let deadline = timeBudget.map { ContinuousClock.now + $0 }
        let resolved = resolve(strategy)
        let outcome = search(
            resolved, checkers: checkers, runs: runs(of: resolved), shard: shard, deadline: deadline,
            progress: progress)
        var report = ExplorationReport(
            scenario: scenario.name, strategy: resolved, checkers: checkers.map(\.name),
            schedules: schedules, shard: shard, explored: outcome.explored, steps: outcome.steps, complete: outcome.complete,
            stoppedByTime: outcome.stoppedByTime, finding: outcome.finding.map(outcome.interrupted ? unshrunk : finish)
        )
        report.interrupted = outcome.interrupted
        report.levels = outcome.levels
        return report
    }

    /// The run numbers `strategy` makes in this shard: a block of them when runs are made
    /// from their number, else the whole budget (a bounded shard splits by subtrees).
    private func runs(of strategy: ExplorationStrategy) -> Range<Int> {
        switch strategy {
        case .random, .pct, .pos: shard.runs(of: schedules)
        case .exhaustive, .delayBounded, .dpor: 0..<schedules
        }
    }

    /// The strategy with PCT's `k` measured when it was not given.
    private func resolve(_ strategy: ExplorationStrategy) -> ExplorationStrategy {
        guard case let .pct(seed, depth, nil) = strategy else { return strategy }
        return .pct(seed: seed, depth: depth, steps: PCTStepEstimate.measure(scenario, seed: seed))
    }

    /// Searches the runs numbered `runs` (a bounded or DPOR search always starts at 0 and
    /// makes at most `runs.count`); a bounded or DPOR search only `shard`'s subtrees.
    private func search(
        _ strategy: ExplorationStrategy, checkers: [any Checker], runs: Range<Int>, shard: Shard = .whole,
        deadline: ContinuousClock.Instant?, progress: ExplorationProgress? = nil
    ) -> SearchOutcome {
        switch strategy {
        case let .random(seed):
            IndexedSearch(scenario: scenario, checkers: checkers, runs: runs, jobs: jobs, deadline: deadline, progress: progress) { index in
                let seed = seed &+ UInt64(index)
                return (seed, RandomStrategy(seed: seed))
            }.run()
        case let .pct(seed, depth, steps):
            IndexedSearch(scenario: scenario, checkers: checkers, runs: runs, jobs: jobs, deadline: deadline, progress: progress) { index in
                let seed = seed &+ UInt64(index)
                return (seed, PCTStrategy(seed: seed, depth: depth, steps: steps ?? 1))
            }.run()
        case let .pos(seed):
            IndexedSearch(scenario: scenario, checkers: checkers, runs: runs, jobs: jobs, deadline: deadline, progress: progress) { index in
                let seed = seed &+ UInt64(index)
                return (seed, POSStrategy(seed: seed))
            }.run()
        case let .exhaustive(bound):
            bounded(.preemptions, bound: bound, checkers: checkers, limit: runs.count, shard: shard, deadline: deadline, progress: progress)
        case let .delayBounded(bound):
            bounded(.delays, bound: bound, checkers: checkers, limit: runs.count, shard: shard, deadline: deadline, progress: progress)
        case .dpor:
            dpor(checkers: checkers, limit: runs.count, shard: shard, deadline: deadline, progress: progress)
        }
    }

    /// The bounded search of `kind` within `bound`, whole or `shard`'s part of it.
    private func bounded(
        _ kind: ScheduleBound, bound: Int, checkers: [any Checker], limit: Int, shard: Shard,
        deadline: ContinuousClock.Instant?, progress: ExplorationProgress?
    ) -> SearchOutcome {
        let search = BoundedSearch(
            scenario: scenario, checkers: checkers, kind: kind, bound: bound, limit: limit,
            deadline: deadline, progress: progress, jobs: jobs)
        return shard.isWhole ? search.run() : search.run(shard: shard)
    }

    /// The DPOR search, whole or `shard`'s part of it.
    private func dpor(
        checkers: [any Checker], limit: Int, shard: Shard, deadline: ContinuousClock.Instant?, progress: ExplorationProgress?
    ) -> SearchOutcome {
        DPORSearch(scenario: scenario, checkers: checkers, limit: limit, deadline: deadline, progress: progress, jobs: jobs)
            .run(shard: shard)
    }

    /// The violating run as it was found, not shrunk.
    private func unshrunk(_ found: ExploredRun) -> Finding {
        Finding(
            original: found, run: found.result, violations: found.violations, shrinkReplays: 0, shrinkBudgetSpent: false,
            confirmation: nil, adjacentRace: nil)
    }

    /// Shrinks the violating run for its first violation, and confirms a lock-order one.
    private func finish(_ found: ExploredRun) -> Finding {
        let primary = found.violations[0]
        guard let checker = checkers.first(where: { $0.name == primary.checker }) else { return unshrunk(found) }
        let shrinker = Shrinker(scenario: scenario, checker: checker, kind: primary.kind, maxReplays: shrinkBudget)
        let (shrunk, replays) = shrinker.shrink(found.result)
        let all = checkers.flatMap { $0.check(shrunk) }
        let isPrimary = { (violation: Violation) in violation.checker == primary.checker && violation.kind == primary.kind }
        let violations = all.filter(isPrimary) + all.filter { !isPrimary($0) }
        return Finding(
            original: found, run: shrunk, violations: violations, shrinkReplays: replays,
            shrinkBudgetSpent: replays >= shrinkBudget,
            confirmation: primary.kind == .lockOrderInversion ? confirmDeadlock() : nil,
            adjacentRace: violations.lazy.compactMap(\.race).first.flatMap {
                AdjacentRaceSchedule(scenario: scenario).derive(from: shrunk, race: $0)
            })
    }

    /// Searches for a schedule that really deadlocks, for a lock-order inversion.
    private func confirmDeadlock() -> Finding.Confirmation {
        let strategy = ExplorationStrategy.exhaustive(preemptionBound: 2)
        let deadlock = DeadlockChecker()
        let outcome = search(strategy, checkers: [deadlock], runs: 0..<confirmationBudget, deadline: nil)
        guard let found = outcome.finding else {
            return .init(strategy: strategy, explored: outcome.explored, run: nil, violation: nil)
        }
        let shrinker = Shrinker(scenario: scenario, checker: deadlock, kind: .deadlock, maxReplays: shrinkBudget)
        let shrunk = shrinker.shrink(found.result).result
        return .init(strategy: strategy, explored: outcome.explored, run: shrunk, violation: deadlock.check(shrunk).first)
    }
}
