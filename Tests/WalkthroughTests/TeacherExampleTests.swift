import LabRuntime
import Testing

@testable import Walkthrough

/// The lifecycle edge cases of `Tutorials/scenarios` written from the AFNetworking 2.6.3
/// reference alone: each runs green under its declared strategy, deterministically, and
/// replays.
@Suite("Teacher examples")
struct TeacherExampleTests {
    static let examples = [
        "pause-before-start", "cancel-paused", "pause-races-completion", "stream-without-space", "batch-stuck-member",
        "observer-deadlock",
    ]

    /// The example called `name`, parsed.
    static func example(_ name: String) throws -> Scenario {
        try parsed(readFile("\(scenariosDirectory)/\(name).lab"), fileName: "\(name).lab")
    }

    @Test("every expect of the example passes under its declared strategy", arguments: examples)
    func runsGreen(name: String) throws {
        let run = try runGreen(Self.example(name))
        #expect(run.checks.count >= 10)
        #expect(run.problems.isEmpty)
    }

    @Test("replaying a run's schedule reproduces its trace", arguments: examples)
    func replay(name: String) throws {
        let scenario = try Self.example(name)
        let runner = ScenarioRunner()
        let original = try runner.run(scenario)
        let replayed = runner.run(scenario, using: ReplayStrategy(original.schedule), named: "replay")
        #expect(replayed.traceText == original.traceText)
    }

    @Test("the race examples' implications hold under every seed", arguments: 0..<12 as Range<UInt64>)
    func implicationsHoldEverywhere(seed: UInt64) throws {
        let scenario = try Self.example("pause-races-completion")
        let run = try ScenarioRunner().run(scenario, seed: seed)
        for check in run.checks where check.statement.contains("implies") || check.statement.contains("body /big") {
            #expect(check.passed, "\(check)")
        }
    }

    @Test("hardened: the observer runs after the lock is released, and the same schedule completes")
    func hardenedObserver() throws {
        let scenario = try Self.example("observer-deadlock")
        let original = try ScenarioRunner().run(scenario)
        let hardened = try parsed(readFile("\(scenariosDirectory)/observer-deadlock.lab").replacingFidelity())
        let run = ScenarioRunner().run(hardened, using: ReplayStrategy(original.schedule), named: "replay")
        #expect(original.outcomeName == "deadlock")
        #expect(run.outcomeName != "deadlock")
    }

    @Test("hardened: the paused and cancelled operation finishes with -999; the full buffer fails with ENOSPC")
    func hardenedEndings() throws {
        let cancelled = try ScenarioRunner().run(
            parsed(
                readFile("\(scenariosDirectory)/cancel-paused.lab").replacingFidelity()
                    + "\nexpect A.error == cancelled\nexpect A.completion == failure"))
        #expect(cancelled.checks.suffix(2).map(\.passed) == [true, true])
        let full = try ScenarioRunner().run(
            parsed(
                readFile("\(scenariosDirectory)/stream-without-space.lab").replacingFidelity()
                    + "\nexpect A.error.code == 28\nexpect small.status == closed"))
        #expect(full.checks.suffix(2).map(\.passed) == [true, true])
    }
}

private extension String {
    /// The scenario with `fidelity afn263` replaced by `fidelity hardened`.
    func replacingFidelity() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 == "fidelity afn263" ? "fidelity hardened" : String($0) }
            .joined(separator: "\n")
    }
}
