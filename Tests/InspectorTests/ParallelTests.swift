import Inspector
import LabRuntime
import Testing

@Suite("--jobs never changes the result")
struct ParallelTests {
    static let cases: [(String, ExplorationStrategy)] = [
        ("abba", .random(seed: 0)),
        ("abba", .pct(seed: 7, depth: 2, steps: nil)),
        ("abba", .exhaustive(preemptionBound: 2)),
        ("lost-signal", .random(seed: 11)),
        ("reentrant-callback", .exhaustive(preemptionBound: 2)),
        ("counter", .random(seed: 5)),
        ("work-stealing", .dpor),
        ("lock-pair", .dpor),
        ("counter", .dpor),
    ]

    @Test("one job and two jobs give byte-identical reports", arguments: 0..<cases.count)
    func identicalReports(index: Int) throws {
        let (name, strategy) = Self.cases[index]
        let scenario = try ScenarioRegistry.all.scenario(named: name)
        let checkers = name == "abba" ? [DeadlockChecker()] : nil
        let one = Explorer(scenario: scenario, checkers: checkers, strategy: strategy, schedules: 300, jobs: 1).explore()
        let two = Explorer(scenario: scenario, checkers: checkers, strategy: strategy, schedules: 300, jobs: 2).explore()
        #expect(one.text == two.text)
        #expect(one.explored == two.explored)
        #expect(one.steps == two.steps)
    }

    @Test("the reported run is the lowest-numbered violating run, not the first to finish")
    func lowestIndexWins() throws {
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .random(seed: 100), schedules: 1_000, jobs: 2)
            .explore()
        let finding = try #require(report.finding)
        for index in 0..<finding.original.index {
            #expect(!Scenario.abba.run(RandomStrategy(seed: 100 + UInt64(index))).outcome.isDeadlock)
        }
        #expect(Scenario.abba.run(RandomStrategy(seed: finding.original.seed!)).outcome.isDeadlock)
        #expect(report.explored == finding.original.index + 1)
    }
}
