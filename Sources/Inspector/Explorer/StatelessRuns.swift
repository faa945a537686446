import LabRuntime

/// What the stateless searches (bounded and DPOR) do around each run: stop at the run limit
/// or the deadline, run the scenario from scratch along the current path, and count and
/// check the run.
extension SearchOutcome {
    /// An empty outcome, before the first run.
    static var none: SearchOutcome {
        SearchOutcome(finding: nil, explored: 0, runs: 0, steps: 0, complete: false, stoppedByTime: false)
    }

    /// Whether the search must stop before another run: `limit` runs are made, `progress`
    /// was stopped, or the deadline has passed (the last two it records).
    mutating func mustStop(limit: Int, deadline: ContinuousClock.Instant?, progress: ExplorationProgress?) -> Bool {
        if runs >= limit { return true }
        if progress?.mustStop == true {
            interrupted = true
            return true
        }
        guard let deadline, ContinuousClock.now >= deadline else { return false }
        stoppedByTime = true
        return true
    }

    /// Runs `scenario` once under `strategy`, recording its trace only if `checkers` read
    /// it (``Scenario/tracesRuns(for:)``), and counts it; `nil` when the run did not follow
    /// the path (recorded as the finding, which ends the search).
    mutating func run(_ scenario: Scenario, _ strategy: some SchedulingStrategy, for checkers: [any Checker]) -> SimulationResult? {
        let result = scenario.run(strategy, tracing: scenario.tracesRuns(for: checkers))
        runs += 1
        steps += result.steps
        guard case .replayDiverged = result.outcome else { return result }
        finding = ExploredRun(index: explored, seed: nil, result: result, violations: []).diverged()
        explored += 1
        return nil
    }

    /// Counts `result`, a run of `scenario` made by ``run(_:_:for:)``, as explored (also in
    /// `progress`) and judges it by `checkers`; whether it violated one (recorded as the
    /// finding, which ends the search).
    mutating func violates(
        _ result: SimulationResult, of scenario: Scenario, checkers: [any Checker], progress: ExplorationProgress?
    ) -> Bool {
        let run = scenario.judge(result, index: explored, seed: nil, checkers: checkers)
        explored += 1
        progress?.finished(violating: !run.violations.isEmpty)
        guard !run.violations.isEmpty else { return false }
        finding = run
        return true
    }
}
