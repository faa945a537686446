import Inspector
import LabRuntime
import Testing

/// Dynamic partial-order reduction on the lab's scenarios.
@Suite("DPOR")
struct DPORTests {
    @Test(
        "DPOR finds the lab's bugs: the AB/BA deadlock, the lost signal, the lock recursion",
        arguments: [("abba", ViolationKind.deadlock), ("lost-signal", .stuckThread), ("reentrant-callback", .lockRecursion)])
    func findsLabBugs(name: String, kind: ViolationKind) throws {
        let scenario = try ScenarioRegistry.lab.scenario(named: name)
        let checker: any Checker =
            switch kind {
            case .deadlock: DeadlockChecker()
            case .stuckThread: LivenessChecker()
            default: LockMisuseChecker()
            }
        let report = Explorer(scenario: scenario, checkers: [checker], strategy: .dpor, schedules: 10_000).explore()
        let finding = try #require(report.finding)
        #expect(finding.violations.first?.kind == kind)
        #expect(checker.check(scenario.replay(finding.run.schedule)).contains { $0.kind == kind })
    }

    @Test(
        "DPOR completes the clean lock scenarios; unreduced search does not within four times as many schedules",
        arguments: ["lock-pair", "reentrant-callback"])
    func reduces(name: String) throws {
        let scenario = try ScenarioRegistry.lab.scenario(named: name)
        let reduced = Explorer(scenario: scenario, checkers: [DeadlockChecker()], strategy: .dpor, schedules: 1_000_000).explore()
        let again = Explorer(scenario: scenario, checkers: [DeadlockChecker()], strategy: .dpor, schedules: 1_000_000).explore()
        let full = Explorer(
            scenario: scenario, checkers: [DeadlockChecker()], strategy: .exhaustive(preemptionBound: 20),
            schedules: reduced.explored * 4
        ).explore()
        #expect(reduced.complete)
        #expect(reduced.explored == again.explored)
        #expect(!full.complete, "unreduced search covered \(name) in \(full.explored) schedules")
    }
}

/// The classic-bug suite: every kernel's bug is there to be found.
@Suite("Classic-bug suite")
struct ClassicBugSuiteTests {
    @Test(
        "every kernel's bug is found by bounded search within 2,000 schedules, except the five philosophers'",
        arguments: ClassicBug.suite.map(\.scenario.name))
    func boundedSearchFinds(name: String) throws {
        let bug = try #require(ClassicBug.suite.first { $0.scenario.name == name })
        var explorer = Explorer(
            scenario: bug.scenario, checkers: [bug.checker], strategy: .exhaustive(preemptionBound: 3),
            schedules: 2_000)
        explorer.shrinkBudget = 0
        let report = explorer.explore()
        #expect((report.finding != nil) == (name != "philosophers"), "\(name): \(report.explored) schedules")
    }

    @Test("a POS run of every kernel is reproducible by its seed", arguments: [UInt64(0), 1])
    func samplersAreDeterministic(seed: UInt64) {
        for bug in ClassicBug.suite where bug.scenario.name != "pipeline" {
            let first = bug.scenario.run(POSStrategy(seed: seed))
            let second = bug.scenario.run(POSStrategy(seed: seed))
            #expect(first.traceText == second.traceText, "\(bug.scenario.name)")
        }
    }
}
