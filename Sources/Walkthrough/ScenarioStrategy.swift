import LabRuntime

/// How a scenario's run chooses among runnable threads: its `strategy` line.
///
/// The interpreter runs one schedule of ``random(seed:)``, ``replay(_:)``,
/// ``pct(seed:depth:)`` or ``pos(seed:)``. ``exhaustive(preemptionBound:)`` and
/// ``delayBounded(delayBound:)`` are searches of many schedules, the explorer's: they parse,
/// so one scenario file serves both, and ``ScenarioRunner`` refuses them.
public enum ScenarioStrategy: Sendable, Equatable, CustomStringConvertible {
    /// `strategy random seed N`: uniformly random choices from a seeded generator (the
    /// default, with seed 0).
    case random(seed: UInt64)
    /// `strategy replay "14:T2 40:T1"`: the choices of a recorded schedule.
    case replay(Schedule)
    /// `strategy pct seed N depth D`: one schedule of probabilistic concurrency testing.
    case pct(seed: UInt64, depth: Int)
    /// `strategy pos seed N`: one schedule of partial-order sampling.
    case pos(seed: UInt64)
    /// `strategy exhaustive bound B`: depth-first search with a preemption bound
    /// (explorer only).
    case exhaustive(preemptionBound: Int)
    /// `strategy delay bound B`: depth-first search with a delay bound (explorer only).
    case delayBounded(delayBound: Int)

    /// The strategy line that declares it, e.g. `random seed 7`.
    public var description: String {
        switch self {
        case let .random(seed): "random seed \(seed)"
        case let .replay(schedule): "replay \"\(schedule)\""
        case let .pct(seed, depth): "pct seed \(seed) depth \(depth)"
        case let .pos(seed): "pos seed \(seed)"
        case let .exhaustive(bound): "exhaustive bound \(bound)"
        case let .delayBounded(bound): "delay bound \(bound)"
        }
    }
}
