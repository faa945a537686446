import LabRuntime

/// A schedule that runs the two accesses of a data race back to back, derived from the run
/// that found the race.
///
/// The found run is replayed once to learn its transitions (one per scheduling point).
/// Then a run follows the same order of transitions, except that the first access's
/// thread is held at the point before that access, and any transition that cannot run then
/// (it waits for something the held thread would do) is passed over, until the second
/// access's thread stands at the point before its access: then the first access runs, and
/// the second right after it. The derived run is replayed from the schedule it recorded and
/// kept only if the two accesses are adjacent there: only the first access's thread runs
/// between them, and it makes no other cell access.
struct AdjacentRaceSchedule {
    let scenario: Scenario

    /// The replayed run in which `race`'s accesses are adjacent, or `nil` if holding back
    /// the first access does not bring them together.
    func derive(from run: SimulationResult, race: RacingAccesses) -> SimulationResult? {
        let recorder = TransitionRecorder(ReplayStrategy(run.schedule))
        _ = scenario.run(recorder)
        let derived = scenario.run(HoldingStrategy(order: recorder.transitions.dropFirst().map(\.thread), race: race))
        let replayed = scenario.run(ReplayStrategy(derived.schedule))
        return Self.adjacentAccesses(race, in: replayed) == nil ? nil : replayed
    }

    /// `race`'s two accesses in `run`, if they are adjacent there: both on the race's cell,
    /// with only events of the first access's thread, none of them a cell access, between.
    static func adjacentAccesses(_ race: RacingAccesses, in run: SimulationResult) -> (TraceEvent, TraceEvent)? {
        guard let first = accessIndex(race.first, in: run.trace), let second = accessIndex(race.second, in: run.trace),
            first < second, cell(of: run.trace[first]) == race.cell, cell(of: run.trace[second]) == race.cell,
            run.trace[(first + 1)..<second].allSatisfy({ $0.thread == race.first.thread && cell(of: $0) == nil })
        else { return nil }
        return (run.trace[first], run.trace[second])
    }

    /// The position in `trace` of the cell access `access` describes.
    private static func accessIndex(_ access: RacingAccesses.Access, in trace: [TraceEvent]) -> Int? {
        var seen = 0
        for (index, event) in trace.enumerated() where event.thread == access.thread && cell(of: event) != nil {
            if seen == access.ordinal { return index }
            seen += 1
        }
        return nil
    }

    private static func cell(of event: TraceEvent) -> String? {
        guard case let .cellAccess(cell, _, _, _) = event.kind else { return nil }
        return cell
    }
}

/// Replays a schedule like ``ReplayStrategy`` and keeps every transition the run makes.
private final class TransitionRecorder: SchedulingStrategy, @unchecked Sendable {
    // @unchecked: a simulation calls its strategy from one lab thread at a time, and
    // `transitions` is read only after the run.
    private var replay: ReplayStrategy
    private(set) var transitions: [Transition] = []

    init(_ replay: ReplayStrategy) { self.replay = replay }

    var observesTransitions: Bool { true }

    func transitionEnded(_ transition: Transition) { transitions.append(transition) }

    func choose(_ decision: SchedulingDecision) -> LabThreadID { replay.choose(decision) }
}

/// Follows a run's order of transitions, holding the first racing access back until the
/// second is ready, then runs the two back to back (see ``AdjacentRaceSchedule``).
private final class HoldingStrategy: SchedulingStrategy, @unchecked Sendable {
    // @unchecked: a simulation calls its strategy from one lab thread at a time.
    private enum Phase { case following, holding, firstDone, released }

    /// The threads of the transitions still to come, in the found run's order.
    private var order: [LabThreadID]
    private let race: RacingAccesses
    /// Per thread: the cell accesses it has made so far.
    private var accesses: [Int] = []
    private var phase = Phase.following

    init(order: [LabThreadID], race: RacingAccesses) {
        self.order = order
        self.race = race
    }

    var observesTransitions: Bool { true }

    func transitionEnded(_ transition: Transition) {
        if let index = order.firstIndex(of: transition.thread) { order.remove(at: index) }
        switch transition.objects.first {
        case .cell?, .cellLoad?: break
        default: return
        }
        while accesses.count <= transition.thread { accesses.append(0) }
        accesses[transition.thread] += 1
    }

    func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let first = race.first.thread
        let second = race.second.thread
        switch phase {
        case .following where isAtAccess(race.first, decision), .holding:
            phase = .holding
            guard isAtAccess(race.second, decision), decision.enabled.contains(first) else { return next(decision, excluding: first) }
            phase = .firstDone
            return first
        case .firstDone:
            phase = .released
            return decision.enabled.contains(second) ? second : decision.defaultChoice
        case .following, .released:
            return next(decision, excluding: nil)
        }
    }

    /// Whether `access`'s thread can run and stands at the point before that access.
    private func isAtAccess(_ access: RacingAccesses.Access, _ decision: SchedulingDecision) -> Bool {
        guard let operation = decision.nextOperation(of: access.thread), operation.object?.kind == .cell else { return false }
        return (access.thread < accesses.count ? accesses[access.thread] : 0) == access.ordinal
    }

    /// The first thread of the remaining order that can run and is not `held`; else the
    /// default choice, or the lowest enabled thread other than `held`.
    private func next(_ decision: SchedulingDecision, excluding held: LabThreadID?) -> LabThreadID {
        if let thread = order.first(where: { $0 != held && decision.enabled.contains($0) }) { return thread }
        if decision.defaultChoice != held { return decision.defaultChoice }
        return decision.enabled.first { $0 != held } ?? decision.defaultChoice
    }
}
