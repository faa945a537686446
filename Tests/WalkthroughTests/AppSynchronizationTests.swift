import Testing

@testable import Walkthrough

/// App-level locks and semaphores on named threads, and triggers whose actions run inline,
/// on the thread that made their condition true.
@Suite("App synchronisation")
struct AppSynchronizationTests {
    @Test("a semaphore hands off from a worker to main")
    func semaphoreHandOff() throws {
        try runGreen(
            """
            thread worker
            semaphore done
            on worker: signal done
            on main: wait done; checkpoint woken
            run until idle
            expect outcome == quiescent
            expect at woken: event "semaphore.signal" count == 1
            expect "semaphore.signal" before "note" "checkpoint woken"
            """)
    }

    @Test("main holds a lock and waits for a semaphore that a worker signals only after taking the lock: a deadlock")
    func lockAndSemaphoreDeadlock() throws {
        try runGreen(
            """
            thread worker
            lock cache
            semaphore ready
            on main: acquire cache
            on worker: acquire cache; signal ready; release cache
            on main: wait ready; release cache
            run until idle
            expect outcome == deadlock
            expect event "semaphore.signal" count == 0
            expect event "lock.wait" "worker" count == 1
            """)
    }

    @Test("a recursive lock can be taken twice by its holder; releasing a lock not held is a problem, not a trap")
    func recursiveAndMisuse() throws {
        let run = try ScenarioRunner().run(
            parsed(
                """
                thread worker
                lock outer recursive
                lock plain
                on main: acquire outer; acquire outer; release outer; release outer
                on worker: release plain
                run until idle
                expect outcome == quiescent
                expect event "lock.acquire" "outer" count == 2
                """))
        #expect(run.passed)
        #expect(run.problems.map(\.message) == ["worker does not hold lock plain"])
        #expect(run.result.trace.filter { $0.name == "lock.release-unheld" }.map(\.kind.detail) == ["L2 plain held by nobody"])
    }

    @Test("set completionBlock takes the operation lock and installs a block that runs once, then is released, as 2.6.3's wrapper does")
    func setCompletionBlock() throws {
        try runGreen(
            """
            server GET /x -> 200 body 4 bytes
            lock app
            op A = connection GET /x
            on main: acquire app; set completionBlock A; release app; checkpoint installed; start A
            run until idle
            expect at installed: A.completionBlock == set
            expect A.completionBlock == nil
            expect event "completion" "completionBlock of op A" count == 1
            expect "lock.acquire" "app" before "completion" "completionBlock of op A"
            expect checker lock-order clean
            """)
    }

    @Test("an inline trigger runs in the KVO notification, on the thread that changed the state, under the operation lock")
    func inlineTrigger() throws {
        try runGreen(
            """
            server GET /x -> 200 body 4 bytes
            lock app
            op A = http GET /x
            when A state == finished: acquire app; release app inline
            on main: start A
            run until idle
            expect event "lock.acquire" "AFNetworking lock.acquire L" count >= 2
            expect "operation.state" "op A executing → finished" before "lock.acquire" "app"
            expect event "lock.acquire" "T0 main lock.acquire" count >= 1
            expect event "lock.acquire" "app" count == 1
            expect "lock.acquire" "AFNetworking lock.acquire L1 app" before "lock.release" "AFNetworking lock.release L3 com.alamofire.networking.operation.lock depth=2" #2
            """)
    }

    @Test(
        "bad synchronisation gets located diagnostics",
        arguments: [
            ("on main: acquire cahe", "3:18: error: unknown lock 'cahe'", "did you mean 'cache'?"),
            (
                "on main: wait cache", "3:15: error: unknown semaphore 'cache'",
                "'cache' is declared on line 1 by 'lock cache', which is another kind of name"
            ),
            ("lock cache", "3:6: error: 'cache' is already declared on line 1", nil),
            ("lock other sometimes", "3:12: error: unexpected 'sometimes' after the lock", "a lock takes only 'recursive'"),
            ("semaphore s value -1", "3:19: error: the semaphore's value must be a whole number from 0 to 1000000, not '-1'", nil),
            (
                "op A = http GET /x\nwhen A state == finished: add port inline",
                "5:27: error: an inline action runs on whatever thread made the condition true, which has no scenario ports",
                "queue port actions on a named thread with 'on THREAD'"
            ),
            ("source ready on main", "3:8: error: 'ready' is already declared on line 2", nil),
        ])
    func diagnostics(line: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(
                source: "lock cache\nsemaphore ready\n" + (line.hasPrefix("op ") ? "server GET /x -> 200\n" : "") + line,
                fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }
}
