import LabRuntime

extension Scenario {
    /// Runs the scenario under `strategy` and asks every checker about the run. A run that a
    /// failed system call ended (``SimulationOutcome/systemCallFailed(_:)``) is not checked:
    /// its one violation is the failure (``ViolationKind/systemCallFailed``), which stops
    /// the search.
    func explore(_ strategy: some SchedulingStrategy, index: Int, seed: UInt64?, checkers: [any Checker]) -> ExploredRun {
        let result = run(strategy)
        if case let .systemCallFailed(error) = result.outcome {
            let failure = Violation(checker: "runtime", kind: .systemCallFailed, summary: error.explanation)
            return ExploredRun(index: index, seed: seed, result: result, violations: [failure])
        }
        return ExploredRun(index: index, seed: seed, result: result, violations: checkers.flatMap { $0.check(result) })
    }
}
