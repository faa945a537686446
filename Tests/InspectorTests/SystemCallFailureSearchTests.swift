import Glibc
import Inspector
import LabRuntime
import Testing

/// A run that a failed system call ended says nothing about the program: the search stops
/// at it and reports the error, naming it, instead of a violation of the program.
@Suite("Exploring into a failed system call")
struct SystemCallFailureSearchTests {
    static let runsOutOfDescriptors = Scenario(name: "no-descriptors", summary: "a port cannot be made") {
        let runtime = currentRuntime()
        _ = runtime.spawnThread(named: "other") { runtime.yield("other") }
        runtime.fail(SystemCallError("eventfd", errno: EMFILE))
    }

    @Test(
        "every search stops at the first run and reports EMFILE",
        arguments: [ExplorationStrategy.random(seed: 0), .pct(seed: 0, depth: 2, steps: 10), .exhaustive(preemptionBound: 2), .dpor],
        [1, 2])
    func searchReportsTheFailure(strategy: ExplorationStrategy, jobs: Int) {
        let report = Explorer(scenario: Self.runsOutOfDescriptors, strategy: strategy, schedules: 50, jobs: jobs).explore()
        #expect(report.explored == 1)
        #expect(report.systemCallFailure?.contains("(EMFILE)") == true)
        #expect(report.systemCallFailure?.contains("ulimit -n") == true)
        #expect(report.finding?.shrinkReplays == 0)
    }
}
