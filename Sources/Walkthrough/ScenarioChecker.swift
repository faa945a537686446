import LabRuntime

/// A checker that `expect checker NAME clean` and `expect checker NAME finds` lines can
/// call: the hook through which the Inspector's checkers (lock order, deadlock, callback
/// ledger, …) plug into scenarios.
///
/// Give a ``ScenarioRunner`` the checkers it may use; a line naming a checker the runner
/// does not have fails with "checker NAME is not available". A checker judges a finished
/// run from its outcome and trace alone, and must be deterministic: the same run gives the
/// same findings in the same order.
public protocol ScenarioChecker: Sendable {
    /// The name scenarios use, e.g. `lock-order`.
    var name: String { get }

    /// What the checker finds wrong with `run`, one line each; empty when the run is clean.
    func findings(in run: SimulationResult) -> [String]
}
