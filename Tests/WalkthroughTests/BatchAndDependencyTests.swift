import Testing

@testable import Walkthrough

/// `batch Z = A, B` (`batchOfRequestOperations:progressBlock:completionBlock:`), `enqueue Z`,
/// and `A depends on B`.
@Suite("Batches and dependencies")
struct BatchAndDependencyTests {
    static let routes = """
        server GET /fast -> 200 body 4 bytes
        server GET /slow -> 200 body 10 bytes in chunks 4,3,3 every 5ms
        queue max unlimited
        op A = http GET /fast completion
        op B = http GET /slow completion
        batch both = A, B

        """

    @Test("a batch reports each finished member, then completes once on main after both")
    func batchCompletes() throws {
        try runGreen(
            Self.routes + """
                on main: enqueue both
                run until idle
                expect both.progress == [(1, 2), (2, 2)]
                expect both.completed == true
                expect A.completion == success
                expect B.completion == success
                expect event "completion" "batch completion" count == 1
                expect "completion" "success of op B" before "completion" "batch completion"
                expect A.queued == false
                """)
    }

    @Test("a batch with a stuck member: a paused member never finishes, so the batch never completes")
    func stuckMember() throws {
        try runGreen(
            Self.routes + """
                when B received 4 bytes: pause B on main
                on main: enqueue both; checkpoint enqueued
                run until idle
                expect at enqueued: both.progress == []
                expect both.progress == [(1, 2)]
                expect both.completed == false
                expect B.state == paused
                expect B.queued == true
                expect outcome == quiescent
                """)
    }

    @Test("an operation that depends on another starts only once the other has finished")
    func dependency() throws {
        try runGreen(
            """
            server GET /x -> 200 body 10 bytes in chunks 5 every 2ms
            queue max unlimited
            op A = http GET /x
            op B = http GET /x
            B depends on A
            on main: enqueue B; enqueue A
            run until idle
            expect "operation.state" "op A executing → finished" before "operation.state" "op B ready → executing"
            expect B.state == finished
            """)
    }

    @Test("a block operation runs on the queue, and a request operation that depends on it waits for it", arguments: [0, 1, 2] as [UInt64])
    func blockOperationDependency(seed: UInt64) throws {
        try runGreen(
            """
            server GET /x -> 200 body 4 bytes
            queue max 1
            op A = http GET /x
            op X = block
            op Y = block
            A depends on X
            Y depends on A
            on main: enqueue Y; enqueue A; checkpoint enqueued; enqueue X
            run until idle
            expect at enqueued: X.state == ready
            expect at enqueued: X.queued == false
            expect at enqueued: Y.queued == true
            expect X.state == finished
            expect Y.state == finished
            expect A.state == finished
            expect X.queued == false
            expect X.cancelled == false
            expect "kvo" "didChange isFinished of op X" before "operation.state" "op A ready → executing"
            expect "operation.state" "op A executing → finished" before "kvo" "didChange isExecuting of op Y"
            expect outcome == quiescent
            """, seed: seed)
    }

    @Test("a cancelled block operation finishes without running and releases what depends on it; one never enqueued keeps it waiting")
    func cancelledBlockOperation() throws {
        try runGreen(
            """
            server GET /x -> 200 body 4 bytes
            queue max unlimited
            op A = http GET /x
            op B = http GET /x
            op X = block
            op never = block
            A depends on X
            B depends on never
            on main: cancel X; enqueue X; enqueue A; enqueue B
            run until idle
            expect X.state == finished
            expect X.cancelled == true
            expect event "kvo" "didChange isExecuting of op X" count == 0
            expect A.state == finished
            expect B.state == ready
            expect B.queued == true
            expect never.state == ready
            """)
    }

    @Test("enqueueing an operation twice is a problem, not a crash")
    func enqueuedTwice() throws {
        let run = try ScenarioRunner().run(
            parsed(
                Self.routes + """
                    on main: enqueue A; enqueue both
                    run until idle
                    expect both.completed == true
                    """))
        #expect(run.passed)
        #expect(run.problems.map(\.message) == ["op A is already in the queue (NSOperationQueue raises)"])
    }

    @Test(
        "bad batches and dependencies get located diagnostics",
        arguments: [
            ("batch z = A, C", "7:14: error: unknown operation 'C'", "declare it with 'op C = http GET /path'"),
            ("batch z = A, A", "7:14: error: 'A' is already in the batch", nil),
            ("batch A = B", "7:7: error: 'A' is already declared on line 4", nil),
            ("batch z A", "7:9: error: expected '=' after the batch name, found 'A'", "for example 'batch z = A, B'"),
            ("A depends on A", "7:14: error: an operation cannot depend on itself", "NSOperation would never make it ready"),
            ("A depends B", "7:11: error: expected 'on' after 'depends', found 'B'", "for example 'A depends on B'"),
            ("expect both.progres == []", "7:13: error: unknown batch property 'progres'", "did you mean 'progress'?"),
            ("expect both.completed == yes", "7:26: error: 'yes' is not a value of completed", "completed is true or false"),
            ("expect both.progress == [(1)]", "7:28: error: expected ',' after the finished operations, found ')'", nil),
            ("op X = block GET /fast", "7:14: error: unexpected 'GET' after 'block'", "a block operation has no request and no options"),
            ("op X = blok", "7:8: error: unknown operation kind 'blok'", "did you mean 'block'?"),
            (
                "op X = block\non main: pause X",
                "8:16: error: 'X' is a block operation, which can only be started, cancelled, enqueued and depended on",
                "it has no request; expect its state, cancelled and queued"
            ),
            (
                "op X = block\nbatch z = A, X",
                "8:14: error: 'X' is a block operation, which can only be started, cancelled, enqueued and depended on",
                "it has no request; expect its state, cancelled and queued"
            ),
            (
                "op X = block\nwhen X state == finished: start A",
                "8:6: error: 'X' is a block operation, which can only be started, cancelled, enqueued and depended on",
                "it has no request; expect its state, cancelled and queued"
            ),
            ("op X = block\nexpect X.stat == finished", "8:10: error: block operation X has no property 'stat'", "did you mean 'state'?"),
            (
                "op X = block\nexpect X.error == none", "8:10: error: block operation X has no property 'error'",
                "a block operation has state, cancelled, queued"
            ),
            (
                "on main: set completionBlok A", "7:14: error: expected 'stream' or 'completionBlock' after 'set', found 'completionBlok'",
                "did you mean 'completionBlock'?"
            ),
            ("on main: set completionBlock C", "7:30: error: unknown operation 'C'", "declare it with 'op C = http GET /path'"),
            (
                "op X = block\non main: set completionBlock X",
                "8:30: error: 'X' is a block operation, which can only be started, cancelled, enqueued and depended on",
                "it has no request; expect its state, cancelled and queued"
            ),
            ("op X = block\nX depends on Y", "8:14: error: unknown operation 'Y'", "declare it with 'op Y = http GET /path'"),
        ])
    func diagnostics(line: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(source: Self.routes + line, fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }
}
