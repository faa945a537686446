import Inspector
import LabRuntime

extension Scenario {
    /// The scenario as the explorer's `Inspector.Scenario` called `name`: every run
    /// executes this file's script from scratch (its `interleave` lines first, then the
    /// strategy the explorer gives), so random, PCT and exhaustive search, shrinking,
    /// replay, every checker and every exporter work on a file as on a built-in scenario.
    ///
    /// Its checkers are those of `CheckerRegistry.all`, with `expect` judging this file's
    /// `expect` lines: a line that fails in a run is a violation of that run.
    ///
    /// - Parameters:
    ///   - name: the name reports and replay commands use; the file's path, so that the
    ///     printed replay command finds it again.
    ///   - runner: the budgets and the checkers `expect checker` lines may call.
    public func explorable(named name: String, runner: ScenarioRunner = ScenarioRunner()) -> Inspector.Scenario {
        let expectLines = ExpectLinesChecker(scenario: self, runner: runner)
        let checkers = CheckerRegistry.all.checkers.map { $0.name == expectLines.name ? expectLines : $0 }
        return Inspector.Scenario(
            name: name, summary: introduction.first ?? fileName, checkers: checkers,
            stepLimit: stepLimit ?? runner.stepLimit, timeLimit: timeLimit ?? runner.timeLimit,
            simulateWithTracing: { strategy, tracing in runner.simulate(self, using: strategy, tracing: tracing).result }
        )
    }

}
