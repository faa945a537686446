import LabRuntime

extension SimulationOutcome {
    /// The name `expect outcome ==` uses: `quiescent`, `deadlock`, `time-limit`,
    /// `step-limit`, `replay-diverged` or `system-call-failed`.
    public var scenarioName: String {
        switch self {
        case .quiescent: "quiescent"
        case .deadlock: "deadlock"
        case .timeLimitReached: "time-limit"
        case .stepLimitExceeded: "step-limit"
        case .replayDiverged: "replay-diverged"
        case .systemCallFailed: "system-call-failed"
        }
    }
}
