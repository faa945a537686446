import LabRuntime

/// Replays a candidate ``Schedule`` while shrinking: like ``ReplayStrategy``, but a switch
/// to a thread that cannot run at that step is skipped (the default is taken) instead of
/// ending the run, because removing one switch may shift what the later ones meet. The run
/// records the schedule it really followed, which replays exactly.
struct LenientReplayStrategy: SchedulingStrategy {
    private let switches: [Schedule.Switch]
    private var next = 0

    init(_ schedule: Schedule) { switches = schedule.switches }

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        while next < switches.count, switches[next].step < decision.step { next += 1 }
        guard next < switches.count, switches[next].step == decision.step,
            decision.enabled.contains(switches[next].thread)
        else { return decision.defaultChoice }
        return switches[next].thread
    }

    /// `false`: a replay goes by step numbers alone.
    var readsPointLabels: Bool { false }
}
