import LabRuntime

extension Scenario {
    /// Runs the scenario under `strategy` and asks every checker about the run.
    func explore(_ strategy: some SchedulingStrategy, index: Int, seed: UInt64?, checkers: [any Checker]) -> ExploredRun {
        ExploredRun(checking: run(strategy), index: index, seed: seed, checkers: checkers)
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
