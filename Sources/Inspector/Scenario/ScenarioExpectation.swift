import LabRuntime

/// A scenario's statement about its own state, checked in the run and recorded in the trace
/// when it fails, so that ``ExpectationChecker`` can report it from the trace alone.
public enum ScenarioExpectation {
    /// The prefix of the `note` a failed expectation records.
    public static let failurePrefix = "expectation failed: "

    /// Records a failure note naming `message` when `condition` is false; nothing otherwise.
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { currentRuntime().record(.note(failurePrefix + message())) }
    }
}
