import LabRuntime

extension SimulationOutcome {
    /// The first line of the outcome's description, e.g. `"deadlock"`.
    public var summaryLine: String {
        String(description.split(separator: "\n").first ?? "")
    }
}
