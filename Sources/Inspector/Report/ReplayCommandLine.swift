import LabRuntime

/// The command line that replays a schedule of a registered scenario.
public enum ReplayCommandLine {
    /// `runloop-lab replay --scenario abba --schedule "9:T2"`.
    public static func text(scenario: String, schedule: Schedule) -> String {
        "runloop-lab replay --scenario \(scenario) --schedule \"\(schedule)\""
    }
}
