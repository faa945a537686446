import LabRuntime

/// Where a replayed run left the schedule it was given: at a step where the schedule's
/// thread could not run, or at its end, before a step the schedule still switches at.
enum ReplayDivergence {
    /// What `replay` reports when `run` did not follow `schedule`, or `nil` when it did:
    /// `replay-diverged at step 4: T9 cannot run (enabled: T1, T2)`.
    static func describe(_ run: SimulationResult, following schedule: Schedule) -> String? {
        if case let .replayDiverged(step, wanted, enabled) = run.outcome {
            return "replay-diverged at step \(step): T\(wanted) cannot run (enabled: \(enabled.map { "T\($0)" }.joined(separator: ", ")))"
        }
        guard let unreached = schedule.switches.first(where: { $0.step >= run.steps }) else { return nil }
        return "replay-diverged at step \(unreached.step): the run ended (\(run.outcome.summaryLine)) after \(run.steps) steps, "
            + "before the switch to T\(unreached.thread)"
    }
}
