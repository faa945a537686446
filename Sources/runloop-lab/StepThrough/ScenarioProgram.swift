import LabRuntime
import Walkthrough

/// A parsed `.lab` scenario as a ``DemoProgram``: each run is
/// ``ScenarioRunner/run(_:using:named:)`` under the demo's strategy, and its summary is the
/// count of `expect` lines that held, with any that failed and any problems.
struct ScenarioProgram: DemoProgram {
    /// The scenario to run.
    let scenario: Scenario
    let introduction: [String]

    /// The scenario, introduced by the comment lines at the top of its file.
    init(scenario: Scenario) {
        self.scenario = scenario
        introduction = scenario.introduction
    }

    var title: String { scenario.fileName }

    /// The declared operations, block operations and copies, but not the session tasks,
    /// which the trace numbers (`task 1`) rather than names.
    var declaredOperations: [String] {
        scenario.operationNames.filter { !scenario.taskNames.contains($0) }.map { "op " + $0 }
    }

    /// The recipe for the scenario's declared strategy, or for `random seed` `seed` when one
    /// is given; `nil` for `exhaustive` and `delay`, searches that only the explorer runs.
    func recipe(seed: UInt64?) -> StrategyRecipe? {
        if let seed { return .random(seed: seed) }
        switch scenario.strategy {
        case let .random(seed): return .random(seed: seed)
        case let .replay(schedule): return .replay(schedule)
        case let .pct(seed, depth): return .pct(seed: seed, depth: depth, steps: ScenarioRunner().pctSteps(for: scenario))
        case let .pos(seed): return .pos(seed: seed)
        case .exhaustive, .delayBounded: return nil
        }
    }

    func run(using strategy: any SchedulingStrategy) -> ProgramRun {
        let run = ScenarioRunner().run(scenario, using: strategy, named: "demo")
        let passed = run.checks.filter(\.passed).count
        var summary = run.problems.map { $0.text(in: scenario.fileName) }
        summary += run.checks.filter { !$0.passed }.map(\.description)
        if !run.checks.isEmpty { summary.append("\(passed) of \(run.checks.count) expect lines held") }
        return ProgramRun(
            trace: run.trace, outcome: run.outcomeName, schedule: run.schedule, summary: summary,
            failedExpectations: run.checks.count - passed, systemCallFailure: run.result.outcome.systemCallFailure)
    }
}
