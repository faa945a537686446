import LabRuntime
import Testing

@testable import Walkthrough

/// The example scenarios of `Tutorials/scenarios` run green, and runs are deterministic.
@Suite("Example scenarios")
struct ExampleScenarioTests {
    static let examples = ["modes-and-keep-alive", "interview-question", "cancel-race"]

    /// The example called `name`, parsed.
    static func example(_ name: String) throws -> Scenario {
        try parsed(readFile("\(scenariosDirectory)/\(name).lab"), fileName: "\(name).lab")
    }

    @Test("every expect of the example passes under its declared strategy", arguments: examples)
    func runsGreen(name: String) throws {
        let run = try runGreen(Self.example(name))
        #expect(run.checks.count >= 10)
        #expect(run.passed)
        #expect(run.problems.isEmpty)
        #expect(run.report.hasSuffix("\(run.checks.count) of \(run.checks.count) checks passed"))
    }

    @Test("the same scenario and seed give a byte-identical trace", arguments: examples)
    func determinism(name: String) throws {
        let runner = ScenarioRunner()
        let first = try runner.run(Self.example(name), seed: 3)
        let second = try runner.run(Self.example(name), seed: 3)
        #expect(first.traceText == second.traceText)
        #expect(first.schedule == second.schedule)
        #expect(first.report == second.report)
        #expect(first.trace.count > 20)
    }

    @Test("replaying a run's schedule reproduces its trace", arguments: examples)
    func replay(name: String) throws {
        let scenario = try Self.example(name)
        let runner = ScenarioRunner()
        let original = try runner.run(scenario, seed: 11)
        let replayed = runner.run(scenario, using: ReplayStrategy(original.schedule), named: "replay")
        #expect(replayed.traceText == original.traceText)
    }

    @Test(
        "the interview question: every callback reaches the operation that made its connection, under any seed",
        arguments: 0..<6 as Range<UInt64>)
    func callbacksFindTheirOperation(seed: UInt64) throws {
        let run = try ScenarioRunner().run(Self.example("interview-question"), seed: seed)
        #expect(run.outcomeName == "quiescent")
        var delegates: [(connection: Int, delegate: String)] = []
        for event in run.trace {
            if case let .connectionCreated(connection, _, delegate) = event.kind { delegates.append((connection, delegate)) }
        }
        let callbacks = run.trace.compactMap { event -> (Int, String)? in
            guard case let .delegateCallback(connection, _, delegate) = event.kind else { return nil }
            return (connection, delegate)
        }
        #expect(callbacks.count == 13)
        for (connection, delegate) in callbacks {
            #expect(delegates.first { $0.connection == connection }?.delegate == delegate)
        }
    }

    @Test("the example that opens LANGUAGE.md parses and runs green")
    func languageReferenceExample() throws {
        let reference = readFile(scenariosDirectory.dropLast("/scenarios".count) + "/LANGUAGE.md")
        let lines = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "```")) + 1
        let end = try #require(lines[start...].firstIndex(of: "```"))
        let run = try runGreen(parsed(lines[start..<end].joined(separator: "\n"), fileName: "cancel-race.lab"))
        #expect(run.checks.count == 4)
    }

    @Test("the cancel race goes the other way under seed 5: the cancel lands after the finish and is ignored")
    func cancelRaceOtherSeed() throws {
        let run = try ScenarioRunner().run(Self.example("cancel-race"), seed: 5)
        let operation = try #require(run.operation(named: "A"))
        #expect(operation.state == .finished)
        #expect(!operation.isCancelled)
        #expect(operation.completionName == "success")
        #expect(!run.passed)
        #expect(run.checks.first { $0.statement == "expect A.cancelled == true" }?.actual == "false")
    }
}
