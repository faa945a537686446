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
        /// Partial-order sampling (POS): every thread's next operation gets a seeded random
        /// priority, the highest runs; run `i` uses seed `seed + i`.
        case pos
        /// Every schedule with at most `preemptionBound` preemptions, cheapest first (CHESS's
        /// preemption bounding); the choice at a blocking point is round-robin, so bound 0 is
        /// one schedule.
        case exhaustive(preemptionBound: Int = 2)
        /// Every schedule with at most `delayBound` deviations from round-robin (delay
        /// bounding, Emmi, Qadeer and Rakamarić).
        case delayBounded(delayBound: Int = 2)
        /// Every Mazurkiewicz trace of the visible operations once: dynamic partial-order
        /// reduction with source sets and sleep sets, no bound.
        case dpor

        /// The explorer's strategy with `seed`.
        func exploration(seed: UInt64) -> ExplorationStrategy {
            switch self {
            case .random: .random(seed: seed)
            case let .pct(depth, steps): .pct(seed: seed, depth: depth, steps: steps)
            case .pos: .pos(seed: seed)
            case let .exhaustive(bound): .exhaustive(preemptionBound: bound)
            case let .delayBounded(bound): .delayBounded(delayBound: bound)
            case .dpor: .dpor
            }
        }

        /// The schedules explored when the caller gives no number: up to 1,000,000 for the
        /// searches that cover every schedule (bounded and DPOR), 1,000 otherwise (as
        /// `runloop-lab explore`).
        var defaultSchedules: Int {
            switch self {
            case .random, .pct, .pos: 1_000
            case .exhaustive, .delayBounded, .dpor: 1_000_000
            }
        }

        /// Why the strategy's settings are out of range, or `nil` when they are fine.
        var problem: String? {
            switch self {
            case .random, .pos, .dpor: nil
            case let .pct(depth, steps):
                !(1...10).contains(depth)
                    ? "PCT's depth must be 1 to 10, not \(depth)"
                    : (steps ?? 1) < 1 ? "PCT's steps must be positive, not \(steps ?? 0)" : nil
            case let .exhaustive(bound):
                !(0...20).contains(bound) ? "the preemption bound must be 0 to 20, not \(bound)" : nil
            case let .delayBounded(bound):
                !(0...20).contains(bound) ? "the delay bound must be 0 to 20, not \(bound)" : nil
            }
        }
    }
}
