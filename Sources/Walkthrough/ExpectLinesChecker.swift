import Inspector
import LabRuntime

/// `expect` for a scenario file: each of its `expect` lines that a run does not meet is one
/// violation, naming the line, what it expected and what the run gave.
///
/// A checker sees only the finished run, while `expect` lines also read the operations'
/// final state; so it replays the run's schedule once (deterministic: the same run again)
/// and evaluates the lines on that replay. A file without `expect` lines costs nothing.
struct ExpectLinesChecker: Checker {
    /// The scenario whose lines are checked.
    let scenario: Scenario
    /// The runner that made the runs, with the checkers `expect checker` lines call.
    let runner: ScenarioRunner

    let name = ExpectationChecker().name
    let summary = "the scenario's expect lines hold"

    func check(_ run: SimulationResult) -> [Violation] {
        guard scenario.expectationCount > 0 else { return [] }
        let replayed = runner.run(scenario, using: ReplayStrategy(run.schedule), named: "replay")
        return replayed.checks.filter { !$0.passed }.map { check in
            Violation(
                checker: name, kind: .expectation,
                summary: "\(scenario.fileName):\(check.line): \(check.statement)",
                details: ["expected: \(check.expected)", Violation.actualLabel + check.actual])
        }
    }
}
