import LabRuntime

/// How a scenario's run chooses among runnable threads: its `strategy` line.
///
/// The interpreter runs one schedule of ``random(seed:)``, ``replay(_:)`` or
/// ``pct(seed:depth:)``. ``exhaustive(preemptionBound:)`` is a search of many schedules, the
/// explorer's: it parses, so one scenario file serves both, and ``ScenarioRunner`` refuses it.
public enum ScenarioStrategy: Sendable, Equatable, CustomStringConvertible {
    /// `strategy random seed N`: uniformly random choices from a seeded generator (the
    /// default, with seed 0).
    case random(seed: UInt64)
    /// `strategy replay "14:T2 40:T1"`: the choices of a recorded schedule.
    case replay(Schedule)
    /// `strategy pct seed N depth D`: one schedule of probabilistic concurrency testing.
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
