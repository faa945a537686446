import LabRuntime

/// What `expect` lines are checked against: the finished simulation, the operations'
/// reports, the activity indicator and the checkers the runner offers.
struct RunFacts {
    let result: SimulationResult
    let operations: [OperationReport]
    let indicatorCount: Int
    let checkers: [any ScenarioChecker]

    /// The report of the operation the scenario calls `name`.
    func operation(_ name: String) -> OperationReport? {
        operations.first { $0.name == name }
    }
}
