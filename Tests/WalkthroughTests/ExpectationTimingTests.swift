import Testing

@testable import Walkthrough

/// When an expectation holds: at a `checkpoint` action instead of the end of the run, and
/// the Nth occurrence of an event (`#2`) in `before` comparisons.
@Suite("Expectation timing")
struct ExpectationTimingTests {
    static let download = "server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms\nop A = http GET /big completion\n"

    @Test("a checkpoint right after start sees an executing operation with no connection yet; the end sees it finished")
    func checkpointAfterStart() throws {
        let run = try runGreen(
            Self.download + """
                on main: start A; checkpoint started
                run until idle
                expect at started: A.state == executing
                expect at started: A.connections == 0
                expect at started: A.connection == nil
                expect at started: notifications(A) == []
                expect at started: event "connection.create" count == 0
                expect at started: not A.completion == success
                expect at started: progress(A) == []
                expect A.state == finished
                expect A.connections == 1
                expect notifications(A) == [DidStart, DidFinish]
                expect A.completion == success
                """)
        #expect(run.traceText.contains("note checkpoint started"))
    }

    @Test("a checkpoint in a trigger's actions sees the moment after they ran")
    func checkpointInTrigger() throws {
        try runGreen(
            Self.download + """
                when A received 4 bytes: pause A; checkpoint paused on main
                on main: start A
                run until idle
                expect at paused: A.state == paused
                expect at paused: A.bytes == 4
                expect at paused: A.header "Range" == none
                expect at paused: notifications(A) == [DidStart]
                expect at paused: indicator == 1
                expect notifications(A) == [DidStart, DidFinish]
                expect indicator == 0
                expect A.state == paused
                """)
    }

    @Test("a checkpoint that never runs fails its lines, saying so")
    func checkpointNeverReached() throws {
        let run = try ScenarioRunner().run(
            parsed(
                Self.download + """
                    when A received 11 bytes: checkpoint never on main
                    on main: start A
                    run until idle
                    expect at never: A.state == finished
                    """))
        #expect(run.checks.map(\.passed) == [false])
        #expect(run.checks[0].expected == "at never: finished")
        #expect(run.checks[0].actual == "checkpoint never was never reached")
    }

    @Test("#N names the Nth matching event on either side of before")
    func occurrences() throws {
        let run = try ScenarioRunner().run(
            parsed(
                Self.download + """
                    on main: start A
                    run until idle
                    expect "connection.callback" "didReceiveData" #3 before "connection.callback" "didFinishLoading"
                    expect "connection.callback" "didReceiveData" #2 before "connection.callback" "didReceiveData" #3
                    expect "connection.callback" "didReceiveData" #3 before "connection.callback" "didReceiveData" #2
                    expect "connection.callback" "didReceiveData" #4 before "connection.callback" "didFinishLoading"
                    expect "connection.callback" "didReceiveData" #1 before "completion" # a comment: not an occurrence
                    """))
        #expect(run.checks.map(\.passed) == [true, true, false, false, true])
        #expect(
            run.checks[2].expected
                == "the 3rd \"connection.callback\" \"didReceiveData\" comes before the 2nd \"connection.callback\" \"didReceiveData\"")
        #expect(run.checks[3].actual == "only 3 events match \"connection.callback\" \"didReceiveData\"")
    }

    @Test(
        "bad timing gets located diagnostics",
        arguments: [
            (
                "expect at nowhere: A.state == finished", "5:11: error: unknown checkpoint 'nowhere'",
                "name a point of the run with a 'checkpoint nowhere' action"
            ),
            ("expect at strated: A.state == finished", "5:11: error: unknown checkpoint 'strated'", "did you mean 'started'?"),
            (
                "expect at started: outcome == quiescent", "5:20: error: outcome and checkers are known only when the run is over",
                "check them without 'at started:'"
            ),
            (
                "expect at started: A.state == paused implies checker deadlock clean",
                "5:20: error: outcome and checkers are known only when the run is over", "check them without 'at started:'"
            ),
            (
                "expect \"timer.fire\" #0 before \"perform.run\"",
                "5:22: error: an occurrence after '#' must be a whole number from 1 to 10000000, not '0'",
                "#1 is the first matching event, #2 the second, …"
            ),
            (
                "expect \"timer.fire\" #2 count == 1", "5:24: error: an occurrence (#N) applies to 'before', not to 'count'",
                "count every matching event: expect event \"timer.fire\" count >= 2"
            ),
        ])
    func timingDiagnostics(line: String, headline: String, hint: String) throws {
        let source = Self.download + "on main: start A; checkpoint started\nrun until idle\n" + line
        do {
            _ = try Scenario.parse(source: source, fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }

    @Test("a checkpoint name is used once")
    func duplicateCheckpoint() {
        #expect(
            diagnostics(Self.download + "on main: checkpoint x\non main: checkpoint x").contains(
                "scenario.lab:4:21: error: checkpoint 'x' is already used on line 3"))
    }
}
