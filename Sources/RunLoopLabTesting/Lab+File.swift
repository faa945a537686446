import Inspector
import Testing
import Walkthrough

extension Lab {
    /// Explores the schedules of a scenario file (a `.lab` file in the scenario language),
    /// as `runloop-lab explore --scenario PATH` does, and fails the current test on the first
    /// violation. Every run executes the file from scratch; its `expect` lines are judged by
    /// the `expect` checker, and a line that fails in a run is a violation of that run.
    ///
    /// The `replay:` lines of a failure give ``replay(file:schedule:checkers:sourceLocation:)``
    /// and the `runloop-lab replay` command. With ``replayVariable`` set, it replays that
    /// schedule instead and returns `nil`.
    ///
    /// - Parameters:
    ///   - path: the file, relative to the directory `swift test` runs in (the package's).
    ///   - strategy: how schedules are chosen (random unless given).
    ///   - seed: the first seed; run `i` of random or PCT search uses `seed + i`.
    ///   - schedules: the most runs (1,000; every schedule within the bound for exhaustive search).
    ///   - checkers: the checkers each run is judged by: every checker unless given, with
    ///     `expect` for the file's `expect` lines.
    ///   - jobs: how many simulations run at once; the report does not depend on it.
    ///   - timeBudget: a wall-clock budget for the whole search, read only between runs.
    ///   - sourceLocation: where a violation is reported; the caller's line unless given.
    /// - Throws: ``LabError`` when the file cannot be read or does not parse (with every
    ///   diagnostic at its line:column), or for an option out of range.
    @discardableResult
    public static func explore(
        file path: String, _ strategy: Strategy = .random, seed: UInt64 = 0, schedules: Int? = nil,
        checkers: [any Checker]? = nil, jobs: Int = 1, timeBudget: Duration? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws(LabError) -> ExplorationReport? {
        let scenario = try scenario(file: path)
        if let schedule = environmentSchedule {
            try replay(scenario, schedule: schedule, checkers: checkers, sourceLocation: sourceLocation)
            return nil
        }
        return try explore(
            scenario, strategy, seed: seed, schedules: schedules, checkers: checkers, jobs: jobs,
            timeBudget: timeBudget, sourceLocation: sourceLocation
        ) { replayCommand(file: path, schedule: $0) }
    }

    /// Replays one schedule of a scenario file exactly, and fails the current test when the
    /// checkers find a violation or the schedule does not fit the file.
    ///
    /// - Parameters:
    ///   - path: the file, relative to the directory `swift test` runs in.
    ///   - schedule: the schedule string from the report, e.g. `"4:T2"`.
    ///   - checkers: the checkers the run is judged by (every checker unless given).
    ///   - sourceLocation: where a violation is reported; the caller's line unless given.
    /// - Throws: ``LabError`` when the file cannot be read or parsed, or the schedule does not parse.
    @discardableResult
    public static func replay(
        file path: String, schedule: String, checkers: [any Checker]? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws(LabError) -> ReplayReport {
        try replay(scenario(file: path), schedule: schedule, checkers: checkers, sourceLocation: sourceLocation)
    }

    /// The scenario file at `path`, as the explorer runs it, named by its path.
    static func scenario(file path: String) throws(LabError) -> Inspector.Scenario {
        do {
            return try Walkthrough.Scenario.load(path: path).explorable(named: path)
        } catch {
            switch error {
            case let .unreadable(path): throw LabError("cannot read scenario file '\(path)'")
            case let .notText(path): throw LabError("'\(path)' is not a text file (a scenario is UTF-8 text)")
            case let .malformed(diagnostics): throw LabError(diagnostics.description)
            }
        }
    }

    /// The two ways to rerun `schedule` of the file at `path`: the Swift call, and the
    /// command line.
    static func replayCommand(file path: String, schedule: Schedule) -> String {
        """
        Lab.replay(file: "\(path)", schedule: "\(schedule)")
        \(ReplayCommandLine.text(scenario: path, schedule: schedule))
        """
    }
}
