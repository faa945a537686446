import AFReplay
import LabRuntime

/// Everything one run of a scenario produced: how it ended, the trace and schedule, the
/// operations' final states, and the verdict of every `expect` line.
///
/// Under a given seed (or schedule) a run is deterministic: the same scenario gives the
/// same ``traceText`` byte for byte, in any process.
public struct ScenarioRun: Sendable {
    /// The scenario that ran.
    public let scenario: Scenario
    /// The strategy it ran under, as a strategy line reads: `random seed 7`.
    public let strategy: String
    /// The simulation's result: outcome, schedule, trace, steps and end time.
    public let result: SimulationResult
    /// The declared operations' final reports, in declaration order.
    public let operations: [OperationReport]
    /// The network activity indicator's final count (0 without operations).
    public let indicatorCount: Int
    /// What went wrong while running, in the order it happened; problems do not fail a run.
    public let problems: [ScenarioProblem]
    /// One verdict per `expect` line, in source order.
    public let checks: [ScenarioCheck]

    /// How the run ended.
    public var outcome: SimulationOutcome { result.outcome }

    /// The outcome's name in `expect outcome ==` lines: `quiescent`, `deadlock`,
    /// `time-limit`, `step-limit` or `replay-diverged`.
    public var outcomeName: String { result.outcome.scenarioName }

    /// Every event, in order.
    public var trace: [TraceEvent] { result.trace }

    /// The trace as text, one event per line.
    public var traceText: String { result.traceText }

    /// The scheduling choices made, replayable with `strategy replay "…"`.
    public var schedule: Schedule { result.schedule }

    /// The scheduling points at which more than one thread could run (each a `schedule`
    /// event): PCT's *k* for this run.
    public var choicePoints: Int { result.choicePoints }

    /// Whether every `expect` line passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// The report of the operation the scenario calls `name`, if it was declared.
    public func operation(named name: String) -> OperationReport? {
        operations.first { $0.name == name }
    }

    /// A readable summary: the scenario and strategy, the outcome (with the wait-for graph
    /// of a deadlock), the schedule, any problems, then every check and a count of those
    /// that passed.
    public var report: String {
        var lines = ["scenario \(scenario.fileName): \(strategy), fidelity \(scenario.fidelity.rawValue)"]
        lines.append("outcome: \(outcomeName) after \(result.steps) steps at \(result.endTime)")
        if outcome != .quiescent {
            lines += outcome.description.split(separator: "\n").map { "  \($0)" }
        }
        lines.append("schedule: \(schedule)")
        lines += problems.map { $0.text(in: scenario.fileName) }
        lines += checks.map(\.description)
        let passedCount = checks.filter(\.passed).count
        lines.append("\(passedCount) of \(checks.count) checks passed")
        return lines.joined(separator: "\n")
    }
}
