import LabRuntime
import Testing

@testable import Walkthrough

@Suite("cells: shared integers without a lock")
struct CellTests {
    private static func counter(_ extra: String = "") -> String {
        """
        cell count
        thread first
        thread second
        on first: increment count
        on second: increment count
        run until idle
        expect count.value == 2
        \(extra)
        """
    }

    @Test("two increments one after the other make 2, each a read and a write in the trace")
    func sequential() throws {
        let run = try ScenarioRunner().run(parsed(Self.counter()), seed: nil)
        #expect(run.passed, "\(run.report)")
        let accesses = run.trace.compactMap { event -> String? in
            if case .cellAccess = event.kind { "\(event.name) \(event.kind.detail)" } else { nil }
        }
        #expect(accesses == ["cell.load V0 count → 0", "cell.store V0 count ← 1", "cell.load V0 count → 1", "cell.store V0 count ← 2"])
    }

    @Test("a switch between the read and the write loses an update")
    func lostUpdate() throws {
        let scenario = try parsed(Self.counter())
        let run = ScenarioRunner().run(scenario, using: ReplayStrategy(try Schedule(parsing: "8:T2")), named: "replay")
        #expect(!run.passed)
        #expect(run.checks.first?.actual == "1")
    }

    @Test("value N, comparisons, and a cell never touched keeps its value")
    func declaredValue() throws {
        let run = try ScenarioRunner().run(
            parsed("cell hits value 10\ncell other value -3\nexpect hits.value == 10\nexpect other.value < 0\nexpect not hits.value > 10"))
        #expect(run.passed, "\(run.report)")
    }

    @Test(
        "errors point at the cell",
        arguments: [
            ("cell count\non main: increment cont", "unknown cell 'cont'", "did you mean 'count'?"),
            ("cell count\ncell count", "'count' is already declared on line 1", nil),
            ("cell count\nexpect count.size == 2", "unknown cell property 'size'", nil),
            ("cell count value x", "the cell's value", nil),
        ] as [(String, String, String?)])
    func errors(source: String, message: String, hint: String?) {
        let text = diagnostics(source)
        #expect(text.contains(message), "\(text)")
        if let hint { #expect(text.contains(hint), "\(text)") }
    }
}
