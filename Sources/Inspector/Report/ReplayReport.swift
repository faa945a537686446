import LabRuntime

/// What replaying one schedule of a scenario gave: the run, and what the checkers say about
/// it. `runloop-lab replay` prints it (then the trace), and so does a race test's replay.
public struct ReplayReport: Sendable {
    /// The scenario's name.
    public let scenario: String
    /// The schedule that was replayed.
    public let schedule: Schedule
    /// The run.
    public let run: SimulationResult
    /// The checkers' names, in order.
    public let checkers: [String]
    /// What the checkers found in the run; empty when it was clean or the schedule diverged.
    public let violations: [Violation]
    /// Where the run left the schedule, or `nil` when it followed it:
    /// `replay-diverged at step 4: T9 cannot run (enabled: T1, T2)`.
    public let divergence: String?

    /// Replays `schedule` of `scenario` exactly and runs `checkers` (the scenario's own
    /// unless given) on the run, unless the schedule does not fit the scenario.
    public init(replaying schedule: Schedule, of scenario: Scenario, checkers: [any Checker]? = nil) {
        let checkers = checkers ?? scenario.checkers
        let run = scenario.replay(schedule)
        self.scenario = scenario.name
        self.schedule = schedule
        self.run = run
        self.checkers = checkers.map(\.name)
        self.divergence = Self.divergence(of: run, following: schedule)
        self.violations = divergence == nil ? checkers.flatMap { $0.check(run) } : []
    }

    /// Whether the schedule did not fit the scenario: it named a thread that could not run
    /// at one of its steps, a step the run never reached, or a switch the run did not make.
    public var diverged: Bool { divergence != nil }

    /// Where `run`, a replay of `schedule`, left it, or `nil` when it followed it: the same
    /// test ``diverged`` makes, for a run replayed elsewhere (a challenge's `--schedule`).
    public static func divergence(of run: SimulationResult, following schedule: Schedule) -> String? {
        if case let .replayDiverged(step, wanted, enabled) = run.outcome {
            return "replay-diverged at step \(step): T\(wanted) cannot run (enabled: \(enabled.map { "T\($0)" }.joined(separator: ", ")))"
        }
        if let unreached = schedule.switches.first(where: { $0.step >= run.steps }) {
            return "replay-diverged at step \(unreached.step): the run ended (\(run.outcome.summaryLine)) after \(run.steps) steps, "
                + "before the switch to T\(unreached.thread)"
        }
        let made = run.schedule.switches.map { "\($0.step):\($0.thread)" }
        guard let ignored = schedule.switches.first(where: { !made.contains("\($0.step):\($0.thread)") }) else { return nil }
        return "replay-diverged at step \(ignored.step): the run did not switch to T\(ignored.thread) there "
            + "(no other thread could run, or T\(ignored.thread) would have run anyway)"
    }

    /// `replay abba "4:T2": deadlock, 31 steps`.
    public var headline: String {
        "replay \(scenario) \"\(schedule)\": \(run.outcome.summaryLine), \(run.steps) steps"
    }

    /// After the headline: each violation (or that there was none), then the interleaving in
    /// one column per thread.
    public var verdictLines: [String] { verdictLines(showingInterleaving: true) }

    /// The checkers' verdict, then the interleaving in per-thread columns if
    /// `showingInterleaving` (`replay --no-interleaving` leaves it out).
    public func verdictLines(showingInterleaving: Bool) -> [String] {
        var lines = violations.isEmpty ? ["checkers: no violation (\(checkers.joined(separator: ", ")))"] : []
        lines += Violation.lines(violations)
        guard showingInterleaving else { return lines }
        lines.append("")
        lines.append("interleaving:")
        lines += InterleavingView().render(run.trace).map { "  " + $0 }
        return lines
    }

    /// The headline, then where the schedule diverged or the verdict lines.
    public var text: String {
        ([headline] + (divergence.map { [$0] } ?? verdictLines)).joined(separator: "\n")
    }
}
