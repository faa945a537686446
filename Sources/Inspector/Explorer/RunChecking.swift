import LabRuntime

extension Scenario {
    /// Runs the scenario under `strategy` and asks every checker about the run.
    func explore(_ strategy: some SchedulingStrategy, index: Int, seed: UInt64?, checkers: [any Checker]) -> ExploredRun {
        let result = run(strategy)
        return ExploredRun(index: index, seed: seed, result: result, violations: checkers.flatMap { $0.check(result) })
    }
}
