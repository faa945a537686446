import Testing

/// Race tests for Swift Testing: explore a lab program's schedules on the deterministic
/// runtime from a `@Test`, and replay the one that broke it.
///
/// ```swift
/// @Test func jobRunsOnWorker() throws {
///     try Lab.explore(.pct(depth: 2), schedules: 2_000) { startWorkerAndSendJob() }
/// }
/// ```
///
/// A violation fails the test through Swift Testing's issue recording, at the call's source
/// location, with the same report `runloop-lab explore` prints: the violation, the shrunk
/// schedule, and how to replay it, in Swift (``replay(schedule:checkers:stepLimit:timeLimit:sourceLocation:_:)``)
/// and from the shell (``replayVariable``).
public enum Lab {
    /// The environment variable that turns every ``explore(_:seed:schedules:checkers:jobs:timeBudget:stepLimit:timeLimit:sourceLocation:_:)``
    /// into a replay of the schedule it holds: `RUNLOOP_LAB_SCHEDULE="4:T2" swift test --filter NAME`
    /// reruns a reported failure exactly, from the shell.
    public static let replayVariable = "RUNLOOP_LAB_SCHEDULE"

    /// States a rule of the lab program: when `condition` is false, the run fails the
    /// `expect` checker with `message` (the program goes on).
    public static func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        ScenarioExpectation.check(condition, message())
    }
}
