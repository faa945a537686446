import Inspector
import LabRuntime
import Walkthrough

/// One of the Inspector's checkers (lock order, deadlock, operation liveness, …) offered to
/// scenarios' `expect checker NAME` lines: each violation becomes one finding,
/// `[kind] summary`, as the explorer's report heads it.
struct InspectorScenarioChecker: ScenarioChecker {
    /// The wrapped checker.
    let checker: any Checker

    /// Every checker the command line can select, in the registry's order: what lessons use.
    static let all = CheckerRegistry.selectable.checkers.map(InspectorScenarioChecker.init)

    var name: String { checker.name }

    func findings(in run: SimulationResult) -> [String] {
        checker.check(run).map { "[\($0.kind)] \($0.summary)" }
    }
}
