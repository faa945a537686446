import LabRuntime

/// How a scenario's run chooses among runnable threads: its `strategy` line.
///
/// The interpreter runs ``random(seed:)`` and ``replay(_:)``. ``pct(seed:depth:)`` and
/// ``exhaustive(preemptionBound:)`` are the explorer's: they parse, so one scenario file
/// serves both, and ``ScenarioRunner`` reports them as not supported.
public enum ScenarioStrategy: Sendable, Equatable, CustomStringConvertible {
    /// `strategy random seed N`: uniformly random choices from a seeded generator (the
    /// default, with seed 0).
    case random(seed: UInt64)
    /// `strategy replay "14:T2 40:T1"`: the choices of a recorded schedule.
    case replay(Schedule)
    /// `strategy pct seed N depth D`: probabilistic concurrency testing (explorer only).
    case pct(seed: UInt64, depth: Int)
    /// `strategy exhaustive bound B`: depth-first search with a preemption bound
    /// (explorer only).
    case exhaustive(preemptionBound: Int)

    /// The strategy line that declares it, e.g. `random seed 7`.
    public var description: String {
        switch self {
        case let .random(seed): "random seed \(seed)"
        case let .replay(schedule): "replay \"\(schedule)\""
        case let .pct(seed, depth): "pct seed \(seed) depth \(depth)"
        case let .exhaustive(bound): "exhaustive bound \(bound)"
        }
    }
}
