import Inspector
import LabRuntime
import Testing

@Suite("Shrinking a violating schedule")
struct ShrinkTests {
    @Test("a random walk that deadlocks AB/BA shrinks to at most one preemption, and replays exactly")
    func shrinksRandomWalk() throws {
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .random(seed: 0), schedules: 500).explore()
        let finding = try #require(report.finding)
        let original = finding.original.result.schedule
        #expect(original.preemptions >= 2, "seed 0's first deadlock should be a noisy one: \(original)")
        #expect(finding.run.schedule.preemptions <= 1)
        #expect(finding.run.schedule.switches.count <= 2)
        #expect(finding.run.schedule.switches.count <= original.switches.count)
        let replayed = Scenario.abba.replay(finding.run.schedule)
        #expect(replayed.outcome == finding.run.outcome)
        #expect(replayed.traceText == finding.run.traceText)
        #expect(report.text.contains("shrunk from \"\(original)\""))
    }

    @Test("shrinking keeps the kind of violation: a lost signal stays a stuck thread")
    func keepsKind() throws {
        let report = Explorer(scenario: .lostSignal, checkers: [LivenessChecker()], strategy: .random(seed: 3), schedules: 500).explore()
        let finding = try #require(report.finding)
        #expect(finding.violations.first?.kind == .stuckThread)
        #expect(finding.run.schedule.preemptions <= 1)
        #expect(LivenessChecker().check(Scenario.lostSignal.replay(finding.run.schedule)).first?.kind == .stuckThread)
    }
}
