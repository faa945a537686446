import Inspector
import LabRuntime
import Testing

@Suite("Strategies: PCT and bounded exhaustive search")
struct StrategyTests {
    @Test("PCT finds the AB/BA deadlock at least as often as its bound 1/(n·k^(d−1)) promises")
    func pctMeetsItsBound() throws {
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .pct(seed: 0, depth: 2, steps: nil),
                              schedules: 1).explore()
        guard case let .pct(_, _, measured) = report.strategy, let k = measured else {
            Issue.record("PCT's k was not measured: \(report.strategy)")
            return
        }
        let threads = 3
        let seeds = 400
        let found = (0..<seeds).count { seed in
            Scenario.abba.run(PCTStrategy(seed: UInt64(seed), depth: 2, steps: k)).outcome.isDeadlock
        }
        let bound = 1.0 / Double(threads * k)
        #expect(Double(found) / Double(seeds) >= bound, "found \(found) of \(seeds), bound \(bound) with k = \(k)")
        let search = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .pct(seed: 0, depth: 2, steps: k),
                              schedules: 3 * threads * k).explore()
        let finding = try #require(search.finding)
        #expect(finding.violations.first?.kind == .deadlock)
    }

    @Test("PCT with depth 1 has no change point, so it never finds a depth-2 deadlock")
    func pctDepthOne() {
        for seed in 0..<100 as Range<UInt64> {
            #expect(Scenario.abba.run(PCTStrategy(seed: seed, depth: 1, steps: 10)).outcome == .quiescent)
        }
    }

    @Test("PCT is deterministic: the same seed gives the same schedule")
    func pctDeterministic() {
        let first = Scenario.lockCounter.run(PCTStrategy(seed: 9, depth: 3, steps: 20))
        let second = Scenario.lockCounter.run(PCTStrategy(seed: 9, depth: 3, steps: 20))
        #expect(first.schedule == second.schedule)
        #expect(first.traceText == second.traceText)
    }

    @Test("exhaustive search: no deadlock with 0 preemptions, found with 1, and it is the simplest")
    func exhaustiveFindsABBAAtBoundOne() throws {
        let none = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .exhaustive(preemptionBound: 0),
                            schedules: 100_000).explore()
        #expect(none.finding == nil)
        #expect(none.complete)
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .exhaustive(preemptionBound: 1),
                              schedules: 100_000).explore()
        let finding = try #require(report.finding)
        #expect(finding.original.result.schedule.preemptions == 1)
        #expect(finding.original.result.schedule.switches.count == 1)
        #expect(finding.run.schedule == finding.original.result.schedule)
        #expect(report.explored > none.explored)
        #expect(Scenario.abba.replay(finding.run.schedule).outcome.isDeadlock)
    }

    @Test("exhaustive search covers the clean counter within bound 2 and says it is complete")
    func exhaustiveCompletes() {
        let report = Explorer(scenario: .lockCounter, strategy: .exhaustive(preemptionBound: 2), schedules: 1_000_000).explore()
        #expect(report.finding == nil)
        #expect(report.complete)
        #expect(report.explored > 1_000)
        #expect(report.text.contains("(complete: every schedule within the bound)"))
    }

    @Test("exhaustive search runs each schedule once, cheapest first: preemptions, then switches")
    func exhaustiveOrder() {
        let seen = ScheduleRecorder()
        let report = Explorer(scenario: .lockPair, checkers: [seen], strategy: .exhaustive(preemptionBound: 2),
                              schedules: 100_000, jobs: 2).explore()
        let schedules = seen.schedules
        #expect(report.complete)
        #expect(schedules.count == report.explored)
        #expect(Set(schedules.map(\.description)).count == schedules.count)
        #expect(schedules.allSatisfy { $0.preemptions <= 2 })
        let costs = schedules.map { [$0.preemptions, $0.switches.count] }
        #expect(costs == costs.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(schedules.contains { $0.preemptions == 2 })
    }

    @Test("the step budget surfaces as a livelock violation")
    func livelock() throws {
        let report = Explorer(scenario: .spinWait, strategy: .exhaustive(preemptionBound: 0), schedules: 10).explore()
        let finding = try #require(report.finding)
        #expect(finding.violations.first?.kind == .livelock)
        #expect(finding.violations.first?.details.contains { $0.contains("T0 main") && $0.contains("yield spin") } == true)
        #expect(finding.run.outcome == .stepLimitExceeded(steps: Scenario.spinWait.stepLimit))
    }
}
