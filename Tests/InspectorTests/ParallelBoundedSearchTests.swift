import AFReplay
import Inspector
import LabRuntime
import Testing

/// Bounded search split over jobs: the subtrees' results are taken in depth-first order,
/// so the report does not depend on how many jobs searched.
@Suite("Bounded search over several jobs")
struct ParallelBoundedSearchTests {
    @Test(
        "one job and two report the same first violation, schedule and counts",
        arguments: [ExplorationStrategy.exhaustive(preemptionBound: 1), .delayBounded(delayBound: 2)])
    func sameFinding(strategy: ExplorationStrategy) throws {
        let scenario = try ScenarioRegistry.all.scenario(named: "lost-update")
        let reports = [1, 2].map { jobs in
            Explorer(scenario: scenario, checkers: [ExpectationChecker()], strategy: strategy, jobs: jobs).explore()
        }
        #expect(reports[0].explored > 1)
        let one = try #require(reports[0].finding)
        let two = try #require(reports[1].finding)
        #expect(one.original.index == two.original.index)
        #expect(one.original.result.schedule == two.original.result.schedule)
        #expect(one.violations == two.violations)
        #expect(reports[0].explored == reports[1].explored)
        #expect(reports[0].steps == reports[1].steps)
    }

    @Test("one job and two cover the same schedules, to completion or to the same limit", arguments: [300, 10_000])
    func sameTotals(schedules: Int) throws {
        let scenario = try ScenarioRegistry.lab.scenario(named: "counter")
        let reports = [1, 2].map { jobs in
            Explorer(
                scenario: scenario, checkers: [ExpectationChecker()], strategy: .exhaustive(preemptionBound: 2),
                schedules: schedules, jobs: jobs
            ).explore()
        }
        #expect(reports[0].finding == nil && reports[1].finding == nil)
        #expect(reports[0].explored == reports[1].explored)
        #expect(reports[0].steps == reports[1].steps)
        #expect(reports[0].complete == reports[1].complete)
        #expect(reports[0].complete == (schedules == 10_000))
    }
}
