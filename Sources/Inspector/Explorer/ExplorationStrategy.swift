/// How the explorer chooses the schedules it runs.
public enum ExplorationStrategy: Sendable, Equatable, CustomStringConvertible {
    /// Run `i` uses `RandomStrategy` with seed `seed + i`.
    case random(seed: UInt64)
    /// Run `i` uses `PCTStrategy` with seed `seed + i`, bug depth `depth`, and
    /// `steps` choice points (the paper's *k*); `nil` measures it: the most choice points
    /// seen in a default run and a few random probes.
    case pct(seed: UInt64, depth: Int, steps: Int?)
    /// Run `i` uses `POSStrategy` (partial-order sampling) with seed `seed + i`.
    case pos(seed: UInt64)
    /// Depth-first search of every schedule with at most `preemptionBound` preemptions,
    /// all schedules with 0 first, then 1, and so on (CHESS's iterative bounding). The
    /// choice at a blocking point is round-robin, and any other choice counts as one.
    case exhaustive(preemptionBound: Int)
    /// Depth-first search of every schedule with at most `delayBound` delays (Emmi, Qadeer
    /// and Rakamarić): each runnable thread passed over in round-robin order is one delay.
    case delayBounded(delayBound: Int)
    /// Every Mazurkiewicz trace once: dynamic partial-order reduction with source sets and
    /// sleep sets over the visible operations, no bound.
    case dpor

    public var description: String {
        switch self {
        case let .random(seed): "random (seed \(seed))"
        case let .pct(seed, depth, steps): "pct (seed \(seed), depth \(depth), k = \(steps.map(String.init) ?? "measured"))"
        case let .pos(seed): "pos (seed \(seed))"
        case let .exhaustive(bound): "exhaustive (preemption bound \(bound))"
        case let .delayBounded(bound): "delay bounding (delay bound \(bound))"
        case .dpor: "dpor (source sets and sleep sets, no bound)"
        }
    }
}
