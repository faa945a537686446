import Inspector
import Testing
import Walkthrough

/// DPOR over a scenario file: the scenario's run reports every transition to the search
/// (through the `interleave` plan's wrapper), so the search reverses the races it sees
/// instead of running one schedule after another without knowing what they touch.
@Suite("DPOR over a scenario file")
struct ScenarioDPORTests {
    private static func explore(_ source: String) throws -> ExplorationReport {
        let scenario = try Walkthrough.Scenario.parse(source: source, fileName: "dpor.lab")
        return Explorer(scenario: scenario.explorable(named: "dpor.lab"), strategy: .dpor, schedules: 10_000).explore()
    }

    @Test("finds the lost update of two unlocked increments at once")
    func findsTheLostUpdate() throws {
        let report = try Self.explore(
            """
            cell count
            thread first
            thread second
            on first: increment count
            on second: increment count
            run until idle
            expect count.value == 2
            """)
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
        let report = try Self.explore(source)
        #expect(report.finding == nil)
        #expect(report.complete)
        let scenario = try Walkthrough.Scenario.parse(source: source, fileName: "dpor.lab")
        let exhaustive = Explorer(
            scenario: scenario.explorable(named: "dpor.lab"), strategy: .exhaustive(preemptionBound: 2), schedules: 10_000
        ).explore()
        #expect(exhaustive.complete)
        #expect(report.explored < exhaustive.explored)
    }
}
