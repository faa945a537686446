import Inspector
import LabRuntime
import Testing

@Suite("Strategies: PCT, POS, and preemption- and delay-bounded search")
struct StrategyTests {
    @Test("PCT finds the AB/BA deadlock at least as often as its bound 1/(n·k^(d−1)) promises")
    func pctMeetsItsBound() throws {
        let report = Explorer(
            scenario: .abba, checkers: [DeadlockChecker()], strategy: .pct(seed: 0, depth: 2, steps: nil),
            schedules: 1
        ).explore()
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
        let search = Explorer(
            scenario: .abba, checkers: [DeadlockChecker()], strategy: .pct(seed: 0, depth: 2, steps: k),
            schedules: 3 * threads * k
        ).explore()
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

    @Test("exhaustive search: no deadlock with 0 preemptions, found with 1, and it shrinks to one switch")
    func exhaustiveFindsABBAAtBoundOne() throws {
        let none = Explorer(
            scenario: .abba, checkers: [DeadlockChecker()], strategy: .exhaustive(preemptionBound: 0),
            schedules: 100_000
        ).explore()
        #expect(none.finding == nil)
        #expect(none.complete)
        let report = Explorer(
            scenario: .abba, checkers: [DeadlockChecker()], strategy: .exhaustive(preemptionBound: 1),
            schedules: 100_000
        ).explore()
        let finding = try #require(report.finding)
        #expect(finding.original.result.schedule.preemptions == 1)
        #expect(finding.run.schedule.switches.count == 1)
        #expect(none.explored == 1)
        #expect(report.explored > none.explored)
        #expect(Scenario.abba.replay(finding.run.schedule).outcome.isDeadlock)
    }

    @Test("exhaustive search covers the clean counter within bound 2 and says it is complete")
    func exhaustiveCompletes() {
        let report = Explorer(scenario: .lockCounter, strategy: .exhaustive(preemptionBound: 2), schedules: 1_000_000).explore()
        #expect(report.finding == nil)
        #expect(report.complete)
        #expect(report.explored > 100)
        #expect(report.text.contains("(complete: every schedule within the bound)"))
    }

    @Test("a complete DPOR search says it ran every Mazurkiewicz trace, not that it kept to a bound")
    func dporCompletes() {
        let report = Explorer(scenario: .lockCounter, strategy: .dpor, schedules: 1_000_000).explore()
        #expect(report.finding == nil)
        #expect(report.complete)
        #expect(report.text.contains("(complete: every Mazurkiewicz trace)"))
    }

    @Test(
        "bound 0 is exactly one schedule: the choice at a blocking point is round-robin",
        arguments: ["counter", "lock-pair", "lost-signal", "abba"])
    func boundZeroIsOneSchedule(name: String) throws {
        let scenario = try ScenarioRegistry.lab.scenario(named: name)
        for strategy in [ExplorationStrategy.exhaustive(preemptionBound: 0), .delayBounded(delayBound: 0)] {
            let report = Explorer(scenario: scenario, checkers: [], strategy: strategy, schedules: 1_000).explore()
            #expect(report.explored == 1)
            #expect(report.complete)
        }
    }

    @Test(
        "bounded search runs each schedule once, level by level: bound B starts with every schedule of bound B − 1",
        arguments: [ExplorationStrategy.exhaustive(preemptionBound: 2), .delayBounded(delayBound: 3)])
    func boundedSearchOrder(strategy: ExplorationStrategy) {
        let lower: ExplorationStrategy =
            switch strategy {
            case let .exhaustive(bound): .exhaustive(preemptionBound: bound - 1)
            case let .delayBounded(bound): .delayBounded(delayBound: bound - 1)
            default: strategy
            }
        let seen = ScheduleRecorder()
        let report = Explorer(scenario: .lockPair, checkers: [seen], strategy: strategy, schedules: 100_000).explore()
        let seenBelow = ScheduleRecorder()
        let below = Explorer(scenario: .lockPair, checkers: [seenBelow], strategy: lower, schedules: 100_000).explore()
        let schedules = seen.schedules.map(\.description)
        #expect(report.complete && below.complete)
        #expect(schedules.count == report.explored)
        #expect(Set(schedules).count == schedules.count)
        #expect(report.explored > below.explored)
        #expect(Array(schedules.prefix(below.explored)) == seenBelow.schedules.map(\.description))
    }

    @Test("delay bounding finds the AB/BA deadlock with one delay, and not with none")
    func delayBoundingFindsABBA() throws {
        let none = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .delayBounded(delayBound: 0)).explore()
        #expect(none.finding == nil)
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .delayBounded(delayBound: 1)).explore()
        let finding = try #require(report.finding)
        #expect(finding.run.schedule.preemptions == 1)
        #expect(Scenario.abba.replay(finding.run.schedule).outcome.isDeadlock)
    }

    @Test("partial-order sampling is deterministic per seed and finds the AB/BA deadlock", arguments: [UInt64(0), 1, 2])
    func posDeterministicAndFinds(seed: UInt64) throws {
        let first = Scenario.abba.run(POSStrategy(seed: seed))
        let second = Scenario.abba.run(POSStrategy(seed: seed))
        #expect(first.schedule == second.schedule)
        #expect(first.traceText == second.traceText)
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .pos(seed: seed), schedules: 200).explore()
        let finding = try #require(report.finding)
        #expect(Scenario.abba.replay(finding.run.schedule).outcome.isDeadlock)
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
