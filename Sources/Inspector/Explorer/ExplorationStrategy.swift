/// How the explorer chooses the schedules it runs.
public enum ExplorationStrategy: Sendable, Equatable, CustomStringConvertible {
    /// Run `i` uses `RandomStrategy` with seed `seed + i`.
    case random(seed: UInt64)
    /// Run `i` uses `PCTStrategy` with seed `seed + i`, bug depth `depth`, and
    /// `steps` choice points (the paper's *k*); `nil` measures it: the most choice points
    /// seen in a default run and a few random probes.
    case pct(seed: UInt64, depth: Int, steps: Int?)
    /// Depth-first search of every schedule with at most `preemptionBound` preemptions,
    /// all schedules with 0 first, then 1, and so on (CHESS's iterative bounding).
    case exhaustive(preemptionBound: Int)

    /// Whether ``Explorer/shard`` may split this search: random and PCT runs are made from
    /// their run number alone; an exhaustive search finds its schedules by running them.
    public var isShardable: Bool {
        if case .exhaustive = self { false } else { true }
    }

    public var description: String {
        switch self {
        case let .random(seed): "random (seed \(seed))"
        case let .pct(seed, depth, steps): "pct (seed \(seed), depth \(depth), k = \(steps.map(String.init) ?? "measured"))"
        case let .exhaustive(bound): "exhaustive (preemption bound \(bound))"
        }
    }
}
