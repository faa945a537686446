import AFReplay
import Inspector
import LabRuntime
import Testing

/// The AFNetworking checkers on hand-recorded traces (each reads the trace alone), their
/// registration, and the AFNetworking scenarios' registration.
@Suite("AFNetworking checkers")
struct AFCheckerTests {
    /// A run whose trace is exactly the events `events` records, on the main lab thread.
    static func recorded(_ events: [TraceEvent.Kind]) -> SimulationResult {
        Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            for event in events { runtime.record(event) }
        }
    }

    static let start = Notification.Name.operationDidStart.rawValue
    static let finish = Notification.Name.operationDidFinish.rawValue

    @Test("callback ledger: callbacks to the creating delegate are fine; another delegate, an unknown connection or after finish are not")
    func callbackLedger() {
        let checker = CallbackLedgerChecker()
        let clean = Self.recorded([
            .connectionCreated(connection: 1, url: "http://x/a", delegate: "op A"),
            .delegateCallback(connection: 1, callback: "didFinishLoading", delegate: "op A"),
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
        ])
        #expect(checker.check(clean).isEmpty)
        let stray = Self.recorded([
            .connectionCreated(connection: 1, url: "http://x/a", delegate: "op A"),
            .connectionCreated(connection: 3, url: "http://x/b", delegate: "op B"),
            .delegateCallback(connection: 1, callback: "didReceiveData", delegate: "op B"),
            .delegateCallback(connection: 2, callback: "didReceiveData", delegate: "op A"),
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .delegateCallback(connection: 1, callback: "didFinishLoading", delegate: "op A"),
        ])
        let summaries = checker.check(stray).map(\.summary)
        #expect(summaries.count == 3)
        #expect(summaries[0] == "C1 didReceiveData reached op B, not its delegate op A")
        #expect(summaries[1] == "C2 didReceiveData reached op A, but C2 was never created")
        #expect(summaries[2].hasPrefix("C1 didFinishLoading reached op A after it finished"))
        #expect(checker.check(stray).allSatisfy { $0.kind == .strayCallback })
    }

    @Test(
        "callback ledger: a session manager routing a task's callbacks to itself and to that task's delegate is fine; another task's delegate is not"
    )
    func callbackLedgerSessionRouting() {
        let checker = CallbackLedgerChecker()
        let routed = Self.recorded([
            .connectionCreated(connection: 0, url: "http://x/small", delegate: "task 1"),
            .connectionCreated(connection: 1, url: "http://x/big", delegate: "task 2"),
            .delegateCallback(connection: 0, callback: "didReceiveResponse 200", delegate: "task 1"),
            .delegateCallback(connection: 0, callback: "URLSession:dataTask:didReceiveResponse: 200", delegate: "session manager"),
            .delegateCallback(connection: 0, callback: "URLSession:dataTask:didReceiveData: 10 bytes", delegate: "delegate of task 1"),
            .delegateCallback(connection: 0, callback: "URLSession:task:didCompleteWithError: nil", delegate: "delegate of task 1"),
        ])
        #expect(checker.check(routed).isEmpty)
        let misrouted = Self.recorded([
            .connectionCreated(connection: 0, url: "http://x/small", delegate: "task 1"),
            .connectionCreated(connection: 1, url: "http://x/big", delegate: "task 2"),
            .delegateCallback(connection: 0, callback: "URLSession:dataTask:didReceiveData: 10 bytes", delegate: "delegate of task 2"),
        ])
        #expect(
            checker.check(misrouted).map(\.summary)
                == ["C0 URLSession:dataTask:didReceiveData: 10 bytes reached delegate of task 2, not its delegate task 1"])
    }

    @Test("cancelled-fails: success after a cancel that came before the finish is reported; failure, or a cancel after the finish, is not")
    func cancelledFails() throws {
        let checker = CancelledFailsChecker()
        let succeeded = Self.recorded([
            .operationCancelled(operation: "op A"),
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .completion(operation: "op A", block: "success"),
        ])
        let violation = try #require(checker.check(succeeded).first)
        #expect(violation.kind == .cancelledButSucceeded)
        #expect(violation.summary == "op A ran success at #3 although it was cancelled at #1")
        #expect(violation.details == ["cancelled at #1, finished at #2: expected failure with NSURLErrorCancelled (-999)"])
        let failed = Self.recorded([
            .operationCancelled(operation: "op A"),
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .completion(operation: "op A", block: "failure"),
        ])
        #expect(checker.check(failed).isEmpty)
        let late = Self.recorded([
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .completion(operation: "op A", block: "success"),
            .operationCancelled(operation: "op A"),
        ])
        #expect(checker.check(late).isEmpty)
    }

    @Test("exactly-once: a second finish, a second completion block, success and failure are each reported")
    func exactlyOnce() {
        let checker = ExactlyOnceChecker()
        let clean = Self.recorded([
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .operationState(operation: "op A", from: "finished", to: "finished", accepted: false),
            .completion(operation: "op A", block: "completion block"),
            .completion(operation: "op A", block: "success"),
        ])
        #expect(checker.check(clean).isEmpty)
        let twice = Self.recorded([
            .operationState(operation: "op B", from: "executing", to: "finished", accepted: true),
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .operationState(operation: "op A", from: "paused", to: "finished", accepted: true),
            .completion(operation: "op A", block: "completion block"),
            .completion(operation: "op A", block: "completion block"),
            .completion(operation: "op B", block: "success"),
            .completion(operation: "op B", block: "failure"),
        ])
        let violations = checker.check(twice)
        #expect(violations.map(\.summary).count == 2)
        #expect(violations[0].summary.hasPrefix("op B ran success at"))
        #expect(violations[1].summary.hasPrefix("op A finished 2 times"))
        #expect(violations[1].details.first?.hasPrefix("completion block ran 2 times") == true)
    }

    @Test("exactly-once: a batch's block and the block it wraps each run once; either running twice is reported")
    func exactlyOnceCountsEachBlock() {
        let checker = ExactlyOnceChecker()
        let batched = Self.recorded([
            .operationState(operation: "op A", from: "executing", to: "finished", accepted: true),
            .completion(operation: "op A", block: "completion block 2"),
            .completion(operation: "op A", block: "completion block"),
            .completion(operation: "op A", block: "batch progress 1/1"),
            .completion(operation: "op A", block: "success"),
        ])
        #expect(checker.check(batched).isEmpty)
        let twice = Self.recorded([
            .completion(operation: "op A", block: "completion block 2"),
            .completion(operation: "op A", block: "completion block"),
            .completion(operation: "op A", block: "completion block 2"),
        ])
        #expect(checker.check(twice).map(\.summary) == ["op A completion block 2 ran 2 times at #1, #3"])
    }

    @Test("operation liveness: paused and cancelled, or executing with a cancelled connection, is stuck; paused alone is listed only")
    func operationLiveness() {
        let checker = OperationLivenessChecker()
        let pausedOnly = Self.recorded([.operationState(operation: "op A", from: "ready", to: "paused", accepted: true)])
        #expect(checker.check(pausedOnly).isEmpty)
        let stuck = Self.recorded([
            .operationState(operation: "op A", from: "ready", to: "executing", accepted: true),
            .operationState(operation: "op A", from: "executing", to: "paused", accepted: true),
            .operationCancelled(operation: "op A"),
            .operationState(operation: "op B", from: "ready", to: "executing", accepted: true),
            .connectionCreated(connection: 3, url: "http://x/b", delegate: "op B"),
            .connectionCancelled(connection: 3),
            .operationState(operation: "op C", from: "ready", to: "paused", accepted: true),
        ])
        let violations = checker.check(stuck)
        #expect(violations.count == 1)
        #expect(violations.first?.kind == .stuckOperation)
        #expect(violations.first?.summary == "op A never finishes (and 1 more)")
        #expect(
            violations.first?.details == [
                "op A: Paused and cancelled: cancel only sets the flag on a Paused operation, and nothing will resume it",
                "op B: Executing, its connection C3 is cancelled: no callback will ever finish it",
                "op C: Paused: only resume advances it",
            ])
    }

    @Test("notification balance: the count as the indicator keeps it must end at 0; a DidStart after its DidFinish sticks at 1")
    func notificationBalance() {
        let checker = NotificationBalanceChecker()
        let balanced = Self.recorded([
            .notificationPosted(name: Self.start, object: "op A"),
            .notificationPosted(name: Self.start, object: "op B"),
            .notificationPosted(name: Self.finish, object: "op A"),
            .notificationPosted(name: Self.finish, object: "op B"),
        ])
        #expect(checker.check(balanced).isEmpty)
        let stuck = Self.recorded([
            .notificationPosted(name: Self.finish, object: "op A"),
            .notificationPosted(name: Self.start, object: "op A"),
        ])
        let violations = checker.check(stuck)
        #expect(violations.map(\.summary) == ["the activity indicator ends at 1, not 0"])
        #expect(violations.first?.details.count == 2)
    }

    @Test(
        "notification balance counts each operation unclamped: one DidStart and two DidFinish is a violation while the indicator clamps at 0"
    )
    func notificationBalancePerOperation() {
        let checker = NotificationBalanceChecker()
        let doubled = Self.recorded([
            .notificationPosted(name: Self.start, object: "op A"),
            .notificationPosted(name: Self.finish, object: "op A"),
            .notificationPosted(name: Self.finish, object: "op A"),
            .notificationPosted(name: Self.finish, object: "op B"),
        ])
        let violations = checker.check(doubled)
        #expect(
            violations.map(\.summary) == [
                "op A posted DidStart 1 time and DidFinish 2 times", "op B posted DidStart 0 times and DidFinish 1 time",
            ])
        #expect(violations.first?.details == ["op A: DidStart#1, DidFinish#2, DidFinish#3"])
        #expect(violations.allSatisfy { $0.kind == .notificationImbalance })
    }

    @Test("the AFNetworking checkers are registered by name after the lab's; the Swift scenarios are the lab's then the classic bugs")
    func registration() {
        #expect(
            CheckerRegistry.all.checkers.map(\.name).suffix(5)
                == ["callback-ledger", "exactly-once", "operation-liveness", "notification-balance", "cancelled-fails"])
        #expect(
            ScenarioRegistry.all.scenarios.map(\.name)
                == ScenarioRegistry.lab.scenarios.map(\.name) + ClassicBug.suite.map(\.scenario.name))
    }
}
