import AFReplay
import LabRuntime
import Testing

@testable import Walkthrough

/// The interpreter: statements become lab objects and actions under a simulation, and each
/// `expect` line gets a verdict with the expected and actual values.
@Suite("Running scenarios")
struct InterpreterTests {
    /// A 10-byte download in three chunks and operation A.
    static let download = "server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms\nop A = http GET /big completion\n"

    func run(_ source: String, seed: UInt64? = nil, runner: ScenarioRunner = ScenarioRunner()) throws -> ScenarioRun {
        try runner.run(parsed(source), seed: seed)
    }

    @Test("a failing expect is reported with its line, the expected and the actual value")
    func failingExpect() throws {
        let run = try run(
            Self.download
                + "on main: start A\nrun until idle\nexpect A.state == paused\nexpect A.bytes == 10\nexpect event \"connection.callback\" count <= 2"
        )
        #expect(!run.passed)
        #expect(run.checks.map(\.passed) == [false, true, false])
        #expect(
            run.checks[0].description == """
                FAIL test.lab:5  expect A.state == paused
                     expected: paused
                     actual:   finished
                """)
        #expect(run.checks[1].description == "PASS test.lab:6  expect A.bytes == 10")
        #expect(run.checks[2].expected == "count <= 2")
        #expect(run.checks[2].actual == "5")
        #expect(run.report.contains("FAIL test.lab:5  expect A.state == paused"))
        #expect(run.report.hasSuffix("1 of 3 checks passed"))
    }

    @Test("failed order, error, notification and outcome checks say what happened instead")
    func failingDetails() throws {
        let run = try run(
            Self.download + """
                when A state == executing: cancel A on main
                on main: start A
                run until idle
                expect "timer.fire" before "operation.state"
                expect "operation.state" before "timer.fire"
                expect A.error == none
                expect A.error == -999
                expect notifications(A) == [DidStart]
                expect outcome == deadlock
                expect indicator != 0
                """)
        let byLine = run.checks.map { ($0.passed, $0.actual) }
        #expect(byLine[0] == (false, "no event matches \"timer.fire\""))
        #expect(byLine[1] == (false, "no event matches \"timer.fire\""))
        #expect(byLine[2] == (false, "cancelled (-999)"))
        #expect(byLine[3].0)
        #expect(byLine[4] == (false, "[DidStart, DidFinish]"))
        #expect(byLine[5] == (false, "quiescent"))
        #expect(byLine[6] == (false, "0"))
    }

    @Test("a state trigger cancels the operation as soon as it executes; the queue keeps to its limit")
    func triggersAndQueue() throws {
        try runGreen(
            """
            server GET /a -> 200 body 10 bytes in chunks 5 every 1ms
            queue max 1
            op A = http GET /a
            op B = connection GET /a
            when A state == executing: cancel A on main
            on main: enqueue A; enqueue B
            run until idle
            expect A.state == finished
            expect A.error == cancelled
            expect A.cancelled == true
            expect B.error == none
            expect B.data == 10
            expect B.status == 200
            expect "operation.state" "op A executing → finished" before "operation.state" "op B ready → executing"
            expect indicator == 0
            """)
    }

    @Test("a byte trigger pauses the download; a state trigger resumes it with a Range request")
    func pauseAndResume() throws {
        try runGreen(
            """
            fidelity hardened
            server GET /big -> 200 etag "v1" body 10 bytes in chunks 4,3,3 every 5ms ranges
            op A = http GET /big
            when A received 4 bytes: pause A on main
            when A state == paused: resume A on main
            on main: start A
            run until idle
            expect A.state == finished
            expect A.status == 206
            expect A.error == none
            expect event "connection.create" "op A" count == 2
            """)
    }

    @Test(
        "server faults end the operation with the error the reference names",
        arguments: [
            ("reset after 4", "networkConnectionLost"),
            ("close-before-headers", "networkConnectionLost"),
            ("stall", "timedOut"),
            ("malformed-status", "cannotParseResponse"),
            ("oversized-header", "cannotParseResponse"),
            ("garbage-header", "cannotParseResponse"),
            ("length-longer 5", "networkConnectionLost"),
        ])
    func faults(fault: String, error: String) throws {
        try runGreen(
            """
            server GET /f -> 200 body 10 bytes fault \(fault)
            op A = connection GET /f timeout 1s completion
            observe AFNetworking activities beforeWaiting
            on main: start A
            run until idle
            expect A.state == finished
            expect A.error == \(error)
            expect A.completion == block
            expect notifications(A) == [DidStart, DidFinish]
            expect event "observer" "AFNetworking observer observer line 3 beforeWaiting" count >= 1
            """)
    }

    @Test("perform-and-wait from both sides deadlocks, and the report shows the wait-for graph")
    func deadlock() throws {
        let run = try run(
            "thread worker\non worker: perform on main wait\non main: perform on worker wait\nrun until idle\nexpect outcome == deadlock")
        #expect(run.passed)
        #expect(run.outcome.isDeadlock)
        #expect(run.report.contains("outcome: deadlock after"))
        #expect(run.report.contains("waits on semaphore waitUntilDone perform (line"))
    }

    @Test("run N steps ends the run at that many scheduling points")
    func stepLimit() throws {
        let run = try run(
            "thread worker\ntimer tick on worker every 1ms\nrun 40 steps\nexpect outcome == step-limit\nexpect event \"timer.fire\" count > 0"
        )
        #expect(run.passed)
        #expect(run.outcome == .stepLimitExceeded(steps: 40))
    }

    @Test("problems are reported with their lines and do not fail the run by themselves")
    func problems() throws {
        let run = try run(
            """
            thread lonely without port
            run for 1ms
            on main: perform on lonely
            on main: remove port
            run for 1ms
            expect event "thread.exit" "lonely" count == 1
            """)
        #expect(run.passed)
        #expect(
            run.problems == [
                ScenarioProblem(line: 3, message: "T1 lonely has exited; work performed on it would never run"),
                ScenarioProblem(line: 4, message: "main has no port left that the scenario added"),
            ])
        #expect(run.report.contains("problem: test.lab:3: T1 lonely has exited; work performed on it would never run"))
    }

    @Test("an interleave entry is used at the first later choice its thread can take", arguments: 0..<8 as Range<UInt64>)
    func interleave(seed: UInt64) throws {
        for name in ["worker", "main"] {
            let run = try run(
                "thread worker\ninterleave \(name), nobody\non main: perform on worker\non worker: perform on main\nrun for 5ms", seed: seed
            )
            let armed = try #require(run.trace.firstIndex { $0.kind == .note("interleave \(name), nobody (line 2)") })
            let id = name == "main" ? 0 : 1
            let first = run.trace[armed...].first { event in
                if case let .schedule(_, enabled, _, _) = event.kind { enabled.contains(id) } else { false }
            }
            if case let .schedule(chosen, _, _, _)? = first?.kind {
                #expect(chosen == id)
            } else {
                Issue.record("no choice after the interleave line could run \(name)")
            }
            #expect(
                run.problems.map(\.message) == [
                    "interleave: 'nobody' never got its turn (no thread of that name could run at a later choice)"
                ])
        }
    }

    @Test("the interleaving plan names threads as they start, or by number, and waits for one that cannot run")
    func interleavingPlan() {
        let plan = InterleavingPlan()
        plan.learnName(of: 0, "main")
        plan.learnName(of: 2, "AFNetworking")
        plan.arm(["AFNetworking", "T1", "main"], line: 4)
        #expect(plan.choose(among: [0, 1]) == nil)
        #expect(plan.choose(among: [0, 2]) == 2)
        #expect(plan.choose(among: [0, 1]) == 1)
        #expect(plan.choose(among: [0, 1]) == 0)
        #expect(plan.choose(among: [0, 1]) == nil)
        #expect(plan.leftOver.isEmpty)
    }

    @Test("checkers plug in through ScenarioChecker; every explore checker is there by default; a missing one is reported as not available")
    func checkers() throws {
        struct CountingChecker: ScenarioChecker {
            let name = "no-timers"
            func findings(in run: SimulationResult) -> [String] {
                run.trace.filter { $0.name == "timer.fire" }.map { "timer fired at \($0.time)" }
            }
        }
        let source =
            "thread w\ntimer t on w after 2ms\nrun for 5ms\nexpect checker no-timers clean\nexpect checker no-timers finds \"0.002\"\nexpect checker lock-order clean"
        let plain = try run(source)
        #expect(plain.checks[2].passed)
        #expect(plain.checks[0].actual.hasPrefix("checker no-timers is not available (available: deadlock, "))
        let bare = try run(source, runner: ScenarioRunner(checkers: []))
        #expect(bare.checks[2].actual == "checker lock-order is not available (no checkers are plugged into this runner)")
        let withChecker = try run(source, runner: ScenarioRunner(checkers: [CountingChecker()]))
        #expect(withChecker.checks.map(\.passed) == [false, true, false])
        #expect(withChecker.checks[0].actual == "timer fired at 0.002000")
        #expect(withChecker.checks[2].actual == "checker lock-order is not available (available: no-timers)")
    }

    @Test("exhaustive and delay parse, but the interpreter refuses them and points at the explorer")
    func exhaustiveIsTheExplorers() throws {
        for line in ["strategy exhaustive bound 1", "  strategy exhaustive", "strategy delay bound 1"] {
            let scenario = try parsed("thread w\n\(line)\nrun until idle", fileName: "x.lab")
            #expect(throws: ScenarioDiagnostics.self) { try ScenarioRunner().run(scenario) }
            do {
                _ = try ScenarioRunner().run(scenario)
            } catch {
                let column = line.hasPrefix(" ") ? 3 : 1
                let name = line.contains("delay") ? "delay" : "exhaustive"
                #expect(
                    error.diagnostics.first?.headline
                        == "x.lab:2:\(column): error: strategy \(name) searches many schedules; the interpreter runs one")
                #expect(error.diagnostics.first?.hint?.contains("runloop-lab explore --strategy exhaustive") == true)
            }
        }
    }

    @Test(
        "pct runs one schedule, with k measured from the default schedule: the same seed twice gives the same run",
        arguments: [UInt64(1), 2])
    func pctRunsOneSchedule(seed: UInt64) throws {
        let source = """
            thread left
            thread right
            strategy pct seed \(seed) depth 2
            on left: perform on right; perform on right
            on right: perform on left; perform on left
            run until idle
            expect outcome == quiescent
            """
        let scenario = try parsed(source, fileName: "pct.lab")
        let first = try ScenarioRunner().run(scenario)
        let second = try ScenarioRunner().run(scenario)
        #expect(first.passed)
        #expect(first.traceText == second.traceText)
        let k = ScenarioRunner().run(scenario, using: ReplayStrategy(Schedule(switches: [])), named: "default").choicePoints
        #expect(k > 1)
        #expect(first.strategy == "pct seed \(seed) depth 2 (k = \(k))")
    }

    @Test("pos runs one schedule of partial-order sampling: the same seed twice gives the same run", arguments: [UInt64(1), 2])
    func posRunsOneSchedule(seed: UInt64) throws {
        let source = """
            thread left
            thread right
            strategy pos seed \(seed)
            on left: perform on right; perform on right
            on right: perform on left; perform on left
            run until idle
            expect outcome == quiescent
            """
        let scenario = try parsed(source, fileName: "pos.lab")
        let first = try ScenarioRunner().run(scenario)
        let second = try ScenarioRunner().run(scenario)
        #expect(first.passed)
        #expect(first.traceText == second.traceText)
        #expect(first.strategy == "pos seed \(seed)")
    }

    @Test("a seed replaces the declared strategy; a declared replay reproduces the run it came from")
    func strategies() throws {
        let source = Self.download + "on main: start A\nrun until idle"
        let seeded = try run("strategy random seed 5\n" + source)
        let overridden = try run("strategy random seed 9\n" + source, seed: 5)
        #expect(seeded.traceText == overridden.traceText)
        #expect(overridden.strategy == "random seed 5")
        let replayed = try run("strategy replay \"\(seeded.schedule)\"\n" + source)
        #expect(replayed.traceText == seeded.traceText)
        #expect(replayed.strategy == "replay \"\(seeded.schedule)\"")
    }

    @Test("timers, observers, ports and common modes on main, with run mode nested in the script")
    func runLoopActions() throws {
        try runGreen(
            """
            timer tick on main every 10ms
            observe main activities entry modes tracking as watcher
            on main: add port modes tracking; run mode tracking for 25ms
            run for 20ms
            expect event "timer.fire" "tick" count == 3
            expect event "timer.fire" "0.025000 T0 main timer.fire tick in kCFRunLoopDefaultMode" count == 1
            expect event "observer" "watcher entry in UITrackingRunLoopMode" count == 1
            expect "loop.exit" "UITrackingRunLoopMode" before "timer.fire" "tick"
            expect outcome == time-limit
            """)
    }

    @Test("session tasks: made by one session manager, their messages reach their delegates through its dictionary")
    func sessionTasks() throws {
        let run = try runGreen(
            """
            server GET /big -> 200 body 1000 bytes in chunks 500 every 2ms
            server GET /small -> 200 body "{\\"ok\\":true}"
            op big = task GET /big completion
            op small = task GET /small
            on main: start big; start small
            run until idle
            expect event "connection.create" "C0 http://127.0.0.1:8080/big delegate=task 1" count == 1
            expect event "connection.callback" "com.apple.NSURLConnectionLoader connection.callback C0 didReceiveData 500 bytes → task 1" count == 2
            expect event "connection.callback" "URLSession:dataTask:didReceiveData: 500 bytes → delegate of task 1" count == 2
            expect event "connection.callback" "URLSession:task:didCompleteWithError: nil → delegate of task 2" count == 1
            expect event "connection.callback" "→ session manager" count == 2
            expect event "lock.acquire" "com.alamofire.networking.session.manager.lock" count == 9
            expect event "completion" "completionHandler of task 1" count == 1
            expect event "completion" "completionHandler of task 2" count == 1
            expect event "notification.post" "com.alamofire.networking.task.complete object=task 2" count == 1
            expect outcome == quiescent
            """, seed: 3)
        #expect(run.operations.isEmpty)
    }

    @Test("a task cancelled before it is resumed completes with -999 and never connects")
    func cancelledTask() throws {
        try runGreen(
            """
            server GET /big -> 200 body 10 bytes
            op t = task GET /big completion
            on main: cancel t; start t
            run until idle
            expect event "operation.cancel" "task 1" count == 1
            expect event "connection.create" count == 0
            expect event "note" "task 1 (no connection) URLSession:task:didCompleteWithError: -999 → delegate of task 1" count == 1
            expect event "completion" "completionHandler of task 1" count == 1
            """)
    }

    @Test("a signalled source0 waits for a wake-up; a message to a port wakes its loop by itself")
    func sourcesAndPorts() throws {
        let run = try runGreen(
            """
            thread worker
            source flag on worker
            port inbox on worker
            run for 5ms
            on main: signal flag
            run for 5ms
            on main: wake worker
            run for 5ms
            on main: send inbox
            run for 5ms
            expect event "source.signal" "0.005000 T0 main source.signal flag" count == 1
            expect event "source.perform" "0.010000 T1 worker source.perform flag in kCFRunLoopDefaultMode" count == 1
            expect event "loop.wake" "0.010000 T1 worker loop.wake kCFRunLoopDefaultMode by wake-up" count == 1
            expect event "port.send" "0.015000 T0 main port.send inbox" count == 1
            expect event "loop.wake" "0.015000 T1 worker loop.wake kCFRunLoopDefaultMode by inbox" count == 1
            expect event "port.perform" "inbox in kCFRunLoopDefaultMode messages=1" count == 1
            expect outcome == quiescent
            """)
        #expect(run.problems.isEmpty)
    }

    @Test("a source only in a mode its loop never runs is never performed")
    func sourceInAnotherMode() throws {
        try runGreen(
            """
            thread worker
            source flag on worker modes tracking
            on main: signal flag; wake worker
            run for 5ms
            expect event "source.signal" "flag" count == 1
            expect event "source.perform" count == 0
            """)
    }
}
