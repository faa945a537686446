import Inspector
import Testing
import Walkthrough

/// DPOR over a scenario file: the scenario's run reports every transition to the search
/// (through the `interleave` plan's wrapper), so the search reverses the races it sees
/// instead of running one schedule after another without knowing what they touch.
@Suite("DPOR over a scenario file")
struct ScenarioDPORTests {
    private static func explore(_ scenario: Walkthrough.Scenario, _ strategy: ExplorationStrategy = .dpor) -> ExplorationReport {
        Explorer(scenario: scenario.explorable(named: "dpor.lab"), strategy: strategy, schedules: 10_000).explore()
    }

    @Test("finds challenge 1's lost update of two unlocked increments at once")
    func findsTheLostUpdate() throws {
        let report = Self.explore(try scenario(of: 1))
        #expect(report.finding?.violations.first?.checker == "expect")
        #expect(report.explored <= 2)
    }

    @Test("ends complete when nothing races, in fewer runs than bounded exhaustive search")
    func endsCompleteWithoutARace() throws {
        let source = """
            cell count
            cell other
            thread first
            thread second
            on first: increment count
            on second: increment other
            run until idle
            expect count.value == 1
            expect other.value == 1
            """
        let scenario = try Walkthrough.Scenario.parse(source: source, fileName: "dpor.lab")
        let report = Self.explore(scenario)
        #expect(report.finding == nil)
        #expect(report.complete)
        let exhaustive = Self.explore(scenario, .exhaustive(preemptionBound: 2))
        #expect(exhaustive.complete)
        #expect(report.explored < exhaustive.explored)
    }
}
