import LabRuntime

/// A what-if: follows `base`, except that at one scheduling point it picks another thread.
///
/// `base` is asked at every point, the flipped one included, so a seeded strategy draws the
/// same numbers as in the original run and the run is identical up to the flip. After it,
/// where `base` names a thread that cannot run (a replayed schedule that no longer fits),
/// the default choice is taken, as the explorer's shrinker does.
struct FlippedChoiceStrategy: SchedulingStrategy {
    private var base: any SchedulingStrategy
    private let step: Int
    private let thread: LabThreadID

    /// `base`, with `thread` chosen at scheduling point `step`.
    init(base: any SchedulingStrategy, step: Int, thread: LabThreadID) {
        self.base = base
        self.step = step
        self.thread = thread
    }

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let proposed = base.choose(decision)
        if decision.step == step { return thread }
        return decision.enabled.contains(proposed) ? proposed : decision.defaultChoice
    }
}
