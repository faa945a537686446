import LabRuntime
import Walkthrough

/// The state of one challenge: the threads the learner picked so far, one per choice point,
/// and the run they give when every later point keeps the default (the current thread goes
/// on). Every change of a pick runs the scenario again from the start, so the same picks
/// always give the same run, byte for byte: undo is a shorter prefix, replayed.
struct ChallengeGame: Sendable {
    /// The level's scenario.
    let scenario: Scenario
    /// The threads picked, one per choice point, in order.
    private(set) var picks: [LabThreadID] = []
    /// The run under ``picks`` (and the default afterwards), with its decisions.
    private(set) var run: ScenarioRun
    /// Every choice point of ``run``, in order.
    private(set) var decisions: [SchedulingDecision]

    /// A game of `scenario` before its first choice.
    init(scenario: Scenario) {
        self.scenario = scenario
        (run, decisions) = Self.play(scenario, picks: [])
    }

    /// Runs `scenario` with `picks` at its first choice points.
    private static func play(_ scenario: Scenario, picks: [LabThreadID]) -> (ScenarioRun, [SchedulingDecision]) {
        let log = DecisionLog()
        let run = ScenarioRunner().run(scenario, using: LearnerStrategy(picks: picks, log: log), named: "challenge")
        return (run, log.all)
    }

    /// The choice point the learner is at, or nil when the run is over.
    var decision: SchedulingDecision? { picks.count < decisions.count ? decisions[picks.count] : nil }

    /// Whether no choice is left: the run has ended.
    var isOver: Bool { decision == nil }

    /// The verdict on the run; final once ``isOver``.
    var verdict: ChallengeVerdict { ChallengeVerdict(run: run) }

    /// How many events of ``run`` happened before the current choice point (all of them at
    /// the end).
    var position: Int {
        var seen = 0
        for (index, event) in run.trace.enumerated() {
            guard case .schedule = event.kind else { continue }
            if seen == picks.count { return index }
            seen += 1
        }
        return run.trace.count
    }

    /// The learner's schedule so far: the picks that differ from the default choice, as
    /// `replay` and `strategy replay` read it.
    var schedule: Schedule {
        Schedule(
            switches: zip(picks, decisions).compactMap { thread, decision in
                thread == decision.defaultChoice
                    ? nil
                    : Schedule.Switch(step: decision.step, thread: thread, preempted: decision.enabled.contains(decision.current))
            })
    }

    /// Runs `thread` at the current choice point; false (and nothing changes) when it
    /// cannot run there or the run is over.
    mutating func pick(_ thread: LabThreadID) -> Bool {
        guard let decision, decision.enabled.contains(thread) else { return false }
        picks.append(thread)
        if thread != decision.defaultChoice { (run, decisions) = Self.play(scenario, picks: picks) }
        return true
    }

    /// Takes the default choice at the current point: the current thread goes on if it can.
    mutating func keepGoing() {
        if let decision { picks.append(decision.defaultChoice) }
    }

    /// Takes the default choice until the current thread cannot go on (it blocked, waits or
    /// ended) or the run is over; returns how many points it passed.
    mutating func fastForward() -> Int {
        let start = picks.count
        while let decision, decision.enabled.contains(decision.current) || picks.count == start {
            picks.append(decision.defaultChoice)
        }
        return picks.count - start
    }

    /// Takes back the last pick, replaying the shorter prefix; false at the start.
    mutating func undo() -> Bool {
        guard !picks.isEmpty else { return false }
        rewind(to: picks.count - 1)
        return true
    }

    /// Keeps only the first `count` picks, replaying that prefix when a pick taken back
    /// was not the default.
    mutating func rewind(to count: Int) {
        guard count < picks.count else { return }
        let changed = (count..<picks.count).contains { picks[$0] != decisions[$0].defaultChoice }
        picks.removeLast(picks.count - count)
        if changed { (run, decisions) = Self.play(scenario, picks: picks) }
    }

    /// Replays `schedule` on `scenario` exactly, as `replay` does: the run to judge for
    /// `challenge N --schedule`.
    static func replay(_ schedule: Schedule, of scenario: Scenario) -> ScenarioRun {
        ScenarioRunner().run(scenario, using: ReplayStrategy(schedule), named: "replay \"\(schedule)\"")
    }
}
