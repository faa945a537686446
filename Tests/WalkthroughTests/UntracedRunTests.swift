import LabRuntime
import Testing

@testable import Inspector
@testable import Walkthrough

/// A run made without its trace is the same run: the explorer makes runs untraced when no
/// checker reads their traces, and replays a finding with the trace on, so the two must
/// make the same choices and end alike.
@Suite("Untraced runs make the same choices as traced ones")
struct UntracedRunTests {
    @Test("every registered scenario, random schedules", arguments: ScenarioRegistry.withRaceFiles.scenarios.map(\.name))
    func registeredScenario(named name: String) throws {
        try expectUntracedRunsRepeatTracedRuns(
            #require(ScenarioRegistry.withRaceFiles.scenarios.first { $0.name == name }))
    }

    @Test(
        "every teaching scenario file, random schedules",
        arguments: [
            "batch-stuck-member", "cancel-paused", "cancel-race", "interview-question", "modes-and-keep-alive",
            "observer-deadlock", "pause-before-start", "pause-races-completion", "redirect-chain", "stream-without-space",
        ])
    func scenarioFile(named name: String) throws {
        try expectUntracedRunsRepeatTracedRuns(
            Scenario.load(path: "\(scenariosDirectory)/\(name).lab").explorable(named: name))
    }

    /// Runs `scenario` under 8 random seeds with and without its trace, and expects the same
    /// choices, steps and ending, and no events recorded without the trace.
    private func expectUntracedRunsRepeatTracedRuns(_ scenario: Inspector.Scenario) {
        for seed in UInt64(0)..<8 {
            let traced = scenario.run(RandomStrategy(seed: seed), tracing: true)
            let untraced = scenario.run(RandomStrategy(seed: seed), tracing: false)
            #expect(untraced.schedule == traced.schedule, "seed \(seed)")
            #expect(untraced.steps == traced.steps, "seed \(seed)")
            #expect(ending(of: untraced) == ending(of: traced), "seed \(seed)")
            #expect(!traced.trace.isEmpty)
            #expect(untraced.trace.isEmpty || !scenario.runsUntraced, "seed \(seed)")
        }
    }

    /// The first line of how a run ended: a deadlock's wait-for graph, on the lines below,
    /// names unnumbered blocks differently without a trace.
    private func ending(of run: SimulationResult) -> Substring {
        run.outcome.description.prefix { $0 != "\n" }
    }
}
