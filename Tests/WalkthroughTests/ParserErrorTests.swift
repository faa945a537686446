import Testing

@testable import Walkthrough

/// Every error points at its line and column, shows the source line with a caret under the
/// column, and gives a hint when there is one.
@Suite("Parse errors")
struct ParserErrorTests {
    /// A server route and operation A, for errors that need them (lines 1 and 2).
    static let prelude = "server GET /big -> 200 body 10 bytes\nop A = http GET /big\n"

    @Test("an unknown operation: the full diagnostic")
    func unknownOperation() {
        #expect(
            diagnostics(Self.prelude + "on main: start C") == """
                scenario.lab:3:16: error: unknown operation 'C'
                on main: start C
                               ^
                hint: declare it with 'op C = http GET /path'

                1 error
                """)
    }

    @Test("a declaration with an error still declares its name, so only its own line fails")
    func brokenDeclarationDeclaresItsName() {
        #expect(
            diagnostics("server GET /data -> 200 body 6 bytes every 1 ms\nop A = http GET /data\nthread w in\non w: start A") == """
                scenario.lab:1:44: error: '1' is a number without its unit
                server GET /data -> 200 body 6 bytes every 1 ms
                                                           ^
                hint: write the unit right after the number, with no space: '1ms'

                scenario.lab:3:10: error: unexpected 'in' after the thread
                thread w in
                         ^

                2 errors
                """)
    }

    @Test("a name used after a line whose statement is unknown points at that line")
    func unknownStatementNamesTheLineToFix() {
        #expect(
            diagnostics("thraed worker\non worker: wake main") == """
                scenario.lab:1:1: error: unknown statement 'thraed'
                thraed worker
                ^
                hint: did you mean 'thread'?

                scenario.lab:2:4: error: unknown thread 'worker'
                on worker: wake main
                   ^
                hint: line 1 mentions 'worker', but its statement 'thraed' is unknown: fix that line first

                2 errors
                """)
    }

    @Test("every error on every line is reported, in order, with tabs kept in the caret line")
    func severalErrors() {
        #expect(
            diagnostics("thread\nfidelity afn264\n\tthread 9", fileName: "lesson.lab") == """
                lesson.lab:1:7: error: expected a thread name after 'thread', found the end of the line
                thread
                      ^

                lesson.lab:2:10: error: unknown fidelity 'afn264'
                fidelity afn264
                         ^
                hint: did you mean 'afn263'?

                lesson.lab:3:9: error: expected a thread name after 'thread', found '9'
                \tthread 9
                \t       ^

                3 errors
                """)
    }

    @Test("a word far longer than any keyword gets no suggestion, and a near miss of the same length still does")
    func pathologicalWordGetsNoSuggestion() throws {
        let huge = "strategy" + String(repeating: "x", count: 200_000)
        do {
            _ = try Scenario.parse(source: huge + " random seed 1", fileName: "x.lab")
            Issue.record("parsed")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.message == "unknown statement '\(huge)'")
            #expect(diagnostic.hint?.contains("did you mean") == false)
        }
        #expect(Suggestion.nearest(to: huge, in: ["strategy", "thread"]) == nil)
        #expect(Suggestion.nearest(to: "stratgey", in: ["strategy", "thread"]) == "strategy")
        #expect(Suggestion.nearest(to: "strategyxxx", in: ["strategy", "thread"]) == "strategy")
        #expect(Suggestion.nearest(to: "strategyxxxxxxxxxxxx", in: ["strategy", "thread"]) == nil)
        // Too far by edits, but all but its last letter begins two properties: the shorter wins.
        #expect(Suggestion.nearest(to: "complete", in: ["completionBlock", "completion", "state"]) == "completion")
        #expect(Suggestion.nearest(to: "nope", in: ["notification-balance"]) == nil)
    }

    @Test("the diagnostic values: file, location, message, hint and source line")
    func diagnosticValues() throws {
        do {
            _ = try Scenario.parse(source: "thread worker\non wrker: start A", fileName: "x.lab")
            Issue.record("parsed")
        } catch {
            #expect(
                error.diagnostics == [
                    ScenarioDiagnostic(
                        fileName: "x.lab", location: SourceLocation(line: 2, column: 4), message: "unknown thread 'wrker'",
                        hint: "did you mean 'worker'?", sourceLine: "on wrker: start A")
                ])
            #expect(error.diagnostics.first?.headline == "x.lab:2:4: error: unknown thread 'wrker'")
        }
    }

    @Test(
        "each error's headline and hint",
        arguments: [
            ("stratgy random seed 1", "1:1: error: unknown statement 'stratgy'", "did you mean 'strategy'?"),
            ("server GET /x -> 200 etag \"v1", "1:27: error: unterminated string", "close it with a double quote on the same line"),
            (
                "thread wörker", "1:9: error: unexpected character 'ö'",
                "names are ASCII letters, digits, '_' and '-'; put other text in double quotes"
            ),
            (
                "\u{7}", "1:1: error: unexpected character U+0007",
                "names are ASCII letters, digits, '_' and '-'; put other text in double quotes"
            ),
            (
                "server GET /x -> 200 body \"abc\\q\"", "1:31: error: unknown escape \\q in a string",
                "the escapes are \\\", \\\\, \\n and \\t"
            ),
            (
                "= = =", "1:1: error: expected a statement, found '='",
                "statements begin with fidelity, strategy, thread, server, queue, op, timer, observe, source, port, lock, semaphore, cell, stream, batch, on, when, interleave, run, expect"
            ),
            (
                "op A = http GET /nope", "1:17: error: no server route for GET /nope",
                "declare it before the operation, e.g. 'server GET /nope -> 200 body 10 bytes'"
            ),
            (prelude + "op A = http GET /big", "3:4: error: operation 'A' is already declared on line 2", nil),
            (
                prelude + "op t = task GET /big modes default", "3:22: error: a session task has no run-loop modes",
                "its connection runs in the default mode of the session's loader thread"
            ),
            (
                prelude + "op t = task GET /big\non main: pause t",
                "4:16: error: 't' is a session task, which can only be started, resumed, suspended and cancelled",
                "expect its state with 'expect t.state == completed', the rest through its trace"
            ),
            (
                prelude + "op t = task GET /big\nexpect t.state == finished", "4:19: error: unknown task state 'finished'",
                "a session task has a state: running, suspended, canceling, completed; check the rest through its trace"
            ),
            (
                prelude + "op t = task GET /big\nexpect t.bytes == 3", "4:10: error: session task t has no property 'bytes'",
                "a session task has a state: running, suspended, canceling, completed; check the rest through its trace"
            ),
            (
                prelude + "op t = task GET /big\non main: suspend A",
                "4:18: error: 'A' is an operation, not a session task: only tasks are suspended",
                "an operation pauses and resumes: 'pause A'; a task is declared with 'op t = task GET /path'"
            ),
            (
                prelude + "op t = task GET /big\nwhen t state == completed: cancel t",
                "4:8: error: a session task's trigger is 'received N bytes'",
                "for example 'when t received 500 bytes: suspend t on main'"
            ),
            ("thread w\nsource s on w\nport s on w", "3:6: error: source 's' is already declared on line 2", nil),
            (
                "thread w\nport p on w\non main: signal p", "3:17: error: unknown source 'p'",
                "'p' is declared on line 2 by 'port p', which is another kind of name"
            ),
            (
                "server GET /x -> 200\non main: start A\nop A = http GET /x", "2:16: error: unknown operation 'A'",
                "'op A' is declared on line 3, below this use: move that line above line 2"
            ),
            (
                "thread w\non main: start w", "2:16: error: unknown operation 'w'",
                "'w' is declared on line 1 by 'thread w', which is another kind of name"
            ),
            (
                "server GET /x -> 200\nop A = http GET /x\nexpect count(success of A) == 1",
                "3:8: error: expect lines count events after the event, not with 'count(…)'",
                "for example 'expect event \"completion\" \"success of op A\" count == 1'"
            ),
            ("thread w\nport inbox on w\non main: send inbx", "3:15: error: unknown port 'inbx'", "did you mean 'inbox'?"),
            ("on main: wake nobody", "1:15: error: unknown thread 'nobody'", "declare it with 'thread nobody'"),
            ("op outcome = http GET /x", "1:4: error: 'outcome' is a keyword and cannot name an operation", "choose another name"),
            ("thread main", "1:8: error: 'main' already exists", "main and AFNetworking are always there; use them without declaring them"),
            ("run for 5", "1:9: error: '5' has no unit", "write a whole number and a unit: 5ms, 2s, 250us or 100ns (at most 3600s)"),
            ("run for 5 ms", "1:9: error: '5' is a number without its unit", "write the unit right after the number, with no space: '5ms'"),
            (
                "run for 5parsecs", "1:9: error: '5parsecs' has an unknown unit 'parsecs'",
                "write a whole number and a unit: 5ms, 2s, 250us or 100ns (at most 3600s)"
            ),
            (
                "run for 4000s", "1:9: error: '4000s' is longer than 3600s, the longest duration a scenario may name",
                "a scenario runs at most an hour of virtual time"
            ),
            (
                "run for 99999999999999999999ms",
                "1:9: error: '99999999999999999999ms' is longer than 3600s, the longest duration a scenario may name",
                "a scenario runs at most an hour of virtual time"
            ),
            ("run for 3000s\nrun for 601s", "2:9: error: the runs add up to more than 3600s", nil),
            (
                "run until idle\nthread late", "2:1: error: nothing runs after 'run until idle' on line 1",
                "only expect lines may follow it; 'run for D' runs part of the way and goes on"
            ),
            (
                prelude + "expect A.state == finished\nrun for 1ms",
                "3:1: error: expect is checked when the run is over, so it must come after the last run line (line 4)",
                "move the expect lines to the end of the scenario"
            ),
            (
                prelude + "expect \"perfom.run\" before \"timer.fire\"", "3:8: error: unknown event name \"perfom.run\"",
                "did you mean 'perform.run'?"
            ),
            (
                "strategy replay \"3:T1 x\"", "1:23: error: bad schedule: schedule token 2 'x': expected STEP:T<thread>, e.g. 14:T2",
                "a schedule is STEP:T<thread> pairs with increasing steps, e.g. \"14:T2 40:T1\""
            ),
            (
                "strategy random seed 1\nstrategy random seed 2", "2:10: error: the strategy is already set on line 1",
                "a scenario has one strategy"
            ),
            (prelude + "on main: enqueue A", "3:10: error: there is no queue to enqueue on", "declare one first, e.g. 'queue max 1'"),
            (
                "on main: run mode common for 5ms", "1:19: error: cannot run the common modes",
                "kCFRunLoopCommonModes is a tag for adding items to every common mode; run a real mode such as default"
            ),
            (
                "on main: dance", "1:10: error: unknown action 'dance'",
                "actions are start A, cancel A, pause A, resume A, suspend T, enqueue A, run mode M for D, perform on THREAD, add port, remove port, add common mode M, signal S, wake THREAD, send P, set stream A to S, set completionBlock A, acquire L, release L, wait S, increment C, checkpoint NAME"
            ),
            (
                prelude + "expect A.state == done", "3:19: error: 'done' is not a value of state",
                "state is paused, ready, executing, finished"
            ),
            (prelude + "expect A.bytes == none", "3:19: error: 'none' is not a value of bytes", "bytes is a number"),
            (prelude + "expect A.state < finished", "3:16: error: '<' does not compare names", "use == or !="),
            (
                prelude + "expect A.colour == red", "3:10: error: unknown property 'colour'",
                "properties are state, error, cancelled, bytes, data, status, completion, error.domain, error.code, error.url, connection, outputStream, completionBlock, queued, connections, url, header, redirects"
            ),
            (
                prelude + "expect notifications(A) == [DidStart", "3:37: error: expected ']' to close the list, found the end of the line",
                nil
            ),
            (
                prelude + "when A received 4 bytes pause A", "3:25: error: expected ':' after the condition, found 'pause'",
                "for example 'when A state == executing: cancel A on main'"
            ),
            ("server GET /x -> 999", "1:18: error: a status code must be a whole number from 100 to 599, not '999'", nil),
            ("server GET /x -> 200 in chunks 4,0", "1:34: error: a chunk size must be a whole number from 1 to 10000000, not '0'", nil),
            ("server GET /x -> 200 seed 4", "1:22: error: 'seed' applies to a body of generated bytes", "write 'body 10 bytes seed 4'"),
            ("server GET /x -> 200 body 10 bytes etag \"a\" etag \"b\"", "1:45: error: 'etag' is given twice", nil),
            (
                "server GET /x -> 200 fault melt", "1:28: error: unknown fault 'melt'",
                "faults are reset after N, close-before-headers, stall, malformed-status, oversized-header [N], garbage-header, length-longer N and length-shorter N"
            ),
            (
                "server GET /x?y=1 -> 200", "1:12: error: a route's path has no query",
                "routes match the path alone; put queries on the operation"
            ),
            ("server FETCH /x -> 200", "1:8: error: unknown method 'FETCH'", "methods are GET, HEAD, POST, PUT, DELETE"),
            (
                "observe main activities sometimes", "1:25: error: unknown activity 'sometimes'",
                "activities are all, entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, exit"
            ),
            ("timer t on main every 0ms", "1:23: error: a repeating timer needs an interval above zero", nil),
            ("fidelity hardened\nfidelity afn263", "2:10: error: the fidelity is already set on line 1", "a scenario has one fidelity"),
            (
                "interleave", "1:11: error: expected a thread name, found the end of the line",
                "name threads as the trace does (main, AFNetworking, \"loopback server\") or by number (T2)"
            ),
            (
                "expect outcome == stuck", "1:19: error: unknown outcome 'stuck'",
                "outcomes are quiescent, deadlock, time-limit, step-limit, replay-diverged"
            ),
            (
                "expect checker lock-order", "1:26: error: expected 'clean' or 'finds' after the checker name, found the end of the line",
                nil
            ),
        ])
    func headline(source: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(source: source, fileName: "scenario.lab")
            Issue.record("parsed: \(source)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
            #expect(error.diagnostics.count == 1)
        }
    }
}
