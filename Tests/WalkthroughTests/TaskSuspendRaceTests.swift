import Inspector
import LabRuntime
import Testing

@testable import Walkthrough

/// A scenario's session task suspended from another thread while it completes: 2.6.3's
/// swizzled `suspend` posts the suspend notification whenever the task was not suspended,
/// so a suspend that lands after the completion counts the task down twice. The explorer
/// finds that order from the file alone.
@Suite("Session task suspended while it completes, from a scenario file")
struct TaskSuspendRaceTests {
    static let source = """
        server GET /small -> 200 body 10 bytes
        server GET /big -> 200 body 1500 bytes in chunks 500 every 2ms
        op big = task GET /big
        op small = task GET /small
        thread ui
        on main: start big; start small
        on ui: suspend small
        run until idle
        expect indicator == 0

        """

    @Test("notification-balance names the task counted down by both its DidSuspend and its DidComplete")
    func explorerFindsTheSuspendAfterCompletion() throws {
        let scenario = try parsed(Self.source, fileName: "suspend-while-completing.lab").explorable(named: "suspend-while-completing")
        let checker = try #require(scenario.checkers.first { $0.name == "notification-balance" })
        let report = Explorer(scenario: scenario, checkers: [checker], strategy: .random(seed: 0), schedules: 400).explore()
        let summaries = try #require(report.finding?.violations).map(\.summary)
        #expect(summaries.contains("task 2 posted TaskDidResume 1 time, TaskDidSuspend 1 time and TaskDidComplete 1 time"))
    }

    @Test("over 120 seeds both orders occur; a suspend that lands first holds the task, which never completes, and balances its DidResume")
    func bothOrdersOccur() throws {
        var orders: Set<String> = []
        for seed in UInt64(0)..<120 {
            let run = try ScenarioRunner().run(parsed(Self.source, fileName: "suspend-while-completing.lab"), seed: seed)
            #expect(run.passed)
            let completed = run.result.trace.contains {
                $0.name == "connection.callback" && $0.kind.detail.contains("didCompleteWithError: nil → delegate of task 2")
            }
            let heldBeforeCompletion = run.result.trace.contains { $0.kind.detail.contains("task 2 suspended") }
            #expect(completed != heldBeforeCompletion)
            if heldBeforeCompletion {
                #expect(NotificationBalanceChecker().check(run.result).isEmpty)
            }
            orders.insert(heldBeforeCompletion ? "held" : "completed")
        }
        #expect(orders == ["held", "completed"])
    }
}
