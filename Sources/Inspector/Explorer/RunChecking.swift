import LabRuntime

extension Scenario {
    /// Runs the scenario under `strategy` and asks every checker about the run, recording
    /// the run's trace only if a checker will read it (``tracesRuns(for:)``).
    func explore(_ strategy: some SchedulingStrategy, index: Int, seed: UInt64?, checkers: [any Checker]) -> ExploredRun {
        judge(run(strategy, tracing: tracesRuns(for: checkers)), index: index, seed: seed, checkers: checkers)
    }

    /// Whether a search judged by `checkers` records each run's trace: unless the scenario
    /// can run without one and no checker reads the trace of a run that settled
    /// (``Checker/readsTrace(endingWith:)``), the common ending.
    func tracesRuns(for checkers: [any Checker]) -> Bool {
        !runsUntraced || checkers.contains { $0.readsTrace(endingWith: .quiescent) }
    }

    /// Run `index` of a search, `result`, judged by `checkers`; `result` was made with its
    /// trace only if ``tracesRuns(for:)`` says so. A result made without its trace is judged
    /// as it is when no checker reads the trace of its outcome and none finds a violation;
    /// otherwise its schedule is replayed with the trace on and the replay is judged, so that
    /// a finding always carries its trace. A replay that does not make the run's choices is
    /// the scenario's nondeterminism. (Its outcome is not compared: without a trace, blocks
    /// and the semaphores of their `waitUntilDone` callers go unnumbered, so a deadlock's
    /// wait-for graph names them differently.)
    func judge(_ result: SimulationResult, index: Int, seed: UInt64?, checkers: [any Checker]) -> ExploredRun {
        guard !tracesRuns(for: checkers) else { return ExploredRun(checking: result, index: index, seed: seed, checkers: checkers) }
        if !checkers.contains(where: { $0.readsTrace(endingWith: result.outcome) }) {
            let run = ExploredRun(checking: result, index: index, seed: seed, checkers: checkers)
            if run.violations.isEmpty { return run }
        }
        let replayed = replay(result.schedule)
        guard replayed.schedule == result.schedule, replayed.steps == result.steps else {
            return ExploredRun(index: index, seed: seed, result: replayed, violations: []).diverged()
        }
        return ExploredRun(checking: replayed, index: index, seed: seed, checkers: checkers)
    }
}

extension ExploredRun {
    /// Run `index` of a search, with what every checker says about `result`. A run that a
    /// failed system call ended (``SimulationOutcome/systemCallFailed(_:)``) is not checked:
    /// its one violation is the failure (``ViolationKind/systemCallFailed``), which stops
    /// the search.
    init(checking result: SimulationResult, index: Int, seed: UInt64?, checkers: [any Checker]) {
        let violations: [Violation]
        if case let .systemCallFailed(error) = result.outcome {
            violations = [Violation(checker: "runtime", kind: .systemCallFailed, summary: error.explanation)]
        } else {
            violations = checkers.flatMap { $0.check(result) }
        }
        self.init(index: index, seed: seed, result: result, violations: violations)
    }
}
