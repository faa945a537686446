import LabRuntime

/// How to make, again and again, the strategy a demo run chooses with: a seed, a recorded
/// schedule, or one of those with a single choice flipped (a what-if).
///
/// Time travel re-runs a program from scratch, so the demo keeps the recipe rather than a
/// strategy, whose state a run consumes.
indirect enum StrategyRecipe: Sendable, Equatable, CustomStringConvertible {
    /// ``RandomStrategy`` with this seed.
    case random(seed: UInt64)
    /// ``ReplayStrategy`` of this schedule.
    case replay(Schedule)
    /// ``PCTStrategy`` with this seed, depth and *k*.
    case pct(seed: UInt64, depth: Int, steps: Int)
    /// ``POSStrategy`` with this seed.
    case pos(seed: UInt64)
    /// `base`, except that at scheduling point `step` it picks `thread`.
    case flipped(base: StrategyRecipe, step: Int, thread: LabThreadID)

    /// A fresh strategy that makes the recipe's choices.
    func make() -> any SchedulingStrategy {
        switch self {
        case let .random(seed): RandomStrategy(seed: seed)
        case let .replay(schedule): ReplayStrategy(schedule)
        case let .pct(seed, depth, steps): PCTStrategy(seed: seed, depth: depth, steps: steps)
        case let .pos(seed): POSStrategy(seed: seed)
        case let .flipped(base, step, thread): FlippedChoiceStrategy(base: base.make(), step: step, thread: thread)
        }
    }

    /// `random seed 7`, `replay "14:T2"`, `pct seed 3 depth 2 (k = 40)`,
    /// `random seed 7, T3 at step 41`.
    var description: String {
        switch self {
        case let .random(seed): "random seed \(seed)"
        case let .replay(schedule): "replay \"\(schedule)\""
        case let .pct(seed, depth, steps): "pct seed \(seed) depth \(depth) (k = \(steps))"
        case let .pos(seed): "pos seed \(seed)"
        case let .flipped(base, step, thread): "\(base), T\(thread) at step \(step)"
        }
    }
}
