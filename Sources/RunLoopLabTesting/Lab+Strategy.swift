extension Lab {
    /// How ``Lab/explore(_:seed:schedules:checkers:jobs:timeBudget:stepLimit:timeLimit:sourceLocation:_:)``
    /// chooses schedules: the Inspector's `ExplorationStrategy` without the seed, which is an option of its own.
    public enum Strategy: Sendable, Equatable {
        /// A seeded random choice at every scheduling point; run `i` uses seed `seed + i`.
        case random
        /// Probabilistic concurrency testing: a bug of depth `depth` (`depth - 1` ordering
        /// constraints) is found with a probability per run that has a lower bound. `steps`
        /// is the choice points per run (the paper's *k*); `nil` measures it.
        case pct(depth: Int = 2, steps: Int? = nil)
        /// Every schedule with at most `preemptionBound` preemptions, fewest first (CHESS).
        case exhaustive(preemptionBound: Int = 2)

        /// The explorer's strategy with `seed`.
        func exploration(seed: UInt64) -> ExplorationStrategy {
            switch self {
            case .random: .random(seed: seed)
            case let .pct(depth, steps): .pct(seed: seed, depth: depth, steps: steps)
            case let .exhaustive(bound): .exhaustive(preemptionBound: bound)
            }
        }

        /// The schedules explored when the caller gives no number: every one within the
        /// bound for exhaustive search, 1,000 otherwise (as `runloop-lab explore`).
        var defaultSchedules: Int {
            if case .exhaustive = self { 1_000_000 } else { 1_000 }
        }

        /// Why the strategy's settings are out of range, or `nil` when they are fine.
        var problem: String? {
            switch self {
            case .random: nil
            case let .pct(depth, steps):
                !(1...10).contains(depth) ? "PCT's depth must be 1 to 10, not \(depth)"
                    : (steps ?? 1) < 1 ? "PCT's steps must be positive, not \(steps ?? 0)" : nil
            case let .exhaustive(bound):
                !(0...20).contains(bound) ? "the preemption bound must be 0 to 20, not \(bound)" : nil
            }
        }
    }
}
