import Testing

@testable import Walkthrough

/// `expect t.state == …`: a session task's state, at the end of the run or at a checkpoint.
@Suite("Session task state expectations")
struct TaskStateExpectationTests {
    @Test(
        "a task is suspended at a checkpoint after suspend, running after resume, and completed at the end", arguments: [UInt64(0), 1, 2])
    func statesThroughSuspendAndResume(seed: UInt64) throws {
        try runGreen(
            """
            server GET /big -> 200 body 1500 bytes in chunks 500 every 2ms
            op t = task GET /big completion
            op u = task GET /big
            on main: checkpoint made; start t
            run for 1ms
            on main: suspend t; checkpoint held
            run for 10ms
            on main: resume t; checkpoint resumed; cancel u
            run until idle
            expect at made: t.state == suspended
            expect at held: t.state == suspended
            expect at resumed: t.state == running
            expect t.state == completed
            expect t.state != running
            expect u.state == completed
            expect event "completion" "completionHandler of task 1" count == 1
            """, seed: seed)
    }
}
