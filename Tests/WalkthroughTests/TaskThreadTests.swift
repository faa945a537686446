import Testing

@testable import Walkthrough

/// Session tasks created from any thread: `op t = task GET /path on THREAD` calls
/// `dataTaskWithRequest:` on that thread, inside the manager's creation queue.
@Suite("Tasks created on any thread")
struct TaskThreadTests {
    @Test("two threads create tasks; each resumes its own, and each task's messages reach its delegate")
    func tasksFromWorkers() throws {
        try runGreen(
            """
            thread first
            thread second
            server GET /a -> 200 body 10 bytes
            op a = task GET /a on first completion
            op b = task GET /a on second
            on first: start a
            on second: start b
            run until idle
            expect outcome == quiescent
            expect event "note" "dataTaskWithRequest: task" count == 2
            expect event "perform.run" "dataTaskWithRequest: a (line 4)" count == 1
            expect event "connection.callback" "URLSession:task:didCompleteWithError: nil → delegate of task 1" count == 1
            expect event "connection.callback" "URLSession:task:didCompleteWithError: nil → delegate of task 2" count == 1
            expect event "completion" "completionHandler of task 1" count == 1
            """)
    }

    @Test("resuming a task before its thread created it is a problem, not a crash")
    func notYetCreated() throws {
        let run = try ScenarioRunner().run(
            parsed(
                """
                thread worker
                server GET /a -> 200 body 10 bytes
                op t = task GET /a on worker
                on main: start t
                run until idle
                expect event "connection.create" count == 0
                """))
        #expect(run.passed)
        #expect(run.problems.map(\.message) == ["task t has not been created yet: its thread has not run dataTaskWithRequest:"])
    }

    @Test("only a task is created on another thread")
    func onlyTasks() {
        #expect(
            diagnostics("thread w\nserver GET /a -> 200\nop A = http GET /a on w").contains(
                "scenario.lab:3:20: error: only a session task is created on another thread"))
        #expect(
            diagnostics("server GET /a -> 200\nop t = task GET /a on nowhere").contains(
                "scenario.lab:2:23: error: unknown thread 'nowhere'"))
    }
}
