import LabRuntime

/// An invariant checked after every explored run, from the run's outcome and trace alone.
///
/// Checkers are small values selected by ``name`` (see ``CheckerRegistry``) and composed
/// as a list; the explorer runs them in order and the first one that reports decides what
/// the run is shrunk for. A checker must be deterministic: the same run always gives the
/// same violations, in the same order, so that reports do not depend on the process or on
/// how many jobs explored. Checkers that need the state of the program (the callback ledger,
/// exactly-once completions, notification balance) read it from the trace events the
/// program records, never from the program's objects.
public protocol Checker: Sendable {
    /// The name that selects the checker, e.g. `"deadlock"` or `"lock-order"`.
    var name: String { get }
    /// One line saying what the checker looks for.
    var summary: String { get }
    /// The violations `run` shows, in a deterministic order; empty when it is clean.
    func check(_ run: SimulationResult) -> [Violation]
    /// Whether judging a run that ended with `outcome` reads the run's trace. The explorer
    /// records a run's trace only when something will read it: if no checker reads the
    /// trace of a run that settled (`SimulationOutcome.quiescent`), its runs are made
    /// without one, and a run that ends in an outcome some checker reads the trace of, or
    /// that violates a checker, is replayed with its trace before it is judged. True by
    /// default: a checker that says false must find nothing in such a run without its trace.
    func readsTrace(endingWith outcome: SimulationOutcome) -> Bool
}

extension Checker {
    /// Every run's trace, unless the checker says otherwise.
    public func readsTrace(endingWith outcome: SimulationOutcome) -> Bool { true }
}
