import LabRuntime

/// The strategy a scenario runs under: it follows the pending `interleave` entries of its
/// ``InterleavingPlan`` first, and asks the declared strategy otherwise.
///
/// An entry is used at the first choice where its thread can run; choices before that go
/// to the declared strategy. A forced choice does not consume a choice of the declared
/// strategy, so a random seed's later choices are the same whatever was forced. The declared
/// strategy sees every transition it asks for (``SchedulingStrategy/observesTransitions``),
/// forced or not.
struct InterleavingStrategy: SchedulingStrategy {
    private var base: any SchedulingStrategy
    private let plan: InterleavingPlan

    /// Follows `plan`, then `base`. A scenario without `interleave` lines runs under its
    /// declared strategy alone, not under this.
    init(base: any SchedulingStrategy, plan: InterleavingPlan) {
        self.base = base
        self.plan = plan
    }

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        plan.choose(among: decision.enabled) ?? base.choose(decision)
    }

    /// The declared strategy's: a DPOR search learns every transition of a scenario's run.
    var observesTransitions: Bool { base.observesTransitions }

    mutating func transitionEnded(_ transition: Transition) {
        base.transitionEnded(transition)
    }
}
