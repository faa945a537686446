import Inspector
import LabRuntime
import Testing

@testable import Walkthrough

/// A scenario's session task resumed from two threads at once: 2.6.3's swizzled `resume`
/// reads the state, then resumes, so both threads can post the resume notification, and the
/// activity indicator stays on. The explorer finds it from the file alone.
@Suite("Session task resumed twice at once, from a scenario file")
struct TaskResumeRaceTests {
    /// The file, with `t` resumed on each of `threads`.
    static func source(resumingOn threads: [String]) -> String {
        (["server GET /small -> 200 body 10 bytes", "op t = task GET /small"]
            + threads.map { "thread \($0)" } + threads.map { "on \($0): resume t" }
            + ["run until idle", "expect indicator == 0"]).joined(separator: "\n") + "\n"
    }

    @Test("notification-balance names the task and the indicator left at 1")
    func explorerFindsTheDoubleResume() throws {
        let scenario = try parsed(Self.source(resumingOn: ["one", "two"]), fileName: "double-resume.lab")
            .explorable(named: "double-resume")
        let checker = try #require(scenario.checkers.first { $0.name == "notification-balance" })
        let report = Explorer(scenario: scenario, checkers: [checker], strategy: .random(seed: 0), schedules: 200).explore()
        let summaries = try #require(report.finding?.violations).map(\.summary)
        #expect(summaries.contains("the activity indicator ends at 1, not 0"))
        #expect(summaries.contains("task 1 posted TaskDidResume 2 times and TaskDidComplete 1 time"))
    }

    @Test("one resume balances: TaskDidResume, then TaskDidComplete, and the indicator ends at 0", arguments: [UInt64(0), 1, 2])
    func oneResumeIsBalanced(seed: UInt64) throws {
        let run = try ScenarioRunner().run(parsed(Self.source(resumingOn: ["one"]), fileName: "one-resume.lab"), seed: seed)
        #expect(run.passed)
        #expect(NotificationBalanceChecker().check(run.result).isEmpty)
    }
}
