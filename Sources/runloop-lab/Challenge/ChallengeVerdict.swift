import Inspector
import Walkthrough

/// Whether a run of a level reaches its goal: the level's `expect` lines state the correct
/// behaviour, so the learner wins when the run breaks at least one of them. A replay whose
/// schedule could not be followed never wins.
struct ChallengeVerdict: Sendable {
    /// The run judged.
    let run: ScenarioRun
    /// Where a replayed schedule did not fit the run (``ReplayReport/divergence(of:following:)``),
    /// or nil.
    var divergence: String? = nil

    /// Whether the goal is reached.
    var won: Bool { divergence == nil && run.outcomeName != "replay-diverged" && !brokenChecks.isEmpty }

    /// The `expect` lines the run broke, in source order.
    var brokenChecks: [ScenarioCheck] { run.checks.filter { !$0.passed } }
}
