import LabRuntime

/// One run the explorer made: where it sits in the search, the result, and what the
/// checkers said about it.
public struct ExploredRun: Sendable {
    /// The run's number in the search order, from 0; independent of `--jobs`.
    public let index: Int
    /// The seed of a random or PCT run; `nil` for exhaustive search.
    public let seed: UInt64?
    /// The run.
    public let result: SimulationResult
    /// What the checkers reported, in checker order.
    public let violations: [Violation]
}

extension ExploredRun {
    /// This run, reported as a scenario that did not replay its own prefix.
    func diverged() -> ExploredRun {
        ExploredRun(
            index: index, seed: seed, result: result,
            violations: [
                Violation(
                    checker: "explorer", kind: .nondeterminism,
                    summary: "the scenario did not repeat itself under the same choices",
                    details: ["\(result.outcome)", "scenarios must not read the wall clock or unseeded randomness"]
                )
            ])
    }
}
