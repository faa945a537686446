import LabRuntime
import Testing

@Suite("Determinism: same seed, same trace")
struct DeterminismTests {
    @Test("the same seed gives a byte-identical trace twice in one process", arguments: [0, 1, 42, 9_999] as [UInt64])
    func sameSeedSameTraceInProcess(seed: UInt64) {
        let first = Simulation.run(seed: seed, main: Scenarios.mixed)
        let second = Simulation.run(seed: seed, main: Scenarios.mixed)
        #expect(first.outcome == .quiescent)
        #expect(first.trace.count > 20)
        #expect(first.traceText == second.traceText)
        #expect(first.schedule == second.schedule)
    }

    @Test("the same seed gives a byte-identical trace in another process")
    func sameSeedSameTraceAcrossProcesses() async throws {
        let here = Simulation.run(seed: 7, main: Scenarios.mixed).traceText
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            print(Simulation.run(seed: 7, main: Scenarios.mixed).traceText)
        }
        let printed = try #require(child).standardOutputContent
        #expect(String(decoding: printed, as: UTF8.self) == here + "\n")
    }

    @Test("different seeds explore different interleavings")
    func seedsDiffer() {
        let schedules = Set((0..<20).map { Simulation.run(seed: $0, main: Scenarios.mixed).schedule.description })
        #expect(schedules.count > 5)
    }

    @Test("replaying the schedule string reproduces the run exactly", arguments: [3, 17, 123] as [UInt64])
    func replayReproduces(seed: UInt64) throws {
        let original = Simulation.run(seed: seed, main: Scenarios.mixed)
        let parsed = try Schedule(parsing: original.schedule.description)
        let replayed = Simulation.replay(parsed, main: Scenarios.mixed)
        #expect(replayed.outcome == original.outcome)
        #expect(replayed.schedule == original.schedule)
        #expect(replayed.traceText == original.traceText)
    }

    @Test("a replay that names a thread that cannot run says where it diverged")
    func replayDivergence() {
        let firstChoice =
            Simulation.run(seed: 0, main: Scenarios.mixed).trace.lazy.compactMap { event -> Int? in
                if case let .schedule(_, _, _, step) = event.kind { step } else { nil }
            }.first ?? 0
        let result = Simulation.replay(Schedule(switches: [.init(step: firstChoice, thread: 5)]), main: Scenarios.mixed)
        guard case let .replayDiverged(step, wanted, _) = result.outcome else {
            Issue.record("expected a divergence, got \(result.outcome)")
            return
        }
        #expect(step >= 0)
        #expect(wanted == 5)
    }
}
