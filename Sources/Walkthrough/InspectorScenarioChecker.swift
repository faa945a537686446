import Inspector
import LabRuntime

/// One of the Inspector's checkers (lock order, deadlock, operation liveness, …) offered to
/// scenarios' `expect checker NAME` lines: each violation becomes one finding,
/// `[kind] summary`, as the explorer's report heads it.
public struct InspectorScenarioChecker: ScenarioChecker {
    /// The wrapped checker.
    public let checker: any Checker

    /// Offers `checker` to `expect checker` lines under its own name.
    public init(_ checker: any Checker) {
        self.checker = checker
    }

    /// Every checker the command line can select (`CheckerRegistry.selectable`), in the
    /// registry's order: what a ``ScenarioRunner`` offers unless given others.
    public static let all = CheckerRegistry.selectable.checkers.map(InspectorScenarioChecker.init)

    public var name: String { checker.name }

    public func findings(in run: SimulationResult) -> [String] {
        checker.check(run).map { "[\($0.kind)] \($0.summary)" }
    }
}
