import AFReplay
import LabRuntime

/// What `expect` lines are checked against: the finished simulation, the operations'
/// reports, the activity indicator and the checkers the runner offers.
struct RunFacts {
    let result: SimulationResult
    /// The trace the event expectations read: the whole run's, or up to a checkpoint.
    let trace: [TraceEvent]
    let operations: [OperationReport]
    /// The state of each session task made so far, in the order they were made.
    let taskStates: [(name: String, state: SessionTaskState)]
    /// The declared streams' reports.
    let streams: [StreamReport]
    /// The batches' reports.
    let batches: [BatchReport]
    let indicatorCount: Int
    let checkers: [any ScenarioChecker]
    /// The checkpoint these facts were taken at, or nil for the end of the run.
    let checkpoint: String?
    /// The facts as they were at each checkpoint that ran, in the order they ran.
    let checkpoints: [RunFacts]

    /// The report of the operation the scenario calls `name`.
    func operation(_ name: String) -> OperationReport? {
        operations.first { $0.name == name }
    }
}
