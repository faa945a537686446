import LabRuntime
import Testing

@testable import Inspector

/// A checker that reads every run's trace and finds nothing: with it beside the deadlock
/// checker, a search records every run's trace, as before the explorer left traces out.
private struct TraceReadingChecker: Checker {
    let name = "trace-reader"
    let summary = "reads every trace, finds nothing"
    func check(_ run: SimulationResult) -> [Violation] { [] }
}

/// Searches whose checkers read no trace of a settled run make their runs without one, and
/// must report exactly what the same search with every trace recorded reports.
@Suite("Searches without traces report what traced searches report")
struct UntracedSearchTests {
    @Test(
        "the first deadlock, its counts and its trace",
        arguments: [
            ExplorationStrategy.random(seed: 3), .pct(seed: 3, depth: 2, steps: nil), .pos(seed: 3),
            .exhaustive(preemptionBound: 2), .dpor,
        ])
    func deadlockSearch(strategy: ExplorationStrategy) {
        #expect(!Scenario.abba.tracesRuns(for: [DeadlockChecker()]))
        #expect(Scenario.abba.tracesRuns(for: [DeadlockChecker(), TraceReadingChecker()]))
        let untraced = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: strategy, schedules: 500).explore()
        let traced = Explorer(
            scenario: .abba, checkers: [DeadlockChecker(), TraceReadingChecker()], strategy: strategy, schedules: 500
        ).explore()
        #expect(untraced.explored == traced.explored)
        #expect(untraced.steps == traced.steps)
        #expect(untraced.complete == traced.complete)
        #expect(untraced.finding?.original.index == traced.finding?.original.index)
        #expect(untraced.finding?.run.schedule == traced.finding?.run.schedule)
        #expect(untraced.finding?.violations.map(\.summary) == traced.finding?.violations.map(\.summary))
        #expect(untraced.finding?.original.result.traceText == traced.finding?.original.result.traceText)
        #expect(untraced.finding.map { !$0.original.result.trace.isEmpty } ?? false)
    }

    @Test(
        "a clean search counts the same runs and points", arguments: [ExplorationStrategy.random(seed: 0), .exhaustive(preemptionBound: 1)])
    func cleanSearch(strategy: ExplorationStrategy) {
        let untraced = Explorer(scenario: .lockPair, checkers: [DeadlockChecker()], strategy: strategy, schedules: 300).explore()
        let traced = Explorer(
            scenario: .lockPair, checkers: [DeadlockChecker(), TraceReadingChecker()], strategy: strategy, schedules: 300
        ).explore()
        #expect(untraced.finding == nil)
        #expect(traced.finding == nil)
        #expect(untraced.explored == traced.explored)
        #expect(untraced.steps == traced.steps)
    }
}
