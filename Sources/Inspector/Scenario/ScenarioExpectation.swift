import LabRuntime

/// A scenario's statement about its own state, checked in the run and recorded in the trace
/// when it fails, so that ``ExpectationChecker`` can report it from the trace alone.
public enum ScenarioExpectation {
    /// The prefix of the `note` a failed expectation records.
    public static let failurePrefix = "expectation failed: "

    /// Records a failure note naming `message` when `condition` is false; nothing otherwise.
    /// The message is made whether or not the trace is on: it may read lab cells, and each
    /// read is a scheduling point, so a run makes the same choices with and without a trace.
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        let note = failurePrefix + message()
        currentRuntime().record(.note(note))
    }
}
