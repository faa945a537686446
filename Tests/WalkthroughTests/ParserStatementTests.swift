import AFReplay
import LabRuntime
import NetSim
import RunLoopKit
import Testing

@testable import Walkthrough

/// Each statement of the language, parsed into what the interpreter executes.
@Suite("Parsing each statement")
struct ParserStatementTests {
    /// A server route and operation A, for statements that need them.
    static let prelude = "server GET /big -> 200 body 10 bytes\nop A = http GET /big\n"

    /// The kind of the last executable statement of `source`.
    func lastStatement(_ source: String) throws -> ScenarioStatement.Kind? {
        try parsed(source).statements.last?.kind
    }

    /// The only expectation of `source`.
    func expectation(_ source: String) throws -> ExpectationKind? {
        try parsed(Self.prelude + source).expectations.first?.expectation
    }

    @Test("fidelity and strategy are scenario-wide; the defaults are afn263 and random seed 0")
    func fidelityAndStrategy() throws {
        let defaults = try parsed("")
        #expect(defaults.fidelity == .afn263)
        #expect(defaults.strategy == .random(seed: 0))
        #expect(try parsed("fidelity hardened").fidelity == .hardened)
        #expect(try parsed("strategy random seed 7").strategy == .random(seed: 7))
        #expect(
            try parsed("strategy replay \"3:T1 9:T2\"").strategy
                == .replay(Schedule(switches: [.init(step: 3, thread: 1), .init(step: 9, thread: 2)])))
        #expect(try parsed("strategy replay \"-\"").strategy == .replay(Schedule(switches: [])))
        #expect(try parsed("strategy pct seed 5 depth 3").strategy == .pct(seed: 5, depth: 3))
        #expect(try parsed("strategy exhaustive bound 1").strategy == .exhaustive(preemptionBound: 1))
        #expect(try parsed("strategy exhaustive").strategy == .exhaustive(preemptionBound: 2))
        #expect(try parsed("strategy pos seed 9").strategy == .pos(seed: 9))
        #expect(try parsed("strategy delay bound 3").strategy == .delayBounded(delayBound: 3))
        #expect(try parsed("strategy delay").strategy == .delayBounded(delayBound: 2))
        #expect(try parsed("strategy random seed 18446744073709551615").strategy == .random(seed: .max))
    }

    @Test("thread NAME keeps its loop alive with a port unless declared without one")
    func thread() throws {
        #expect(try lastStatement("thread worker") == .thread(ThreadDeclaration(name: "worker", keepAlive: true)))
        #expect(try lastStatement("thread lonely without port") == .thread(ThreadDeclaration(name: "lonely", keepAlive: false)))
        #expect(try parsed("thread a\nthread b").threadNames == ["a", "b"])
    }

    @Test("server: every option, in any order")
    func serverOptions() throws {
        let source =
            "server GET /big -> 206 etag \"v1\" type \"application/json\" body 10 bytes seed 9 in chunks 4, 3,3 every 5ms chunked ranges fault reset after 4"
        let expected = RouteScript(
            status: 206, etag: "\"v1\"", contentType: "application/json", body: .deterministic(seed: 9, length: 10),
            chunkSizes: [4, 3, 3], gap: .milliseconds(5), chunkedEncoding: true, acceptsRanges: true,
            fault: .reset(afterBodyBytes: 4))
        #expect(try lastStatement(source) == .route(RouteDeclaration(method: "GET", path: "/big", script: expected)))
        let reordered =
            "server GET /big -> 206 fault reset after 4 bytes ranges chunked every 5ms in chunks 4,3,3 seed 9 body 10 bytes type \"application/json\" etag \"v1\""
        #expect(try lastStatement(reordered) == lastStatement(source))
    }

    @Test("server: the defaults, a text body, and an entity tag given with its quotes")
    func serverDefaults() throws {
        #expect(
            try lastStatement("server POST /x -> 404")
                == .route(
                    RouteDeclaration(
                        method: "POST", path: "/x", script: RouteScript(status: 404, acceptsRanges: false))))
        #expect(
            try lastStatement("server GET /j -> 200 body \"{\\\"ok\\\":true}\" etag \"W/\\\"w\\\"\"")
                == .route(
                    RouteDeclaration(
                        method: "GET", path: "/j", script: RouteScript(etag: "W/\"w\"", body: .text("{\"ok\":true}"), acceptsRanges: false))
                ))
        #expect(
            try lastStatement("server GET /b -> 200 body 3 bytes")
                == .route(
                    RouteDeclaration(
                        method: "GET", path: "/b", script: RouteScript(body: .deterministic(seed: 1, length: 3), acceptsRanges: false))))
    }

    @Test(
        "server: each fault",
        arguments: [
            ("reset after 0", ServerFault.reset(afterBodyBytes: 0)),
            ("close-before-headers", .closeBeforeHeaders),
            ("stall", .stall),
            ("malformed-status", .malformedStatusLine),
            ("oversized-header", .oversizedHeader(bytes: 20_000)),
            ("oversized-header 300", .oversizedHeader(bytes: 300)),
            ("garbage-header", .garbageHeaderLine),
            ("length-longer 5", .contentLengthLonger(by: 5)),
            ("length-shorter 2", .contentLengthShorter(by: 2)),
        ])
    func serverFault(text: String, fault: ServerFault) throws {
        guard case let .route(route)? = try lastStatement("server GET /f -> 200 body 10 bytes fault \(text)") else {
            Issue.record("not a route")
            return
        }
        #expect(route.script.fault == fault)
    }

    @Test("queue max N, or unlimited")
    func queue() throws {
        #expect(try lastStatement("queue max 1") == .queue(maxConcurrent: 1))
        #expect(try lastStatement("queue max unlimited") == .queue(maxConcurrent: -1))
    }

    @Test("op: http and connection operations, with modes, timeout and completion")
    func operation() throws {
        let source =
            "server GET /big -> 200\nop A = http GET /big?x=1 modes default, tracking timeout 2s completion\nop B = connection HEAD /big"
        let statements = try parsed(source).statements.map(\.kind)
        #expect(
            statements[1]
                == .operation(
                    OperationDeclaration(
                        name: "A", kind: .http, method: "GET", pathAndQuery: "/big?x=1",
                        modes: [.default, .tracking], timeout: .seconds(2), completion: true)))
        #expect(
            statements[2]
                == .operation(
                    OperationDeclaration(
                        name: "B", kind: .connection, method: "HEAD", pathAndQuery: "/big",
                        modes: nil, timeout: nil, completion: false)))
        #expect(try parsed(source).operationNames == ["A", "B"])
    }

    @Test("op X = block: a block operation, which can be started, cancelled, enqueued, depended on and expected on")
    func blockOperation() throws {
        let source = """
            server GET /x -> 200
            queue max 1
            op A = http GET /x
            op X = block
            A depends on X
            X depends on A
            on main: enqueue X; start X; cancel X
            run until idle
            expect X.state == finished
            expect X.cancelled == true
            expect X.queued != true
            """
        let scenario = try parsed(source)
        let statements = scenario.statements.map(\.kind)
        #expect(statements[3] == .blockOperation(name: "X"))
        #expect(statements[4] == .dependency(operation: "A", on: "X"))
        #expect(statements[5] == .dependency(operation: "X", on: "A"))
        #expect(statements[6] == .actions(thread: "main", [.enqueue("X"), .start("X"), .cancel("X")]))
        #expect(scenario.operationNames == ["A", "X"])
        #expect(scenario.expectationCount == 3)
    }

    @Test("timer: every and after, on a thread, in modes")
    func timer() throws {
        #expect(
            try lastStatement("timer tick on main every 10ms")
                == .timer(
                    TimerDeclaration(
                        name: "tick", thread: "main", interval: .milliseconds(10), repeats: true, modes: [.default])))
        #expect(
            try lastStatement("thread w\ntimer \"once more\" on w after 250us modes common, \"my mode\"")
                == .timer(
                    TimerDeclaration(
                        name: "once more", thread: "w", interval: .microseconds(250), repeats: false,
                        modes: [.common, RunLoopMode("my mode")])))
    }

    @Test("observe: all activities or a list, in modes, optionally named")
    func observe() throws {
        #expect(
            try lastStatement("observe main activities all")
                == .observer(
                    ObserverDeclaration(
                        thread: "main", activities: .all, modes: [.common], name: "observer line 1")))
        #expect(
            try lastStatement("observe AFNetworking activities entry, beforeWaiting, exit modes default as watcher")
                == .observer(
                    ObserverDeclaration(
                        thread: "AFNetworking", activities: [.entry, .beforeWaiting, .exit], modes: [.default], name: "watcher")))
    }

    @Test("on THREAD: every action, in sequence")
    func actions() throws {
        let source =
            Self.prelude
            + "queue max 1\nthread w\non w: start A; cancel A; pause A; resume A; enqueue A; run mode tracking for 50ms; perform on main wait modes default, tracking; perform on w; add port modes tracking; add port; remove port; add common mode tracking"
        #expect(
            try lastStatement(source)
                == .actions(
                    thread: "w",
                    [
                        .start("A"), .cancel("A"), .pause("A"), .resume("A"), .enqueue("A"),
                        .runMode(.tracking, .milliseconds(50), until: nil),
                        .perform(target: "main", wait: true, modes: [.default, .tracking], label: "perform (line 5)"),
                        .perform(target: "w", wait: false, modes: [.default], label: "perform (line 5)"),
                        .addPort([.tracking], name: "port (line 5)"), .addPort([.default], name: "port (line 5)"), .removePort,
                        .addCommonMode(.tracking),
                    ]))
    }

    @Test("when: a byte count or a state, actions on main unless another thread is named")
    func triggers() throws {
        #expect(
            try lastStatement(Self.prelude + "when A received 4 bytes: pause A")
                == .trigger(
                    Trigger(
                        condition: .received(operation: "A", bytes: 4), actions: [.pause("A")], thread: "main")))
        #expect(
            try lastStatement(Self.prelude + "thread w\nwhen A state == executing: cancel A; perform on main on w")
                == .trigger(
                    Trigger(
                        condition: .state(operation: "A", .executing),
                        actions: [.cancel("A"), .perform(target: "main", wait: false, modes: [.default], label: "perform (line 4)")],
                        thread: "w")))
    }

    @Test("interleave: thread names, quoted names and numbers")
    func interleave() throws {
        #expect(
            try lastStatement("interleave main, AFNetworking, \"loopback server\", T3")
                == .interleave(["main", "AFNetworking", "loopback server", "T3"]))
    }

    @Test("run until idle, N steps, and for D; the run-for deadlines add up")
    func runs() throws {
        #expect(try lastStatement("run until idle") == .run(.untilIdle))
        #expect(try lastStatement("run 500 steps") == .run(.steps(500)))
        let timed = try parsed("run for 30ms\nrun for 2s")
        #expect(
            timed.statements.map(\.kind) == [
                .run(.duration(.milliseconds(30), until: .milliseconds(30))),
                .run(.duration(.seconds(2), until: .milliseconds(2_030))),
            ])
        #expect(timed.timeLimit == .milliseconds(2_030))
        #expect(try parsed("run 9 steps").stepLimit == 9)
        #expect(try parsed("run for 1ms\non main: perform on main").timeLimit == nil)
        let nested = try parsed(
            "thread w\nrun for 5ms\non main: run mode tracking for 10ms; run mode default for 1ms\non w: run mode tracking for 7ms\nrun for 20ms"
        )
        #expect(
            nested.statements.map(\.kind).suffix(3) == [
                .actions(
                    thread: "main",
                    [
                        .runMode(.tracking, .milliseconds(10), until: .milliseconds(15)),
                        .runMode(.default, .milliseconds(1), until: .milliseconds(16)),
                    ]),
                .actions(thread: "w", [.runMode(.tracking, .milliseconds(7), until: nil)]),
                .run(.duration(.milliseconds(20), until: .milliseconds(36))),
            ])
        #expect(nested.timeLimit == .milliseconds(36))
    }

    @Test("expect: operation properties, with each comparison")
    func propertyExpectations() throws {
        #expect(try expectation("expect A.state == finished") == .property(operation: "A", .state, .equal, .word("finished")))
        #expect(try expectation("expect A.error == cancelled") == .property(operation: "A", .error, .equal, .word("cancelled")))
        #expect(try expectation("expect A.error != -999") == .property(operation: "A", .error, .notEqual, .number(-999)))
        #expect(try expectation("expect A.cancelled == true") == .property(operation: "A", .cancelled, .equal, .word("true")))
        #expect(try expectation("expect A.bytes >= 4") == .property(operation: "A", .bytes, .greaterOrEqual, .number(4)))
        #expect(try expectation("expect A.data == none") == .property(operation: "A", .data, .equal, .word("none")))
        #expect(try expectation("expect A.status < 300") == .property(operation: "A", .status, .less, .number(300)))
        #expect(try expectation("expect A.completion == success") == .property(operation: "A", .completion, .equal, .word("success")))
    }

    @Test("expect: notifications, trace order, counts, outcome, indicator and checkers")
    func otherExpectations() throws {
        #expect(
            try expectation("expect notifications(A) == [DidStart, DidFinish]")
                == .notifications(operation: "A", ["DidStart", "DidFinish"]))
        #expect(try expectation("expect notifications(A) == []") == .notifications(operation: "A", []))
        #expect(
            try expectation("expect \"perform.run\" before \"timer.fire\"")
                == .order(
                    EventFilter(name: "perform.run", text: nil), before: EventFilter(name: "timer.fire", text: nil)))
        #expect(
            try expectation("expect event \"perform.run\" \"x\" before event \"timer.fire\" \"y\"")
                == .order(
                    EventFilter(name: "perform.run", text: "x"), before: EventFilter(name: "timer.fire", text: "y")))
        #expect(
            try expectation("expect event \"connection.callback\" \"→ op A\" count == 3")
                == .count(
                    EventFilter(name: "connection.callback", text: "→ op A"), .equal, 3))
        #expect(try expectation("expect \"timer.fire\" count > 0") == .count(EventFilter(name: "timer.fire", text: nil), .greater, 0))
        #expect(try expectation("expect outcome == deadlock") == .outcome(.equal, "deadlock"))
        #expect(try expectation("expect outcome != time-limit") == .outcome(.notEqual, "time-limit"))
        #expect(try expectation("expect indicator == 0") == .indicator(.equal, 0))
        #expect(try expectation("expect checker lock-order clean") == .checker(name: "lock-order", .clean))
        #expect(try expectation("expect checker lock-order finds \"inversion\"") == .checker(name: "lock-order", .finds("inversion")))
        #expect(try expectation("expect checker deadlock finds") == .checker(name: "deadlock", .finds(nil)))
    }

    @Test("comments, blank lines, indentation and CRLF line endings are ignored; expect keeps its text")
    func layout() throws {
        let scenario = try parsed(
            "# a comment\r\n\r\n  server GET /big -> 200 # trailing\r\n\top A = http GET /big\r\n  expect A.state == finished   # why\r\n")
        #expect(scenario.statements.map(\.line) == [3, 4])
        #expect(scenario.expectations.map(\.line) == [5])
        #expect(scenario.expectations.first?.text == "expect A.state == finished")
        #expect(scenario.sourceLines.count == 6)
    }
}
