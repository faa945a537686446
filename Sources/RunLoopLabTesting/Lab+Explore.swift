import Glibc
import Testing

extension Lab {
    /// Explores `program`'s schedules on the deterministic runtime, checks every run, and
    /// fails the current test on the first violation, as `runloop-lab explore` reports it.
    ///
    /// `program` runs on the lab thread "main" (T0) of a fresh simulation for every
    /// schedule, so it must build all of its state inside the closure and read no wall clock
    /// or unseeded randomness. A violation is shrunk to the simplest schedule that still
    /// shows it and recorded as an issue at `sourceLocation` with the whole report, whose
    /// `replay:` lines give the Swift call and the shell command that rerun it exactly. A
    /// clean exploration prints how many schedules it ran.
    ///
    /// With ``replayVariable`` set in the environment, it replays that schedule instead
    /// (see ``replay(schedule:checkers:stepLimit:timeLimit:sourceLocation:_:)``) and returns `nil`.
    ///
    /// - Parameters:
    ///   - strategy: how schedules are chosen (random unless given).
    ///   - seed: the first seed; run `i` of random or PCT search uses `seed + i`.
    ///   - schedules: the most runs (1,000; every schedule within the bound for exhaustive search).
    ///   - checkers: the checkers each run is judged by (every checker of `CheckerRegistry.lab`
    ///     unless given; `Lab.expect` statements are judged by the `expect` checker).
    ///   - jobs: how many simulations run at once; the report does not depend on it.
    ///   - timeBudget: a wall-clock budget for the whole search, read only between runs.
    ///   - stepLimit: the scheduling points after which one run counts as a livelock.
    ///   - timeLimit: the virtual time after which one run stops, for programs with repeating timers.
    ///   - sourceLocation: where a violation is reported; the caller's line unless given.
    ///   - program: the lab program.
    /// - Returns: the exploration's report, or `nil` when it replayed ``replayVariable``'s schedule.
    /// - Throws: ``LabError`` for an option out of range, before anything runs.
    @discardableResult
    public static func explore(
        _ strategy: Strategy = .random, seed: UInt64 = 0, schedules: Int? = nil, checkers: [any Checker]? = nil,
        jobs: Int = 1, timeBudget: Duration? = nil, stepLimit: Int = 100_000, timeLimit: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ program: @escaping @Sendable () -> Void
    ) throws(LabError) -> ExplorationReport? {
        if let schedule = environmentSchedule {
            try replay(
                schedule: schedule, checkers: checkers, stepLimit: stepLimit, timeLimit: timeLimit,
                sourceLocation: sourceLocation, program)
            return nil
        }
        let scenario = try scenario(stepLimit: stepLimit, timeLimit: timeLimit, program)
        return try explore(
            scenario, strategy, seed: seed, schedules: schedules, checkers: checkers, jobs: jobs,
            timeBudget: timeBudget, sourceLocation: sourceLocation
        ) { replayCommand(scenario.name, schedule: $0) }
    }

    /// Explores `scenario` and records its first violation as an issue at `sourceLocation`,
    /// with `replayCommand(schedule)` on the report's `replay:` lines.
    static func explore(
        _ scenario: Scenario, _ strategy: Strategy, seed: UInt64, schedules: Int?, checkers: [any Checker]?, jobs: Int,
        timeBudget: Duration?, sourceLocation: SourceLocation, replayCommand: (Schedule) -> String
    ) throws(LabError) -> ExplorationReport {
        let schedules = schedules ?? strategy.defaultSchedules
        if let problem = strategy.problem { throw LabError(problem) }
        guard schedules >= 1 else { throw LabError("schedules must be positive, not \(schedules)") }
        guard jobs >= 1 else { throw LabError("jobs must be positive, not \(jobs)") }
        let explorer = Explorer(
            scenario: scenario, checkers: checkers, strategy: strategy.exploration(seed: seed),
            schedules: schedules, timeBudget: timeBudget, jobs: jobs)
        let report = explorer.explore()
        let text = report.text(showingInterleavings: true, replayCommand: replayCommand)
        if report.finding == nil {
            print(text)
        } else {
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        }
        return report
    }

    /// The schedule in ``replayVariable``, if it is set and not empty.
    static var environmentSchedule: String? {
        guard let value = getenv(replayVariable), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// A scenario running `program`, named after the current test.
    static func scenario(stepLimit: Int, timeLimit: Duration?, _ program: @escaping @Sendable () -> Void) throws(LabError) -> Scenario {
        guard stepLimit >= 1 else { throw LabError("stepLimit must be positive, not \(stepLimit)") }
        return Scenario(
            name: testName ?? "lab-program", summary: "a race test's lab program",
            stepLimit: stepLimit, timeLimit: timeLimit, main: program)
    }

    /// The current test's function name without its argument labels, e.g. `jobRunsOnWorker`:
    /// what `swift test --filter` selects it by.
    static var testName: String? {
        Test.current.map { String($0.name.prefix { $0 != "(" }) }
    }

    /// The two ways to rerun `schedule`: the Swift call, and the shell command that makes the
    /// test replay it through ``replayVariable``.
    static func replayCommand(_ name: String, schedule: Schedule) -> String {
        """
        Lab.replay(schedule: "\(schedule)") { … }
        \(replayVariable)="\(schedule)" swift test --filter \(name)
        """
    }
}
